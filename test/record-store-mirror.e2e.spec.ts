/**
 * A store of record other than this database's log (EventStoreDB in production, `EVENT_STORE=eventstoredb`):
 * ingestion appends to the record, the mirror copies it into PostgreSQL's `ca_events` with the same
 * chain, and the read models, replay and reports read the copy. Both sides are real PostgreSQL
 * databases here (the record is a second database's store, through the same port EventStoreDB
 * implements); the mirrored set-up must give exactly what the record's own database gives, and refuse
 * to copy a record whose chain does not hold.
 */
import type { Pool } from 'pg';
import { PostgresEventStore, SEAL_STREAM, verifyCopy } from '../libs/event-store/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadReconciliation, MirrorChainError, Projector } from '../libs/projections/src';
import { replayRound } from '../libs/replay/src';
import { SimulationManifest, simulateDay } from '../libs/simulator/src';
import { recordSimulatedDay } from './support/simulated-day';
import { createTestDatabase, migratedStore, TestDatabase } from './support/database';

const DAY = '2026-11-26';

describe('a store of record mirrored into PostgreSQL', () => {
  let recordDb: TestDatabase;
  let copyDb: TestDatabase;
  let record: { pool: Pool; store: PostgresEventStore };
  let mirrored: Runtime;
  let direct: Runtime;
  const manifest: { value?: SimulationManifest } = {};

  beforeAll(async () => {
    recordDb = await createTestDatabase('ca_record');
    copyDb = await createTestDatabase('ca_copy');
    record = await migratedStore(recordDb.url);
    mirrored = await startRuntime({ databaseUrl: copyDb.url, recordStore: record.store, projectorBatchSize: 300 });
    await recordSimulatedDay(mirrored.ingestion, { tables: 8, rounds: 15, seed: 88, errorRate: 0.3, gamingDay: DAY, casinoId: 'casino-mirror' }, manifest);
  }, 300_000);
  afterAll(async () => {
    await mirrored?.close();
    await direct?.close();
    await record?.pool.end();
    await recordDb?.drop();
    await copyDb?.drop();
  });

  it('appends to the record only; the copy follows at the next catch-up, link for link', async () => {
    const count = async (pool: Pool) => Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    const recorded = await count(record.pool);
    const seals = Number((await record.pool.query('SELECT count(*) AS n FROM ca_events WHERE stream_id = $1', [SEAL_STREAM])).rows[0].n);
    expect(seals).toBe(1); // the day was sealed in the record when its last session closed
    expect(recorded).toBe(manifest.value!.events + seals);
    expect(await count(mirrored.pool)).toBe(0);
    await mirrored.projector.catchUp();
    expect(await count(mirrored.pool)).toBe(recorded);
    const check = await verifyCopy(record.store, mirrored.store);
    expect(check).toMatchObject({ ok: true, events: recorded, breaks: [], extraInTarget: 0 });
    // the same chain hashes on both sides, not just the same contents
    const hashes = async (pool: Pool) => (await pool.query('SELECT stream_id, stream_version, hash FROM ca_events ORDER BY stream_id, stream_version')).rows;
    expect(await hashes(mirrored.pool)).toEqual(await hashes(record.pool));
  }, 120_000);

  it("gives the reports and replays the record's own database gives", async () => {
    direct = await startRuntime({ databaseUrl: recordDb.url, projectorBatchSize: 300 });
    await direct.projector.catchUp();
    const books = async (rt: Runtime) =>
      (
        await rt.pool.query(
          `SELECT session_id, table_id, opening_float, closing_float, fills, credits, "drop", tips, cagnotte, commission, rounds, status FROM table_books ORDER BY session_id`,
        )
      ).rows;
    expect(await books(mirrored)).toEqual(await books(direct));
    const verdicts = async (rt: Runtime) => (await rt.pool.query('SELECT round_id, verdict, discrepancies, notes FROM round_verdicts ORDER BY round_id')).rows;
    const v = await verdicts(mirrored);
    expect(v).toHaveLength(manifest.value!.rounds);
    expect(v).toEqual(await verdicts(direct));
    expect(v.filter((r) => r.verdict === 'discrepancies').length).toBeGreaterThan(0);
    const strip = (x: object) => JSON.parse(JSON.stringify(x, (k, val) => (k === 'start' ? undefined : val)));
    expect(strip(await loadReconciliation(mirrored, { gamingDay: DAY }))).toEqual(strip(await loadReconciliation(direct, { gamingDay: DAY })));
    const day = await loadInspectorDay(mirrored, { gamingDay: DAY });
    expect(day.rounds.played).toBe(manifest.value!.rounds);
    for (const { round_id } of v.slice(0, 40)) {
      expect(strip(await replayRound(mirrored.store, round_id))).toEqual(strip(await replayRound(direct.store, round_id)));
    }
  }, 180_000);

  it('refuses to copy a record whose chain does not hold, naming the event, and copies nothing of it', async () => {
    // another table's day begins in the record, and one of its events is edited there before the copy saw it
    const late: { value?: SimulationManifest } = {};
    const [first] = [...simulateDay({ tables: 1, rounds: 2, seed: 5, gamingDay: '2026-11-27', casinoId: 'casino-late' }, late)];
    const r = await mirrored.ingestion.ingest(first.map((value) => ({ value })));
    expect(r.refusals).toEqual([]);
    const stream = `session-${late.value!.sessions[0].sessionId}`;
    const c = await record.pool.connect();
    try {
      await c.query('ALTER TABLE ca_event_rows DISABLE TRIGGER USER');
      await c.query(`UPDATE ca_events SET data = jsonb_set(data::jsonb, '{tableId}', '"edited"') WHERE stream_id = $1 AND stream_version = 1`, [stream]);
      await c.query('ALTER TABLE ca_event_rows ENABLE TRIGGER USER');
    } finally {
      c.release();
    }
    const error = await mirrored.projector.catchUp().then(
      () => null,
      (e) => e,
    );
    expect(error).toBeInstanceOf(MirrorChainError);
    expect(error.message).toContain(`${stream} version 1`);
    expect(error.message).toContain('content does not match');
    expect(Number((await mirrored.pool.query('SELECT count(*) AS n FROM ca_events WHERE stream_id = $1', [stream])).rows[0].n)).toBe(0);
  });

  it('keeps following when the record is out of reach for a while, and catches up when it is back', async () => {
    const flakyDb = await createTestDatabase('ca_copy2');
    let failures = 3;
    // the real record store, with its feed failing three times (a cluster electing a leader, a network cut)
    const flaky = new Proxy(record.store, {
      get(target, prop, receiver) {
        if (prop === 'readFeed')
          return (...args: Parameters<PostgresEventStore['readFeed']>) =>
            failures-- > 0 ? Promise.reject(new Error('14 UNAVAILABLE: no connection')) : target.readFeed(...args);
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const errors: string[] = [];
    const rt = await startRuntime({ databaseUrl: flakyDb.url, recordStore: flaky, log: (line) => errors.push(line) });
    const projector = new Projector(rt.pool, rt.store, rt.projections, {
      upstream: rt.mirror,
      leadership: true,
      leadershipRetryMs: 100,
      onUpstreamError: (e) => errors.push(e.message),
    });
    try {
      // it follows through the three failures, copies the whole day, then meets the event edited in the record above
      let timer: NodeJS.Timeout | undefined;
      const stopped = await Promise.race([
        projector.follow().then(
          () => null,
          (e) => e,
        ),
        new Promise((r) => (timer = setTimeout(() => r('timeout'), 30_000))),
      ]);
      clearTimeout(timer);
      expect(stopped).toBeInstanceOf(MirrorChainError);
      expect(errors.filter((e) => e.includes('UNAVAILABLE'))).toHaveLength(3);
      const copied = Number((await rt.pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
      // everything the record holds before the edited event, in feed order
      const before = Number(
        (
          await record.pool
            .query(`SELECT count(*) AS n FROM ca_events a, (SELECT transaction_id, global_position FROM ca_events WHERE stream_id LIKE 'session-casino-late-%' AND stream_version = 1) t
                                   WHERE (a.transaction_id, a.global_position) < (t.transaction_id, t.global_position)`)
        ).rows[0].n,
      );
      expect(before).toBeGreaterThan(manifest.value!.events);
      expect(copied).toBe(before);
      expect(Number((await rt.pool.query(`SELECT events FROM ca_projection_checkpoints WHERE name = 'table-book'`)).rows[0].events)).toBeGreaterThanOrEqual(
        copied,
      );
    } finally {
      projector.stop();
      await rt.close();
      await flakyDb.drop();
    }
  }, 60_000);
});
