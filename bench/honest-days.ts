/**
 * Issue 21 §6: over many simulated honest gaming days, how often do the performance and equipment read
 * models raise a finding? Nothing is injected, so every finding is false; the rate is measured, not timed.
 *
 * A casino of `FLOOR` (several tables of several games, each table's croupiers rotating, as the simulator
 * deals them) plays `BENCH_HONEST_DAYS` days (default 200; `--quick` 10), each day its own seed. Every fact
 * goes, in recording order, through the read models' own pure folds, the functions their projections call
 * between loading and writing rows: `foldPerformanceFact` and `judgePerformanceDays` (performance-state.ts,
 * called by PerformanceProjection.apply) and `foldEquipmentFact` (called by EquipmentProjection.apply), then
 * `casinoEquipment` (what the equipment report reads). No PostgreSQL: the rows stay in memory across days.
 *
 * Reported at the configured levels (CASINO_AUDIT_PERFORMANCE_FDR, CASINO_AUDIT_EQUIPMENT_FDR) and at 5 %:
 * subjects × days tested, findings raised per day, the share of days with at least one finding (the
 * family-wise rate; with nothing injected it equals the false discovery rate, every finding being false),
 * with Clopper–Pearson 95 % intervals; the z-scores' spread per game (an honest z is N(0, 1)); the CUSUM's
 * honest alarms; and (§3) the CUSUM's statement "a leak of L % of handle is found within R rounds with 90 %
 * probability" checked on `BENCH_CUSUM_TABLES` (default 1,000) simulated tables with that leak, their rounds
 * drawn from the honest rounds of the statement's table, each table's CUSUM kept by `cusumAddRound`.
 */
import { setting } from '../libs/platform/src/config';
import { sessionInfoFrom, sessionOf } from '../libs/projections/src/facts';
import { casinoEquipment, shoeComposition } from '../libs/projections/src/equipment/equipment-report';
import { EquipmentProjection, EquipmentState, foldEquipmentFact } from '../libs/projections/src/equipment/equipment.projection';
import {
  cusumAddRound,
  detectionStatement,
  newCusum,
  PERFORMANCE_FAMILIES,
  PerformanceSettings,
  performanceSettings,
  testedSubjects,
  typicalTheta as typicalThetaOf,
} from '../libs/projections/src/performance/performance-findings';
import { openSession, PERFORMANCE_FACTS } from '../libs/projections/src/performance/performance-fold';
import { foldPerformanceFact, judgePerformanceDays, newPerformanceChanges, PerformanceState } from '../libs/projections/src/performance/performance-state';
import { seededRandom } from '../libs/rules/src';
import { simulateDay, SimulationManifest } from '../libs/simulator/src';
import { cusumRunLength, leakIncrements, logGamma } from '../libs/statistics/src';
import { headerLines, mean } from './common';
import { fmtInt, Suite, SuiteContext, table, uptimeLine } from './support';

const CASINO = 'casino-honest';
const REGION = 'euskadi';
/** A Basque casino's floor: wheels, blackjack, punto banco, the poker games against the bank, craps. */
const FLOOR = [
  'french-roulette',
  'french-roulette',
  'american-roulette-single-zero',
  'american-roulette-single-zero',
  'american-roulette-single-zero',
  'boule',
  'blackjack',
  'blackjack',
  'blackjack',
  'punto-banco',
  'punto-banco',
  'caribbean-stud',
  'three-card-poker',
  'craps',
] as const;
const ROUNDS = 400;
const SEED = 2100;
const FIRST_DAY = Date.UTC(2027, 0, 1);
const ALSO = 0.05;
/** the tables whose CUSUM statement is checked: one of each game (RL-01, a French roulette, is the README's example) */
const CUSUM_TABLES = (process.env.BENCH_CUSUM_CHECK ?? 'RL-01,RL-03,RL-06,CD-01,CD-04,CD-06,CD-07,DC-01').split(',');

const days = (quick: boolean) => Number(process.env.BENCH_HONEST_DAYS) || (quick ? 10 : 200);
const cusumTables = (quick: boolean) => Number(process.env.BENCH_CUSUM_TABLES) || (quick ? 100 : 1000);
const dayOf = (d: number) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10);

// ── binomial intervals ───────────────────────────────────────────────────────────────────────────────

/** P(X ≤ k) for X ~ Binomial(n, p). */
function binomialCdf(k: number, n: number, p: number): number {
  if (k < 0) return 0;
  if (k >= n || p <= 0) return 1;
  if (p >= 1) return 0;
  let total = 0;
  for (let i = 0; i <= k; i++) total += Math.exp(logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log1p(-p));
  return Math.min(1, total);
}

/** Clopper–Pearson's exact two-sided 95 % interval for k successes in n. */
export function clopperPearson(k: number, n: number): [number, number] {
  const solve = (f: (p: number) => number) => {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 60; i++) {
      const mid = (lo + hi) / 2;
      if (f(mid) > 0) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const lower = k === 0 ? 0 : solve((p) => (1 - binomialCdf(k - 1, n, p) < 0.025 ? 1 : -1));
  const upper = k === n ? 1 : solve((p) => (binomialCdf(k, n, p) > 0.025 ? 1 : -1));
  return [lower, upper];
}

const pct = (x: number, digits = 1) => `${(100 * x).toFixed(digits)} %`;
const rate = (k: number, n: number) => {
  const [lo, hi] = clopperPearson(k, n);
  return `${k} / ${n} = ${pct(k / n)} (${pct(lo)}–${pct(hi)})`;
};

// ── the honest days ──────────────────────────────────────────────────────────────────────────────────

interface LevelCount {
  /** subjects (or tests) tested, summed over the days */
  tested: number;
  findings: number;
  /** days with at least one finding */
  days: number;
  /** Σ over days of the false discovery proportion (every finding false: 1 on a day with one, else 0) */
  fdp: number;
}
const noCount = (): LevelCount => ({ tested: 0, findings: 0, days: 0, fdp: 0 });
const count = (c: LevelCount, tested: number, findings: number) => {
  c.tested += tested;
  c.findings += findings;
  if (findings > 0) {
    c.days += 1;
    c.fdp += 1; // false findings / findings: every one of them is false
  }
};

/** A table's honest rounds (the bets with a figure, as the CUSUM reads them), kept for the leak check. */
interface RoundPool {
  /** where each day's rounds begin */
  days: number[];
  handle: number[];
  theoretical: number[];
  actual: number[];
  variance: number[];
  /** the round's variance is the Cauchy–Schwarz bound, not its exact law */
  bounded: boolean[];
}

interface HonestRun {
  days: number;
  events: number;
  rounds: number;
  seconds: number;
  levels: number[];
  /** level → family (session, table, croupier, any) → counts */
  performance: Map<number, Map<string, LevelCount>>;
  equipment: Map<number, LevelCount>;
  /** level → test key → the first day it was a finding */
  equipmentEver: Map<number, Map<string, string>>;
  equipmentTests: Set<string>;
  shoes: { complete: number; notAsDesigned: number };
  /** game → table-level z-scores of the days */
  zByGame: Map<string, number[]>;
  /** examples of performance findings at the configured level */
  examples: string[];
  cusum: { subjects: number; alarms: string[]; statements: Map<string, string> };
  pools: Map<string, RoundPool>;
  /** table → game */
  games: Map<string, string>;
  statement: Map<
    string,
    {
      rounds: number | null;
      days: number | null;
      roundsPerDay: number;
      theta: number;
      typicalTheta: number;
      ratioOfMeans: number;
      threshold: number;
      spreadFloor: number;
      observed: string;
    }
  >;
  settings: PerformanceSettings;
  equipmentLevel: number;
}

function honestDays(ctx: SuiteContext, n: number): HonestRun {
  const settings = performanceSettings();
  const s = settings;
  const equipmentLevel = setting('CASINO_AUDIT_EQUIPMENT_FDR');
  const perfLevels = [...new Set([settings.fdr, ALSO])];
  const eqLevels = [...new Set([equipmentLevel, ALSO])];
  const levels = [...new Set([...perfLevels, ...eqLevels])].sort((a, b) => a - b);
  const perf: PerformanceState = { sessions: new Map(), sums: new Map(), cusums: new Map() };
  const equipment: EquipmentState = { sessions: new Map(), counts: new Map(), shoes: new Map() };
  const equipmentHandles = new EquipmentProjection().handles;
  const run: HonestRun = {
    days: n,
    events: 0,
    rounds: 0,
    seconds: 0,
    levels,
    performance: new Map(perfLevels.map((q) => [q, new Map([...PERFORMANCE_FAMILIES, 'any'].map((f) => [f, noCount()]))])),
    equipment: new Map(eqLevels.map((q) => [q, noCount()])),
    equipmentEver: new Map(eqLevels.map((q) => [q, new Map()])),
    equipmentTests: new Set(),
    shoes: { complete: 0, notAsDesigned: 0 },
    zByGame: new Map(),
    examples: [],
    cusum: { subjects: 0, alarms: [], statements: new Map() },
    pools: new Map(),
    games: new Map(),
    statement: new Map(),
    settings,
    equipmentLevel,
  };
  const started = process.hrtime.bigint();
  let position = 0;
  for (let d = 0; d < n; d++) {
    const gamingDay = dayOf(d);
    const manifest: { value?: SimulationManifest } = {};
    const changed = newPerformanceChanges();
    const equipmentChanged = { sessions: new Set<string>(), counts: new Set<string>(), shoes: new Set<string>() };
    for (const batch of simulateDay(
      { casinoId: CASINO, gamingDay, tables: FLOOR.length, tableGames: FLOOR, jurisdiction: REGION, rounds: ROUNDS, seed: SEED + d },
      manifest,
    )) {
      for (const envelope of batch) {
        const sessionId = typeof envelope.data.sessionId === 'string' ? envelope.data.sessionId : undefined;
        const e = {
          type: envelope.type,
          data: envelope.data as Record<string, any>,
          streamId: sessionId ? `session-${sessionId}` : 'casino',
          globalPosition: ++position,
        };
        run.events++;
        // what the projector feeds each read model: the facts it handles, in feed order
        if (PERFORMANCE_FACTS.has(e.type)) {
          // the projection opens a session with the smallest chip of its opening float (facts.ts)
          if (e.type === 'TableSessionOpened' && !perf.sessions.has(e.data.sessionId))
            perf.sessions.set(e.data.sessionId, openSession(e, sessionInfoFrom(e).smallestChip));
          foldPerformanceFact(perf, sessionOf(e), e, settings, changed);
        }
        if (equipmentHandles.has(e.type)) foldEquipmentFact(equipment, e, equipmentChanged);
      }
    }
    const m = manifest.value!;
    if (m.injected.length) throw new Error(`honest-days: day ${gamingDay} (seed ${SEED + d}) has injected errors: ${m.injected.map((i) => i.kind).join(', ')}`);
    run.rounds += m.rounds;
    for (const t of m.tables) run.games.set(t.tableId, t.game);

    // the rounds of the day, kept per table for the CUSUM's leak check
    const poolsToday = new Set<RoundPool>();
    for (const r of changed.rounds) {
      let pool = run.pools.get(r.table_id);
      if (!pool) run.pools.set(r.table_id, (pool = { days: [], handle: [], theoretical: [], actual: [], variance: [], bounded: [] }));
      if (!poolsToday.has(pool)) {
        poolsToday.add(pool);
        pool.days.push(pool.handle.length);
      }
      pool.handle.push(r.handle - r.unvalued_handle);
      pool.theoretical.push(r.theoretical_win);
      pool.actual.push(r.actual_win - r.unvalued_win);
      pool.variance.push(r.variance);
      pool.bounded.push(r.variance_method === 'bound');
    }

    // performance: the day judged as the projection judges it, at each level
    const dayKey = `${CASINO}|${gamingDay}`;
    const rows = [...perf.sums.values()].filter((r) => r.casino_id === CASINO && r.gaming_day === gamingDay);
    const tested = new Map(PERFORMANCE_FAMILIES.map((f) => [f, testedSubjects(rows, f, settings)]));
    for (const x of tested.get('table')!) {
      const game = x.r.games.join('+');
      run.zByGame.set(game, [...(run.zByGame.get(game) ?? []), x.f.z]);
    }
    for (const [q, families] of run.performance) {
      const findings = judgePerformanceDays(perf, [dayKey], { ...settings, fdr: q })[0].findings;
      for (const f of PERFORMANCE_FAMILIES) count(families.get(f)!, tested.get(f)!.length, findings.filter((x) => x.level === f).length);
      count(
        families.get('any')!,
        PERFORMANCE_FAMILIES.reduce((t, f) => t + tested.get(f)!.length, 0),
        findings.length,
      );
      if (q === settings.fdr) for (const f of findings) if (run.examples.length < 6) run.examples.push(`${gamingDay}: ${f.message}`);
    }

    // equipment: the casino's tests across days, as the report reads them after this day
    for (const [q, c] of run.equipment) {
      const eqRows = casinoEquipment([...equipment.counts.values()], q);
      let testedToday = 0;
      let findings = 0;
      for (const row of eqRows) {
        for (const t of row.tests) {
          if (t.status === 'too-few') continue;
          const key = `${row.tableId} ${row.kind}${row.setId ? ` ${row.setId}` : ''} ${t.test}${t.dice ? ` (${t.dice} dice)` : ''}`;
          run.equipmentTests.add(key);
          testedToday++;
          if (t.status !== 'finding') continue;
          findings++;
          const ever = run.equipmentEver.get(q)!;
          if (!ever.has(key)) ever.set(key, gamingDay);
        }
      }
      count(c, testedToday, findings);
    }
    for (const key of equipmentChanged.shoes) {
      const shoe = shoeComposition(equipment.shoes.get(key)!);
      if (!shoe.complete) continue;
      run.shoes.complete++;
      if (shoe.asDesigned === false) run.shoes.notAsDesigned++;
    }
    if ((d + 1) % 20 === 0 || d + 1 === n)
      ctx.log(`honest-days: ${d + 1}/${n} days (${fmtInt(run.events)} facts, ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(0)} s)`);
  }
  run.seconds = Number(process.hrtime.bigint() - started) / 1e9;

  // the CUSUM across the days (the last day is folded when the next begins: the days before it)
  for (const c of perf.cusums.values()) {
    run.cusum.subjects++;
    if (c.alarm_day) run.cusum.alarms.push(`${c.level} ${c.subject} on ${c.alarm_day}`);
    if (c.level === 'table') {
      run.cusum.statements.set(c.subject, detectionStatement(c));
      // the typical day's θ before the design takes it down to its digits
      const typicalTheta = typicalThetaOf(c.folded, s.leak);
      const ratioOfMeans = (s.leak * c.folded.handle) / c.folded.sd;
      const detection = c.detection;
      if (detection)
        run.statement.set(c.subject, {
          rounds: detection.rounds,
          days: detection.days,
          roundsPerDay: c.folded.rounds / c.folded.days,
          theta: detection.theta,
          typicalTheta,
          ratioOfMeans,
          threshold: detection.threshold,
          spreadFloor: detection.spreadFloor ?? 1,
          observed: observedIncrements(c.folded, typicalTheta),
        });
    }
  }
  return run;
}

/** The honest days' increments as the subject's row has them, beside the model's N(−θ²/2, θ²). */
function observedIncrements(folded: { days: number; llr?: number; llrSquares?: number }, theta: number): string {
  if (folded.llr === undefined || folded.llrSquares === undefined || folded.days < 2) return 'no increments kept';
  const mean = folded.llr / folded.days;
  const sd = Math.sqrt((folded.llrSquares - folded.llr ** 2 / folded.days) / (folded.days - 1));
  return `a day's increment ${mean.toFixed(4)} ± ${sd.toFixed(4)} (model ${(-(theta ** 2) / 2).toFixed(4)} ± ${theta.toFixed(4)})`;
}

// ── the CUSUM's statement, by simulation ─────────────────────────────────────────────────────────────

/** The actual win above the theoretical of the pool's rounds `from` to `to`, as a share of their handle. */
function excessOf(pool: RoundPool, from = 0, to = pool.handle.length): number {
  let excess = 0;
  let handle = 0;
  for (let i = from; i < to; i++) {
    excess += pool.actual[i] - pool.theoretical[i];
    handle += pool.handle[i];
  }
  return handle > 0 ? excess / handle : 0;
}

/** Each day's excess over theoretical (chance, in an honest day), as a share of its handle. */
const dayExcesses = (pool: RoundPool) => pool.days.map((from, j) => excessOf(pool, from, pool.days[j + 1] ?? pool.handle.length));

/** The spread of the rounds around their day's mean, over the variance the fold computed for them: 1 when σ is right. */
function poolSpread(pool: RoundPool): number {
  const excess = dayExcesses(pool);
  let squares = 0;
  let variance = 0;
  pool.days.forEach((from, j) => {
    for (let i = from; i < (pool.days[j + 1] ?? pool.handle.length); i++) {
      squares += (pool.actual[i] - pool.theoretical[i] - excess[j] * pool.handle[i]) ** 2;
      variance += pool.variance[i];
    }
  });
  return squares / variance;
}

/**
 * Tables that play the table's honest days again: each day one of them drawn at random, its rounds drawn with
 * replacement from that day's (a day keeps its limits and its players, so its handle and σ stay together), the
 * house's result on each lowered by `leak` × its handle; each table's CUSUM kept by `cusumAddRound` as the read
 * model keeps it. Returns, per table, the rounds of the days folded when it alarmed, or null within `maxDays`.
 */
function leakTrials(pool: RoundPool, leak: number, tables: number, maxDays: number, settings: PerformanceSettings, seed: number): Array<number | null> {
  const random = seededRandom(seed);
  // centred: each day's own excess over theoretical (chance, of the order of its σ) taken out in proportion to the
  // handle, so that a day drawn is honest to the cent before the leak, and its spread is its rounds' own
  const excess = dayExcesses(pool);
  const bounds = [...pool.days, pool.handle.length];
  const out: Array<number | null> = [];
  for (let t = 0; t < tables; t++) {
    const c = newCusum('bench', 'table', `T-${t}`, dayOf(0));
    let position = 0;
    let found: number | null = null;
    // day `maxDays` only opens, so that day maxDays − 1 is folded
    for (let d = 0; d <= maxDays && found === null; d++) {
      const day = dayOf(d);
      const j = Math.floor(random() * pool.days.length);
      const from = bounds[j];
      const size = bounds[j + 1] - from;
      for (let i = 0; i < size; i++) {
        const k = from + Math.floor(random() * size);
        cusumAddRound(
          c,
          day,
          {
            handle: pool.handle[k],
            theoreticalWin: pool.theoretical[k],
            actualWin: pool.actual[k] - (excess[j] + leak) * pool.handle[k],
            variance: pool.variance[k],
            boundedVariance: pool.bounded[k] ? pool.variance[k] : 0,
          },
          ++position,
          settings,
        );
        if (c.state.alarm) {
          found = c.folded.rounds;
          break;
        }
      }
    }
    out.push(found);
  }
  return out;
}

/**
 * The probability that a CUSUM with normal increments (mean, sd) and threshold h alarms within `periods`:
 * the quantile of Brook and Evans' chain (`cusumRunLength`) that falls on that many periods, by bisection.
 */
function alarmWithin(mean: number, sd: number, threshold: number, periods: number): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const q = (lo + hi) / 2;
    if (cusumRunLength(mean, sd, threshold, { quantile: q, maxPeriods: periods + 1 }).quantilePeriods <= periods) lo = q;
    else hi = q;
  }
  return lo;
}

// ── the section ──────────────────────────────────────────────────────────────────────────────────────

export const honestDaysSuite: Suite = {
  name: 'honest-days',
  title: 'False findings over simulated honest gaming days',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = days(ctx.options.quick);
    const run = honestDays(ctx, n);
    const s = run.settings;

    // §3: the CUSUM's statement for one table of each game (RL-01 is the README's kind), checked by simulation
    const checkTables = cusumTables(ctx.options.quick);
    const leakChecks: string[][] = [];
    const honestChecks: string[][] = [];
    const cusumStarted = process.hrtime.bigint();
    for (const tableId of CUSUM_TABLES) {
      const pool = run.pools.get(tableId);
      const stated = run.statement.get(tableId);
      if (!pool || !stated || stated.rounds === null || stated.days === null) continue;
      const perDay = Math.round(stated.roundsPerDay);
      const leaking = leakTrials(pool, s.leak, checkTables, 3 * stated.days, s, 7_000 + leakChecks.length);
      const within = leaking.filter((r) => r !== null && r <= stated.rounds!).length;
      const found = leaking.filter((r): r is number => r !== null).sort((a, b) => a - b);
      const q90 = found.length >= Math.ceil(0.9 * checkTables) ? found[Math.ceil(0.9 * checkTables) - 1] : NaN;
      const game = run.games.get(tableId);
      leakChecks.push([
        `${tableId} (${game})`,
        `${fmtInt(perDay)} rounds, θ ${stated.typicalTheta.toFixed(4)} (designed at ${stated.theta}; δ·mean handle/mean σ ${stated.ratioOfMeans.toFixed(4)}), h ${stated.threshold.toFixed(3)}, ${stated.spreadFloor < 1 ? `σ partly bounded: days the most over a spread of ${stated.spreadFloor.toFixed(2)}–1 of the model's` : 'σ exact'}; ${stated.observed}; excess ${(100 * excessOf(pool)).toFixed(3)} % of handle, spread about the day's mean ${poolSpread(pool).toFixed(3)} of the computed variance`,
        `${fmtInt(stated.rounds)} (${stated.days} days)`,
        rate(within, checkTables),
        Number.isFinite(q90) ? `${fmtInt(q90)} (${(q90 / perDay).toFixed(0)} days)` : `not within ${3 * stated.days} days`,
      ]);
      // the same tables honest, over as many days as the honest run: how many alarm
      const honest = leakTrials(pool, 0, checkTables, n, s, 8_000 + honestChecks.length);
      const alarms = honest.filter((r) => r !== null).length;
      const honestLaw = leakIncrements(s.leak, stated.typicalTheta / s.leak, 1).honest;
      honestChecks.push([`${tableId} (${game})`, `${n}`, rate(alarms, checkTables), pct(alarmWithin(honestLaw.mean, honestLaw.sd, stated.threshold, n))]);
    }
    const cusumSeconds = Number(process.hrtime.bigint() - cusumStarted) / 1e9;

    const perfRows: string[][] = [];
    for (const [q, families] of run.performance) {
      for (const [family, c] of families) {
        perfRows.push([
          pct(q, 0),
          family === 'any' ? 'any of the three' : `${family}s`,
          fmtInt(c.tested),
          fmtInt(c.findings),
          (c.findings / n).toFixed(3),
          rate(c.days, n),
          (c.fdp / n).toFixed(3),
          c.days / n <= q ? 'yes' : clopperPearson(c.days, n)[0] <= q ? 'above, within chance (the interval holds it)' : '**no**',
        ]);
      }
    }
    const eqRows: string[][] = [];
    for (const [q, c] of run.equipment) {
      const ever = run.equipmentEver.get(q)!;
      eqRows.push([
        pct(q, 0),
        fmtInt(c.tested),
        fmtInt(c.findings),
        (c.findings / n).toFixed(3),
        rate(c.days, n),
        (c.fdp / n).toFixed(3),
        `${ever.size} of ${run.equipmentTests.size}${ever.size ? `: ${[...ever].map(([k, day]) => `${k} from ${day}`).join('; ')}` : ''}`,
      ]);
    }
    const zRows = [...run.zByGame]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([game, zs]) => {
        const m = mean(zs);
        const sd = Math.sqrt(zs.reduce((t, z) => t + (z - m) ** 2, 0) / Math.max(1, zs.length - 1));
        const beyond = (c: number) => zs.filter((z) => Math.abs(z) > c).length;
        return [
          game,
          fmtInt(zs.length),
          m.toFixed(3),
          sd.toFixed(3),
          rate(beyond(2.5758), zs.length),
          rate(beyond(3.2905), zs.length),
          fmtInt(zs.filter((z) => z < -2.5758).length),
        ];
      });

    const floor = [...new Set(FLOOR)].map((g) => `${FLOOR.filter((x) => x === g).length} × ${g}`).join(', ');
    const uptimeAfter = uptimeLine();
    return [
      '## False findings over simulated honest gaming days',
      '',
      ...headerLines(ctx, 'honest-days', started, uptimeBefore, uptimeAfter, [
        `- Not a timing measure: the figures are counts, the same on a busy machine (this one was shared with other work); seeded, so a re-run gives the same counts`,
        `- Casino: ${FLOOR.length} tables in ${REGION} (${floor}), ${ROUNDS} rounds a table a day, two croupiers a table rotating every 40–60 minutes (\`CroupierChanged\`); ${n} gaming days from ${dayOf(0)}, day d seeded ${SEED} + d, nothing injected (each day's manifest checked empty): ${fmtInt(run.rounds)} rounds, ${fmtInt(run.events)} facts, simulated and folded in ${run.seconds.toFixed(0)} s`,
        `- Path: each fact through the read models' pure folds, the same functions their projections call between loading and writing rows (\`foldPerformanceFact\`/\`judgePerformanceDays\` in performance-state.ts; \`foldEquipmentFact\`), the equipment tests as the report reads them (\`casinoEquipment\`); rows kept in memory, no PostgreSQL`,
        `- Settings: performance FDR ${pct(s.fdr, 0)} (configured) and ${pct(ALSO, 0)}, at least ${s.minRounds} rounds to be tested, CUSUM leak ${pct(s.leak, 0)} of handle with an honest average run of ${fmtInt(s.alarmDays)} days; equipment FDR ${pct(run.equipmentLevel, 0)} (configured) and ${pct(ALSO, 0)}`,
      ]),
      '',
      "With nothing injected every finding is false, so a day's false discovery proportion is 1 on a day with a",
      'finding and 0 otherwise: the false discovery rate is the share of days with a finding (the family-wise rate).',
      'Intervals are Clopper–Pearson 95 %.',
      '',
      "### Performance findings (a day's sessions, tables and croupiers, each family held to the level by Benjamini–Hochberg)",
      '',
      table(['level', 'family', 'subjects × days tested', 'findings', 'findings a day', 'days with a finding', 'mean FDP', 'at or below the level'], perfRows, [
        'r',
        'l',
        'r',
        'r',
        'r',
        'l',
        'r',
        'l',
      ]),
      '',
      run.examples.length ? `Findings at ${pct(s.fdr, 0)}: ${run.examples.map((x) => `\`${x}\``).join('; ')}.` : `No finding at ${pct(s.fdr, 0)}.`,
      '',
      "An honest table's z-score is N(0, 1): its spread per game says whether σ is right (a spread above 1 would",
      "make findings too easy; the Cauchy–Schwarz bound where a round's law is not enumerated makes it smaller).",
      '',
      table(['game', 'table-days tested', 'mean z', 'sd of z', '|z| > 2.576 (1 % expected)', '|z| > 3.291 (0.1 % expected)', 'of them z < −2.576'], zRows, [
        'l',
        'r',
        'r',
        'r',
        'l',
        'l',
        'r',
      ]),
      '',
      "### Equipment tests (every wheel's and dice's tests of the casino, across its days so far, read after each day)",
      '',
      table(['level', 'tests × days', 'findings', 'findings a day', 'days with a finding', 'mean FDP', 'tests ever a finding'], eqRows, [
        'r',
        'r',
        'r',
        'r',
        'l',
        'r',
        'l',
      ]),
      '',
      `Shoes dealt to the end: ${fmtInt(run.shoes.complete)}, not as designed: ${run.shoes.notAsDesigned}.`,
      '',
      '### CUSUM across days',
      '',
      `Honest run: ${run.cusum.subjects} CUSUMs (tables and recorded croupiers), ${run.cusum.alarms.length ? `alarms: ${run.cusum.alarms.join('; ')}` : 'no alarm'} over ${n - 1} folded days. Statements after the run: ${[
        ...run.cusum.statements,
      ]
        .slice(0, 3)
        .map(([t, x]) => `${t} — ${x}`)
        .join('; ')}.`,
      '',
      `The statement checked by simulation: ${fmtInt(checkTables)} tables with a leak of ${pct(s.leak, 0)} of handle (each round's house result lowered by ${pct(s.leak, 0)} of its stakes), each day one of the table's ${n} honest days drawn at random and its rounds drawn from it with replacement (so a day keeps its limits and players; centred: each day's own chance excess over theoretical taken out in proportion to the stakes, so that a drawn day is honest to the cent before the leak; the table's excess over its days and its rounds' spread about their day's mean against the variance the fold computed are shown), each table's CUSUM kept by \`cusumAddRound\` (${cusumSeconds.toFixed(0)} s). Found within the stated rounds should be 90 %:`,
      '',
      table(['table', 'its day', 'stated: found within', 'found within the stated rounds', '90 % found by'], leakChecks, ['l', 'l', 'r', 'l', 'r']),
      '',
      table(['the same tables honest', 'days', 'tables that alarmed', 'expected (Brook–Evans, normal days)'], honestChecks, ['l', 'r', 'l', 'r']),
    ].join('\n');
  },
};
