/**
 * Findings that do not cry wolf (issue 21 §3).
 * - Within a gaming day: a session, table or croupier whose actual win is improbably far from the theoretical
 *   (two-sided, the normal approximation of a sum of many rounds). A casino of 30 tables tests 30 results a
 *   night: each family (the day's sessions, tables, croupiers) is held to a false discovery rate q by
 *   Benjamini–Hochberg, so that on average at most a share q of the findings is chance. A subject with fewer
 *   than `minRounds` rounds is not tested (a few long-shot bets are far from normal). A house win above the
 *   theoretical is no finding where the figures assume the players' best decisions (blackjack, the poker-vs-bank
 *   games): real players decide worse, and an honest simulated day of trijoker already stands at z ≈ 7 above.
 * - Across days: Page's CUSUM per table and per croupier for a leak of a share `leak` of the handle, its
 *   threshold set so an honest one alarms once in `alarmDays` gaming days (Brook–Evans), and the number of
 *   rounds within which such a leak is found with 90 % probability, computed for the subject's own typical day
 *   (checked on simulated tables with that leak: bench/honest-days.ts).
 */
import { setting } from '../../../platform/src/config';
import { benjaminiHochberg, CUSUM_START, cusumRunLength, cusumStep, leakIncrements, leakLogLikelihoodRatio, readPerformance } from '../../../statistics/src';
import type { PerformanceCusumEntity } from './performance.entity';
import type { CusumPeriod, PerformanceFinding, PerformanceSettings } from './performance-columns';
import type { PerformanceSumsRow } from './performance-fold';

export type { CusumPeriod, PerformanceFinding, PerformanceSettings };

export function performanceSettings(env: NodeJS.ProcessEnv = process.env): PerformanceSettings {
  return {
    fdr: setting('CASINO_AUDIT_PERFORMANCE_FDR', env),
    minRounds: setting('CASINO_AUDIT_PERFORMANCE_MIN_ROUNDS', env),
    leak: setting('CASINO_AUDIT_PERFORMANCE_LEAK', env),
    alarmDays: setting('CASINO_AUDIT_PERFORMANCE_ALARM_DAYS', env),
  };
}

/** A level's figures as a reader wants them: the z-score on the valued bets, the rest beside. */
export interface PerformanceFigures {
  readonly rounds: number;
  /** Σ stakes, with and without a figure */
  readonly handle: number;
  /** what the house kept of every bet */
  readonly actualWin: number;
  /** Σ stake × house edge over the bets with a figure */
  readonly theoreticalWin: number;
  /** the standard deviation of the actual win of the bets with a figure */
  readonly sd: number;
  /** (actual − theoretical) / sd over the bets with a figure; negative: the house won less than expected */
  readonly z: number | null;
  /** probability of a result at least this far from theoretical, either way */
  readonly p: number | null;
  readonly holdPercent: number | null;
  readonly theoreticalHoldPercent: number | null;
  /** stakes with no figure and what the house kept of them: in handle and actual win, not in the test */
  readonly unvaluedHandle: number;
  readonly unvaluedWin: number;
  /** rounds whose variance is the Cauchy–Schwarz bound, not exact */
  readonly boundedRounds: number;
  /**
   * stakes whose figure assumes the player's best decisions (basic strategy at blackjack, the optimal fold or
   * withdrawal at the poker-vs-bank games): real players do worse, so a house win above theoretical is expected there
   */
  readonly strategyHandle: number;
  /**
   * a croupier's rounds attributed from the session's opening staff, no CroupierChanged recorded: shown, never a
   * finding (docs/contract.md: who deals is recorded, not guessed)
   */
  readonly staffRounds: number;
  /** house income that is not an outcome (circle poker's levy) */
  readonly cagnotte: number;
}

export function readSums(
  r: Pick<
    PerformanceSumsRow,
    'rounds' | 'handle' | 'actual_win' | 'theoretical_win' | 'variance' | 'unvalued_handle' | 'unvalued_win' | 'bounded_rounds' | 'strategy_handle' | 'cagnotte'
  > &
    Partial<Pick<PerformanceSumsRow, 'staff_rounds'>>,
): PerformanceFigures {
  const n = (x: unknown) => Number(x ?? 0);
  // the test compares like with like: the bets with a figure
  const valued = readPerformance({
    rounds: n(r.rounds),
    handle: n(r.handle) - n(r.unvalued_handle),
    actualWin: n(r.actual_win) - n(r.unvalued_win),
    theoreticalWin: n(r.theoretical_win),
    variance: n(r.variance),
    unvaluedHandle: 0,
    boundedRounds: n(r.bounded_rounds),
  });
  return {
    rounds: n(r.rounds),
    handle: n(r.handle),
    actualWin: n(r.actual_win),
    theoreticalWin: n(r.theoretical_win),
    sd: valued.sd,
    z: valued.z,
    p: valued.p,
    holdPercent: n(r.handle) > 0 ? (100 * n(r.actual_win)) / n(r.handle) : null,
    theoreticalHoldPercent: valued.theoreticalHoldPercent,
    unvaluedHandle: n(r.unvalued_handle),
    unvaluedWin: n(r.unvalued_win),
    boundedRounds: n(r.bounded_rounds),
    strategyHandle: n(r.strategy_handle),
    staffRounds: n(r.staff_rounds),
    cagnotte: n(r.cagnotte),
  };
}

export const PERFORMANCE_FAMILIES = ['session', 'table', 'croupier'] as const;

/** The members of one family a day tests: enough rounds, a z-score, and (croupiers) a recorded croupier. */
export function testedSubjects(
  rows: readonly PerformanceSumsRow[],
  level: (typeof PERFORMANCE_FAMILIES)[number],
  settings: Pick<PerformanceSettings, 'minRounds'>,
) {
  return (
    rows
      // a croupier's rounds taken from the opening staff rather than recorded: no accusation rests on them
      .filter((r) => r.level === level && r.rounds >= settings.minRounds && !(level === 'croupier' && Number(r.staff_rounds ?? 0) > 0))
      .map((r) => ({ r, f: readSums(r) }))
      .filter((x): x is { r: PerformanceSumsRow; f: PerformanceFigures & { z: number; p: number } } => x.f.z !== null && x.f.p !== null)
      .sort((a, b) => a.r.subject.localeCompare(b.r.subject))
  );
}

/** The day's findings from its sums rows (one casino's gaming day). */
export function judgePerformanceDay(rows: readonly PerformanceSumsRow[], settings: PerformanceSettings): PerformanceFinding[] {
  const out: PerformanceFinding[] = [];
  for (const level of PERFORMANCE_FAMILIES) {
    const tested = testedSubjects(rows, level, settings);
    if (!tested.length) continue;
    const discoveries = benjaminiHochberg(
      tested.map((x) => x.f.p),
      settings.fdr,
    );
    const found = discoveries.filter((d) => d.finding).length;
    tested.forEach(({ r, f }, i) => {
      if (!discoveries[i].finding) return;
      const direction = f.z < 0 ? 'house-below' : 'house-above';
      // above a theoretical that assumes the players' best decisions is what real play gives: no finding
      if (direction === 'house-above' && f.strategyHandle > 0) return;
      out.push({
        kind: 'improbable-result',
        level,
        subject: r.subject,
        tableId: r.table_id,
        games: r.games,
        rounds: f.rounds,
        handle: f.handle,
        actualWin: f.actualWin,
        theoreticalWin: f.theoreticalWin,
        sd: f.sd,
        z: f.z,
        p: f.p,
        adjustedP: discoveries[i].adjustedP,
        tested: tested.length,
        fdr: settings.fdr,
        discoveries: found,
        threshold: (found / tested.length) * settings.fdr,
        direction,
        message:
          `${level} ${r.subject}: the house ${direction === 'house-below' ? 'won less' : 'won more'} than its edge makes likely ` +
          `(z = ${f.z.toFixed(2)}, p = ${f.p.toExponential(2)}; ${tested.length} ${level}s tested, adjusted p ${discoveries[i].adjustedP.toExponential(2)} ≤ ${settings.fdr})`,
      });
    });
  }
  return out;
}

// ── across days ─────────────────────────────────────────────────────────────────────────────────────

/** The CUSUM of a table or croupier across its gaming days, as stored: the entity's columns by name. */
export type PerformanceCusumRow = PerformanceCusumEntity;

const NO_PERIOD = { rounds: 0, handle: 0, theoreticalWin: 0, actualWin: 0, variance: 0, boundedVariance: 0 };

export const newCusum = (casinoId: string, level: 'table' | 'croupier', subject: string, day: string): PerformanceCusumRow => ({
  casino_id: casinoId,
  level,
  subject,
  day,
  current: { ...NO_PERIOD },
  state: CUSUM_START,
  alarm_day: null,
  folded: { days: 0, rounds: 0, handle: 0, sd: 0, ratioSquares: 0, llr: 0, llrSquares: 0, variance: 0, boundedVariance: 0 },
  history: [],
  detection: null,
  late_rounds: 0,
  last_position: 0,
});

/**
 * The threshold whose honest average run is `alarmDays`, for increments of a day whose leak shifts the mean by
 * θ standard deviations (the log-likelihood ratio is then N(∓θ²/2, θ²)): Siegmund's approximation of a normal
 * CUSUM's average run length (Siegmund 1985, *Sequential Analysis*, eq. 2.57), ARL ≈ (e^{x} − x − 1) / (θ²/2)
 * with x = h + 1.166·θ, solved for h. In closed form, so a read model can set it as each day is folded;
 * the tests hold it to Brook and Evans' Markov chain.
 */
export function cusumThreshold(theta: number, alarmDays: number): number {
  const target = (alarmDays * theta ** 2) / 2;
  // e^x − x − 1 rises with x > 0: bisection
  let lo = 0;
  let hi = 1;
  while (Math.exp(hi) - hi - 1 < target) hi *= 2;
  for (let i = 0; i < 100 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (Math.exp(mid) - mid - 1 < target) lo = mid;
    else hi = mid;
  }
  return Math.max(hi - 1.166 * theta, 1e-6);
}

/**
 * The CUSUM's design for a typical day (θ = leak·handle/σ): its threshold and the days within which the leak
 * is found with 90 % probability (Brook–Evans). Depends on θ, `alarmDays` and the spread floor only: remembered
 * per θ taken down to three significant digits. Down, never to the nearest: the days a leak needs grow as 1/θ²,
 * so a θ rounded up promises the leak found sooner than it is (to the nearest two digits, the French roulette of
 * the honest-days benchmark was stated at θ = 0.15, found within 448 days, where 1,000 simulated tables with its
 * leak needed 503).
 *
 * Where σ is partly the Cauchy–Schwarz bound (blackjack's seats against one dealer, caribbean stud, a craps
 * line bet over several throws), the increments' true spread is f·θ for some f between `spreadFloor` and 1, not
 * known. Less spread is not always sooner: the CUSUM stops at zero, so noise helps it up, and at f ≈ 0.7 a
 * leak takes longest (blackjack of the honest-days benchmark, θ = 0.1167: 640 days at f = 1, 690 at f = 0.7,
 * 573 at f = 0.2; its rounds' spread was 0.36 of the bound, f = 0.6, and 1,000 simulated tables needed 692
 * days where f = 1 had promised 640). The days stated are then f = 1's stretched by the most the days grow over
 * f (`worstStretch`), so the leak is found within them with at least 90 % probability whatever the true spread
 * below the bound. The threshold stays the one for f = 1: less spread only makes an honest table alarm more rarely.
 */
const designs = new Map<string, { threshold: number; days: number | null }>();
const stretches = new Map<string, number>();
const MAX_DAYS = 36_500;

/** x taken down to `digits` significant digits (the epsilon keeps 0.2 from becoming 0.199 through binary fractions). */
export function floorSignificant(x: number, digits: number): number {
  const unit = 10 ** (Math.floor(Math.log10(x)) - digits + 1);
  return Number((Math.floor(x / unit + 1e-9) * unit).toPrecision(digits));
}

/** The lowest spread factor a floor is taken to (a floor is taken down to a step of this). */
const LOWEST_SPREAD = 0.05;

/** Brook–Evans's days for a leak at θ, its increments' spread f·θ, threshold h. */
const leakDays = (theta: number, f: number, threshold: number): number => {
  const { leaking } = leakIncrements(theta, 1, 1);
  const sd = f * leaking.sd;
  return cusumRunLength(leaking.mean, sd, threshold, { cells: chainCells(threshold, sd), maxPeriods: MAX_DAYS, quantileOnly: true }).quantilePeriods;
};

export function cusumDesign(theta: number, alarmDays: number, spreadFloor = 1): { theta: number; threshold: number; days: number | null; spreadFloor: number } {
  const t = floorSignificant(Math.max(theta, 0.01), 3);
  // down to a step of 0.05, so the range searched only widens
  const floor = Math.min(1, Math.max(LOWEST_SPREAD, Math.floor(spreadFloor / LOWEST_SPREAD + 1e-9) * LOWEST_SPREAD));
  const key = `${t}|${alarmDays}`;
  let d = designs.get(key);
  if (!d) {
    const threshold = cusumThreshold(t, alarmDays);
    const q = leakDays(t, 1, threshold);
    d = { threshold, days: Number.isFinite(q) ? q : null };
    if (designs.size > 4096) designs.clear();
    designs.set(key, d);
  }
  if (floor >= 1 || d.days === null) return { theta: t, spreadFloor: floor, ...d };
  const days = Math.ceil(d.days * worstStretch(t, alarmDays, floor) - 1e-9);
  return { theta: t, spreadFloor: floor, threshold: d.threshold, days: days <= MAX_DAYS ? days : null };
}

/**
 * How much longer a leak can take than at f = 1 when the spread is f·θ for an unknown f in [floor, 1]: the most
 * of days(f)/days(1). The search is a few dozen Brook–Evans chains (a quarter to a second): it is made once per θ
 * taken down to two significant digits (the stretch shrinks as θ grows, 1.15 at θ = 0.08, 1.08 at 0.12, 1.03 at 0.2,
 * none from 0.35, test-held, so the lower θ's stretch is at least the table's own), not once per three-digit θ as
 * the days are: a read model folding a table's day must not stop for it each time.
 * Where f·θ is narrower than the chain's cells can follow (cells at most a third of a step, 240 at most), the
 * chain's days are not trusted: the days there are taken as the more of the chain's at the narrowest it follows and
 * the noiseless walk's, h / (θ²/2) days.
 */
export function worstStretch(theta: number, alarmDays: number, floor: number): number {
  const t = floorSignificant(Math.max(theta, 0.01), 2);
  const key = `${t}|${alarmDays}|${floor.toFixed(2)}`;
  let stretch = stretches.get(key);
  if (stretch === undefined) {
    const threshold = cusumThreshold(t, alarmDays);
    const atOne = leakDays(t, 1, threshold);
    const followed = Math.min(1, Math.max(floor, (3 * threshold) / (240 * t)));
    let worst = worstOver((f) => leakDays(t, f, threshold), followed);
    if (floor < followed) worst = Math.max(worst, Math.ceil(threshold / (t ** 2 / 2)));
    stretch = Number.isFinite(worst) && Number.isFinite(atOne) ? worst / atOne : Infinity;
    if (stretches.size > 4096) stretches.clear();
    stretches.set(key, stretch);
  }
  return stretch;
}

/**
 * The most of `daysAt` over f in [floor, 1]: a grid of 0.1 from 1 down, then the neighbours of its best at 0.025.
 * The days rise and fall once over f (one hump, near f ≈ 0.7 for the θ and thresholds of a gaming day), so the
 * grid finds the hump and the finer step its top to within a day or two.
 */
function worstOver(daysAt: (f: number) => number, floor: number): number {
  if (floor >= 1) return daysAt(1);
  const seen = new Map<string, number>();
  const at = (f: number) => {
    const k = f.toFixed(3);
    if (!seen.has(k)) seen.set(k, daysAt(f));
    return seen.get(k)!;
  };
  let best = 1;
  for (let f = 1; f >= floor - 1e-9; f -= 0.1) if (at(Math.max(f, floor)) > at(best)) best = Math.max(f, floor);
  if (floor < 1 && at(floor) > at(best)) best = floor;
  for (const step of [-0.075, -0.05, -0.025, 0.025, 0.05, 0.075]) {
    const f = best + step;
    if (f >= floor - 1e-9 && f <= 1 + 1e-9) at(Math.min(1, Math.max(floor, f)));
  }
  return Math.max(...seen.values());
}

/**
 * The spread floor of a subject's days: σ is exact except for the part of the variance that is the Cauchy–Schwarz
 * bound, whose truth may be anything up to it, so the spread is at least √(exact part / variance). Rows folded
 * before the bounded variance was kept: unknown, the lowest.
 */
export function spreadFloorOf(folded: PerformanceCusumRow['folded']): number {
  if (folded.variance === undefined || folded.boundedVariance === undefined) return LOWEST_SPREAD;
  if (!(folded.variance > 0)) return 1;
  return Math.sqrt(Math.max(0, 1 - folded.boundedVariance / folded.variance));
}

/**
 * The θ of the subject's typical day. A leak δ moves day d's log-likelihood ratio by θ_d²/2 with variance θ_d²
 * (θ_d = δ·handle_d/σ_d), so n days sum to mean n·E[θ_d²]/2 and variance n·E[θ_d²]: the typical day is the one
 * with θ² = the mean of the days' θ_d². Days differ (a high roller's day has a larger σ for its handle), and the
 * ratio of the means (δ·mean handle / mean σ) overstated θ for the wheels and blackjack of the honest-days
 * benchmark, so the statement promised the leak found sooner than simulated tables found it (87.7 % and 85.9 %
 * within the stated rounds instead of 90 %). Rows folded before the squares were kept use that ratio.
 */
export function typicalTheta(folded: PerformanceCusumRow['folded'], leak: number): number {
  if (folded.days === 0) return 0;
  return folded.ratioSquares === undefined ? (leak * folded.handle) / folded.sd : leak * Math.sqrt(folded.ratioSquares / folded.days);
}

/**
 * Cells of Brook and Evans' chain at most a third of an increment's spread wide (at least 60): coarser, the chain
 * rounds each step to a cell and states the leak found sooner than it is (40 cells at θ = 0.146: 464 days where
 * 300 cells say 471).
 */
export const chainCells = (threshold: number, sd: number): number => Math.min(240, Math.max(60, Math.ceil((3 * threshold) / sd)));

/** Add a weighed round of `day` to the subject's CUSUM (in place): a new day first folds the day before. */
export function cusumAddRound(
  c: PerformanceCusumRow,
  day: string,
  round: { handle: number; theoreticalWin: number; actualWin: number; variance: number; boundedVariance: number },
  position: number,
  settings: PerformanceSettings,
): void {
  c.last_position = position;
  if (day < c.day) {
    c.late_rounds += 1;
    return;
  }
  if (day > c.day) {
    foldDay(c, settings);
    c.day = day;
    c.current = { ...NO_PERIOD };
  }
  c.current = {
    rounds: c.current.rounds + 1,
    handle: c.current.handle + round.handle,
    theoreticalWin: c.current.theoreticalWin + round.theoreticalWin,
    actualWin: c.current.actualWin + round.actualWin,
    variance: c.current.variance + round.variance,
    boundedVariance: (c.current.boundedVariance ?? 0) + round.boundedVariance,
  };
}

function foldDay(c: PerformanceCusumRow, settings: PerformanceSettings): void {
  const p = c.current;
  const sd = Math.sqrt(p.variance);
  if (!(p.handle > 0) || !(sd > 0)) return; // a day without valued bets says nothing
  const period = { handle: p.handle, theoreticalWin: p.theoreticalWin, actualWin: p.actualWin, sd };
  const llr = leakLogLikelihoodRatio(period, settings.leak);
  // the sums a row folded before they were kept cannot start late: they stay absent, and the model speaks alone
  const keeps = c.folded.days === 0 || c.folded.llr !== undefined;
  const keepsSpread = c.folded.days === 0 || c.folded.variance !== undefined;
  c.folded = {
    days: c.folded.days + 1,
    rounds: c.folded.rounds + p.rounds,
    handle: c.folded.handle + p.handle,
    sd: c.folded.sd + sd,
    ...(keeps
      ? { ratioSquares: (c.folded.ratioSquares ?? 0) + (p.handle / sd) ** 2, llr: (c.folded.llr ?? 0) + llr, llrSquares: (c.folded.llrSquares ?? 0) + llr ** 2 }
      : {}),
    ...(keepsSpread ? { variance: (c.folded.variance ?? 0) + p.variance, boundedVariance: (c.folded.boundedVariance ?? 0) + (p.boundedVariance ?? 0) } : {}),
  };
  const design = cusumDesign(typicalTheta(c.folded, settings.leak), settings.alarmDays, spreadFloorOf(c.folded));
  const wasAlarm = c.state.alarm;
  c.state = cusumStep(c.state, period, settings.leak, design.threshold);
  if (c.state.alarm && !wasAlarm) c.alarm_day = c.day;
  c.history = [...c.history, { day: c.day, statistic: c.state.statistic, threshold: design.threshold }].slice(-400);
  c.detection = {
    leak: settings.leak,
    theta: design.theta,
    threshold: design.threshold,
    days: design.days,
    rounds: design.days === null ? null : Math.ceil((design.days * c.folded.rounds) / c.folded.days),
    spreadFloor: design.spreadFloor,
  };
}

/** The sentence a reader is given for a subject's CUSUM. */
export function detectionStatement(c: Pick<PerformanceCusumRow, 'detection' | 'folded'>): string {
  const d = c.detection;
  if (!d) return 'no completed gaming day yet';
  const leak = `${(100 * d.leak).toLocaleString('en', { maximumFractionDigits: 3 })} % of handle`;
  return d.rounds === null
    ? `a leak of ${leak} is not found within ${MAX_DAYS} gaming days of this size with 90 % probability`
    : `a leak of ${leak} is found within ${d.rounds} rounds (${d.days} gaming days of ${Math.round(c.folded.rounds / Math.max(1, c.folded.days))} rounds) with 90 % probability`;
}
