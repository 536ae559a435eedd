/** American single-zero roulette: the French layout without the prison (docs/decisions/games.md#american-roulette-single-zero). */
import { layoutGame } from '../../core/roulette';
import { AMERICAN_SINGLE_ZERO_RULEBOOKS } from './rulebook';

export const americanRouletteSingleZero = layoutGame('american-roulette-single-zero', AMERICAN_SINGLE_ZERO_RULEBOOKS);
