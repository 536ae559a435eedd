/**
 * The blackjack main bet's plan and the configurations kept for it (issue 14 §4, §5): the options of a blackjack
 * session that change the main bet's value, and every rulebook × those options. The valuation itself is the
 * European table's (core/blackjack-edge/house-edge.ts), which triple blackjack shares.
 */
import type { RoundEnv } from '../../core/game';
import { BlackjackRulebook, optionBool } from '../../core/blackjack-rulebook';
import type { ExactRules } from '../../core/blackjack-edge/exact';
import { exactRulesOf, type MainBetPlan, type SampleConfig, valuationEnv } from '../../core/blackjack-edge/house-edge';
import { rulebooks as BLACKJACK_RULEBOOKS } from './rulebook';

type Env = RoundEnv<BlackjackRulebook>;

/** The blackjack main bet's plan: the table's options that change it, and basic strategy under them. */
export function blackjackPlan(env: Env): MainBetPlan {
  const rb = env.rulebook;
  const hitSoft17 = optionBool(env.options, 'dealerHitsSoft17', rb.dealerHitsSoft17.value);
  const surrender = optionBool(env.options, 'surrender', true);
  const aceOne = optionBool(env.options, 'doubleAceCountsOne', false);
  return {
    key: `${rb.jurisdiction}:h17=${+hitSoft17}:surrender=${+surrender}:aceOne=${+aceOne}`,
    plays: 1,
    settings: { dealerHitsSoft17: hitSoft17, surrender, doubleAceCountsOne: aceOne, decks: rb.decks.value },
    strategy: {
      hitSoft17,
      surrender,
      doubleAceCountsOne: aceOne,
      doubles: true,
      doubleOnTotals: rb.doubleOnTotals.value,
      doubleAfterSplit: rb.doubleAfterSplit.value,
      splits: true,
      // the croupier splits to four hands at most; the texts set no limit ("tantas manos", euskadi L1744–1746)
      maxHands: 4,
    },
  };
}

/** The blackjack configurations stored: each jurisdiction × the options that change the main bet. */
export function blackjackConfigs(rulebooks: readonly BlackjackRulebook[]): SampleConfig[] {
  const out: SampleConfig[] = [];
  for (const rulebook of rulebooks) {
    for (const dealerHitsSoft17 of [false, true]) {
      for (const surrender of [true, false]) {
        for (const doubleAceCountsOne of [false, true]) {
          const options = { dealerHitsSoft17, surrender, doubleAceCountsOne };
          out.push({ rulebook, options, plan: blackjackPlan(valuationEnv(rulebook, options)) });
        }
      }
    }
  }
  return out;
}

/** Every blackjack rulebook × the session options the main bet's value depends on, as exact rules. */
export function blackjackExactConfigs(rulebooks: readonly BlackjackRulebook[] = Object.values(BLACKJACK_RULEBOOKS) as BlackjackRulebook[]): ExactRules[] {
  const out: ExactRules[] = [];
  for (const rulebook of rulebooks) {
    for (const dealerHitsSoft17 of [false, true]) {
      for (const surrender of [true, false]) {
        for (const doubleAceCountsOne of [false, true]) out.push(exactRulesOf(valuationEnv(rulebook, { dealerHitsSoft17, surrender, doubleAceCountsOne })));
      }
    }
  }
  return out;
}
