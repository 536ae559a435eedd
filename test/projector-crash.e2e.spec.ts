import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { Runtime, startRuntime } from '../libs/platform/src';
import { BIN, cli, ROOT } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { asInputs, envelope, opened } from './support/sample';

const SESSIONS = 30;
const CASH_PER_SESSION = 40;

const checksum = async (url: string) => {
  const c = new Client({ connectionString: url });
  await c.connect();
  const r = await c.query(`SELECT count(*)::int AS n, md5(string_agg(row_to_json(t)::text, ',' ORDER BY session_id)) AS sum FROM table_books t`);
  await c.end();
  return r.rows[0] as { n: number; sum: string };
};

describe('exactly-once projection across a real crash', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    for (let s = 0; s < SESSIONS; s++) {
      const sessionId = `crash-${s}`;
      const events = [opened(sessionId)];
      for (let i = 0; i < CASH_PER_SESSION; i++) events.push(envelope('CashExchanged', { sessionId, amount: 100 * (i + 1) + s }));
      events.push(envelope('ChipsFilled', { sessionId, slipId: `F-${s}`, chips: { '500': 10 } }));
      events.push(envelope('TableSessionClosed', { sessionId, closingFloat: { '10000': 10, '500': 90 } }));
      // many small requests, so the feed interleaves sessions
      for (let i = 0; i < events.length; i += 7) expect((await runtime.ingestion.ingest(asInputs(events.slice(i, i + 7)))).ok).toBe(true);
    }
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('kills the projector mid-batch; after a restart the table books equal a rebuild from zero', async () => {
    const total = SESSIONS * (CASH_PER_SESSION + 3);
    const child = spawn(process.execPath, [BIN, 'projections', 'run'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url, CA_PROJECTOR_BATCH_SIZE: '100', CA_TEST_PAUSE_IN_BATCH_MS: '300' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // wait until two batches are committed and the third is open, then kill -9 inside it
    const probe = new Client({ connectionString: db.url });
    await probe.connect();
    probe.on('error', () => undefined);
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += d));
    let committed = 0;
    // a loaded 2-core machine may take a while to start the projector: wait up to 90 s
    for (let i = 0; i < 1800 && committed < 200 && child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const r = await probe.query(`SELECT events FROM ca_projection_checkpoints WHERE name = 'table-book'`).catch(() => ({ rows: [] as any[] }));
      committed = Number(r.rows[0]?.events ?? 0);
    }
    if (committed < 200) {
      child.kill('SIGKILL');
      await probe.end();
      throw new Error(`the projector did not commit two batches (exit ${child.exitCode}): ${stderr.slice(0, 500)}`);
    }
    await new Promise((r) => setTimeout(r, 120));
    const inBatch = await probe.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction'`);
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(inBatch.rows[0].n).toBeGreaterThanOrEqual(1); // it died holding an open batch
    const afterKill = Number((await probe.query(`SELECT events FROM ca_projection_checkpoints WHERE name = 'table-book'`)).rows[0].events);
    expect(afterKill % 100).toBe(0);
    expect(afterKill).toBeLessThan(total);
    await probe.end();

    const restart = await cli(['projections', 'run', '--once'], { DATABASE_URL: db.url, CA_PROJECTOR_BATCH_SIZE: '100' });
    expect(restart.code).toBe(0);
    const live = await checksum(db.url);
    expect(live.n).toBe(SESSIONS);

    const rebuild = await cli(['projections', 'rebuild', 'table-book'], { DATABASE_URL: db.url });
    expect(rebuild.code).toBe(0);
    const rebuilt = await checksum(db.url);
    expect(rebuilt).toEqual(live);

    // and the figures are the facts' own: drop = Σ cash changed, per session
    const c = new Client({ connectionString: db.url });
    await c.connect();
    const mismatches = await c.query(`
      SELECT b.session_id FROM table_books b
      JOIN (SELECT data->>'sessionId' AS session_id, sum((data->>'amount')::bigint) AS drop
            FROM ca_events WHERE event_type = 'CashExchanged' GROUP BY 1) e USING (session_id)
      WHERE b."drop" <> e.drop`);
    await c.end();
    expect(mismatches.rows).toEqual([]);
  }, 240_000);
});
