import fc from 'fast-check';
import { deckCards, DECK_52 } from '../cards';
import {
  bestLow,
  bestOf,
  bestOmaha,
  compareHands,
  compareLow,
  evaluateFive,
  evaluateThree,
  FLUSH_OVER_FULL,
  handName,
  PAI_GOW,
  qualifies,
  SHORT_DECK_28,
  SHORT_DECK_32,
  STANDARD,
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
