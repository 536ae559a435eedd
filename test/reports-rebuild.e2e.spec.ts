/**
 * The report read models under `projections rebuild` (the built CLI, as a user runs it):
 * - killed (SIGKILL) in the middle of a rebuild, nothing served changes: the same tables (same oids),
 *   the same rows, the same reports;
 * - reports stay readable, and unchanged, while a rebuild runs and swaps;
 * - a rebuild from the first event equals the live projection, table by table (checksums), although
 *   the live one was fed in small batches and the rebuild in large ones.
 */
import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadJackpots, loadReconciliation } from '../libs/projections/src';
import { reportCli } from './support/report-cli';
import { BIN, ROOT } from './support/cli';
import { recordSimulatedDay } from './support/simulated-day';
import { createTestDatabase, TestDatabase } from './support/database';
import { DAY, reportDay } from './support/report-day';
import { contentOf, readModelChecksums } from './support/report-tables';

const SIM_DAY = '2026-11-23';

describe('report read models under rebuild', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  const reports = async () => ({
    recon: await loadReconciliation(runtime, { gamingDay: DAY }),
    simRecon: await loadReconciliation(runtime, { gamingDay: SIM_DAY }),
    inspector: await loadInspectorDay(runtime, { gamingDay: DAY }),
    simInspector: await loadInspectorDay(runtime, { gamingDay: SIM_DAY }),
    jackpots: await loadJackpots(runtime),
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 97 });
    for (const batch of reportDay()) expect((await runtime.ingestion.ingest(batch.map((value) => ({ value })))).refusals).toEqual([]);
    await recordSimulatedDay(runtime.ingestion, { tables: 8, rounds: 120, seed: 11, errorRate: 0.05, gamingDay: SIM_DAY, casinoId: 'casino-sim' });
    await runtime.projector.catchUp();
  }, 300_000);
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('a rebuild killed mid-way changes nothing that is served', async () => {
    const before = await readModelChecksums(db.url);
    const served = await reports();
    const total = Number((await runtime.pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    expect(total).toBeGreaterThan(6000); // more than two rebuild batches: there is a middle to die in
    const child = spawn(process.execPath, [BIN, 'projections', 'rebuild', 'round-verdicts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url },
      stdio: 'ignore',
    });
    const exited = new Promise((r) => child.once('exit', r));
    const probe = new Client({ connectionString: db.url });
    await probe.connect();
    let done = 0;
    for (let i = 0; i < 1200 && done === 0; i++) {
      await new Promise((r) => setTimeout(r, 25));
      const r = await probe.query(`SELECT events FROM ca_projection_checkpoints WHERE name = 'round-verdicts__rebuild'`);
      done = Number(r.rows[0]?.events ?? 0);
    }
    child.kill('SIGKILL');
    await exited;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total); // died in the middle: some batches committed to the fresh table, no swap
    const leftover = await probe.query(`SELECT to_regclass('round_verdicts__rebuild') IS NOT NULL AS there`);
    expect(leftover.rows[0].there).toBe(true);
    await probe.end();
    expect(await readModelChecksums(db.url)).toEqual(before); // same tables (oids) and rows
    expect(await reports()).toEqual(served);
  }, 120_000);

  it('reports stay readable and unchanged during a rebuild, which then equals the live projection', async () => {
    const live = await readModelChecksums(db.url);
    const served = JSON.stringify(await reports());
    let reading = true;
    let reads = 0;
    const failures: string[] = [];
    const reader = (async () => {
      while (reading) {
        try {
          if (JSON.stringify(await reports()) !== served) failures.push('a report changed during the rebuild');
          reads++;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
    })();
    const rebuild = await reportCli(['projections', 'rebuild'], { DATABASE_URL: db.url }, 300_000);
    reading = false;
    await reader;
    expect(rebuild.stderr).not.toMatch(/Error/);
    expect(rebuild.code).toBe(0);
    for (const name of ['table-book', 'reconciliation', 'jackpots', 'round-verdicts', 'inspector-log'])
      expect(rebuild.stdout).toMatch(new RegExp(`${name}: rebuilt from \\d+ events`));
    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(0);
    const rebuilt = await readModelChecksums(db.url);
    expect(contentOf(rebuilt)).toEqual(contentOf(live));
    for (const t of Object.keys(live)) expect(rebuilt[t].oid).not.toBe(live[t].oid); // new tables, swapped in
    expect(JSON.stringify(await reports())).toBe(served);
    // the leftover of the killed rebuild is gone, and the live projector carries on from the swapped checkpoint
    const c = await runtime.pool.query(`SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE '%\\_\\_rebuild'`);
    expect(c.rows[0].n).toBe(0);
    expect(await runtime.projector.catchUp()).toBe(0);
  }, 300_000);
});
