/** Double-zero roulette (cantabria A.3): the A.2 game on a 38-pocket wheel (docs/decisions/games.md#american-roulette-double-zero). */
import { layoutGame } from '../../core/roulette';
import { rulebooks } from './rulebook';

export const rules = layoutGame('american-roulette-double-zero', rulebooks);
