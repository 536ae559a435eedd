/** Texas Hold'em: two hole cards, flop, turn and river each after one burn, four intervals. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

export const HOLDEM_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down'], board: 0 },
  { burn: 1, seat: [], board: 3 },
  { burn: 1, seat: [], board: 1 },
  { burn: 1, seat: [], board: 1 },
];

export const rules = circlePoker({ game: 'circle-poker-texas-holdem', phases: () => HOLDEM_PHASES, boards: 1, split: 'high' }, rulebooks);
