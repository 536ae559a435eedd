/**
 * Schema migration 10 (issue 23 §2) on a store written by today's code under migration 9: the events move to
 * ca_event_rows with a stream number and a metadata number and without prev_hash, and ca_events becomes the
 * view of them. Readers see the same events, heads, rounds and feed; the old seal receipt still checks; the
 * immutability triggers still refuse; a writer role keeps what it may do; appends, new streams and seals go
 * on; a migration stopped half-way leaves the store as it was and runs again; a store whose prev_hash is not
 * the hash of the event before (evidence) is not migrated.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  appendWaitingAtSwap,
  grantsOn,
  migrationKilledWhileWaiting,
  migrationSpecDatabases,
  prepareUntil,
  staged,
  stoppedTwiceThenStarted,
  tableShape,
} from '../../../../test/support/store-migration';
import { NewEvent } from '../port';
import { createSeal } from '../seal';
import { applySqlMigrations } from './migrate';
import { PostgresEventStore } from './postgres-event-store';
import { STREAMS_NUMBERED } from './rewrite-plans';
import { verifyStore } from './postgres-verifier';
import { EVENT_STORE_MIGRATIONS } from './schema';

jest.setTimeout(60_000);

const BEFORE = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 9);
const LATEST = EVENT_STORE_MIGRATIONS[EVENT_STORE_MIGRATIONS.length - 1].version;
const event = (streamId: string, i: number, roundId?: string): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: i === 1 ? 'TableSessionOpened' : roundId && i % 5 === 2 ? 'RoundStarted' : 'Something',
  data: roundId ? { i, roundId } : { i, gamingDay: '2026-11-21' },
  metadata: { recordedBy: `terminal:${streamId}` },
  occurredAt: '2026-11-21T20:00:00.000Z',
});

const { fresh, freshAt, poolOn } = migrationSpecDatabases('ca_migrate10');

/** A store with the schema of migration 9, written and sealed through today's store code, read by a writer role. */
async function storeAtMigration9() {
  const { db, pool, role } = await freshAt(BEFORE);
  const store = new PostgresEventStore(pool);
  const batch: NewEvent[] = [];
  for (const [s, n] of [
    ['s-a', 12],
    ['s-b', 9],
    ['s-c', 3],
  ] as const)
    for (let i = 1; i <= n; i++) batch.push(event(s, i, i > 1 ? `${s}-r${Math.floor((i - 2) / 5)}` : undefined));
  await store.append(batch);
  await store.append([event('s-a', 13, 's-a-r2')], { expectedVersions: { 's-a': 12 } });
  const { receipt } = await createSeal(pool, { gamingDay: '2026-11-21' });
  return { pool, store, receipt, db, role };
}

const version = async (pool: Pool) => (await pool.query('SELECT max(version) AS v FROM ca_schema_migrations')).rows[0].v;
const kind = async (pool: Pool, relation: string) =>
  (await pool.query(`SELECT relkind FROM pg_class WHERE oid = to_regclass($1)`, [relation])).rows[0]?.relkind ?? null;

/** What readers see: every stream read whole, the heads, a round, the feed (both shapes), events by id. */
async function whatReadersSee(store: PostgresEventStore) {
  const streams = await store.streamIds();
  const read = await Promise.all(streams.map((s) => store.readStream(s)));
  const start = { transactionId: 0n, globalPosition: 0n };
  return {
    streams: read,
    heads: (await store.pool.query('SELECT stream_id, version, head_hash FROM ca_streams ORDER BY stream_id')).rows,
    versions: await store.streamVersions(['s-a', 's-b', 's-c', 's-none']),
    round: await store.readRound('s-a-r2'),
    roundStream: await store.streamOfRound('s-b-r1'),
    feed: (await store.readFeed(start, 1000)).events,
    facts: (await store.readFeedFacts(start, 1000)).events,
    found: await store.findEvents([read[1][3].eventId, read[0][0].eventId]),
  };
}

describe('schema migration 10 on an existing store', () => {
  it('migrates in place: readers see the same, verify passes with the old receipt, triggers refuse, the writer role reads and appends, seals go on', async () => {
    const { pool, store, receipt, role } = await storeAtMigration9();
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 26, seals: { count: 1, receipt: { ok: true } } });
    const before = await whatReadersSee(store);
    expect(before.round.map((e) => e.data.i)).toEqual([12, 13]);
    expect(before.streams[0][1].prevHash).toBe(before.streams[0][0].hash);
    expect(before.facts.filter((f) => f.startHash !== null)).toHaveLength(6);

    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - BEFORE.length);
    expect(await version(pool)).toBe(LATEST);
    expect([await kind(pool, 'ca_events'), await kind(pool, 'ca_event_rows'), await kind(pool, 'ca_streams')]).toEqual(['v', 'p', 'v']); // partitioned by store migration 13
    const columns = (
      await pool.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'ca_event_rows' ORDER BY ordinal_position`)
    ).rows.map((r) => r.column_name);
    expect(columns).toEqual([
      'global_position',
      'transaction_id',
      'recorded_at',
      'stream_number',
      'stream_version',
      'metadata_id',
      'event_id',
      'data',
      'event_type',
      'occurred_at',
      'content_hash',
      'hash',
    ]);
    // four streams (the seals' own included), and one metadata value a stream: each stored once
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_stream_ids')).rows[0].n).toBe(4);
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_event_metadata')).rows[0].n).toBe(4);
    const index = (await pool.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'ca_events_stream_version'`)).rows[0].indexdef;
    // the unique key stays the first partition's own (store migration 13)
    expect(index).toMatch(/ON public\.ca_event_rows_history USING btree \(stream_number, stream_version\)$/);

    // the same connections and a process started after the migration read the same
    expect(await whatReadersSee(store)).toEqual(before);
    const fresh = new PostgresEventStore(poolOn((pool as unknown as { options: { connectionString: string } }).options.connectionString));
    expect(await whatReadersSee(fresh)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 26, seals: { count: 1, receipt: { ok: true, sequence: 1 } } });

    // nothing is changed through the view or on the rows, for the owner too; the numbers never change
    for (const sql of [
      `UPDATE ca_events SET data = '{}' WHERE stream_id = 's-a'`,
      `DELETE FROM ca_events WHERE stream_id = 's-a'`,
      'TRUNCATE ca_event_rows',
      `UPDATE ca_stream_ids SET stream_id = 's-z'`,
    ]) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    await expect(pool.query(`UPDATE ca_events SET prev_hash = hash WHERE stream_id = 's-a'`)).rejects.toMatchObject({ code: 'CA003' });
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'ca_event_rows'::regclass AND tgenabled = 'O'`)).rows[0].n).toBe(2);

    // the writer role granted before the migration reads the views and appends, and still may not change anything
    const c = await pool.connect();
    try {
      await c.query(`SET ROLE ${role}`);
      expect((await c.query(`SELECT count(*)::int AS n FROM ca_events WHERE stream_id = 's-b'`)).rows[0].n).toBe(9);
      expect((await c.query(`SELECT version FROM ca_streams WHERE stream_id = 's-b'`)).rows[0].version).toBe(9);
      await expect(c.query(`UPDATE ca_events SET data = '{}' WHERE stream_id = 's-b'`)).rejects.toMatchObject({ code: '42501' });
      await expect(c.query(`SELECT * FROM ca_event_metadata`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await c.query('RESET ROLE');
      c.release();
    }

    // appends go on (a head cached before the migration, a head read after it, a new stream, new metadata), a wrong link is refused
    await store.append([event('s-a', 14, 's-a-r2')]);
    await fresh.append([event('s-b', 10), event('s-d', 1), { ...event('s-d', 2), metadata: { recordedBy: 'cage' } }], { expectedVersions: { 's-b': 9 } });
    await expect(fresh.append([event('s-c', 4)], { expectedVersions: { 's-c': 2 } })).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    const forged = pool.query(
      'SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[], $11::jsonb)',
      [['s-c'], [randomUUID()], ['Forged'], ['{}'], ['{}'], [null], ['aa'], [4], ['not-the-head'], ['bb'], '{}'],
    );
    await expect(forged).rejects.toMatchObject({ code: 'CA002', message: 'stream s-c is at version 3, expected 3' });
    const d = await fresh.readStream('s-d');
    expect(d.map((e) => [e.streamVersion, e.prevHash, e.metadata])).toEqual([
      [1, '', { recordedBy: 'terminal:s-d' }],
      [2, d[0].hash, { recordedBy: 'cage' }],
    ]);
    expect((await fresh.readRound('s-a-r2')).map((e) => e.data.i)).toEqual([12, 13, 14]);
    const second = await createSeal(pool);
    expect(second.seal).toMatchObject({ sequence: 2, heads: { 's-a': { version: 14 }, 's-b': { version: 10 }, 's-d': { version: 2 } } });
    expect(await verifyStore(pool, { receipt: second.receipt })).toMatchObject({
      ok: true,
      events: 31,
      seals: { count: 2, receipt: { ok: true, sequence: 2 } },
    });
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });

  it('stopped half-way (its connection killed while it waits for the table) leaves the store as it was, and runs again', async () => {
    const { pool, store, receipt, db } = await storeAtMigration9();
    const before = await whatReadersSee(store);
    // a reader holds the table: the migration has begun (its checks run, the new tables made) and waits for its lock
    const stopped = await migrationKilledWhileWaiting(pool, 'ca_events');
    expect(stopped).toMatchObject({ waited: true, outcome: expect.stringMatching(/^stopped: /) });

    expect(await version(pool)).toBe(9);
    // the events still in their table; what the prepared steps made (the copy, the streams' numbers) kept for the next start
    expect([await kind(pool, 'ca_events'), await kind(pool, 'ca_event_rows'), await kind(pool, 'ca_event_rows_next')]).toEqual(['r', null, 'r']);
    expect(await whatReadersSee(new PostgresEventStore(pool))).toEqual(before);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);

    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - BEFORE.length);
    const after = poolOn(db.url);
    expect(await whatReadersSee(new PostgresEventStore(after))).toEqual(before);
    expect((await verifyStore(after, { receipt })).ok).toBe(true);
  });

  it('keeps each metadata as its text: values jsonb holds equal (1.0 and 1.00) are two, and every event is copied', async () => {
    const { pool } = await fresh();
    await applySqlMigrations(pool, BEFORE);
    const [h1, h2, c] = ['1'.repeat(64), '2'.repeat(64), 'c'.repeat(64)];
    await pool.query(
      'SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[], $11::jsonb)',
      [
        ['s-m', 's-m'],
        [randomUUID(), randomUUID()],
        ['A', 'B'],
        ['{}', '{}'],
        ['{"x": 1.0}', '{"x": 1.00}'],
        [null, null],
        [c, c],
        [1, 2],
        ['', h1],
        [h1, h2],
        '{}',
      ],
    );
    await applySqlMigrations(pool);
    expect((await pool.query(`SELECT stream_version, metadata::text AS m FROM ca_events ORDER BY stream_version`)).rows).toEqual([
      { stream_version: 1, m: '{"x": 1.0}' },
      { stream_version: 2, m: '{"x": 1.00}' },
    ]);
  });

  it('refuses to migrate a store whose prev_hash is not the hash of the event before it, and changes nothing', async () => {
    const { pool } = await storeAtMigration9();
    const c = await pool.connect();
    try {
      await c.query('ALTER TABLE ca_events DISABLE TRIGGER USER');
      await c.query(`UPDATE ca_events SET prev_hash = sha256(prev_hash) WHERE stream_id = 's-b' AND stream_version = 4`);
      await c.query('ALTER TABLE ca_events ENABLE TRIGGER USER');
    } finally {
      c.release();
    }
    await expect(applySqlMigrations(pool)).rejects.toMatchObject({
      code: 'CA003',
      message: expect.stringMatching(/event 4 of stream s-b does not link to the hash of the event before it/),
    });
    expect(await version(pool)).toBe(9);
    expect(await kind(pool, 'ca_events')).toBe('r');
    expect((await verifyStore(pool)).breaks[0]).toMatchObject({ streamId: 's-b', streamVersion: 4 });
  });
});

describe('schema migration 10, stopped in its prepared steps', () => {
  const UP_TO_10 = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 10);

  it('resumes the copy and the indexes where they stopped, with appends in between, and gives the store an unstopped migration gives', async () => {
    const { pool, store, receipt, db, role } = await storeAtMigration9();

    // stopped after two chunks of 5 rows: those 10 copied with their streams and metadata numbered, the store still at 9;
    // the process of the version before goes on appending (a new stream with new metadata, an old one); resumed,
    // stopped after two indexes; a new stream; then the next start: the last rows (a stream numbered in the swap) and
    // indexes, then the swap
    let before: Awaited<ReturnType<typeof whatReadersSee>> | undefined;
    const run = await stoppedTwiceThenStarted(pool, STREAMS_NUMBERED, UP_TO_10, {
      afterRows: async () => {
        expect((await pool.query('SELECT stream_id FROM ca_stream_ids ORDER BY stream_number')).rows).toEqual([{ stream_id: 's-a' }]);
        expect(await version(pool)).toBe(9);
        expect(await kind(pool, 'ca_events')).toBe('r');
        expect((await verifyStore(pool, { receipt })).ok).toBe(true);
        await store.append([{ ...event('s-d', 1), metadata: { recordedBy: 'cage' } }, event('s-d', 2, 's-d-r0')]);
        await store.append([event('s-b', 10)], { expectedVersions: { 's-b': 9 } });
      },
      afterIndexes: async () => {
        await store.append([event('s-e', 1)]);
        before = await whatReadersSee(store);
      },
    });
    expect(run).toMatchObject({
      stops: ['stopped', 'stopped'],
      staged: [10, 29], // the 26 rows before and the 3 appended since
      indexes: ['ca_events_closed_sessions_next', 'ca_events_event_id_next', 'ca_events_feed_next'],
      applied: 1,
    });
    expect(run.lines[0]).toMatch(/^store migration 10: resuming the copy of the events' rows where it stopped/);
    expect(run.lines).toContain('store migration 10: 6 index(es) built in this run'); // 8 besides the feed's, 2 built before
    expect(await version(pool)).toBe(10);
    expect([await kind(pool, 'ca_events'), await kind(pool, 'ca_event_rows'), await kind(pool, 'ca_event_rows_next')]).toEqual(['v', 'r', null]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'ca_rows_next_%'`)).rows[0].n).toBe(0);
    // each stream and each metadata numbered once, whichever step met it first
    expect((await pool.query('SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS d FROM ca_stream_ids')).rows[0]).toEqual({ n: 6, d: 6 });
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_event_metadata')).rows[0].n).toBe(7);

    // the rows' table, its numbers' tables and the views as a migration 10 never stopped makes them, the writer's grants kept
    const { pool: unstopped } = await fresh();
    await applySqlMigrations(unstopped, UP_TO_10);
    for (const table of ['ca_event_rows', 'ca_stream_ids', 'ca_event_metadata']) {
      expect({ table, ...(await tableShape(pool, table)), grants: [] }).toEqual({ table, ...(await tableShape(unstopped, table)), grants: [] });
    }
    expect(await grantsOn(pool, 'ca_events')).toEqual([{ grantee: role, privilege_type: 'SELECT' }]);
    expect(await grantsOn(pool, 'ca_streams')).toEqual([{ grantee: role, privilege_type: 'SELECT' }]);
    expect(await grantsOn(pool, 'ca_event_rows')).toEqual([]);

    // every reader sees the 30 events as they were; the old receipt checks; appends, numbering and refusals go on
    const after = new PostgresEventStore(poolOn(db.url));
    expect(await whatReadersSee(after)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 30, seals: { receipt: { ok: true } } });
    await after.append([event('s-e', 2), event('s-f', 1)], { expectedVersions: { 's-e': 1 } });
    await expect(after.append([event('s-e', 3)], { expectedVersions: { 's-e': 1 } })).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    for (const sql of [`DELETE FROM ca_events WHERE stream_id = 's-a'`, 'TRUNCATE ca_event_rows', `UPDATE ca_stream_ids SET stream_id = 's-z'`]) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - UP_TO_10.length);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 32 });
  });

  it('refuses a row written after the prepared steps that does not link to the event before it, whether the swap or the next prepared step meets it', async () => {
    const { pool } = await storeAtMigration9();
    expect(await prepareUntil(pool, STREAMS_NUMBERED, () => false, 1000)).toMatchObject({ copied: 26 });
    // written by hand after the copy: a fourth event of s-c whose link is not the hash of the third
    await pool.query(
      `INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, content_hash, prev_hash, hash)
       VALUES ('s-c', 4, gen_random_uuid(), 'Something', '{}', sha256('c'), sha256('not the head'), sha256('h'))`,
    );
    const refused = { code: 'CA003', message: expect.stringMatching(/event 4 of stream s-c does not link to the hash of the event before it/) };
    const swapOnly = UP_TO_10.map((m) => (m.version === 10 ? { ...m, prepare: undefined } : m));
    await expect(applySqlMigrations(pool, swapOnly)).rejects.toMatchObject(refused);
    await expect(applySqlMigrations(pool)).rejects.toMatchObject(refused);
    expect(await version(pool)).toBe(9);
    expect(await kind(pool, 'ca_events')).toBe('r');
    expect(await staged(pool, 'ca_event_rows_next')).toBe(26);
  });
});

describe('schema migration 10 and a process of the version before', () => {
  it('an append that waits for the events while the swap holds them is stored after it, numbered and chained', async () => {
    const { pool, store, receipt, db } = await storeAtMigration9();
    expect(await prepareUntil(pool, STREAMS_NUMBERED, () => false, 1000)).toMatchObject({ copied: 26 });
    const through = await appendWaitingAtSwap(
      pool,
      poolOn(db.url),
      EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 10),
      'ca_events',
      () => store.append([event('s-c', 4, 's-c-r0')], { expectedVersions: { 's-c': 3 } }),
    );
    expect(through).toMatchObject({ waited: true, migration: 'finished', appended: [{ streamId: 's-c', streamVersion: 4, status: 'appended' }] });
    expect(await kind(pool, 'ca_events')).toBe('v');
    const c = await new PostgresEventStore(poolOn(db.url)).readStream('s-c');
    expect(c.map((e) => [e.streamVersion, e.prevHash])).toEqual([
      [1, ''],
      [2, c[0].hash],
      [3, c[1].hash],
      [4, c[2].hash],
    ]);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 27, seals: { receipt: { ok: true } } });
  });
});
