/**
 * The read models' batch upsert: the hot path stays raw SQL through the projector's connection (one
 * `jsonb_populate_recordset` statement per table and batch), but what it writes comes from the table's entity —
 * the rows are the entity's type and the columns and key its decorators', so a misspelt or forgotten column does
 * not compile or does not exist twice. An entity's property names are its column names (read-model-schema.spec.ts
 * checks it), which is what lets a row be written as JSON and read back from `SELECT *` as it is.
 */
import type { PoolClient } from 'pg';
import { getMetadataArgsStorage, type ColumnOptions } from 'typeorm';

/** A read-model entity class (data-source.ts `READ_MODEL_ENTITIES`). */
export type ReadModelEntity<E> = new () => E;

/** A bigint column read as a number: money in minor units and feed positions stay far below 2^53 (pg parses int8 alike, libs/database). */
export const bigintNumber = {
  type: 'bigint',
  transformer: { to: (v: number | null) => v, from: (v: string | number | null) => (v === null ? null : Number(v)) },
} as const satisfies ColumnOptions;

interface EntityShape {
  readonly key: readonly string[];
  readonly columns: readonly string[];
}
const shapes = new WeakMap<ReadModelEntity<unknown>, EntityShape>();

/** The entity's columns and primary key, from its decorators (no DataSource needed: the projector writes through pg). */
export function entityShape(entity: ReadModelEntity<unknown>): EntityShape {
  let shape = shapes.get(entity);
  if (!shape) {
    const columns = getMetadataArgsStorage().filterColumns(entity);
    shape = { key: columns.filter((c) => c.options.primary).map((c) => c.propertyName), columns: columns.map((c) => c.propertyName) };
    shapes.set(entity, shape);
  }
  return shape;
}

/** Write rows of an entity in one statement into `table` (its live table, or the table a rebuild fills): an upsert on its primary key. */
export async function upsertRows<E extends object>(db: PoolClient, entity: ReadModelEntity<E>, table: string, rows: readonly E[]): Promise<void> {
  if (!rows.length) return;
  await upsertJson(db, entity, table, JSON.stringify(rows));
}

/** The same, with the rows already written as a JSON array (a projection that serialises as it goes). */
export async function upsertJson(db: PoolClient, entity: ReadModelEntity<unknown>, table: string, rowsJson: string): Promise<void> {
  const { key, columns } = entityShape(entity);
  const quote = (c: string) => `"${c}"`;
  await db.query(
    `INSERT INTO ${table} SELECT * FROM jsonb_populate_recordset(NULL::${table}, $1::jsonb)
     ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ${columns
       .filter((c) => !key.includes(c))
       .map((c) => `${quote(c)} = EXCLUDED.${quote(c)}`)
       .join(', ')}`,
    [rowsJson],
  );
}
