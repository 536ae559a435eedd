/**
 * The rulebook fields of a European no-hole-card blackjack table (blackjack and its variants, docs/decisions/games.md#blackjack):
 * what the table code in `blackjack-table.ts` reads. Each game's rulebook.ts gives the values, cited to its texts.
 */
import type { RulebookBase } from './game';
import type { Cited } from './types';

export const SEVENS_COMBINATIONS = ['seven', 'two-sevens', 'two-suited-sevens', 'three-sevens', 'three-suited-sevens'] as const;
export type SevensCombination = (typeof SEVENS_COMBINATIONS)[number];

export interface SevensPrizes {
  /** net odds per combination; the three suited 7s win the whole jackpot, at least `jackpotFloor` × the stake */
  readonly odds: Readonly<Record<Exclude<SevensCombination, 'three-suited-sevens'>, number>>;
  readonly jackpotFloor: number;
}

export interface BlackjackRulebook extends RulebookBase {
  readonly decks: Cited<number>;
  readonly burnCards: Cited<number>;
  /** cut card leaves at least this many decks unplayed */
  readonly cutCardReserveDecks: Cited<number>;
  /** coups begun after the cut card came out: 0, the coup in which it appears is the last of the shoe */
  readonly coupsAfterCut: Cited<number>;
  /** no coup is dealt with fewer hands bet on (boxes with a main bet); null: the text sets no minimum */
  readonly minimumHands: Cited<number | null>;
  readonly boxes: Cited<number>;
  /** the most boxes a table of this jurisdiction may have (a session's `boxes` option above it is flagged) */
  readonly mostBoxes: Cited<number>;
  /** bets (or players) on one box; null: not limited */
  readonly betsPerBox: Cited<number | null>;
  readonly winPays: Cited<number>;
  readonly blackjackPays: Cited<number>;
  readonly insurancePays: Cited<number>;
  /** insurance at most this share of the box's bet */
  readonly insuranceMaxShare: Cited<number>;
  /** insurance at least this share of the table minimum (cantabria); null: no minimum */
  readonly insuranceMinShareOfTableMin: Cited<number | null>;
  readonly dealerHitsSoft17: Cited<boolean>;
  /**
   * the dealer may draw only while a hand competes with him (issue 14 §3): cantabria "siempre que tenga
   * competidor" (L805–807). Elsewhere a draw with no live hand is no finding: euskadi says he "no necesitará"
   * draw (L1613–1615), need not, so may; illes-balears and galicia say nothing of it. No text is read as
   * requiring a draw nobody plays against: standing then is no finding anywhere.
   */
  readonly dealerDrawsOnlyAgainstLiveHand: Cited<boolean>;
  /** no player card on this total or more */
  readonly playerStopsAt: Cited<number>;
  /** split aces take one card each; a split 21 is not a blackjack */
  readonly splitAcesOneCard: Cited<boolean>;
  readonly tiePushes: Cited<boolean>;
  /** a blackjack against a dealer's ace may take 1:1 */
  readonly evenMoney: Cited<boolean>;
  /**
   * until when: the first third card (euskadi says so; galicia, which does not state even money, as the insurance
   * of a blackjack it is), or the dealer's second card (cantabria, illes-balears: no deadline; once the dealer has
   * drawn his hand is decided)
   */
  readonly evenMoneyUntil: Cited<'first-third-card' | 'dealer-draws'>;
  /** totals (aces as 1) on which a first two cards may double; null: any total */
  readonly doubleOnTotals: Cited<readonly number[] | null>;
  readonly doubleAfterSplit: Cited<boolean>;
  readonly threeSevensPays: Cited<number | null>;
  /** table maximum at most this many times the minimum (the highest tier the text allows) */
  readonly maxMultipleOfMin: Cited<number>;
  /** the maxima a table's authorisation may fix, as multiples of the minimum */
  readonly maxTiers: Cited<readonly number[]>;
  /** the sum of the bets on one hand may not pass the maximum */
  readonly maxIsPerHandSum: Cited<boolean>;
  /**
   * one player's bets on every hand he controls may not pass the maximum together. No text has it: the
   * maximum is per hand and may be exceeded by a seated player holding several hands (cantabria L995–998,
   * galicia L318, illes-balears L659–660 once the OCR's "per mai pot" is read "per mà i pot"); euskadi
   * speaks of the hand only (L2120–2122).
   */
  readonly maxAcrossControlledHands: Cited<boolean>;
  /** bets on the boxes only before the deal */
  readonly betsBeforeDeal: Cited<boolean>;
  /** pairs side bet: null where not offered */
  readonly pairs: Cited<{ perfect: number; colour: number; mixed: number; minShareOfTableMin: number; maxMultipleOfMin: number; betsPerBox: number } | null>;
  /** sevens jackpot side bet: null where not offered; `prizes` null where the text gives no table (docs/decisions/open-questions.md#oq-52) */
  readonly sevens: Cited<{ maxShareOfTableMin: number | null; prizes: SevensPrizes | null } | null>;
}

/** Option values as numbers / booleans, with the rulebook's default where the session set none. */
export const optionBool = (options: Readonly<Record<string, unknown>>, name: string, fallback: boolean): boolean =>
  typeof options[name] === 'boolean' ? (options[name] as boolean) : fallback;
