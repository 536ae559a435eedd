/**
 * Two readings (issue 14 §5): the French roulette rulebooks against the independent reading of the original
 * texts (docs/games/readings/french-roulette.json), value by value, and each behaviour rule of the reading as a
 * round the judge must get right. Disagreements and their resolution: docs/games/readings/french-roulette.resolutions.md.
 * Amounts: the reader's euros × 100 (minor units).
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import type { LayoutRulebook } from '../../core/roulette';
import { asFacts, codes, envFor, judge } from '../../core/testing';
import { LAYOUT_READING, roundOf } from '../../core/wheel-testing';
import { expectReadingAgrees, readingOf } from '../../core/reading-testing';
import { rules as frenchRoulette } from './rules';

const rules: GameRules = frenchRoulette;
const reading = readingOf('french-roulette');
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const decision = (d: 'prison' | 'half-back', betId = 'b-1') => ({ type: 'PlayerDecision', data: { seat: 1, betId, decision: d } });

/** the session after a round where bet p-1 (red, stake) went to prison, and `further` zeros that left it there */
function imprisoned(j: JurisdictionId, stake: number, further = 0) {
  const env = envFor(rules, j);
  let facts = asFacts(roundOf([{ betId: 'p-1', betType: 'red', amount: stake }], 0, [], [{ betId: 'p-1', outcome: 'prison', payout: 0 }]));
  for (let i = 0; i < further; i++)
    facts = [
      ...facts,
      ...asFacts([
        { type: 'RoundStarted', data: {} },
        { type: 'ImprisonedBetResolved', data: { betId: 'p-1', outcome: 'prison', amount: 0 } },
      ]),
    ];
  return facts.reduce<unknown>((c, f) => rules.carry!(c, f, env), undefined);
}
const nextSpin = (result: number, resolution: Record<string, unknown>, extra: { type: string; data: Record<string, unknown> }[] = []) =>
  roundOf([], result, [...extra, { type: 'ImprisonedBetResolved', data: { betId: 'p-1', ...resolution } }], []);

describe('french-roulette: the rulebooks agree with the independent reading, value by value', () => {
  it('andalucia: catalogued without rules, and the engine has no andalucia rulebook', () => {
    expect(reading.jurisdictions.andalucia ?? null).toBeNull();
    expect(rules.rulebooks.andalucia).toBeUndefined();
  });
  for (const j of FOUR) {
    it(`${j}: every value of the reading`, () => {
      expectReadingAgrees<LayoutRulebook>(reading.jurisdictions[j]!, rules.rulebooks[j], j, LAYOUT_READING);
    });
  }
});

describe("french-roulette: the reading's behaviour rules as rounds", () => {
  for (const j of FOUR) {
    describe(j, () => {
      const env = envFor(rules, j, { limits: { min: 500, max: 1_000_000 } });
      it('zero-even-money-choice: 10 on red, 0: half back (5 returned) or the whole 10 en prison; a plain loss is wrong', () => {
        const round = (outcome: string, after: { type: string; data: Record<string, unknown> }[] = []) =>
          roundOf([{ betType: 'red', amount: 1000 }], 0, after, [{ outcome, payout: 0 }]);
        expect(judge(rules, env, round('half-lost', [decision('half-back')])).verdict).toBe('consistent');
        expect(judge(rules, env, round('prison', [decision('prison')])).verdict).toBe('consistent');
        expect(codes(judge(rules, env, round('lose')))).toEqual(['PAYOUT_MISMATCH']);
      });
      it('prison-release: 10 on red in prison; 14 (red) frees the 10 with no winnings; 15 (black) loses it', () => {
        const carried = envFor(rules, j, { carried: imprisoned(j, 1000) });
        expect(judge(rules, carried, nextSpin(14, { outcome: 'freed', amount: 1000 })).verdict).toBe('consistent');
        expect(codes(judge(rules, carried, nextSpin(14, { outcome: 'freed', amount: 2000 })))).toEqual(['PAYOUT_MISMATCH']);
        expect(judge(rules, carried, nextSpin(15, { outcome: 'lost', amount: 0 })).verdict).toBe('consistent');
        expect(codes(judge(rules, carried, nextSpin(15, { outcome: 'freed', amount: 1000 })))).toEqual(['PAYOUT_MISMATCH']);
      });
      it('prison-repeated-zero: 10 in prison, 0 again, minimum 5: valued 5, half of it back (2.50) or kept in prison; once below the minimum it must stay', () => {
        const limits = { min: 500, max: 1_000_000 };
        const second = envFor(rules, j, { carried: imprisoned(j, 1000), limits });
        expect(judge(rules, second, nextSpin(0, { outcome: 'prison', amount: 0, value: 500 })).verdict).toBe('consistent');
        expect(judge(rules, second, nextSpin(0, { outcome: 'half-back', amount: 250 })).verdict).toBe('consistent');
        // a third zero: the value halves to 2.50, below the minimum 5: it must stay in prison
        const third = envFor(rules, j, { carried: imprisoned(j, 1000, 1), limits });
        expect(judge(rules, third, nextSpin(0, { outcome: 'prison', amount: 0, value: 250 })).verdict).toBe('consistent');
        expect(codes(judge(rules, third, nextSpin(0, { outcome: 'half-back', amount: 125 })))).toEqual(['PAYOUT_MISMATCH']);
      });
      it('zero-on-last-spin: 20 on even, 0 on the last spin: 10 back, no prison; a bet already in prison gets 5 at the second zero', () => {
        const last = envFor(rules, j, { lastRoundOfSession: true });
        expect(judge(rules, last, roundOf([{ betType: 'even', amount: 2000 }], 0, [], [{ outcome: 'half-lost', payout: 0 }])).verdict).toBe('consistent');
        expect(codes(judge(rules, last, roundOf([{ betType: 'even', amount: 2000 }], 0, [], [{ outcome: 'prison', payout: 0 }])))).toEqual(['PAYOUT_MISMATCH']);
        const lastImprisoned = envFor(rules, j, { carried: imprisoned(j, 2000), lastRoundOfSession: true });
        expect(judge(rules, lastImprisoned, nextSpin(0, { outcome: 'refunded', amount: 500 })).verdict).toBe('consistent');
      });
      it('no-more-bets: a chip placed after "no va más" is refused: BET_AFTER_CLOSE, returned (void)', () => {
        const played = roundOf([], 17, [], []);
        const late = [
          ...played.slice(0, 2),
          { type: 'BetPlaced', data: { sessionId: 's-1', roundId: 'r-1', seat: 1, betId: 'late', betType: 'straight', selection: [17], amount: 1000 } },
          ...played.slice(2, -1),
          { type: 'BetSettled', data: { sessionId: 's-1', roundId: 'r-1', betId: 'late', outcome: 'void', payout: 0 } },
          played.at(-1)!,
        ];
        expect(codes(judge(rules, env, late))).toEqual(['BET_AFTER_CLOSE']);
      });
      it('void-spin: a spin declared void ("tirada nula") is a voided round, nothing settled, no finding', () => {
        const voided = roundOf(
          [{ betType: 'straight', selection: [8], amount: 1000 }],
          undefined,
          [{ type: 'RoundVoided', data: { reason: 'ball left the cylinder', decidedBy: 'jefe de mesa' } }],
          [],
        );
        const j2 = judge(rules, env, voided);
        expect(j2.verdict).toBe('void');
        expect(j2.discrepancies).toEqual([]);
      });
    });
  }
  describe('euskadi announced bets (L609–649): each chip an ordinary bet, the winner keeps his winning stake (L648–649), the other chips lost', () => {
    const env = envFor(rules, 'euskadi');
    const CASES: [string, string, number | undefined, number, number, number][] = [
      // id, betType, selection, amount, result, payout (on top of the returned stake)
      ['voisins 9 × 10, 26: the corner (20) pays 160, 7 chips (70) lost', 'voisins', undefined, 9000, 26, 16000 - 7000],
      ['voisins 9 × 10, 0: the street 0-2-3 (20) pays 220, 7 chips lost', 'voisins', undefined, 9000, 0, 22000 - 7000],
      ['orphelins 5 × 10, 17: splits 14-17 and 17-20 pay 340, 3 chips lost', 'orphelins', undefined, 5000, 17, 34000 - 3000],
      ['cero y vecinos 5 × 10, 32: the 32 pays 350, the chips on 0, 3, 15, 26 lost', 'neighbours', 0, 5000, 32, 35000 - 4000],
    ];
    it.each(CASES)('%s', (_id, betType, selection, amount, result, payout) => {
      expect(judge(rules, env, roundOf([{ betType, selection, amount }], result, [], [{ outcome: 'win', payout }])).verdict).toBe('consistent');
    });
  });
  it.each(['cantabria', 'illes-balears', 'galicia'] as JurisdictionId[])(
    '%s only-listed-combinations: "voisins du zéro" announced at a French table is not a listed combination (BET_NOT_ALLOWED)',
    (j) => {
      const played = roundOf([{ betType: 'voisins', amount: 9000 }], 26, [], [{ outcome: 'win', payout: 9000 }]);
      expect(codes(judge(rules, envFor(rules, j), played))).toEqual(['BET_NOT_ALLOWED']);
    },
  );
});
