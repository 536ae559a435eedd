import { codes, envFor, judge } from '../../core/testing';
import type { Fact, JurisdictionId } from '../../core/types';
import { roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import type { GameRules, RoundEnv } from '../../core/game';
import type { WheelOfFortuneRulebook } from './rulebook';
import { segmentsOf, rules as wheelOfFortune } from './rules';

const rules: GameRules = wheelOfFortune;

const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });
const pays = (j: JurisdictionId, segment: string, options = {}) =>
  settleAfter(rules, envFor(rules, j, { options }), { betType: 'segment', selection: segment, amount: 100 }, segment);

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
  for (const [segment, cells, odds] of [...BIG_SIX, ['red-joker', 1, 45], ['black-joker', 1, 45]] as [string, number, number][]) {
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
  describe('euskadi jokers (issue 14 §1.4): "24, 15, 7, 4, 2 y Joker" (L6653), "en los dos Jockey se paga 45 a 1" (L6754; eu L6689–6690)', () => {
    const env = (options = {}) => envFor(rules, 'euskadi', { options });
    const bet = (selection: string, result: string, options = {}) => settleAfter(rules, env(options), { betType: 'segment', selection, amount: 100 }, result);
    it('by default each joker is its own one-cell bet at 45:1, as illes-balears L2200–2201 and galicia L1026: a bet on one joker loses on the other', () => {
      expect(bet('red-joker', 'red-joker')).toMatchObject({ outcome: 'win', payout: 4500 });
      expect(bet('red-joker', 'black-joker')).toMatchObject({ outcome: 'lose', payout: 0 });
      expect(bet('black-joker', 'red-joker')).toMatchObject({ outcome: 'lose', payout: 0 });
      // one joker bet covering both cells is not a bet of this reading
      expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'segment', selection: 'joker', amount: 100 }), env())).toMatchObject({
        field: 'data.selection',
      });
      expect(rules.refuse!(fact('WheelSpun', { result: 'joker' }), env())).toMatchObject({ field: 'data.result' });
    });
    it('option jokerBet "both-jokers" (the literal reading): one bet on both cells at 45:1, which returns 92/54 per unit', () => {
      const literal = { jokerBet: 'both-jokers' };
      expect(bet('joker', 'joker', literal)).toMatchObject({ outcome: 'win', payout: 4500, citation: expect.stringContaining('L6754') });
      expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'segment', selection: 'red-joker', amount: 100 }), env(literal))).toMatchObject({
        field: 'data.selection',
      });
      const segments = segmentsOf(env(literal) as RoundEnv<WheelOfFortuneRulebook>);
      expect(Object.keys(segments).sort()).toEqual(['15', '2', '24', '4', '7', 'joker']);
      expect(segments.joker.cells.value).toBe(2);
      expect(Object.values(segments).reduce((t, x) => t + x.cells.value, 0)).toBe(54);
    });
    it('jokerBet is an euskadi option only, with two values', () => {
      expect(rules.refuseOptions!({ jokerBet: 'both-jokers' }, rules.rulebooks.euskadi)).toBeNull();
      expect(rules.refuseOptions!({ jokerBet: 'one' }, rules.rulebooks.euskadi)).toMatchObject({ field: 'options.jokerBet' });
      expect(rules.refuseOptions!({ jokerBet: 'both-jokers' }, rules.rulebooks.galicia)).toMatchObject({ field: 'options.jokerBet' });
    });
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
    it(`cantabria: value ${segment} (${cells} of 64 cells) pays ${segment}:1 (cantabria L3459–3461, L3474–3498)`, () => {
      expect(pays('cantabria', segment)).toMatchObject({ outcome: 'win', payout: 100 * Number(segment), citation: 'cantabria L3459–3461, L3474–3498' });
      expect(rules.rulebooks.cantabria.segments[segment].cells.value).toBe(cells);
    });
  }
  it('cell counts add up: 54 (euskadi, illes-balears, galicia), 64 (cantabria)', () => {
    for (const j of ['euskadi', 'illes-balears', 'galicia', 'cantabria'] as JurisdictionId[]) {
      const rb = rules.rulebooks[j] as WheelOfFortuneRulebook;
      expect(Object.values(rb.segments).reduce((t: number, s) => t + s.cells.value, 0)).toBe(rb.cells.value);
    }
  });
  it('OQ-05: the cantabria 64-cell wheel is applied as printed, with a warning on every verdict', () => {
    const j = judge(
      rules,
      envFor(rules, 'cantabria'),
      roundOf([{ betType: 'segment', selection: '40', amount: 100 }], '40', [], [{ outcome: 'win', payout: 4000 }]),
    );
    expect(j.verdict).toBe('consistent');
    expect(j.warnings.join(' ')).toContain('index.md OQ-05');
  });
  it('a losing combination loses', () => {
    expect(settleAfter(rules, envFor(rules, 'galicia'), { betType: 'segment', selection: '2', amount: 100 }, '24')).toMatchObject({
      outcome: 'lose',
      payout: 0,
    });
  });
});

describe('wheel-of-fortune equipment: segments that are not on the wheel are refused', () => {
  it.each([
    ['euskadi', '40'],
    ['euskadi', 'joker'],
    ['euskadi', 'green-joker'],
    ['illes-balears', 'joker'],
    ['cantabria', '24'],
    ['cantabria', 'joker'],
    ['galicia', 17],
  ] as [JurisdictionId, unknown][])('%s: %p', (j, result) => {
    const env = envFor(rules, j);
    expect(rules.refuse!(fact('WheelSpun', { result }), env)).toMatchObject({ field: 'data.result' });
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'segment', selection: result, amount: 100 }), env)).toMatchObject({
      field: 'data.selection',
    });
  });
  it('a numeric result is read as its combination', () => expect(rules.refuse!(fact('WheelSpun', { result: 24 }), envFor(rules, 'euskadi'))).toBeNull());
  it('the only bet type is segment', () =>
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'straight', selection: [1], amount: 100 }), envFor(rules, 'galicia'))).toMatchObject({
      field: 'data.betType',
    }));
});

describe('Δ wheel-of-fortune limits: cantabria max = 20 × min (L3463–3470); the others by authorisation', () => {
  const c = (j: JurisdictionId, amount: number) =>
    codes(
      judge(
        rules,
        envFor(rules, j, { limits: { min: 100, max: 100_000 } }),
        roundOf([{ betType: 'segment', selection: '2', amount }], j === 'cantabria' ? '1' : '24', [], [{ outcome: 'lose', payout: 0 }]),
      ),
    );
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
