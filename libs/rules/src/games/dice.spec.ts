import { CATALOGUE } from '../catalogue';
import { GAMES } from './dice';

describe('dice family registration', () => {
  it('registers craps, sic-bo and banca-francesa', () => {
    expect(GAMES.map((g) => g.game)).toEqual(['craps', 'sic-bo', 'banca-francesa']);
    expect(GAMES.every((g) => g.family === 'dice')).toBe(true);
  });
  it('has a rulebook for exactly the jurisdictions that catalogue each game with rules', () => {
    for (const g of GAMES) {
      const withRules = Object.entries(CATALOGUE[g.game])
        .filter(([, s]) => s!.status === 'rules')
        .map(([j]) => j)
        .sort();
      expect(Object.keys(g.rulebooks).sort()).toEqual(withRules);
      for (const [j, rb] of Object.entries(g.rulebooks)) expect(rb).toMatchObject({ game: g.game, jurisdiction: j });
    }
  });
});
