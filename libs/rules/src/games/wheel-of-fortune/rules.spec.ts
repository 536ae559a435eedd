import { codes, envFor, judge } from '../../core/testing';
import type { Fact, JurisdictionId } from '../../core/types';
import { roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import type { GameRules } from '../../core/game';
import { wheelOfFortune } from './rules';

const rules: GameRules = wheelOfFortune;

const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });
const pays = (j: JurisdictionId, segment: string, options = {}) => settleAfter(rules, envFor(rules, j, { options }), { betType: 'segment', selection: segment, amount: 100 }, segment);

describe('Δ wheel-of-fortune cells and pay per jurisdiction', () => {
  const BIG_SIX: [string, number, number][] = [
    ['24', 24, 1],
    ['15', 15, 2],
    ['7', 7, 5],
    ['4', 4, 10],
    ['2', 2, 20],
  ];
  for (const j of ['illes-balears', 'galicia'] as JurisdictionId[]) {
    for (const [segment, cells, odds] of [...BIG_SIX, ['red-joker', 1, 45], ['black-joker', 1, 45]] as [string, number, number][]) {
      it(`${j}: combination ${segment} (${cells} cells) pays ${odds}:1`, () => {
        expect(pays(j, segment)).toMatchObject({ outcome: 'win', payout: 100 * odds });
        expect(rules.rulebooks[j].segments[segment].cells.value).toBe(cells);
      });
    }
  }
  for (const [segment, cells, odds] of [...BIG_SIX, ['joker', 2, 45]] as [string, number, number][]) {
    it(`euskadi (standard pay, index.md OQ-04): combination ${segment} (${cells} cells) pays ${odds}:1`, () => {
      expect(pays('euskadi', segment)).toMatchObject({ outcome: 'win', payout: 100 * odds });
      expect(rules.rulebooks.euskadi.segments[segment].cells.value).toBe(cells);
    });
  }
  it('euskadi literal pay (index.md OQ-04): 24 → the stake back (push), 15 → 1:1', () => {
    expect(pays('euskadi', '24', { payTable: 'literal' })).toMatchObject({ outcome: 'push', payout: 0 });
    expect(pays('euskadi', '15', { payTable: 'literal' })).toMatchObject({ outcome: 'win', payout: 100 });
    expect(pays('euskadi', '7', { payTable: 'literal' })).toMatchObject({ outcome: 'win', payout: 500 });
    expect(rules.refuseOptions!({ payTable: 'other' }, rules.rulebooks.euskadi)).toMatchObject({ field: 'options.payTable' });
  });
  const CANTABRIA: [string, number][] = [
    ['1', 32],
    ['2', 16],
    ['5', 8],
    ['10', 4],
    ['20', 2],
    ['40', 2],
  ];
  for (const [segment, cells] of CANTABRIA) {
    it(`cantabria: value ${segment} (${cells} of 64 cells) pays ${segment}:1 (cantabria L3482–3498)`, () => {
      expect(pays('cantabria', segment)).toMatchObject({ outcome: 'win', payout: 100 * Number(segment), citation: 'cantabria L3482–3498' });
      expect(rules.rulebooks.cantabria.segments[segment].cells.value).toBe(cells);
    });
  }
  it('cell counts add up: 54 (euskadi, illes-balears, galicia), 64 (cantabria)', () => {
    for (const j of ['euskadi', 'illes-balears', 'galicia', 'cantabria'] as JurisdictionId[]) {
      const rb = rules.rulebooks[j];
      expect(Object.values(rb.segments).reduce((t: number, s: any) => t + s.cells.value, 0)).toBe(rb.cells.value);
    }
  });
  it('OQ-05: the cantabria 64-cell wheel is applied as printed, with a warning on every verdict', () => {
    const j = judge(rules, envFor(rules, 'cantabria'), roundOf([{ betType: 'segment', selection: '40', amount: 100 }], '40', [], [{ outcome: 'win', payout: 4000 }]));
    expect(j.verdict).toBe('consistent');
    expect(j.warnings.join(' ')).toContain('index.md OQ-05');
  });
  it('a losing combination loses', () => {
    expect(settleAfter(rules, envFor(rules, 'galicia'), { betType: 'segment', selection: '2', amount: 100 }, '24')).toMatchObject({ outcome: 'lose', payout: 0 });
  });
});

describe('wheel-of-fortune equipment: segments that are not on the wheel are refused', () => {
  it.each([
    ['euskadi', '40'],
    ['euskadi', 'red-joker'],
    ['illes-balears', 'joker'],
    ['cantabria', '24'],
    ['cantabria', 'joker'],
    ['galicia', 17],
  ] as [JurisdictionId, unknown][])('%s: %p', (j, result) => {
    const env = envFor(rules, j);
    expect(rules.refuse!(fact('WheelSpun', { result }), env)).toMatchObject({ field: 'data.result' });
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'segment', selection: result, amount: 100 }), env)).toMatchObject({ field: 'data.selection' });
  });
  it('a numeric result is read as its combination', () => expect(rules.refuse!(fact('WheelSpun', { result: 24 }), envFor(rules, 'euskadi'))).toBeNull());
  it('the only bet type is segment', () =>
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'straight', selection: [1], amount: 100 }), envFor(rules, 'galicia'))).toMatchObject({ field: 'data.betType' }));
});

describe('Δ wheel-of-fortune limits: cantabria max = 20 × min (L3463–3470); the others by authorisation', () => {
  const c = (j: JurisdictionId, amount: number) =>
    codes(judge(rules, envFor(rules, j, { limits: { min: 100, max: 100_000 } }), roundOf([{ betType: 'segment', selection: '2', amount }], j === 'cantabria' ? '1' : '24', [], [{ outcome: 'lose', payout: 0 }])));
  it('cantabria: 2000 is the maximum', () => {
    expect(c('cantabria', 2000)).toEqual([]);
    expect(c('cantabria', 2100)).toEqual(['BET_ABOVE_MAXIMUM']);
  });
  it.each(['euskadi', 'illes-balears', 'galicia'] as JurisdictionId[])('%s: only the table maximum', (j) => {
    expect(c(j, 50_000)).toEqual([]);
    expect(c(j, 100_100)).toEqual(['BET_ABOVE_MAXIMUM']);
  });
});

wheelProperties(rules);
