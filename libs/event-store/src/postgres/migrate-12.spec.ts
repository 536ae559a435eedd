/**
 * Schema migration 12 (issue 23 §2) on a store written by today's code under migration 11: an event's data becomes
 * json (the text its writer sent) instead of jsonb. Readers see the same events, rounds, feed and facts; the old seal
 * receipt still checks; a re-sent event is still a duplicate; the writer role appends through the new function, a
 * process that prepared its append before the migration through the old one; the round and gaming-day indexes still
 * serve their queries; a migration stopped half-way leaves the store as it was and runs again; stopped in its prepared
 * steps (the copy of the rows, its indexes), it resumes where it stopped, with appends in between, and the rows end up
 * with the same indexes, constraints, triggers, statistics, identity and grants as before, only data's type changed.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import {
  appendWaitingAtSwap,
  grantsOn,
  migrationKilledWhileWaiting,
  migrationSpecDatabases,
  prepareUntil as prepareRewriteUntil,
  staged as stagedRows,
  stagedIndexes as stagedIndexesOf,
  tableShape,
} from '../../../../test/support/store-migration';
import { NewEvent } from '../port';
import { createSeal } from '../seal';
import { applySqlMigrations } from './migrate';
import { PostgresEventStore } from './postgres-event-store';
import { verifyStore } from './postgres-verifier';
import { DATA_AS_JSON } from './rewrite-plans';
import { RowsRewriteProgress } from './rows-rewrite';
import { EVENT_STORE_MIGRATIONS } from './schema';

jest.setTimeout(60_000);

const BEFORE = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 11);
/** Migration 12 and those before it: what this spec tests (13 partitions the rows: partitions.spec.ts). */
const UP_TO_12 = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 12);
const LATEST = 12;
const DAY = '2026-11-30';

/** Data of the shapes a table sends: nested objects and arrays, decimals written with trailing zeros, accents, escapes. */
const event = (streamId: string, i: number, roundId?: string): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: i === 1 ? 'TableSessionOpened' : roundId && i % 5 === 2 ? 'RoundStarted' : 'Something',
  data:
    i === 1
      ? { sessionId: streamId, gamingDay: DAY, croupier: 'Begoña Etxeberria' }
      : { i, roundId, bets: [{ seat: 3, amount: 12.5, spots: ['17', '0'] }], note: 'línea "dos"\ttab', nested: { z: null, a: true } },
  metadata: { recordedBy: `terminal:${streamId}` },
  occurredAt: '2026-11-30T20:00:00.000Z',
});

const { freshAt, poolOn } = migrationSpecDatabases('ca_migrate12');

/** A store with the schema of migration 11, written and sealed through today's store code, read and written by a writer role. */
async function storeAtMigration11() {
  const { db, pool, role } = await freshAt(BEFORE);
  const store = new PostgresEventStore(pool);
  const batch: NewEvent[] = [];
  for (const [s, n] of [
    ['s-a', 12],
    ['s-b', 9],
  ] as const)
    for (let i = 1; i <= n; i++) batch.push(event(s, i, i > 1 ? `${s}-r${Math.floor((i - 2) / 5)}` : undefined));
  await store.append(batch);
  const sent = event('s-a', 13, 's-a-r2');
  await store.append([sent], { expectedVersions: { 's-a': 12 } });
  const { receipt } = await createSeal(pool, { gamingDay: DAY });
  return { pool, store, receipt, db, role, sent };
}

const version = async (pool: Pool) => (await pool.query('SELECT max(version) AS v FROM ca_schema_migrations')).rows[0].v;
const dataType = async (pool: Pool) =>
  (await pool.query(`SELECT data_type FROM information_schema.columns WHERE table_name = $1 AND column_name = 'data'`, ['ca_event_rows'])).rows[0].data_type;

async function whatReadersSee(store: PostgresEventStore) {
  const streams = await store.streamIds();
  const start = { transactionId: 0n, globalPosition: 0n };
  return {
    streams: await Promise.all(streams.map((s) => store.readStream(s))),
    heads: (await store.pool.query('SELECT stream_id, version, head_hash FROM ca_streams ORDER BY stream_id')).rows,
    round: await store.readRound('s-a-r2'),
    roundStream: await store.streamOfRound('s-b-r1'),
    feed: (await store.readFeed(start, 1000)).events,
    // the facts carry the data's text: a migrated event's is jsonb's print, as before the migration
    facts: (await store.readFeedFacts(start, 1000)).events,
  };
}

/** The plan of a query with sequential scans ruled out: which index, if any, can serve it. */
async function indexesUsed(pool: Pool, sql: string, values: unknown[]): Promise<string[]> {
  const c = await pool.connect();
  try {
    await c.query('SET enable_seqscan = off');
    const plan = JSON.stringify((await c.query(`EXPLAIN (FORMAT JSON) ${sql}`, values)).rows[0]['QUERY PLAN']);
    return [...new Set([...plan.matchAll(/"Index Name":"([a-z_]+)"/g)].map((m) => m[1]))].sort();
  } finally {
    await c.query('RESET enable_seqscan');
    c.release();
  }
}

describe('schema migration 12 on an existing store', () => {
  it('keeps every event, receipt and duplicate; new data is stored as sent; the writer role and an older process append', async () => {
    const { pool, store, receipt, role, sent, db } = await storeAtMigration11();
    expect(await dataType(pool)).toBe('jsonb');
    const before = await whatReadersSee(store);
    expect(before.round.map((e) => e.data.i)).toEqual([12, 13]);

    expect(await applySqlMigrations(pool, UP_TO_12)).toBe(UP_TO_12.length - BEFORE.length);
    expect(await version(pool)).toBe(LATEST);
    expect(await dataType(pool)).toBe('json');
    // the store object made before the migration (its append prepared for jsonb) and a process started after it read the same
    expect(await whatReadersSee(store)).toEqual(before);
    const fresh = new PostgresEventStore(poolOn(db.url));
    expect(await whatReadersSee(fresh)).toEqual(before);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 23, seals: { count: 1, receipt: { ok: true, sequence: 1 } } });

    // an event sent again is the same event (its content hash from the value, not the text): a duplicate
    expect(await fresh.append([sent])).toMatchObject([{ status: 'duplicate', streamVersion: 13 }]);
    await expect(fresh.append([{ ...sent, data: { ...sent.data, i: 99 } }])).rejects.toThrow();

    // a new event's data is the text the writer sent, compact, key order and all
    const data = { z: 1, a: [1.5, 'ñ'], roundId: 's-a-r2', nested: { b: 2, a: 1 } };
    await fresh.append([{ ...event('s-a', 14, 's-a-r2'), data }]);
    expect((await pool.query(`SELECT data::text AS t FROM ca_events WHERE stream_id = 's-a' AND stream_version = 14`)).rows[0].t).toBe(JSON.stringify(data));
    // the process that prepared its append before the migration appends through the jsonb function, which passes it on
    await store.append([event('s-b', 10)]);
    // the writer role granted before the migration appends through the json one, and still may not change anything
    const c = await pool.connect();
    try {
      await c.query(`SET ROLE ${role}`);
      const appended = await new PostgresEventStore(pool).appendWith(c, [event('s-c', 1)]);
      expect(appended).toMatchObject([{ streamId: 's-c', streamVersion: 1, status: 'appended' }]);
      await expect(c.query(`UPDATE ca_events SET data = '{}' WHERE stream_id = 's-b'`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await c.query('RESET ROLE');
      c.release();
    }
    for (const sql of [`UPDATE ca_events SET data = '{}' WHERE stream_id = 's-a'`, `DELETE FROM ca_events WHERE stream_id = 's-a'`]) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }

    expect((await fresh.readRound('s-a-r2')).map((e) => e.data.i ?? e.data.z)).toEqual([12, 13, 1]);
    expect(await fresh.streamOfRound('s-a-r2')).toBe('s-a');
    // the round and gaming-day look-ups still find their index (json's ->> in the same expression)
    expect(await indexesUsed(pool, `SELECT stream_id FROM ca_events WHERE data->>'roundId' = $1`, ['s-a-r2'])).toContain('ca_events_round');
    expect(await indexesUsed(pool, `SELECT stream_id FROM ca_events WHERE event_type = 'TableSessionOpened' AND data->>'gamingDay' = $1`, [DAY])).toContain(
      'ca_events_sessions_by_day',
    );

    const second = await createSeal(pool);
    expect(second.seal).toMatchObject({ sequence: 2, heads: { 's-a': { version: 14 }, 's-b': { version: 10 }, 's-c': { version: 1 } } });
    expect(await verifyStore(pool, { receipt: second.receipt })).toMatchObject({ ok: true, events: 27, seals: { count: 2 } });
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });

  it('stopped half-way (its connection killed while it waits for the rows) leaves the store as it was, and runs again', async () => {
    const { pool, store, receipt, db } = await storeAtMigration11();
    const before = await whatReadersSee(store);
    // a reader holds the rows: the migration has dropped the view and waits to rewrite them
    const stopped = await migrationKilledWhileWaiting(pool, 'ca_event_rows');
    expect(stopped).toMatchObject({ waited: true, outcome: expect.stringMatching(/^stopped: /) });

    expect(await version(pool)).toBe(11);
    expect(await dataType(pool)).toBe('jsonb');
    expect(await whatReadersSee(new PostgresEventStore(pool))).toEqual(before);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);

    expect(await applySqlMigrations(pool, UP_TO_12)).toBe(UP_TO_12.length - BEFORE.length);
    const after = poolOn(db.url);
    expect(await whatReadersSee(new PostgresEventStore(after))).toEqual(before);
    expect((await verifyStore(after, { receipt })).ok).toBe(true);
  });
});

const prepareUntil = (pool: Pool, stopWhen: (p: RowsRewriteProgress) => boolean, chunkRows = 5) => prepareRewriteUntil(pool, DATA_AS_JSON, stopWhen, chunkRows);
const staged = (pool: Pool) => stagedRows(pool, 'ca_event_rows_next');
const stagedIndexes = (pool: Pool) => stagedIndexesOf(pool, 'ca_event_rows_next');

describe('schema migration 12, stopped in its prepared steps', () => {
  it('resumes the copy and the indexes where they stopped, with appends in between, and carries everything over', async () => {
    const { pool, store, receipt, db, role } = await storeAtMigration11();
    const reader = `${db.name}_reader`.slice(0, 60);
    await pool.query(`CREATE ROLE ${reader} NOLOGIN`);
    await pool.query(`GRANT SELECT ON ca_event_rows TO ${reader}`);
    const shapeBefore = await tableShape(pool, 'ca_event_rows');
    const streamsGrants = await grantsOn(pool, 'ca_streams');
    const lastBefore = Number((await pool.query('SELECT max(global_position) AS p FROM ca_event_rows')).rows[0].p);

    // stopped after two chunks of 5 rows: those 10 are committed in the copy, the store is still at 11
    expect(await prepareUntil(pool, (p) => p.copied >= 10)).toBe('stopped');
    expect(await staged(pool)).toBe(10);
    const firstCopied = (await pool.query('SELECT global_position, xmin::text AS x FROM ca_event_rows_next ORDER BY 1')).rows;
    expect(await version(pool)).toBe(11);
    expect(await dataType(pool)).toBe('jsonb');

    // a process of the version before goes on appending (a new stream, and an old one)
    await store.append([event('s-d', 1), event('s-d', 2)]);
    await store.append([event('s-b', 10)], { expectedVersions: { 's-b': 9 } });
    const before = await whatReadersSee(store);

    // resumed: the copy goes on after its last row (the first ten not copied again), then stops after two indexes
    expect(await prepareUntil(pool, (p) => p.indexes >= 2)).toBe('stopped');
    expect(await staged(pool)).toBe(26); // the 23 rows before and the 3 appended since
    expect((await pool.query('SELECT global_position, xmin::text AS x FROM ca_event_rows_next ORDER BY 1 LIMIT 10')).rows).toEqual(firstCopied);
    const built = await stagedIndexes(pool);
    expect(built).toHaveLength(3); // the copy's keyset (feed) and two more
    expect(built).toContain('ca_events_feed_next');
    await store.append([event('s-d', 3)]);
    const beforeSwap = await whatReadersSee(store);

    // the next start: the last rows and indexes, then the swap, saying so in its start-up lines
    const lines: string[] = [];
    expect(await applySqlMigrations(pool, UP_TO_12, (line) => lines.push(line))).toBe(1);
    expect(lines[0]).toMatch(/^store migration 12: resuming the copy of the events' rows where it stopped/);
    expect(lines).toContain('store migration 12: 6 index(es) built in this run'); // 8 to build besides the feed's, 2 of them built before
    expect(await version(pool)).toBe(LATEST);
    expect(await dataType(pool)).toBe('json');
    expect((await pool.query(`SELECT to_regclass('ca_event_rows_next') AS t`)).rows[0].t).toBeNull();
    expect((await pool.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname LIKE 'ca_rows_next_%'`)).rows[0].n).toBe(0);

    // the same table, data's type aside: indexes, constraints (their names the append's error handling reads),
    // triggers, statistics, identity, grants on the rows and on both views
    const after = await tableShape(pool, 'ca_event_rows');
    const asJsonb = after.columns.map((c) => (c.column_name === 'data' ? { ...c, data_type: 'jsonb' } : c));
    expect({ ...after, columns: asJsonb }).toEqual(shapeBefore);
    expect(after.grants).toEqual(expect.arrayContaining([{ grantee: reader, privilege_type: 'SELECT' }]));
    expect(streamsGrants).toEqual(expect.arrayContaining([{ grantee: role, privilege_type: 'SELECT' }]));
    expect(await grantsOn(pool, 'ca_streams')).toEqual(streamsGrants);

    const fresh = new PostgresEventStore(poolOn(db.url));
    // every reader sees what it saw before the swap (the process of before and a new one alike): the 27 events
    expect(await whatReadersSee(fresh)).toEqual(beforeSwap);
    expect(await whatReadersSee(store)).toEqual(beforeSwap);
    expect(beforeSwap.feed).toHaveLength(27);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 27, seals: { receipt: { ok: true } } });

    // the next position follows the last one given; refusals name the constraints the store reads
    const [next] = await fresh.append([event('s-e', 1)]);
    expect(Number(next.globalPosition)).toBeGreaterThan(lastBefore + 4);
    const reused = { ...before.streams[0][0] };
    await expect(
      pool.query(
        `INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, content_hash, hash)
                  SELECT stream_number, 99, metadata_id, event_id, data, event_type, content_hash, hash FROM ca_event_rows WHERE event_id = $1`,
        [reused.eventId],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'ca_events_event_id' });
    await expect(fresh.append([event('s-e', 1)], { expectedVersions: { 's-e': 0 } })).rejects.toThrow(/version/);
    for (const sql of ['UPDATE ca_event_rows SET stream_version = stream_version', 'DELETE FROM ca_event_rows', 'TRUNCATE ca_event_rows']) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
  });

  it('copies nothing a writer still holds open: a late commit below the copied rows is not skipped', async () => {
    const { pool, store, receipt } = await storeAtMigration11();
    // a writer's transaction appends and stays open; another commits after it (a later position, a later transaction)
    const late = await pool.connect();
    await late.query('BEGIN');
    await store.appendWith(late, [event('s-late', 1)]);
    await store.append([event('s-after', 1)]);
    // prepared while it is open: only the rows below the feed horizon, so not the one committed after it
    let prepared;
    try {
      prepared = await prepareUntil(pool, () => false, 1000);
    } finally {
      await late.query('COMMIT');
      late.release();
    }
    expect(prepared).toMatchObject({ copied: 23 });
    expect(await applySqlMigrations(pool, UP_TO_12)).toBe(1);
    const feed = (await new PostgresEventStore(pool).readFeed({ transactionId: 0n, globalPosition: 0n }, 100)).events;
    expect(
      feed
        .map((e) => e.streamId)
        .slice(-2)
        .sort(),
    ).toEqual(['s-after', 's-late']);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 25 });
  });

  it('refuses to put a copy that lost a row in the rows place, and leaves the store as it was', async () => {
    const { pool, store, receipt } = await storeAtMigration11();
    const before = await whatReadersSee(store);
    expect(await prepareUntil(pool, (p) => p.indexes >= 1, 1000)).toBe('stopped');
    // the copy has no immutability trigger yet: a row removed from it must be noticed, not migrated
    await pool.query('DELETE FROM ca_event_rows_next WHERE global_position = (SELECT min(global_position) + 3 FROM ca_event_rows_next)');
    await expect(applySqlMigrations(pool, UP_TO_12)).rejects.toMatchObject({ code: 'CA003', message: expect.stringMatching(/not the stored ones/) });
    expect(await version(pool)).toBe(11);
    expect(await dataType(pool)).toBe('jsonb');
    expect(await whatReadersSee(new PostgresEventStore(pool))).toEqual(before);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
    // the copy is the migration's own: dropped, the next start makes it again from the rows
    await pool.query('DROP TABLE ca_event_rows_next');
    expect(await applySqlMigrations(pool, UP_TO_12)).toBe(1);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });
});

describe('schema migration 12 and a process of the version before', () => {
  it('an append that waits for the rows while the swap holds them is stored after it, its data as it was sent', async () => {
    const { pool, store, receipt, db } = await storeAtMigration11();
    expect(await prepareUntil(pool, () => false, 1000)).toMatchObject({ copied: 23 });
    const data = { z: 1, roundId: 's-a-r2', a: [1.5, 'ñ'] };
    const through = await appendWaitingAtSwap(pool, poolOn(db.url), undefined, 'ca_event_rows', () =>
      store.append([{ ...event('s-a', 14, 's-a-r2'), data }], { expectedVersions: { 's-a': 13 } }),
    );
    expect(through).toMatchObject({ waited: true, migration: 'finished', appended: [{ streamId: 's-a', streamVersion: 14, status: 'appended' }] });
    expect(await dataType(pool)).toBe('json');
    expect((await new PostgresEventStore(poolOn(db.url)).readRound('s-a-r2')).map((e) => e.data.i ?? e.data.z)).toEqual([12, 13, 1]);
    expect(await verifyStore(pool, { receipt })).toMatchObject({ ok: true, events: 24, seals: { receipt: { ok: true } } });
  });
});
