/** The wheels family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as americanRouletteDoubleZero } from './american-roulette-double-zero/rules';
import { rules as americanRouletteSingleZero } from './american-roulette-single-zero/rules';
import { rules as boule } from './boule/rules';
import { rules as frenchRoulette } from './french-roulette/rules';
import { rules as wheelOfFortune } from './wheel-of-fortune/rules';

export const GAMES: readonly GameRules[] = [frenchRoulette, americanRouletteSingleZero, americanRouletteDoubleZero, boule, wheelOfFortune];
