/**
 * Two readings (issue 14 §5): the double-zero rulebook (cantabria A.3) against the independent reading
 * (docs/games/readings/american-roulette-double-zero.json), value by value, and its behaviour rules as rounds.
 * Resolutions: docs/games/readings/american-roulette-double-zero.resolutions.md. Amounts: the reader's euros × 100.
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import type { LayoutRulebook } from '../../core/roulette';
import { codes, envFor, judge } from '../../core/testing';
import { isRealInside, wheelOf } from '../../core/wheel';
import { roundOf } from '../../core/wheel-testing';
import { ReadingMap, expectReadingAgrees, readingOf } from '../../core/reading-testing';
import { rulebooks as AMERICAN_SINGLE_ZERO_RULEBOOKS } from '../american-roulette-single-zero/rulebook';
import { rules as americanRouletteDoubleZero } from './rules';

const rules: GameRules = americanRouletteDoubleZero;
const reading = readingOf('american-roulette-double-zero');

const MAP: ReadingMap<LayoutRulebook> = {
  // "se rige con los mismos principios que la anterior" (L594–595): the A.2 pay table, with the rows A.3 adds
  'inheritance.single-zero': (rb) => {
    const { 5: _five, ...inherited } = rb.payTable;
    return {
      reading: Object.values(AMERICAN_SINGLE_ZERO_RULEBOOKS.cantabria!.payTable).map((c) => c.value),
      rulebook: Object.values(inherited).map((c) => c.value),
    };
  },
  'wheel.pockets': (rb, e) => ({ reading: e.value, rulebook: wheelOf(rb.wheel.value).order.length, cite: rb.wheel.cite }),
  'wheel.double-zero.position': (rb) => {
    // 00 opposite the 0 on the wheel (19 pockets apart of 38), neither red nor black
    const w = wheelOf(rb.wheel.value);
    return {
      reading: [19, false],
      rulebook: [Math.abs(w.order.indexOf('00') - w.order.indexOf(0)), w.red.has('00') || w.black.has('00')],
      cite: rb.wheel.cite,
    };
  },
  'layout.double-zero.position': (rb) => ({
    reading: true,
    rulebook: isRealInside('split', ['00', 3], wheelOf(rb.wheel.value)) && isRealInside('split', [0, '00'], wheelOf(rb.wheel.value)),
  }),
  'payout.straight-up.double-zero': (rb, e) => ({ reading: e.value, rulebook: rb.payTable[1].value }),
  'payout.five-number': (rb, e) => ({ reading: e.value, rulebook: rb.payTable[5].value, cite: rb.payTable[5].cite }),
  'payout.split.0-00': (rb, e) => ({
    reading: [e.value, true],
    rulebook: [rb.payTable[2].value, isRealInside('split', [0, '00'], wheelOf(rb.wheel.value))],
    cite: rb.payTable[2].cite,
  }),
  // "not said" for 00 (ambiguity): the rulebook's default half back on both, `zeroOnEvenChances: "lose"` the other reading
  'zero.even-money.loss': (rb, e) => ({ reading: e.value, rulebook: rb.zeroOnEvenChances.value === 'half-back' ? 0.5 : 1, cite: rb.zeroOnEvenChances.cite }),
  'limits.maximum.even-money': (rb, e) => ({
    reading: e.value,
    rulebook: rb.limits.kind === 'tiers' ? rb.limits.tiers.value.map((k) => 18 * k)[0] : null,
    cite: rb.limits.kind === 'tiers' ? rb.limits.tiers.cite : undefined,
  }),
};

describe('american-roulette-double-zero: the rulebook agrees with the independent reading, value by value', () => {
  it('only cantabria catalogues a double-zero roulette (galicia and andalucia are read as single zero or without rules)', () => {
    expect(Object.keys(reading.jurisdictions)).toEqual(['cantabria']);
    expect(Object.keys(rules.rulebooks)).toEqual(['cantabria']);
  });
  it('cantabria: every value of the reading', () => {
    expectReadingAgrees<LayoutRulebook>(reading.jurisdictions.cantabria!, rules.rulebooks.cantabria, 'cantabria' as JurisdictionId, MAP);
  });
});

describe("american-roulette-double-zero: the reading's behaviour rules as rounds (cantabria)", () => {
  const env = envFor(rules, 'cantabria');
  const round = (betType: string, selection: unknown, result: unknown, outcome: string, payout: number) =>
    roundOf([{ betType, selection, amount: 1000 }], result, [], [{ outcome, payout }]);
  it('five-number-bet: 10 on 0-00-1-2-3, result 00: wins 60 and keeps the 10; result 4: lost (L609–612)', () => {
    expect(judge(rules, env, round('corner', [0, '00', 1, 2, 3], '00', 'win', 6000)).verdict).toBe('consistent');
    expect(judge(rules, env, round('corner', [0, '00', 1, 2, 3], 4, 'lose', 0)).verdict).toBe('consistent');
  });
  it('the zero side of the double-zero layout (resolutions §3): 0-1-2-3 and 0-2-3 are not blocks there; 0-1-2, 00-2-3 and 0-00-2 are', () => {
    const bet = (betType: string, selection: unknown) =>
      rules.refuse!(
        { eventId: 'e', type: 'BetPlaced', data: { sessionId: 's-1', roundId: 'r-1', betId: 'b', seat: 1, betType, selection, amount: 1000 } },
        env,
      );
    expect(bet('corner', [0, 1, 2, 3])).toMatchObject({ field: 'data.selection' });
    expect(bet('street', [0, 2, 3])).toMatchObject({ field: 'data.selection' });
    for (const street of [
      [0, 1, 2],
      ['00', 2, 3],
      [0, '00', 2],
    ])
      expect(bet('street', street)).toBeNull();
  });
  it('split-0-00-extra-space: 10 on the 0-00 split, result 0: wins 170 (L614–618)', () => {
    expect(judge(rules, env, round('split', [0, '00'], 0, 'win', 17000)).verdict).toBe('consistent');
  });
  it('bets-on-double-zero: 10 straight-up on 00, result 00: wins 350 (the inherited pleno pay)', () => {
    expect(judge(rules, env, round('straight', ['00'], '00', 'win', 35000)).verdict).toBe('consistent');
  });
  it('zero-half-lost: 10 on red, result 00: half lost by default (00 as 0); under zeroOnEvenChances "lose" the whole 10 (the reading\'s two readings)', () => {
    expect(judge(rules, env, round('red', undefined, '00', 'half-lost', 0)).verdict).toBe('consistent');
    expect(codes(judge(rules, env, round('red', undefined, '00', 'lose', 0)))).toEqual(['PAYOUT_MISMATCH']);
    const lose = envFor(rules, 'cantabria', { options: { zeroOnEvenChances: 'lose' } });
    expect(judge(rules, lose, round('red', undefined, '00', 'lose', 0)).verdict).toBe('consistent');
  });
});
