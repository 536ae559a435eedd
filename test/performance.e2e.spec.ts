/**
 * The performance read model (issue 21 §2, §3, §7) end to end, on the real database:
 * - a hand-written roulette session whose theoretical win and variance are worked out here by hand from the
 *   wheel (not from the code): a straight up, a straight and a dozen on one spin, red and black on one spin;
 * - a simulated day of several games beside it, live in small batches, then rebuilt in large ones: the same rows;
 * - the CLI (`report performance`, text, JSON, CSV, PDF), the API (roles: croupiers' figures for compliance
 *   and inspectors only; each read in the access log; 400 on a bad parameter) and the inspector's report section.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Runtime, startRuntime } from '../libs/platform/src';
import {
  loadInspectorDay,
  loadPerformance,
  PERFORMANCE_CUSUM,
  PERFORMANCE_DAYS,
  PERFORMANCE_ROUNDS,
  PERFORMANCE_SESSIONS,
  PERFORMANCE_SUMS,
  PerformanceProjection,
  rebuildProjection,
} from '../libs/projections/src';
import { issueCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { reportCli } from './support/report-cli';
import { ev } from './support/report-day';
import { pdfTextLayer } from './support/pdf-text';
import { serveOnLoopback } from './support/served';
import { recordSimulatedDay } from './support/simulated-day';

const DAY = '2026-12-01';
const SIM_DAY = '2026-12-02';
const S = 'perf-s1';

/** The hand-written session: single-zero roulette (cantabria: even chances lose half on the zero, no prison). */
function rouletteSession() {
  const r = (roundId: string) => ({ sessionId: S, roundId });
  return [
    ev('TableSessionOpened', {
      sessionId: S,
      casinoId: 'casino-p',
      tableId: 'RA-01',
      gamingDay: DAY,
      game: 'american-roulette-single-zero',
      jurisdiction: 'cantabria',
      limits: { min: 100, max: 100000 },
      openingFloat: { '100': 500 },
      staff: { inspector: 'insp-p', croupiers: ['cr-anna', 'cr-bo'] },
    }),
    // 1. a straight up on 17, and 17 comes: the house pays 35 × 100
    ev('RoundStarted', r('p1')),
    ev('BetPlaced', { ...r('p1'), betId: 'p1-a', seat: 1, betType: 'straight', selection: [17], amount: 100 }),
    ev('BetsClosed', r('p1')),
    ev('WheelSpun', { ...r('p1'), result: 17 }),
    ev('BetSettled', { ...r('p1'), betId: 'p1-a', outcome: 'win', payout: 3500 }),
    ev('RoundCompleted', r('p1')),
    // 2. a straight on 17 and the first dozen (1–12) on one spin; 5 comes: the straight loses 100, the dozen wins 2 × 200
    ev('RoundStarted', r('p2')),
    ev('BetPlaced', { ...r('p2'), betId: 'p2-a', seat: 1, betType: 'straight', selection: [17], amount: 100 }),
    ev('BetPlaced', { ...r('p2'), betId: 'p2-b', seat: 2, betType: 'dozen', selection: 1, amount: 200 }),
    ev('BetsClosed', r('p2')),
    ev('WheelSpun', { ...r('p2'), result: 5 }),
    ev('BetSettled', { ...r('p2'), betId: 'p2-a', outcome: 'lose', payout: 0 }),
    ev('BetSettled', { ...r('p2'), betId: 'p2-b', outcome: 'win', payout: 400 }),
    ev('RoundCompleted', r('p2')),
    // the second croupier takes the wheel from the next round (docs/contract.md, CroupierChanged)
    ev('CroupierChanged', { sessionId: S, croupierId: 'cr-bo' }),
    // 3. red and black on one spin; the zero comes: each loses half
    ev('RoundStarted', r('p3')),
    ev('BetPlaced', { ...r('p3'), betId: 'p3-a', seat: 1, betType: 'red', amount: 100 }),
    ev('BetPlaced', { ...r('p3'), betId: 'p3-b', seat: 2, betType: 'black', amount: 100 }),
    ev('BetsClosed', r('p3')),
    ev('WheelSpun', { ...r('p3'), result: 0 }),
    ev('BetSettled', { ...r('p3'), betId: 'p3-a', outcome: 'half-lost', payout: 0 }),
    ev('BetSettled', { ...r('p3'), betId: 'p3-b', outcome: 'half-lost', payout: 0 }),
    ev('RoundCompleted', r('p3')),
    // 4. voided: weighs nothing
    ev('RoundStarted', r('p4')),
    ev('BetPlaced', { ...r('p4'), betId: 'p4-a', seat: 1, betType: 'red', amount: 5000 }),
    ev('RoundVoided', { ...r('p4'), reason: 'the ball left the wheel', decidedBy: 'insp-p' }),
    ev('TableSessionClosed', { sessionId: S, closingFloat: { '100': 463 } }),
  ];
}

// ── by hand, from the wheel: 37 pockets, each 1/37 ──────────────────────────────────────────────────
const POCKETS = Array.from({ length: 37 }, (_, n) => n);
/** mean and variance of the house's result over the 37 pockets */
function moments(houseResult: (pocket: number) => number) {
  const mean = POCKETS.reduce((t, n) => t + houseResult(n), 0) / 37;
  const variance = POCKETS.reduce((t, n) => t + (houseResult(n) - mean) ** 2, 0) / 37;
  return { mean, variance };
}
const straight17 = (stake: number) => (n: number) => (n === 17 ? -35 * stake : stake);
const dozen1 = (stake: number) => (n: number) => (n >= 1 && n <= 12 ? -2 * stake : stake);
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const even = (stake: number, wins: (n: number) => boolean) => (n: number) => (n === 0 ? stake / 2 : wins(n) ? -stake : stake);
const round1 = moments(straight17(100));
const round2 = moments((n) => straight17(100)(n) + dozen1(200)(n));
const round3 = moments((n) => even(100, (x) => RED.has(x))(n) + even(100, (x) => !RED.has(x))(n));

describe('performance: actual against theoretical win', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    db = await createTestDatabase();
    // live: small batches, so that rounds straddle them
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 37 });
    expect((await runtime.ingestion.ingest(rouletteSession().map((value) => ({ value })))).refusals).toEqual([]);
    await recordSimulatedDay(runtime.ingestion, { tables: 5, rounds: 80, seed: 21, errorRate: 0, gamingDay: SIM_DAY, casinoId: 'casino-sim' });
    await runtime.projector.catchUp();
  }, 300_000);
  afterAll(async () => {
    await runtime?.close();
    await db?.drop();
  });

  it('the roulette session: handle, actual win, theoretical win and variance as worked out by hand', async () => {
    const r = await loadPerformance(runtime, { gamingDay: DAY, casinoId: 'casino-p', croupiers: true });
    const [session] = r.sessions;
    expect(session.subject).toBe(S);
    expect(session.rounds).toBe(3); // the voided round weighs nothing
    expect(session.handle).toBe(100 + 300 + 200);
    // the house paid 3 500, then kept 100 and paid 400, then kept half of each even chance
    expect(session.actualWin).toBe(-3500 + 100 - 400 + 50 + 50);
    // Σ stake × edge: straights and dozens 1/37, the even chances 1/74 (half lost on the zero)
    expect(session.theoreticalWin).toBeCloseTo(400 / 37 + 200 / 74, 9);
    expect(session.theoreticalWin).toBeCloseTo(round1.mean + round2.mean + round3.mean, 9);
    // the straight alone: 100² × ((35² + 36) / 37 − (1/37)²)
    expect(round1.variance).toBeCloseTo(100 ** 2 * ((35 ** 2 + 36) / 37 - (1 / 37) ** 2), 6);
    expect(session.sd ** 2).toBeCloseTo(round1.variance + round2.variance + round3.variance, 6);
    expect(session.boundedRounds).toBe(0);
    expect(session.z).toBeCloseTo((session.actualWin - session.theoreticalWin) / Math.sqrt(round1.variance + round2.variance + round3.variance), 9);
    expect(session.unvaluedHandle).toBe(0);
    // three rounds are far below the rounds a test needs: no finding, however improbable
    expect(r.findings).toEqual([]);
  });

  it('red and black on one spin weigh together: a variance far below the two bets taken as independent', async () => {
    const rows = (
      await runtime.pool.query(`SELECT round_id, variance, variance_method FROM ${PERFORMANCE_ROUNDS} WHERE session_id = $1 ORDER BY round_id`, [S])
    ).rows;
    expect(rows.map((x) => x.round_id)).toEqual(['p1', 'p2', 'p3']);
    expect(rows.every((x) => x.variance_method === 'exact')).toBe(true);
    const p3 = Number(rows[2].variance);
    // on the 36 numbers one wins what the other loses; on the zero both lose half: 100² (1/37 − 1/37²)
    expect(p3).toBeCloseTo(round3.variance, 8);
    expect(p3).toBeCloseTo(100 ** 2 * (1 / 37 - 1 / 37 ** 2), 8);
    const evenAlone = moments(even(100, (x) => RED.has(x))).variance;
    expect(2 * evenAlone).toBeGreaterThan(70 * p3);
    expect(Number(rows[1].variance)).toBeCloseTo(round2.variance, 6);
  });

  it('croupiers: the opening staff croupier deals until a CroupierChanged (marked so), the recorded one from the next round; the table chart runs round by round', async () => {
    const r = await loadPerformance(runtime, { gamingDay: DAY, casinoId: 'casino-p', croupiers: true });
    expect(r.croupiers.map((c) => [c.subject, c.rounds, c.staffRounds])).toEqual([
      ['cr-anna', 2, 2],
      ['cr-bo', 1, 0],
    ]);
    const [chart] = r.charts;
    expect(chart.tableId).toBe('RA-01');
    expect(chart.points.map((p) => p.round)).toEqual([1, 2, 3]);
    expect(chart.points[2].difference).toBeCloseTo(-3700 - (round1.mean + round2.mean + round3.mean), 6);
    expect(chart.points[2].sd).toBeCloseTo(Math.sqrt(round1.variance + round2.variance + round3.variance), 6);
    const hidden = await loadPerformance(runtime, { gamingDay: DAY, casinoId: 'casino-p' });
    expect(hidden.croupiers).toEqual([]);
  });

  it('a simulated day of several games: every round weighed, the theoretical win from the figures, each table in the casino sum', async () => {
    const r = await loadPerformance(runtime, { gamingDay: SIM_DAY, casinoId: 'casino-sim', croupiers: true });
    expect(r.tables.length).toBe(5);
    const [casino] = r.casinos;
    const sum = (k: 'rounds' | 'handle' | 'actualWin' | 'theoreticalWin') => r.tables.reduce((t, x) => t + x[k], 0);
    expect(casino.rounds).toBe(sum('rounds'));
    expect(casino.handle).toBeCloseTo(sum('handle'), 6);
    expect(casino.actualWin).toBeCloseTo(sum('actualWin'), 6);
    expect(casino.theoreticalWin).toBeCloseTo(sum('theoreticalWin'), 6);
    expect(casino.rounds).toBeGreaterThan(300);
    expect(r.charts.length).toBe(5);
  });

  it('a rebuild from the first event equals the live rows, although the live ones came in batches of 37', async () => {
    const tables = [PERFORMANCE_SESSIONS, PERFORMANCE_ROUNDS, PERFORMANCE_SUMS, PERFORMANCE_DAYS, PERFORMANCE_CUSUM];
    const keys: Record<string, string> = {
      [PERFORMANCE_SESSIONS]: 'session_id',
      [PERFORMANCE_ROUNDS]: 'session_id, round_id',
      [PERFORMANCE_SUMS]: 'casino_id, gaming_day, level, subject',
      [PERFORMANCE_DAYS]: 'casino_id, gaming_day',
      [PERFORMANCE_CUSUM]: 'casino_id, level, subject',
    };
    const content = async () => {
      const out: Record<string, unknown> = {};
      for (const t of tables)
        out[t] = (
          await runtime.pool.query(`SELECT count(*)::int AS n, md5(string_agg(row_to_json(x)::text, ',' ORDER BY ${keys[t]})) AS sum FROM ${t} x`)
        ).rows[0];
      return out;
    };
    const live = await content();
    expect((live[PERFORMANCE_ROUNDS] as { n: number }).n).toBeGreaterThan(300);
    await rebuildProjection(runtime.pool, runtime.store, new PerformanceProjection(), undefined, 5000);
    expect(await content()).toEqual(live);
  }, 120_000);

  it('the inspector report has the section, in JSON, CSV and PDF', async () => {
    const day = await loadInspectorDay(runtime, { gamingDay: DAY, casinoId: 'casino-p' });
    expect(day.performance?.sessions.map((s) => s.subject)).toEqual([S]);
    expect(day.performance?.croupiers).toEqual([]); // the inspector report is read by every reader
    const { inspectorCsv, inspectorPdf } = await import('../libs/reports/src');
    expect(inspectorCsv(day)).toContain('performance-session,casino-p,RA-01,perf-s1,,actualWin,-3700');
    const text = pdfTextLayer(await inspectorPdf(day));
    expect(text).toContain('Actual against theoretical win');
  });

  describe('as users run it', () => {
    let app: INestApplication;
    let base: string;
    beforeAll(async () => {
      ({ app, base } = await serveOnLoopback(runtime));
    });
    afterAll(async () => app?.close());

    it('the CLI: text, JSON, CSV and PDF; a bad day is refused', async () => {
      const env = { DATABASE_URL: db.url };
      const text = await reportCli(['report', 'performance', '--gaming-day', DAY, '--casino', 'casino-p'], env);
      expect(text.code).toBe(0);
      expect(text.stdout).toContain('session  perf-s1');
      expect(text.stdout).toContain('actual -37.00');
      const json = await reportCli(['report', 'performance', '--gaming-day', DAY, '--casino', 'casino-p', '--json'], env);
      const r = JSON.parse(json.stdout);
      expect(r.sessions[0].actualWin).toBe(-3700);
      expect(r.croupiers.map((c: { subject: string }) => c.subject)).toEqual(['cr-anna', 'cr-bo']);
      const csv = await reportCli(['report', 'performance', '--gaming-day', DAY, '--table', 'RA-01', '--csv'], env);
      expect(csv.stdout.split('\n')[0]).toBe(
        'level,casinoId,subject,tableId,games,rounds,handle,actualWin,theoreticalWin,sd,z,p,holdPercent,theoreticalHoldPercent,unvaluedHandle,unvaluedWin,boundedRounds,cagnotte,staffRounds',
      );
      expect(csv.stdout).toContain('table,casino-p,RA-01,RA-01,american-roulette-single-zero,3,600,-3700,');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'perf-')), 'performance.pdf');
      const pdf = await reportCli(['report', 'performance', '--gaming-day', DAY, '--pdf', file], env);
      expect(pdf.code).toBe(0);
      expect(pdfTextLayer(fs.readFileSync(file))).toContain('Actual against theoretical win');
      const bad = await reportCli(['report', 'performance', '--gaming-day', '2026-13-01'], env);
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain('--gaming-day');
    }, 180_000);

    it('the API: croupiers for compliance and inspectors only, each read in the access log, 400 naming a bad parameter', async () => {
      const get = async (role: 'finance' | 'compliance' | 'inspector' | 'pit', query: string) => {
        const { headers } = await issueCredential(runtime, role);
        return fetch(`${base}/api/v1/performance?${query}`, { headers });
      };
      const finance = await get('finance', `gamingDay=${DAY}&casino=casino-p`);
      expect(finance.status).toBe(200);
      const f = (await finance.json()) as any;
      expect(f.croupiers).toEqual([]);
      expect(f.croupiersShown).toBe(false);
      expect(f.sessions[0].actualWin).toBe(-3700);
      expect(f.charts[0].points).toHaveLength(3);
      for (const role of ['compliance', 'inspector'] as const) {
        const r = (await (await get(role, `gamingDay=${DAY}&casino=casino-p`)).json()) as any;
        expect(r.croupiers.map((c: { subject: string }) => c.subject)).toEqual(['cr-anna', 'cr-bo']);
      }
      const csv = await get('pit', `gamingDay=${DAY}&table=RA-01&format=csv`);
      expect(csv.headers.get('content-type')).toContain('text/csv');
      expect(await csv.text()).toContain('table,casino-p,RA-01,RA-01');
      const pdf = await get('inspector', `gamingDay=${DAY}&format=pdf`);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      for (const [query, field] of [
        ['casino=casino-p', 'gamingDay'],
        [`gamingDay=2026-02-30`, 'gamingDay'],
        [`gamingDay=${DAY}&format=xml`, 'format'],
        [`gamingDay=${DAY}&croupier=cr-anna`, 'croupier'],
        [`gamingDay=${DAY}&table=${encodeURIComponent('a b')}`, 'table'],
      ]) {
        const res = await get('compliance', query);
        expect(res.status).toBe(400);
        expect(JSON.stringify(await res.json())).toContain(field);
      }
      const logged = (await runtime.pool.query(`SELECT count(*)::int AS n FROM ca_access_log WHERE route LIKE '%/performance'`)).rows[0].n;
      expect(logged).toBeGreaterThanOrEqual(10);
    });
  });
});
