/**
 * The poker hand evaluator shared by every poker game (against the bank and in circle):
 * five-card rankings with a configurable category order (short decks and andalucia caribbean-stud rank a
 * flush above a full house), best five of n, Omaha two-plus-three, hi-lo low hands, three-card rankings
 * and the pai gow joker ("bug"). Pure functions over card codes ("AS", "10H", "JK").
 *
 * Stable API: `evaluateFive`, `bestOf`, `bestOmaha`, `bestLow`, `compareLow`, `evaluateThree`,
 * `compareHands`, `qualifies`, `handName`, the `Category` names and the `Ranking`s below.
 */
import { Card, isJoker, parseCard, RANKS, SUITS } from '../cards';
import { phrase, type Phrase } from '../phrase';

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
  /**
   * The card a joker completing a flush (or straight flush) stands for: by default the highest card of the
   * suit missing from the hand (the common convention); `ace`: an ace even where the suit's ace is held,
   * so that A-K-7-4 of hearts with the joker is a flush of two aces, above every natural ace-high flush.
   */
  readonly jokerInFlush?: JokerInFlush;
}

export type JokerInFlush = 'highest-missing' | 'ace';

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
/** 52 cards with a flush above a full house (andalucia caribbean-stud, andalucia L83–85, docs/decisions/open-questions.md#oq-31). */
export const FLUSH_OVER_FULL: Ranking = { name: 'flush-over-full', order: FLUSH_OVER_FULL_ORDER, lowestRank: 2 };
/** 32-card deck (7 to ace): flush beats full; A-7-8-9-10 is the lowest straight (docs/decisions/games.md#circle-poker-five-card-stud). */
export const SHORT_DECK_32: Ranking = { name: 'short-deck-32', order: FLUSH_OVER_FULL_ORDER, lowestRank: 7 };
/** 28-card deck (8 to ace): flush beats full; A-8-9-10-J is a straight (docs/decisions/games.md#synthetic-poker). */
export const SHORT_DECK_28: Ranking = { name: 'short-deck-28', order: FLUSH_OVER_FULL_ORDER, lowestRank: 8 };
/** 28-card deck with the full house above the flush (andalucia synthetic-poker, andalucia L203–205). */
export const SHORT_DECK_28_FULL_OVER_FLUSH: Ranking = { name: 'short-deck-28-full-over-flush', order: STANDARD_ORDER, lowestRank: 8 };
/**
 * Pai gow: 52 + joker; five aces above the royal; A-2-3-4-5 second-highest straight; the joker completing
 * a flush is the highest card missing from the suit (euskadi L9026–9029 and cantabria L4177–4181 are silent).
 */
export const PAI_GOW: Ranking = {
  name: 'pai-gow',
  order: CATEGORIES,
  lowestRank: 2,
  wheelSecondHighest: true,
  jokerAsBug: true,
  jokerInFlush: 'highest-missing',
};
/** Pai gow with the joker completing a flush always an ace (session option `jokerInFlush: "ace"`). */
export const PAI_GOW_JOKER_ACE: Ranking = { ...PAI_GOW, name: 'pai-gow-joker-ace', jokerInFlush: 'ace' };

/** Three-card poker: straight beats flush, three of a kind beats straight (euskadi L9750–9773, cantabria L4526–4549). */
export const THREE_CARD: Ranking = {
  name: 'three-card',
  order: ['royal-flush', 'straight-flush', 'three-of-a-kind', 'straight', 'flush', 'pair', 'high-card'],
  lowestRank: 2,
};

const RANKINGS: Readonly<Record<string, Ranking>> = Object.fromEntries(
  [STANDARD, FLUSH_OVER_FULL, SHORT_DECK_32, SHORT_DECK_28, SHORT_DECK_28_FULL_OVER_FLUSH, PAI_GOW, PAI_GOW_JOKER_ACE, THREE_CARD].map((r) => [r.name, r]),
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

/** Cards already parsed, by their contract code: hands are ranked over and over, parsing them again each time costs. */
const parsedCodes = new Map<string, Card>();

function toCard(c: CardInput): Card {
  if (typeof c !== 'string') {
    if (!c) throw new Error(`not a card: ${String(c)}`);
    return c;
  }
  let parsed = parsedCodes.get(c);
  if (parsed === undefined) {
    const fresh = parseCard(c);
    if (!fresh) throw new Error(`not a card: ${String(c)}`);
    // only codes as the contract writes them are kept: at most 53 entries, whatever the input
    if (fresh.code === c) parsedCodes.set(c, fresh);
    parsed = fresh;
  }
  return parsed;
}

const toCards = (cards: readonly CardInput[]): Card[] => cards.map(toCard);

const asRanking = (r?: Ranking | readonly Category[]): Ranking =>
  !r ? STANDARD : Array.isArray(r) ? { ...STANDARD, name: 'custom', order: r as readonly Category[] } : (r as Ranking);

function strengthOf(ranking: Ranking, category: Category): number {
  const i = ranking.order.indexOf(category);
  return i < 0 ? ranking.order.length + 1 : ranking.order.length - i;
}

/**
 * Hands already evaluated, by cards and ranking. Judging a round describes the table after every fact,
 * and each description ranks the same hands again (best five of seven is 21 evaluations): the values
 * are pure functions of their input, so they are computed once. Across rounds hands seldom repeat, so
 * a few rounds' worth is kept (a round of ten seats ranks a few hundred hands): cleared when full.
 */
const MEMO_LIMIT = 4_096;
const memo = new Map<string, HandValue>();

/** A number per distinct category order (by content), cached per array. */
const orderIds = new Map<string, number>();
const orderKeys = new WeakMap<readonly Category[], number>();
function orderKey(order: readonly Category[]): number {
  let key = orderKeys.get(order);
  if (key === undefined) {
    const content = order.join(',');
    key = orderIds.get(content);
    if (key === undefined) orderIds.set(content, (key = orderIds.size));
    orderKeys.set(order, key);
  }
  return key;
}

/** Every distinct ranking seen (by content), numbered by its place here. */
const rankingsSeen: Ranking[] = [];

/**
 * A number per distinct ranking, by content: the same name, order and rules share one. Found by comparing
 * fields, not through a key per object: some callers build their ranking afresh for every hand.
 */
function rankingNumber(ranking: Ranking): number {
  const order = orderKey(ranking.order);
  for (let n = 0; n < rankingsSeen.length; n++) {
    const seen = rankingsSeen[n];
    if (
      seen.name === ranking.name &&
      orderKey(seen.order) === order &&
      seen.lowestRank === ranking.lowestRank &&
      seen.wheelSecondHighest === ranking.wheelSecondHighest &&
      seen.jokerAsBug === ranking.jokerAsBug &&
      seen.jokerInFlush === ranking.jokerInFlush
    )
      return n;
  }
  // a handful exist; should a caller make up more, all are forgotten, with the hands remembered under them
  if (rankingsSeen.length >= 256) {
    rankingsSeen.length = 0;
    memo.clear();
  }
  return rankingsSeen.push(ranking) - 1;
}

function cardsKey(cards: readonly CardInput[]): string {
  let key = '';
  for (const c of cards) key += `${typeof c === 'string' ? c : c.code},`;
  return key;
}

/** The value of `compute()`, the `kind` of hand made of `cards` under `ranking` (the one it is evaluated with). */
function remembered(kind: string, cards: readonly CardInput[], ranking: Ranking, compute: () => HandValue, more = ''): HandValue {
  const key = `${kind}|${rankingNumber(ranking)}|${cardsKey(cards)}${more}`;
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, value);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// Reading a hand
//
// Best five of seven ranks 21 hands, Omaha up to 60, a joker's 52 stand-ins, and only the best is kept. A
// hand's score is one number ordered exactly as `compareHands` orders HandValues: the strength, then five
// tie-break ranks (0 where a hand has fewer) as base-32 digits. It is read from the cards without
// allocating; only the best hand is then evaluated in full.

/** Tie-break ranks are whole or halves (13.5: the pai gow wheel): doubled, each takes one base-32 digit. */
const RANK_RADIX = 32;
const ACE = 14;
/** Read once: under Jest's sandboxed global every `Math.clz32` is a slow property lookup (200× slower). */
const clz32 = Math.clz32;

/** The score of an evaluated hand. */
function scoreOf(hand: HandValue): number {
  let score = hand.strength;
  for (let i = 0; i < 5; i++) score = score * RANK_RADIX + 2 * (hand.ranks[i] ?? 0);
  return score;
}

/** Each category's strength under a category order, computed once per order. */
const strengthTables = new WeakMap<readonly Category[], Readonly<Record<Category, number>>>();
let lastStrengths: { order: readonly Category[]; table: Readonly<Record<Category, number>> } | null = null;
function strengthsOf(ranking: Ranking): Readonly<Record<Category, number>> {
  if (lastStrengths?.order === ranking.order) return lastStrengths.table; // hands come in runs of one ranking
  let table = strengthTables.get(ranking.order);
  if (table === undefined) {
    table = Object.fromEntries(CATEGORIES.map((c) => [c, strengthOf(ranking, c)])) as Record<Category, number>;
    strengthTables.set(ranking.order, table);
  }
  lastStrengths = { order: ranking.order, table };
  return table;
}

/** What choosing among hands needs of one: its score, and its category (the joker's stand-ins are filtered by it). */
interface Reading {
  category: Category;
  score: number;
}
/** The reading returned by `readNatural` and `readFive`: shared, so it must be read before the next call. */
const reading: Reading = { category: 'high-card', score: 0 };
/** Cards per value (2..14) of the hand being read; all zero between reads. */
const valueCounts = new Uint8Array(ACE + 1);

/** The straight's top card from the set of values held (bit v for value v), or null; as `straightTop` for five cards. */
function straightTopOf(values: number, ranking: Ranking): number | null {
  const high = 31 - clz32(values);
  if (values === 0b11111 << (high - 4)) return high;
  const low = ranking.lowestRank;
  return values === ((1 << ACE) | (0b1111 << low)) ? low + 3 : null;
}

/** What `evaluateNatural` says of a hand without a joker: its category, and its score. */
function readNatural(hand: readonly Card[], ranking: Ranking): Reading {
  const suit = hand[0].suit;
  let flush = suit !== null;
  let values = 0; // bit v set when a card of value v is held
  let distinct = 0;
  let most = 0; // the largest group
  for (const c of hand) {
    const n = ++valueCounts[c.value];
    if (n === 1) {
      distinct++;
      values |= 1 << c.value;
    }
    if (n > most) most = n;
    if (c.suit !== suit) flush = false;
  }
  const top = distinct === 5 ? straightTopOf(values, ranking) : null;
  let category: Category;
  let ranks = 0; // the tie-break ranks, doubled, as base-32 digits
  if (top !== null) {
    const wheel = top !== ACE && (values & (1 << ACE)) !== 0;
    const shown = wheel && ranking.wheelSecondHighest ? 13.5 : top; // between A-K-Q-J-10 and K-Q-J-10-9
    category = flush ? (shown === ACE ? 'royal-flush' : 'straight-flush') : 'straight';
    ranks = 2 * shown;
  } else {
    category =
      most === 5
        ? 'five-of-a-kind'
        : most === 4
          ? 'four-of-a-kind'
          : most === 3 && distinct === 2
            ? 'full-house'
            : flush
              ? 'flush'
              : most === 3
                ? 'three-of-a-kind'
                : most === 2 && distinct === 3
                  ? 'two-pair'
                  : most === 2
                    ? 'pair'
                    : 'high-card';
    // a flush lists every card high to low; other hands their groups, largest first, then highest
    const everyCard = category === 'flush';
    for (let size = everyCard ? 1 : most; size >= 1; size--) {
      for (let rest = values; rest !== 0;) {
        const v = 31 - clz32(rest);
        rest ^= 1 << v;
        for (let k = everyCard ? valueCounts[v] : valueCounts[v] === size ? 1 : 0; k > 0; k--) ranks = ranks * RANK_RADIX + 2 * v;
      }
    }
  }
  for (const c of hand) valueCounts[c.value] = 0;
  // pad to five digits: the first is at least 4 (a rank of 2 or more)
  while (ranks < RANK_RADIX ** 4) ranks *= RANK_RADIX;
  reading.category = category;
  reading.score = strengthsOf(ranking)[category] * RANK_RADIX ** 5 + ranks;
  return reading;
}

/** `evaluateFiveNow`'s category and ranks, as a score. */
function readFive(hand: readonly Card[], ranking: Ranking): Reading {
  if (!holdsJoker(hand)) return readNatural(hand, ranking);
  const { category, score } = jokerStandIn(hand, ranking);
  reading.category = category;
  reading.score = score;
  return reading;
}

function holdsJoker(hand: readonly Card[]): boolean {
  for (const c of hand) if (isJoker(c)) return true;
  return false;
}

const BUG_CATEGORIES: ReadonlySet<Category> = new Set(['straight', 'flush', 'straight-flush', 'royal-flush']);

/** Every card a joker may stand for, in the order they are tried: rank by rank, suit by suit. */
const STAND_INS: readonly Card[] = RANKS.flatMap((rank) => SUITS.map((suit) => parseCard(`${rank}${suit}`) as Card));

/**
 * The card the first joker of `hand` stands for: an ace (a fifth ace makes five of a kind) or, as the pai
 * gow bug, a card completing a straight, a flush or a straight flush (any card when `jokerAsBug` is false).
 * Only an ace may repeat a card held, and in a flush only under `jokerInFlush: 'ace'`: otherwise the joker
 * completing a flush is a card the suit lacks. The best-scoring stand-in; among equals, the first tried.
 */
function jokerStandIn(hand: readonly Card[], ranking: Ranking): { at: number; card: Card; category: Category; score: number } {
  const at = hand.findIndex(isJoker);
  const candidate = [...hand];
  const aceInFlush = ranking.jokerInFlush === 'ace';
  let best: { at: number; card: Card; category: Category; score: number } | null = null;
  for (const card of STAND_INS) {
    const held = hand.some((c) => c.code === card.code);
    if (card.rank !== 'A' && held) continue;
    candidate[at] = card;
    const { category, score } = readFive(candidate, ranking);
    if (card.rank !== 'A' && ranking.jokerAsBug !== false && !BUG_CATEGORIES.has(category)) continue;
    if (held && !aceInFlush && category === 'flush') continue; // a second ace of hearts completes no flush
    if (!best || score > best.score) best = { at, card, category, score };
  }
  return best as NonNullable<typeof best>;
}

// ---------------------------------------------------------------------------------------------------
// Hands in full

/** A hand without a joker in full: `readNatural`'s category and ranks, its cards most significant first. */
function evaluateNatural(cards: readonly Card[], ranking: Ranking): HandValue {
  const { category, score } = readNatural(cards, ranking);
  // the score's base-32 digits are the doubled ranks; natural ranks are never 0, so 0 digits are padding
  const ranks: number[] = [];
  for (let unit = RANK_RADIX ** 4; unit >= 1; unit /= RANK_RADIX) {
    const digit = ((score / unit) | 0) % RANK_RADIX; // scores stay below 2^31 (strength ≤ 12 × 32^5)
    if (digit > 0) ranks.push(digit / 2);
  }
  const straight = category === 'straight' || category === 'straight-flush' || category === 'royal-flush';
  const wheel = straight && ranks[0] !== ACE && cards.some((c) => c.value === ACE);
  // the ace-low straight is laid out top card first and the ace last: 5-4-3-2-A, 10-9-8-7-A, J-10-9-8-A
  const low = ranking.lowestRank;
  const ordered = wheel ? orderCards(cards, [low + 3, low + 2, low + 1, low, ACE]) : bySignificance(cards);
  return { category, strength: strengthsOf(ranking)[category], ranks, cards: ordered, ranking: ranking.name };
}

/** Codes of the cards, largest group first, then highest value; equal cards in the order given. */
function bySignificance(cards: readonly Card[]): string[] {
  const codes: string[] = [];
  const weights: number[] = [];
  for (const c of cards) {
    let group = 0;
    for (const d of cards) if (d.value === c.value) group++;
    const weight = group * RANK_RADIX + c.value; // the group first, then the value
    // a stable insertion sort: placed after every card weighing as much or more
    let at = codes.length;
    for (; at > 0 && weights[at - 1] < weight; at--) {
      weights[at] = weights[at - 1];
      codes[at] = codes[at - 1];
    }
    weights[at] = weight;
    codes[at] = c.code;
  }
  return codes;
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

/** A hand holding a joker: the hand its best stand-in makes, "JK" shown in the stand-in's place. */
function evaluateWithJokers(cards: readonly Card[], ranking: Ranking): HandValue {
  const { at, card } = jokerStandIn(cards, ranking);
  const candidate = [...cards];
  candidate[at] = card;
  const value = holdsJoker(candidate) ? evaluateWithJokers(candidate, ranking) : evaluateNatural(candidate, ranking);
  const shown = [...value.cards];
  const j = shown.lastIndexOf(card.code);
  if (j >= 0) shown[j] = 'JK';
  return { ...value, cards: shown };
}

/**
 * Rank exactly five cards. `ranking` is a `Ranking` or just a category order (best first) on a 52-card deck.
 * A joker plays as the pai gow bug unless the ranking says `jokerAsBug: false` (then it is fully wild).
 */
export function evaluateFive(cards: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  if (cards.length !== 5) throw new Error(`evaluateFive needs 5 cards, got ${cards.length}`);
  const r = asRanking(ranking);
  return remembered('5', cards, r, () => evaluateFiveNow(cards, r));
}

function evaluateFiveNow(cards: readonly CardInput[], ranking: Ranking): HandValue {
  const parsed = toCards(cards);
  return holdsJoker(parsed) ? evaluateWithJokers(parsed, ranking) : evaluateNatural(parsed, ranking);
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
  const ordered =
    top === 3
      ? orderCards(parsed, [3, 2, 14])
      : orderCards(
          parsed,
          g.flatMap((x) => Array(x.count).fill(x.value)),
        );
  return { category, strength: strengthOf(ranking, category), ranks, cards: ordered, ranking: ranking.name };
}

/** Positive when `a` beats `b`, negative when `b` wins, 0 for an exact tie (suits never break ties). */
export function compareHands(a: HandValue, b: HandValue): number {
  if (a.strength !== b.strength) return a.strength > b.strength ? 1 : -1;
  const n = a.ranks.length > b.ranks.length ? a.ranks.length : b.ranks.length;
  for (let i = 0; i < n; i++) {
    const x = a.ranks[i] ?? 0;
    const y = b.ranks[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------------
// Choosing among hands

/** The best-scoring hand offered; among equal scores the first offered stays, as it always did. */
class BestHand {
  private score = -Infinity;
  private kept: Card[] | null = null;
  offer(hand: readonly Card[], score: number): void {
    if (score > this.score) {
      this.score = score;
      this.kept = [...hand];
    }
  }
  get hand(): Card[] | null {
    return this.kept;
  }
}

/** Calls `visit` with every k-item subset of `items`, in the order `choose` lists them; `hand` is reused between calls. */
function eachHand<T>(items: readonly T[], k: number, visit: (hand: readonly T[]) => void): void {
  const n = items.length;
  if (k > n) return;
  const at = Array.from({ length: k }, (_, i) => i);
  const hand = at.map((i) => items[i]);
  for (;;) {
    visit(hand);
    let i = k - 1;
    while (i >= 0 && at[i] === n - k + i) i--;
    if (i < 0) return;
    at[i]++;
    hand[i] = items[at[i]];
    for (let j = i + 1; j < k; j++) {
      at[j] = at[j - 1] + 1;
      hand[j] = items[at[j]];
    }
  }
}

/** Calls `visit` with every Omaha hand: each two of `hole` with each three of `board`, two first. */
function eachOmahaHand(hole: readonly Card[], board: readonly Card[], visit: (hand: readonly Card[]) => void): void {
  const hand: Card[] = [];
  eachHand(hole, 2, (two) => {
    hand[0] = two[0];
    hand[1] = two[1];
    eachHand(board, 3, (three) => {
      hand[2] = three[0];
      hand[3] = three[1];
      hand[4] = three[2];
      visit(hand);
    });
  });
}

/** All k-card subsets (in input order). */
export function choose<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  eachHand(items, k, (hand) => out.push([...hand]));
  return out;
}

/** The best n-card hand (5 by default; 3 uses the three-card ranking) that can be made from `cards`. */
export function bestOf(cards: readonly CardInput[], n = 5, ranking?: Ranking | readonly Category[]): HandValue {
  if (cards.length < n) throw new Error(`bestOf needs at least ${n} cards, got ${cards.length}`);
  if (n !== 3 && n !== 5) throw new Error(`bestOf evaluates 3- or 5-card hands, not ${n}`);
  // three cards are ranked as in three-card poker unless a ranking is given
  const r = n === 3 && !ranking ? THREE_CARD : asRanking(ranking);
  return remembered(`best${n}`, cards, r, () => bestOfNow(cards, n, r));
}

function bestOfNow(cards: readonly CardInput[], n: number, ranking: Ranking): HandValue {
  const parsed = toCards(cards);
  const best = new BestHand();
  if (n === 3) {
    // three of many is rare: each hand is evaluated in full
    eachHand(parsed, 3, (three) => best.offer(three, scoreOf(evaluateThree(three, ranking))));
    return evaluateThree(best.hand as Card[], ranking);
  }
  eachHand(parsed, 5, (five) => best.offer(five, readFive(five, ranking).score));
  return evaluateFiveNow(best.hand as Card[], ranking);
}

/** Omaha: exactly two hole cards and three board cards (euskadi L12135–12139, cantabria L6266–6272). */
export function bestOmaha(hole: readonly CardInput[], board: readonly CardInput[], ranking?: Ranking | readonly Category[]): HandValue {
  const r = asRanking(ranking);
  return remembered('omaha', hole, r, () => bestOmahaNow(hole, board, r), `|${cardsKey(board)}`);
}

function bestOmahaNow(hole: readonly CardInput[], board: readonly CardInput[], ranking: Ranking): HandValue {
  if (hole.length < 2 || board.length < 3) throw new Error('bestOmaha needs at least 2 hole and 3 board cards');
  const best = new BestHand();
  eachOmahaHand(toCards(hole), toCards(board), (five) => best.offer(five, readFive(five, ranking).score));
  return evaluateFiveNow(best.hand as Card[], ranking);
}

/** A qualifying low hand: five distinct ranks of 8 or lower, ace low (docs/decisions/open-questions.md#oq-38). */
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

/** `lowOfFive`'s ranks as one number, lower for the better low (`compareLow`'s order), or -1 for no low. */
function lowScore(five: readonly Card[]): number {
  let values = 0; // bit v set when a card of low value v is held
  for (const c of five) {
    const v = lowValue(c);
    if (isJoker(c) || v > 8 || values & (1 << v)) return -1;
    values |= 1 << v;
  }
  let score = 0;
  for (let v = 8; v >= 1; v--) if (values & (1 << v)) score = score * 16 + v;
  return score;
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
  const best = new BestHand();
  const offer = (five: readonly Card[]) => {
    const score = lowScore(five);
    if (score >= 0) best.offer(five, -score);
  };
  if (board) eachOmahaHand(parsed, toCards(board), offer);
  else eachHand(parsed, 5, offer);
  return best.hand && lowOfFive(best.hand);
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

const RANK_NAMES: Record<number, string> = {
  14: 'ace',
  13: 'king',
  12: 'queen',
  11: 'jack',
  10: 'ten',
  9: 'nine',
  8: 'eight',
  7: 'seven',
  6: 'six',
  5: 'five',
  4: 'four',
  3: 'three',
  2: 'two',
  13.5: 'five (A-2-3-4-5)',
};
const rankName = (v: number) => RANK_NAMES[v] ?? String(v);
/** a rank as the cards print it (A, K, Q, J, 10 … 2; a wheel's five as 5), the same in every language */
export const rankSymbol = (v: number): string => ({ 14: 'A', 13: 'K', 12: 'Q', 11: 'J', 13.5: '5' })[v] ?? String(v);

/**
 * `handName` as a phrase of the `narrative` catalogue (`poker.hand.<category>`, issue 16): the category in
 * each text's own word (docs/glossary), its ranks as the cards print them.
 */
export function handPhrase(hand: HandValue): Phrase {
  const [a, b] = hand.ranks;
  return phrase(`poker.hand.${hand.category}`, { a: rankSymbol(a), b: b === undefined ? 'none' : rankSymbol(b) });
}
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
