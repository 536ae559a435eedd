/**
 * The store's connections run without JIT (pool.ts): on a real PostgreSQL, as the runtime connects, and a
 * connection string's own `options` are kept.
 */
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import { startRuntime } from '../../../platform/src';
import { storePoolConfig } from './pool';

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

it('a store connection has JIT off, whatever the server says', async () => {
  expect(await settingsOf(storePoolConfig(db.url, 1), ['jit'])).toEqual(['off']);
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
  } finally {
    await runtime.close();
  }
});
