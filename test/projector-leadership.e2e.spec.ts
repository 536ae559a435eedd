/**
 * Leader election between projector processes (ProjectorOptions.leadership): while following, each read
 * model is fed by the one process holding its `leader:<name>` lock; a standby feeds nothing, and takes
 * over when the leader stops or its connection dies. Two projectors on separate pools here stand for two
 * processes (advisory locks belong to database sessions, not to processes).
 */
import { Pool } from 'pg';
import { Runtime, startRuntime } from '../libs/platform/src';
import { allProjections, Projector, readCheckpoint } from '../libs/projections/src';
import { recordSimulatedDay } from './support/simulated-day';
import { createTestDatabase, TestDatabase } from './support/database';

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 20_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('projector leadership', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const pools: Pool[] = [];
  const batches = { a: 0, b: 0 };

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
  });
  afterAll(async () => {
    await runtime.close();
    for (const p of pools) await p.end();
    await db.drop();
  });

  const projector = (who: 'a' | 'b') => {
    const pool = new Pool({ connectionString: db.url, max: 4 });
    // as the runtime's pool (platform/src/runtime.ts): an idle connection cut off is dropped, not an unhandled error
    pool.on('error', () => undefined);
    pools.push(pool);
    return new Projector(pool, runtime.store, allProjections(), { leadership: true, leadershipRetryMs: 100, batchSize: 200, onBatch: () => batches[who]++ });
  };
  const ingestDay = async (seed: number, day: string) => {
    await recordSimulatedDay(runtime.ingestion, { tables: 3, rounds: 6, seed, gamingDay: day, casinoId: `casino-${seed}` });
  };
  const caughtUp = async () => {
    const head = Number((await runtime.pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    for (const p of allProjections()) if ((await readCheckpoint(runtime.pool, p.name)).events !== head) return false;
    return true;
  };

  it('feeds each read model from one process, and hands over when the leader stops', async () => {
    const a = projector('a');
    const following = { a: a.follow() };
    await until('a to lead every read model', () => a.leading.length === allProjections().length);
    const b = projector('b');
    const followingB = b.follow();
    await new Promise((r) => setTimeout(r, 400)); // b tried, and stands by
    expect(b.leading).toEqual([]);

    await ingestDay(1, '2026-12-01');
    await until('the read models to catch up', caughtUp);
    expect(batches.a).toBeGreaterThan(0);
    expect(batches.b).toBe(0);

    a.stop();
    await following.a;
    await until('b to take over', () => b.leading.length === allProjections().length);
    const before = batches.b;
    await ingestDay(2, '2026-12-02');
    await until('the read models to catch up again', caughtUp);
    expect(batches.b).toBeGreaterThan(before);
    const books = Number((await runtime.pool.query('SELECT count(*) AS n FROM table_books')).rows[0].n);
    expect(books).toBe(6);

    // the leader's connection dies (a network cut, a restarted pooler): PostgreSQL releases its locks
    const holders = async () =>
      (
        await runtime.pool.query(
          `SELECT DISTINCT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows.map((r) => r.pid as number);
    const [lost] = await holders();
    await runtime.pool.query('SELECT pg_terminate_backend($1)', [lost]);
    await until('the locks to be taken again by a new session', async () => b.leading.length === allProjections().length && !(await holders()).includes(lost));
    await ingestDay(3, '2026-12-03');
    await until('the read models to catch up after the new election', caughtUp);
    b.stop();
    await followingB;
    expect(await holders()).toEqual([]); // a projector that stops gives its read models up
  }, 60_000);
});
