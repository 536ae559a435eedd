/** The baccarat family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as baccaratTwoTables } from './baccarat-two-tables/rules';
import { rules as cheminDeFer } from './chemin-de-fer/rules';
import { rules as puntoBanco } from './punto-banco/rules';

export const GAMES: readonly GameRules[] = [puntoBanco, cheminDeFer, baccaratTwoTables];
