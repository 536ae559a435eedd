/**
 * The one migration runner (issue 22 §2) on real PostgreSQL: processes starting at once migrate once, a
 * failing migration leaves nothing of itself and the bookkeeping as it was, and a database migrated by the
 * three former runners (the store's, the access service's, TypeORM's) is continued without re-running anything.
 */
import { Pool, PoolClient } from 'pg';
import { DataSource, MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { AccessService } from '../../access/src/access-service';
import { ACCESS_MIGRATIONS } from '../../access/src/migrations';
import { applySqlMigrations } from '../../event-store/src/postgres/migrate';
import { PostgresEventStore } from '../../event-store/src/postgres/postgres-event-store';
import { EVENT_STORE_MIGRATIONS, SqlMigration, writerRoleGrants } from '../../event-store/src/postgres/schema';
import { READ_MODEL_MIGRATIONS, readModelDataSource } from '../../projections/src/data-source';
import { migrateReadModels } from '../../projections/src/read-model-migrations';
import { runMigrationsOnPool, sqlMigrations, versionLedger } from './migrations';

jest.setTimeout(120_000);

const databases: TestDatabase[] = [];
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close().catch(() => undefined);
  await Promise.all(databases.map((db) => db.drop()));
});

async function scratch(prefix: string) {
  const db = await createTestDatabase(prefix);
  databases.push(db);
  return db;
}

function poolOf(url: string, max = 4): Pool {
  const pool = new Pool({ connectionString: url, max });
  pool.on('error', () => undefined);
  closers.push(() => pool.end());
  return pool;
}

async function dataSourceOf(url: string, migrations: readonly (new () => MigrationInterface)[] = READ_MODEL_MIGRATIONS): Promise<DataSource> {
  const dataSource = new DataSource({ ...readModelDataSource(url).options, migrations: [...migrations] });
  await dataSource.initialize();
  closers.push(() => dataSource.destroy());
  return dataSource;
}

const rows = async (pool: Pool, sql: string) => (await pool.query(sql)).rows;

/**
 * The store's and the access service's runner as it was before the one runner (migrate.ts and
 * AccessService.migrate at bc3d890), statement for statement: the databases they left are what is adopted.
 */
async function formerSqlRunner(pool: Pool, table: string, migrations: readonly SqlMigration[]) {
  const client: PoolClient = await pool.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS ${table} (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query(`SELECT version FROM ${table}`)).rows.map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await client.query('BEGIN');
      await client.query(m.sql);
      await client.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [m.version, m.name]);
      await client.query('COMMIT');
    }
  } finally {
    client.release();
  }
}

/** A migration that counts its runs in a table of the test's, taking its time so that a second runner would overlap it. */
const counted = (version: number): SqlMigration => ({
  version,
  name: `counted ${version}`,
  sql: `CREATE TABLE IF NOT EXISTS runs (version integer); SELECT pg_sleep(0.2); INSERT INTO runs VALUES (${version})`,
});

describe('the one migration runner', () => {
  it('migrates once when several processes start at once: the store, the read models and any plan', async () => {
    const db = await scratch('ca_runner_once');
    const [a, b] = [poolOf(db.url), poolOf(db.url)];

    const store = await Promise.all([applySqlMigrations(a), applySqlMigrations(b)]);
    expect(store.sort()).toEqual([0, EVENT_STORE_MIGRATIONS.length]);
    expect(await rows(a, 'SELECT version FROM ca_schema_migrations ORDER BY version')).toEqual(EVENT_STORE_MIGRATIONS.map((m) => ({ version: m.version })));

    // (TypeORM's own runner takes no lock: typeorm/typeorm#4588)
    const readModels = await Promise.all([migrateReadModels(await dataSourceOf(db.url)), migrateReadModels(await dataSourceOf(db.url))]);
    expect(readModels.sort()).toEqual([0, READ_MODEL_MIGRATIONS.length]);
    expect((await rows(a, 'SELECT count(*)::int AS n, count(DISTINCT name)::int AS names FROM ca_read_model_migrations'))[0]).toEqual({
      n: READ_MODEL_MIGRATIONS.length,
      names: READ_MODEL_MIGRATIONS.length,
    });
    expect(await (await dataSourceOf(db.url)).showMigrations()).toBe(false);

    const plan = { lock: 7_411_305_900, ledger: versionLedger('ca_test_migrations'), migrations: sqlMigrations([counted(1), counted(2)]) };
    const counts = await Promise.all([runMigrationsOnPool(a, plan), runMigrationsOnPool(b, plan), runMigrationsOnPool(poolOf(db.url), plan)]);
    expect(counts.sort()).toEqual([0, 0, 2]);
    expect(await rows(a, 'SELECT version, count(*)::int AS n FROM runs GROUP BY version ORDER BY version')).toEqual([
      { version: 1, n: 1 },
      { version: 2, n: 1 },
    ]);
  });

  it('rolls a failing migration back whole: nothing of it remains, the bookkeeping is unchanged, and it runs again once fixed', async () => {
    const db = await scratch('ca_runner_fail');
    const pool = poolOf(db.url);
    const ledger = versionLedger('ca_test_migrations');
    const first: SqlMigration = { version: 1, name: 'a table', sql: 'CREATE TABLE first_table (n integer)' };
    const broken: SqlMigration = {
      version: 2,
      name: 'half of it fails',
      sql: 'CREATE TABLE second_table (n integer); INSERT INTO first_table VALUES (1); SELECT 1 / 0',
    };
    await expect(runMigrationsOnPool(pool, { lock: 7_411_305_901, ledger, migrations: sqlMigrations([first, broken]) })).rejects.toMatchObject({
      code: '22012',
    });
    expect(await rows(pool, 'SELECT version FROM ca_test_migrations')).toEqual([{ version: 1 }]);
    expect((await rows(pool, `SELECT to_regclass('second_table') AS t`))[0].t).toBeNull();
    expect(await rows(pool, 'SELECT n FROM first_table')).toEqual([]);
    // the lock was given back: the same plan, mended, goes on from where it stopped
    const mended = { ...broken, sql: 'CREATE TABLE second_table (n integer); INSERT INTO first_table VALUES (1)' };
    expect(await runMigrationsOnPool(pool, { lock: 7_411_305_901, ledger, migrations: sqlMigrations([first, mended]) })).toBe(1);
    expect(await rows(pool, 'SELECT n FROM first_table')).toEqual([{ n: 1 }]);

    // a read model's TypeORM migration that fails: TypeORM's table keeps what it had
    class Broken1799999999999 implements MigrationInterface {
      name = 'Broken1799999999999';
      async up(q: QueryRunner): Promise<void> {
        await q.query('CREATE TABLE broken_read_model (n integer)');
        await q.query('SELECT 1 / 0');
      }
      async down(): Promise<void> {}
    }
    await applySqlMigrations(pool); // the read models' migrations read the store's tables
    await migrateReadModels(await dataSourceOf(db.url));
    const before = await rows(pool, 'SELECT id, timestamp, name FROM ca_read_model_migrations ORDER BY id');
    await expect(migrateReadModels(await dataSourceOf(db.url, [...READ_MODEL_MIGRATIONS, Broken1799999999999]))).rejects.toMatchObject({ code: '22012' });
    expect(await rows(pool, 'SELECT id, timestamp, name FROM ca_read_model_migrations ORDER BY id')).toEqual(before);
    expect((await rows(pool, `SELECT to_regclass('broken_read_model') AS t`))[0].t).toBeNull();
  });

  it('a connection lost mid-migration rejects the run, leaves the bookkeeping as it was, and does not crash the process', async () => {
    const db = await scratch('ca_runner_lost');
    const pool = poolOf(db.url);
    /** the outcome of `run`, whose migration's backend is killed while it sleeps */
    const killedWhileSleeping = async (run: () => Promise<number>) => {
      const migrating = run().then(
        () => 'finished',
        (error: Error) => `stopped: ${error.message}`,
      );
      let pid: number | undefined;
      for (let i = 0; i < 200 && !pid; i++) {
        await new Promise((r) => setTimeout(r, 25));
        pid = (await rows(pool, `SELECT pid FROM pg_stat_activity WHERE datname = '${db.name}' AND wait_event = 'PgSleep'`))[0]?.pid;
      }
      expect(pid).toBeDefined();
      await pool.query('SELECT pg_terminate_backend($1)', [pid]);
      return migrating;
    };

    const slow: SqlMigration = { version: 1, name: 'slow', sql: `CREATE TABLE slow_table (n integer); SELECT pg_sleep(30)` };
    const plan = { lock: 7_411_305_902, ledger: versionLedger('ca_test_migrations'), migrations: sqlMigrations([slow]) };
    expect(await killedWhileSleeping(() => runMigrationsOnPool(pool, plan))).toMatch(/^stopped: /);
    expect(await rows(pool, 'SELECT version FROM ca_test_migrations')).toEqual([]);
    expect((await rows(pool, `SELECT to_regclass('slow_table') AS t`))[0].t).toBeNull();

    // the same through a DataSource's query runner (the read models' path)
    class Slow1799999999998 implements MigrationInterface {
      name = 'Slow1799999999998';
      async up(q: QueryRunner): Promise<void> {
        await q.query('CREATE TABLE slow_read_model (n integer)');
        await q.query('SELECT pg_sleep(30)');
      }
      async down(): Promise<void> {}
    }
    const dataSource = await dataSourceOf(db.url, [Slow1799999999998]);
    expect(await killedWhileSleeping(() => migrateReadModels(dataSource))).toMatch(/^stopped: /);
    expect(await rows(pool, 'SELECT name FROM ca_read_model_migrations')).toEqual([]);
    expect((await rows(pool, `SELECT to_regclass('slow_read_model') AS t`))[0].t).toBeNull();
    // the DataSource's pool is still usable: the broken connection was discarded
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('continues a database migrated by the three former runners without re-running anything', async () => {
    const db = await scratch('ca_runner_adopt');
    const pool = poolOf(db.url);
    // as the former code left it: the store at migration 9, the access tables at 2, the read models at their tenth
    await formerSqlRunner(
      pool,
      'ca_schema_migrations',
      EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 9),
    );
    await formerSqlRunner(
      pool,
      'ca_access_migrations',
      ACCESS_MIGRATIONS.filter((m) => m.version <= 2),
    );
    const formerReadModels = await dataSourceOf(db.url, READ_MODEL_MIGRATIONS.slice(0, 10));
    await formerReadModels.runMigrations({ transaction: 'each' });
    const store = new PostgresEventStore(pool);
    await store.append([
      { streamId: 's-1', eventId: '00000000-0000-4000-8000-000000000001', type: 'Something', data: { i: 1 }, occurredAt: '2026-11-29T12:00:00.000Z' },
    ]);
    const before = {
      store: await rows(pool, 'SELECT version, name, applied_at FROM ca_schema_migrations ORDER BY version'),
      access: await rows(pool, 'SELECT version, name, applied_at FROM ca_access_migrations ORDER BY version'),
      readModels: await rows(pool, 'SELECT id, timestamp, name FROM ca_read_model_migrations ORDER BY id'),
    };

    // (a migration run again would fail: each creates what it creates without IF NOT EXISTS)
    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - 9);
    await new AccessService(pool).ready();
    expect(await migrateReadModels(await dataSourceOf(db.url))).toBe(READ_MODEL_MIGRATIONS.length - 10);

    const store_ = await rows(pool, 'SELECT version, name, applied_at FROM ca_schema_migrations ORDER BY version');
    expect(store_.slice(0, 9)).toEqual(before.store);
    expect(store_.map((r) => r.version)).toEqual(EVENT_STORE_MIGRATIONS.map((m) => m.version));
    const access = await rows(pool, 'SELECT version, name, applied_at FROM ca_access_migrations ORDER BY version');
    expect(access.slice(0, 2)).toEqual(before.access);
    expect(access.map((r) => r.version)).toEqual(ACCESS_MIGRATIONS.map((m) => m.version));
    const readModels = await rows(pool, 'SELECT id, timestamp, name FROM ca_read_model_migrations ORDER BY id');
    expect(readModels.slice(0, 10)).toEqual(before.readModels);
    expect(readModels.map((r) => r.name)).toEqual(READ_MODEL_MIGRATIONS.map((m) => new m().name ?? m.name));
    expect(await (await dataSourceOf(db.url)).showMigrations()).toBe(false);
    // the event written before is read back through the migrated store (migrations 10 and 11 moved it)
    expect((await new PostgresEventStore(pool).readStream('s-1')).map((e) => e.data)).toEqual([{ i: 1 }]);
  });

  it('lets a role without CREATE start once the owner has migrated', async () => {
    const db = await scratch('ca_runner_role');
    const owner = poolOf(db.url);
    await applySqlMigrations(owner);
    const role = `ca_runner_app_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await owner.query(`CREATE ROLE ${role} LOGIN`);
    closers.push(async () => {
      await owner.query(`DROP OWNED BY ${role}`);
      await owner.query(`DROP ROLE ${role}`);
    });
    await owner.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await owner.query(writerRoleGrants(role));
    const url = new URL(db.url);
    url.username = role;
    const app = poolOf(url.toString());
    expect((await rows(app, `SELECT has_schema_privilege('public', 'CREATE') AS may`))[0].may).toBe(false);
    expect(await applySqlMigrations(app)).toBe(0);
  });
});
