/**
 * Outside truth for the poker evaluator (issue 14 §5): for every hand rule the games use, the engine's order of
 * random pairs of hands (win, lose or tie) against evaluators nobody here wrote, on seeded, reproducible deals.
 *
 * - `phe` 0.6 (a port of Henry Lee's PokerHandEvaluator, perfect-hash tables): 52 cards, best five of five or of
 *   seven; Omaha by its value of each hand the rule allows (two hole cards with three of the board).
 * - `poker-odds-calc` 0.0.14, six-plus hold'em (36 cards, flush above full house, A-6-7-8-9 its lowest straight):
 *   the short decks. Its Omaha is not used: it plays three hole cards (9♣ K♠ 9♥ 9♦ on J-5-4-8-7 is "three of a kind").
 * - `pokersolver` 2.1 (`paigowpokerhi`: five aces, A-2-3-4-5 the second straight, the joker an ace or completing a
 *   straight or flush): pai gow's five-card hand with the joker.
 *
 * No evaluator knows a 32- or 28-card deck. Their hands are ranked by an evaluator of a longer deck through an
 * order-keeping relabelling of the ranks, chosen per pair so that it keeps every straight either hand can make:
 * as themselves (only the short deck's A-7-8-9-10 / A-8-9-10-J is lost), or moved down onto the evaluator's lowest
 * ranks, where the ace-low straight becomes its A-6-7-8-9 or A-2-3-4-5 (only 10-J-Q-K-A is lost). The few pairs
 * where one hand could make each are left out (counted below); `counts.spec.ts` enumerates those decks in full.
 */
import { card, deckCards, DECK_28, DECK_32, DECK_52 } from '../cards';
import {
  bestOf,
  bestOmaha,
  compareHands,
  evaluateFive,
  HandValue,
  PAI_GOW,
  Ranking,
  SHORT_DECK_28,
  SHORT_DECK_28_FULL_OVER_FLUSH,
  SHORT_DECK_32,
  STANDARD,
} from './evaluate';

// ---------------------------------------------------------------------------------------------------
// The evaluators, as the packages ship them

interface Phe {
  cardCode(rank: string, suit: string): number;
  evaluateCardCodes(codes: readonly number[]): number;
}
interface SixPlusCard {
  readonly rank: number;
}
interface SixPlusGame {
  getHandStrentgh(board: SixPlusCard[], hole: SixPlusCard[]): { points: number };
}
interface PokerSolverHand {
  readonly descr: string;
}
interface PokerSolver {
  solve(cards: string[], game: string): PokerSolverHand;
  winners(hands: PokerSolverHand[]): PokerSolverHand[];
}
/* eslint-disable @typescript-eslint/no-require-imports */
const phe: Phe = require('phe');
const SixPlus: new (game: string, table: null) => SixPlusGame = require('poker-odds-calc/dist/lib/Game').default;
const SixPlusCardOf: new (suit: string, rank: string | number, game: SixPlusGame) => SixPlusCard = require('poker-odds-calc/dist/lib/Card').default;
const { Hand: pokersolver }: { Hand: PokerSolver } = require('pokersolver');
/* eslint-enable @typescript-eslint/no-require-imports */

/** A rank as the evaluators write it ("T" for ten), from a contract code. */
const rankOf = (code: string) => (code.startsWith('10') ? 'T' : code[0]);
const suitOf = (code: string) => code.slice(-1).toLowerCase();

/** Each card as phe's code, under a relabelling. */
function pheCards(cards: readonly string[], relabel: Relabel = AS_THEMSELVES): number[] {
  return cards.map((c) => phe.cardCode(relabel.to(rankOf(c)), suitOf(c)));
}
/** phe's value of a hand of 5 to 7 cards: lower is better. */
const pheValue = (codes: readonly number[]) => phe.evaluateCardCodes(codes);

const sixPlus = new SixPlus('sixplus_holdem', null);
/** Each card as the six-plus evaluator's, under a relabelling. */
function sixPlusCards(cards: readonly string[], relabel: Relabel): SixPlusCard[] {
  return cards.map((c) => {
    const r = relabel.to(rankOf(c));
    return new SixPlusCardOf(suitOf(c), /^[2-9]$/.test(r) ? Number(r) : r, sixPlus);
  });
}
/** The six-plus evaluator's value of a hand: higher is better. */
const sixPlusValue = (cards: SixPlusCard[]) => sixPlus.getHandStrentgh(cards, []).points;

/** pokersolver's verdict between two pai gow hands: 1, -1 or 0. */
function pokersolverOrder(a: readonly string[], b: readonly string[]): number {
  const code = (c: string) => (c === 'JK' ? 'Or' : `${rankOf(c)}${suitOf(c)}`);
  const ha = pokersolver.solve(a.map(code), 'paigowpokerhi');
  const hb = pokersolver.solve(b.map(code), 'paigowpokerhi');
  const winners = pokersolver.winners([ha, hb]);
  return winners.length === 2 ? 0 : winners[0] === ha ? 1 : -1;
}

// ---------------------------------------------------------------------------------------------------
// Relabelling a short deck's ranks onto a longer deck's

interface Relabel {
  readonly name: string;
  readonly to: (rank: string) => string;
}
const AS_THEMSELVES: Relabel = { name: 'as themselves', to: (r) => r };
/** The short deck's ranks below the ace moved onto `onto` (in order), the ace kept: its ace-low straight becomes the evaluator's. */
function movedDown(deckRanks: readonly string[], onto: readonly string[]): Relabel {
  const below = deckRanks.filter((r) => r !== 'A');
  const map = new Map(below.map((r, i) => [r, onto[i]]));
  return { name: `${below.join('')}→${onto.join('')}`, to: (r) => map.get(r) ?? r };
}
const RANKS_32 = ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
const RANKS_28 = ['8', '9', 'T', 'J', 'Q', 'K', 'A'];
const holds = (cards: readonly string[], ranks: readonly string[]) => ranks.every((r) => cards.some((c) => rankOf(c) === r));
const aceLow = (deckRanks: readonly string[]) => ['A', ...deckRanks.slice(0, 4)];
const BROADWAY = ['T', 'J', 'Q', 'K', 'A'];

/**
 * The relabelling under which the evaluator keeps every straight that either side's cards could make, or null
 * when one side could make the ace-low straight and the other 10-J-Q-K-A (no single relabelling keeps both).
 */
function relabelFor(sides: ReadonlyArray<readonly string[]>, deckRanks: readonly string[], down: Relabel): Relabel | null {
  const wheel = sides.some((s) => holds(s, aceLow(deckRanks)));
  if (!wheel) return AS_THEMSELVES;
  return sides.some((s) => holds(s, BROADWAY)) ? null : down;
}

// ---------------------------------------------------------------------------------------------------
// Seeded deals

/** mulberry32: a small seeded generator, so every run deals the same hands. */
function seeded(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `n` cards from `deck` (shuffled in place, partly): a fresh array. */
function deal(deck: string[], n: number, random: () => number): string[] {
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (deck.length - i));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck.slice(0, n);
}

/** Every way of taking 2 of `hole` and 3 of `board` (Omaha's rule, euskadi L12135–12139, cantabria L6266–6272). */
function twoPlusThree<T>(hole: readonly T[], board: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let a = 0; a < hole.length; a++)
    for (let b = a + 1; b < hole.length; b++)
      for (let x = 0; x < board.length; x++)
        for (let y = x + 1; y < board.length; y++) for (let z = y + 1; z < board.length; z++) out.push([hole[a], hole[b], board[x], board[y], board[z]]);
  return out;
}

const sign = (n: number) => (n > 0 ? 1 : n < 0 ? -1 : 0);

interface Tally {
  pairs: number;
  left: number;
  disagreements: string[];
}

/**
 * Deals `pairs` pairs of sides and compares the engine's verdict with the evaluator's. `sides` deals one pair;
 * `engine` ranks a side; `oracle` says which side wins (or null: no evaluator can judge this pair, left out).
 */
function compare(
  pairs: number,
  seed: number,
  sides: (random: () => number) => [string[], string[]],
  engine: (side: string[]) => HandValue,
  oracle: (a: string[], b: string[]) => number | null,
): Tally {
  const random = seeded(seed);
  const tally: Tally = { pairs: 0, left: 0, disagreements: [] };
  for (let i = 0; i < pairs; i++) {
    const [a, b] = sides(random);
    const expected = oracle(a, b);
    if (expected === null) {
      tally.left++;
      continue;
    }
    tally.pairs++;
    const ea = engine(a);
    const eb = engine(b);
    const got = sign(compareHands(ea, eb));
    if (got !== expected && tally.disagreements.length < 5)
      tally.disagreements.push(
        `${a.join(' ')} (${ea.category} ${ea.ranks.join('-')}) vs ${b.join(' ')} (${eb.category} ${eb.ranks.join('-')}): engine ${got}, evaluator ${expected}`,
      );
  }
  return tally;
}

/** Two sides of `size` cards each from one deck. */
const twoHands = (deck: readonly string[], size: number) => {
  const cards = [...deck];
  return (random: () => number): [string[], string[]] => {
    const dealt = deal(cards, 2 * size, random);
    return [dealt.slice(0, size), dealt.slice(size)];
  };
};
/** Two sides sharing a board: `hole` cards each, then `board` cards; a side is its hole cards then the board. */
const twoHolesOneBoard = (deck: readonly string[], hole: number, board: number) => {
  const cards = [...deck];
  return (random: () => number): [string[], string[]] => {
    const dealt = deal(cards, 2 * hole + board, random);
    const shared = dealt.slice(2 * hole);
    return [
      [...dealt.slice(0, hole), ...shared],
      [...dealt.slice(hole, 2 * hole), ...shared],
    ];
  };
};

const deck52 = deckCards(DECK_52);
const deck32 = deckCards(DECK_32);
const deck28 = deckCards(DECK_28);

/** Every pair judged, none disagreeing; at most `leftOut` of them left to the enumeration. */
function expectAgreement(t: Tally, pairs: number, leftOut = 0) {
  expect(t.disagreements).toEqual([]);
  expect(t.left).toBeLessThanOrEqual(Math.ceil(pairs * leftOut));
  expect(t.pairs + t.left).toBe(pairs);
}

// ---------------------------------------------------------------------------------------------------

describe('52 cards against phe (PokerHandEvaluator)', () => {
  const byPhe = (a: string[], b: string[]) => sign(pheValue(pheCards(b)) - pheValue(pheCards(a)));

  it('five cards: 30,000 pairs', () => {
    const t = compare(30_000, 1, twoHands(deck52, 5), (s) => evaluateFive(s, STANDARD), byPhe);
    expectAgreement(t, 30_000);
  });

  it("best five of seven (hold'em, seven-card stud): 15,000 pairs sharing five board cards, 5,000 of seven each", () => {
    expectAgreement(
      compare(15_000, 2, twoHolesOneBoard(deck52, 2, 5), (s) => bestOf(s, 5, STANDARD), byPhe),
      15_000,
    );
    expectAgreement(
      compare(5_000, 3, twoHands(deck52, 7), (s) => bestOf(s, 5, STANDARD), byPhe),
      5_000,
    );
  });

  const omaha = (hole: number) => (side: string[]) => [side.slice(0, hole), side.slice(hole)] as const;
  const bestByPhe = (hole: number) => (side: string[]) => {
    const codes = pheCards(side);
    return Math.min(...twoPlusThree(codes.slice(0, hole), codes.slice(hole)).map(pheValue));
  };
  it('Omaha, two of four hole cards and three of the board: 5,000 pairs', () => {
    const value = bestByPhe(4);
    const t = compare(
      5_000,
      4,
      twoHolesOneBoard(deck52, 4, 5),
      (s) => bestOmaha(...omaha(4)(s), STANDARD),
      (a, b) => sign(value(b) - value(a)),
    );
    expectAgreement(t, 5_000);
  });
  it('Omaha five-card, two of five hole cards and three of the board: 2,000 pairs', () => {
    const value = bestByPhe(5);
    const t = compare(
      2_000,
      5,
      twoHolesOneBoard(deck52, 5, 5),
      (s) => bestOmaha(...omaha(5)(s), STANDARD),
      (a, b) => sign(value(b) - value(a)),
    );
    expectAgreement(t, 2_000);
  });
});

describe('short decks against the six-plus evaluator (flush above full house)', () => {
  const down32 = movedDown(RANKS_32, ['6', '7', '8', '9', 'T', 'J', 'Q']);
  const down28 = movedDown(RANKS_28, ['6', '7', '8', '9', 'T', 'J']);
  const bySixPlus = (deckRanks: readonly string[], down: Relabel, value: (side: string[], r: Relabel) => number) => (a: string[], b: string[]) => {
    const r = relabelFor([a, b], deckRanks, down);
    return r && sign(value(a, r) - value(b, r));
  };
  const whole = (side: string[], r: Relabel) => sixPlusValue(sixPlusCards(side, r));
  /** two-plus-three with the two hole cards first: the best of the ten hands the rule allows */
  const twoPlusThreeOf = (side: string[], r: Relabel) => {
    const cards = sixPlusCards(side, r);
    return Math.max(...twoPlusThree(cards.slice(0, 2), cards.slice(2)).map(sixPlusValue));
  };

  it('32 cards, five of five (five-card stud, draw): 12,000 pairs', () => {
    const t = compare(12_000, 6, twoHands(deck32, 5), (s) => evaluateFive(s, SHORT_DECK_32), bySixPlus(RANKS_32, down32, whole));
    expectAgreement(t, 12_000, 0.01);
  });
  it('32 cards, best five of seven: 6,000 pairs', () => {
    const t = compare(6_000, 7, twoHands(deck32, 7), (s) => bestOf(s, 5, SHORT_DECK_32), bySixPlus(RANKS_32, down32, whole));
    expectAgreement(t, 6_000, 0.03);
  });
  it('28 cards, two hole cards and three of five on the board (synthetic euskadi, cantabria): 5,000 pairs', () => {
    const t = compare(
      5_000,
      8,
      twoHolesOneBoard(deck28, 2, 5),
      (s) => bestOmaha(s.slice(0, 2), s.slice(2), SHORT_DECK_28),
      bySixPlus(RANKS_28, down28, twoPlusThreeOf),
    );
    expectAgreement(t, 5_000, 0.05);
  });
  it('28 cards, best five of seven (synthetic illes-balears): 6,000 pairs', () => {
    const t = compare(6_000, 9, twoHolesOneBoard(deck28, 2, 5), (s) => bestOf(s, 5, SHORT_DECK_28), bySixPlus(RANKS_28, down28, whole));
    expectAgreement(t, 6_000, 0.05);
  });
  it('the comparison tells the orders apart: a full house above the flush disagrees with the evaluator', () => {
    // five cards of a suit against five of two ranks (a full house or four of a kind)
    const sides = (random: () => number): [string[], string[]] => {
      const suit = 'SHDC'[Math.floor(random() * 4)];
      const flush = deal(
        deck32.filter((c) => card(c).suit === suit),
        5,
        random,
      );
      const [r1, r2] = deal([...RANKS_32], 2, random);
      return [
        flush,
        deal(
          deck32.filter((c) => [r1, r2].includes(rankOf(c)) && !flush.includes(c)),
          5,
          random,
        ),
      ];
    };
    const agreeing = compare(200, 10, sides, (s) => evaluateFive(s, SHORT_DECK_32), bySixPlus(RANKS_32, down32, whole));
    expect(agreeing.disagreements).toEqual([]);
    const wrong = compare(
      200,
      10,
      sides,
      (s) => evaluateFive(s, { ...SHORT_DECK_32, name: 'wrong', order: STANDARD.order }),
      bySixPlus(RANKS_32, down32, whole),
    );
    expect(wrong.disagreements.length).toBeGreaterThan(0);
  });
  it('and so does a short deck without its ace-low straight', () => {
    const noAceLow: Ranking = { ...SHORT_DECK_32, name: 'no ace-low straight', lowestRank: 2 };
    const aceLowStraight = ['AS', '7D', '8H', '9C', '10S'];
    const rest = deck32.filter((c) => !aceLowStraight.includes(c));
    const sides = (random: () => number): [string[], string[]] => [aceLowStraight, deal(rest, 5, random)];
    const t = compare(2_000, 11, sides, (s) => evaluateFive(s, noAceLow), bySixPlus(RANKS_32, down32, whole));
    expect(t.disagreements.length).toBeGreaterThan(0);
  });
});

describe('28 cards with the full house above the flush (synthetic andalucia) against phe', () => {
  const down = movedDown(RANKS_28, ['2', '3', '4', '5', '6', '7']);
  const value = (side: string[], r: Relabel) => {
    const codes = pheCards(side, r);
    return Math.min(...twoPlusThree(codes.slice(0, 2), codes.slice(2)).map(pheValue));
  };
  it('two hole cards and three of five on the board: 6,000 pairs', () => {
    const oracle = (a: string[], b: string[]) => {
      const r = relabelFor([a, b], RANKS_28, down);
      return r && sign(value(b, r) - value(a, r));
    };
    const t = compare(6_000, 12, twoHolesOneBoard(deck28, 2, 5), (s) => bestOmaha(s.slice(0, 2), s.slice(2), SHORT_DECK_28_FULL_OVER_FLUSH), oracle);
    expectAgreement(t, 6_000, 0.05);
  });
});

describe('pai gow with the joker against pokersolver (paigowpokerhi)', () => {
  const deck53 = [...deck52, 'JK'];
  it('five cards of 52 + joker: 5,000 pairs', () => {
    const t = compare(5_000, 13, twoHands(deck53, 5), (s) => evaluateFive(s, PAI_GOW), pokersolverOrder);
    expectAgreement(t, 5_000);
  });
  it('flushes and straights with the joker: 5,000 pairs, one side four cards of a suit and the joker, the other five of it', () => {
    // flushes holding the suit's ace with the joker, against natural flushes of the same suit's cards
    const sides = (random: () => number): [string[], string[]] => {
      const suit = 'SHDC'[Math.floor(random() * 4)];
      const own = deal(
        deck52.filter((c) => card(c).suit === suit),
        8,
        random,
      );
      const other = deal(
        deck52.filter((c) => !own.includes(c)),
        1,
        random,
      );
      return [
        [...own.slice(0, 4), 'JK'],
        [...own.slice(4, 8), ...other],
      ];
    };
    const t = compare(5_000, 14, sides, (s) => evaluateFive(s, PAI_GOW), pokersolverOrder);
    expectAgreement(t, 5_000);
  });
  it('A-2-3-4-5 is the second straight and the second straight flush, in both', () => {
    const h = (s: string) => s.split(' ');
    for (const [a, b] of [
      ['AS 2D 3S 4S 5S', 'KH QD JH 10H 9H'],
      ['AS 2S 3S 4S 5S', 'KS QS JS 10S 9S'],
      ['AS 2S 3S 4S JK', 'KH QH JH 10H 9H'],
      ['AH KH QH JH 10H', 'AS 2S 3S 4S 5S'],
    ]) {
      expect(sign(compareHands(evaluateFive(h(a), PAI_GOW), evaluateFive(h(b), PAI_GOW)))).toBe(1);
      expect(pokersolverOrder(h(a), h(b))).toBe(1);
    }
  });
});
