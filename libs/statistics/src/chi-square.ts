/**
 * Goodness of fit for equipment (issue 21 §4): are a wheel's pockets, a wheel's sectors, a die's faces
 * what the equipment's design says? Pearson's chi-square, its p-value, and its power: how many spins a
 * test needs before a given bias is found with a given probability.
 */
import { gammaQ, logGamma } from './gamma';

export interface GoodnessOfFit {
  /** Pearson's statistic Σ (observed − expected)² / expected */
  readonly statistic: number;
  readonly degreesOfFreedom: number;
  /** P(χ² ≥ statistic) under the design's probabilities */
  readonly p: number;
  readonly observations: number;
  /**
   * cells whose expected count is below 5: the chi-square approximation is then rough (Cochran's rule),
   * so a finding should wait for more data
   */
  readonly cellsBelowFive: number;
}

/** P(χ²(df) ≥ x). */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  if (x <= 0) return 1;
  return gammaQ(degreesOfFreedom / 2, x / 2);
}

function checkProbabilities(probabilities: readonly number[]): void {
  const total = probabilities.reduce((s, p) => s + p, 0);
  if (probabilities.some((p) => !(p > 0)) || Math.abs(total - 1) > 1e-9) {
    throw new RangeError(`cell probabilities must be positive and add up to 1 (they add up to ${total})`);
  }
}

/** Pearson's test of `observed` counts against the design's cell probabilities. */
export function goodnessOfFit(observed: readonly number[], probabilities: readonly number[]): GoodnessOfFit {
  if (observed.length !== probabilities.length || observed.length < 2) {
    throw new RangeError(`need one probability per cell and at least two cells (${observed.length} counts, ${probabilities.length} probabilities)`);
  }
  checkProbabilities(probabilities);
  const n = observed.reduce((s, o) => s + o, 0);
  let statistic = 0;
  let cellsBelowFive = 0;
  for (let i = 0; i < observed.length; i++) {
    const expected = n * probabilities[i];
    if (expected < 5) cellsBelowFive++;
    statistic += expected > 0 ? (observed[i] - expected) ** 2 / expected : 0;
  }
  const degreesOfFreedom = observed.length - 1;
  return { statistic, degreesOfFreedom, p: n === 0 ? 1 : chiSquareSurvival(statistic, degreesOfFreedom), observations: n, cellsBelowFive };
}

/**
 * Neighbouring pockets taken together: a wheel whose bias sits in a sector (a worn fret, a tilted
 * wheel) spreads it over several pockets that each look unremarkable. The wheel's order is cut into
 * consecutive sectors of `width` pockets, at each of the `width` possible offsets; each cut is tested,
 * and the smallest p is multiplied by the number of cuts (Bonferroni), so the answer stays a valid p.
 */
export function sectorGoodnessOfFit(
  countsByPocket: ReadonlyMap<string, number> | Readonly<Record<string, number>>,
  wheelOrder: readonly string[],
  probabilityOf: (pocket: string) => number,
  width: number,
): GoodnessOfFit & { readonly width: number; readonly worstSector: readonly string[] } {
  if (!(width >= 2 && width < wheelOrder.length)) throw new RangeError(`a sector is 2 to ${wheelOrder.length - 1} pockets wide (got ${width})`);
  const count = (pocket: string) => (countsByPocket instanceof Map ? countsByPocket.get(pocket) : (countsByPocket as Record<string, number>)[pocket]) ?? 0;
  let best: (GoodnessOfFit & { worstSector: string[] }) | undefined;
  for (let offset = 0; offset < width; offset++) {
    const sectors: string[][] = [];
    for (let i = 0; i < wheelOrder.length; i += width) {
      sectors.push(Array.from({ length: Math.min(width, wheelOrder.length - i) }, (_, k) => wheelOrder[(offset + i + k) % wheelOrder.length]));
    }
    const observed = sectors.map((s) => s.reduce((sum, p) => sum + count(p), 0));
    const probabilities = sectors.map((s) => s.reduce((sum, p) => sum + probabilityOf(p), 0));
    const fit = goodnessOfFit(observed, probabilities);
    if (!best || fit.p < best.p) {
      // the sector furthest above its share, to show where the bias sits
      let worst = 0;
      let worstExcess = -Infinity;
      sectors.forEach((_, i) => {
        const expected = fit.observations * probabilities[i];
        const excess = expected > 0 ? (observed[i] - expected) / Math.sqrt(expected) : 0;
        if (excess > worstExcess) ((worstExcess = excess), (worst = i));
      });
      best = { ...fit, worstSector: sectors[worst] };
    }
  }
  return { ...best!, p: Math.min(1, best!.p * width), width };
}

/**
 * P(χ'²(df, λ) ≥ x), the noncentral chi-square's tail: a Poisson(λ/2) mixture of central tails, summed
 * outwards from its mode until the remaining Poisson weight is negligible.
 */
export function noncentralChiSquareSurvival(x: number, degreesOfFreedom: number, noncentrality: number): number {
  if (noncentrality === 0) return chiSquareSurvival(x, degreesOfFreedom);
  const half = noncentrality / 2;
  const mode = Math.floor(half);
  const weight = (j: number) => Math.exp(-half + j * Math.log(half) - logGamma(j + 1));
  let total = 0;
  let mass = 0;
  for (let j = mode; j < mode + 10_000; j++) {
    const w = weight(j);
    total += w * chiSquareSurvival(x, degreesOfFreedom + 2 * j);
    mass += w;
    if (w < 1e-16 && j > mode) break;
  }
  for (let j = mode - 1; j >= 0; j--) {
    const w = weight(j);
    total += w * chiSquareSurvival(x, degreesOfFreedom + 2 * j);
    mass += w;
    if (w < 1e-16) break;
  }
  return Math.min(1, total / mass);
}

/** The x with P(χ²(df) ≥ x) = α, by bisection (monotone, so exact to the tolerance). */
export function chiSquareCritical(alpha: number, degreesOfFreedom: number): number {
  let lo = 0;
  let hi = degreesOfFreedom + 10 * Math.sqrt(2 * degreesOfFreedom) + 100;
  while (chiSquareSurvival(hi, degreesOfFreedom) > alpha) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-10 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquareSurvival(mid, degreesOfFreedom) > alpha) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The power of Pearson's test at level α after n observations, when the truth is `actual` rather than
 * the design's `probabilities`: noncentrality λ = n·Σ (actual − design)² / design (Cohen's w² · n).
 */
export function goodnessOfFitPower(n: number, probabilities: readonly number[], actual: readonly number[], alpha: number): number {
  checkProbabilities(probabilities);
  checkProbabilities(actual);
  const w2 = probabilities.reduce((s, p, i) => s + (actual[i] - p) ** 2 / p, 0);
  const df = probabilities.length - 1;
  return noncentralChiSquareSurvival(chiSquareCritical(alpha, df), df, n * w2);
}

/**
 * How many observations before Pearson's test at level α finds `actual` with probability `power`
 * (the smallest such n, by bisection on the monotone power curve).
 */
export function observationsToDetect(probabilities: readonly number[], actual: readonly number[], alpha: number, power = 0.9): number {
  let hi = 16;
  while (goodnessOfFitPower(hi, probabilities, actual, alpha) < power) {
    hi *= 2;
    if (hi > 1e12) return Infinity;
  }
  let lo = hi / 2;
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (goodnessOfFitPower(mid, probabilities, actual, alpha) >= power) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * The design with one cell's share multiplied by `factor` (e.g. a pocket at 1.2× its share) and the
 * others scaled down in proportion: the alternative the issue asks the power to be stated for.
 */
export function withOneCellWeighted(probabilities: readonly number[], cell: number, factor: number): number[] {
  const raised = probabilities[cell] * factor;
  const rest = 1 - probabilities[cell];
  return probabilities.map((p, i) => (i === cell ? raised : (p * (1 - raised)) / rest));
}
