/**
 * Texas Hold'em against the independent reading (`docs/games/readings/circle-poker-texas-holdem.json`); the common
 * rules are held to theirs in `core/circle/reading.spec.ts`. Resolutions: `docs/games/readings/circle-poker.resolutions.md`.
 */
import { boardGameValues, circleEnv, expectedPayouts, H, readingValues } from '../../core/circle/spec-support';
import { codes, judge } from '../../core/testing';
import { HOLDEM_PHASES, rules as RULES } from './rules';

readingValues(RULES, boardGameValues(RULES, HOLDEM_PHASES, 'best-five'), {
  resto: "the resto and its re-buys are the casino's amounts; each hand's resto is read from HandOpened",
});

describe("the reader's rounds", () => {
  it("euskadi any-five-of-seven (L12397–12400): the board may play — a board royal flush is everyone's, the pot split four ways", () => {
    const env = circleEnv(RULES, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0 } });
    const order = [3, 2, 1, 4];
    const holes: Record<number, string[]> = { 1: ['2C', '3D'], 2: ['4C', '5D'], 3: ['6C', '7D'], 4: ['8C', '9D'] };
    const played = [...H.open(4, [1, 2, 3, 4]), ...order.map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let i = 0; i < 2; i++) for (const s of order) played.push(H.card(holes[s][i], `seat:${s}`));
    const checks = () => order.map((s) => H.act(s, 'check'));
    played.push(
      ...checks(),
      H.card('2S', 'burn'),
      ...H.cards('board', 'AH', 'KH', 'QH'),
      ...checks(),
      H.card('2H', 'burn'),
      H.card('JH', 'board'),
      ...checks(),
      H.card('3H', 'burn'),
      H.card('10H', 'board'),
      ...checks(),
    );
    expect(codes(judge(RULES, env, played))).toEqual([]);
    expect(expectedPayouts(RULES, env, played)).toEqual({ '1': 100, '2': 100, '3': 100, '4': 100 });
  });
});
