/** Boule: the nine-number plate game; 5 makes every even chance lose (docs/decisions/games.md#boule). */
import { layoutGame } from '../../core/roulette';
import { rulebooks } from './rulebook';

export const rules = layoutGame('boule', rulebooks);
