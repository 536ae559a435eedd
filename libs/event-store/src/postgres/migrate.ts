import type { Pool } from 'pg';
import { runMigrationsOnPool, sqlMigrations, versionLedger } from '../../../database/src/migrations';
import { EVENT_STORE_MIGRATIONS, SqlMigration } from './schema';

/** An arbitrary constant: the advisory lock that serialises the store's migrations between processes (unchanged, so older processes wait too). */
const MIGRATION_LOCK = 7_411_305_001;

/** Apply the store's pending migrations through the one runner (libs/database/src/migrations.ts), bookkept in `ca_schema_migrations`. */
export async function applySqlMigrations(
  pool: Pool,
  migrations: readonly SqlMigration[] = EVENT_STORE_MIGRATIONS,
  log?: (line: string) => void,
): Promise<number> {
  return runMigrationsOnPool(pool, { lock: MIGRATION_LOCK, ledger: versionLedger('ca_schema_migrations'), migrations: sqlMigrations(migrations), log });
}
