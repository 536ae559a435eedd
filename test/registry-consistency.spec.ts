/**
 * The registry-wide consistency test (issue 22 §4): catalogue ↔ registry ↔ rulebooks ↔ simulator ↔ replay
 * drawing, for every registered game (test/support/registry-consistency.ts says what each check holds).
 */
import { CATALOGUE, registeredGames, registryOf } from '../libs/rules/src';
import { registryProblems } from './support/registry-consistency';

describe('every registered game, everywhere a game is written down', () => {
  it('agrees with the catalogue, its rulebooks, the simulator and the replay drawing', () => {
    const registry = registryOf(registeredGames());
    expect(registry.registeredGames().length).toBeGreaterThan(30);
    expect(registryProblems({ registry, catalogue: CATALOGUE })).toEqual([]);
  });
});
