import { codes, envFor, judge } from '../../core/testing';
import type { ExpectedSettlement, Fact, JurisdictionId } from '../../core/types';
import { announcedChipByChip, roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import { FRENCH_PAY_LINES } from '../french-roulette/rulebook';
import type { GameRules } from '../../core/game';
import { rules as americanRouletteSingleZero } from './rules';

const rules: GameRules = americanRouletteSingleZero;

const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const HALF_BACK: Record<string, string> = {
  euskadi: 'euskadi L1231–1233',
  cantabria: 'cantabria L569–570',
  'illes-balears': 'illes-balears L384–385',
  galicia: 'galicia L228',
};
const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });

describe('american-roulette-single-zero: pay as French by reference (euskadi L979–986)', () => {
  const WINS: [string, unknown, number, number][] = [
    ['straight', [0], 0, 35],
    ['split', [8, 11], 11, 17],
    ['street', [0, 2, 3], 2, 11],
    ['corner', [0, 1, 2, 3], 1, 8],
    ['six-line', [4, 5, 6, 7, 8, 9], 9, 5],
    ['column', 3, 36, 2],
    ['dozen', 1, 12, 2],
    ['two-columns', [2, 3], 3, 0.5],
    ['two-dozens', [1, 2], 24, 0.5],
    ['black', undefined, 29, 1],
  ];
  for (const j of FOUR) {
    for (const [betType, selection, pocket, odds] of WINS) {
      it(`${j}: ${betType} ${JSON.stringify(selection ?? '')} on ${pocket} pays ${odds}:1`, () => {
        const v = settleAfter(rules, envFor(rules, j), { betType, selection, amount: 2000 }, pocket) as ExpectedSettlement;
        expect(v).toMatchObject({ outcome: 'win', payout: 2000 * odds });
        expect(v.citation.startsWith(j)).toBe(true);
      });
    }
  }
  it('the French pay lines are the citations', () => {
    const v = settleAfter(rules, envFor(rules, 'galicia'), { betType: 'straight', selection: [5], amount: 100 }, 5) as ExpectedSettlement;
    expect(v.citation).toBe(`galicia ${FRENCH_PAY_LINES.galicia.straight}`);
  });
});

describe('Δ american-roulette-single-zero vs french-roulette: zero on even chances is half lost, no prison', () => {
  for (const j of FOUR) {
    it(`${j}: 0 on red: half lost, half returned (${HALF_BACK[j]})`, () => {
      const env = envFor(rules, j);
      expect(settleAfter(rules, env, { betType: 'red', amount: 1000 }, 0)).toMatchObject({ outcome: 'half-lost', payout: 0, citation: HALF_BACK[j] });
      const prison = judge(rules, env, roundOf([{ betType: 'red', amount: 1000 }], 0, [], [{ outcome: 'prison', payout: 0 }]));
      expect(codes(prison)).toEqual(['PAYOUT_MISMATCH']);
      expect(rules.refuse!(fact('ImprisonedBetResolved', { betId: 'x', outcome: 'freed', amount: 0 }), env)).toMatchObject({ field: 'type' });
    });
  }
});

describe('american-roulette-single-zero equipment', () => {
  it('OQ-48: galicia states no zeros; the wheel is single-zero (37 pockets), "00" is refused', () => {
    const env = envFor(rules, 'galicia');
    expect(env.rulebook.options!.wheel).toEqual({ value: 'single-zero', cite: 'index.md OQ-48' });
    expect(rules.refuse!(fact('WheelSpun', { result: '00' }), env)).toMatchObject({ field: 'data.result' });
    expect(rules.refuse!(fact('WheelSpun', { result: 36 }), env)).toBeNull();
  });
  it.each(FOUR)('%s: 37 is not a pocket; split 1-5 is not a split', (j) => {
    const env = envFor(rules, j);
    expect(rules.refuse!(fact('WheelSpun', { result: 37 }), env)).toMatchObject({ field: 'data.result' });
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'split', selection: [1, 5], amount: 100 }), env)).toMatchObject({ field: 'data.selection' });
  });
});

describe('Δ american-roulette-single-zero racetrack (announced bets): euskadi L1096–1127 and illes-balears L387–415 only', () => {
  it.each(['euskadi', 'illes-balears'] as JurisdictionId[])(
    '%s: neighbours of 17 (2, 25, 17, 34, 6), 5 chips of 1,000, ball on 34: 35,000 won on the winning chip − 4,000 lost = 31,000 (issue 14 §1.1)',
    (j) => {
      const env = envFor(rules, j);
      const round = (payout: number) => roundOf([{ betType: 'neighbours', selection: 17, amount: 5000 }], 34, [], [{ outcome: 'win', payout }]);
      expect(judge(rules, env, round(31_000)).verdict).toBe('consistent');
      const overpaid = judge(rules, env, round(35_000));
      expect(codes(overpaid)).toEqual(['PAYOUT_MISMATCH']);
      expect(overpaid.discrepancies[0]).toMatchObject({ expected: 31_000, recorded: 35_000 });
    },
  );
  for (const j of ['euskadi', 'illes-balears'] as JurisdictionId[]) describe(`${j}: chip by chip on every pocket`, () => announcedChipByChip(rules, j));
  it.each(['cantabria', 'galicia'] as JurisdictionId[])('%s: announced bets are not offered (BET_NOT_ALLOWED)', (j) => {
    const played = roundOf([{ betType: 'orphelins', amount: 500 }], 1, [], [{ outcome: 'win', payout: 3100 }]);
    expect(codes(judge(rules, envFor(rules, j), played))).toEqual(['BET_NOT_ALLOWED']);
  });
});

describe('american-roulette-single-zero limits as French (k = 20 default, index.md OQ-45)', () => {
  it.each(FOUR)('%s: straight max 20 × m', (j) => {
    const env = envFor(rules, j);
    const c = (amount: number) =>
      codes(judge(rules, env, roundOf([{ betType: 'straight', selection: [9], amount }], 10, [], [{ outcome: 'lose', payout: 0 }])));
    expect(c(2000)).toEqual([]);
    expect(c(2100)).toEqual(['BET_ABOVE_MAXIMUM']);
  });
});

wheelProperties(rules);
