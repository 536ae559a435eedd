/**
 * Group commit (postgres-event-store.ts, `append`): appends that arrive while the calls of `ca_append` are busy go
 * together in the next one. Real PostgreSQL. What must hold: each append answered as if it had been sent alone (its
 * own conflicts, duplicates and version races), the order on each stream kept, the chain intact, and appends that
 * came together sharing transactions.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../../test/support/database';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import type { NewEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { verifyPostgresStore } from './postgres-verifier';

const event = (streamId: string, data: Record<string, unknown> = {}): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'Something',
  data,
  occurredAt: '2026-11-30T14:00:00.000Z',
});

describe('PostgreSQL event store: appends that arrive together share a call', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase('ca_group_append');
    ({ pool, store } = await migratedStore(db.url, 30));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  const transactionsOf = async (streams: readonly string[]) =>
    Number((await pool.query(`SELECT count(DISTINCT transaction_id)::int AS n FROM ca_events WHERE stream_id = ANY ($1::text[])`, [streams])).rows[0].n);

  it('60 appends to 60 streams sent at once are all stored, each answered with its own position, in far fewer transactions', async () => {
    const streams = Array.from({ length: 60 }, () => `g-${randomUUID()}`);
    const sent = streams.map((s, i) => [event(s, { i }), event(s, { i, second: true })]);
    const answers = await Promise.all(sent.map((events, i) => store.append(events, { expectedVersions: { [streams[i]]: 0 } })));
    answers.forEach((answer, i) => {
      expect(answer.map((a) => [a.eventId, a.streamId, a.streamVersion, a.status])).toEqual([
        [sent[i][0].eventId, streams[i], 1, 'appended'],
        [sent[i][1].eventId, streams[i], 2, 'appended'],
      ]);
    });
    // every answer's position is where the event is stored
    for (const [i, answer] of answers.entries()) {
      const stored = await store.readStream(streams[i]);
      expect(stored.map((e) => e.globalPosition)).toEqual(answer.map((a) => a.globalPosition));
      expect(stored.map((e) => e.data)).toEqual([{ i }, { i, second: true }]);
      expect(stored[1].prevHash).toBe(stored[0].hash);
    }
    // at most four calls in flight: the first four went alone, the rest waited and went in groups
    expect(await transactionsOf(streams)).toBeLessThan(20);
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('appends to one stream sent at once are stored one after the other in the order they were sent, none refused', async () => {
    const stream = `one-${randomUUID()}`;
    const sent = Array.from({ length: 25 }, (_, i) => event(stream, { n: i }));
    const answers = await Promise.all(sent.map((e) => store.append([e])));
    expect(answers.map((a) => [a[0].streamVersion, a[0].status])).toEqual(sent.map((_, i) => [i + 1, 'appended']));
    expect((await store.readStream(stream)).map((e) => e.data.n)).toEqual(sent.map((_, i) => i));
  });

  it('in a group, a wrong expected version, a reused id and a resent event are each answered to their own append; the others are stored', async () => {
    const taken = event(`t-${randomUUID()}`, { first: true });
    await store.append([taken]);
    const behind = `b-${randomUUID()}`;
    await store.append([event(behind)]);
    // keep the four calls busy so that the appends below wait and go as one group
    const busy = Array.from({ length: 4 }, () => store.append(Array.from({ length: 200 }, () => event(`busy-${randomUUID()}`))));
    const good = Array.from({ length: 5 }, () => `ok-${randomUUID()}`);
    const answers = await Promise.allSettled([
      ...good.map((s) => store.append([event(s)], { expectedVersions: { [s]: 0 } })),
      store.append([event(behind)], { expectedVersions: { [behind]: 0 } }), // the stream is at 1
      store.append([{ ...event(`r-${randomUUID()}`), eventId: taken.eventId }]), // the id with other content
      store.append([taken]), // the same event again
    ]);
    await Promise.all(busy);
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual(Array(5).fill('fulfilled'));
    for (const [i, s] of good.entries()) {
      const [stored] = await store.readStream(s);
      expect((answers[i] as PromiseFulfilledResult<{ globalPosition: bigint }[]>).value[0].globalPosition).toBe(stored.globalPosition);
    }
    expect((answers[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((answers[6] as PromiseRejectedResult).reason).toBeInstanceOf(EventIdConflictError);
    expect((answers[7] as PromiseFulfilledResult<{ status: string }[]>).value[0].status).toBe('duplicate');
    expect((await store.readStream(behind)).length).toBe(1);
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('a group built on heads another process moved is sent again append by append: each lands after the other writer', async () => {
    const streams = Array.from({ length: 6 }, () => `m-${randomUUID()}`);
    await Promise.all(streams.map((s) => store.append([event(s, { by: 'this' })])));
    // another process appends to every stream: this store's cached heads are now behind
    const other = new PostgresEventStore(pool);
    for (const s of streams) await other.append([event(s, { by: 'other' })]);
    const busy = Array.from({ length: 4 }, () => store.append(Array.from({ length: 200 }, () => event(`busy-${randomUUID()}`))));
    const answers = await Promise.all(streams.map((s) => store.append([event(s, { by: 'this again' })])));
    await Promise.all(busy);
    expect(answers.map((a) => a[0].streamVersion)).toEqual(streams.map(() => 3));
    for (const s of streams) expect((await store.readStream(s)).map((e) => e.data.by)).toEqual(['this', 'other', 'this again']);
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('with appendsInFlight 0 every append is its own transaction, as before', async () => {
    const alone = new PostgresEventStore(pool, { appendsInFlight: 0 });
    const streams = Array.from({ length: 12 }, () => `a-${randomUUID()}`);
    await Promise.all(streams.map((s) => alone.append([event(s)])));
    expect(await transactionsOf(streams)).toBe(12);
  });
});
