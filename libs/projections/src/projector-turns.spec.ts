/**
 * The catch-up's turns (issue 17): when events keep arriving faster than one read model can take them, the
 * others must still take theirs in every turn. The load benchmark of 2026-11-28 saw the table books wait
 * behind the statistics read models: a projection that had caught up once was not stepped again until
 * the slowest one caught up too. Real PostgreSQL; two read models, one slowed down.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import type { QueryRunner } from 'typeorm';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../test/support/database';
import type { PostgresEventStore } from '../../event-store/src';
import { TableBook1763700000000 } from './migrations/1763700000000-table-book';
import type { EventProjection } from './projection';
import { readCheckpoint } from './checkpoints';
import { Projector } from './projector';

jest.setTimeout(60_000);

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('ca_turns');
  ({ pool, store } = await migratedStore(db.url, 6));
  await new TableBook1763700000000().up({ query: (sql: string) => pool.query(sql) } as unknown as QueryRunner); // the checkpoints table
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

const arrive = (n: number) =>
  store.append(
    Array.from({ length: n }, (_, i) => ({
      streamId: `table-T-${i % 3}`,
      eventId: randomUUID(),
      type: 'Something',
      data: { i },
      metadata: { recordedBy: 'terminal:T-1' },
      occurredAt: '2026-11-29T20:00:00.000Z',
    })),
  );

const readModel = (name: string): EventProjection => ({ name, tables: [], handles: new Set(['Something']), apply: async () => undefined });

it('steps every read model in every turn, so one that had caught up takes what arrives while another works through its backlog', async () => {
  const head = async () => Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
  const upToDate = readModel('table-book-like');
  const behind = readModel('statistics-like');
  await arrive(40);
  const lagOfUpToDate: number[] = [];
  let arrival: Promise<void> = Promise.resolve();
  const projector = new Projector(pool, store, [upToDate, behind], {
    batchSize: 10,
    // while the read model that is behind works, events keep coming: half a page after each of its batches
    onBatch: (name) => {
      if (name === behind.name)
        arrival = arrival.then(async () => {
          lagOfUpToDate.push((await head()) - (await readCheckpoint(pool, upToDate.name)).events);
          await arrive(5);
        });
    },
  });
  await projector.catchUp([upToDate]); // one read model is up to date, the other has 40 events to take
  // each batch's arrival lands before the next step, as it would between two turns of a live feed
  const step = projector.step.bind(projector);
  projector.step = async (...args) => {
    const n = await step(...args);
    await arrival;
    return n;
  };
  await projector.catchUp();
  // eight turns for the one behind (10 a turn against 5 arriving); the other took each turn's arrival in the next
  expect(lagOfUpToDate.length).toBeGreaterThanOrEqual(6);
  expect(Math.max(...lagOfUpToDate)).toBeLessThanOrEqual(5);
  for (const p of [upToDate, behind]) expect((await head()) - (await readCheckpoint(pool, p.name)).events).toBeLessThanOrEqual(5);
});

it('commits a batch without waiting for the disk only when asked (the live runtime and a rebuild ask), batch and checkpoint in one transaction', async () => {
  await arrive(3);
  const seen: string[] = [];
  const probe = (name: string): EventProjection => ({
    name,
    tables: [],
    handles: new Set(['Something']),
    apply: async (db) => {
      seen.push(`${name}:${(await db.query('SHOW synchronous_commit')).rows[0].synchronous_commit}`);
    },
  });
  await new Projector(pool, store, [probe('relaxed')], { relaxedCommit: true }).catchUp();
  await new Projector(pool, store, [probe('durable')]).catchUp();
  expect(seen).toEqual(['relaxed:off', 'durable:on']);
  // the setting was the batch's own (SET LOCAL): the pool's next transaction waits for the disk again
  expect((await pool.query('SHOW synchronous_commit')).rows[0].synchronous_commit).toBe('on');
});

it("steps a read model kept close behind (the table book) again after each other read model's batch", async () => {
  await arrive(1);
  const order: string[] = [];
  const logged = (name: string, closeBehind = false): EventProjection => ({
    name,
    tables: [],
    handles: new Set(['Something']),
    closeBehind,
    apply: async () => undefined,
  });
  const close = logged('close-behind', true);
  const others = ['first', 'second', 'third'].map((n) => logged(n));
  const projector = new Projector(pool, store, [close, ...others], { batchSize: 5, onBatch: (name) => order.push(name) });
  await projector.catchUp([close]);
  order.length = 0;
  // each other read model has the whole store to take (pages of 5); what arrives after each of their batches
  // is taken by the close one before the next of them starts
  const step = projector.step.bind(projector);
  projector.step = async (p, ...rest) => {
    const n = await step(p, ...rest);
    if (!p.closeBehind && n > 0 && order.filter((o) => o !== 'close-behind').length <= 6) await arrive(2);
    return n;
  };
  await projector.catchUp();
  const head = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
  // in the first turn: first, close, second, close, third, close
  expect(order.slice(0, 6)).toEqual(['first', 'close-behind', 'second', 'close-behind', 'third', 'close-behind']);
  for (const p of [close, ...others]) expect((await readCheckpoint(pool, p.name)).events).toBe(head);
});

it("with concurrency, runs that many read models' batches at once, each read model one batch at a time, and every one reaches the head", async () => {
  await arrive(30);
  let inFlight = 0;
  let most = 0;
  const perModel = new Map<string, number>();
  const slow = (name: string): EventProjection => ({
    name,
    tables: [],
    handles: new Set(['Something']),
    apply: async () => {
      inFlight++;
      perModel.set(name, (perModel.get(name) ?? 0) + 1);
      most = Math.max(most, inFlight);
      expect(perModel.get(name)).toBe(1); // never two batches of one read model at once
      await new Promise((r) => setTimeout(r, 20));
      perModel.set(name, perModel.get(name)! - 1);
      inFlight--;
    },
  });
  const models = ['c-1', 'c-2', 'c-3', 'c-4', 'c-5'].map(slow);
  await new Projector(pool, store, models, { batchSize: 10, concurrency: 3 }).catchUp();
  expect(most).toBe(3);
  const head = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
  for (const p of models) expect((await readCheckpoint(pool, p.name)).events).toBe(head);
});

it('with concurrency, a read model kept close behind has a lane of its own: it takes what arrives while the others work through their backlog', async () => {
  await arrive(1);
  const close: EventProjection = { name: 'lane-close', tables: [], handles: new Set(['Something']), closeBehind: true, apply: async () => undefined };
  const others = ['lane-a', 'lane-b', 'lane-c'].map((name): EventProjection => ({
    name,
    tables: [],
    handles: new Set(['Something']),
    apply: () => new Promise((r) => setTimeout(r, 30)),
  }));
  const projector = new Projector(pool, store, [close, ...others], { batchSize: 5, concurrency: 2 });
  await projector.catchUp([close]);
  // while the others take the store in pages of 5, one at a time, events keep arriving; the close one's lag is sampled
  const lags: number[] = [];
  let arriving = true;
  const arrivals = (async () => {
    for (let i = 0; i < 8; i++) {
      await arrive(2);
      await new Promise((r) => setTimeout(r, 60));
      const head = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
      lags.push(head - (await readCheckpoint(pool, close.name)).events);
    }
    arriving = false;
  })();
  await projector.catchUp();
  await arrivals;
  expect(arriving).toBe(false);
  // the others were still behind long after the arrivals began; the close one never was more than an arrival behind
  expect(Math.max(...lags)).toBeLessThanOrEqual(2);
  await projector.catchUp();
  const head = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
  for (const p of [close, ...others]) expect((await readCheckpoint(pool, p.name)).events).toBe(head);
});

it('with concurrency, a read model whose batch fails ends the catch-up, and the close lane with it (it does not go on polling)', async () => {
  await arrive(3);
  let closeSteps = 0;
  const close: EventProjection = { name: 'failing-close', tables: [], handles: new Set(['Something']), closeBehind: true, apply: async () => undefined };
  const failing: EventProjection = {
    name: 'failing-other',
    tables: [],
    handles: new Set(['Something']),
    apply: async () => {
      throw new Error('the batch failed');
    },
  };
  const projector = new Projector(pool, store, [close, failing], { batchSize: 5, concurrency: 2 });
  const step = projector.step.bind(projector);
  projector.step = async (p, ...rest) => {
    if (p === close) closeSteps++;
    return step(p, ...rest);
  };
  await expect(projector.catchUp()).rejects.toThrow('the batch failed');
  await new Promise((r) => setTimeout(r, 150));
  const after = closeSteps;
  await new Promise((r) => setTimeout(r, 200));
  expect(closeSteps).toBe(after);
});

it('two projectors taking turns at one read model apply every event exactly once: a checkpoint moved by the other is read again, never trusted from memory', async () => {
  // each projector remembers the checkpoint it committed last and starts its next batch there (one round trip less a
  // batch); a batch checks it under its lock against the stored one, so the other's batches in between are not fed again
  await pool.query('CREATE TABLE IF NOT EXISTS turns_applied (event_id uuid PRIMARY KEY, by_projector text NOT NULL)');
  const applied: EventProjection = {
    name: 'exactly-once',
    tables: [],
    handles: new Set(['Something']),
    apply: async (db, events) => {
      // a second application of an event breaks the primary key and fails its batch
      await db.query('INSERT INTO turns_applied (event_id, by_projector) SELECT unnest($1::uuid[]), $2', [events.map((e) => e.eventId), current]);
    },
  };
  let current = '';
  const a = new Projector(pool, store, [applied], { batchSize: 7 });
  const b = new Projector(pool, store, [applied], { batchSize: 7 });
  const moves: Array<[string, number]> = [];
  for (let round = 0; round < 6; round++) {
    await arrive(10);
    for (const [name, projector] of [
      ['a', a],
      ['b', b],
    ] as const) {
      current = name;
      moves.push([name, await projector.step(applied, {})]);
    }
  }
  await a.catchUp([applied]);
  const head = Number((await pool.query(`SELECT count(*) AS n FROM ca_events`)).rows[0].n);
  const rows = await pool.query(`SELECT by_projector, count(*)::int AS n FROM turns_applied GROUP BY by_projector ORDER BY by_projector`);
  // every event of the store, once, fed by both projectors in turn
  expect(rows.rows.reduce((s, r) => s + r.n, 0)).toBe(head);
  expect(rows.rows.map((r) => r.by_projector)).toEqual(['a', 'b']);
  expect((await readCheckpoint(pool, applied.name)).events).toBe(head);
  // each projector's steps after the other's found the checkpoint moved: they started over (read a full page's worth
  // again) instead of applying
  expect(moves.some(([, n]) => n === 7)).toBe(true);
});

it("a read model's checkpoint is written under its own name, quotes and all, in the batch's last round trip", async () => {
  const odd: EventProjection = { name: "o'brien; --", tables: [], handles: new Set(['Something']), apply: async () => undefined };
  await arrive(3);
  const projector = new Projector(pool, store, [odd], { batchSize: 1000 });
  await projector.catchUp([odd]);
  const head = Number((await pool.query(`SELECT count(*) AS n FROM ca_events`)).rows[0].n);
  const row = await pool.query(`SELECT events::int AS events FROM ca_projection_checkpoints WHERE name = $1`, [odd.name]);
  expect(row.rows).toEqual([{ events: head }]);
});
