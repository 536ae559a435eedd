/**
 * Each read-model table is defined once, by its TypeORM entity (issue 22 §2): the migrations must build exactly
 * what the entities say. Real PostgreSQL: a scratch database migrated as start-up migrates it, then TypeORM is asked
 * what it would change to match the entities. A column, type, nullability, default, key or index on which a
 * migration and an entity disagree shows up as a statement here.
 */
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../test/support/database';
import { READ_MODEL_ENTITIES, readModelDataSource } from './data-source';
import { migrateReadModels } from './read-model-migrations';
import { entityShape } from './upsert';

jest.setTimeout(60_000);

let db: TestDatabase;
let pool: Pool;
let dataSource: DataSource;
/** the tables the read-model migrations created (those of the store were there before them) */
let migrated: string[];

const tables = async () => (await pool.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).rows.map((r) => r.tablename);

beforeAll(async () => {
  db = await createTestDatabase('ca_read_model_schema');
  ({ pool } = await migratedStore(db.url, 2));
  const before = new Set(await tables());
  dataSource = readModelDataSource(db.url);
  await dataSource.initialize();
  await migrateReadModels(dataSource);
  migrated = (await tables()).filter((t) => !before.has(t) && t !== dataSource.options.migrationsTableName);
});
afterAll(async () => {
  await dataSource?.destroy().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  await db.drop();
});

describe('the read-model entities and the migrations', () => {
  it('agree: TypeORM would change nothing in the migrated schema to match the entities', async () => {
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('agree on the order of each key and index: TypeORM compares their columns as sets', async () => {
    const migratedIndexes = await pool.query(
      `SELECT t.relname AS table, i.relname AS name, ix.indisprimary AS primary, ix.indisunique AS unique,
              array(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n)
                      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
         FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
        WHERE t.relname = ANY ($1::text[])`,
      [migrated],
    );
    const described = (x: { table: string; name: string | null; primary: boolean; unique: boolean; columns: string[] }) =>
      `${x.table} ${x.primary ? 'primary key' : `${x.unique ? 'unique ' : ''}index ${x.name}`} (${x.columns.join(', ')})`;
    const inDatabase = migratedIndexes.rows.map(described);
    const inEntities = dataSource.entityMetadatas.flatMap((m) => [
      described({ table: m.tableName, name: null, primary: true, unique: true, columns: m.primaryColumns.map((c) => c.databaseName) }),
      ...m.indices.map((i) =>
        described({ table: m.tableName, name: i.name, primary: false, unique: i.isUnique, columns: i.columns.map((c) => c.databaseName) }),
      ),
    ]);
    expect(inEntities.sort()).toEqual(inDatabase.sort());
  });

  it('cover every table the migrations create, one entity each', () => {
    const entityTables = dataSource.entityMetadatas.map((m) => m.tableName);
    expect(migrated.length).toBeGreaterThan(10);
    expect([...entityTables].sort()).toEqual([...migrated].sort());
    expect(dataSource.entityMetadatas).toHaveLength(READ_MODEL_ENTITIES.length);
  });

  it('name each column by its property, so the upserts write the rows as JSON and the loads read them back as the entity', () => {
    for (const entity of READ_MODEL_ENTITIES) {
      const metadata = dataSource.getMetadata(entity);
      expect(metadata.columns.map((c) => [c.propertyName, c.databaseName])).toEqual(metadata.columns.map((c) => [c.propertyName, c.propertyName]));
      // what upsertRows writes and the key it upserts on are the checked entity's
      expect(entityShape(entity)).toEqual({
        columns: metadata.columns.map((c) => c.databaseName),
        key: metadata.primaryColumns.map((c) => c.databaseName),
      });
    }
  });
});
