/**
 * Every game's rules, by game id. Each family file lists its games; nothing else needs editing to add one.
 */
import type { GameRules, RulebookBase } from './core/game';
import type { JurisdictionId } from './core/types';
import { GAMES as BACCARAT } from './games/baccarat';
import { GAMES as BANK_POKER } from './games/bank-poker';
import { GAMES as BLACKJACK } from './games/blackjack';
import { GAMES as CIRCLE_POKER } from './games/circle-poker';
import { GAMES as DICE } from './games/dice';
import { GAMES as WHEELS } from './games/wheels';

const ALL: readonly GameRules[] = [...WHEELS, ...DICE, ...BACCARAT, ...BLACKJACK, ...BANK_POKER, ...CIRCLE_POKER];

const BY_ID = new Map(ALL.map((g) => [g.game, g]));

export function gameRules(game: string): GameRules | undefined {
  return BY_ID.get(game);
}

export function rulebookFor(game: string, jurisdiction: JurisdictionId): RulebookBase | undefined {
  return BY_ID.get(game)?.rulebooks[jurisdiction];
}

export function registeredGames(): readonly GameRules[] {
  return ALL;
}
