/**
 * Omaha Hi&Low against the independent reading (`docs/games/readings/circle-poker-omaha-hi-lo.json`).
 * Resolutions (the low qualifier, the shares): `docs/games/readings/circle-poker.resolutions.md`.
 */
import { accepts, circleEnv, expectedPayouts, H, readingValues } from '../../core/circle/spec-support';
import { citesLines } from '../../core/reading-testing';
import { omahaPhases } from '../circle-poker-omaha/rules';
import { rules as RULES } from './rules';

readingValues(RULES, {
  decks: (rb, read) => {
    expect(read.value).toBe(1);
    expect(rb.deckSizes.value).toEqual([52]);
  },
  'hole-cards': (_rb, read) => expect(omahaPhases(4)[0].seat).toHaveLength(read.value as number),
  'pot.split': (rb) => expect(rb.handRule.value).toBe('two-plus-three'), // high and low halves: the rounds below
  'low.qualifier': (rb, read) => {
    expect(rb.options!.lowQualifier.value).toBe(8);
    expect(citesLines(rb.options!.lowQualifier.cite, read.lines!)).toBe(true);
  },
  'ace.high-and-low': (_rb, read) => expect(read.value).toBe(true), // the wheel is the best low and a straight: below
  'limits.structures': (rb, read) => {
    expect(read.value).toEqual(['fixed', 'pot limit', 'no limit']);
    for (const structure of ['fixed', 'pot-limit', 'no-limit']) expect(accepts(RULES, rb, { structure })).toBe(true);
  },
});

function hiLo(holes: Record<number, string[]>, board: string[]) {
  const env = circleEnv(RULES, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0 } });
  const order = [3, 2, 1, 4];
  const played = [...H.open(4, [1, 2, 3, 4]), ...order.map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (let i = 0; i < 4; i++) for (const s of order) played.push(H.card(holes[s][i], `seat:${s}`));
  const checks = () => order.map((s) => H.act(s, 'check'));
  played.push(
    ...checks(),
    H.card('QD', 'burn'),
    ...H.cards('board', ...board.slice(0, 3)),
    ...checks(),
    H.card('QS', 'burn'),
    H.card(board[3], 'board'),
    ...checks(),
    H.card('QC', 'burn'),
    H.card(board[4], 'board'),
    ...checks(),
  );
  return expectedPayouts(RULES, env, played);
}

describe("the reader's rounds (euskadi L12299–12310)", () => {
  it('two-plus-three-both-ways: a low needs two low hole cards; one ace with three high cards makes none', () => {
    // board 3-4-6 low: seat 1 holds an ace and no other low card (no low), seat 2 holds 7-8 (low 8-7-6-4-3), seat 3 a heart flush
    const p = hiLo({ 1: ['AS', 'KC', 'KS', 'JC'], 2: ['7C', '8D', 'JS', '9C'], 3: ['JH', '10H', '2C', '2D'], 4: ['QH', 'JD', '10D', '10C'] }, [
      '3H',
      '4C',
      '6H',
      'KH',
      '9S',
    ]);
    expect(p).toEqual({ '1': 0, '2': 200, '3': 200, '4': 0 });
  });
  it('ace-both-ways: A-2-3-4-5 is a straight for the high and the best low, and may take both halves', () => {
    const p = hiLo({ 1: ['AS', '2D', 'KC', 'KD'], 2: ['7C', '8D', 'JH', 'JS'], 3: ['QC', 'QS', '10H', '10S'], 4: ['9H', '9D', 'JC', 'JD'] }, [
      '3H',
      '4C',
      '5H',
      'KH',
      'KS',
    ]);
    // seat 1: K-K in the hand with K-K on the board, four kings, the high; A-2 with 3-4-5, the wheel, the low
    expect(p['1']).toBe(400);
  });
});
