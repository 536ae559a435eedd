/** The dice family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as bancaFrancesa } from './banca-francesa/rules';
import { rules as craps } from './craps/rules';
import { rules as sicBo } from './sic-bo/rules';

export const GAMES: readonly GameRules[] = [craps, sicBo, bancaFrancesa];
