/** Seven Card Stud: two down and one up, three more up, the seventh down; five intervals (cantabria L6113–6151, docs/decisions/open-questions.md#oq-37). */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

export const SEVEN_STUD_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down', 'up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
  { burn: 0, seat: ['up'], board: 0 },
  { burn: 0, seat: ['down'], board: 0 },
];

export const rules = circlePoker(
  { game: 'circle-poker-seven-card-stud', phases: () => SEVEN_STUD_PHASES, boards: 1, split: 'high', deckCapacity: 7 },
  rulebooks,
);
