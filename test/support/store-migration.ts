/**
 * What the store migrations' specs share (libs/event-store/src/postgres/migrate-*.spec.ts): their test databases
 * and pools, closed after the file; a migration stopped half-way: its backend killed while it waits for a lock
 * that a reader holds, so that the spec can show the store left as it was; a rewrite's prepared steps stopped after
 * a given step; and what a table is made of besides its rows, to compare a resumed migration's result.
 */
import { Pool } from 'pg';
import { applySqlMigrations } from '../../libs/event-store/src/postgres/migrate';
import { writerRoleGrants, type SqlMigration } from '../../libs/event-store/src/postgres/schema';
import { prepareRowsRewrite, RowsRewrite, RowsRewriteProgress, stagingTable } from '../../libs/event-store/src/postgres/rows-rewrite';
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
  /** A new empty database and a pool on it. */
  const fresh = async (): Promise<{ db: TestDatabase; pool: Pool }> => {
    const db = await createTestDatabase(prefix);
    databases.push(db);
    return { db, pool: poolOn(db.url) };
  };
  return {
    poolOn,
    fresh,
    /** A new database with `migrations` applied, and a writer role (NOLOGIN) given the documented grants. */
    async freshAt(migrations: readonly SqlMigration[]): Promise<{ db: TestDatabase; pool: Pool; role: string }> {
      const { db, pool } = await fresh();
      await applySqlMigrations(pool, migrations);
      const role = `${db.name}_writer`.slice(0, 60);
      await pool.query(`CREATE ROLE ${role} NOLOGIN`);
      await pool.query(writerRoleGrants(role));
      return { db, pool, role };
    },
  };
}

/**
 * The backends of `pool`'s database waiting for a lock, polled every 25 ms (for 5 s at most) until `found` makes
 * something of their pids; undefined if it never does. Read from `pool`, outside any transaction of the caller's:
 * inside one, pg_stat_activity is read once and kept, and a backend that began waiting later is never seen.
 */
export async function lockWaiters<T>(pool: Pool, found: (pids: number[]) => T | undefined): Promise<T | undefined> {
  for (let i = 0; i < 200; i++) {
    await new Promise((r) => setTimeout(r, 25));
    const { rows } = await pool.query(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid() ORDER BY pid`,
    );
    const result = found(rows.map((r) => r.pid as number));
    if (result !== undefined) return result;
  }
  return undefined;
}

/**
 * Apply the pending migrations while a reader holds `relation` (ACCESS SHARE): the migration begins, waits for
 * its lock, and its backend (the only one of this database waiting for a lock) is terminated. Returns how the
 * migration ended ('finished' or 'stopped: …') and whether its backend was found waiting.
 */
export async function migrationKilledWhileWaiting(pool: Pool, relation: string): Promise<{ waited: boolean; outcome: string }> {
  const reader = await pool.connect();
  await reader.query(`BEGIN; LOCK TABLE ${relation} IN ACCESS SHARE MODE`);
  const migrating = applySqlMigrations(pool).then(
    () => 'finished',
    (error: Error) => `stopped: ${error.message}`,
  );
  let pid: number | undefined;
  try {
    // found by its wait, not its text (longer than pg_stat_activity keeps)
    pid = await lockWaiters(pool, (pids) => pids[0]);
    if (pid) await reader.query('SELECT pg_terminate_backend($1)', [pid]);
  } finally {
    await reader.query('COMMIT');
    reader.release();
  }
  // not found waiting: the lock given back, the migration finishes (and the spec says it was not stopped)
  return { waited: pid !== undefined, outcome: await migrating };
}

/** The prepared steps of `plan` on their own connection, stopped (a throw from the step callback) once `stopWhen` holds. */
export async function prepareUntil(pool: Pool, plan: RowsRewrite, stopWhen: (p: RowsRewriteProgress) => boolean, chunkRows = 5) {
  const c = await pool.connect();
  try {
    return await prepareRowsRewrite(c, plan, {
      chunkRows,
      onStep: (p) => {
        if (stopWhen(p)) throw new Error('stopped');
      },
    });
  } catch (error) {
    return (error as Error).message;
  } finally {
    c.release();
  }
}

/** What `table` is made of, besides its rows: what a rewrite must carry over to its copy. */
export async function tableShape(pool: Pool, table: string) {
  const rows = async (sql: string) => (await pool.query(sql, [table])).rows;
  return {
    columns: await rows(`SELECT column_name, data_type, is_nullable, column_default, is_identity, identity_generation, identity_start
                           FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`),
    indexes: await rows(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 ORDER BY 1`),
    constraints: await rows(`SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY 1`),
    triggers: await rows(`SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1`),
    statistics: await rows(`SELECT stxname, pg_get_statisticsobjdef(oid) AS def FROM pg_statistic_ext WHERE stxrelid = $1::regclass ORDER BY 1`),
    sequences: await rows(`SELECT s.relname AS name FROM pg_depend d JOIN pg_class s ON s.oid = d.objid
                            WHERE d.refobjid = $1::regclass AND s.relkind = 'S' ORDER BY 1`),
    grants: await grantsOn(pool, table),
  };
}

/** Who may do what on `relation` (the owner aside). */
export const grantsOn = async (pool: Pool, relation: string) =>
  (
    await pool.query(
      `SELECT a.grantee::regrole::text AS grantee, a.privilege_type FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.oid = $1::regclass AND a.grantee <> c.relowner ORDER BY 1, 2`,
      [relation],
    )
  ).rows;

/** The rows a rewrite's prepared steps have copied so far, and the indexes built on its copy. */
export const staged = async (pool: Pool, copy: string) => (await pool.query(`SELECT count(*)::int AS n FROM ${copy}`)).rows[0].n;
export const stagedIndexes = async (pool: Pool, copy: string) =>
  (await pool.query(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1 ORDER BY 1`, [copy])).rows.map((r) => r.indexname);

/**
 * A migration's swap with an append of the version before waiting behind it: a reader holds `relation`, the
 * migration (on a pool of its own, a new process) waits for it, `append` starts and waits behind the migration, then
 * the reader lets go. Returns what each came to ('finished' or 'refused: …' for the migration, the append's result
 * or 'refused: …'), and whether both were seen waiting.
 */
export async function appendWaitingAtSwap<T>(
  pool: Pool,
  migrationPool: Pool,
  migrations: Parameters<typeof applySqlMigrations>[1],
  relation: string,
  append: () => Promise<T>,
): Promise<{ waited: boolean; migration: string; appended: T | string }> {
  const waitingOnLocks = async (n: number) => (await lockWaiters(pool, (pids) => pids.length >= n || undefined)) === true;
  const refused = (error: Error) => `refused: ${error.message}`;
  const reader = await pool.connect();
  let waited = false;
  let migrating: Promise<string>;
  let appending: Promise<T | string>;
  try {
    await reader.query(`BEGIN; LOCK TABLE ${relation} IN ACCESS SHARE MODE`);
    migrating = applySqlMigrations(migrationPool, migrations).then(() => 'finished', refused);
    waited = await waitingOnLocks(1);
    appending = append().catch(refused);
    waited = waited && (await waitingOnLocks(2));
  } finally {
    await reader.query('COMMIT');
    reader.release();
  }
  return { waited, migration: await migrating, appended: await appending };
}

/**
 * A rewrite stopped twice in its prepared steps, then started: stopped after 10 rows (chunks of 5), `afterRows` run
 * (the spec's checks, a process of the version before appending), resumed and stopped after 2 indexes, `afterIndexes`
 * run, then the next start-up as the runner does it. Returns how each stop ended, the rows and indexes staged at the
 * second, how many migrations the start-up applied and the lines it said.
 */
export async function stoppedTwiceThenStarted(
  pool: Pool,
  plan: RowsRewrite,
  migrations: Parameters<typeof applySqlMigrations>[1],
  steps: { afterRows(): Promise<void>; afterIndexes(): Promise<void> },
) {
  const copy = stagingTable(plan);
  const first = await prepareUntil(pool, plan, (p) => p.copied >= 10);
  const stagedFirst = await staged(pool, copy);
  await steps.afterRows();
  const second = await prepareUntil(pool, plan, (p) => p.indexes >= 2);
  const stagedSecond = await staged(pool, copy);
  const indexesSecond = await stagedIndexes(pool, copy);
  await steps.afterIndexes();
  const lines: string[] = [];
  const applied = await applySqlMigrations(pool, migrations, (line) => lines.push(line));
  return { stops: [first, second], staged: [stagedFirst, stagedSecond], indexes: indexesSecond, applied, lines };
}
