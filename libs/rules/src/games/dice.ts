/** The dice family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { bancaFrancesa } from './banca-francesa/rules';
import { craps } from './craps/rules';
import { rules as sicBo } from './sic-bo/rules';

export const GAMES: readonly GameRules[] = [craps, sicBo, bancaFrancesa];
