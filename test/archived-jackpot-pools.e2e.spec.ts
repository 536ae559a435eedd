/**
 * The jackpot pools once months are out of the store (store migration 15; replay's `jackpotPoolsAtSeal`, handed to the
 * drop, and `readJackpotFacts`). A pool's value carries its whole history; replay and the round verdicts fold it from the
 * store's jackpot facts. Before this, a pool configured in a month that `archive --drop` took out was, to that fold, no
 * pool at all: every later jackpot round would have been judged without it. Here the pools at a point after the drops
 * are, configuration and value, the pools the whole history gave before them: after one month out, after a second
 * (the first's pools carried forward), for one casino's pools, and for a pool configured, reset, contributed to and won
 * from across the cut. What cannot be folded is refused and named: a point before the last month's closing seal, and a
 * month dropped before the pools were kept.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Pool } from 'pg';
import { backupStore, restoreStore } from '../libs/backup/src';
import type { FeedCheckpoint, PostgresEventStore } from '../libs/event-store/src';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { writerRoleGrants } from '../libs/event-store/src/postgres/schema';
import { JackpotPoolsArchivedError, jackpotPoolsAtSeal, poolsBefore, readJackpotFacts } from '../libs/replay/src/jackpot-pools';
import { Runtime, startRuntime } from '../libs/platform/src';
import { exportCheckAndDrop } from './support/drop-month';
import { createTestDatabase, TestDatabase } from './support/database';

jest.setTimeout(120_000);

let db: TestDatabase;
let runtime: Runtime;
let pool: Pool;
let store: PostgresEventStore;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-archived-pools-'));

/** One fact appended on its own (its own transaction, so feed order is position order here). */
async function fact(streamId: string, type: string, data: Record<string, unknown>): Promise<FeedCheckpoint> {
  const [e] = await store.append([{ streamId, eventId: randomUUID(), type, occurredAt: '2026-10-20T21:00:00.000Z', data, metadata: {} }]);
  const r = await pool.query('SELECT transaction_id::text AS tx FROM ca_events WHERE global_position = $1', [e.globalPosition.toString()]);
  return { transactionId: BigInt(r.rows[0].tx), globalPosition: e.globalPosition };
}
const configured = (poolId: string, casinoId: string, seed: number) =>
  fact(`pool-${poolId}`, 'JackpotPoolConfigured', { poolId, casinoId, seed, contribution: { amount: 1 }, prizes: { 'royal-flush': { share: 1 } } });
const contributed = (poolId: string, amount: number) =>
  fact('session-s1', 'JackpotContributed', { poolId, sessionId: 's1', roundId: `r-${randomUUID()}`, amount });
const won = (poolId: string, amount: number) =>
  fact('session-s1', 'JackpotWon', { poolId, sessionId: 's1', roundId: `r-${randomUUID()}`, seat: 1, hand: 'royal-flush', amount });
const reset = (poolId: string, amount: number) => fact(`pool-${poolId}`, 'JackpotReset', { poolId, amount });

/** The pools the fold gives just before `at` (every casino's, or those of `casinos`), as replay reads them. */
async function poolsAt(at: FeedCheckpoint, casinos?: string[]) {
  return poolsBefore(await readJackpotFacts(pool, at, at, casinos), [at]).get(at.globalPosition)!;
}

/** `month` written, checked against its closing seal and dropped, as `archive MONTH --drop` does. */
const drop = (month: string) => exportCheckAndDrop(pool, month, dir);

beforeAll(async () => {
  db = await createTestDatabase('ca_archived_pools');
  // the runtime for its read models' tables (a backup carries their snapshots); its projector is never run here
  runtime = await startRuntime({ databaseUrl: db.url });
  ({ pool, store } = runtime);
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('jackpot pools after archive --drop', () => {
  let octoberPoint: FeedCheckpoint;
  let novemberPoint: FeedCheckpoint;
  let beforeFirstDrop: { all: object; casinoC: object };

  it('folds the same pools after October is out as the whole history gave before', async () => {
    // October: P configured and moved; Q configured then reset; S configured and never touched again
    await configured('P', 'C', 1000);
    await contributed('P', 50);
    await contributed('P', 50);
    await won('P', 20);
    await configured('Q', 'D', 500);
    await reset('Q', 700);
    await contributed('Q', 5);
    await configured('S', 'C', 42);
    await contributed('P', 50);
    octoberPoint = await fact('session-s1', 'RoundStarted', { sessionId: 's1', roundId: 'r-oct' });
    await turnMonth(pool, '2026-10');
    // November: P goes on; R is configured; Q is reset again (anchored online)
    await contributed('P', 10);
    await configured('R', 'C', 300);
    await contributed('R', 7);
    await reset('Q', 900);
    await contributed('Q', 1);
    novemberPoint = await fact('session-s1', 'RoundStarted', { sessionId: 's1', roundId: 'r-nov' });

    const all = await poolsAt(novemberPoint);
    // the whole history, worked out by hand: P 1000 + 150 − 20 + 10, Q reset to 900 + 1, R 300 + 7, S its seed
    expect(Object.fromEntries(Object.entries(all).map(([id, p]) => [id, p.current]))).toEqual({ P: 1140, Q: 901, R: 307, S: 42 });
    beforeFirstDrop = { all, casinoC: await poolsAt(novemberPoint, ['C']) };
    expect(Object.keys(beforeFirstDrop.casinoC).sort()).toEqual(['P', 'R', 'S']);

    await drop('2026-10');
    const kept = (await pool.query('SELECT pool_id, value::text AS value FROM ca_archived_jackpot_pools ORDER BY pool_id')).rows;
    // as the feed left them at October's closing seal
    expect(kept).toEqual([
      { pool_id: 'P', value: '1130' },
      { pool_id: 'Q', value: '705' },
      { pool_id: 'S', value: '42' },
    ]);
    expect(await poolsAt(novemberPoint)).toEqual(beforeFirstDrop.all);
    expect(await poolsAt(novemberPoint, ['C'])).toEqual(beforeFirstDrop.casinoC);
  });

  it('carries the pools forward when a second month leaves', async () => {
    await turnMonth(pool, '2026-11');
    await won('R', 100);
    await contributed('P', 3);
    const decemberPoint = await fact('session-s1', 'RoundStarted', { sessionId: 's1', roundId: 'r-dec' });
    const before = await poolsAt(decemberPoint);
    expect(Object.fromEntries(Object.entries(before).map(([id, p]) => [id, p.current]))).toEqual({ P: 1143, Q: 901, R: 207, S: 42 });
    await drop('2026-11');
    expect((await pool.query('SELECT pool_id, value::text AS value FROM ca_archived_jackpot_pools ORDER BY pool_id')).rows).toEqual([
      { pool_id: 'P', value: '1140' },
      { pool_id: 'Q', value: '901' },
      { pool_id: 'R', value: '307' },
      { pool_id: 'S', value: '42' },
    ]);
    expect(await poolsAt(decemberPoint)).toEqual(before);
    // the same as the application's role reads them (docs/security.md: it may read, not write, what the months left)
    // roles are the cluster's: a name of this run's own, dropped at the end
    const role = `ca_pools_reader_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const c = await pool.connect();
    try {
      await c.query(`CREATE ROLE ${role} NOLOGIN`);
      await c.query(writerRoleGrants(role));
      await c.query(`SET ROLE ${role}`);
      expect(poolsBefore(await readJackpotFacts(c, decemberPoint, decemberPoint), [decemberPoint]).get(decemberPoint.globalPosition)).toEqual(before);
      const denied = await c.query(`INSERT INTO ca_archived_jackpot_pools VALUES ('X', '{}', 0)`).then(
        () => '',
        (e: { code?: string }) => e.code,
      );
      expect(denied).toBe('42501');
    } finally {
      await c.query('RESET ROLE').catch(() => undefined);
      await c.query(`DROP OWNED BY ${role}`).catch(() => undefined);
      await c.query(`DROP ROLE IF EXISTS ${role}`).catch(() => undefined);
      c.release();
    }
    // a pool configured again online starts over from its new configuration
    await configured('S', 'C', 5000);
    await contributed('S', 2);
    const later = await fact('session-s1', 'RoundStarted', { sessionId: 's1', roundId: 'r-dec-2' });
    expect((await poolsAt(later)).S.current).toBe(5002);
    expect((await poolsAt(later)).P.current).toBe(1143);
  });

  it('comes back with a backup: the restored store folds the same pools', async () => {
    const file = path.join(dir, 'pools.backup');
    // the read models' tables are not carried (they are rebuilt on restore; none is asked for here)
    const readModelTables = runtime.projections.flatMap((p) => p.tables);
    await backupStore({ pool, file, readModelTables, readModels: [], source: { embedded: false, database: db.name }, software: 'test' });
    const target = await createTestDatabase('ca_archived_pools_restored');
    const there = await startRuntime({ databaseUrl: target.url });
    try {
      const restored = await restoreStore({ pool: there.pool, store: there.store, projections: [], file });
      expect(restored.verification.ok).toBe(true);
      const kept = 'SELECT pool_id, configuration::text AS configuration, value::text AS value FROM ca_archived_jackpot_pools ORDER BY pool_id';
      expect((await there.pool.query(kept)).rows).toEqual((await pool.query(kept)).rows);
      // the latest point, in each store's own transactions
      const last = async (p: Pool): Promise<FeedCheckpoint> => {
        const r = await p.query('SELECT transaction_id::text AS tx, global_position::text AS gp FROM ca_events ORDER BY global_position DESC LIMIT 1');
        return { transactionId: BigInt(r.rows[0].tx), globalPosition: BigInt(r.rows[0].gp) };
      };
      const [here, after] = [await last(pool), await last(there.pool)];
      expect(poolsBefore(await readJackpotFacts(there.pool, after, after), [after]).get(after.globalPosition)).toEqual(await poolsAt(here));
    } finally {
      await there.close();
      await target.drop();
    }
  });

  it('refuses a point before the last closing seal, and months dropped before the pools were kept, naming them', async () => {
    const early = await readJackpotFacts(pool, { transactionId: 1n, globalPosition: 1n }, novemberPoint).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(early).toBeInstanceOf(JackpotPoolsArchivedError);
    expect((early as JackpotPoolsArchivedError).because).toMatchObject({ key: 'jackpotPools.beforeSeal', values: { month: '2026-11' } });
    expect(octoberPoint.globalPosition).toBeLessThan(novemberPoint.globalPosition);

    // a month that left under a version that did not keep its pools (as migration 15 marks the months before it)
    await pool.query(
      `INSERT INTO ca_archived_months (month, first_position, last_position, events, closing_seal, file_name, file_sha256)
       VALUES ('2026-09', 0, 0, 0, 0, 'old.ndjson', 'x')`,
    );
    const unknown = await poolsAt({ transactionId: 10n ** 9n, globalPosition: 10n ** 12n }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(unknown).toBeInstanceOf(JackpotPoolsArchivedError);
    expect((unknown as JackpotPoolsArchivedError).because).toMatchObject({ key: 'jackpotPools.notCarried', values: { months: '2026-09' } });
    // and a drop then keeps none either: the pools at its seal are not known (jackpotPoolsAtSeal says so, never guesses)
    expect(await jackpotPoolsAtSeal(pool, { transactionId: 10n ** 9n, globalPosition: 10n ** 12n })).toBeNull();
  });
});
