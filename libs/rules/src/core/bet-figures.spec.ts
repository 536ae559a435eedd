/**
 * betFigures (issue 21 §1): each recorded bet's expected value and variance per unit, looked up as bets are
 * recorded, for the real rulebooks. The expected figures are worked out by hand from the wheels, dice and
 * published tables (cited where used), never read back from the code.
 */
import { betFigures } from './bet-figures';
import { registeredGames } from '../registry';
import { JURISDICTIONS } from './types';

const sd = (e: { variancePerUnit: number } | null) => Math.sqrt(e!.variancePerUnit);

describe('betFigures', () => {
  it('roulette: a straight on any number is worth the straight of the wheel, and its variance (35 : 1 on 1 pocket in 37)', () => {
    const f = betFigures('french-roulette', 'euskadi');
    for (const n of [0, 17, 36]) {
      const straight = f.figureOf('straight', n)!;
      expect(straight.houseEdge).toBeCloseTo(1 / 37, 12);
      // E[X²] = (35² + 36) / 37, less the mean's square
      expect(straight.variancePerUnit).toBeCloseTo(1261 / 37 - 1 / 37 ** 2, 10);
      expect(straight.method).toBe('exact-enumeration');
    }
    // an even chance: la partage gives half back on zero, 1/74
    expect(f.figureOf('red')!.houseEdge).toBeCloseTo(1 / 74, 12);
  });

  it('craps: each place number has its own figure, looked up by its selection; the pass line 7/495, always ±1 so its variance is 1 − (7/495)²', () => {
    // pass 1.41 % (https://www.casinodealerswebsite.com/-house--summary.html); place 6 and 8 1.52 %, 5 and 9 4 %
    // (http://www.internet-casinos-gambling-sportsbooks.com/craps.html), as in craps/house-edge.spec.ts
    const f = betFigures('craps', 'euskadi');
    expect(f.figureOf('pass')!.houseEdge).toBeCloseTo(7 / 495, 12);
    expect(f.figureOf('pass')!.variancePerUnit).toBeCloseTo(1 - (7 / 495) ** 2, 12);
    expect(f.figureOf('place-to-win', 6)!.houseEdge).toBeCloseTo(1 / 66, 12);
    expect(f.figureOf('place-to-win', 5)!.houseEdge).toBeCloseTo(1 / 25, 12);
    // no selection, or one the table does not value: no figure rather than another number's
    expect(f.figureOf('place-to-win')).toBeNull();
  });

  it('punto banco: banker, player and tie with the standard deviations published (0.93, 0.95, 2.64)', () => {
    // Banker 1.06 / 0.93, Player 1.24 / 0.95, Tie 14.36 / 2.64 (house edge % / standard deviation; the table quoted at
    // http://seniors-directory.biz/casino-games-house-edge.html); the tie's edge there is eight decks', these six
    const f = betFigures('punto-banco', 'euskadi');
    expect(Number(sd(f.figureOf('banker')).toFixed(2))).toBe(0.93);
    expect(Number(sd(f.figureOf('player')).toFixed(2))).toBe(0.95);
    expect(Number(sd(f.figureOf('tie')).toFixed(2))).toBe(2.64);
    expect(Number((f.figureOf('banker')!.houseEdge * 100).toFixed(2))).toBe(1.06);
    expect(Number((f.figureOf('player')!.houseEdge * 100).toFixed(2))).toBe(1.24);
  });

  it('under a session option: a 4 % commission is another figure, remembered per settings', () => {
    const standard = betFigures('punto-banco', 'euskadi');
    const four = betFigures('punto-banco', 'euskadi', { commissionRate: 0.04 });
    expect(four.figureOf('banker')!.houseEdge).toBeLessThan(standard.figureOf('banker')!.houseEdge);
    expect(betFigures('punto-banco', 'euskadi', { commissionRate: 0.04 })).toBe(four);
  });

  it('blackjack: the main bet exact at the optimal strategy, named; the side bets exact', () => {
    const f = betFigures('blackjack', 'euskadi');
    expect(f.figureOf('main')).toMatchObject({ method: 'exact-strategy', strategy: expect.stringMatching(/composition-dependent/) });
    expect(f.figureOf('insurance')!.houseEdge).toBeCloseTo(23 / 311, 12);
  });

  it('a bet valued inside another: the caribbean stud play adds nothing of its own, its ante figure covers it', () => {
    const f = betFigures('caribbean-stud', 'euskadi');
    expect(f.figureOf('ante')).toMatchObject({ method: 'exact-strategy', covers: ['play'] });
    expect(f.figureOf('play')).toBeNull();
  });

  it('circle poker and the player-banked baccarats: the house income is the cagnotte, no bet has a figure', () => {
    for (const [game, j] of [
      ['circle-poker-texas-holdem', 'euskadi'],
      ['chemin-de-fer', 'euskadi'],
      ['baccarat-two-tables', 'euskadi'],
    ] as const) {
      const f = betFigures(game, j);
      expect({ game, income: f.houseIncome, figures: f.figures.length }).toEqual({ game, income: 'cagnotte', figures: 0 });
    }
  });

  it('every figure of every rulebook at its defaults is a mean and a variance (finite, variance ≥ 0), and says how it was obtained', () => {
    for (const rules of registeredGames()) {
      for (const j of JURISDICTIONS) {
        if (!rules.rulebooks[j]) continue;
        const f = betFigures(rules.game, j);
        for (const e of f.figures) {
          const what = `${rules.game}/${j}/${e.betType}`;
          expect({ what, finite: Number.isFinite(e.houseEdge) && Number.isFinite(e.variancePerUnit) }).toEqual({ what, finite: true });
          expect({ what, nonNegative: e.variancePerUnit >= 0 }).toEqual({ what, nonNegative: true });
          expect({ what, returnPerUnit: e.returnPerUnit }).toEqual({ what, returnPerUnit: expect.closeTo(1 - e.houseEdge, 12) });
          if (e.method === 'exact-strategy') expect({ what, strategy: typeof e.strategy }).toEqual({ what, strategy: 'string' });
          if (e.method === 'sampled') expect({ what, standardError: e.standardError! > 0 }).toEqual({ what, standardError: true });
        }
      }
    }
  }, 60_000);
});
