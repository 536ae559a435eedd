/**
 * Omaha against the independent reading (`docs/games/readings/circle-poker-omaha.json`). Resolutions:
 * `docs/games/readings/circle-poker.resolutions.md`.
 */
import { boardGameValues, circleEnv, expectedPayouts, H, readingValues } from '../../core/circle/spec-support';
import { omahaPhases, rules as RULES } from './rules';

const PHASES = omahaPhases(4);

readingValues(
  RULES,
  {
    decks: (rb, read) => {
      expect(read.value).toBe(1);
      expect(rb.deckSizes.value).toEqual([52]);
    },
    ...boardGameValues(RULES, PHASES, 'two-plus-three'),
  },
  { resto: "the resto and its re-buys are the casino's amounts; each hand's resto is read from HandOpened" },
);

it('two-plus-three (euskadi L12135–12140): four hearts on the board and one in the hand make no flush; two in the hand do', () => {
  const env = circleEnv(RULES, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0 } });
  const order = [3, 2, 1, 4];
  // seat 1: one heart (the ace); seat 2: two small hearts; seats 3 and 4: a pair each
  const holes: Record<number, string[]> = {
    1: ['AH', 'KC', 'KD', '2S'],
    2: ['3H', '4H', '5C', '6D'],
    3: ['QC', 'QD', '7S', '8S'],
    4: ['JC', 'JD', '9C', '9D'],
  };
  const played = [...H.open(4, [1, 2, 3, 4]), ...order.map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (let i = 0; i < 4; i++) for (const s of order) played.push(H.card(holes[s][i], `seat:${s}`));
  const checks = () => order.map((s) => H.act(s, 'check'));
  played.push(
    ...checks(),
    H.card('2C', 'burn'),
    ...H.cards('board', 'KH', '10H', '8H'),
    ...checks(),
    H.card('2D', 'burn'),
    H.card('6H', 'board'),
    ...checks(),
    H.card('3C', 'burn'),
    H.card('AS', 'board'),
    ...checks(),
  );
  // seat 2's flush (two hole hearts + three board hearts) beats seat 1's kings, which a one-heart "flush" would not
  expect(expectedPayouts(RULES, env, played)).toEqual({ '1': 0, '2': 400, '3': 0, '4': 0 });
});
