/**
 * Two readings (issue 14 §5): the triple blackjack rulebook against the independent reading of the original text
 * (docs/games/readings/triple-blackjack.json), value by value, and the reading's rounds judged. Differences are
 * resolved in docs/games/readings/triple-blackjack.resolutions.md.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { DEALER_STANDS_ON } from '../../core/blackjack-hand';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor, judge } from '../../core/testing';
import type { ExpectedSettlement, SessionContext } from '../../core/types';
import { rulebooks as BLACKJACK_RULEBOOKS } from '../blackjack/rulebook';
import { bet, card, cards, closed, completed, settled, settlementOf, start } from '../../core/blackjack-testing';
import { TripleBlackjackRulebook } from './rulebook';
import { rules as rules } from './rules';

const reading = JSON.parse(readFileSync(join(__dirname, '../../../../../docs/games/readings/triple-blackjack.json'), 'utf8')) as {
  jurisdictions: Record<string, { values: Record<string, { value?: unknown; absent?: boolean }> } | null>;
};
const values = reading.jurisdictions.euskadi!.values;
const valueOf = (key: string): unknown => (values[key]?.absent ? null : values[key]?.value);
const rb = rules.rulebooks.euskadi!;
const env = (overrides: Partial<SessionContext> = {}) =>
  envFor(rules, 'euskadi', { limits: { min: 10, max: 1000 }, ...overrides }) as RoundEnv<TripleBlackjackRulebook>;

describe('every value the reader found agrees with the rulebook', () => {
  it('only euskadi catalogues it; what it does not state follows blackjack (L2250–2257)', () => {
    expect(Object.keys(reading.jurisdictions).filter((j) => reading.jurisdictions[j])).toEqual(['euskadi']);
    expect(String(valueOf('rules.base'))).toContain('Black Jack rules of epígrafe 03');
    expect(rb.decks).toEqual(BLACKJACK_RULEBOOKS.euskadi!.decks);
    expect(rb.blackjackPays).toEqual(BLACKJACK_RULEBOOKS.euskadi!.blackjackPays);
  });
  it('three boxes per player, one bet on each, one hand played', () => {
    expect(rb.boxesPerPlayer.value).toBe(valueOf('boxes.per-player'));
    expect(rb.betsPerBox.value).toBe(valueOf('bets-per-box.max'));
    expect(valueOf('player.hands')).toBe(1);
  });
  it('the dealer: 17, soft 17 stands, draws only against a competitor, keeps his first card', () => {
    expect(DEALER_STANDS_ON).toBe(valueOf('dealer.stands-on'));
    expect(valueOf('dealer.soft-17')).toBe('stand');
    expect(rb.dealerHitsSoft17.value).toBe(false);
    expect(rb.dealerDrawsOnlyAgainstLiveHand.value).toBe(valueOf('dealer.draws-only-with-competitor'));
    expect(valueOf('dealer.redraw.keeps')).toBe('his first card only');
    expect(rb.dealerKeepsFirstCard.value).toBe(true);
  });
  it('payouts and the bust', () => {
    expect(rb.winPays.value).toBe(valueOf('payout.win'));
    expect(rb.blackjackPays.value).toBe(valueOf('payout.blackjack'));
    expect(valueOf('ranking.blackjack-vs-multicard-21')).toBe('blackjack wins');
    expect(String(valueOf('bust.loses'))).toContain('all boxes');
    expect(rb.bustLosesAllBoxes.value).toBe(true);
  });
  it('double, split, surrender: not stated for the variant, so a box whose hand used one is unverifiable, not judged', () => {
    for (const k of ['double', 'split', 'surrender']) expect(valueOf(k)).toBeNull();
  });
});

/** Seat 1 bets 10 on the boxes given; player's cards; dealer's first card; the dealer's draws per play. */
function coup(boxes: number[], player: string[], first: string, draws: [string[], string[], string[]], extra: PlayedFact[] = []): PlayedFact[] {
  const [p1, p2, ...hits] = player;
  return [
    start(),
    ...boxes.map((n) => bet(`b${n}`, 1, 'main', 10, { selection: n })),
    card(p1, 'seat:1'),
    card(first, 'dealer'),
    card(p2, 'seat:1'),
    ...extra,
    closed(),
    ...cards('seat:1', ...hits),
    ...cards('dealer', ...draws[0]),
    ...cards('dealer:play:2', ...draws[1]),
    ...cards('dealer:play:3', ...draws[2]),
  ];
}
const outcome = (facts: PlayedFact[], betId: string) => settlementOf(rules, env(), facts, betId) as ExpectedSettlement;

describe("the reader's rounds", () => {
  it('bets on boxes 1 and 3 only are allowed; two stacks on one box are not (L2261–2264)', () => {
    expect(codes(judge(rules, env(), [start(), bet('b1', 1, 'main', 10, { selection: 1 }), bet('b3', 1, 'main', 10, { selection: 3 })]))).toEqual([]);
    expect(codes(judge(rules, env(), [start(), bet('b1', 1, 'main', 10, { selection: 2 }), bet('b2', 1, 'main', 10, { selection: 2 })]))).toEqual([
      'BET_NOT_ALLOWED',
    ]);
  });

  it('player 10+6 draws 8: every box lost at once; the dealer, with no competitor, does not draw (L2285–2293)', () => {
    const bust = coup([1, 2, 3], ['10H', '6S', '8C'], '10D', [[], [], []]);
    for (const id of ['b1', 'b2', 'b3']) expect(outcome(bust, id)).toMatchObject({ outcome: 'lose', payout: 0 });
    const settledAll = ['b1', 'b2', 'b3'].map((id) => settled(id, 'lose', 0));
    expect(codes(judge(rules, env(), [...bust, ...settledAll, completed()]))).toEqual([]);
    expect(codes(judge(rules, env(), [...coup([1, 2, 3], ['10H', '6S', '8C'], '10D', [['7C'], [], []]), ...settledAll, completed()]))).toEqual([
      'DRAW_RULE_VIOLATION',
    ]);
  });

  it('player 18; dealer 6: box 1 against 6+10+9 (bust) paid; box 2 against 6+A (soft 17, stands) paid; box 3 against 6+2+K (18) null', () => {
    const f = coup([1, 2, 3], ['10H', '8S'], '6D', [['10C', '9C'], ['AC'], ['2C', 'KC']]);
    expect(outcome(f, 'b1')).toMatchObject({ outcome: 'win', payout: 10 });
    expect(outcome(f, 'b2')).toMatchObject({ outcome: 'win', payout: 10 });
    expect(outcome(f, 'b3')).toMatchObject({ outcome: 'push', payout: 0 });
    expect(codes(judge(rules, env(), [...f, settled('b1', 'win', 10), settled('b2', 'win', 10), settled('b3', 'push', 0), completed()]))).toEqual([]);
  });

  it("A+K on box 1 against the dealer's 9, 5, 7 (21): the blackjack wins, paid 15 on 10 (L2392–2397)", () => {
    const f = coup([1], ['AH', 'KS'], '9D', [['5C', '7C'], [], []]);
    expect(outcome(f, 'b1')).toMatchObject({ outcome: 'win', payout: 15 });
  });

  it('dealer ace: one insurance per box bet on, each at most half that box (L2504–2507; Basque L2438–2441)', () => {
    const three = [1, 2, 3].map((n) => bet(`i${n}`, 1, 'insurance', 5, { selection: n }));
    const base = [
      start(),
      ...[1, 2, 3].map((n) => bet(`b${n}`, 1, 'main', 10, { selection: n })),
      card('10H', 'seat:1'),
      card('AD', 'dealer'),
      card('9S', 'seat:1'),
    ];
    expect(codes(judge(rules, env(), [...base, ...three]))).toEqual([]);
    expect(codes(judge(rules, env(), [...base, bet('i1', 1, 'insurance', 6, { selection: 1 })]))).toEqual(['BET_ABOVE_MAXIMUM']);
  });

  it('limits per box: 1,000 on each of three boxes at a 10–1,000 table (L2511–2513; Basque L2443–2447)', () => {
    expect(codes(judge(rules, env(), [start(), ...[1, 2, 3].map((n) => bet(`b${n}`, 1, 'main', 1000, { selection: n }))]))).toEqual([]);
  });
});
