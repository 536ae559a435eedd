/** Five Stud: one card down and one up, then one up card per interval; four intervals. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

export const FIVE_STUD_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
];

export const rules = circlePoker({ game: 'circle-poker-five-card-stud', phases: () => FIVE_STUD_PHASES, boards: 1, split: 'high', deckCapacity: 6 }, rulebooks);
