/**
 * Triple blackjack's kept box-bet figure (../../core/blackjack-edge/exact-main-bet.data.ts) is what the exact analysis gives for a
 * hand that only hits and stands: analysed again, to the last digit.
 */
import { envFor } from '../../core/testing';
import { analyseMainBet, exactRulesKey } from '../../core/blackjack-edge/exact';
import { EXACT_MAIN_BET } from '../../core/blackjack-edge/exact-main-bet.data';
import { tripleExactRules } from './house-edge';
import { rules as tripleBlackjack } from './rules';

it("triple blackjack's box bet (hit and stand only), analysed again, is the kept figure to the last digit", () => {
  const rules = tripleExactRules(envFor(tripleBlackjack, 'euskadi') as never);
  const a = analyseMainBet(rules);
  expect({ returnPerUnit: a.returnPerUnit, variancePerUnit: a.variancePerUnit }).toEqual(EXACT_MAIN_BET[exactRulesKey(rules)]);
  // no double, split or surrender is ever chosen: stand, hit or a natural
  expect(new Set(a.hands.map((h) => h.chosen))).toEqual(new Set(['stand', 'hit', 'blackjack']));
}, 120_000);
