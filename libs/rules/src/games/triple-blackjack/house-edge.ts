/**
 * Triple blackjack's bets valued (issue 14 §4, §5) with blackjack's machinery (../blackjack/house-edge.ts): each
 * box's main bet sampled through this game's own `settle` (one hand played by hit and stand only — doubles,
 * splits and surrender are not stated for the variant and settle unverifiable, euskadi L2250–2257 — against the
 * dealer's three plays), insurance exact. The jackpot bet has no prize table (index.md OQ-52): not valued.
 */
import type { RoundEnv } from '../../core/game';
import { optionBool } from '../blackjack/rulebook';
import { MainBetPlan, SampleConfig, valuationEnv } from '../blackjack/house-edge';
import type { TripleBlackjackRulebook } from './rulebook';

export function triplePlan(env: RoundEnv<TripleBlackjackRulebook>): MainBetPlan {
  const hitSoft17 = optionBool(env.options, 'dealerHitsSoft17', env.rulebook.dealerHitsSoft17.value);
  return {
    key: `${env.rulebook.jurisdiction}:h17=${+hitSoft17}`,
    plays: 3,
    settings: { dealerHitsSoft17: hitSoft17, boxesBet: 3, decks: env.rulebook.decks.value },
    strategy: { hitSoft17, surrender: false, doubleAceCountsOne: false, doubles: false, doubleOnTotals: null, doubleAfterSplit: false, splits: false, maxHands: 1 },
  };
}

export function tripleConfigs(rulebook: TripleBlackjackRulebook): SampleConfig[] {
  return [false, true].map((dealerHitsSoft17) => {
    const options = { dealerHitsSoft17 };
    return { rulebook, options, plan: triplePlan(valuationEnv(rulebook, options)) };
  });
}
