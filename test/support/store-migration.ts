/**
 * What the store migrations' specs share (libs/event-store/src/postgres/migrate-*.spec.ts): their test databases
 * and pools, closed after the file, and a migration stopped half-way: its backend killed while it waits for a lock
 * that a reader holds, so that the spec can show the store left as it was.
 */
import { Pool } from 'pg';
import { applySqlMigrations } from '../../libs/event-store/src/postgres/migrate';
import { createTestDatabase, TestDatabase } from './database';

/** Test databases and pools of one spec file, dropped and closed after it. */
export function migrationSpecDatabases(prefix: string) {
  const databases: TestDatabase[] = [];
  const pools: Pool[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
    await Promise.all(databases.map((db) => db.drop()));
  });
  /** A pool of 4 on `url` (a process of its own: its own prepared statements and cached plans). */
  const poolOn = (url: string): Pool => {
    const pool = new Pool({ connectionString: url, max: 4 });
    pool.on('error', () => undefined); // a backend terminated by a test must not crash the run
    pools.push(pool);
    return pool;
  };
  return {
    poolOn,
    /** A new empty database and a pool on it. */
    async fresh(): Promise<{ db: TestDatabase; pool: Pool }> {
      const db = await createTestDatabase(prefix);
      databases.push(db);
      return { db, pool: poolOn(db.url) };
    },
  };
}

/**
 * Apply the pending migrations while a reader holds `relation` (ACCESS SHARE): the migration begins, waits for
 * its lock, and its backend (the only one of this database waiting for a lock) is terminated. Returns how the
 * migration ended ('finished' or 'stopped: …') and whether its backend was found waiting.
 */
export async function migrationKilledWhileWaiting(pool: Pool, database: string, relation: string): Promise<{ waited: boolean; outcome: string }> {
  const reader = await pool.connect();
  await reader.query(`BEGIN; LOCK TABLE ${relation} IN ACCESS SHARE MODE`);
  const migrating = applySqlMigrations(pool).then(
    () => 'finished',
    (error: Error) => `stopped: ${error.message}`,
  );
  let pid: number | undefined;
  try {
    // found by its wait, not its text (longer than pg_stat_activity keeps)
    for (let i = 0; i < 200 && !pid; i++) {
      await new Promise((r) => setTimeout(r, 25));
      pid = (await reader.query(`SELECT pid FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`, [database]))
        .rows[0]?.pid;
    }
    if (pid) await reader.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await reader.query('COMMIT');
    reader.release();
  }
  // not found waiting: the lock given back, the migration finishes (and the spec says it was not stopped)
  return { waited: pid !== undefined, outcome: await migrating };
}
