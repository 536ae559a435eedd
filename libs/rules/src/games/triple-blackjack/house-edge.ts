/**
 * Triple blackjack's bets valued (issues 14 §4, §5, 21 §1) with the European table's machinery (../../core/blackjack-edge/house-edge.ts):
 * each box's main bet exact (../../core/blackjack-edge/exact.ts) for one hand played by hit and stand only — doubles, splits
 * and surrender are not stated for the variant and settle unverifiable, euskadi L2250–2257. Each box is bet on one
 * of the dealer's three plays, each play his first card and cards drawn after the hand's and the plays' before it:
 * by exchangeability each play is dealt as the first, so a box bet is worth one hand against one dealer hand, and
 * the hand that is best against one play is best against three. Insurance exact. The jackpot bet has no prize
 * table (docs/decisions/open-questions.md#oq-52): not valued. The earlier sample (`triplePlan`) stays as the spec's check through settle.
 */
import type { RoundEnv } from '../../core/game';
import { optionBool } from '../../core/blackjack-rulebook';
import type { ExactRules } from '../../core/blackjack-edge/exact';
import { exactRulesOf, MainBetPlan, SampleConfig, valuationEnv } from '../../core/blackjack-edge/house-edge';
import type { TripleBlackjackRulebook } from './rulebook';

export function triplePlan(env: RoundEnv<TripleBlackjackRulebook>): MainBetPlan {
  const hitSoft17 = optionBool(env.options, 'dealerHitsSoft17', env.rulebook.dealerHitsSoft17.value);
  return {
    key: `${env.rulebook.jurisdiction}:h17=${+hitSoft17}`,
    plays: 3,
    settings: { dealerHitsSoft17: hitSoft17, boxesBet: 3, decks: env.rulebook.decks.value },
    strategy: {
      hitSoft17,
      surrender: false,
      doubleAceCountsOne: false,
      doubles: false,
      doubleOnTotals: null,
      doubleAfterSplit: false,
      splits: false,
      maxHands: 1,
    },
  };
}

export function tripleConfigs(rulebook: TripleBlackjackRulebook): SampleConfig[] {
  return [false, true].map((dealerHitsSoft17) => {
    const options = { dealerHitsSoft17 };
    return { rulebook, options, plan: triplePlan(valuationEnv(rulebook, options)) };
  });
}

export const TRIPLE_STRATEGY =
  'composition-dependent optimal hit and stand (the variant states no double, split or surrender); a box bet against one of the three plays';

/** The exact rules of one box bet: blackjack's, the hand only hitting and standing. */
export function tripleExactRules(env: RoundEnv<TripleBlackjackRulebook>): ExactRules {
  return { ...exactRulesOf(env), surrender: false, doubleAceCountsOne: false, doubleOnTotals: [], doubleAfterSplit: false, splits: false };
}

export function tripleExactConfigs(rulebook: TripleBlackjackRulebook): ExactRules[] {
  return [false, true].map((dealerHitsSoft17) => tripleExactRules(valuationEnv(rulebook, { dealerHitsSoft17 })));
}
