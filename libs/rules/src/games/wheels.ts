/** The wheels family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { americanRouletteDoubleZero } from './american-roulette-double-zero/rules';
import { americanRouletteSingleZero } from './american-roulette-single-zero/rules';
import { boule } from './boule/rules';
import { frenchRoulette } from './french-roulette/rules';
import { wheelOfFortune } from './wheel-of-fortune/rules';

export const GAMES: readonly GameRules[] = [frenchRoulette, americanRouletteSingleZero, americanRouletteDoubleZero, boule, wheelOfFortune];
