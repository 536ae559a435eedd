/** French roulette: the single-zero layout game with the prison on even chances (docs/decisions/games.md#french-roulette). */
import { layoutGame } from '../../core/roulette';
import { FRENCH_ROULETTE_RULEBOOKS } from './rulebook';

export const frenchRoulette = layoutGame('french-roulette', FRENCH_ROULETTE_RULEBOOKS);
