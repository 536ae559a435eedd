/**
 * Copies of a read model's tables, and its snapshot's row (docs/scaling.md §4): a rebuild fills `<table>__rebuild`
 * and swaps it in (rebuild.ts); `archive MONTH --drop` keeps `<table>__snapshot`, the tables as they stood at the
 * month's closing seal (snapshots.ts), from which a rebuild starts once the month is out of the store.
 */
import type { Pool, PoolClient } from 'pg';
import { keyedError, KeyedError } from '../../access/src/keyed-error';
import type { FeedCheckpoint } from '../../event-store/src';

/** A read model's snapshot (ca_read_model_snapshots): its tables as they stood at a month's closing seal. */
export interface ReadModelSnapshot {
  readonly projection: string;
  /** the month (YYYY-MM) whose closing seal the tables stand at */
  readonly month: string;
  readonly checkpoint: FeedCheckpoint;
  /** events the read model had taken there */
  readonly events: number;
}

/** A snapshot's copy of a live table. */
export const snapshotTableOf = (table: string) => `${table}__snapshot`;

/** Each read model's snapshot row (read-model migration 1764800000000). */
export const SNAPSHOTS_TABLE = 'ca_read_model_snapshots';

/** A snapshot that cannot be used, or taken (its shape, its month, a feed that cannot be read to the seal). */
export class SnapshotRefusedError extends KeyedError {}

/** Every read model's snapshot, by read model (none before the read models' migration 1764800000000). */
export async function readModelSnapshots(db: Pick<Pool, 'query'>): Promise<Map<string, ReadModelSnapshot>> {
  const rows = await db
    .query(`SELECT projection, month, transaction_id, global_position::text AS position, events FROM ${SNAPSHOTS_TABLE}`)
    .then((r) => r.rows)
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    });
  return new Map(
    rows.map((r) => [
      r.projection,
      {
        projection: r.projection,
        month: r.month,
        checkpoint: { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.position) },
        events: Number(r.events),
      },
    ]),
  );
}

/** Record `snapshot` as its read model's (one a read model: the newest replaces the one before). */
export async function writeSnapshotRow(db: Pick<PoolClient, 'query'>, s: ReadModelSnapshot): Promise<void> {
  await db.query(
    `INSERT INTO ${SNAPSHOTS_TABLE} (projection, month, transaction_id, global_position, events, taken_at) VALUES ($1, $2, $3, $4, $5, now())
     ON CONFLICT (projection) DO UPDATE SET month = excluded.month, transaction_id = excluded.transaction_id,
       global_position = excluded.global_position, events = excluded.events, taken_at = excluded.taken_at`,
    [s.projection, s.month, s.checkpoint.transactionId.toString(), s.checkpoint.globalPosition.toString(), s.events],
  );
}

/** A table's columns and their types, in order. */
const columnsOf = async (db: Pick<Pool, 'query'>, table: string): Promise<Array<{ name: string; type: string }>> =>
  (
    await db.query(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
        WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      [table],
    )
  ).rows;

/**
 * Fresh copies `<table><suffix>` of the live `tables` (keys, indexes and defaults included: the read model's upserts
 * need them), emptied, or filled from `from(table)` (a snapshot): refused, naming the table, when the copy's columns
 * are not the live table's (a read-model migration changed the table after the snapshot was taken: its rows for the
 * months out of the store cannot be recomputed). Returns live name → copy name.
 */
export async function freshCopies(
  db: Pick<Pool, 'query'>,
  projection: string,
  tables: readonly string[],
  suffix: string,
  from?: (table: string) => string,
): Promise<Record<string, string>> {
  const copies: Record<string, string> = {};
  for (const live of tables) {
    const copy = `${live}${suffix}`;
    await db.query(`DROP TABLE IF EXISTS ${copy}`);
    await db.query(`CREATE TABLE ${copy} (LIKE ${live} INCLUDING ALL)`);
    if (from) {
      const source = from(live);
      const [want, have] = [await columnsOf(db, live), await columnsOf(db, source)];
      const shape = (cs: typeof want) => cs.map((c) => `${c.name} ${c.type}`).join(', ');
      if (shape(want) !== shape(have)) throw keyedError(SnapshotRefusedError, 'snapshot.shape', { name: projection, table: live, snapshot: source });
      const names = want.map((c) => `"${c.name}"`).join(', ');
      await db.query(`INSERT INTO ${copy} (${names}) SELECT ${names} FROM ${source}`);
    }
    copies[live] = copy;
  }
  return copies;
}

/** Swap the copies in for `to(table)` (dropping what stood there), inside the caller's transaction. */
export async function swapCopies(client: PoolClient, copies: Readonly<Record<string, string>>, to: (table: string) => string): Promise<void> {
  for (const [live, copy] of Object.entries(copies)) {
    const target = to(live);
    await client.query(`DROP TABLE IF EXISTS ${target}`);
    await client.query(`ALTER TABLE ${copy} RENAME TO ${target}`);
    await renameIndexes(client, copy, target);
  }
}

/** Indexes of a `LIKE … INCLUDING ALL` copy carry generated names; give them names of the table they now belong to. */
async function renameIndexes(client: PoolClient, from: string, to: string) {
  const r = await client.query(`SELECT indexname FROM pg_indexes WHERE tablename = $1`, [to]);
  for (const { indexname } of r.rows) {
    if (indexname.startsWith(from)) await client.query(`ALTER INDEX ${indexname} RENAME TO ${indexname.replace(from, to)}`);
  }
}
