/**
 * roundMoments (issue 21): a round's bets taken together, each settled by the game's own settle on every result.
 * The expected figures are the wheel's arithmetic, worked out by hand.
 */
import { betFigures } from './bet-figures';
import { roundMoments } from './round-moments';
import { t40Chances } from '../games/trente-et-quarante/house-edge';

describe('roundMoments: the bets of one spin together', () => {
  it('red and black on one spin (french roulette, cantabria): the same mean as the two bets, a variance near 0 instead of 2 × 0.98', () => {
    const m = roundMoments('french-roulette', 'cantabria', {}, [
      { betType: 'red', amount: 100 },
      { betType: 'black', amount: 100 },
    ])!;
    const red = betFigures('french-roulette', 'cantabria').figureOf('red')!;
    // the mean adds up (linearity): 2 × 100 × −1/74
    expect(m.expectedNet).toBeCloseTo(-200 / 74, 10);
    expect(m.expectedNet).toBeCloseTo(-200 * red.houseEdge, 10);
    // on the 36 numbers one wins what the other loses (net 0); on the zero both lose half (net −100): Var = 100² (1/37 − 1/37²)
    expect(m.variance).toBeCloseTo(10_000 * (1 / 37 - 1 / 37 ** 2), 8);
    // the sum of the two bets' own variances, as if independent, is some 75 times as much
    expect(2 * 100 ** 2 * red.variancePerUnit).toBeGreaterThan(70 * m.variance);
  });

  it("euskadi (half back on the zero unless the player chooses the prison, the better choice): the mean is the two figures'", () => {
    const red = betFigures('french-roulette', 'euskadi').figureOf('red')!;
    const m = roundMoments('french-roulette', 'euskadi', {}, [
      { betType: 'red', amount: 100 },
      { betType: 'black', amount: 100 },
    ])!;
    expect(m.expectedNet).toBeCloseTo(-200 * red.houseEdge, 10);
    expect(m.variance).toBeLessThan(300);
  });

  it('a straight on every number of a single-zero wheel: 36 back for 37 staked on every spin, so no variance at all', () => {
    const bets = Array.from({ length: 37 }, (_, n) => ({ betType: 'straight', selection: [n], amount: 1 }));
    const m = roundMoments('american-roulette-single-zero', 'cantabria', {}, bets)!;
    expect(m.staked).toBe(37);
    expect(m.expectedNet).toBeCloseTo(-1, 12);
    expect(m.variance).toBeCloseTo(0, 10);
  });

  it('one bet alone is its own figure, scaled by its stake squared', () => {
    const straight = betFigures('american-roulette-double-zero', 'cantabria').figureOf('straight', [17])!;
    const m = roundMoments('american-roulette-double-zero', 'cantabria', {}, [{ betType: 'straight', selection: [17], amount: 10 }])!;
    expect(m.expectedNet).toBeCloseTo(-10 * straight.houseEdge, 10);
    expect(m.variance).toBeCloseTo(100 * straight.variancePerUnit, 8);
  });

  it("a game whose rounds are not enumerated this way says so (null): sum the bets' own figures", () => {
    expect(roundMoments('craps', 'euskadi', {}, [{ betType: 'pass', amount: 100 }])).toBeNull();
  });
});

describe('roundMoments: the bets of one coup of punto y banca together', () => {
  it('banker and player of 100 each: −5 when the banker wins (its commission), 0 otherwise — from the published six-deck counts', () => {
    // six decks: banker wins 403,095,751,234,560 of 878,869,206,895,680 orderings (http://www.casinoexploit.com/baccarat.html,
    // "Probabilities in 6deck Baccarat", as in punto-banco/house-edge.spec.ts)
    const banker = 403_095_751_234_560 / 878_869_206_895_680;
    const m = roundMoments('punto-banco', 'euskadi', {}, [
      { betType: 'banker', amount: 100 },
      { betType: 'player', amount: 100 },
    ])!;
    expect(m.expectedNet).toBeCloseTo(-5 * banker, 10);
    expect(m.variance).toBeCloseTo(25 * banker * (1 - banker), 8);
  });
});

describe('roundMoments: the bets of one throw of sic bo together', () => {
  it('small and big of 100 each: both lose on a triple, one wins what the other loses otherwise; without a pay table, nothing to weigh', () => {
    const payTable = { small: 1, big: 1 };
    const m = roundMoments('sic-bo', 'cantabria', { payTable }, [
      { betType: 'small', amount: 100 },
      { betType: 'big', amount: 100 },
    ])!;
    // 6 triples in 216 throws
    expect(m.expectedNet).toBeCloseTo((-200 * 6) / 216, 10);
    expect(m.variance).toBeCloseTo(200 ** 2 * (6 / 216) * (210 / 216), 8);
    expect(roundMoments('sic-bo', 'cantabria', {}, [{ betType: 'small', amount: 100 }])).toBeNull();
  });
});

describe('roundMoments: the bets of one coup of banca francesa together', () => {
  it('pequeño and grande of 100 each: both lose on the ases, one wins what the other loses otherwise (31 + 31 + 1 deciding throws of 216)', () => {
    // https://wizardofodds.com/games/banca-francesa/ : low wins on 31 combinations, pushes on 153, loses on 32 (high 31, aces 1);
    // a total that decides nothing is thrown again, so a coup is decided by one of the 63
    const m = roundMoments('banca-francesa', 'cantabria', {}, [
      { betType: 'pequeno', amount: 100 },
      { betType: 'grande', amount: 100 },
    ])!;
    expect(m.expectedNet).toBeCloseTo(-200 / 63, 10);
    expect(m.variance).toBeCloseTo(200 ** 2 * (1 / 63) * (62 / 63), 8);
  });
});

describe('roundMoments: the bets of one coup of trente et quarante together', () => {
  it('red and black: nothing moves but the refait (both half lost); black and colour move together on a decided coup', () => {
    const { refait, otherTie } = t40Chances(6, 31, 31);
    const both = roundMoments('trente-et-quarante', 'cantabria', {}, [
      { betType: 'black', amount: 100 },
      { betType: 'red', amount: 100 },
    ])!;
    expect(both.expectedNet).toBeCloseTo(-100 * refait, 10);
    expect(both.variance).toBeCloseTo(100 ** 2 * refait * (1 - refait), 8);
    // black and colour: +200 when black wins on a black first card, −200 when red wins on one, 0 on the other decided coups
    const decided = 1 - refait - otherTie;
    const m = roundMoments('trente-et-quarante', 'cantabria', {}, [
      { betType: 'black', amount: 100 },
      { betType: 'colour', amount: 100 },
    ])!;
    expect(m.expectedNet).toBeCloseTo(-100 * refait, 10);
    expect(m.variance).toBeCloseTo(200 ** 2 * (decided / 2) + 100 ** 2 * refait - (100 * refait) ** 2, 8);
    // (the refait's count takes about a second the first time: 18 million pairs of rows)
  }, 30_000);
});
