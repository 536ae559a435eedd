/** French roulette: the single-zero layout game with the prison on even chances (docs/decisions/games.md#french-roulette). */
import { layoutGame } from '../../core/roulette';
import { rulebooks } from './rulebook';

export const rules = layoutGame('french-roulette', rulebooks);
