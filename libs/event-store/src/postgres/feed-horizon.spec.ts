/**
 * The feed horizon and the no-append promise (schema migration 7, issue 17): a read model's batch
 * transaction that has written (so holds an xid) no longer holds every reader's feed back, while an
 * ordinary transaction in progress still does, and an append inside a promised transaction is refused.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../../test/support/database';
import { FEED_START, NewEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { PROMISE_NO_APPEND } from './schema';

jest.setTimeout(60_000);

const event = (streamId: string, i: number): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'Something',
  data: { i },
  metadata: { recordedBy: 'terminal:T-1' },
  occurredAt: '2026-11-21T20:00:00.000Z',
});

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('ca_horizon');
  ({ pool, store } = await migratedStore(db.url, 6));
  await pool.query('CREATE TABLE side_effects (n int)'); // a read model's table: writing it gives an xid
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

const fedStreams = async () => (await store.readFeed(FEED_START, 1000)).events.map((e) => e.streamId);

async function holding<T>(promise: boolean, fn: () => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    if (promise) await c.query(PROMISE_NO_APPEND);
    await c.query('INSERT INTO side_effects VALUES (1)'); // now it has an xid, older than what follows
    return await fn();
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
}

it('an ordinary transaction in progress holds the feed back (the events after it are not fed yet)', async () => {
  await store.append([event('before-ordinary', 1)]);
  const seen = await holding(false, async () => {
    await store.append([event('during-ordinary', 1)]);
    return fedStreams();
  });
  expect(seen).toContain('before-ordinary');
  expect(seen).not.toContain('during-ordinary');
  expect(await fedStreams()).toContain('during-ordinary');
});

it('a transaction that promised not to append does not hold the feed back', async () => {
  const seen = await holding(true, async () => {
    await store.append([event('during-promise', 1)]);
    return fedStreams();
  });
  expect(seen).toContain('during-promise');
});

it('refuses an append inside a promised transaction, storing nothing', async () => {
  const c = await pool.connect();
  try {
    await c.query('BEGIN');
    await c.query(PROMISE_NO_APPEND);
    await expect(
      c.query(
        `SELECT * FROM ca_append(ARRAY['s-x'], ARRAY[$1::uuid], ARRAY['Something'], ARRAY['{}'::jsonb], ARRAY['{}'::jsonb],
                 ARRAY['2026-11-21T20:00:00.000Z'], ARRAY['c'], ARRAY[1], ARRAY[''], ARRAY['h'], '{}'::jsonb)`,
        [randomUUID()],
      ),
    ).rejects.toMatchObject({ code: 'CA005' });
  } finally {
    await c.query('ROLLBACK');
    c.release();
  }
  expect(await fedStreams()).not.toContain('s-x');
});
