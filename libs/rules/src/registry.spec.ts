/**
 * The registry itself: the product's, from the family files, and one a test builds with a game of its own
 * (`registryOf`). Every game against the catalogue, the rulebooks, the game fact types (ingestion validates a
 * type once, whatever the session's game), the simulator and the replay drawing: test/registry-consistency.spec.ts.
 */
import { GAMES as WHEELS } from './games/wheels';
import { gameRules, registeredGames, registryOf, rulebookFor } from './registry';

describe('the registry', () => {
  it('finds every registered game and its rulebooks by id', () => {
    const ids = registeredGames().map((g) => g.game);
    expect(new Set(ids).size).toBe(ids.length);
    for (const g of registeredGames()) {
      expect(gameRules(g.game)).toBe(g);
      for (const [j, book] of Object.entries(g.rulebooks)) expect(rulebookFor(g.game, j as never)).toBe(book);
    }
    expect(gameRules('no-such-game')).toBeUndefined();
    expect(rulebookFor('craps', 'andalucia')).toBeUndefined();
  });

  it('builds a registry of given games, apart from the product', () => {
    const wheels = registryOf(WHEELS);
    expect(wheels.registeredGames()).toEqual(WHEELS);
    expect(wheels.gameRules('boule')).toBe(gameRules('boule'));
    expect(wheels.gameRules('craps')).toBeUndefined();
    expect(gameRules('craps')).toBeDefined();
  });

  it('refuses a game id registered twice', () => {
    expect(() => registryOf([...WHEELS, WHEELS[0]])).toThrow(`a game id is registered twice: ${WHEELS[0].game}`);
  });
});
