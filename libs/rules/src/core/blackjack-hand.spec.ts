import { card } from './cards';
import { dealerMustDraw, handTotal, isBlackjack, isBust, parsePosition } from './blackjack-hand';

const hand = (...codes: string[]) => codes.map(card);

describe('blackjack hand totals', () => {
  it.each([
    [['2H', '3S'], 5, 5, false],
    [['AH', '6S'], 7, 17, true],
    [['AH', '6S', '10D'], 17, 17, false],
    [['AH', 'AS'], 2, 12, true],
    [['AH', 'AS', '9D'], 11, 21, true],
    [['KH', 'QS'], 20, 20, false],
    [['KH', 'QS', '5D'], 25, 25, false],
  ])('%j: hard %i, best %i, soft %s', (codes, hard, best, soft) => {
    expect(handTotal(hand(...codes))).toEqual({ hard, best, soft });
  });

  it('an ace may be forced to count 1 (doubled hand, index.md OQ-12)', () => {
    expect(handTotal(hand('AH', '5S', '5D'), true).best).toBe(11);
  });

  it('blackjack: 21 with two cards, not from a split', () => {
    expect(isBlackjack(hand('AH', 'KS'))).toBe(true);
    expect(isBlackjack(hand('AH', '10S'))).toBe(true);
    expect(isBlackjack(hand('AH', 'KS'), true)).toBe(false);
    expect(isBlackjack(hand('7H', '7S', '7D'))).toBe(false);
  });

  it('bust above 21 counting aces 1', () => {
    expect(isBust(hand('KH', 'QS', '2D'))).toBe(true);
    expect(isBust(hand('KH', 'AS', 'QD'))).toBe(false);
  });
});

describe('dealer drawing table (all four texts: draws below 17, stands on 17 incl. soft 17; euskadi L1604–1616)', () => {
  // every hard total the dealer can hold with two or more cards
  const hardHands: Record<number, string[]> = {};
  for (let t = 4; t <= 26; t++) hardHands[t] = t <= 11 ? ['2H', `${t - 2}S`] : t <= 20 ? ['10H', `${t - 10}S`] : ['10H', '6S', `${t - 16}D`];
  hardHands[4] = ['2H', '2S'];
  hardHands[21] = ['10H', '5S', '6D'];
  it.each(Object.entries(hardHands).map(([t, h]) => [Number(t), h]))('hard %i %j', (total, codes) => {
    expect(handTotal(hand(...(codes as string[]))).best).toBe(total);
    expect(dealerMustDraw(hand(...(codes as string[])))).toBe((total as number) < 17);
  });
  it.each([12, 13, 14, 15, 16, 17, 18, 19, 20, 21])('soft %i', (total) => {
    const codes = total === 12 ? ['AH', 'AS'] : ['AH', `${total - 11}S`];
    expect(handTotal(hand(...codes))).toMatchObject({ best: total, soft: true });
    expect(dealerMustDraw(hand(...codes))).toBe(total < 17);
    expect(dealerMustDraw(hand(...codes), true)).toBe(total <= 17);
  });
  it('one card: the dealer always draws', () => {
    for (const c of ['AH', '10S', '6D']) expect(dealerMustDraw(hand(c))).toBe(true);
  });
});

describe('positions', () => {
  it.each([
    ['dealer', { kind: 'dealer', play: 1 }],
    ['dealer:play:3', { kind: 'dealer', play: 3 }],
    ['seat:3', { kind: 'box', seat: 3, hand: 1, named: false }],
    ['seat:3:hand:2', { kind: 'box', seat: 3, hand: 2, named: true }],
    ['burn', { kind: 'burn' }],
    ['board', null],
    ['seat:x', null],
  ])('%s', (to, expected) => expect(parsePosition(to)).toEqual(expected));
});
