/** Omaha: four hole cards, exactly two of them with three of the five board cards. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

export const omahaPhases = (hole: number): readonly CirclePhase[] => [
  { burn: 0, seat: Array(hole).fill('down'), board: 0 },
  { burn: 1, seat: [], board: 3 },
  { burn: 1, seat: [], board: 1 },
  { burn: 1, seat: [], board: 1 },
];

export const rules = circlePoker({ game: 'circle-poker-omaha', phases: () => omahaPhases(4), boards: 1, split: 'high' }, rulebooks);
