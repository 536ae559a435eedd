/**
 * Actual against theoretical on simulated honest play: the z-score is calibrated (1 % of honest
 * sessions below p = 0.01, within binomial error) and the in-round bound never understates the spread.
 */
import { addRound, NO_PLAY, readPerformance, roundFigures } from './performance';

/** A small seeded generator (mulberry32): the test sees the same spins every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// a single-zero wheel's even chance without la partage and a straight-up bet paying 35 to 1:
// edge 1/37 each (Wizard of Odds, "Roulette": 2.70 % for every bet of the single-zero wheel)
const RED = { houseEdge: 1 / 37, variancePerUnit: 1 - (1 / 37) ** 2 };
const STRAIGHT = { houseEdge: 1 / 37, variancePerUnit: (1 / 37) * 35 ** 2 + (36 / 37) * 1 - (1 / 37) ** 2 };
const REDS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

describe('actual against theoretical', () => {
  it('a day of even chances: theoretical = handle/37, sd = stake·σ·√n', () => {
    let sums = NO_PLAY;
    for (let i = 0; i < 1000; i++) sums = addRound(sums, roundFigures([{ stake: 1000, figure: RED }], 1000));
    const r = readPerformance(sums);
    expect(r.theoreticalWin).toBeCloseTo(1_000_000 / 37, 6);
    expect(r.sd).toBeCloseTo(1000 * Math.sqrt(RED.variancePerUnit) * Math.sqrt(1000), 6);
    expect(r.holdPercent).toBeCloseTo(100, 9);
  });

  it('red and black on one spin: the exact variance is 4/37 − (2/37)², the bound (2σ)² never below it', () => {
    const exact = 4 / 37 - (2 / 37) ** 2;
    const bets = [
      { stake: 1, figure: RED },
      { stake: 1, figure: RED },
    ];
    const bound = roundFigures(bets, 0);
    expect(bound.varianceMethod).toBe('bound');
    expect(bound.variance).toBeGreaterThanOrEqual(exact);
    expect(roundFigures(bets, 0, exact).variance).toBe(exact);
  });

  it('honest sessions: about 1 % fall below p = 0.01 (binomial 99.9 % band), with the bound fewer still', () => {
    const random = seeded(20261125);
    const sessions = 2000;
    let below = 0;
    let belowWithBound = 0;
    for (let s = 0; s < sessions; s++) {
      let exact = NO_PLAY;
      let bounded = NO_PLAY;
      for (let spin = 0; spin < 300; spin++) {
        const pocket = Math.floor(random() * 37);
        // one player on red (10 units), one on 17 (1 unit): the house's result on this spin
        const red = pocket !== 0 && REDS.has(pocket) ? -10 : 10;
        const straight = pocket === 17 ? -35 : 1;
        const bets = [
          { stake: 10, figure: RED },
          { stake: 1, figure: STRAIGHT },
        ];
        // exact: 17 is black, so the pockets fall into red (18), 17 (1), other black or zero (18)
        const mean = (10 + 1) / 37;
        const outcomes = [
          { p: 18 / 37, x: -10 + 1 },
          { p: 1 / 37, x: 10 - 35 },
          { p: 18 / 37, x: 10 + 1 },
        ];
        const variance = outcomes.reduce((v, o) => v + o.p * (o.x - mean) ** 2, 0);
        exact = addRound(exact, roundFigures(bets, red + straight, variance));
        bounded = addRound(bounded, roundFigures(bets, red + straight));
      }
      if (readPerformance(exact).p! < 0.01) below++;
      if (readPerformance(bounded).p! < 0.01) belowWithBound++;
    }
    // Binomial(2000, 0.01): mean 20, sd 4.45; ±3.3 sd
    expect(below).toBeGreaterThanOrEqual(6);
    expect(below).toBeLessThanOrEqual(35);
    expect(belowWithBound).toBeLessThanOrEqual(below);
  });

  it('stakes without a figure are counted apart and no z-score is claimed over them', () => {
    const r = readPerformance(addRound(NO_PLAY, roundFigures([{ stake: 10, figure: RED }, { stake: 5 }], 3)));
    expect(r.unvaluedHandle).toBe(5);
    expect(r.z).toBeNull();
  });
});
