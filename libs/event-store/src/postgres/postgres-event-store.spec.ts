import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../../test/support/database';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import { FEED_START, FeedCheckpoint, FeedPage, NewEvent, ProjectedEvent } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { verifyPostgresStore } from './postgres-verifier';

const event = (streamId: string, data: Record<string, unknown> = {}, type = 'Something'): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type,
  data,
  occurredAt: '2026-11-21T20:00:00.000Z',
});

const key = (c: FeedCheckpoint) => [c.transactionId, c.globalPosition] as const;
const after = (a: FeedCheckpoint, b: FeedCheckpoint) =>
  a.transactionId > b.transactionId || (a.transactionId === b.transactionId && a.globalPosition > b.globalPosition);

describe('PostgreSQL event store', () => {
  let db: TestDatabase;
  let pool: Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await createTestDatabase();
    ({ pool, store } = await migratedStore(db.url, 30));
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('gives every row of a batch its own data text, as written, and its own metadata, whatever their characters', async () => {
    const streams = [`s-${randomUUID()}`, `s-${randomUUID()}`];
    const awkward = [
      {
        quote: 'a "quoted" word',
        backslash: 'C:\\tables\\RF01',
        brace: '{a,b}',
        comma: 'x,y',
        controls: 'line\nbreak\ttab\u001f',
        emoji: '🂡 ñ ç',
        nested: [[1, '2'], { k: null }],
      },
      { n: 1, empty: '', list: [], deep: { deeper: { deepest: [true, false, 1.5e-7] } } },
      { text: '],[{"fake":"element"}' },
      {},
    ];
    const batch = awkward.map((data, i) => ({ ...event(streams[i % 2], data), metadata: { seat: i, note: i === 0 ? 'with "quotes", a \\ and ]' : 'plain' } }));
    const result = await store.append(batch);
    expect(result.map((r) => r.status)).toEqual(['appended', 'appended', 'appended', 'appended']);
    const rows = (
      await pool.query(`SELECT event_id, data::text AS data, metadata FROM ca_events WHERE event_id = ANY ($1::uuid[]) ORDER BY global_position`, [
        batch.map((e) => e.eventId),
      ])
    ).rows;
    expect(rows.map((r) => r.event_id)).toEqual(batch.map((e) => e.eventId));
    expect(rows.map((r) => r.data)).toEqual(awkward.map((d) => JSON.stringify(d)));
    expect(rows.map((r) => r.metadata)).toEqual(batch.map((e) => e.metadata));
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('appends a batch in one call, in order, and reads the stream back with its chain intact', async () => {
    const stream = `s-${randomUUID()}`;
    const batch = [event(stream, { n: 1 }), event(stream, { n: 2 }), event(stream, { n: 3 })];
    const result = await store.append(batch, { expectedVersions: { [stream]: 0 } });
    expect(result.map((r) => [r.status, r.streamVersion])).toEqual([
      ['appended', 1],
      ['appended', 2],
      ['appended', 3],
    ]);
    const read = await store.readStream(stream);
    expect(read.map((e) => e.data.n)).toEqual([1, 2, 3]);
    expect(read[1].prevHash).toBe(read[0].hash);
    expect(read[2].prevHash).toBe(read[1].hash);
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('lets exactly one of two writers with the same expected version win', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append([event(stream)]);
    const outcomes = await Promise.allSettled([
      store.append([event(stream, { writer: 'a' })], { expectedVersions: { [stream]: 1 } }),
      store.append([event(stream, { writer: 'b' })], { expectedVersions: { [stream]: 1 } }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0].reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(lost[0].reason).toMatchObject({ streamId: stream, expected: 1, actual: 2 });
    expect(await store.readStream(stream)).toHaveLength(2);
  });

  it('treats the same id with the same content as a duplicate and refuses it with other content', async () => {
    const stream = `s-${randomUUID()}`;
    const e = event(stream, { amount: 100 });
    await store.append([e]);
    const again = await store.append([e]);
    expect(again[0].status).toBe('duplicate');
    expect(again[0].streamVersion).toBe(1);
    await expect(store.append([{ ...e, data: { amount: 999 } }])).rejects.toBeInstanceOf(EventIdConflictError);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('stores nothing of a batch that fails on any stream', async () => {
    const a = `s-${randomUUID()}`;
    const b = `s-${randomUUID()}`;
    await store.append([event(b)]);
    await expect(store.append([event(a), event(b)], { expectedVersions: { [a]: 0, [b]: 0 } })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect(await store.readStream(a)).toHaveLength(0);
    expect(await store.readStream(b)).toHaveLength(1);
  });

  it('has no way to update or delete an event: the database refuses it', async () => {
    const stream = `s-${randomUUID()}`;
    await store.append([event(stream)]);
    await expect(pool.query(`UPDATE ca_events SET data = '{}' WHERE stream_id = $1`, [stream])).rejects.toThrow(/immutable/);
    await expect(pool.query(`DELETE FROM ca_events WHERE stream_id = $1`, [stream])).rejects.toThrow(/immutable/);
    await expect(pool.query(`TRUNCATE ca_event_rows`)).rejects.toThrow(/immutable/);
  });

  it('reads the same feed as lean facts: data as its JSON text, the round id only when it is a string', async () => {
    const from = (await store.readFeed(FEED_START, 1_000_000)).checkpoint;
    const stream = `session-${randomUUID()}`;
    await store.append([
      event(stream, { roundId: 'r-1', amount: 12.5, note: 'ñ "quoted" \\ ✓', nested: { a: [1, null, true] } }, 'BetPlaced'),
      event(stream, { roundId: 7 }, 'Odd'),
      event(stream, {}, 'RoundStarted'),
      event(stream, { roundId: 'r "2" \\ ñ' }, 'RoundStarted'),
    ]);
    const events = (await store.readFeed(from, 100)).events;
    const page = await store.readFeedFacts(from, 100);
    expect(page.checkpoint).toEqual((await store.readFeed(from, 100)).checkpoint);
    expect(page.events.map((f) => [f.globalPosition, f.transactionId, f.streamId, f.streamVersion, f.eventId, f.type, f.startHash])).toEqual(
      events.map((e) => [e.globalPosition, e.transactionId, e.streamId, e.streamVersion, e.eventId, e.type, e.type === 'RoundStarted' ? e.prevHash : null]),
    );
    expect(page.events.map((f) => JSON.parse(f.dataText))).toEqual(events.map((e) => e.data));
    expect(page.events.map((f) => f.roundId)).toEqual(['r-1', null, null, 'r "2" \\ ñ']);
    // a page of facts is cut where the page of events is
    expect((await store.readFeedFacts(from, 2)).checkpoint).toEqual((await store.readFeed(from, 2)).checkpoint);
  });

  it("reads a page of only some types as the same rows as the feed's: the others counted, its end the feed page's end", async () => {
    const from = (await store.readFeed(FEED_START, 1_000_000)).checkpoint;
    const stream = `session-${randomUUID()}`;
    await store.append([
      event(stream, { roundId: 'r-1' }, 'CardDealt'),
      event(stream, { roundId: 'r-1', amount: 5 }, 'BetPlaced'),
      event(stream, { roundId: 'r-1' }, 'CardDealt'),
      event(stream, { roundId: 'r-1' }, 'CardDealt'),
      event(stream, { roundId: 'r-1', payout: 5 }, 'BetSettled'),
    ]);
    const wanted = ['BetPlaced', 'BetSettled'];
    for (const limit of [1, 2, 3, 4, 5, 100]) {
      const full = await store.readFeed(from, limit);
      const some = await store.readFeedOf(from, limit, wanted);
      expect(some.read).toBe(full.events.length);
      expect(some.checkpoint).toEqual(full.checkpoint); // cut where the whole page is, skipped rows or not
      // the kept events as the read models read them: whole, without the chain
      const projected = (await store.readProjectedFeed(from, limit)).events;
      expect(some.events).toEqual(projected.filter((e) => wanted.includes(e.type)));
      expect(projected).toEqual(full.events.map(({ contentHash: _c, prevHash: _p, hash: _h, ...rest }) => rest));
    }
    // a page with none of the types still covers its rows: the reader moves past them
    const skipped = await store.readFeedOf(from, 1, wanted);
    expect(skipped.events).toEqual([]);
    expect(skipped.read).toBe(1);
    expect(skipped.checkpoint).not.toEqual(from);
    // nothing new: the page is empty and stays where it was asked
    const end = (await store.readFeed(from, 100)).checkpoint;
    expect(await store.readFeedOf(end, 100, wanted)).toEqual({ events: [], checkpoint: end, read: 0 });
  });

  it('feeds every committed event exactly once to a follower (and to one of some types only) while 12 writers hold transactions open for random times', async () => {
    const writers = 12;
    const appendsPerWriter = 25;
    const start = (await store.readFeed(FEED_START, 1_000_000)).checkpoint;
    const committed = new Set<string>();
    let writing = true;

    const writer = async (w: number) => {
      const stream = `torture-${w}-${randomUUID()}`;
      for (let i = 0; i < appendsPerWriter; i++) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const batch = [event(stream, { w, i }), ...(i % 3 === 0 ? [event(stream, { w, i, extra: true }, 'Extra')] : [])];
          await store.appendWith(client, batch);
          // hold the transaction open: its positions are taken, but invisible until commit
          await new Promise((r) => setTimeout(r, Math.random() * 40));
          if (i % 7 === 6) {
            await client.query('ROLLBACK'); // some writers give up: their positions become permanent gaps
          } else {
            await client.query('COMMIT');
            for (const e of batch) committed.add(e.eventId);
          }
        } finally {
          client.release();
        }
      }
    };

    const violations: string[] = [];
    const follow = async (read: (after: FeedCheckpoint) => Promise<FeedPage<ProjectedEvent>>) => {
      const received: ProjectedEvent[] = [];
      const seen = new Set<string>();
      let checkpoint = start;
      for (;;) {
        const stillWriting = writing;
        const page = await read(checkpoint);
        for (const e of page.events) {
          const k: FeedCheckpoint = { transactionId: e.transactionId, globalPosition: e.globalPosition };
          if (!after(k, checkpoint)) violations.push(`event ${e.globalPosition} arrived behind the checkpoint ${key(checkpoint)}`);
          if (seen.has(e.eventId)) violations.push(`event ${e.eventId} delivered twice`);
          seen.add(e.eventId);
          received.push(e);
        }
        checkpoint = page.checkpoint;
        if (!(page.read ?? page.events.length)) {
          if (!stillWriting) break;
          await new Promise((r) => setTimeout(r, 2));
        }
      }
      return received;
    };
    const followers = Promise.all([
      follow((from) => store.readFeed(from, 17)),
      follow((from) => store.readFeedOf(from, 5, ['Extra'])),
      follow((from) => store.readProjectedFeed(from, 13)),
    ]);

    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    writing = false;
    const [received, extras, projected] = await followers;

    expect(violations).toEqual([]);
    // the follower of one type got every committed event of it, each once, whatever pages it skipped past
    expect(extras.map((e) => e.eventId).sort()).toEqual(
      received
        .filter((e) => e.type === 'Extra')
        .map((e) => e.eventId)
        .sort(),
    );
    expect(extras.length).toBeGreaterThan(0);
    // the read models' feed (no chain) is the same feed: the same events in the same order
    expect(projected.map((e) => e.eventId)).toEqual(received.map((e) => e.eventId));
    const receivedIds = new Set(received.map((e) => e.eventId));
    const missing = [...committed].filter((id) => !receivedIds.has(id));
    expect(missing).toEqual([]);
    expect(received.length).toBe(committed.size);
    // the torture really interleaved: positions were committed out of order
    const positions = received.map((e) => e.globalPosition);
    expect(positions.some((p, i) => i > 0 && p < positions[i - 1])).toBe(true);
  });
});
