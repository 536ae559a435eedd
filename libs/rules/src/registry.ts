/**
 * Every game's rules, by game id, from the family files (`games/<family>.ts`). A new game is also a row of
 * the catalogue, and may need the simulator and the replay drawing: the checklist is libs/rules/README.md,
 * and test/registry-consistency.spec.ts checks every place against this registry.
 */
import type { GameRules, RulebookBase } from './core/game';
import type { JurisdictionId } from './core/types';
import { GAMES as BACCARAT } from './games/baccarat';
import { GAMES as BANK_POKER } from './games/bank-poker';
import { GAMES as BLACKJACK } from './games/blackjack';
import { GAMES as CIRCLE_POKER } from './games/circle-poker';
import { GAMES as DICE } from './games/dice';
import { GAMES as WHEELS } from './games/wheels';

export interface Registry {
  gameRules(game: string): GameRules | undefined;
  rulebookFor(game: string, jurisdiction: JurisdictionId): RulebookBase | undefined;
  registeredGames(): readonly GameRules[];
}

/** A registry of these games: the product's below; a test may build one with a game of its own. */
export function registryOf(games: readonly GameRules[]): Registry {
  const byId = new Map(games.map((g) => [g.game, g]));
  if (byId.size !== games.length)
    throw new Error(
      `a game id is registered twice: ${games
        .map((g) => g.game)
        .filter((id, i, all) => all.indexOf(id) !== i)
        .join(', ')}`,
    );
  return {
    gameRules: (game) => byId.get(game),
    rulebookFor: (game, jurisdiction) => byId.get(game)?.rulebooks[jurisdiction],
    registeredGames: () => games,
  };
}

const PRODUCT = registryOf([...WHEELS, ...DICE, ...BACCARAT, ...BLACKJACK, ...BANK_POKER, ...CIRCLE_POKER]);

export function gameRules(game: string): GameRules | undefined {
  return PRODUCT.gameRules(game);
}

export function rulebookFor(game: string, jurisdiction: JurisdictionId): RulebookBase | undefined {
  return PRODUCT.rulebookFor(game, jurisdiction);
}

export function registeredGames(): readonly GameRules[] {
  return PRODUCT.registeredGames();
}
