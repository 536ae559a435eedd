/**
 * Store migration 9 (issue 17): ca_append's generic plan, made once per connection, looked up the event each
 * stream's first new event follows by a sequential scan when the store was small at that moment, and kept
 * it — so every append read the whole table, and its cost grew with the store. Here a connection makes its
 * plans on an empty store, the store then grows, and the appends that follow must not scan the table.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../../test/support/database';
import type { NewEvent } from '../port';
import type { PostgresEventStore } from './postgres-event-store';
import { appendSignature } from './schema';

jest.setTimeout(60_000);

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('ca_append_plan');
  ({ pool, store } = await migratedStore(db.url, 1)); // one connection: the one whose plans are cached
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

let n = 0;
/** 50 facts over four table streams, as a terminal lane sends them. */
const lane = (): NewEvent[] =>
  Array.from({ length: 50 }, (_, k) => ({
    streamId: `table-T-${k % 4}`,
    eventId: randomUUID(),
    type: 'BetPlaced',
    data: { roundId: `r-${n >> 5}`, i: n++ },
    metadata: { recordedBy: 'terminal:T-1' },
    occurredAt: '2026-11-29T20:00:00.000Z',
  }));

const seqScans = async () => {
  await pool.query('SELECT pg_stat_force_next_flush()');
  // the rows' partitions (store migration 13): the partitioned table itself is never scanned, its partitions are
  return Number(
    (await pool.query(`SELECT sum(seq_scan) AS n FROM pg_stat_user_tables WHERE relid IN (SELECT relid FROM pg_partition_tree('ca_event_rows'))`)).rows[0].n,
  );
};
/** Index entries the store's tables have returned so far (a scan of a whole index counts every entry). */
const indexEntriesRead = async () => {
  await pool.query('SELECT pg_stat_force_next_flush()');
  return Number(
    (
      await pool.query(`SELECT sum(idx_tup_read) AS n FROM pg_stat_user_indexes
        WHERE relid IN (SELECT relid FROM pg_partition_tree('ca_event_rows') UNION ALL VALUES ('ca_stream_ids'::regclass), ('ca_event_metadata'::regclass))`)
    ).rows[0].n,
  );
};

it('an append follows its streams by index, though its connection planned it on an empty store', async () => {
  await store.append(lane()); // planned now, on an empty table
  for (let i = 0; i < 60; i++) await store.append(lane()); // 3,000 more events
  const before = await seqScans();
  const entries = await indexEntriesRead();
  for (let i = 0; i < 20; i++) await store.append(lane());
  expect(await seqScans()).toBe(before);
  // nor a whole index: four predecessor probes, the batch's stream and metadata numbers, about 13 entries an append
  // (migration 10 once planned the probes as one hashed scan of every stream's events: over 3,000 an append here)
  expect((await indexEntriesRead()) - entries).toBeLessThan(20 * 50);
  // the append the store calls (store migration 12: the one taking the data as json)
  const config = (await pool.query(`SELECT proconfig FROM pg_proc WHERE oid = '${appendSignature('json')}'::regprocedure`)).rows[0].proconfig as string[];
  expect(config).toContain('enable_seqscan=off');
});
