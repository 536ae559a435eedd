/**
 * Every figure of the reconciliation, jackpot and inspector reports (and the table book's corrected
 * figures) against values worked out by hand for the day of support/report-day.ts; then the same
 * reports over HTTP (JSON, CSV, PDF, roles and casino scope) and from the built command line.
 *
 * By hand (minor units; float 150 000 = 10 × 10 000 + 100 × 500, smallest chip 500):
 *   a1 (casino-a RF-01): drop 20 000 + 15 000 = 35 000; counted 34 000 → variance −1 000; tips 1 000,
 *      counted 1 000; fills 10 000; closing 9 × 10 000 + 110 × 500 = 145 000;
 *      win = 35 000 + 145 000 + 0 − 150 000 − 10 000 = 20 000. Correction −1 000 on the 15 000 cash
 *      (drop inferred) → corrected drop 34 000, corrected win 19 000, corrected drop variance 0. The
 *      recount (+1 000 dropCounted) is approved by cnt-1, who counted: stored, flagged, not applied.
 *      Rounds: r1 consistent (straight 7 pays 35 000, red 2 000); r2 red on 9 paid 1 500 for 1 000 →
 *      PAYOUT_MISMATCH b3 1 000/1 500; r3 voided. Limits 100 → 200 (announced 3 rounds).
 *   a2 (casino-a RF-02): drop 50 000 = counted; closing = opening → win 50 000. Pool P: 100 000 seed
 *      + 500 (a1-r2) + 1 000 (a2-r1) = 101 500; royal 50 % → 50 750 down to 500 = 50 500 (51 000 left);
 *      flush 10 % of 51 000 = 5 100 → 5 000 (46 000 left); reset to 100 000.
 *   b1 (casino-b RF-10, galicia): drop 30 000 = counted; tips 2 500, counted 2 000 → −500;
 *      closing 140 000 → win 20 000; straight 2 000 above the straight maximum 1 000 → BET_ABOVE_MAXIMUM.
 *   a3 is on the next day: in no report of this day.
 */
import type { INestApplication } from '@nestjs/common';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createHttpApp } from '../apps/api/src/http-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadJackpots, loadReconciliation, loadTableBook } from '../libs/projections/src';
import { inspectorCsv, inspectorPdf, reconciliationCsv, tableBookCsv } from '../libs/reports/src';
import { issueCredential } from './support/access';
import { reportCli } from './support/report-cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { DAY, IDS, NEXT_DAY, reportDay } from './support/report-day';

const box = (recorded: number, counted: number | null, cRecorded = recorded, cCounted = counted) => ({
  recorded,
  counted,
  variance: counted === null ? null : counted - recorded,
  corrected: { recorded: cRecorded, counted: cCounted, variance: cCounted === null ? null : cCounted - cRecorded },
});
const total = (recorded: number, counted: number | null, uncounted: number, cRecorded = recorded, cCounted = counted) => ({
  recorded,
  counted,
  variance: counted === null ? null : counted - recorded,
  uncounted,
  corrected: { recorded: cRecorded, counted: cCounted, variance: cCounted === null ? null : cCounted - cRecorded, uncounted },
});

describe('reports of a hand-written day', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 7 }); // small batches: state carried across them
    for (const batch of reportDay()) {
      const r = await runtime.ingestion.ingest(batch.map((value) => ({ value })));
      expect(r.refusals).toEqual([]);
    }
    await runtime.projector.catchUp();
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('reconciles drop, tips and cagnotte per session, table, casino and day, uncorrected and corrected', async () => {
    const r = await loadReconciliation(runtime, { gamingDay: DAY });
    const by = Object.fromEntries(r.sessions.map((s) => [s.sessionId, s]));
    expect(Object.keys(by).sort()).toEqual(['a1', 'a2', 'b1']);
    expect(by.a1).toMatchObject({
      casinoId: 'casino-a',
      tableId: 'RF-01',
      status: 'closed',
      drop: box(35000, 34000, 34000, 34000),
      tips: box(1000, 1000),
      cagnotte: box(0, null),
    });
    expect(by.a1.drop.countedBy).toEqual(['cnt-1', 'cnt-2']);
    expect(by.a2).toMatchObject({ drop: box(50000, 50000), tips: box(0, null), cagnotte: box(0, null) });
    expect(by.b1).toMatchObject({ casinoId: 'casino-b', drop: box(30000, 30000), tips: box(2500, 2000), cagnotte: box(0, null) });
    expect(by.a1.corrections.map((c) => [c.eventId, c.field, c.amount, c.applied, c.selfApproved])).toEqual([
      [IDS.goodCorrection, 'drop', -1000, true, false],
      [IDS.selfApproved, 'dropCounted', 1000, false, true],
    ]);
    expect(r.tables.map((t) => [t.casinoId, t.tableId, t.sessions])).toEqual([
      ['casino-a', 'RF-01', 1],
      ['casino-a', 'RF-02', 1],
      ['casino-b', 'RF-10', 1],
    ]);
    expect(r.tables[1]).toMatchObject({ drop: total(50000, 50000, 0), tips: total(0, null, 1) });
    const [a, b] = r.casinos;
    expect(a).toMatchObject({
      casinoId: 'casino-a',
      sessions: 2,
      drop: total(85000, 84000, 0, 84000, 84000),
      tips: total(1000, 1000, 1),
      cagnotte: total(0, null, 2),
    });
    expect(b).toMatchObject({ casinoId: 'casino-b', sessions: 1, drop: total(30000, 30000, 0), tips: total(2500, 2000, 0), cagnotte: total(0, null, 1) });
    expect(r.totals).toMatchObject({
      casinoId: null,
      sessions: 3,
      drop: total(115000, 114000, 0, 114000, 114000),
      tips: total(3500, 3000, 1),
      cagnotte: total(0, null, 3),
    });
    expect(r.variances).toEqual([
      { sessionId: 'a1', casinoId: 'casino-a', tableId: 'RF-01', box: 'drop', recorded: 35000, counted: 34000, variance: -1000, correctedVariance: 0 },
      { sessionId: 'b1', casinoId: 'casino-b', tableId: 'RF-10', box: 'tips', recorded: 2500, counted: 2000, variance: -500, correctedVariance: -500 },
    ]);
    const onlyA = await loadReconciliation(runtime, { gamingDay: DAY, casinoId: 'casino-a' });
    expect(onlyA.sessions.map((s) => s.sessionId)).toEqual(['a1', 'a2']);
    expect(onlyA.totals).toMatchObject({ casinoId: 'casino-a', drop: total(85000, 84000, 0, 84000, 84000) });
    const next = await loadReconciliation(runtime, { gamingDay: NEXT_DAY });
    expect(next.sessions).toMatchObject([{ sessionId: 'a3', drop: box(7000, null), status: 'open' }]);
    expect(next.sessions).toHaveLength(1);

    const csv = reconciliationCsv(r).trim().split('\n');
    expect(csv[0]).toBe(
      'level,casinoId,tableId,sessionId,gamingDay,game,jurisdiction,status,drop.recorded,drop.counted,drop.variance,drop.corrected.recorded,drop.corrected.counted,drop.corrected.variance,tips.recorded,tips.counted,tips.variance,tips.corrected.recorded,tips.corrected.counted,tips.corrected.variance,cagnotte.recorded,cagnotte.counted,cagnotte.variance,cagnotte.corrected.recorded,cagnotte.corrected.counted,cagnotte.corrected.variance,uncounted',
    );
    expect(csv).toContain(
      'session,casino-a,RF-01,a1,2026-11-21,french-roulette,euskadi,closed,35000,34000,-1000,34000,34000,0,1000,1000,0,1000,1000,0,0,,,0,,,',
    );
    expect(csv).toContain('total,,,,2026-11-21,,,,115000,114000,-1000,114000,114000,0,3500,3000,-500,3500,3000,-500,0,,,0,,,drop:0 tips:1 cagnotte:3');
  });

  it('shows uncorrected and corrected figures side by side in the table book', async () => {
    const book = (await loadTableBook(runtime, 'a1'))!;
    expect(book).toMatchObject({ drop: 35000, win: 20000, fills: { total: 10000 }, closingFloat: { total: 145000 }, adjustments: { drop: -1000 } });
    expect(book.corrected).toEqual({
      openingFloat: 150000,
      closingFloat: 145000,
      fills: 10000,
      credits: 0,
      drop: 34000,
      tips: 1000,
      cagnotte: 0,
      commission: 0,
      jackpotContributions: 500,
      jackpotWins: 0,
      win: 19000,
    });
    expect(book.corrections).toHaveLength(2);
    const csv = tableBookCsv(book);
    expect(csv.split('\n')[0]).toBe('field,value,detail');
    expect(csv).toMatch(/^drop,35000,/m);
    expect(csv).toMatch(/^corrected\.drop,34000,/m);
    expect(csv).toMatch(/^corrected\.win,19000,/m);
    expect((await loadTableBook(runtime, 'a2'))!.corrected.win).toBe(50000);
  });

  it('follows the linked pool through both tables, two winners in one round, and the reset', async () => {
    const r = await loadJackpots(runtime);
    expect(r.pools.map((p) => p.poolId)).toEqual(['P', 'Q']);
    const [p, q] = r.pools;
    expect(p).toMatchObject({
      poolId: 'P',
      casinoId: 'casino-a',
      seed: 100000,
      contributions: 1500,
      won: 55500,
      current: 100000,
      contributionsCount: 2,
      winsCount: 2,
      tables: ['RF-01', 'RF-02'],
      sessions: ['a1', 'a2'],
    });
    expect(p.wins.map((w) => [w.roundId, w.sessionId, w.tableId, w.seat, w.hand, w.amount, w.before, w.after])).toEqual([
      ['a2-r1', 'a2', 'RF-02', '1', 'royal', 50500, 101500, 51000],
      ['a2-r1', 'a2', 'RF-02', '4', 'flush', 5000, 51000, 46000],
    ]);
    expect(p.resets).toEqual([expect.objectContaining({ amount: 100000, before: 46000, after: 100000 })]);
    expect(p.series.map((s) => [s.kind, s.value])).toEqual([
      ['configured', 100000],
      ['contribution', 100500],
      ['contribution', 101500],
      ['win', 51000],
      ['win', 46000],
      ['reset', 100000],
    ]);
    expect(q).toMatchObject({ poolId: 'Q', casinoId: 'casino-b', seed: 20000, contributions: 0, won: 0, current: 20000, wins: [], resets: [] });
    expect((await loadJackpots(runtime, { casinoId: 'casino-b' })).pools.map((x) => x.poolId)).toEqual(['Q']);
    // downsampling keeps the first, the last, every win and reset
    expect((await loadJackpots(runtime, { poolId: 'P', points: 2 })).pools[0].series.map((s) => s.kind)).toEqual(['configured', 'win', 'win', 'reset']);
    // and the round that paid both is consistent with the rules (paid in sequence on what remains)
    const v = await runtime.pool.query(`SELECT verdict, discrepancies FROM round_verdicts WHERE round_id = 'a2-r1'`);
    expect(v.rows[0]).toEqual({ verdict: 'consistent', discrepancies: [] });
  });

  it("gives the inspector's day of one casino: sessions, rounds, discrepancies with citations, figures, disputes, corrections, limits", async () => {
    const r = await loadInspectorDay(runtime, { gamingDay: DAY, casinoId: 'casino-a' });
    expect(r).toMatchObject({ casinoId: 'casino-a', gamingDay: DAY, casinos: ['casino-a'], jurisdictions: ['euskadi'], currency: 'EUR' });
    expect(r.staff).toEqual({ inspectors: ['insp-a'], croupiers: ['cr-1', 'cr-2', 'cr-3'] });
    expect(
      r.sessions.map((s) => [
        s.sessionId,
        s.tableId,
        s.game,
        s.status,
        s.rounds,
        s.roundsVoided,
        s.drop,
        s.win,
        s.tips,
        s.cagnotte,
        s.jackpotContributions,
        s.jackpotWins,
        s.discrepancies,
      ]),
    ).toEqual([
      ['a1', 'RF-01', 'french-roulette', 'closed', 3, 1, 35000, 20000, 1000, 0, 500, 0, 1],
      ['a2', 'RF-02', 'french-roulette', 'closed', 1, 0, 50000, 50000, 0, 0, 1000, 55500, 0],
    ]);
    expect(r.sessions[0]).toMatchObject({
      limits: { min: 100, max: 360000, straight: 2000 },
      limitsAtClose: { min: 200, max: 360000, straight: 2000 },
      staff: { inspector: 'insp-a', croupiers: ['cr-1', 'cr-2'] },
    });
    expect(r.sessions[0].openedAt).toMatch(/^2026-11-21T/);
    expect(r.sessions[0].closedAt).toMatch(/^2026-11-21T/);
    expect(r.rounds).toEqual({ played: 4, voided: 1, judged: 4, consistent: 2, withDiscrepancies: 1, incomplete: 0 });
    expect(r.discrepanciesByCode).toEqual([{ code: 'PAYOUT_MISMATCH', count: 1, roundIds: ['a1-r2'] }]);
    expect(r.discrepancies).toEqual([
      expect.objectContaining({
        roundId: 'a1-r2',
        sessionId: 'a1',
        tableId: 'RF-01',
        code: 'PAYOUT_MISMATCH',
        betId: 'b3',
        expected: 1000,
        recorded: 1500,
        rule: expect.stringMatching(/^french-roulette\//),
        citation: expect.stringMatching(/^euskadi L\d+/),
      }),
    ]);
    expect(r.totals).toEqual({
      drop: 85000,
      win: 70000,
      cagnotte: 0,
      tips: 1000,
      commission: 0,
      jackpotContributions: 1500,
      jackpotWins: 55500,
      openSessions: 0,
    });
    expect(r.correctedTotals).toEqual({ drop: 84000, win: 69000, cagnotte: 0, tips: 1000, commission: 0, jackpotContributions: 1500, jackpotWins: 55500 });
    expect(r.counts.drop).toEqual(total(85000, 84000, 0, 84000, 84000));
    expect(r.jackpots.contributions).toBe(1500);
    expect(r.jackpots.won).toBe(55500);
    expect(r.jackpots.wins.map((w) => [w.poolId, w.roundId, w.seat, w.amount, w.before, w.after])).toEqual([
      ['P', 'a2-r1', '1', 50500, 101500, 51000],
      ['P', 'a2-r1', '4', 5000, 51000, 46000],
    ]);
    expect(r.disputes).toEqual([
      expect.objectContaining({
        roundId: 'a1-r2',
        tableId: 'RF-01',
        raisedBy: 'player seat 3',
        status: 'resolved',
        resolution: expect.objectContaining({ resolvedBy: 'insp-a', adjustment: -500 }),
      }),
    ]);
    expect(r.corrections.map((c) => [c.tableId, c.correctedType, c.field, c.amount, c.applied, c.selfApproved, c.approvedBy])).toEqual([
      ['RF-01', 'CashExchanged', 'drop', -1000, true, false, ['fin-1', 'fin-2']],
      ['RF-01', 'DropBoxCounted', 'dropCounted', 1000, false, true, ['cnt-1', 'fin-1']],
    ]);
    expect(r.limitChanges).toEqual([
      expect.objectContaining({
        sessionId: 'a1',
        tableId: 'RF-01',
        from: { min: 100, max: 360000, straight: 2000 },
        to: { min: 200, max: 360000, straight: 2000 },
        announcedRounds: 3,
      }),
    ]);
    expect(r.voidedRounds).toEqual([expect.objectContaining({ roundId: 'a1-r3', reason: 'the ball left the wheel', decidedBy: 'insp-a' })]);
    expect(r.suspensions).toEqual([]);

    const all = await loadInspectorDay(runtime, { gamingDay: DAY });
    expect(all.casinos).toEqual(['casino-a', 'casino-b']);
    expect(all.jurisdictions).toEqual(['euskadi', 'galicia']);
    expect(all.rounds).toEqual({ played: 5, voided: 1, judged: 5, consistent: 2, withDiscrepancies: 2, incomplete: 0 });
    expect(all.discrepanciesByCode).toEqual([
      { code: 'BET_ABOVE_MAXIMUM', count: 1, roundIds: ['b1-r1'] },
      { code: 'PAYOUT_MISMATCH', count: 1, roundIds: ['a1-r2'] },
    ]);
    expect(all.discrepancies.find((d) => d.code === 'BET_ABOVE_MAXIMUM')).toMatchObject({ betId: 'd2', expected: 1000, recorded: 2000 });
    expect(all.totals).toMatchObject({ drop: 115000, win: 90000, tips: 3500 });
    expect(all.suspensions.map((s) => [s.tableId, s.kind, s.reason])).toEqual([
      ['RF-10', 'suspended', 'no players'],
      ['RF-10', 'resumed', null],
    ]);

    const csv = inspectorCsv(r);
    expect(csv).toMatch(/^total,casino-a,,,,drop,85000,corrected 84000$/m);
    expect(csv).toMatch(/^discrepancies,casino-a,,,a1-r2,PAYOUT_MISMATCH,1,$/m);
    expect(csv).toMatch(/^correction,,RF-01,a1,,dropCounted,1000,.*not applied/m);
    const pdf = await inspectorPdf(r, { generatedAt: '2026-11-22T08:00:00Z' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('judges each round as replay does', async () => {
    const { replayRound } = await import('../libs/replay/src');
    const rows = (await runtime.pool.query('SELECT round_id, verdict, discrepancies FROM round_verdicts ORDER BY round_id')).rows;
    expect(rows.map((r) => r.round_id)).toEqual(['a1-r1', 'a1-r2', 'a1-r3', 'a2-r1', 'b1-r1']);
    for (const row of rows) {
      const replay = await replayRound(runtime.store, row.round_id);
      expect({ round: row.round_id, verdict: row.verdict, discrepancies: row.discrepancies }).toEqual({
        round: row.round_id,
        verdict: replay.verdict,
        discrepancies: JSON.parse(JSON.stringify(replay.discrepancies)),
      });
    }
  });

  describe('over HTTP', () => {
    let app: INestApplication;
    let base: string;
    const get = (p: string, headers: Record<string, string>) => fetch(`${base}${p}`, { headers });

    beforeAll(async () => {
      app = await createHttpApp(runtime);
      await app.listen(0, '127.0.0.1');
      base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    });
    afterAll(async () => {
      await app.close();
    });

    it('serves the three reports as JSON, CSV and PDF to readers, narrowed to a scoped casino', async () => {
      const admin = (await issueCredential(runtime, 'admin')).headers;
      const recon = await get(`/api/v1/reconciliation?gamingDay=${DAY}`, admin);
      expect(recon.status).toBe(200);
      expect(await recon.json()).toEqual(JSON.parse(JSON.stringify(await loadReconciliation(runtime, { gamingDay: DAY }))));
      const csv = await get(`/api/v1/reconciliation?gamingDay=${DAY}&casino=casino-b&format=csv`, admin);
      expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
      expect(await csv.text()).toMatch(/^session,casino-b,RF-10,b1,/m);
      const jackpots: any = await (await get('/api/v1/jackpots', admin)).json();
      expect(jackpots.pools.map((p: any) => [p.poolId, p.current])).toEqual([
        ['P', 100000],
        ['Q', 20000],
      ]);
      const inspector = await get(`/api/v1/reports/inspector?gamingDay=${DAY}&casino=casino-a`, admin);
      expect(((await inspector.json()) as any).totals).toMatchObject({ drop: 85000, win: 70000 });
      const pdf = await get(`/api/v1/reports/inspector?gamingDay=${DAY}&casino=casino-a&format=pdf`, admin);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toMatch(/application\/pdf/);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await get(`/api/v1/reconciliation`, admin)).status).toBe(400);
      expect((await get(`/api/v1/reports/inspector?gamingDay=${DAY}&format=xml`, admin)).status).toBe(400);

      const inspectorB = (await issueCredential(runtime, 'inspector', { casinoId: 'casino-b' })).headers;
      const scoped: any = await (await get(`/api/v1/reconciliation?gamingDay=${DAY}`, inspectorB)).json();
      expect(scoped.sessions.map((s: any) => s.sessionId)).toEqual(['b1']);
      expect(((await (await get('/api/v1/jackpots', inspectorB)).json()) as any).pools.map((p: any) => p.poolId)).toEqual(['Q']);
      expect((await get(`/api/v1/reports/inspector?gamingDay=${DAY}&casino=casino-a`, inspectorB)).status).toBe(403);
      const terminal = (await issueCredential(runtime, 'terminal')).headers;
      expect((await get(`/api/v1/reconciliation?gamingDay=${DAY}`, terminal)).status).toBe(403);
      expect((await get(`/api/v1/reconciliation?gamingDay=${DAY}`, {})).status).toBe(401);
    });

    it('records count-room results for finance and admin only', async () => {
      const finance = (await issueCredential(runtime, 'finance')).headers;
      const inspector = (await issueCredential(runtime, 'inspector')).headers;
      const body = JSON.stringify({ cagnotte: 0, countedBy: ['cnt-1', 'cnt-2'] });
      const refused = await fetch(`${base}/api/v1/sessions/a2/counts`, { method: 'POST', headers: { ...inspector, 'content-type': 'application/json' }, body });
      expect(refused.status).toBe(403);
      const res = await fetch(`${base}/api/v1/sessions/a2/counts`, { method: 'POST', headers: { ...finance, 'content-type': 'application/json' }, body });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({ appended: 1 });
      const unknown = await fetch(`${base}/api/v1/sessions/nobody/counts`, {
        method: 'POST',
        headers: { ...finance, 'content-type': 'application/json' },
        body,
      });
      expect(unknown.status).toBe(422);
      await runtime.projector.catchUp();
      const r = await loadReconciliation(runtime, { gamingDay: DAY, casinoId: 'casino-a' });
      expect(r.sessions.find((s) => s.sessionId === 'a2')!.cagnotte).toMatchObject(box(0, 0));
    });
  });

  it('answers the same from the built command line, and writes PDFs', async () => {
    const env = { DATABASE_URL: db.url };
    const recon = await reportCli(['report', 'reconciliation', '--gaming-day', DAY, '--json'], env);
    expect(recon.code).toBe(0);
    expect(JSON.parse(recon.stdout)).toEqual(JSON.parse(JSON.stringify(await loadReconciliation(runtime, { gamingDay: DAY }))));
    const csv = await reportCli(['report', 'reconciliation', '--gaming-day', DAY, '--casino', 'casino-b', '--csv'], env);
    expect(csv.stdout).toMatch(/^total,casino-b,,,2026-11-21,,,,30000,30000,0,/m);
    const text = await reportCli(['report', 'reconciliation', '--gaming-day', DAY], env);
    expect(text.stdout).toMatch(/2 variance\(s\)/);
    const jackpots = await reportCli(['report', 'jackpots', '--json'], env);
    expect(JSON.parse(jackpots.stdout).pools[0]).toMatchObject({ poolId: 'P', won: 55500, current: 100000 });
    const inspector = await reportCli(['report', 'inspector', '--gaming-day', DAY, '--casino', 'casino-a', '--json'], env);
    expect(JSON.parse(inspector.stdout)).toMatchObject({
      totals: { drop: 85000, win: 70000 },
      discrepanciesByCode: [{ code: 'PAYOUT_MISMATCH', roundIds: ['a1-r2'] }],
    });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-pdf-'));
    const file = path.join(dir, 'inspector.pdf');
    const pdf = await reportCli(['report', 'inspector', '--gaming-day', DAY, '--casino', 'casino-a', '--pdf', file], env);
    expect(pdf.code).toBe(0);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const bookPdf = path.join(dir, 'book.pdf');
    expect((await reportCli(['report', 'table-book', '--session', 'a1', '--pdf', bookPdf], env)).code).toBe(0);
    expect(fs.readFileSync(bookPdf).subarray(0, 5).toString()).toBe('%PDF-');
    const book = await reportCli(['report', 'table-book', '--session', 'a1', '--json'], env);
    expect(JSON.parse(book.stdout).corrected).toMatchObject({ drop: 34000, win: 19000 });
    const count = await reportCli(['count', '--session', 'b1', '--cagnotte', '0', '--counted-by', 'cnt-7,cnt-8'], env);
    expect(count.stdout).toMatch(/appended 1/);
    const bad = await reportCli(['count', '--session', 'nobody', '--drop', '100', '--counted-by', 'x'], env);
    expect(bad.code).toBe(1);
    if (process.env.KEEP_REPORT_PDF) execFileSync('cp', [file, bookPdf, process.env.KEEP_REPORT_PDF]);
  });
});
