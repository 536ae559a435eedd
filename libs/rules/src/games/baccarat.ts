/** The baccarat family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { baccaratTwoTables } from './baccarat-two-tables/rules';
import { cheminDeFer } from './chemin-de-fer/rules';
import { puntoBanco } from './punto-banco/rules';

export const GAMES: readonly GameRules[] = [puntoBanco, cheminDeFer, baccaratTwoTables];
