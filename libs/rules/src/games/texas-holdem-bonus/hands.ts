/**
 * The Bonus bet's hands (cantabria A.14.5), apart from the rules so that the house edge (./house-edge.ts), which
 * the rules import, can class the player's two cards without importing the rules back.
 */
import { parseCard } from '../../core/cards';
import type { BonusHand } from './rulebook';

/** The Bonus hand of two cards ("undecided" while the bank's cards are needed for A-A against A-A). */
export function bonusHand(hole: readonly string[], bank: readonly string[]): BonusHand | null | 'undecided' {
  const cards = hole.map((c) => parseCard(c)!).sort((a, b) => b.value - a.value);
  const [hi, lo] = cards.map((c) => c.value);
  const suited = cards[0].suit === cards[1].suit;
  if (hi === 14 && lo === 14) {
    if (bank.length < 2) return 'undecided';
    return bank.every((c) => parseCard(c)?.value === 14) ? 'aces-against-bank-aces' : 'aces';
  }
  if (hi === lo) return hi >= 11 ? 'jacks-to-kings' : 'twos-to-tens';
  if (hi === 14 && lo === 13) return suited ? 'ace-king-suited' : 'ace-king-offsuit';
  if (hi === 14 && (lo === 12 || lo === 11)) return suited ? 'ace-queen-or-jack-suited' : 'ace-queen-or-jack-offsuit';
  return null;
}
