/**
 * Store migration 13 and the month's turn on the partitioned store (issue 23 §4, docs/scaling.md §2), on real
 * PostgreSQL: a store written and sealed under migration 12 becomes partitioned without a copy (its rows are the
 * first partition), and readers, `verify` with the old receipt, the writer role's appends and the position sequence
 * go on; a store turned before the migration keeps its open month in that first partition; each turn attaches the
 * next month's partition; after a turn the closed month still answers for its event ids (a re-send is a duplicate,
 * other content under its id a conflict) and for its streams' versions (a writer whose head is older than the
 * closed month's last event is refused, not given a second copy of a version); a backup of a turned store restores
 * into an empty database with its months' partitions.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { firstPositionOfMonth } from '../libs/event-store/src/archive';
import { EventIdConflictError, WrongExpectedVersionError } from '../libs/event-store/src/errors';
import { applySqlMigrations } from '../libs/event-store/src/postgres/migrate';
import { partitionOf, turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { PostgresEventStore } from '../libs/event-store/src/postgres/postgres-event-store';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import { EVENT_STORE_MIGRATIONS } from '../libs/event-store/src/postgres/schema';
import type { NewEvent } from '../libs/event-store/src/port';
import { createSeal } from '../libs/event-store/src/seal';
import { cli } from './support/cli';
import { opened } from './support/sample';
import { migrationSpecDatabases } from './support/store-migration';

jest.setTimeout(120_000);

const UP_TO_12 = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 12);
const DECEMBER = firstPositionOfMonth('2026-12');
const JANUARY = firstPositionOfMonth('2027-01');
const FEBRUARY = firstPositionOfMonth('2027-02');
const { fresh, freshAt, poolOn } = migrationSpecDatabases('ca_partitions');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-partitions-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const event = (streamId: string, i: number, extra: Record<string, unknown> = {}): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  // a session's opening as a terminal sends it, then facts of a type no read model folds (the store takes any)
  type: i === 1 ? 'TableSessionOpened' : 'TerminalNoteRecorded',
  data: i === 1 ? opened(streamId, { casinoId: 'C1', tableId: streamId, gamingDay: '2026-11-30' }).data : { sessionId: streamId, note: i, ...extra },
  metadata: { recordedBy: `terminal:${streamId}` },
  occurredAt: '2026-11-30T20:00:00.000Z',
});

/** The partitions of the rows and their ranges, by name. */
const partitions = async (pool: Pool) =>
  (
    await pool.query(
      `SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS range FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        WHERE i.inhparent = 'ca_event_rows'::regclass ORDER BY c.relname`,
    )
  ).rows as { name: string; range: string }[];

/** Everything a reader sees of the events: the feed, each with its position, stream, version, id and link. */
const whatReadersSee = async (store: PostgresEventStore) =>
  (await store.readFeed({ transactionId: 0n, globalPosition: 0n }, 1000)).events.map((e) => [
    e.globalPosition.toString(),
    e.streamId,
    e.streamVersion,
    e.eventId,
    e.hash,
  ]);

const count = async (pool: Pool) => Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);

describe('store migration 13: the rows partitioned by position', () => {
  it('a store written and sealed under 12: its rows become the first partition without a copy; readers, verify with the old receipt, the writer role and the positions go on', async () => {
    const { db, pool, role } = await freshAt(UP_TO_12);
    const store = new PostgresEventStore(pool);
    for (const s of ['t-1', 't-2', 't-3']) await store.append([1, 2, 3].map((i) => event(s, i)));
    const { receipt } = await createSeal(pool, { gamingDay: '2026-11-30' });
    const before = await whatReadersSee(store);
    const file = (await pool.query(`SELECT relfilenode FROM pg_class WHERE relname = 'ca_event_rows'`)).rows[0].relfilenode;
    const last = BigInt(before[before.length - 1][0] as string);

    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - UP_TO_12.length);
    expect((await pool.query(`SELECT relkind FROM pg_class WHERE relname = 'ca_event_rows'`)).rows[0].relkind).toBe('p');
    expect(await partitions(pool)).toEqual([{ name: 'ca_event_rows_history', range: "FOR VALUES FROM (MINVALUE) TO ('100000000000')" }]);
    // the same table, renamed and attached: not a row copied
    expect((await pool.query(`SELECT relfilenode FROM pg_class WHERE relname = 'ca_event_rows_history'`)).rows[0].relfilenode).toBe(file);

    const after = new PostgresEventStore(poolOn(db.url));
    expect(await whatReadersSee(after)).toEqual(before);
    expect(await whatReadersSee(store)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 10, seals: { receipt: { ok: true } } });

    // the positions go on from the last one given; the writer role appends through ca_append and writes nothing else
    const [next] = await after.append([event('t-4', 1)]);
    expect(next.globalPosition).toBe(last + 1n);
    const writer = await pool.connect();
    try {
      await writer.query(`SET ROLE ${role}`);
      const [appended] = await new PostgresEventStore(pool).appendWith(writer, [event('t-4', 2)]);
      expect(appended).toMatchObject({ status: 'appended', streamVersion: 2, globalPosition: last + 2n });
      await expect(writer.query(`DELETE FROM ca_event_rows`)).rejects.toMatchObject({ code: '42501' });
      await expect(writer.query(`SELECT count(*) FROM ca_event_rows_history`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await writer.query('RESET ROLE');
      writer.release();
    }
    // nothing edits an event, through the parent or the partition named
    for (const sql of [
      'UPDATE ca_event_rows SET stream_version = stream_version',
      'DELETE FROM ca_event_rows',
      'TRUNCATE ca_event_rows',
      'UPDATE ca_event_rows_history SET stream_version = stream_version',
      'TRUNCATE ca_event_rows_history',
    ]) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });

  it('a store turned before 13: its first partition ends with its open month, and the next turn attaches the month after', async () => {
    const { pool } = await fresh();
    await applySqlMigrations(pool, UP_TO_12);
    const store = new PostgresEventStore(pool);
    await store.append([event('t-1', 1), event('t-1', 2)]);
    await turnMonth(pool, '2026-11');
    await store.append([event('t-1', 3)]);
    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - UP_TO_12.length);
    expect(await partitions(pool)).toEqual([{ name: 'ca_event_rows_history', range: `FOR VALUES FROM (MINVALUE) TO ('${JANUARY}')` }]);

    const turn = await turnMonth(pool, '2026-12');
    expect(BigInt(turn.closingSeal.seal.globalPosition)).toBe(JANUARY);
    expect(await partitions(pool)).toEqual([
      { name: 'ca_event_rows_2027_01', range: `FOR VALUES FROM ('${JANUARY}') TO ('${FEBRUARY}')` },
      { name: 'ca_event_rows_history', range: `FOR VALUES FROM (MINVALUE) TO ('${JANUARY}')` },
    ]);
    const [appended] = await new PostgresEventStore(pool).append([event('t-1', 4)]);
    expect(appended.globalPosition).toBe(JANUARY + 1n);
    expect((await pool.query(`SELECT count(*)::int AS n FROM ca_event_rows_2027_01`)).rows[0].n).toBe(2); // the closing seal and it
    expect(await verifyStore(pool, { receipt: turn.closingSeal.receipt })).toMatchObject({ ok: true, events: 6 });
  });
});

describe('the month turned: the closed month still answers for its ids and versions', () => {
  let pool: Pool;
  let url: string;
  let store: PostgresEventStore;
  let stale: PostgresEventStore;
  const november: NewEvent[] = [1, 2, 3].map((i) => event('t-1', i));

  beforeAll(async () => {
    const made = await fresh();
    ({ pool } = made);
    url = made.db.url;
    await applySqlMigrations(pool);
    store = new PostgresEventStore(pool);
    // another process that wrote t-1's first two events and still holds that head
    stale = new PostgresEventStore(poolOn(url));
    await stale.append(november.slice(0, 2));
    await store.append(november.slice(2), { expectedVersions: { 't-1': 2 } });
    // a month of some size: a check that read the closed month rather than probe it would show
    for (let b = 0; b < 40; b++) await store.append(Array.from({ length: 50 }, (_, k) => event(`busy-${k % 5}`, 2 + b * 10 + Math.floor(k / 5))));
    await turnMonth(pool, '2026-11');
  });

  it('the turn attached December with its own keys and TRUNCATE trigger', async () => {
    expect((await partitions(pool)).map((p) => p.name)).toEqual([partitionOf('2026-12'), 'ca_event_rows_history']);
    const keys = (await pool.query(`SELECT conname FROM pg_constraint WHERE conrelid = 'ca_event_rows_2026_12'::regclass AND contype = 'u' ORDER BY 1`)).rows;
    expect(keys.map((k) => k.conname)).toEqual(['ca_event_rows_2026_12_event_id', 'ca_event_rows_2026_12_stream_version']);
    for (const sql of ['TRUNCATE ca_event_rows_2026_12', 'UPDATE ca_event_rows_2026_12 SET stream_version = stream_version']) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
  });

  it('an append probes the closed month by its keys: a few index entries an event, no scan', async () => {
    // the appends on one connection, which flushes its statistics when asked (another's may wait for seconds)
    const one = new Pool({ connectionString: url, max: 1 });
    const read = async () => {
      await one.query('SELECT pg_stat_force_next_flush()');
      await one.query('SELECT 1');
      const { rows } = await pool.query(
        `SELECT sum(s.idx_tup_read)::float8 AS entries, sum(t.seq_scan)::float8 AS scans
           FROM pg_partition_tree('ca_event_rows') p JOIN pg_stat_user_tables t ON t.relid = p.relid
           JOIN LATERAL (SELECT sum(idx_tup_read) AS idx_tup_read FROM pg_stat_user_indexes i WHERE i.relid = p.relid) s ON true`,
      );
      return rows[0] as { entries: number; scans: number };
    };
    const appender = new PostgresEventStore(one);
    await appender.append([event('busy-0', 500)]); // its connection's plans made
    const before = await read();
    for (let i = 0; i < 20; i++) await appender.append(Array.from({ length: 10 }, (_, k) => event(`busy-${k % 5}`, 600 + i * 10 + k)));
    const after = await read();
    expect(after.scans).toBe(before.scans);
    // per event: its id in each partition, its stream's predecessor in each; per stream: its version in the closed month
    expect(after.entries - before.entries).toBeLessThan(20 * 10 * 6);
    await one.end();
  });

  it('an event of the closed month sent again is a duplicate, where it was stored; other content under its id is refused', async () => {
    const stored = await store.readStream('t-1');
    const n = await count(pool);
    const again = await new PostgresEventStore(poolOn(url)).append([november[1], event('t-2', 1)]);
    expect(again[0]).toMatchObject({ status: 'duplicate', streamVersion: 2, globalPosition: stored[1].globalPosition });
    expect(again[0].globalPosition).toBeLessThan(DECEMBER);
    expect(again[1]).toMatchObject({ status: 'appended', streamVersion: 1 });
    expect(again[1].globalPosition).toBeGreaterThan(DECEMBER);
    await expect(
      new PostgresEventStore(poolOn(url)).append([{ ...november[0], data: { ...november[0].data, gamingDay: '2026-12-01' } }]),
    ).rejects.toBeInstanceOf(EventIdConflictError);
    expect(await count(pool)).toBe(n + 1);
  });

  it("a writer whose head is older than the closed month's last event is refused, not given a second copy of the version", async () => {
    // `stale` believes t-1 is at version 2: its append links to version 2 and claims version 3, which November holds
    await expect(stale.append([event('t-1', 4)], { expectedVersions: { 't-1': 2 } })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    // without an expected version it reads the head again and appends after the closed month's last event
    const [appended] = await stale.append([event('t-1', 4)]);
    expect(appended).toMatchObject({ status: 'appended', streamVersion: 4 });
    const versions = (await pool.query(`SELECT stream_version FROM ca_events WHERE stream_id = 't-1' ORDER BY global_position`)).rows;
    expect(versions.map((r) => r.stream_version)).toEqual([1, 2, 3, 4]);
    expect((await verifyStore(pool)).ok).toBe(true);
  });

  it('a backup of the turned store restores into an empty database, each month in its partition, and verifies with its receipt', async () => {
    const file = path.join(dir, 'turned.ndjson.gz');
    const backup = await cli(['backup', file], { DATABASE_URL: url });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const receipt = /receipt: (ca-seal:\S+)/.exec(backup.stdout)![1];
    const { db: target, pool: targetPool } = await fresh();
    const restore = await cli(['restore', file, '--receipt', receipt], { DATABASE_URL: target.url });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect((await partitions(targetPool)).map((p) => p.name)).toEqual(['ca_event_rows_2026_12', 'ca_event_rows_history']);
    expect(await whatReadersSee(new PostgresEventStore(targetPool))).toEqual(await whatReadersSee(store));
    const verify = await cli(['verify', '--receipt', receipt], { DATABASE_URL: target.url });
    expect(verify.code).toBe(0);
  });
});
