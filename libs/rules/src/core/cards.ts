/**
 * Playing cards as the contract writes them ("AS", "10H", "QD", "JK" for a joker), the decks the
 * catalogues use (52, 32 and 28 cards, with jokers where a game adds them) and shoes of several decks.
 */

export const SUITS = ['S', 'H', 'D', 'C'] as const;
export type Suit = (typeof SUITS)[number];
export const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];

export interface Card {
  readonly code: string;
  readonly rank: Rank | 'JK';
  readonly suit: Suit | null;
  /** 2..14 (ace high); 0 for a joker */
  readonly value: number;
}

export const JOKER = 'JK';
const RED: ReadonlySet<Suit> = new Set(['H', 'D']);

export function parseCard(code: string): Card | null {
  if (typeof code !== 'string') return null;
  const c = code.trim().toUpperCase();
  if (c === JOKER) return { code: JOKER, rank: 'JK', suit: null, value: 0 };
  const rank = c.slice(0, -1) as Rank;
  const suit = c.slice(-1) as Suit;
  const index = RANKS.indexOf(rank);
  if (index < 0 || !SUITS.includes(suit)) return null;
  return { code: `${rank}${suit}`, rank, suit, value: index + 2 };
}

export function card(code: string): Card {
  const parsed = parseCard(code);
  if (!parsed) throw new Error(`not a card: ${code}`);
  return parsed;
}

export const isRed = (c: Card): boolean => c.suit !== null && RED.has(c.suit);
export const isJoker = (c: Card): boolean => c.rank === 'JK';

/** Baccarat point value: ace 1, 2–9 face, 10 and figures 0. */
export function baccaratPoints(c: Card): number {
  if (c.rank === 'A') return 1;
  if (c.value >= 10) return 0;
  return c.value;
}

/** Trente-et-quarante / blackjack pip value: ace 1 (blackjack may count it 11), figures 10. */
export function pipValue(c: Card): number {
  if (c.rank === 'A') return 1;
  return Math.min(c.value, 10);
}

/** One deck's composition: which ranks, how many jokers. */
export interface DeckSpec {
  readonly name: string;
  readonly ranks: readonly Rank[];
  readonly jokers: number;
}

export const DECK_52: DeckSpec = { name: '52 cards', ranks: RANKS, jokers: 0 };
/** piquet deck: A, K, Q, J, 10, 9, 8, 7 of each suit */
export const DECK_32: DeckSpec = { name: '32 cards (7 to ace)', ranks: ['7', '8', '9', '10', 'J', 'Q', 'K', 'A'], jokers: 0 };
/** A, K, Q, J, 10, 9, 8 of each suit */
export const DECK_28: DeckSpec = { name: '28 cards (8 to ace)', ranks: ['8', '9', '10', 'J', 'Q', 'K', 'A'], jokers: 0 };

export const withJokers = (deck: DeckSpec, jokers: number): DeckSpec => ({
  name: `${deck.name} + ${jokers} joker${jokers === 1 ? '' : 's'}`,
  ranks: deck.ranks,
  jokers,
});

/** How many copies of a card one deck of this spec holds (0 = the card does not exist on this equipment). */
export function copiesPerDeck(deck: DeckSpec, c: Card): number {
  if (isJoker(c)) return deck.jokers;
  return deck.ranks.includes(c.rank as Rank) ? 1 : 0;
}

export function deckCards(deck: DeckSpec): string[] {
  const cards: string[] = [];
  for (const suit of SUITS) for (const rank of deck.ranks) cards.push(`${rank}${suit}`);
  for (let j = 0; j < deck.jokers; j++) cards.push(JOKER);
  return cards;
}

/** All the cards of a shoe of `decks` decks, in order (shuffle separately). */
export function shoeCards(deck: DeckSpec, decks: number): string[] {
  const cards: string[] = [];
  for (let d = 0; d < decks; d++) cards.push(...deckCards(deck));
  return cards;
}

/** Deterministic pseudo-random generator (mulberry32) so simulated shoes replay from a seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
