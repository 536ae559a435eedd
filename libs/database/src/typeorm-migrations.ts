/**
 * TypeORM migration classes (the read models') run by the one runner (migrations.ts): on a query runner of
 * the DataSource, whose connection is the one holding the lock and the transaction, and recorded by TypeORM
 * in its own table (`migrationsTableName`), so that `showMigrations` (the readiness probe) reads what is done.
 * Kept apart from migrations.ts so that the store's migrations do not load the ORM.
 */
import type { PoolClient } from 'pg';
import { DataSource, Migration as TypeOrmMigration, MigrationExecutor, QueryRunner } from 'typeorm';
import { Migration, MigrationLedger, runMigrations } from './migrations';

/** Apply the DataSource's pending migrations (its `migrations` option) under `lock`, each in its own transaction. */
export async function runDataSourceMigrations(dataSource: DataSource, lock: number): Promise<number> {
  const queryRunner = dataSource.createQueryRunner();
  // TypeORM listens for the connection's 'error' and releases it as broken: a lost connection rejects, no crash
  const client: PoolClient = await queryRunner.connect();
  try {
    const ledger = new TypeOrmLedger(dataSource, queryRunner);
    return await runMigrations(client, { lock, ledger, migrations: ledger.migrations() });
  } finally {
    await queryRunner.release();
  }
}

/**
 * TypeORM's own bookkeeping (its table, created as TypeORM creates it; its names and order: a class name
 * ending in its 13-digit timestamp), on the runner's connection. Its runner (`executePendingMigrations`) is not used.
 */
class TypeOrmLedger extends MigrationExecutor implements MigrationLedger {
  constructor(
    dataSource: DataSource,
    private readonly runner: QueryRunner,
  ) {
    super(dataSource, runner);
  }

  /** the DataSource's migrations in TypeORM's order, each run on the runner's connection */
  migrations(): Migration[] {
    return this.getMigrations().map((m) => ({ version: m.timestamp, name: m.name, up: () => m.instance!.up(this.runner) }));
  }

  async pending(_client: PoolClient, migrations: readonly Migration[]): Promise<Migration[]> {
    await this.createMigrationsTableIfNotExist(this.runner);
    const done = new Set((await this.loadExecutedMigrations(this.runner)).map((m) => m.name));
    return migrations.filter((m) => !done.has(m.name));
  }

  async record(_client: PoolClient, migration: Migration): Promise<void> {
    await this.insertExecutedMigration(this.runner, new TypeOrmMigration(undefined, migration.version, migration.name));
  }
}
