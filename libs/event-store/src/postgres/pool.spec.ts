/**
 * The store's connections run without JIT and plan named statements for their values (pool.ts): on a real
 * PostgreSQL, as the runtime connects, and a connection string's own `options` are kept.
 */
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import { startRuntime } from '../../../platform/src';
import { storePoolConfig } from './pool';
import { PostgresEventStore } from './postgres-event-store';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase('ca_pool');
});
afterAll(async () => {
  await db.drop();
});

async function settingsOf(config: ReturnType<typeof storePoolConfig>, names: string[]): Promise<string[]> {
  const pool = new Pool(config);
  try {
    const out: string[] = [];
    for (const name of names) out.push((await pool.query(`SELECT current_setting($1) AS v`, [name])).rows[0].v);
    return out;
  } finally {
    await pool.end();
  }
}

it('a store connection has JIT off and plans named statements for their values, whatever the server says', async () => {
  expect(await settingsOf(storePoolConfig(db.url, 1), ['jit', 'plan_cache_mode'])).toEqual(['off', 'force_custom_plan']);
});

it('the stream heads, asked while the store is young, are not stuck with a generic plan that scans the store', async () => {
  // one connection each: a store's own (pool.ts) and one with PostgreSQL's defaults, as before
  const young = await createTestDatabase('ca_pool_young');
  const plansOf = async (pool: Pool) => {
    const store = new PostgresEventStore(pool);
    await store.migrate();
    await store.append([
      { streamId: 'session-y', eventId: '00000000-0000-4000-8000-00000000000a', type: 'CashExchanged', data: { sessionId: 'y', amount: 1 } },
    ]);
    for (let i = 0; i < 8; i++) await store.streamVersions(['session-y', 'session-z']);
    const row = (await pool.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = 'ca_heads'`)).rows[0];
    await pool.end();
    return { generic: Number(row.generic_plans), custom: Number(row.custom_plans) };
  };
  try {
    // PostgreSQL's default kept the generic plan after five custom ones (a sequential scan, on a store this young)
    // until store migration 14 made ca_streams a union with the archived heads, whose costs tip its choice the
    // other way: that is the server's choice of the day, so only the store's own setting is held here. Every call
    // is planned for its values, none generically.
    expect(await plansOf(new Pool(storePoolConfig(young.url, 1)))).toEqual({ generic: 0, custom: expect.any(Number) });
    const row = await plansOf(new Pool(storePoolConfig(young.url, 1)));
    expect(row.custom).toBeGreaterThanOrEqual(8);
  } finally {
    await young.drop();
  }
});

it("a connection string that sets its own options keeps them (and the server's JIT setting)", async () => {
  const url = new URL(db.url);
  url.searchParams.set('options', '-c work_mem=8MB');
  const [jit, workMem] = await settingsOf(storePoolConfig(url.toString(), 1), ['jit', 'work_mem']);
  expect(workMem).toBe('8MB');
  expect(jit).toBe((await settingsOf({ connectionString: db.url, max: 1 }, ['jit']))[0]);
});

it("the runtime's pool (the server's, the command line's) connects that way", async () => {
  const runtime = await startRuntime({ databaseUrl: db.url });
  try {
    expect((await runtime.pool.query('SHOW jit')).rows[0].jit).toBe('off');
    expect((await runtime.pool.query('SHOW plan_cache_mode')).rows[0].plan_cache_mode).toBe('force_custom_plan');
  } finally {
    await runtime.close();
  }
});
