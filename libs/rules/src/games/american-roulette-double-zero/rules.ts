/** Double-zero roulette (cantabria A.3): the A.2 game on a 38-pocket wheel (docs/decisions/games.md#american-roulette-double-zero). */
import { layoutGame } from '../../core/roulette';
import { DOUBLE_ZERO_RULEBOOKS } from './rulebook';

export const americanRouletteDoubleZero = layoutGame('american-roulette-double-zero', DOUBLE_ZERO_RULEBOOKS);
