/**
 * The feed window (issue 23 §1): the read models following the feed read each event once between them, and still
 * each gets every event exactly once, in feed order, with nothing committed before a catch-up left out of it.
 * Real PostgreSQL; the store's own reads, counted by a spy that calls through.
 */
import { randomUUID } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import type { QueryRunner } from 'typeorm';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../test/support/database';
import { compareCheckpoints, FEED_START, FeedCheckpoint, PostgresEventStore, StoredEvent } from '../../event-store/src';
import { TableBook1763700000000 } from './migrations/1763700000000-table-book';
import type { EventProjection, FactProjection } from './projection';
import { readCheckpoint } from './checkpoints';
import { FeedWindow } from './feed-window';
import { Projector } from './projector';

jest.setTimeout(120_000);

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('ca_window');
  ({ pool, store } = await migratedStore(db.url, 8));
  await new TableBook1763700000000().up({ query: (sql: string) => pool.query(sql) } as unknown as QueryRunner); // the checkpoints table
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

const newEvents = (n: number, stream = () => `table-W-${Math.floor(Math.random() * 4)}`) =>
  Array.from({ length: n }, (_, i) => ({
    streamId: stream(),
    eventId: randomUUID(),
    type: 'Something',
    data: { i },
    metadata: { recordedBy: 'terminal:T-1' },
    occurredAt: '2026-11-30T17:00:00.000Z',
  }));
const arrive = (n: number) => store.append(newEvents(n));

/** Every event of the store in feed order. */
async function wholeFeed(): Promise<StoredEvent[]> {
  const all: StoredEvent[] = [];
  for (let after: FeedCheckpoint = FEED_START; ;) {
    const page = await store.readFeed(after, 5000);
    if (!page.events.length) return all;
    all.push(...page.events);
    after = page.checkpoint;
  }
}

const at = (e: StoredEvent): FeedCheckpoint => ({ transactionId: e.transactionId, globalPosition: e.globalPosition });

/** The feed so far and the checkpoint after its last event: where a test's own events begin. */
async function theHead(): Promise<{ before: StoredEvent[]; from: FeedCheckpoint }> {
  const before = await wholeFeed();
  return { before, from: before.length ? at(before[before.length - 1]) : FEED_START };
}

/** A read model that keeps the ids it was given, in the order given. */
const recorder = (name: string, closeBehind = false) => {
  const seen: string[] = [];
  const p: EventProjection = {
    name,
    tables: [],
    handles: new Set(['Something']),
    closeBehind,
    apply: async (_db, events) => {
      seen.push(...events.map((e) => e.eventId));
    },
  };
  return { p, seen };
};

describe('FeedWindow, on the store', () => {
  const windowOf = (limit: number, kept = 3 * limit) => {
    let reads = 0;
    const w = new FeedWindow((after) => (reads++, store.readFeed(after, limit)), limit, kept);
    return { w, reads: () => reads };
  };

  it('hands the events after any checkpoint inside it, up to a batch, without reading again', async () => {
    const { before, from } = await theHead();
    await arrive(25);
    const feed = (await wholeFeed()).slice(before.length);
    const { w, reads } = windowOf(10);
    const since = performance.now();
    const first = await w.pageAfter(from, since);
    expect(first!.events.map((e) => e.eventId)).toEqual(feed.slice(0, 10).map((e) => e.eventId));
    expect(reads()).toBe(1);
    // a full batch from inside the stretch is the feed's whatever the time; a shorter one needs the rest read
    const third = await w.pageAfter(at(feed[2]), since);
    expect(third!.events.map((e) => e.eventId)).toEqual(feed.slice(3, 13).map((e) => e.eventId));
    expect(third!.checkpoint).toEqual(at(feed[12]));
    expect(reads()).toBe(2);
    const again = await w.pageAfter(at(feed[4]), since);
    expect(again!.events.map((e) => e.eventId)).toEqual(feed.slice(5, 15).map((e) => e.eventId));
    expect(reads()).toBe(2);
  });

  it('does not hand out a short slice when the read that ended the stretch was a full page: more may follow it', async () => {
    const { before, from } = await theHead();
    await arrive(14);
    const feed = (await wholeFeed()).slice(before.length);
    const { w } = windowOf(10);
    const since = performance.now();
    await w.pageAfter(from, since); // a full page: 10 of the 14
    // 8 of the 10 are behind this checkpoint: 2 are left in the stretch, but the store has 4 more after it
    const page = await w.pageAfter(at(feed[7]), since);
    expect(page!.events.map((e) => e.eventId)).toEqual(feed.slice(8, 14).map((e) => e.eventId));
  });

  it('reads on before handing out a short slice to a catch-up that began after the stretch was read (nothing committed before it is left out)', async () => {
    const { from } = await theHead();
    await arrive(4);
    const { w, reads } = windowOf(10);
    const firstCatchUp = performance.now();
    const early = await w.pageAfter(from, firstCatchUp);
    expect(early!.events).toHaveLength(4);
    await arrive(3);
    // the same catch-up may take the short slice it has (it began before the 3 arrived)
    expect((await w.pageAfter(at(early!.events[0]), firstCatchUp))!.events).toHaveLength(3);
    expect(reads()).toBe(1);
    // a later catch-up may not: the 3 committed before it began
    const later = await w.pageAfter(at(early!.events[0]), performance.now());
    expect(later!.events).toHaveLength(6);
    expect(reads()).toBe(2);
  });

  it('at its end, reads on every time it is asked, sharing a read in flight, and answers nothing new only from a read sent after the ask', async () => {
    const { from } = await theHead();
    const { w, reads } = windowOf(10);
    const since = performance.now();
    const empty = await w.pageAfter(from, since);
    expect(empty).toEqual({ events: [], checkpoint: from });
    expect(reads()).toBe(1);
    await arrive(2);
    // five read models at the end at once: one read between them, and each sees the two
    const pages = await Promise.all(Array.from({ length: 5 }, () => w.pageAfter(from, since)));
    for (const page of pages) expect(page!.events).toHaveLength(2);
    expect(reads()).toBe(2);
    const end = pages[0]!.checkpoint;
    await arrive(1);
    expect((await w.pageAfter(end, since))!.events).toHaveLength(1);
    expect(reads()).toBe(3);
  });

  it('leaves a checkpoint behind the stretch to its read model (undefined), and moves to one ahead of it', async () => {
    const { before, from } = await theHead();
    await arrive(40);
    const feed = (await wholeFeed()).slice(before.length);
    const { w } = windowOf(10, 20);
    const since = performance.now();
    let after = from;
    for (let i = 0; i < 3; i++) after = (await w.pageAfter(after, since))!.checkpoint;
    expect(w.size).toBe(20); // kept at most 20: the first 10 are gone
    expect(await w.pageAfter(from, since)).toBeUndefined();
    expect(await w.pageAfter(at(feed[5]), since)).toBeUndefined();
    expect((await w.pageAfter(at(feed[9]), since))!.events.map((e) => e.eventId)).toEqual(feed.slice(10, 20).map((e) => e.eventId));
    // a checkpoint ahead of the stretch (another process moved a read model on): the stretch starts again there
    const ahead = await w.pageAfter(at(feed[34]), since);
    expect(ahead!.events.map((e) => e.eventId)).toEqual(feed.slice(35, 40).map((e) => e.eventId));
    expect(compareCheckpoints(w.end!, at(feed[39]))).toBe(0);
    expect(await w.pageAfter(at(feed[20]), since)).toBeUndefined();
  });
});

describe('the projector with its feed windows', () => {
  it('reads a short page once for all the read models standing at its start, one after the other', async () => {
    const models = ['w-a', 'w-b', 'w-c', 'w-d', 'w-e', 'w-f'].map((n) => recorder(n));
    const projector = new Projector(
      pool,
      store,
      models.map((m) => m.p),
      { batchSize: 100 },
    );
    await projector.catchUp();
    const spy = jest.spyOn(store, 'readFeed');
    try {
      for (let round = 0; round < 5; round++) {
        await arrive(7);
        spy.mockClear();
        await projector.catchUp();
        // the first read model reads the 7 (and the catch-up looks once more at the head), the five others take them from the window
        expect(spy.mock.calls.length).toBeLessThanOrEqual(2);
      }
    } finally {
      spy.mockRestore();
    }
    const feed = (await wholeFeed()).map((e) => e.eventId);
    for (const m of models) expect(m.seen).toEqual(feed);
  });

  it('a read model of lean facts is fed from a window of its own shape', async () => {
    const seen: string[] = [];
    const facts: FactProjection = {
      name: 'w-facts',
      reads: 'facts',
      tables: [],
      handles: new Set(['Something']),
      apply: async (_db, events) => {
        expect(typeof events[0].dataText).toBe('string');
        seen.push(...events.map((e) => e.eventId));
      },
    };
    const other = recorder('w-events');
    await arrive(12);
    await new Projector(pool, store, [facts, other.p], { batchSize: 5, concurrency: 2 }).catchUp();
    const feed = (await wholeFeed()).map((e) => e.eventId);
    expect(seen).toEqual(feed);
    expect(other.seen).toEqual(feed);
  });

  it('in any interleaving of arrivals, held transactions, steps, catch-ups and read models far behind, each read model gets every event once, in feed order', async () => {
    // a seeded sequence, so that a failure can be replayed
    let seed = 23;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
    const models = ['r-table-book', 'r-a', 'r-b', 'r-c', 'r-d'].map((n, i) => recorder(n, i === 0));
    const projector = new Projector(
      pool,
      store,
      models.map((m) => m.p),
      { batchSize: 8, concurrency: 3 },
    );
    let held: PoolClient | null = null;
    try {
      const ops: Promise<unknown>[] = [];
      for (let i = 0; i < 160; i++) {
        const r = random();
        if (r < 0.3) ops.push(arrive(1 + Math.floor(random() * 12)));
        else if (r < 0.37 && !held) {
          // an append that stays open for a while: the events committed after it wait behind it in the feed
          held = await pool.connect();
          await held.query('BEGIN');
          await store.appendWith(
            held,
            newEvents(3, () => `table-held-${i}`),
          );
        } else if (r < 0.42 && held) {
          const c = held;
          held = null;
          await c.query('COMMIT');
          c.release();
        } else if (r < 0.75) {
          const m = models[Math.floor(random() * models.length)];
          // a step alone, as a standalone caller would make it
          await projector.step(m.p, {});
        } else if (r < 0.95) {
          await Promise.all(ops.splice(0));
          const chosen = models.filter(() => random() < 0.7).map((m) => m.p);
          // a catch-up takes everything visible when it is called (what a held transaction holds back is not yet visible)
          const visible = (await wholeFeed()).length;
          await projector.catchUp(chosen);
          for (const p of chosen) expect((await readCheckpoint(pool, p.name)).events).toBeGreaterThanOrEqual(visible);
        } else {
          // a read model far behind: its checkpoint taken back to the start (a rebuild begun by hand), its record of
          // what it saw started again; fed from there by a projector of its own or by the live one (whose memory of the
          // checkpoint is a hint: checked under the lock, it starts over from the stored one)
          const m = models[1 + Math.floor(random() * (models.length - 1))];
          await pool.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [m.p.name]);
          m.seen.length = 0;
          if (random() < 0.5) await new Projector(pool, store, [m.p], { batchSize: 8 }).catchUp();
        }
      }
      await Promise.all(ops);
    } finally {
      // a failed check must not leave the held transaction open (the database could not be dropped)
      const c = held as PoolClient | null;
      if (c) {
        await c.query('COMMIT');
        c.release();
      }
    }
    await projector.catchUp();
    const feed = (await wholeFeed()).map((e) => e.eventId);
    for (const m of models) {
      expect(m.seen).toEqual(feed);
      expect((await readCheckpoint(pool, m.p.name)).events).toBe(feed.length);
    }
  });
});
