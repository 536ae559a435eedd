/**
 * The blackjack main bet's kept figures (../../core/blackjack-edge/exact-main-bet.data.ts) are what the exact analysis gives: the regulated
 * default of euskadi analysed again, to the last digit (tens of seconds on a loaded machine: a spec of its own;
 * triple blackjack's box bet in ../triple-blackjack/exact.spec.ts).
 * The published figures the analysis meets are in house-edge.spec.ts.
 */
import { envFor } from '../../core/testing';
import { analyseMainBet, exactRulesKey } from '../../core/blackjack-edge/exact';
import { EXACT_MAIN_BET } from '../../core/blackjack-edge/exact-main-bet.data';
import { exactRulesOf } from '../../core/blackjack-edge/house-edge';
import { rules as blackjack } from './rules';

it("euskadi's regulated default, analysed again, is the kept figure to the last digit", () => {
  const rules = exactRulesOf(envFor(blackjack, 'euskadi') as never);
  const a = analyseMainBet(rules);
  expect({ returnPerUnit: a.returnPerUnit, variancePerUnit: a.variancePerUnit }).toEqual(EXACT_MAIN_BET[exactRulesKey(rules)]);
  // every first deal once: the player's two cards and the dealer's up card
  expect(a.hands).toHaveLength(10 * 55);
  expect(a.hands.reduce((t, h) => t + h.probability, 0)).toBeCloseTo(1, 12);
}, 120_000);
