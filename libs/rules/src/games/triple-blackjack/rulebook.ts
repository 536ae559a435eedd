/**
 * Triple blackjack (docs/decisions/games.md#triple-blackjack, euskadi 03.01 only): "everything not stated follows
 * blackjack" (euskadi L2250–2257), so the rulebook is the euskadi blackjack rulebook with the
 * variant's own rules on top.
 */
import { cited, Cited, JurisdictionId } from '../../core/types';
import type { BlackjackRulebook } from '../../core/blackjack-rulebook';
import { rulebooks as BLACKJACK_RULEBOOKS } from '../blackjack/rulebook';

export interface TripleBlackjackRulebook extends BlackjackRulebook {
  /** boxes in front of each player, numbered 1–3, played one after the other against the dealer */
  readonly boxesPerPlayer: Cited<number>;
  /** a bust loses the bets of every box of the hand */
  readonly bustLosesAllBoxes: Cited<boolean>;
  /** the dealer keeps his first card for every play and draws again */
  readonly dealerKeepsFirstCard: Cited<boolean>;
}

const base = BLACKJACK_RULEBOOKS.euskadi!;

export const rulebooks: Partial<Record<JurisdictionId, TripleBlackjackRulebook>> = {
  euskadi: {
    ...base,
    game: 'triple-blackjack',
    source: 'euskadi L2248–2526',
    boxesPerPlayer: cited(3, 'euskadi L2259–2264'),
    betsPerBox: cited(1, 'euskadi L2259–2264'),
    bustLosesAllBoxes: cited(true, 'euskadi L2285–2289'),
    dealerKeepsFirstCard: cited(true, 'euskadi L2402–2435'),
    // unlike blackjack (L1613–1615), each play: "se dará a sí mismo una o varias cartas, siempre que tenga competidor"
    dealerDrawsOnlyAgainstLiveHand: cited(true, 'euskadi L2291–2293, L2407–2408'),
    // the side bets of 03 are not part of the variant; its own jackpot bet has no prize table (docs/decisions/open-questions.md#oq-52)
    pairs: cited(null, 'euskadi L2248–2526'),
    sevens: cited(null, 'euskadi L2248–2526'),
    options: {
      ...base.options,
      pairsAllowed: cited(false, 'euskadi L2248–2526'),
      sevensAllowed: cited(false, 'euskadi L2248–2526'),
      // jackpot prize table from the casino's authorisation: { "<hand>": N } net odds (docs/decisions/open-questions.md#oq-52)
      jackpotPrizes: cited(null, 'index.md OQ-52 (euskadi L2277–2278, L2307–2308)'),
    },
  },
};
