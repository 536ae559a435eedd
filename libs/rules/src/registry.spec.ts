/**
 * The registry as ingestion sees it: a game fact type is validated once, whatever the session's game
 * (libs/ledger/src/schema.ts takes the first declaration), so two games declaring the same type must
 * declare it alike, or one game's facts are refused with the other's fields.
 */
import { registeredGames } from './registry';

describe('game fact types across the registry', () => {
  it('a fact type declared by several games has one declaration', () => {
    const seen = new Map<string, { game: string; spec: string }>();
    const clashes: string[] = [];
    for (const game of registeredGames()) {
      for (const [type, spec] of Object.entries(game.factTypes ?? {})) {
        const text = JSON.stringify({ required: [...spec.required].sort(), roundScoped: spec.roundScoped });
        const first = seen.get(type);
        if (!first) seen.set(type, { game: game.game, spec: text });
        else if (first.spec !== text) clashes.push(`${type}: ${first.game} ${first.spec} ≠ ${game.game} ${text}`);
      }
    }
    expect(clashes).toEqual([]);
    expect(seen.has('BancoCalled')).toBe(true);
  });
});
