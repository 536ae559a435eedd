/** The blackjack family's games, registered with the rules library. */
import type { GameRules } from '../core/game';

export const GAMES: readonly GameRules[] = [];
