/** Texas Hold'em: two hole cards, flop, turn and river each after one burn, four intervals. */
import { circlePoker, CirclePhase, CircleVariant } from '../../core/circle';
import { rulebooks } from './rulebook';

export const HOLDEM_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down'], board: 0 },
  { burn: 1, seat: [], board: 3 },
  { burn: 1, seat: [], board: 1 },
  { burn: 1, seat: [], board: 1 },
];

/** The variant the engine is configured with (the circle modules' specs use it alone). */
export const HOLDEM_VARIANT: CircleVariant = { game: 'circle-poker-texas-holdem', phases: () => HOLDEM_PHASES, boards: 1, split: 'high' };

export const rules = circlePoker(HOLDEM_VARIANT, rulebooks);
