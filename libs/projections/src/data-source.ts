/**
 * The read models' TypeORM data source: entities and real migrations, applied at start-up
 * (never `synchronize`).
 */
import { DataSource } from 'typeorm';
import { ProjectionCheckpointEntity } from './checkpoint.entity';
import { TableBook1763700000000 } from './migrations/1763700000000-table-book';
import { TableBookEntity } from './table-book/table-book.entity';
import { TableBookProjection } from './table-book/table-book.projection';
import type { Projection } from './projection';

export const READ_MODEL_ENTITIES = [TableBookEntity, ProjectionCheckpointEntity];
export const READ_MODEL_MIGRATIONS = [TableBook1763700000000];

export function readModelDataSource(url: string): DataSource {
  return new DataSource({
    type: 'postgres',
    url,
    entities: READ_MODEL_ENTITIES,
    migrations: READ_MODEL_MIGRATIONS,
    migrationsTableName: 'ca_read_model_migrations',
    migrationsRun: false,
    synchronize: false,
    logging: false,
  });
}

/** Every projection the system runs, in the order they are fed. */
export function allProjections(): Projection[] {
  return [new TableBookProjection()];
}
