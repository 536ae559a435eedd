/**
 * The one circle-poker engine: every variant (draw, Omaha, hi-lo, Hold'em, double board, studs,
 * sintético) is this decider configured by a `CircleVariant` and a per-jurisdiction `CircleRulebook`.
 * It folds the hand's facts and judges them; this file only assembles the parts, each of which can be read
 * and tested alone: who is dealt in (`seating.ts`), the dealing and the draw (`dealing.ts`), the forced bets
 * and the betting (`betting.ts`), the course from phase to interval that both move on (`course.ts`), the pot
 * awards and settlements (`showdown.ts`), the house benefit (`cagnotte.ts`), the session's options
 * (`options.ts`) and what the judge shows of a hand (`description.ts`).
 */
import type { GameRules } from '../game';
import { applyForcedBet, applyDecision, forcedBetLimits, judgeDecision, judgeForcedBet, refuseBetting } from './betting';
import { chargeSessionFee, expectedCagnotte, judgeSessionFee } from './cagnotte';
import { applyCard, deckFor, judgeCard, judgeDealEnd, refuseCard } from './dealing';
import { describeHand, narrateFact } from './description';
import { CIRCLE_FACTS } from './facts';
import { HandChange } from './hand-change';
import { judgeCircleOpening } from './opening';
import { refuseCircleOptions } from './options';
import type { CircleRulebook } from './rulebook';
import { judgeHandOpened, openHand, refuseHandOpened } from './seating';
import { judgePotAwarded, settleSeat, shareAward } from './showdown';
import { CircleState, CircleVariant, emptyState, totalPot } from './state';

export function circleGame(variant: CircleVariant, rulebooks: Partial<Record<string, CircleRulebook>>): GameRules<CircleState, CircleRulebook> {
  const rules: GameRules<CircleState, CircleRulebook> = {
    game: variant.game,
    family: 'circle-poker',
    rulebooks: rulebooks as Partial<Record<CircleRulebook['jurisdiction'], CircleRulebook>>,
    factTypes: CIRCLE_FACTS,
    deck: (env) => deckFor(env),
    refuseOptions: refuseCircleOptions,
    judgeOpening: (opening, env) => judgeCircleOpening(variant.game, opening, env),

    refuse(fact, env) {
      switch (fact.type) {
        case 'CardDealt':
          return refuseCard(variant, fact, env);
        case 'PlayerDecision':
        case 'BetPlaced':
          return refuseBetting(fact);
        case 'HandOpened':
          return refuseHandOpened(fact);
      }
      return null;
    },

    carry(carried, fact, env) {
      const c = (carried ?? { lastMano: null, blankHands: 0, carriedPot: 0, hand: null }) as {
        lastMano: number | null;
        blankHands: number;
        carriedPot: number;
        hand: CircleState | null;
      };
      if (fact.type === 'HandOpened')
        return { ...c, lastMano: Number(fact.data.mano), hand: env.rulebook.openers.value ? rules.evolve(rules.initialState(env), fact, env) : null };
      if (!env.rulebook.openers.value || !c.hand) return c;
      if (fact.type === 'RoundCompleted') {
        const blank = c.hand.handOver === 'blank';
        return { ...c, hand: null, blankHands: blank ? c.blankHands + 1 : 0, carriedPot: blank ? totalPot(c.hand) : 0 };
      }
      if (fact.type === 'RoundVoided') return { ...c, hand: null };
      return { ...c, hand: rules.evolve(c.hand, fact, env) };
    },

    initialState(env) {
      const st = emptyState();
      const c = env.ctx.carried as { blankHands?: number; carriedPot?: number } | undefined;
      if (env.rulebook.openers.value && c) {
        st.blankHands = c.blankHands ?? 0;
        st.carriedPot = c.carriedPot ?? 0;
      }
      return st;
    },

    evolve(before, fact, env) {
      switch (fact.type) {
        case 'HandOpened':
          return openHand(before, fact, env);
        case 'BetPlaced': {
          const change = new HandChange(before);
          applyForcedBet(change, fact);
          return change.st;
        }
        case 'CardDealt': {
          const change = new HandChange(before);
          applyCard(variant, change, fact, env);
          return change.st;
        }
        case 'PlayerDecision': {
          const change = new HandChange(before);
          applyDecision(variant, change, fact, env);
          return change.st;
        }
        case 'SessionFeeCharged':
          return chargeSessionFee(before, fact);
        case 'RoundCompleted': {
          const st = { ...before, completed: true };
          // the award does not depend on `completed`: the hand is not ranked again for the final checks
          shareAward(before, st);
          return st;
        }
        default:
          return before;
      }
    },

    judgeFact(before, fact, env) {
      switch (fact.type) {
        case 'HandOpened':
          return judgeHandOpened(variant, fact, env);
        case 'PlayerDecision':
          return judgeDecision(variant, before, fact, env);
        case 'CardDealt':
          return judgeCard(variant, before, fact, env);
        case 'PotAwarded':
          return judgePotAwarded(variant, before, fact, env);
        case 'SessionFeeCharged':
          return judgeSessionFee(variant, fact, env);
      }
      return [];
    },

    judgeBet: (bet, st, env) => judgeForcedBet(variant, bet, st, env),
    betLimits: (bet, env) => forcedBetLimits(variant, bet, env),
    settle: (st, query, env) => settleSeat(variant, st, query, env),
    expectedCagnotte: (st, env) => expectedCagnotte(variant, st, env),
    isDecided: (st) => st.handOver !== null || (st.completed && st.opened && !st.interval),
    judgeEnd: (st, env) => judgeDealEnd(variant, st, env),
    describe: (st, env) => describeHand(variant, st, env),
    narrate: (fact, before, after) => narrateFact(fact, before, after),
  };
  return rules;
}
