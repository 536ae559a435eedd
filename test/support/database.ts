/** A fresh database per test file on the test server (see global-setup.js), dropped afterwards. */
import { Client, Pool } from 'pg';
import { PostgresEventStore } from '../../libs/event-store/src';

export interface TestDatabase {
  readonly url: string;
  readonly name: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(prefix = 'ca_test'): Promise<TestDatabase> {
  const admin = process.env.TEST_ADMIN_DATABASE_URL;
  if (!admin) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run the tests through jest (global-setup.js)');
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const c = new Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function migratedStore(url: string, max = 20): Promise<{ pool: Pool; store: PostgresEventStore }> {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', () => undefined); // an idle client terminated by the server must not crash the test run
  const store = new PostgresEventStore(pool, { pollIntervalMs: 50 });
  await store.migrate();
  return { pool, store };
}
