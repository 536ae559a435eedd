/**
 * Two readings (issue 14 §5): the American single-zero rulebooks against the independent reading of the original
 * texts (docs/games/readings/american-roulette-single-zero.json), value by value, and each behaviour rule of the
 * reading as a round. Resolutions: docs/games/readings/american-roulette-single-zero.resolutions.md.
 * Amounts: the reader's euros × 100.
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import type { LayoutRulebook } from '../../core/roulette';
import { codes, envFor, judge } from '../../core/testing';
import { LAYOUT_READING, roundOf } from '../../core/wheel-testing';
import { expectReadingAgrees, readingOf } from '../../core/reading-testing';
import { rulebooks as FRENCH_ROULETTE_RULEBOOKS } from '../french-roulette/rulebook';
import { rules as americanRouletteSingleZero } from './rules';

const rules: GameRules = americanRouletteSingleZero;
const reading = readingOf('american-roulette-single-zero');
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];

const AMERICAN_READING = {
  ...LAYOUT_READING,
  // the title "con un solo cero" and the French wheel by reference
  'wheel.pockets': (rb: LayoutRulebook, e: { value: unknown }) => ({ reading: e.value, rulebook: rb.wheel.value === 'single-zero' ? 37 : 38, cite: rb.source }),
  // "everything not provided follows the French roulette": the same pay table as the French rulebook of the jurisdiction
  'inheritance.french': (rb: LayoutRulebook) => ({ reading: FRENCH_ROULETTE_RULEBOOKS[rb.jurisdiction]!.payTable, rulebook: rb.payTable }),
};

describe('american-roulette-single-zero: the rulebooks agree with the independent reading, value by value', () => {
  it('andalucia: listed without rules (and without saying single or double zero); no rulebook', () => {
    expect(reading.jurisdictions.andalucia ?? null).toBeNull();
    expect(rules.rulebooks.andalucia).toBeUndefined();
  });
  for (const j of FOUR) {
    it(`${j}: every value of the reading`, () => {
      expectReadingAgrees<LayoutRulebook>(reading.jurisdictions[j]!, rules.rulebooks[j], j, AMERICAN_READING);
    });
  }
});

describe("american-roulette-single-zero: the reading's behaviour rules as rounds", () => {
  for (const j of FOUR) {
    it(`${j} zero-half-lost: 10 on an even chance, 0: 5 returned, 5 lost, and no prison option`, () => {
      const env = envFor(rules, j);
      expect(judge(rules, env, roundOf([{ betType: 'black', amount: 1000 }], 0, [], [{ outcome: 'half-lost', payout: 0 }])).verdict).toBe('consistent');
      expect(codes(judge(rules, env, roundOf([{ betType: 'black', amount: 1000 }], 0, [], [{ outcome: 'prison', payout: 0 }])))).toEqual(['PAYOUT_MISMATCH']);
      expect(codes(judge(rules, env, roundOf([{ betType: 'black', amount: 1000 }], 0, [], [{ outcome: 'lose', payout: 0 }])))).toEqual(['PAYOUT_MISMATCH']);
    });
  }
  describe('euskadi (L1092–1127) and illes-balears (L387–432): the racetrack, each chip an ordinary bet, the others lost', () => {
    const CASES: [JurisdictionId, string, string, number | undefined, number, number, number][] = [
      // jurisdiction, id, betType, selection, amount, result, payout
      ['euskadi', 'neighbours-button: button 17 on five 10-euro chips, 25: 350, four chips lost', 'neighbours', 17, 5000, 25, 35000 - 4000],
      [
        'euskadi',
        'sector-bets-available: button "T" on six 5-euro chips, 24: the split 23-24 pays 85, five chips lost',
        'tiers',
        undefined,
        3000,
        24,
        8500 - 2500,
      ],
      ['illes-balears', 'neighbours: "zero i veïns" 5 × 10, 15: 350, the chips on 0, 3, 26, 32 lost', 'neighbours', 0, 5000, 15, 35000 - 4000],
      ['illes-balears', 'voisins: 9 × 10, 2: the street 0/2/3 (20) pays 220, 7 chips lost', 'voisins', undefined, 9000, 2, 22000 - 7000],
      ['illes-balears', 'tiers: 6 × 10, 36: the split 33/36 pays 170, 5 chips lost', 'tiers', undefined, 6000, 36, 17000 - 5000],
      ['illes-balears', 'orphelins: 5 × 10, 17: the splits 14/17 and 17/20 pay 340, 3 chips lost', 'orphelins', undefined, 5000, 17, 34000 - 3000],
    ];
    it.each(CASES)('%s %s', (j, _id, betType, selection, amount, result, payout) => {
      expect(judge(rules, envFor(rules, j), roundOf([{ betType, selection, amount }], result, [], [{ outcome: 'win', payout }])).verdict).toBe('consistent');
    });
  });
  it.each(['cantabria', 'galicia'] as JurisdictionId[])('%s: neighbours and sector bets are not provided for (BET_NOT_ALLOWED)', (j) => {
    expect(codes(judge(rules, envFor(rules, j), roundOf([{ betType: 'tiers', amount: 6000 }], 36, [], [{ outcome: 'win', payout: 12000 }])))).toEqual([
      'BET_NOT_ALLOWED',
    ]);
  });
});
