/**
 * Outside truth by exhaustive enumeration (issue 14 §5): hand counts the engine produces, against figures
 * published by others, for the rules no independent evaluator covers whole — the 32- and 28-card decks (their
 * ace-low straights, flush above full house) and the 8-or-better lows of hi-lo.
 */
import { deckCards, DECK_28, DECK_32, RANKS, SUITS } from '../cards';
import { bestLow, Category, choose, evaluateFive, Ranking, SHORT_DECK_28, SHORT_DECK_32 } from './evaluate';

const C = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 ? 1 : (C(n - 1, k - 1) * n) / k);

// ---------------------------------------------------------------------------------------------------
// Five-card hands of a deck of four suits and `r` ranks, the ace high and low (so r − 3 straights)

type Kind = 'straight-flush' | 'four-of-a-kind' | 'full-house' | 'flush' | 'straight' | 'three-of-a-kind' | 'two-pair' | 'pair' | 'high-card';

/**
 * The count of each kind of five-card hand, the usual combinatorial expressions with 13 ranks written for `r`
 * (as set out term by term at https://opttrader.blogspot.com/2014/09/texas-holdem-poker-probability-flop.html,
 * e.g. "Straight: 10200=10*(4^5-4)", "Flush: 5108=C(13,5)*4-36-4").
 */
function fiveCardCounts(r: number): Record<Kind, number> {
  const straights = r - 3; // A-low to A-high: the ace plays at both ends
  return {
    'straight-flush': 4 * straights,
    'four-of-a-kind': r * (r - 1) * 4,
    'full-house': r * 4 * (r - 1) * 6,
    flush: 4 * C(r, 5) - 4 * straights,
    straight: straights * (4 ** 5 - 4),
    'three-of-a-kind': r * 4 * C(r - 1, 2) * 16,
    'two-pair': C(r, 2) * 36 * (r - 2) * 4,
    pair: r * 6 * C(r - 1, 3) * 64,
    'high-card': (C(r, 5) - straights) * (4 ** 5 - 4),
  };
}

const kindOf = (category: Category): Kind => (category === 'royal-flush' ? 'straight-flush' : (category as Kind));

describe('five-card hands of the short decks, every hand enumerated', () => {
  it('the expressions give the published 52-card table', () => {
    // http://georgehernandez.com/h/xzMisc/Games/Poker.asp: royal flush 4 + straight flush 36, four of a kind 624,
    // full house 3744, flush 5108, straight 10,200, three of a kind 54,912, two pairs 123,552, one pair 1,098,240,
    // none of the above 1,302,540 (of 2,598,960)
    expect(fiveCardCounts(13)).toEqual({
      'straight-flush': 4 + 36,
      'four-of-a-kind': 624,
      'full-house': 3_744,
      flush: 5_108,
      straight: 10_200,
      'three-of-a-kind': 54_912,
      'two-pair': 123_552,
      pair: 1_098_240,
      'high-card': 1_302_540,
    });
  });

  it.each([
    ['32 cards (7 to ace)', deckCards(DECK_32), SHORT_DECK_32, 8, 201_376],
    ['28 cards (8 to ace)', deckCards(DECK_28), SHORT_DECK_28, 7, 98_280],
  ] as const)(
    "%s: each kind counted over all hands, as the expressions with the deck's ranks; the rarer flush ranks above the full house",
    (_name, deck, ranking: Ranking, ranks, hands) => {
      const counted: Partial<Record<Kind, number>> = {};
      const straightTops = new Set<number>();
      let all = 0;
      for (const five of choose(deck, 5)) {
        const v = evaluateFive(five, ranking);
        const kind = kindOf(v.category);
        counted[kind] = (counted[kind] ?? 0) + 1;
        if (kind === 'straight') straightTops.add(v.ranks[0]);
        all++;
      }
      expect(all).toBe(hands);
      expect(counted).toEqual(fiveCardCounts(ranks));
      // r − 3 straights: the lowest is the ace below the deck's lowest rank (A-7-8-9-10, A-8-9-10-J), topped by its fourth card
      expect([...straightTops].sort((a, b) => a - b)).toEqual(Array.from({ length: ranks - 3 }, (_, i) => ranking.lowestRank + 3 + i));
      const counts = fiveCardCounts(ranks);
      expect(counts.flush).toBeLessThan(counts['full-house']);
      const order = ranking.order;
      expect(order.indexOf('flush')).toBeLessThan(order.indexOf('full-house'));
    },
  );
});

// ---------------------------------------------------------------------------------------------------
// 8-or-better lows

/**
 * Every hand of `size` cards from 52, by its ranks: a low depends on the ranks alone (suits, straights and
 * flushes do not count for it), so each multiset of ranks is ranked once, with a hand of those ranks, and weighs
 * the number of hands that have them (the product of C(4, copies) over the ranks).
 */
function byRanks(size: number, visit: (hand: string[], weight: number) => void) {
  const copies: number[] = [];
  const walk = (rank: number, left: number) => {
    if (rank === RANKS.length) {
      if (left > 0) return;
      const hand: string[] = [];
      let weight = 1;
      copies.forEach((k, i) => {
        weight *= C(4, k);
        for (let s = 0; s < k; s++) hand.push(`${RANKS[i]}${SUITS[s]}`);
      });
      visit(hand, weight);
      return;
    }
    for (let k = 0; k <= Math.min(4, left); k++) {
      copies[rank] = k;
      walk(rank + 1, left - k);
    }
  };
  walk(0, size);
}

/** Hands counted by the top card of their best 8-or-better low (5 to 8), and the distinct lows of each. */
function lowsByTop(size: number) {
  const hands: Record<number, number> = {};
  const distinct: Record<number, Set<string>> = {};
  let all = 0;
  byRanks(size, (hand, weight) => {
    all += weight;
    const low = bestLow(hand);
    if (!low) return;
    const top = low.ranks[0];
    hands[top] = (hands[top] ?? 0) + weight;
    (distinct[top] ??= new Set()).add(low.ranks.join('-'));
  });
  return { all, hands, distinct: Object.fromEntries(Object.entries(distinct).map(([top, set]) => [top, set.size])) };
}

describe('8-or-better lows, every hand counted', () => {
  it('five cards: the published ace-to-five table up to 8-high (57,344 lows)', () => {
    // https://www.liquisearch.com/poker_probability/frequency_of_5-card_lowball_poker_hands:
    // 5-high 1 distinct, 1,024; 6-high 5, 5,120; 7-high 15, 15,360; 8-high 35, 35,840 (of 2,598,960)
    const { all, hands, distinct } = lowsByTop(5);
    expect(all).toBe(2_598_960);
    expect(hands).toEqual({ 5: 1_024, 6: 5_120, 7: 15_360, 8: 35_840 });
    expect(distinct).toEqual({ 5: 1, 6: 5, 7: 15, 8: 35 });
  });

  it('best low of seven cards: the published seven-card table up to 8-high', () => {
    // https://liquisearch.com/poker_probability/frequency_of_7-card_lowball_poker_hands:
    // 5-high 781,824; 6-high 3,151,360; 7-high 7,426,560; 8-high 13,171,200 (of 133,784,560)
    const { all, hands, distinct } = lowsByTop(7);
    expect(all).toBe(133_784_560);
    expect(hands).toEqual({ 5: 781_824, 6: 3_151_360, 7: 7_426_560, 8: 13_171_200 });
    expect(distinct).toEqual({ 5: 1, 6: 5, 7: 15, 8: 35 });
  });

  it('Omaha: A-2 with two high cards makes a low on 195,840 boards of three low and two high cards', () => {
    // http://people.math.sfu.ca/~alspach/mag6 (Poker Digest 1998): with A-2 and two high cards, a board of exactly
    // three low cards and two high cards gives a low only with three distinct ranks from 3-8: C(6,3) · 4^3 · C(18,2)
    // = 195,840 boards. Enumerated here through the engine's Omaha low (two hole cards, three of the board).
    const hole = ['AS', '2S', 'KS', 'QS'];
    const lowRanks = ['A', '2', '3', '4', '5', '6', '7', '8'];
    const left = (rank: string) => 4 - hole.filter((c) => c.slice(0, -1) === rank).length;
    const highPairs = C(20 - 2, 2); // the board's two high cards: any two of the 18 left; they never make a low
    let boards = 0;
    let withLow = 0;
    // the three low cards by their ranks, each multiset weighing the ways to pick those cards from what is left
    const picks = choose(
      lowRanks.flatMap((r) => Array<string>(left(r)).fill(r)),
      3,
    ).map((ranks) => ranks.join(' '));
    const multisets = new Map<string, number>();
    for (const p of picks) multisets.set(p, (multisets.get(p) ?? 0) + 1);
    for (const [ranks, ways] of multisets) {
      const suitsLeft: Record<string, string[]> = {};
      const board = ranks.split(' ').map((r) => {
        suitsLeft[r] ??= SUITS.filter((s) => !hole.includes(`${r}${s}`));
        return `${r}${suitsLeft[r].shift()}`;
      });
      board.push('9C', '10C');
      boards += ways * highPairs;
      if (bestLow(hole, board)) withLow += ways * highPairs;
    }
    expect(boards).toBe(C(30, 3) * C(18, 2));
    expect(withLow).toBe(195_840);
  });
});
