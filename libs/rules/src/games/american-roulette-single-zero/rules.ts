/** American single-zero roulette: the French layout without the prison (docs/decisions/games.md#american-roulette-single-zero). */
import { layoutGame } from '../../core/roulette';
import { rulebooks } from './rulebook';

export const rules = layoutGame('american-roulette-single-zero', rulebooks);
