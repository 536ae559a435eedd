/**
 * Schema migration 8 (issue 23 §2) on a store written by today's code under migration 7: the three chain
 * hashes become 32 bytes and the round index loses global_position from its key. Every reader still sees
 * hex, so the store reads the same, its old seal receipt still checks, the immutability triggers still
 * refuse, appends and seals go on; a migration stopped half-way leaves the store as it was; a store
 * holding a hash ca_append never wrote is not migrated.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  appendWaitingAtSwap,
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
import { HASHES_AS_BYTES } from './rewrite-plans';
import { verifyStore } from './postgres-verifier';
import { EVENT_STORE_MIGRATIONS } from './schema';

jest.setTimeout(60_000);

const BEFORE = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 7);
const event = (streamId: string, i: number, roundId?: string): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: i === 1 ? 'TableSessionOpened' : roundId && i % 5 === 2 ? 'RoundStarted' : 'Something',
  data: roundId ? { i, roundId } : { i },
  occurredAt: '2026-11-21T20:00:00.000Z',
});

const { fresh, poolOn } = migrationSpecDatabases('ca_migrate8');

/** A new pool on the same database (a process started after the migration). */
const reopened = (pool: Pool): Pool => poolOn((pool as unknown as { options: { connectionString: string } }).options.connectionString);

/** A store with the schema of migration 7, written and sealed through today's store code. */
async function storeAtMigration7() {
  const { db, pool } = await fresh();
  await applySqlMigrations(pool, BEFORE);
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
  return { pool, store, receipt, db };
}

const version = async (pool: Pool) => (await pool.query('SELECT max(version) AS v FROM ca_schema_migrations')).rows[0].v;
const hashTypes = async (pool: Pool) =>
  (
    await pool.query(`SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'ca_events' AND column_name LIKE '%hash' ORDER BY 1`)
  ).rows.map((r) => `${r.column_name}:${r.data_type}`);
const roundIndex = async (pool: Pool) => (await pool.query(`SELECT indexdef FROM pg_indexes WHERE indexname = 'ca_events_round'`)).rows[0]?.indexdef;
/** What readers see: every stream read whole, the heads, a round. */
async function whatReadersSee(store: PostgresEventStore) {
  const streams = await store.streamIds();
  return {
    streams: await Promise.all(streams.map((s) => store.readStream(s))),
    heads: (await store.pool.query('SELECT stream_id, version, head_hash FROM ca_streams ORDER BY stream_id')).rows,
    round: await store.readRound('s-a-r2'),
    roundStream: await store.streamOfRound('s-b-r1'),
  };
}

describe('schema migration 8 on an existing store', () => {
  it('migrates in place: readers see the same hex, verify passes with the old receipt, triggers still refuse, appends and seals go on', async () => {
    const { pool: written, store, receipt } = await storeAtMigration7();
    expect(await verifyStore(written, { receipt })).toMatchObject({ ok: true, events: 26, seals: { count: 1, receipt: { ok: true } } });
    expect(await hashTypes(written)).toEqual(['content_hash:text', 'hash:text', 'prev_hash:text']);
    const before = await whatReadersSee(store);
    expect(before.round.map((e) => e.data.i)).toEqual([12, 13]);
    expect(before.streams[0][1].hash).toMatch(/^[0-9a-f]{64}$/);

    expect(await applySqlMigrations(written)).toBe(EVENT_STORE_MIGRATIONS.length - BEFORE.length);
    // the same connections: what they prepared before the migration still runs (the hashes are read as text)
    const pool = written;
    expect(await version(pool)).toBe(EVENT_STORE_MIGRATIONS[EVENT_STORE_MIGRATIONS.length - 1].version);
    expect(await hashTypes(pool)).toEqual(['content_hash:bytea', 'hash:bytea', 'prev_hash:bytea']);
    expect(await roundIndex(pool)).toMatch(/btree \(\(\(data ->> 'roundId'::text\)\)\) WHERE \(\(data ->> 'roundId'::text\) IS NOT NULL\)$/);
    expect((await pool.query(`SELECT stxname FROM pg_statistic_ext WHERE stxrelid = 'ca_event_rows'::regclass`)).rows).toEqual([
      { stxname: 'ca_events_round_stats' },
    ]);
    expect(
      (await pool.query(`SELECT octet_length(hash) AS n, octet_length(prev_hash) AS p FROM ca_events WHERE stream_id = 's-a' AND stream_version = 1`)).rows[0],
    ).toEqual({ n: 32, p: 0 });
    const fresh = new PostgresEventStore(pool);
    expect(await whatReadersSee(fresh)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 26, seals: { count: 1, receipt: { ok: true, sequence: 1 } } });

    // the triggers were never off: still no UPDATE, DELETE or TRUNCATE, for the owner too
    for (const sql of [`UPDATE ca_events SET data = '{}' WHERE stream_id = 's-a'`, `DELETE FROM ca_events WHERE stream_id = 's-a'`, 'TRUNCATE ca_event_rows']) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    await expect(pool.query(`DELETE FROM ca_streams WHERE stream_id = 's-a'`)).rejects.toMatchObject({ code: 'CA003' });
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_trigger WHERE tgrelid = 'ca_event_rows'::regclass AND tgenabled = 'O'`)).rows[0].n).toBe(2);

    // appends go on (a head cached before the migration, a head read after it), a wrong link is still refused, seals chain on
    await store.append([event('s-a', 14, 's-a-r2')]);
    await fresh.append([event('s-b', 10), event('s-d', 1)], { expectedVersions: { 's-b': 9 } });
    await expect(fresh.append([event('s-c', 4)], { expectedVersions: { 's-c': 2 } })).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    const forged = pool.query(
      'SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[], $11::jsonb)',
      [['s-c'], [randomUUID()], ['Forged'], ['{}'], ['{}'], [null], ['aa'], [4], ['not-the-head'], ['bb'], '{}'],
    );
    await expect(forged).rejects.toMatchObject({ code: 'CA002' });
    expect((await fresh.readRound('s-a-r2')).map((e) => e.data.i)).toEqual([12, 13, 14]);
    const second = await createSeal(pool);
    expect(second.seal).toMatchObject({ sequence: 2, heads: { 's-a': { version: 14 }, 's-b': { version: 10 }, 's-d': { version: 1 } } });
    expect(await verifyStore(pool, { receipt: second.receipt })).toMatchObject({
      ok: true,
      events: 30,
      seals: { count: 2, receipt: { ok: true, sequence: 2 } },
    });
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });

  it('stopped half-way (its connection killed while it waits for the table), leaves the store as it was, and runs again', async () => {
    const { pool, store, receipt } = await storeAtMigration7();
    const before = await whatReadersSee(store);
    const indexBefore = await roundIndex(pool);
    // a reader holds the table: the migration has begun (the view dropped, the checks run) and waits for its lock
    const stopped = await migrationKilledWhileWaiting(pool, 'ca_events');
    expect(stopped).toMatchObject({ waited: true, outcome: expect.stringMatching(/^stopped: /) });

    expect(await version(pool)).toBe(7);
    expect(await hashTypes(pool)).toEqual(['content_hash:text', 'hash:text', 'prev_hash:text']);
    expect(await roundIndex(pool)).toBe(indexBefore);
    expect(await whatReadersSee(new PostgresEventStore(pool))).toEqual(before);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);

    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - BEFORE.length); // 8 and what follows it
    const after = reopened(pool);
    expect(await whatReadersSee(new PostgresEventStore(after))).toEqual(before);
    expect((await verifyStore(after, { receipt })).ok).toBe(true);
  });

  it('refuses to migrate a store holding a hash that ca_append never wrote, and changes nothing', async () => {
    const { pool } = await storeAtMigration7();
    const c = await pool.connect();
    try {
      await c.query('ALTER TABLE ca_events DISABLE TRIGGER USER');
      await c.query(`UPDATE ca_events SET hash = upper(hash) WHERE stream_id = 's-b' AND stream_version = 4`);
      await c.query('ALTER TABLE ca_events ENABLE TRIGGER USER');
    } finally {
      c.release();
    }
    await expect(applySqlMigrations(pool)).rejects.toMatchObject({
      code: 'CA003',
      message: expect.stringMatching(/event 4 of stream s-b holds a hash that is not 64 lower-case hex digits/),
    });
    expect(await version(pool)).toBe(7);
    expect(await hashTypes(pool)).toEqual(['content_hash:text', 'hash:text', 'prev_hash:text']);
    expect((await verifyStore(pool)).breaks[0]).toMatchObject({ streamId: 's-b', streamVersion: 4 });
  });
});

describe('schema migration 8, stopped in its prepared steps', () => {
  const UP_TO_8 = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 8);

  it('resumes the copy and the indexes where they stopped, with appends in between, and gives the table an unstopped migration gives', async () => {
    const { pool, store, receipt, db } = await storeAtMigration7();
    const reader = `${db.name}_reader`.slice(0, 60);
    await pool.query(`CREATE ROLE ${reader} NOLOGIN`);
    await pool.query(`GRANT SELECT ON ca_events TO ${reader}`);

    // stopped after two chunks of 5 rows: those 10 committed in the copy, their hashes already bytes, the store still at 7;
    // the process of the version before goes on appending (a new stream, an old one); resumed, stopped after two
    // indexes; another append; then the next start: the last rows and indexes, then the swap
    let before: Awaited<ReturnType<typeof whatReadersSee>> | undefined;
    const run = await stoppedTwiceThenStarted(pool, HASHES_AS_BYTES, UP_TO_8, {
      afterRows: async () => {
        expect((await pool.query(`SELECT DISTINCT octet_length(hash) AS n FROM ca_events_next`)).rows).toEqual([{ n: 32 }]);
        expect(await version(pool)).toBe(7);
        expect(await hashTypes(pool)).toEqual(['content_hash:text', 'hash:text', 'prev_hash:text']);
        await store.append([event('s-d', 1), event('s-d', 2, 's-d-r0')]);
        await store.append([event('s-b', 10)], { expectedVersions: { 's-b': 9 } });
      },
      afterIndexes: async () => {
        await store.append([event('s-d', 3)]);
        before = await whatReadersSee(store);
      },
    });
    expect(run).toMatchObject({
      stops: ['stopped', 'stopped'],
      staged: [10, 29], // the 26 rows before and the 3 appended since
      indexes: ['ca_events_closed_sessions_next', 'ca_events_event_id_next', 'ca_events_feed_next'],
      applied: 1,
    });
    expect(run.lines[0]).toMatch(/^store migration 8: resuming the copy of the events' rows where it stopped/);
    expect(run.lines).toContain('store migration 8: 5 index(es) built in this run'); // 7 besides the feed's, 2 built before
    expect(await version(pool)).toBe(8);
    expect(await hashTypes(pool)).toEqual(['content_hash:bytea', 'hash:bytea', 'prev_hash:bytea']);
    expect((await pool.query(`SELECT to_regclass('ca_events_next') AS t`)).rows[0].t).toBeNull();
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'ca_rows_next_%'`)).rows[0].n).toBe(0);

    // the table a migration 8 never stopped makes (indexes, constraints, triggers, statistics, identity), the grants it had
    const { pool: unstopped } = await fresh();
    await applySqlMigrations(unstopped, UP_TO_8);
    const shape = await tableShape(pool, 'ca_events');
    expect({ ...shape, grants: [] }).toEqual({ ...(await tableShape(unstopped, 'ca_events')), grants: [] });
    expect(shape.grants).toEqual([{ grantee: reader, privilege_type: 'SELECT' }]);

    // every reader sees the 30 events as they were, the old receipt checks, appends and refusals go on
    const after = new PostgresEventStore(reopened(pool));
    expect(await whatReadersSee(after)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 30, seals: { receipt: { ok: true } } });
    await after.append([event('s-d', 4)], { expectedVersions: { 's-d': 3 } });
    await expect(after.append([event('s-d', 5)], { expectedVersions: { 's-d': 3 } })).rejects.toMatchObject({ name: 'WrongExpectedVersionError' });
    for (const sql of [`UPDATE ca_events SET data = '{}' WHERE stream_id = 's-a'`, `DELETE FROM ca_events`, 'TRUNCATE ca_events']) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - UP_TO_8.length);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 31 });
  });

  it('refuses a row written after the prepared steps that holds a hash ca_append never wrote, whether the swap or the next prepared step meets it', async () => {
    const { pool } = await storeAtMigration7();
    expect(await prepareUntil(pool, HASHES_AS_BYTES, () => false, 1000)).toMatchObject({ copied: 26 });
    // written after the copy, by hand, around the append: the swap meets it, and refuses as the prepared steps would
    const c = await pool.connect();
    try {
      await c.query(
        `INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, content_hash, prev_hash, hash)
         SELECT 's-c', 4, gen_random_uuid(), 'Something', '{}', repeat('A', 64), hash, repeat('b', 64) FROM ca_events WHERE stream_id = 's-c' AND stream_version = 3`,
      );
    } finally {
      c.release();
    }
    const refused = {
      code: 'CA003',
      message: expect.stringMatching(/event 4 of stream s-c holds a hash that is not 64 lower-case hex digits/),
    };
    // the swap alone (migration 8's SQL without its prepared steps): it copies the rows left, and meets the row
    const swapOnly = UP_TO_8.map((m) => (m.version === 8 ? { ...m, prepare: undefined } : m));
    await expect(applySqlMigrations(pool, swapOnly)).rejects.toMatchObject(refused);
    // the runner's way: the next prepared step meets it first
    await expect(applySqlMigrations(pool)).rejects.toMatchObject(refused);
    expect(await version(pool)).toBe(7);
    expect(await hashTypes(pool)).toEqual(['content_hash:text', 'hash:text', 'prev_hash:text']);
    expect(await staged(pool, 'ca_events_next')).toBe(26);
  });
});

describe('schema migration 8 and a process of the version before', () => {
  it('an append that waits for the rows while the swap holds them is stored after it, chained, as the new append stores it', async () => {
    const { pool, store, receipt } = await storeAtMigration7();
    expect(await prepareUntil(pool, HASHES_AS_BYTES, () => false, 1000)).toMatchObject({ copied: 26 });
    // the process that wrote s-c knows its head: it calls ca_append at once, and waits inside it for the rows
    const through = await appendWaitingAtSwap(
      pool,
      reopened(pool),
      EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 8),
      'ca_events',
      () => store.append([event('s-c', 4, 's-c-r0')], { expectedVersions: { 's-c': 3 } }),
    );
    expect(through).toMatchObject({ waited: true, migration: 'finished', appended: [{ streamId: 's-c', streamVersion: 4, status: 'appended' }] });

    expect(await hashTypes(pool)).toEqual(['content_hash:bytea', 'hash:bytea', 'prev_hash:bytea']);
    const c = await new PostgresEventStore(reopened(pool)).readStream('s-c');
    expect(c.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4]);
    expect(c[3].prevHash).toBe(c[2].hash);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 27, seals: { receipt: { ok: true } } });
  });
});
