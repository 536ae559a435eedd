/**
 * The poker hand evaluator shared by every poker game (against the bank and in circle):
 * five-card rankings with a configurable category order (short decks and andalucia caribbean-stud rank a
 * flush above a full house), best five of n, Omaha two-plus-three, hi-lo low hands, three-card rankings
 * and the pai gow joker ("bug"). Pure functions over card codes ("AS", "10H", "JK").
 *
 * Stable API: `evaluateFive`, `bestOf`, `bestOmaha`, `bestLow`, `compareLow`, `evaluateThree`,
 * `compareHands`, `qualifies`, `handName`, the `Category` names and the `Ranking`s below.
 */
import { Card, parseCard, RANKS, SUITS } from '../cards';

/** Category names, English kebab-case. `five-of-a-kind` exists only with a joker (pai gow five aces). */
export type Category =
  | 'five-of-a-kind'
  | 'royal-flush'
  | 'straight-flush'
  | 'four-of-a-kind'
  | 'full-house'
  | 'flush'
  | 'straight'
  | 'three-of-a-kind'
  | 'two-pair'
  | 'pair'
  | 'high-card';

export const CATEGORIES: readonly Category[] = [
  'five-of-a-kind',
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'full-house',
  'flush',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'pair',
  'high-card',
];

/** How hands rank: the category order (best first) and how the ace plays low in a straight. */
export interface Ranking {
  readonly name: string;
  /** categories, best first; a category absent here ranks above all (cannot occur on that equipment) */
  readonly order: readonly Category[];
  /** lowest rank of the deck (2 for 52 cards, 7 for 32, 8 for 28): the ace below it makes the lowest straight */
  readonly lowestRank: number;
  /** pai gow: A-2-3-4-5 is the second-highest straight (euskadi L9235–9275, cantabria L4253–4294) */
  readonly wheelSecondHighest?: boolean;
  /** the joker may stand for an ace or complete a straight, flush or straight flush (pai gow "bug") */
  readonly jokerAsBug?: boolean;
}

const STANDARD_ORDER: readonly Category[] = CATEGORIES.slice(1);
const FLUSH_OVER_FULL_ORDER: readonly Category[] = [
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'flush',
  'full-house',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'pair',
  'high-card',
];

/** 52 cards, full house above flush, A-2-3-4-5 the lowest straight. */
export const STANDARD: Ranking = { name: 'standard', order: STANDARD_ORDER, lowestRank: 2 };
/** 52 cards with a flush above a full house (andalucia caribbean-stud, andalucia L83–85, index.md OQ-31). */
export const FLUSH_OVER_FULL: Ranking = { name: 'flush-over-full', order: FLUSH_OVER_FULL_ORDER, lowestRank: 2 };
/** 32-card deck (7 to ace): flush beats full; A-7-8-9-10 is the lowest straight (games.md circle-poker-five-card-stud). */
export const SHORT_DECK_32: Ranking = { name: 'short-deck-32', order: FLUSH_OVER_FULL_ORDER, lowestRank: 7 };
/** 28-card deck (8 to ace): flush beats full; A-8-9-10-J is a straight (games.md synthetic-poker). */
export const SHORT_DECK_28: Ranking = { name: 'short-deck-28', order: FLUSH_OVER_FULL_ORDER, lowestRank: 8 };
/** 28-card deck with the full house above the flush (andalucia synthetic-poker, andalucia L203–205). */
export const SHORT_DECK_28_FULL_OVER_FLUSH: Ranking = { name: 'short-deck-28-full-over-flush', order: STANDARD_ORDER, lowestRank: 8 };
/** Pai gow: 52 + joker; five aces above the royal; A-2-3-4-5 second-highest straight. */
export const PAI_GOW: Ranking = {
  name: 'pai-gow',
  order: CATEGORIES,
  lowestRank: 2,
  wheelSecondHighest: true,
  jokerAsBug: true,
};

/** Three-card poker: straight beats flush, three of a kind beats straight (euskadi L9750–9773, cantabria L4526–4549). */
export const THREE_CARD: Ranking = {
  name: 'three-card',
  order: ['royal-flush', 'straight-flush', 'three-of-a-kind', 'straight', 'flush', 'pair', 'high-card'],
  lowestRank: 2,
};

const RANKINGS: Readonly<Record<string, Ranking>> = Object.fromEntries(
  [STANDARD, FLUSH_OVER_FULL, SHORT_DECK_32, SHORT_DECK_28, SHORT_DECK_28_FULL_OVER_FLUSH, PAI_GOW, THREE_CARD].map((r) => [r.name, r]),
);

export interface HandValue {
  readonly category: Category;
  /** higher is better; only comparable between hands evaluated with the same ranking */
  readonly strength: number;
  /** tie-break ranks in order of significance (2..14, ace high; a straight's top card, 5 for the wheel) */
  readonly ranks: readonly number[];
  /** the cards the hand is made of, most significant first (a joker as "JK") */
  readonly cards: readonly string[];
  readonly ranking: string;
}

type CardInput = string | Card;

function toCards(cards: readonly CardInput[]): Card[] {
  return cards.map((c) => {
    const parsed = typeof c === 'string' ? parseCard(c) : c;
    if (!parsed) throw new Error(`not a card: ${String(c)}`);
    return parsed;
  });
}

const asRanking = (r?: Ranking | readonly Category[]): Ranking =>
  !r ? STANDARD : Array.isArray(r) ? { ...STANDARD, name: 'custom', order: r as readonly Category[] } : (r as Ranking);

function strengthOf(ranking: Ranking, category: Category): number {
  const i = ranking.order.indexOf(category);
  return i < 0 ? ranking.order.length + 1 : ranking.order.length - i;
}

/** Groups of equal values, largest group first, then highest value. */
function groups(values: readonly number[]): Array<{ value: number; count: number }> {
  const out: Array<{ value: number; count: number }> = [];
  for (const v of values) {
    const g = out.find((x) => x.value === v);
    if (g) g.count++;
    else out.push({ value: v, count: 1 });
  }
  return out.sort((a, b) => b.count - a.count || b.value - a.value);
}

/**
 * Hands already evaluated, by cards and ranking. Judging a round describes the table after every fact,
 * and each description ranks the same hands again (best five of seven is 21 evaluations): the values
 * are pure functions of their input, so they are computed once. Across rounds hands seldom repeat, so
 * a few rounds' worth is kept (a round of ten seats ranks a few hundred hands): cleared when full.
 */
const MEMO_LIMIT = 4_096;
const memo = new Map<string, HandValue>();

/** A short key per distinct ranking (by content: the same order and rules share one key), cached per object. */
const rankingIds = new Map<string, number>();
const rankingKeys = new WeakMap<object, string>();
function rankingKey(r?: Ranking | readonly Category[]): string {
  if (!r) return 's';
  let key = rankingKeys.get(r);
  if (key === undefined) {
    const k = r as Ranking;
    const content = Array.isArray(r) ? `custom:${r.join(',')}` : `${k.name}:${k.order.join(',')}:${k.lowestRank}:${k.wheelSecondHighest}:${k.jokerAsBug}`;
    let id = rankingIds.get(content);
    if (id === undefined) rankingIds.set(content, (id = rankingIds.size));
    key = `r${id}`;
    rankingKeys.set(r, key);
  }
  return key;
}

const codeOf = (c: CardInput) => (typeof c === 'string' ? c : c.code);

function remembered(kind: string, cards: readonly CardInput[], ranking: Ranking | readonly Category[] | undefined, compute: () => HandValue, more = ''): HandValue {
  const key = `${kind}|${rankingKey(ranking)}|${cards.map(codeOf).join(',')}${more}`;
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, value);
  }
  return value;
}

/** The straight's top card (5 for A-2-3-4-5), or null. */
function straightTop(values: readonly number[], ranking: Ranking, size: number): number | null {
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  if (distinct.length !== size) return null;
  if (distinct[0] - distinct[size - 1] === size - 1) return distinct[0];
  // ace low: A below the deck's lowest rank (A-2-3-4-5, A-7-8-9-10, A-8-9-10-J; A-2-3 in three-card poker)
  const low = ranking.lowestRank;
  const rest = distinct.slice(1);
  if (distinct[0] === 14 && rest[rest.length - 1] === low && rest[0] === low + size - 2) return low + size - 2;
  return null;
}

function orderCards(cards: readonly Card[], byValue: readonly number[]): string[] {
  const pool = [...cards];
  const out: string[] = [];
  for (const v of byValue) {
    const at = pool.findIndex((c) => c.value === v);
    if (at >= 0) out.push(pool.splice(at, 1)[0].code);
  }
  return [...out, ...pool.map((c) => c.code)];
}

function evaluateNatural(cards: readonly Card[], ranking: Ranking): HandValue {
  const values = cards.map((c) => c.value);
  const flush = cards.every((c) => c.suit !== null && c.suit === cards[0].suit);
  let top = straightTop(values, ranking, 5);
  const wheel = top !== null && top !== 14 && values.includes(14);
  const g = groups(values);
  const shape = g.map((x) => x.count).join('');
  let category: Category;
  let ranks: number[];
  if (top !== null) {
    if (wheel && ranking.wheelSecondHighest) top = 13.5; // between A-K-Q-J-10 and K-Q-J-10-9
    category = flush ? (top === 14 ? 'royal-flush' : 'straight-flush') : 'straight';
    ranks = [top];
  } else {
    category =
      shape === '5'
        ? 'five-of-a-kind'
        : shape === '41'
          ? 'four-of-a-kind'
          : shape === '32'
            ? 'full-house'
            : flush
              ? 'flush'
              : shape === '311'
                ? 'three-of-a-kind'
                : shape === '221'
                  ? 'two-pair'
                  : shape === '2111'
                    ? 'pair'
                    : 'high-card';
    ranks = flush && category === 'flush' ? [...values].sort((a, b) => b - a) : g.map((x) => x.value);
  }
  const ordered = top !== null ? (wheel ? orderCards(cards, [5, 4, 3, 2, 14]).slice() : orderCards(cards, [...values].sort((a, b) => b - a))) : orderCards(cards, g.flatMap((x) => Array(x.count).fill(x.value)));
  return { category, strength: strengthOf(ranking, category), ranks, cards: ordered, ranking: ranking.name };
}

const BUG_CATEGORIES: ReadonlySet<Category> = new Set(['straight', 'flush', 'straight-flush', 'royal-flush']);

function evaluateWithJokers(cards: readonly Card[], ranking: Ranking): HandValue {
  const at = cards.findIndex((c) => c.rank === 'JK');
  const others = cards.filter((_, i) => i !== at);
  const present = new Set(others.map((c) => c.code));
  let best: HandValue | null = null;
  for (const rank of RANKS) {
    for (const suit of SUITS) {
      const code = `${rank}${suit}`;
      // the joker is an ace (a fifth ace makes five of a kind) or a card missing from a straight or flush
      if (present.has(code) && rank !== 'A') continue;
      const sub = parseCard(code) as Card;
      const candidate = [...others.slice(0, at), sub, ...others.slice(at)];
      const value = candidate.some((c) => c.rank === 'JK') ? evaluateWithJokers(candidate, ranking) : evaluateNatural(candidate, ranking);
      if (rank !== 'A' && ranking.jokerAsBug !== false && !BUG_CATEGORIES.has(value.category)) continue;
      const shown = [...value.cards];
      const j = shown.lastIndexOf(code);
      if (j >= 0) shown[j] = 'JK';
      const asJoker: HandValue = { ...value, cards: shown };
      if (!best || compareHands(asJoker, best) > 0) best = asJoker;
    }
  }
  return best as HandValue;
}

/**
 * Rank exactly five cards. `ranking` is a `Ranking` or just a category order (best first) on a 52-card deck.
 * A joker plays as the pai gow bug unless the ranking says `jokerAsBug: false` (then it is fully wild).
 */
export function evaluateFive(cards: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  if (cards.length !== 5) throw new Error(`evaluateFive needs 5 cards, got ${cards.length}`);
  return remembered('5', cards, ranking, () => evaluateFiveNow(cards, ranking));
}

function evaluateFiveNow(cards: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  const r = asRanking(ranking);
  const parsed = toCards(cards);
  return parsed.some((c) => c.rank === 'JK') ? evaluateWithJokers(parsed, r) : evaluateNatural(parsed, r);
}

/** Three-card poker: royal (A-K-Q suited) > straight flush > three of a kind > straight > flush > pair > high card. */
export function evaluateThree(cards: readonly CardInput[], ranking: Ranking = THREE_CARD): HandValue {
  if (cards.length !== 3) throw new Error(`evaluateThree needs 3 cards, got ${cards.length}`);
  const parsed = toCards(cards);
  const values = parsed.map((c) => c.value);
  const flush = parsed.every((c) => c.suit !== null && c.suit === parsed[0].suit);
  const top = straightTop(values, ranking, 3);
  const g = groups(values);
  let category: Category;
  let ranks: number[];
  if (top !== null) {
    category = flush ? (top === 14 ? 'royal-flush' : 'straight-flush') : 'straight';
    ranks = [top];
  } else {
    category = g[0].count === 3 ? 'three-of-a-kind' : g[0].count === 2 ? 'pair' : flush ? 'flush' : 'high-card';
    ranks = g.map((x) => x.value);
  }
  const ordered = top === 3 ? orderCards(parsed, [3, 2, 14]) : orderCards(parsed, g.flatMap((x) => Array(x.count).fill(x.value)));
  return { category, strength: strengthOf(ranking, category), ranks, cards: ordered, ranking: ranking.name };
}

/** Positive when `a` beats `b`, negative when `b` wins, 0 for an exact tie (suits never break ties). */
export function compareHands(a: HandValue, b: HandValue): number {
  if (a.strength !== b.strength) return a.strength > b.strength ? 1 : -1;
  const n = Math.max(a.ranks.length, b.ranks.length);
  for (let i = 0; i < n; i++) {
    const x = a.ranks[i] ?? 0;
    const y = b.ranks[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

function* combinations<T>(items: readonly T[], k: number, start = 0, acc: T[] = []): Generator<T[]> {
  if (acc.length === k) {
    yield [...acc];
    return;
  }
  for (let i = start; i <= items.length - (k - acc.length); i++) {
    acc.push(items[i]);
    yield* combinations(items, k, i + 1, acc);
    acc.pop();
  }
}

/** All k-card subsets (in input order). */
export function choose<T>(items: readonly T[], k: number): T[][] {
  return [...combinations(items, k)];
}

/** The best n-card hand (5 by default; 3 uses the three-card ranking) that can be made from `cards`. */
export function bestOf(cards: readonly CardInput[], n = 5, ranking?: Ranking | readonly Category[]): HandValue {
  if (cards.length < n) throw new Error(`bestOf needs at least ${n} cards, got ${cards.length}`);
  if (n !== 3 && n !== 5) throw new Error(`bestOf evaluates 3- or 5-card hands, not ${n}`);
  return remembered(`best${n}`, cards, ranking, () => bestOfNow(cards, n, ranking));
}

function bestOfNow(cards: readonly CardInput[], n: number, ranking?: Ranking | readonly Category[]): HandValue {
  const evaluate = (five: CardInput[]) => (n === 3 ? evaluateThree(five, ranking ? asRanking(ranking) : THREE_CARD) : evaluateFiveNow(five, ranking));
  let best: HandValue | null = null;
  for (const combo of combinations(cards, n)) {
    const value = evaluate(combo);
    if (!best || compareHands(value, best) > 0) best = value;
  }
  return best as HandValue;
}

/** Omaha: exactly two hole cards and three board cards (euskadi L12135–12139, cantabria L6266–6272). */
export function bestOmaha(hole: readonly CardInput[], board: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  return remembered('omaha', hole, ranking, () => bestOmahaNow(hole, board, ranking), `|${board.map(codeOf).join(',')}`);
}

function bestOmahaNow(hole: readonly CardInput[], board: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  let best: HandValue | null = null;
  for (const two of combinations(hole, 2)) {
    for (const three of combinations(board, 3)) {
      const value = evaluateFiveNow([...two, ...three], ranking);
      if (!best || compareHands(value, best) > 0) best = value;
    }
  }
  if (!best) throw new Error('bestOmaha needs at least 2 hole and 3 board cards');
  return best;
}

/** A qualifying low hand: five distinct ranks of 8 or lower, ace low (index.md OQ-38). */
export interface LowHand {
  /** ranks high to low, ace = 1 (the wheel is [5, 4, 3, 2, 1]) */
  readonly ranks: readonly number[];
  readonly cards: readonly string[];
}

const lowValue = (c: Card) => (c.value === 14 ? 1 : c.value);

function lowOfFive(cards: readonly Card[]): LowHand | null {
  if (cards.some((c) => c.rank === 'JK')) return null;
  const values = cards.map(lowValue);
  if (new Set(values).size !== 5 || values.some((v) => v > 8)) return null;
  const ordered = [...cards].sort((a, b) => lowValue(b) - lowValue(a));
  return { ranks: ordered.map(lowValue), cards: ordered.map((c) => c.code) };
}

/** Negative when `a` is the better (lower) low, positive when `b` is, 0 when equal. */
export function compareLow(a: LowHand, b: LowHand): number {
  for (let i = 0; i < 5; i++) if (a.ranks[i] !== b.ranks[i]) return a.ranks[i] < b.ranks[i] ? -1 : 1;
  return 0;
}

/**
 * The best low from `cards` (any five), or with `board` the Omaha low (exactly two of `cards` and three of
 * `board`); null when no five distinct ranks ≤ 8 exist (straights and flushes do not spoil a low).
 */
export function bestLow(cards: readonly CardInput[], board?: readonly CardInput[]): LowHand | null {
  const parsed = toCards(cards);
  const fives: Card[][] = [];
  if (board) {
    const b = toCards(board);
    for (const two of combinations(parsed, 2)) for (const three of combinations(b, 3)) fives.push([...two, ...three]);
  } else {
    fives.push(...combinations(parsed, 5));
  }
  let best: LowHand | null = null;
  for (const five of fives) {
    const low = lowOfFive(five);
    if (low && (!best || compareLow(low, best) < 0)) best = low;
  }
  return best;
}

/**
 * Does `hand` reach a minimum such as the bank's qualifier ("A-K or better": high-card [14, 13];
 * "pair of 8s or better": pair [8]; "queen high": high-card [12])? Only the given ranks are compared.
 */
export function qualifies(hand: HandValue, minimum: { category: Category; ranks?: readonly number[] }, ranking?: Ranking | readonly Category[]): boolean {
  const r = asRanking(ranking ?? RANKINGS[hand.ranking]);
  const needed = strengthOf(r, minimum.category);
  if (hand.strength !== needed) return hand.strength > needed;
  const ranks = minimum.ranks ?? [];
  for (let i = 0; i < ranks.length; i++) {
    const x = hand.ranks[i] ?? 0;
    if (x !== ranks[i]) return x > ranks[i];
  }
  return true;
}

const RANK_NAMES: Record<number, string> = { 14: 'ace', 13: 'king', 12: 'queen', 11: 'jack', 10: 'ten', 9: 'nine', 8: 'eight', 7: 'seven', 6: 'six', 5: 'five', 4: 'four', 3: 'three', 2: 'two', 13.5: 'five (A-2-3-4-5)' };
const rankName = (v: number) => RANK_NAMES[v] ?? String(v);
const plural = (v: number) => (v === 6 ? 'sixes' : `${rankName(v)}s`);

/** Plain-English name of a hand for the inspector: "pair of eights", "flush, ace high", "straight to the five". */
export function handName(hand: HandValue): string {
  const [a, b] = hand.ranks;
  switch (hand.category) {
    case 'five-of-a-kind':
      return `five ${plural(a)}`;
    case 'royal-flush':
      return 'royal flush';
    case 'straight-flush':
      return `straight flush to the ${rankName(a)}`;
    case 'four-of-a-kind':
      return `four ${plural(a)}`;
    case 'full-house':
      return `full house, ${plural(a)} over ${plural(b)}`;
    case 'flush':
      return `flush, ${rankName(a)} high`;
    case 'straight':
      return `straight to the ${rankName(a)}`;
    case 'three-of-a-kind':
      return `three ${plural(a)}`;
    case 'two-pair':
      return `two pair, ${plural(a)} and ${plural(b)}`;
    case 'pair':
      return `pair of ${plural(a)}`;
    default:
      return `${rankName(a)} high${b ? `, ${rankName(b)} next` : ''}`;
  }
}
