/** Boule: the nine-number plate game; 5 makes every even chance lose (docs/decisions/games.md#boule). */
import { layoutGame } from '../../core/roulette';
import { BOULE_RULEBOOKS } from './rulebook';

export const boule = layoutGame('boule', BOULE_RULEBOOKS);
