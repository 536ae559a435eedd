/**
 * The count a player keeps of a shoe (issue 21 §6): the Hi-Lo tags (2–6 +1, 7–9 0, tens and aces −1; Dubner's
 * count as published by Wong, *Professional Blackjack*, 1975, ch. 2) summed over the cards seen since the shoe
 * began — the running count — and divided by the decks still in the shoe — the true count, the figure a counter
 * bets by (Griffin, *The Theory of Blackjack*, 6th ed. 1999, ch. 4: the player's advantage rises about
 * linearly with it). A balanced count: a whole shoe sums to 0.
 *
 * Folded from the recorded facts alone (`ShoeStarted.decks`, `CardDealt`), so the simulator's counter and the
 * surveillance that looks for one see the same shoe. A card dealt face down (a burn) is out of the shoe but
 * not seen.
 */
import { parseCard } from './cards';

/** Hi-Lo tag of a card code; 0 for a joker or an unreadable code. */
export function hiLoTag(code: string): number {
  const card = parseCard(code);
  if (!card || card.rank === 'JK') return 0;
  if (['2', '3', '4', '5', '6'].includes(card.rank)) return 1;
  if (['10', 'J', 'Q', 'K', 'A'].includes(card.rank)) return -1;
  return 0;
}

export interface ShoeCountState {
  /** decks the shoe began with (null: no shoe recorded yet) */
  decks: number | null;
  /** shoes begun so far */
  shoes: number;
  /** cards out of the shoe, seen or not */
  dealt: number;
  running: number;
}

export const newShoeCount = (): ShoeCountState => ({ decks: null, shoes: 0, dealt: 0, running: 0 });

/** Fold one fact of the session into its count (in place). */
export function countFact(s: ShoeCountState, type: string, data: Record<string, unknown>): void {
  if (type === 'ShoeStarted') {
    const decks = Number(data.decks);
    s.decks = Number.isFinite(decks) && decks > 0 ? decks : null;
    s.shoes += 1;
    s.dealt = 0;
    s.running = 0;
  } else if (type === 'CardDealt' && s.decks !== null) {
    s.dealt += 1;
    if (data.faceUp !== false && data.to !== 'burn') s.running += hiLoTag(String(data.card));
  }
}

/** The true count now: running count per deck left (at least half a deck, as a counter estimates the discards); null without a shoe. */
export function trueCount(s: ShoeCountState): number | null {
  if (s.decks === null) return null;
  const decksLeft = Math.max(0.5, (52 * s.decks - s.dealt) / 52);
  return s.running / decksLeft;
}
