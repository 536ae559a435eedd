/**
 * A small leak that no single day shows (issue 21 §3): a cumulative sum over a table's (or a
 * croupier's) days, Page's CUSUM on the log-likelihood ratio of "the house keeps its edge" against
 * "a share `leak` of the handle goes back to the players".
 *
 * Each period (a session or a gaming day) brings its handle, its theoretical win, its actual win and
 * the standard deviation of the actual win; the win is close to normal over a period's bets. With a
 * leak δ the mean drops by δ·handle, so the period's log-likelihood ratio is
 *   ℓ = δ·handle·(theoretical − actual) / σ² − (δ·handle)² / (2σ²)
 * and S ← max(0, S + ℓ) alarms at S ≥ h. This is the optimal detector of that change (Moustakides 1986);
 * h sets how rarely an honest table alarms.
 */
import { normalCdf } from './normal';

export interface PeriodResult {
  readonly handle: number;
  readonly theoreticalWin: number;
  readonly actualWin: number;
  /** standard deviation of the actual win over the period */
  readonly sd: number;
}

export interface CusumState {
  readonly statistic: number;
  readonly periods: number;
  /** periods since the statistic last stood at zero: how far back the suspected leak reaches */
  readonly runLength: number;
  readonly alarm: boolean;
}

export const CUSUM_START: CusumState = { statistic: 0, periods: 0, runLength: 0, alarm: false };

/** One period's log-likelihood ratio of a leak `leak` (a share of the handle) against none. */
export function leakLogLikelihoodRatio(period: PeriodResult, leak: number): number {
  if (!(period.sd > 0) || !(period.handle > 0)) return 0; // a period without bets says nothing
  const shift = leak * period.handle;
  return (shift * (period.theoreticalWin - period.actualWin)) / period.sd ** 2 - shift ** 2 / (2 * period.sd ** 2);
}

export function cusumStep(state: CusumState, period: PeriodResult, leak: number, threshold: number): CusumState {
  const statistic = Math.max(0, state.statistic + leakLogLikelihoodRatio(period, leak));
  return {
    statistic,
    periods: state.periods + 1,
    runLength: statistic === 0 ? 0 : state.runLength + 1,
    alarm: state.alarm || statistic >= threshold,
  };
}

/**
 * The run length of a CUSUM whose increments are normal with mean `mean` and standard deviation `sd`,
 * by Brook and Evans' (1972) Markov chain on [0, h) cut into `cells` states: the average run length and
 * the number of periods by which an alarm has come with probability `quantile`.
 */
export function cusumRunLength(
  mean: number,
  sd: number,
  threshold: number,
  options: { cells?: number; quantile?: number; maxPeriods?: number; quantileOnly?: boolean } = {},
): { readonly average: number; readonly quantilePeriods: number } {
  const n = options.cells ?? 120;
  const quantile = options.quantile ?? 0.9;
  const maxPeriods = options.maxPeriods ?? 2_000_000;
  const w = threshold / n;
  // state 0 is S = 0 (every fall below w/2 lands there); state i ≥ 1 is S ≈ i·w
  const at = (i: number) => i * w;
  const R: number[][] = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => {
      const from = at(i);
      const lower = j === 0 ? -Infinity : at(j) - w / 2;
      const upper = at(j) + w / 2;
      return normalCdf((upper - from - mean) / sd) - (lower === -Infinity ? 0 : normalCdf((lower - from - mean) / sd));
    }),
  );
  const average = options.quantileOnly ? NaN : averageRunLength(R);
  // quantile: step the distribution over the states until the mass not yet alarmed falls below 1 − q. A step moves
  // S by a normal increment, so row i has mass only on state 0 and a band of states around i + mean/w: the product
  // runs over that band (entries below 1e-18 left out: they change no period count), not over the n × n matrix
  const first = new Int32Array(n).fill(n);
  const last = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    for (let j = 1; j < n; j++) {
      if (R[i][j] < 1e-18) continue;
      if (j < first[i]) first[i] = j;
      last[i] = j;
    }
  }
  let p = new Float64Array(n);
  let next = new Float64Array(n);
  p[0] = 1;
  let t = 0;
  let alive = 1;
  while (alive > 1 - quantile && t < maxPeriods) {
    next.fill(0);
    for (let i = 0; i < n; i++) {
      const pi = p[i];
      if (pi === 0) continue;
      const row = R[i];
      next[0] += pi * row[0];
      for (let j = first[i]; j <= last[i]; j++) next[j] += pi * row[j];
    }
    [p, next] = [next, p];
    alive = 0;
    for (let j = 0; j < n; j++) alive += p[j];
    t++;
  }
  return { average, quantilePeriods: alive > 1 - quantile ? Infinity : t };
}

/** The chain's average run length from S = 0: (I − R)·L = 1, by Gaussian elimination with partial pivoting. */
function averageRunLength(R: number[][]): number {
  const n = R.length;
  const A = R.map((row, i) => row.map((r, j) => (i === j ? 1 : 0) - r).concat(1));
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r][c]) > Math.abs(A[pivot][c])) pivot = r;
    [A[c], A[pivot]] = [A[pivot], A[c]];
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const factor = A[r][c] / A[c][c];
      if (factor !== 0) for (let k = c; k <= n; k++) A[r][k] -= factor * A[c][k];
    }
  }
  return A[0][n] / A[0][0];
}

/**
 * For a representative period (its handle and its standard deviation), the increments' law under an
 * honest table and under a leak: normal, mean ∓θ²/2 and variance θ², with θ = leak·handle / sd.
 */
export function leakIncrements(
  leak: number,
  handle: number,
  sd: number,
): { readonly honest: { mean: number; sd: number }; readonly leaking: { mean: number; sd: number } } {
  const theta = (leak * handle) / sd;
  return { honest: { mean: -(theta ** 2) / 2, sd: theta }, leaking: { mean: theta ** 2 / 2, sd: theta } };
}

/** The threshold h whose honest average run length is `periods` (e.g. one false alarm a year), by bisection. */
export function cusumThresholdFor(periods: number, leak: number, handle: number, sd: number): number {
  const { honest } = leakIncrements(leak, handle, sd);
  let lo = 0.01;
  let hi = 1;
  while (cusumRunLength(honest.mean, honest.sd, hi).average < periods) hi *= 2;
  for (let i = 0; i < 40 && hi - lo > 1e-3; i++) {
    const mid = (lo + hi) / 2;
    if (cusumRunLength(honest.mean, honest.sd, mid).average < periods) lo = mid;
    else hi = mid;
  }
  return hi;
}
