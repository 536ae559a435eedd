import type { Pool, PoolClient } from 'pg';
import { EVENT_STORE_MIGRATIONS, SqlMigration } from './schema';

/** An arbitrary constant: the advisory lock that serialises migrations between processes. */
const MIGRATION_LOCK = 7_411_305_001;

/** Apply the pending migrations, each in its own transaction, once, even with several processes starting. */
export async function applySqlMigrations(pool: Pool, migrations: readonly SqlMigration[] = EVENT_STORE_MIGRATIONS): Promise<number> {
  const client: PoolClient = await pool.connect();
  // a connection lost mid-migration (its backend killed, the server restarted) rejects the migration's
  // query, and its transaction rolls back; the client's own 'error' event must not also crash the process
  let lost: Error | undefined;
  const onLost = (error: Error) => (lost = error);
  client.on('error', onLost);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    // (checked first: a non-owner role without CREATE may start once the owner has migrated)
    if (!(await client.query(`SELECT to_regclass('ca_schema_migrations') AS t`)).rows[0].t) {
      await client.query(`CREATE TABLE IF NOT EXISTS ca_schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    }
    const done = new Set((await client.query('SELECT version FROM ca_schema_migrations')).rows.map((r) => r.version));
    let applied = 0;
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO ca_schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
        await client.query('COMMIT');
        applied++;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.off('error', onLost);
    client.release(lost);
  }
}
