import { codes, envFor, judge } from '../../core/testing';
import type { Fact, JurisdictionId } from '../../core/types';
import { roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import type { GameRules } from '../../core/game';
import { rules as boule } from './rules';

const rules: GameRules = boule;

const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const STRAIGHT: Record<string, string> = {
  euskadi: 'euskadi L2660–2662',
  cantabria: 'cantabria L1112–1114',
  'illes-balears': 'illes-balears L749–750',
  galicia: 'galicia L358',
};
const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });

describe('boule pay (games.md `boule`)', () => {
  for (const j of FOUR) {
    it(`${j}: a number pays 7:1 (${STRAIGHT[j]})`, () => {
      for (let n = 1; n <= 9; n++) {
        expect(settleAfter(rules, envFor(rules, j), { betType: 'straight', selection: [n], amount: 100 }, n)).toMatchObject({
          outcome: 'win',
          payout: 700,
          citation: STRAIGHT[j],
        });
      }
    });
    it(`${j}: even chances pay 1:1 — red 2 4 7 9, black 1 3 6 8, falta 1–4, pasa 6–9`, () => {
      const env = envFor(rules, j);
      const wins: [string, number[]][] = [
        ['red', [2, 4, 7, 9]],
        ['black', [1, 3, 6, 8]],
        ['even', [2, 4, 6, 8]],
        ['odd', [1, 3, 7, 9]],
        ['low', [1, 2, 3, 4]],
        ['high', [6, 7, 8, 9]],
      ];
      for (const [betType, winning] of wins) {
        for (let n = 1; n <= 9; n++) {
          const v = settleAfter(rules, env, { betType, amount: 100 }, n);
          expect(v).toMatchObject(winning.includes(n) ? { outcome: 'win', payout: 100 } : { outcome: 'lose', payout: 0 });
        }
      }
    });
    it(`${j}: the 5 makes every even chance lose (no half back, no prison)`, () => {
      const played = roundOf([{ betType: 'odd', amount: 100 }], 5, [], [{ outcome: 'half-lost', payout: 0 }]);
      expect(codes(judge(rules, envFor(rules, j), played))).toEqual(['PAYOUT_MISMATCH']);
      expect(settleAfter(rules, envFor(rules, j), { betType: 'high', amount: 100 }, 5)).toMatchObject({ outcome: 'lose' });
    });
  }
});

describe('boule equipment', () => {
  const env = envFor(rules, 'galicia');
  it.each([0, 10, '00', 'x'])('result %p is not on the plate', (result) =>
    expect(rules.refuse!(fact('WheelSpun', { result }), env)).toMatchObject({ field: 'data.result' }),
  );
  it.each(['split', 'column', 'dozen', 'voisins'])('%s is not a boule bet', (betType) =>
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType, selection: [1, 2], amount: 100 }), env)).toMatchObject({ field: 'data.betType' }),
  );
  it('straight on 10 is refused', () =>
    expect(rules.refuse!(fact('BetPlaced', { betId: 'b', betType: 'straight', selection: [10], amount: 100 }), env)).toMatchObject({
      field: 'data.selection',
    }));
  it('OQ-49: euskadi reads 18 holes (each number twice), exposed as an option', () => {
    expect(envFor(rules, 'euskadi').options.holes).toBe(18);
    expect(rules.rulebooks.euskadi.options.holes.cite).toBe('euskadi L2547–2550, eu L2484–2485 (18, not 36: index.md OQ-49)');
  });
});

describe('boule limits: number 40–100 × m, even chances 200–500 × m (euskadi L2681–2685 and the same in all four)', () => {
  const c = (j: JurisdictionId, betType: string, amount: number, options = {}) =>
    codes(
      judge(
        rules,
        envFor(rules, j, { options, limits: { min: 100, max: 1_000_000 } }),
        roundOf([{ betType, selection: betType === 'straight' ? [3] : undefined, amount }], 6, [], [{ outcome: 'lose', payout: 0 }]),
      ),
    );
  it.each(FOUR)('%s: flagged above the top of the range by default, or above the session multiple', (j) => {
    expect(c(j, 'straight', 10_000)).toEqual([]);
    expect(c(j, 'straight', 10_100)).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(c(j, 'straight', 4_100, { straightMaximum: 40 })).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(c(j, 'red', 50_000)).toEqual([]);
    expect(c(j, 'red', 50_100)).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(rules.refuseOptions!({ straightMaximum: 120 }, rules.rulebooks[j])).toMatchObject({ field: 'options.straightMaximum' });
    expect(rules.refuseOptions!({ evenChanceMaximum: 150 }, rules.rulebooks[j])).toMatchObject({ field: 'options.evenChanceMaximum' });
  });
});

wheelProperties(rules);
