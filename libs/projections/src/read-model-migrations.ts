/**
 * The read models' migrations (READ_MODEL_MIGRATIONS in data-source.ts, TypeORM classes) applied at start-up by
 * the one migration runner (libs/database/src/migrations.ts), bookkept by TypeORM in `ca_read_model_migrations`.
 */
import type { DataSource } from 'typeorm';
import { runDataSourceMigrations } from '../../database/src/typeorm-migrations';

/** An arbitrary constant, distinct from the other advisory locks (the store's, the seals', the access service's): serialises the read models' migrations. */
const READ_MODEL_MIGRATION_LOCK = 7_411_305_003;

/** Apply the read models' pending migrations, once even with several processes starting. */
export function migrateReadModels(dataSource: DataSource): Promise<number> {
  return runDataSourceMigrations(dataSource, READ_MODEL_MIGRATION_LOCK);
}
