/**
 * The one migration runner of every schema (issue 22 §2): the event store's SQL migrations (schema.ts), the
 * access service's (access/src/migrations.ts) and the read models' TypeORM migration classes
 * (typeorm-migrations.ts adapts them) all run through `runMigrations` below, one code path.
 *
 * Why not TypeORM's own runner (`DataSource.runMigrations`), which the read models used before:
 * - it takes no lock: processes starting at once each run the pending migrations (typeorm/typeorm#4588, open);
 * - its bookkeeping has its own shape (id, timestamp, name, matched by a class name ending in a 13-digit
 *   timestamp), where the store's and the access service's tables are (version, name, applied_at), read by
 *   backups (backup.ts), the readiness probe (probes.ts) and the writer role's grants (schema.ts, docs/security.md);
 * - it runs on a DataSource and its own pool, where the store is migrated through the pg Pool it is given: the
 *   store works without the ORM and without the read models, and bench/append.ts hands it a pool;
 * - it has no place for work that must be done under the same lock after the migrations (the access service's
 *   first signing key).
 *
 * Bookkeeping: one table per schema, each kept as it was (`ca_schema_migrations`, `ca_access_migrations`,
 * and `ca_read_model_migrations` in TypeORM's shape, written through TypeORM so that `showMigrations` still
 * reads it). A database migrated by the three former runners is thus continued as it stands: no adoption step,
 * nothing re-run. Not merged into one table because the store may live in a database of its own, without the
 * read models, and the readers of the store's table above would all have to change for no gain.
 *
 * What the runner guarantees, for every schema:
 * - one process at a time: a session advisory lock per schema, held by the connection that migrates;
 * - each migration in its own transaction with its bookkeeping row (store migrations 8 and 10 rely on it):
 *   stopped half-way, nothing of it remains, and the next start runs it again;
 * - a migration too long for one transaction (store migration 12 rewrites every event) does its bulk in a
 *   `prepare` of committed, resumable steps, run under the same lock just before its transaction, which finishes it;
 * - the bookkeeping table is looked for before it is created: a role without CREATE may start once the
 *   owner has migrated;
 * - a connection lost mid-migration rejects the run (its transaction rolls back), never crashes the process.
 */
import type { Pool, PoolClient } from 'pg';

export interface Migration {
  /** its place in the order: the store's and the access service's version, a TypeORM migration's timestamp */
  readonly version: number;
  readonly name: string;
  /**
   * Runs first, outside any transaction, each statement committing: work that a stop must not throw away, done so that
   * running it again continues where it stopped (store migration 12's copy of the rows, rows-rewrite.ts).
   */
  prepare?(client: PoolClient, log?: (line: string) => void): Promise<void>;
  /** runs inside the transaction the runner opened on `client` */
  up(client: PoolClient): Promise<void>;
}

/** A migration that is one SQL text (the store's and the access service's). */
export interface SqlMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
  /** see `Migration.prepare`: the resumable steps before the SQL's transaction */
  readonly prepare?: (client: PoolClient, log?: (line: string) => void) => Promise<void>;
}

/** Where a schema records the migrations applied to it. */
export interface MigrationLedger {
  /** those of `migrations` not recorded yet, in their order (the table is created when absent) */
  pending(client: PoolClient, migrations: readonly Migration[]): Promise<Migration[]>;
  /** records `migration` inside its transaction */
  record(client: PoolClient, migration: Migration): Promise<void>;
}

export interface MigrationPlan {
  /** the advisory lock that serialises this schema's migrations between processes (an arbitrary constant per schema) */
  readonly lock: number;
  readonly ledger: MigrationLedger;
  readonly migrations: readonly Migration[];
  /** done still under the lock, after the migrations (the access service makes sure a signing key exists) */
  readonly then?: (client: PoolClient) => Promise<void>;
  /** where a long migration says how far it got (start-up lines): its prepared steps, which can take minutes */
  readonly log?: (line: string) => void;
}

/** Apply a schema's pending migrations on `client`, each in its own transaction, once even with several processes starting. */
export async function runMigrations(client: PoolClient, plan: MigrationPlan): Promise<number> {
  await client.query('SELECT pg_advisory_lock($1)', [plan.lock]);
  try {
    let applied = 0;
    for (const migration of await plan.ledger.pending(client, plan.migrations)) {
      await migration.prepare?.(client, plan.log);
      await client.query('BEGIN');
      try {
        await migration.up(client);
        await plan.ledger.record(client, migration);
        await client.query('COMMIT');
        applied++;
      } catch (error) {
        // on a lost connection the ROLLBACK fails too: the migration's own error is the one to report
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    }
    await plan.then?.(client);
    return applied;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [plan.lock]).catch(() => undefined);
  }
}

/** `runMigrations` on a connection of `pool`, returned to it afterwards (discarded if it was lost). */
export async function runMigrationsOnPool(pool: Pool, plan: MigrationPlan): Promise<number> {
  const client = await pool.connect();
  // a checked-out client whose backend dies emits 'error': without a listener that would crash the process
  let lost: Error | undefined;
  const onLost = (error: Error) => (lost = error);
  client.on('error', onLost);
  try {
    return await runMigrations(client, plan);
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}

/** SQL migrations as the runner's migrations: each text sent as it is (several statements in one). */
export function sqlMigrations(migrations: readonly SqlMigration[]): Migration[] {
  return migrations.map((m) => ({
    version: m.version,
    name: m.name,
    prepare: m.prepare,
    up: async (client) => {
      await client.query(m.sql);
    },
  }));
}

/** The bookkeeping of the store and the access service: a table of (version, name, applied_at). */
export function versionLedger(table: string): MigrationLedger {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new Error('the migrations table must be a plain lower-case SQL identifier');
  return {
    async pending(client, migrations) {
      // looked for first: CREATE … IF NOT EXISTS needs CREATE even when the table exists
      if (!(await client.query('SELECT to_regclass($1) AS t', [table])).rows[0].t) {
        await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
          version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      }
      const done = new Set((await client.query(`SELECT version FROM ${table}`)).rows.map((r) => r.version));
      return migrations.filter((m) => !done.has(m.version));
    },
    async record(client, migration) {
      await client.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [migration.version, migration.name]);
    },
  };
}
