import fc from 'fast-check';
import { card, deckCards, DECK_28, DECK_32, DECK_52, Rank, RANKS, Suit, SUITS } from '../cards';
import {
  bestLow,
  bestOf,
  bestOmaha,
  Category,
  choose,
  compareHands,
  compareLow,
  evaluateFive,
  evaluateThree,
  FLUSH_OVER_FULL,
  handName,
  HandValue,
  LowHand,
  PAI_GOW,
  PAI_GOW_JOKER_ACE,
  qualifies,
  Ranking,
  SHORT_DECK_28,
  SHORT_DECK_28_FULL_OVER_FLUSH,
  SHORT_DECK_32,
  STANDARD,
  THREE_CARD,
} from './evaluate';

const h = (s: string) => s.split(' ');
const five = (s: string, r = STANDARD) => evaluateFive(h(s), r);

describe('evaluateFive: categories', () => {
  it.each([
    ['AS KS QS JS 10S', 'royal-flush', [14]],
    ['9H 8H 7H 6H 5H', 'straight-flush', [9]],
    ['5D 4D 3D 2D AD', 'straight-flush', [5]],
    ['QC QD QH QS 3C', 'four-of-a-kind', [12, 3]],
    ['8C 8D 8H KS KC', 'full-house', [8, 13]],
    ['AH 9H 7H 4H 2H', 'flush', [14, 9, 7, 4, 2]],
    ['10C 9D 8H 7S 6C', 'straight', [10]],
    ['AC 2D 3H 4S 5C', 'straight', [5]],
    ['AC KD QH JS 10C', 'straight', [14]],
    ['7C 7D 7H KS 2C', 'three-of-a-kind', [7, 13, 2]],
    ['JC JD 4H 4S AC', 'two-pair', [11, 4, 14]],
    ['8C 8D KH 4S 2C', 'pair', [8, 13, 4, 2]],
    ['AC KD 9H 4S 2C', 'high-card', [14, 13, 9, 4, 2]],
  ])('%s is %s', (cards, category, ranks) => {
    const v = five(cards);
    expect(v.category).toBe(category);
    expect(v.ranks).toEqual(ranks);
  });

  it('no wrap-around straight: Q-K-A-2-3 is ace high', () => {
    expect(five('QC KD AH 2S 3C').category).toBe('high-card');
  });

  it('the wheel is the lowest straight', () => {
    expect(compareHands(five('AC 2D 3H 4S 5C'), five('2C 3D 4H 5S 6C'))).toBeLessThan(0);
    expect(compareHands(five('5D 4D 3D 2D AD'), five('6D 5C 4C 3C 2C'))).toBeGreaterThan(0);
  });

  it('cards are listed by significance', () => {
    expect(five('4S 8C KH 8D 2C').cards).toEqual(['8C', '8D', 'KH', '4S', '2C']);
    expect(five('AC 2D 3H 4S 5C').cards).toEqual(['5C', '4S', '3H', '2D', 'AC']);
  });
});

describe('compareHands: ties and tie-breaks', () => {
  it.each([
    ['8C 8D 8H 2S 2C', '7C 7D 7H AS AC', 1, 'full house: higher trío'],
    ['JC JD 4H 4S 3C', 'JH JS 4C 4D 2C', 1, 'two pair: kicker'],
    ['JC JD 5H 5S 3C', 'JH JS 4C 4D AC', 1, 'two pair: second pair'],
    ['8C 8D KH 4S 3C', '8H 8S KC 4D 2C', 1, 'pair: last kicker'],
    ['AH 9H 7H 4H 3H', 'AS 9S 7S 4S 2S', 1, 'flush card by card'],
    ['10C 9D 8H 7S 6C', '10D 9C 8S 7H 6D', 0, 'equal straights tie'],
    ['AC KD 9H 4S 2C', 'AH KS 9D 4C 2D', 0, 'same ranks in other suits tie'],
    ['QC QD QH QS 3C', 'JC JD JH JS AC', 1, 'higher quad'],
  ])('%s vs %s → %i (%s)', (a, b, sign) => {
    expect(Math.sign(compareHands(five(a), five(b)))).toBe(sign);
    expect(Math.sign(compareHands(five(b), five(a)))).toBe(-sign || 0);
  });

  it('ordering is total and antisymmetric on random hands', () => {
    const deck = deckCards(DECK_52);
    fc.assert(
      fc.property(fc.shuffledSubarray(deck, { minLength: 10, maxLength: 10 }), (cards) => {
        const a = evaluateFive(cards.slice(0, 5));
        const b = evaluateFive(cards.slice(5));
        expect(Math.sign(compareHands(a, b))).toBe(-Math.sign(compareHands(b, a)) || 0);
        expect(compareHands(a, a)).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('category orders', () => {
  it('andalucia caribbean-stud (index.md OQ-31): a flush beats a full house', () => {
    expect(compareHands(five('AH 9H 7H 4H 2H', FLUSH_OVER_FULL), five('8C 8D 8H KS KC', FLUSH_OVER_FULL))).toBeGreaterThan(0);
    expect(compareHands(five('AH 9H 7H 4H 2H'), five('8C 8D 8H KS KC'))).toBeLessThan(0);
  });
  it('a plain category array is accepted as the order', () => {
    const v = evaluateFive(h('AH 9H 7H 4H 2H'), FLUSH_OVER_FULL.order);
    expect(v.strength).toBeGreaterThan(evaluateFive(h('8C 8D 8H KS KC'), FLUSH_OVER_FULL.order).strength);
  });
  it('32-card deck: A-7-8-9-10 is the lowest straight and flush beats full', () => {
    const low = five('AC 7D 8H 9S 10C', SHORT_DECK_32);
    expect(low.category).toBe('straight');
    expect(low.ranks).toEqual([10]);
    expect(five('AH KH 9H 8H 7H', SHORT_DECK_32).category).toBe('flush');
    expect(compareHands(five('AH KH 9H 8H 7H', SHORT_DECK_32), five('AC AD AS KS KC', SHORT_DECK_32))).toBeGreaterThan(0);
  });
  it('28-card deck: A-8-9-10-J is a straight', () => {
    expect(five('AC 8D 9H 10S JC', SHORT_DECK_28).category).toBe('straight');
    expect(five('AC 8D 9H 10S JC', STANDARD).category).toBe('high-card');
  });
});

describe('pai gow joker (bug) and rankings', () => {
  it.each([
    ['AS AH AD AC JK', 'five-of-a-kind'],
    ['KS QS JS 10S JK', 'royal-flush'],
    ['9H 8H 7H 5H JK', 'straight-flush'],
    ['2H 9H 7H 5H JK', 'flush'],
    ['10C 9D 8H 6S JK', 'straight'],
    ['KC KD 8H 6S JK', 'pair'], // the joker is an ace kicker, not a king
    ['KC QD 8H 6S JK', 'high-card'], // ace high
    ['AC AD 8H 6S JK', 'three-of-a-kind'],
  ])('%s is %s', (cards, category) => {
    expect(evaluateFive(h(cards), PAI_GOW).category).toBe(category);
  });
  it('the joker does not make a pair of kings: it is an ace', () => {
    expect(evaluateFive(h('KC QD 8H 6S JK'), PAI_GOW).ranks).toEqual([14, 13, 12, 8, 6]);
  });
  it('A-2-3-4-5 is the second-highest straight', () => {
    const wheel = evaluateFive(h('AC 2D 3H 4S 5C'), PAI_GOW);
    expect(compareHands(wheel, evaluateFive(h('KC QD JH 10S 9C'), PAI_GOW))).toBeGreaterThan(0);
    expect(compareHands(wheel, evaluateFive(h('AC KD QH JS 10C'), PAI_GOW))).toBeLessThan(0);
  });
  it('five aces beat a royal flush', () => {
    expect(compareHands(evaluateFive(h('AS AH AD AC JK'), PAI_GOW), evaluateFive(h('AS KS QS JS 10S'), PAI_GOW))).toBeGreaterThan(0);
  });
  // euskadi L9026–9029, cantabria L4177–4181: "únicamente … como un As o para completar una escalera, un color…",
  // silent on the card that completes a flush already holding the suit's ace: the convention, the highest card missing
  it('a joker completing a flush that holds the ace is the highest card the suit lacks, not a second ace', () => {
    const withJoker = evaluateFive(h('AH KH 7H 4H JK'), PAI_GOW);
    expect(withJoker).toMatchObject({ category: 'flush', ranks: [14, 13, 12, 7, 4], cards: ['AH', 'KH', 'JK', '7H', '4H'] });
    expect(evaluateFive(h('AH KH QH 4H JK'), PAI_GOW).ranks).toEqual([14, 13, 12, 11, 4]);
    // below a natural A-K-Q-9 flush, which a second ace would have beaten
    expect(compareHands(withJoker, evaluateFive(h('AS KS QS 9S 2S'), PAI_GOW))).toBeLessThan(0);
    // without the suit's ace the joker is that ace, as ever
    expect(evaluateFive(h('KH 9H 7H 4H JK'), PAI_GOW).ranks).toEqual([14, 13, 9, 7, 4]);
  });
  it('the joker as a second ace completing a flush, where the session says so (jokerInFlush "ace")', () => {
    const withJoker = evaluateFive(h('AH KH 7H 4H JK'), PAI_GOW_JOKER_ACE);
    expect(withJoker).toMatchObject({ category: 'flush', ranks: [14, 14, 13, 7, 4] });
    expect(compareHands(withJoker, evaluateFive(h('AS KS QS 9S 2S'), PAI_GOW_JOKER_ACE))).toBeGreaterThan(0);
  });
  it('the joker is still an ace beside a held ace outside a flush: three aces, five aces', () => {
    expect(evaluateFive(h('AH AS 7D 4H JK'), PAI_GOW)).toMatchObject({ category: 'three-of-a-kind', ranks: [14, 7, 4] });
    expect(evaluateFive(h('AH KS 7D 4H JK'), PAI_GOW)).toMatchObject({ category: 'pair', ranks: [14, 13, 7, 4] });
  });
});

describe('bestOf and bestOmaha', () => {
  it('best five of seven', () => {
    const v = bestOf(h('AS KS 2D 7C QS JS 10S'));
    expect(v.category).toBe('royal-flush');
    expect(bestOf(h('2C 2D 2H 9S 9C 9D KH')).category).toBe('full-house');
    expect(bestOf(h('2C 2D 2H 9S 9C 9D KH')).ranks).toEqual([9, 2]);
  });
  it('best three of five uses the three-card ranking', () => {
    expect(bestOf(h('AS KS QS 2D 2C'), 3).category).toBe('royal-flush');
  });
  it('Omaha needs exactly two hole cards: four hearts on the board are no flush with one heart', () => {
    const v = bestOmaha(h('AH KC 7D 2S'), h('QH JH 9H 4H 3C'));
    expect(v.category).not.toBe('flush');
    const w = bestOmaha(h('AH KH 7D 2S'), h('QH JH 9C 4H 3C'));
    expect(w.category).toBe('flush');
  });
  it('Omaha: a board straight does not count without two hole cards', () => {
    expect(bestOmaha(h('2C 2D KS KH'), h('5S 6D 7C 8H 9S')).category).toBe('pair');
  });
});

describe('low hands', () => {
  it('the wheel is the best low; no low above 8', () => {
    expect(bestLow(h('AC 2D 3H 4S 5C 9D KH'))?.ranks).toEqual([5, 4, 3, 2, 1]);
    expect(bestLow(h('AC 2D 3H 4S 9C 9D KH'))).toBeNull();
    expect(bestLow(h('AC AD 3H 4S 6C 7D 8H'))?.ranks).toEqual([7, 6, 4, 3, 1]);
  });
  it('compares from the top card down', () => {
    const a = bestLow(h('8C 5D 4H 3S 2C')) as NonNullable<ReturnType<typeof bestLow>>;
    const b = bestLow(h('7C 6D 5H 4S 3C')) as NonNullable<ReturnType<typeof bestLow>>;
    expect(compareLow(b, a)).toBeLessThan(0);
  });
  it('Omaha low: two hole + three board', () => {
    expect(bestLow(h('AC 2D KS KH'), h('3S 4D 8C QH JS'))?.ranks).toEqual([8, 4, 3, 2, 1]);
    expect(bestLow(h('AC KD KS QH'), h('3S 4D 8C 5H JS'))).toBeNull();
  });
});

describe('three-card rankings', () => {
  it.each([
    ['AS KS QS', 'royal-flush'],
    ['3H 2H AH', 'straight-flush'],
    ['7C 7D 7H', 'three-of-a-kind'],
    ['QC JD 10H', 'straight'],
    ['AC 2D 3H', 'straight'],
    ['AH 9H 4H', 'flush'],
    ['8C 8D 2H', 'pair'],
    ['QC 9D 4H', 'high-card'],
  ])('%s is %s', (cards, category) => expect(evaluateThree(h(cards)).category).toBe(category));
  it('a straight beats a flush, three of a kind beats a straight', () => {
    expect(compareHands(evaluateThree(h('4C 5D 6H')), evaluateThree(h('AH KH 9H')))).toBeGreaterThan(0);
    expect(compareHands(evaluateThree(h('2C 2D 2H')), evaluateThree(h('QC KD AH')))).toBeGreaterThan(0);
  });
});

describe('qualifies and handName', () => {
  it('A-K or better', () => {
    expect(qualifies(five('AC KD 9H 4S 2C'), { category: 'high-card', ranks: [14, 13] })).toBe(true);
    expect(qualifies(five('AC QD 9H 4S 2C'), { category: 'high-card', ranks: [14, 13] })).toBe(false);
    expect(qualifies(five('2C 2D 9H 4S 3C'), { category: 'high-card', ranks: [14, 13] })).toBe(true);
  });
  it('pair of 8s or better; queen high in three-card', () => {
    expect(qualifies(five('8C 8D KH 4S 2C'), { category: 'pair', ranks: [8] })).toBe(true);
    expect(qualifies(five('7C 7D KH 4S 2C'), { category: 'pair', ranks: [8] })).toBe(false);
    expect(qualifies(evaluateThree(h('QC 9D 4H')), { category: 'high-card', ranks: [12] })).toBe(true);
    expect(qualifies(evaluateThree(h('JC 9D 4H')), { category: 'high-card', ranks: [12] })).toBe(false);
  });
  it('uses the ranking the hand was evaluated with', () => {
    // a flush above a full house: a flush qualifies for "full house or better" only in that order
    expect(qualifies(five('AH 9H 7H 4H 2H', FLUSH_OVER_FULL), { category: 'full-house' })).toBe(true);
    expect(qualifies(five('AH 9H 7H 4H 2H'), { category: 'full-house' })).toBe(false);
    expect(qualifies(evaluateFive(h('AS AH AD AC JK'), PAI_GOW), { category: 'royal-flush' })).toBe(true);
  });
  it('names hands in plain English', () => {
    expect(handName(five('8C 8D KH 4S 2C'))).toBe('pair of eights');
    expect(handName(five('AH 9H 7H 4H 2H'))).toBe('flush, ace high');
    expect(handName(five('8C 8D 8H KS KC'))).toBe('full house, eights over kings');
  });
});

// ---------------------------------------------------------------------------------------------------
// The fast paths (scores, hands picked without evaluating each in full) against a plain reference

/** Five cards evaluated the plain way: count, sort, look for a straight; the joker tried as every card. */
function referenceHand(cards: readonly string[], ranking: Ranking): HandValue {
  const at = cards.indexOf('JK');
  if (at < 0) return referenceNatural(cards, ranking);
  let best: HandValue | null = null;
  for (const rank of RANKS) {
    for (const suit of SUITS) {
      const code = `${rank}${suit}`;
      // an ace even when held (five aces) but not as a second ace of a flush's suit unless the ranking says so;
      // another card only when not held, and as the bug only in a straight or flush
      const held = cards.some((c, i) => i !== at && c === code);
      if (rank !== 'A' && held) continue;
      const value = referenceHand(
        cards.map((c, i) => (i === at ? code : c)),
        ranking,
      );
      if (rank !== 'A' && ranking.jokerAsBug !== false && !['straight', 'flush', 'straight-flush', 'royal-flush'].includes(value.category)) continue;
      if (held && value.category === 'flush' && ranking.jokerInFlush !== 'ace') continue;
      const shown = [...value.cards];
      const j = shown.lastIndexOf(code);
      if (j >= 0) shown[j] = 'JK';
      if (!best || compareHands(value, best) > 0) best = { ...value, cards: shown };
    }
  }
  return best as HandValue;
}

function referenceNatural(cards: readonly string[], ranking: Ranking): HandValue {
  const parsed = cards.map(card);
  const values = parsed.map((c) => c.value);
  const count = (v: number) => values.filter((x) => x === v).length;
  const distinct = [...new Set(values)].sort((a, b) => b - a);
  const groups = [...distinct].sort((a, b) => count(b) - count(a) || b - a);
  const flush = parsed.every((c) => c.suit === parsed[0].suit);
  const low = ranking.lowestRank;
  let top: number | null = null;
  if (distinct.length === 5 && distinct[0] - distinct[4] === 4) top = distinct[0];
  else if (distinct.length === 5 && distinct[0] === 14 && distinct[4] === low && distinct[1] === low + 3) top = low + 3;
  const wheel = top !== null && top !== 14 && values.includes(14);
  if (wheel && ranking.wheelSecondHighest) top = 13.5;
  const shape = groups.map(count).join('');
  const byShape: Record<string, Category> = { '5': 'five-of-a-kind', '41': 'four-of-a-kind', '32': 'full-house' };
  const lesser: Record<string, Category> = { '311': 'three-of-a-kind', '221': 'two-pair', '2111': 'pair' };
  const category: Category =
    top !== null
      ? flush
        ? top === 14
          ? 'royal-flush'
          : 'straight-flush'
        : 'straight'
      : (byShape[shape] ?? (flush ? 'flush' : (lesser[shape] ?? 'high-card')));
  const ranks = top !== null ? [top] : category === 'flush' ? [...values].sort((a, b) => b - a) : groups;
  const i = ranking.order.indexOf(category);
  const strength = i < 0 ? ranking.order.length + 1 : ranking.order.length - i;
  // most significant first, the first card of each value taken; the wheel (5-4-3-2-A, 10-9-8-7-A, J-10-9-8-A) with the ace last
  const byValue = wheel ? [low + 3, low + 2, low + 1, low, 14] : groups.flatMap((v) => Array<number>(count(v)).fill(v));
  const pool = [...parsed];
  const ordered: string[] = [];
  for (const v of byValue) {
    const k = pool.findIndex((c) => c.value === v);
    if (k >= 0) ordered.push(pool.splice(k, 1)[0].code);
  }
  return { category, strength, ranks, cards: [...ordered, ...pool.map((c) => c.code)], ranking: ranking.name };
}

/** The first of the best, as `compareHands` sees them. */
const firstBest = (values: readonly HandValue[]) => values.reduce((best, v) => (compareHands(v, best) > 0 ? v : best));

function referenceLow(fives: readonly (readonly string[])[]): LowHand | null {
  let best: LowHand | null = null;
  for (const five of fives) {
    if (five.includes('JK')) continue;
    const ranks = five.map((c) => (card(c).value === 14 ? 1 : card(c).value));
    if (new Set(ranks).size !== 5 || ranks.some((v) => v > 8)) continue;
    const ordered = five.map((c, i) => ({ c, v: ranks[i] })).sort((a, b) => b.v - a.v);
    const low = { ranks: ordered.map((x) => x.v), cards: ordered.map((x) => x.c) };
    if (!best || compareLow(low, best) < 0) best = low;
  }
  return best;
}

const customOrder = (order: readonly Category[]): Ranking => ({ ...STANDARD, name: 'custom', order });
const WILD: Ranking = { ...PAI_GOW, name: 'wild', jokerAsBug: false };
const deck52 = deckCards(DECK_52);
const deck32 = deckCards(DECK_32);
const deck28 = deckCards(DECK_28);

/** `size` cards from `deck`, often from a few ranks or suits (pairs, straights, flushes), or few ranks of two decks (five of a kind). */
const dealt = (deck: readonly string[], size: number) =>
  fc
    .tuple(
      fc.shuffledSubarray([...RANKS], { minLength: 1 }),
      fc.shuffledSubarray([...SUITS], { minLength: 1 }),
      fc.constantFrom('any', 'few ranks', 'few suits', 'two decks'),
    )
    .chain(([ranks, suits, how]) => {
      const kept = (c: string) => c === 'JK' || (how === 'few suits' ? suits.includes(card(c).suit as Suit) : ranks.includes(card(c).rank as Rank));
      const from = how === 'any' ? [...deck] : deck.filter(kept);
      const pool = how === 'two decks' ? [...from, ...from.filter((c) => c !== 'JK')] : from; // one joker still
      return fc.shuffledSubarray(pool.length >= size ? pool : [...deck], { minLength: size, maxLength: size });
    });

/** Each ranking with its deck and as the reference takes it; `ranking()` is called for every hand, as the circle games build theirs. */
const RANKED: Array<{ name: string; deck: readonly string[]; ranking: () => Ranking | readonly Category[]; as: Ranking; runs?: number }> = [
  { name: 'standard', deck: deck52, ranking: () => STANDARD, as: STANDARD },
  { name: 'flush over full', deck: deck52, ranking: () => FLUSH_OVER_FULL, as: FLUSH_OVER_FULL },
  { name: '32 cards', deck: deck32, ranking: () => SHORT_DECK_32, as: SHORT_DECK_32 },
  { name: '28 cards', deck: deck28, ranking: () => SHORT_DECK_28, as: SHORT_DECK_28 },
  { name: '28 cards, full over flush', deck: deck28, ranking: () => SHORT_DECK_28_FULL_OVER_FLUSH, as: SHORT_DECK_28_FULL_OVER_FLUSH },
  {
    name: 'fresh 32-card circle ranking',
    deck: deck32,
    ranking: () => ({ name: 'circle-32', order: FLUSH_OVER_FULL.order, lowestRank: 7 }),
    as: { name: 'circle-32', order: FLUSH_OVER_FULL.order, lowestRank: 7 },
  },
  // categories missing from the order share one strength: hands of different categories may then tie
  { name: 'a bare category order', deck: deck52, ranking: () => THREE_CARD.order, as: customOrder(THREE_CARD.order) },
  // the reference tries the joker as each of 52 cards: fewer runs
  { name: 'pai gow with the joker', deck: [...deck52, 'JK'], ranking: () => PAI_GOW, as: PAI_GOW, runs: 0.25 },
  { name: 'pai gow, the joker an ace in a flush', deck: [...deck52, 'JK'], ranking: () => PAI_GOW_JOKER_ACE, as: PAI_GOW_JOKER_ACE, runs: 0.25 },
];

describe('fast paths equal the plain reference', () => {
  describe.each(RANKED)('$name', ({ deck, ranking, as, runs = 1 }) => {
    it('evaluateFive', () => {
      fc.assert(
        fc.property(dealt(deck, 5), (cards) => expect(evaluateFive(cards, ranking())).toEqual(referenceHand(cards, as))),
        { numRuns: Math.ceil(400 * runs) },
      );
    });
    it('bestOf five of six and of seven: the first best in `choose` order', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 6, max: 7 }).chain((n) => dealt(deck, n)),
          (cards) => expect(bestOf(cards, 5, ranking())).toEqual(firstBest(choose(cards, 5).map((five) => referenceHand(five, as)))),
        ),
        { numRuns: Math.ceil(300 * runs) },
      );
    });
    it('bestOmaha: two of four or five hole cards and three of the board', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 4, max: 5 }).chain((n) => dealt(deck, n + 5).map((cards) => [cards.slice(0, n), cards.slice(n)])),
          ([hole, board]) => {
            const fives = choose(hole, 2).flatMap((two) => choose(board, 3).map((three) => [...two, ...three]));
            expect(bestOmaha(hole, board, ranking())).toEqual(firstBest(fives.map((five) => referenceHand(five, as))));
          },
        ),
        { numRuns: Math.ceil(150 * runs) },
      );
    });
  });

  it('a fully wild joker, two of them', () => {
    fc.assert(
      fc.property(dealt([...deck52, 'JK', 'JK'], 5), (cards) => expect(evaluateFive(cards, WILD)).toEqual(referenceHand(cards, WILD))),
      { numRuns: 60 },
    );
  });

  it('three-card hands: bestOf three of many', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }).chain((n) => dealt(deck52, n)),
        (cards) => expect(bestOf(cards, 3)).toEqual(firstBest(choose(cards, 3).map((three) => evaluateThree(three)))),
      ),
      { numRuns: 300 },
    );
  });

  it('low hands: any five, and Omaha two plus three', () => {
    const lowDeck = deck52.filter((c) => card(c).value <= 9 || card(c).value === 14);
    fc.assert(
      fc.property(dealt(lowDeck, 9), (cards) => {
        expect(bestLow(cards.slice(0, 7))).toEqual(referenceLow(choose(cards.slice(0, 7), 5)));
        const [hole, board] = [cards.slice(0, 4), cards.slice(4)];
        expect(bestLow(hole, board)).toEqual(referenceLow(choose(hole, 2).flatMap((two) => choose(board, 3).map((three) => [...two, ...three]))));
      }),
      { numRuns: 300 },
    );
  });

  it('choose lists subsets in input order', () => {
    expect(choose(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'],
      ['a', 'c'],
      ['a', 'd'],
      ['b', 'c'],
      ['b', 'd'],
      ['c', 'd'],
    ]);
    expect(choose(['a', 'b'], 0)).toEqual([[]]);
    expect(choose(['a', 'b'], 3)).toEqual([]);
  });

  it('among equal hands the first made is kept, its cards in the order given', () => {
    // 9-8-7-6-5 can be made three ways, the full house of threes over twos three ways
    expect(bestOf(h('9H 8C 7D 6S 5H 5C 9D')).cards).toEqual(['9H', '8C', '7D', '6S', '5H']);
    expect(bestOf(h('2C 2D 3H 3S 2H AS 3C')).cards).toEqual(['3H', '3S', '3C', '2C', '2D']);
  });
  it('a hand is remembered under the ranking it is evaluated with', () => {
    expect(bestOf(h('AS KS QS 2D 2C'), 3).ranking).toBe('three-card');
    expect(bestOf(h('AS KS QS 2D 2C'), 3, STANDARD).ranking).toBe('standard');
    expect(evaluateFive(h('AH 9H 7H 4H 2H'), FLUSH_OVER_FULL.order)).toMatchObject({ ranking: 'custom', strength: 7 });
    expect(evaluateFive(h('AH 9H 7H 4H 2H'), FLUSH_OVER_FULL)).toMatchObject({ ranking: 'flush-over-full', strength: 7 });
    expect(evaluateFive(h('AH 9H 7H 4H 2H'))).toMatchObject({ ranking: 'standard', strength: 6 });
    expect(evaluateFive(h('AC 7D 8H 9S 10C'), { ...SHORT_DECK_32, name: 'standard' }).category).toBe('straight');
    expect(evaluateFive(h('AC 7D 8H 9S 10C'), STANDARD).category).toBe('high-card');
  });
  it('a short deck lays out its ace-low straight top card first and the ace last, as the wheel', () => {
    expect(evaluateFive(h('9C AD 7H 10S 8C'), SHORT_DECK_32).cards).toEqual(['10S', '9C', '8C', '7H', 'AD']);
    expect(evaluateFive(h('JD 9C AD 10S 8C'), SHORT_DECK_28).cards).toEqual(['JD', '10S', '9C', '8C', 'AD']);
    expect(bestOf(h('9C AD 7H 10S 8C KS KD'), 5, SHORT_DECK_32).cards).toEqual(['10S', '9C', '8C', '7H', 'AD']);
  });
});
