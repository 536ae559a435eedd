/** Póker sintético: two hole cards and the first board card at the deal, then one board card per interval; five intervals. */
import { circlePoker, CirclePhase } from '../../core/circle';
import { rulebooks } from './rulebook';

// no burn card is stated in any of the four texts
export const SYNTHETIC_PHASES: readonly CirclePhase[] = [
  { burn: 0, seat: ['down', 'down'], board: 1 },
  { burn: 0, seat: [], board: 1 },
  { burn: 0, seat: [], board: 1 },
  { burn: 0, seat: [], board: 1 },
  { burn: 0, seat: [], board: 1 },
];

export const rules = circlePoker({ game: 'synthetic-poker', phases: () => SYNTHETIC_PHASES, boards: 1, split: 'high' }, rulebooks);
