/**
 * Two readings (issue 14 §5): the boule rulebooks against the independent reading of the original texts
 * (docs/games/readings/boule.json), value by value, and each behaviour rule of the reading as a round.
 * Resolutions: docs/games/readings/boule.resolutions.md. Amounts: the reader's euros × 100.
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import { codes, envFor, judge } from '../../core/testing';
import { wheelOf } from '../../core/wheel';
import { roundOf } from '../../core/wheel-testing';
import { ReadingMap, expectReadingAgrees, readingOf } from '../../core/reading-testing';
import type { BouleRulebook } from './rulebook';
import { rules as boule } from './rules';

const rules: GameRules = boule;
const reading = readingOf('boule');
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const NOT = (why: string) => ({ notEncoded: why });

const MAP: ReadingMap<BouleRulebook> = {
  layouts: NOT('one or two layouts: equipment no fact records'),
  'platform.diameter': NOT('equipment no fact records'),
  'platform.square-side': NOT('equipment no fact records'),
  'platform.holes': (rb, e) => ({ reading: e.value, rulebook: rb.holes.value, cite: rb.holes.cite }),
  numbers: (rb, e) => ({ reading: e.value, rulebook: `${wheelOf(rb.wheel.value).order[0]}-${wheelOf(rb.wheel.value).order.at(-1)}`, cite: rb.wheel.cite }),
  colours: (rb, e) => {
    const w = wheelOf(rb.wheel.value);
    const v = e.value as { black: number[]; red: number[] };
    return {
      reading: { black: v.black, red: v.red, neither: [5] },
      rulebook: { black: [...w.black].map(Number).sort(), red: [...w.red].map(Number).sort(), neither: w.zeros },
      cite: rb.wheel.cite,
    };
  },
  ball: NOT('equipment no fact records'),
  'payout.straight-up': (rb, e) => ({ reading: e.value, rulebook: rb.payTable[1].value, cite: rb.payTable[1].cite }),
  'payout.even-money': (rb, e) => ({ reading: e.value, rulebook: rb.payTable[4].value, cite: rb.payTable[4].cite }),
  // "all even-money bets lose when 5 comes": no half back, no prison
  'five.even-money': (rb) => ({ reading: 'lose', rulebook: rb.zeroOnEvenChances.value, cite: rb.zeroOnEvenChances.cite }),
  'limits.minimum': NOT('set by the authorisation: the session declares it (TableSessionOpened.limits.min)'),
  'limits.minimum.doubled-layouts': NOT('a casino-wide duty over the layouts of one table: no round fact shows both'),
  'limits.maximum.straight-up': (rb, e) => {
    const v = e.value as { min: number; max: number };
    return {
      reading: [v.min, v.max],
      rulebook: rb.limits.kind === 'ranges' ? [...rb.limits.straight.value] : null,
      cite: rb.limits.kind === 'ranges' ? rb.limits.straight.cite : undefined,
    };
  },
  'limits.maximum.even-money': (rb, e) => {
    const v = e.value as { min: number; max: number };
    return {
      reading: [v.min, v.max],
      rulebook: rb.limits.kind === 'ranges' ? [...rb.limits.evenChances.value] : null,
      cite: rb.limits.kind === 'ranges' ? rb.limits.evenChances.cite : undefined,
    };
  },
  'limits.maximum.scope': NOT(
    'judged per bet: two players at the maximum on one number are both within it (the round below); one player splitting a stake over several bets is not aggregated (resolutions.md)',
  ),
  'staff.jefe-de-mesa.tables-max': NOT('staffing: no fact records it'),
  'staff.croupiers': NOT('staffing: no fact records it'),
  players: NOT('any number of players: nothing to judge'),
};

describe('boule: the rulebooks agree with the independent reading, value by value', () => {
  it('andalucia: catalogued without rules; no rulebook', () => {
    expect(reading.jurisdictions.andalucia ?? null).toBeNull();
    expect(rules.rulebooks.andalucia).toBeUndefined();
  });
  for (const j of FOUR) {
    it(`${j}: every value of the reading`, () => expectReadingAgrees<BouleRulebook>(reading.jurisdictions[j]!, rules.rulebooks[j], j, MAP));
  }
});

describe("boule: the reading's behaviour rules as rounds", () => {
  for (const j of FOUR) {
    describe(j, () => {
      const env = envFor(rules, j, { limits: { min: 100, max: 1_000_000 } });
      it('five-excluded: 10 on impar, 10 on rojo, 10 on the 5; result 5: the even chances lose, the 5 pays 70', () => {
        const played = roundOf(
          [
            { betType: 'odd', amount: 1000 },
            { betType: 'red', amount: 1000 },
            { betType: 'straight', selection: [5], amount: 1000 },
          ],
          5,
          [],
          [
            { outcome: 'lose', payout: 0 },
            { outcome: 'lose', payout: 0 },
            { outcome: 'win', payout: 7000 },
          ],
        );
        expect(judge(rules, env, played).verdict).toBe('consistent');
      });
      it('five-loses-even-money: 20 on pasa (and on falta), result 5: lost, no half back', () => {
        for (const betType of ['high', 'low', 'even']) {
          expect(judge(rules, env, roundOf([{ betType, amount: 2000 }], 5, [], [{ outcome: 'lose', payout: 0 }])).verdict).toBe('consistent');
          expect(codes(judge(rules, env, roundOf([{ betType, amount: 2000 }], 5, [], [{ outcome: 'half-lost', payout: 0 }])))).toEqual(['PAYOUT_MISMATCH']);
        }
      });
      it('only-two-combinations: a split 1-2 is not a boule bet (refused at ingestion)', () => {
        const fact = {
          eventId: 'e',
          type: 'BetPlaced',
          data: { sessionId: 's-1', roundId: 'r-1', betId: 'b', seat: 1, betType: 'split', selection: [1, 2], amount: 1000 },
        };
        expect(rules.refuse!(fact, env)).toMatchObject({ field: 'data.betType' });
      });
      it('max-per-player: maximum 100 on a number; players A and B each put 100 on 7: both within the maximum', () => {
        const limited = envFor(rules, j, { limits: { min: 100, max: 1_000_000, straight: 10_000 } });
        const played = roundOf(
          [
            { betId: 'a', betType: 'straight', selection: [7], amount: 10_000 },
            { betId: 'b', betType: 'straight', selection: [7], amount: 10_000 },
          ],
          3,
          [],
          [
            { betId: 'a', outcome: 'lose', payout: 0 },
            { betId: 'b', outcome: 'lose', payout: 0 },
          ],
        );
        expect(judge(rules, limited, played).verdict).toBe('consistent');
      });
      it('late-bets-returned: a chip on 3 after "no va más", the ball in a 3: refused (BET_AFTER_CLOSE), returned, not paid', () => {
        const played = roundOf([], 3, [], []);
        const late = [
          ...played.slice(0, 2),
          { type: 'BetPlaced', data: { sessionId: 's-1', roundId: 'r-1', seat: 1, betId: 'late', betType: 'straight', selection: [3], amount: 1000 } },
          ...played.slice(2, -1),
          { type: 'BetSettled', data: { sessionId: 's-1', roundId: 'r-1', betId: 'late', outcome: 'win', payout: 7000 } },
          played.at(-1)!,
        ];
        expect(codes(judge(rules, env, late))).toEqual(['BET_AFTER_CLOSE', 'PAYOUT_MISMATCH']);
      });
    });
  }
});
