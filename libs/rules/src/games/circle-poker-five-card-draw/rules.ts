/** Five-card draw: five cards down, an interval, one draw, a second interval. */
import { circlePoker, CirclePhase, CircleVariant } from '../../core/circle';
import { rulebooks } from './rulebook';

export const DRAW_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down', 'down', 'down', 'down'], board: 0 },
  { burn: 0, seat: [], board: 0, draw: true },
];

/** The variant the engine is configured with (the circle modules' specs use it alone). */
export const DRAW_VARIANT: CircleVariant = { game: 'circle-poker-five-card-draw', phases: () => DRAW_PHASES, boards: 1, split: 'high' };

export const rules = circlePoker(DRAW_VARIANT, rulebooks);
