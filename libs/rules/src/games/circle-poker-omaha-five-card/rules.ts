/** Omaha 5 cartas: five hole cards, two of them with three board cards; at most 8 players. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { omahaPhases } from '../circle-poker-omaha/rules';
import { rulebooks } from './rulebook';

/** With the first board card exposed at the deal, the flop brings the two others (euskadi L12261–12265). */
const EXPOSED: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down', 'down', 'down', 'down'], board: 1 },
  { burn: 1, seat: [], board: 2 },
  { burn: 1, seat: [], board: 1 },
  { burn: 1, seat: [], board: 1 },
];

export const rules = circlePoker(
  { game: 'circle-poker-omaha-five-card', phases: (env) => (env.options.exposeFirstBoardCard ? EXPOSED : omahaPhases(5)), boards: 1, split: 'high' },
  rulebooks,
);
