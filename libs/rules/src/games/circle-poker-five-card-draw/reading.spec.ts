/**
 * Five-card draw (póker cubierto) against the independent reading (`docs/games/readings/circle-poker-five-card-draw.json`).
 * Resolutions (Figuras between themselves): `docs/games/readings/circle-poker.resolutions.md`.
 */
import { circleEnv, expectedPayouts, H, LIMITS, readingValues } from '../../core/circle/spec-support';
import { citesLines } from '../../core/reading-testing';
import { codes, judge } from '../../core/testing';
import { DRAW_PHASES, rules as RULES } from './rules';

const limit = (betType: string, env: Parameters<NonNullable<typeof RULES.betLimits>>[1]) =>
  RULES.betLimits!({ betId: 'x', betType, amount: 0, seat: 1, eventId: 'x', late: false } as never, env);

readingValues(RULES, {
  decks: (rb, read) => {
    expect(rb.deckSizes.value).toEqual(read.value);
    expect(citesLines(rb.deckSizes.cite, read.lines!)).toBe(true);
  },
  'seat-numbering': (rb, read) => {
    expect(String(read.value)).toMatch(/croupier's right/);
    expect(rb.seatNumbering.value).toBe('from-croupier-right');
  },
  'cards-per-player': (_rb, read) => expect(DRAW_PHASES[0].seat).toHaveLength(read.value as number),
  'blind.mano': (rb, read, env) => {
    expect(env.options.forcedBets).toBe('openings');
    expect(limit('opening', env).min?.amount).toBe((read.value as number) * LIMITS.min);
    expect(rb.bigBlindShare.value).toBe(read.value);
  },
  'blind.second-mano': (_rb, read, env) => expect(limit('double-opening', env).min?.amount).toBe((read.value as number) * LIMITS.min),
  'straddle.ciega.minimum': (_rb, read, env) => {
    const base = [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 400)];
    expect(codes(judge(RULES, env, [...base, H.bet(2, 'ciega', (read.value as number) * 400)]))).toEqual([]);
    expect(codes(judge(RULES, env, [...base, H.bet(2, 'ciega', (read.value as number) * 400 - 100)]))).toContain('BET_BELOW_MINIMUM');
  },
  'draw.count': (_rb, read) => expect(DRAW_PHASES.filter((p) => p.draw)).toHaveLength(read.value as number),
  'draw.maximum-cards': (rb, read) => {
    // cantabria: "una o más" without a cap, i.e. up to all five
    expect(rb.maxDiscard.value).toBe(read.value ?? 5);
    if (read.value !== null) expect(citesLines(rb.maxDiscard.cite, read.lines!)).toBe(true);
  },
  openers: (rb, read) => {
    if (read.value === null) return expect(rb.openers.value).toBeNull();
    expect(read.value).toBe('pair of jacks or better');
    expect(rb.openers.value?.[0]).toBe(11);
    expect(citesLines(rb.openers.cite, read.lines!)).toBe(true);
  },
  'openers.after-blank-hands': (rb, read) => {
    const ranks: Record<string, number> = { jacks: 11, queens: 12, kings: 13, aces: 14 };
    expect(rb.openers.value).toEqual((read.value as string[]).map((r) => ranks[r]));
  },
  'ranking.figuras': (rb, read) => expect(rb.figuras.value).toBe(read.value),
  'ranking.flush-over-full-with-32-cards': (rb, read) => expect(rb.flushBeatsFull.value).toBe(read.value),
});

/** euskadi: the mano (4) opens with the minimum, the segunda mano (3) doubles; all call; nobody draws; checked down. */
function showdown(hands: Record<number, string[]>) {
  const env = circleEnv(RULES, 'euskadi', { options: { cagnotteRate: 0 } });
  const order = [3, 2, 1, 4];
  const played = [...H.open(4, [1, 2, 3, 4]), H.bet(4, 'opening', 200), H.bet(3, 'double-opening', 400), H.bet(2, 'seat', 0), H.bet(1, 'seat', 0), H.close()];
  for (let k = 0; k < 5; k++) for (const s of order) played.push(H.card(hands[s][k], `seat:${s}`));
  played.push(H.act(2, 'call', 400), H.act(1, 'call', 400), H.act(4, 'call', 200), H.act(3, 'check'));
  for (const s of order) played.push(H.act(s, 'draw', undefined, { discards: [] }));
  played.push(...order.map((s) => H.act(s, 'check')));
  expect(codes(judge(RULES, env, played))).toEqual([]);
  return expectedPayouts(RULES, env, played);
}

describe('Figuras (euskadi L11097–11100, ties L11204–11206)', () => {
  it("the reader's round: K-K-Q-J-A, Figuras with one pair, beats the two pair 9-9-5-5-2", () => {
    expect(
      showdown({ 1: ['KS', 'KD', 'QC', 'JH', 'AD'], 2: ['9C', '9D', '5S', '5H', '2C'], 3: ['8S', '7D', '6C', '4D', '3C'], 4: ['10S', '8D', '6H', '4S', '2D'] })[
        '1'
      ],
    ).toBe(1_600);
  });
  it('between two Figuras "gana el que tiene la pareja más alta": A-A-K-Q-J beats K-K-Q-Q-J', () => {
    expect(
      showdown({ 1: ['AS', 'AD', 'KC', 'QH', 'JS'], 2: ['KS', 'KD', 'QC', 'QD', 'JD'], 3: ['9S', '9D', '5C', '5D', '2C'], 4: ['8S', '7D', '6C', '4D', '3C'] }),
    ).toEqual({ '1': 1_600, '2': 0, '3': 0, '4': 0 });
  });
  it('the same pair: the highest other card decides (A-A-K-K-Q beats A-A-K-Q-J)', () => {
    expect(
      showdown({ 1: ['AS', 'AD', 'KC', 'QH', 'JS'], 2: ['AH', 'AC', 'KS', 'KD', 'QD'], 3: ['9S', '9D', '5C', '5D', '2C'], 4: ['8S', '7D', '6C', '4D', '3C'] })[
        '2'
      ],
    ).toBe(1_600);
  });
});
