/**
 * The statistics checked against figures nobody here wrote: jStat (an independent implementation,
 * installed as a devDependency), published tables, and identities that hold exactly.
 */
import { jStat } from 'jstat';
import {
  benjaminiHochberg,
  chiSquareCritical,
  chiSquareSurvival,
  cusumRunLength,
  cusumStep,
  CUSUM_START,
  cusumThresholdFor,
  goodnessOfFit,
  goodnessOfFitPower,
  leakIncrements,
  logGamma,
  noncentralChiSquareSurvival,
  normalCdf,
  normalQuantile,
  observationsToDetect,
  sectorGoodnessOfFit,
  twoSidedP,
  withOneCellWeighted,
} from '.';

const close = (actual: number, expected: number, relative: number, absolute = 1e-14) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(relative * Math.abs(expected) + absolute);

describe('the normal and chi-square tails agree with jStat', () => {
  it.each([-8, -5, -3, -1.96, -1, -0.1, 0, 0.5, 1.645, 2.326, 3.5, 6])('Φ(%p)', (z) => {
    close(normalCdf(z), jStat.normal.cdf(z, 0, 1), 1e-9);
  });
  it('Φ⁻¹ is Φ inverted, and the textbook quantiles come out (1.959964 for 97.5 %, 2.575829 for 99.5 %)', () => {
    for (const p of [1e-12, 1e-6, 0.001, 0.02, 0.3, 0.5, 0.77, 0.975, 0.999999]) close(normalCdf(normalQuantile(p)), p, 1e-12);
    close(normalQuantile(0.975), 1.959963984540054, 1e-12);
    close(normalQuantile(0.995), 2.5758293035489, 1e-12);
  });
  it('the two-sided p of z = 1.96 is 5 %, of 3 is 0.27 %', () => {
    close(twoSidedP(1.959963984540054), 0.05, 1e-9);
    close(twoSidedP(-3), 0.0026997960632601866, 1e-9);
  });
  it.each([
    [1, 3.841458820694124],
    [5, 11.0705],
    [36, 50.99846],
    [100, 124.3421],
  ])('χ²(%p) tail, and its 5 %% critical value', (df, critical) => {
    for (const x of [0.5, df / 2, df, 2 * df, 5 * df]) close(chiSquareSurvival(x, df), 1 - jStat.chisquare.cdf(x, df), 1e-8);
    close(chiSquareCritical(0.05, df), critical, 1e-5);
  });
  it('ln Γ agrees with jStat', () => {
    for (const x of [0.1, 0.5, 1, 2.5, 10, 171.3, 1e4]) close(logGamma(x), jStat.gammaln(x), 1e-12);
  });
});

describe('the power of a test', () => {
  it('a noncentral χ²(1) at λ = (z₀.₉₇₅ + z₀.₈)² has power 80 % at 5 % (the two-sided z-test identity)', () => {
    const lambda = (normalQuantile(0.975) + normalQuantile(0.8)) ** 2;
    // P(|Z + √λ| > 1.96) = Φ(√λ − 1.96) + Φ(−√λ − 1.96): exact, a reading independent of the Poisson mixture
    const exact = normalCdf(Math.sqrt(lambda) - normalQuantile(0.975)) + normalCdf(-Math.sqrt(lambda) - normalQuantile(0.975));
    close(noncentralChiSquareSurvival(chiSquareCritical(0.05, 1), 1, lambda), exact, 1e-9);
  });
  it('the noncentral tail is a Poisson mixture of central tails: large λ agrees with its normal approximation', () => {
    // mean df + λ, variance 2(df + 2λ): at λ = 2,000 the median is within a few tenths of a percent of the mean
    const df = 36;
    const lambda = 2000;
    const p = noncentralChiSquareSurvival(df + lambda, df, lambda);
    expect(p).toBeGreaterThan(0.48);
    expect(p).toBeLessThan(0.52);
  });
  it('a single-zero wheel: the spins before a pocket at 1.2× its share is found with 90 % probability at 1 %', () => {
    const design = Array<number>(37).fill(1 / 37);
    const biased = withOneCellWeighted(design, 17, 1.2);
    expect(biased.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const n = observationsToDetect(design, biased, 0.01, 0.9);
    expect(goodnessOfFitPower(n, design, biased, 0.01)).toBeGreaterThanOrEqual(0.9);
    expect(goodnessOfFitPower(n - 1, design, biased, 0.01)).toBeLessThan(0.9);
    // Cohen's w² for this alternative is 0.2²/37 · (1 + 1/36); tens of thousands of spins, as surveillance knows
    expect(n).toBeGreaterThan(20_000);
    expect(n).toBeLessThan(60_000);
  });
});

describe('goodness of fit of equipment', () => {
  it('a fair die thrown 6,000 times in exact proportion fits perfectly; a die showing six twice as often does not', () => {
    const fair = goodnessOfFit([1000, 1000, 1000, 1000, 1000, 1000], Array(6).fill(1 / 6));
    expect(fair.statistic).toBe(0);
    expect(fair.p).toBe(1);
    const loaded = goodnessOfFit([857, 857, 857, 857, 857, 1715], Array(6).fill(1 / 6));
    expect(loaded.p).toBeLessThan(1e-50);
    expect(loaded.degreesOfFreedom).toBe(5);
  });
  it('Pearson on a textbook table: the statistic by hand, the p from jStat', () => {
    const observed = [22, 21, 22, 27, 22, 36];
    const fit = goodnessOfFit(observed, Array(6).fill(1 / 6));
    // Σ (o − 25)² / 25 = (9 + 16 + 9 + 4 + 9 + 121) / 25 = 6.72
    close(fit.statistic, 6.72, 1e-12);
    close(fit.p, 1 - jStat.chisquare.cdf(6.72, 5), 1e-9);
  });
  it('a bias spread over five neighbouring pockets is found by the sectors sooner than by the pockets', () => {
    // European wheel order (single zero)
    const order = '0 32 15 19 4 21 2 25 17 34 6 27 13 36 11 30 8 23 10 5 24 16 33 1 20 14 31 9 22 18 29 7 28 12 35 3 26'.split(' ');
    const spins = 3700;
    const counts: Record<string, number> = {};
    for (const p of order) counts[p] = 100;
    for (const p of ['17', '34', '6', '27', '13']) counts[p] += 14; // +14 % each on one sector
    for (const p of ['0', '32', '15', '19', '4', '21', '2', '25', '36', '11']) counts[p] -= 7;
    const byPocket = goodnessOfFit(
      order.map((p) => counts[p]),
      Array(37).fill(1 / 37),
    );
    const bySector = sectorGoodnessOfFit(counts, order, () => 1 / 37, 5);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(spins);
    expect(bySector.p).toBeLessThan(byPocket.p);
    expect(bySector.worstSector).toEqual(expect.arrayContaining(['34', '6', '27']));
  });
});

describe('false discovery rate', () => {
  it('Benjamini and Hochberg (1995), their example of 15 p-values at q = 0.05: four findings', () => {
    const p = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1.0];
    const found = benjaminiHochberg(p, 0.05).map((d) => d.finding);
    expect(found.filter(Boolean)).toHaveLength(4);
    expect(found.slice(0, 4)).toEqual([true, true, true, true]);
  });
  it('the order of the tests does not matter, and an adjusted p is never below the raw one', () => {
    const p = [0.04, 0.001, 0.3, 0.012, 0.02];
    const a = benjaminiHochberg(p, 0.05);
    const b = benjaminiHochberg([...p].reverse(), 0.05).reverse();
    expect(a).toEqual(b);
    a.forEach((d, i) => expect(d.adjustedP).toBeGreaterThanOrEqual(p[i]));
  });
});

describe('the CUSUM for a persistent leak', () => {
  it("Brook–Evans reproduces the textbook tabular CUSUM (k = ½σ, h = 4σ): two-sided ARL 168 in control, 8.38 at a 1σ shift (Montgomery, Introduction to Statistical Quality Control, table 'ARL performance of the tabular CUSUM with k = 1/2 and h = 4')", () => {
    const oneSided = cusumRunLength(-0.5, 1, 4, { cells: 200 }).average;
    close(oneSided / 2, 168, 0.015); // two one-sided schemes, symmetric: 1/ARL = 2/ARL₊
    close(cusumRunLength(0.5, 1, 4, { cells: 200 }).average, 8.38, 0.015);
  });
  it('an honest table drifts to zero; a leaking one climbs and alarms', () => {
    const period = { handle: 100_000, theoreticalWin: 2700, sd: 6000 };
    const leak = 0.02;
    const h = cusumThresholdFor(1000, leak, period.handle, period.sd);
    let honest = CUSUM_START;
    let leaking = CUSUM_START;
    for (let day = 0; day < 200; day++) {
      honest = cusumStep(honest, { ...period, actualWin: period.theoreticalWin }, leak, h);
      leaking = cusumStep(leaking, { ...period, actualWin: period.theoreticalWin - leak * period.handle }, leak, h);
    }
    expect(honest.statistic).toBe(0);
    expect(honest.alarm).toBe(false);
    expect(leaking.alarm).toBe(true);
  });
  it('the threshold for an average of 1,000 honest periods between alarms gives that average, and a leak is found sooner', () => {
    const [leak, handle, sd] = [0.02, 100_000, 6000];
    const h = cusumThresholdFor(1000, leak, handle, sd);
    const { honest, leaking } = leakIncrements(leak, handle, sd);
    close(cusumRunLength(honest.mean, honest.sd, h).average, 1000, 0.01);
    const found = cusumRunLength(leaking.mean, leaking.sd, h);
    expect(found.quantilePeriods).toBeGreaterThan(found.average);
    expect(found.average).toBeLessThan(1000 / 10);
  });
});
