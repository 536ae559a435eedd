/**
 * Double Hold'em against the independent reading (`docs/games/readings/circle-poker-double-holdem.json`).
 * Resolutions (who speaks first): `docs/games/readings/circle-poker.resolutions.md`.
 */
import { accepts, circleEnv, expectedPayouts, H, readingValues } from '../../core/circle/spec-support';
import { codes, judge } from '../../core/testing';
import { HOLDEM_PHASES } from '../circle-poker-texas-holdem/rules';
import { rules as RULES } from './rules';

readingValues(RULES, {
  decks: (rb, read) => {
    expect(read.value).toBe(1);
    expect(rb.deckSizes.value).toEqual([52]);
  },
  'hole-cards': (_rb, read) => expect(HOLDEM_PHASES[0].seat).toHaveLength(read.value as number),
  boards: (_rb, read) => expect(read.value).toBe(2), // the rounds below deal two rows and pay half a pot on each
  'forced-bet': (rb, _read, env) => {
    // "«ante» o «ciegas», dependiendo de la modalidad que elija la Dirección de Juego": ante by default, blinds declared
    expect(env.options.forcedBets).toBe('ante');
    expect(accepts(RULES, rb, { forcedBets: 'blinds' })).toBe(true);
  },
  'betting-rounds': (_rb, read) => expect(HOLDEM_PHASES).toHaveLength(read.value as number),
  'pot.split': (_rb, read) => expect(read.value).toBe(0.5),
  burns: (_rb, read) => expect(HOLDEM_PHASES.slice(1).every((p) => p.burn === read.value)).toBe(true),
  'limits.structures': (rb, read) => {
    expect(read.value).toEqual(['fixed', 'pot limit', 'no limit']);
    for (const structure of ['fixed', 'pot-limit', 'no-limit']) expect(accepts(RULES, rb, { structure })).toBe(true);
  },
});

const env = circleEnv(RULES, 'euskadi', { smallestChip: 10, options: { cagnotteRate: 0 } });
/** mano seat 4; seats from the croupier's right, clockwise: 4 (the mano) speaks first, then 3, 2, 1 */
const ORDER = [4, 3, 2, 1];
const dealt = (holes: Record<number, string[]>) => {
  const played = [...H.open(4, [1, 2, 3, 4]), ...[3, 2, 1, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
  for (let i = 0; i < 2; i++) for (const s of [3, 2, 1, 4]) played.push(H.card(holes[s][i], `seat:${s}`));
  return played;
};
const HOLES = { 1: ['AS', 'AD'], 2: ['KS', 'KD'], 3: ['7C', '2D'], 4: ['8C', '3D'] };

it('first-to-act (L12430–12434): "debiendo hablar en primer lugar en todas las rondas, la persona que ostente la mano"', () => {
  expect(codes(judge(RULES, env, [...dealt(HOLES), H.act(4, 'check'), H.act(3, 'check')]))).toEqual([]);
  expect(judge(RULES, env, [...dealt(HOLES), H.act(3, 'check')]).discrepancies.map((d) => d.rule)).toContain('circle-poker-double-holdem/action-out-of-turn');
});

it('the mano folded: the player to his left speaks first in the next rounds', () => {
  const played = [
    ...dealt(HOLES),
    H.act(4, 'fold'),
    ...[3, 2, 1].map((s) => H.act(s, 'check')),
    H.card('2S', 'burn'),
    ...H.cards('board:1', '9H', '9S', '4C'),
    ...H.cards('board:2', 'QH', 'QS', '5C'),
  ];
  expect(codes(judge(RULES, env, [...played, H.act(3, 'check')]))).toEqual([]);
  expect(codes(judge(RULES, env, [...played, H.act(2, 'check')]))).toContain('SEQUENCE_VIOLATION');
});

it('half-pot-per-board (L12516–12519): aces win the first row, kings (a set on it) the second: half the pot each', () => {
  const checks = () => ORDER.map((s) => H.act(s, 'check'));
  const played = [
    ...dealt(HOLES),
    ...checks(),
    H.card('2S', 'burn'),
    ...H.cards('board:1', '9H', '6S', '4C'),
    ...H.cards('board:2', 'KH', '6H', '5C'),
    ...checks(),
    H.card('2H', 'burn'),
    H.card('JC', 'board:1'),
    H.card('JD', 'board:2'),
    ...checks(),
    H.card('3H', 'burn'),
    H.card('10C', 'board:1'),
    H.card('10D', 'board:2'),
    ...checks(),
  ];
  expect(codes(judge(RULES, env, played))).toEqual([]);
  expect(expectedPayouts(RULES, env, played)).toEqual({ '1': 200, '2': 200, '3': 0, '4': 0 });
});
