/** Five-card draw: five cards down, an interval, one draw, a second interval. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

export const DRAW_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down', 'down', 'down', 'down'], board: 0 },
  { burn: 0, seat: [], board: 0, draw: true },
];

export const rules = circlePoker({ game: 'circle-poker-five-card-draw', phases: () => DRAW_PHASES, boards: 1, split: 'high' }, rulebooks);
