/**
 * Where each read model (and the store mirror) stands in the feed: its checkpoint row in
 * `ca_projection_checkpoints`, and the advisory lock under which a batch moves it. Kept apart from the
 * projector so that the mirror, a rebuild and the metrics read and write checkpoints without importing the
 * projector (which imports the mirror: issue 22 §3, no import circles).
 */
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { FEED_START, FeedCheckpoint } from '../../event-store/src';
import type { ProjectionCheckpointEntity } from './checkpoint.entity';

/** The advisory lock a projection's batches (and a rebuild's swap) take. */
export const lockKey = (name: string) => {
  let h = 0;
  for (const ch of `projection:${name}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

export type StoredCheckpoint = FeedCheckpoint & { events: number };
type CheckpointRow = Pick<ProjectionCheckpointEntity, 'transaction_id' | 'global_position' | 'events'>;

/** A checkpoint's row by name (`name`: a placeholder or a quoted literal), locked for the batch when `forUpdate`. */
const selectCheckpoint = (name: string, forUpdate: boolean) =>
  `SELECT transaction_id, global_position, events FROM ca_projection_checkpoints WHERE name = ${name}${forUpdate ? ' FOR UPDATE' : ''}`;

/** A checkpoint written, first or again (`values`: name, transaction id, position, events, as placeholders or literals). */
const upsertCheckpoint = (values: string) => `INSERT INTO ca_projection_checkpoints (name, transaction_id, global_position, events, updated_at)
     VALUES (${values}, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = excluded.transaction_id, global_position = excluded.global_position, events = excluded.events, updated_at = now()`;

export async function readCheckpoint(db: Pool | PoolClient, name: string, forUpdate = false): Promise<StoredCheckpoint> {
  const r = await db.query<CheckpointRow>(selectCheckpoint('$1', forUpdate), [name]);
  return checkpointOf(r.rows);
}

/** A checkpoint from its row (none yet: the start of the feed). */
export function checkpointOf(rows: readonly CheckpointRow[]): StoredCheckpoint {
  if (!rows.length) return { ...FEED_START, events: 0 };
  return { transactionId: BigInt(rows[0].transaction_id), globalPosition: BigInt(rows[0].global_position), events: Number(rows[0].events) };
}

/**
 * `readCheckpoint(…, true)` as simple-protocol text, to send with other statements in one round trip (the projector's
 * batch opening). The name is quoted as a literal; the rows come back as `checkpointOf` reads them.
 */
export const lockedCheckpointSql = (name: string) => selectCheckpoint(escapeLiteral(name), true);

/**
 * `writeCheckpoint` as simple-protocol text, to send with the COMMIT in one round trip (the projector's batch end).
 * Every value is a number written here or the name quoted as a literal.
 */
export function writeCheckpointSql(name: string, checkpoint: FeedCheckpoint, events: number): string {
  if (!Number.isSafeInteger(events) || events < 0) throw new Error(`a checkpoint counts a whole number of events, not ${events}`);
  return upsertCheckpoint(`${escapeLiteral(name)}, '${BigInt(checkpoint.transactionId)}', ${BigInt(checkpoint.globalPosition)}, ${events}`);
}

export async function writeCheckpoint(db: Pick<PoolClient, 'query'>, name: string, checkpoint: FeedCheckpoint, events: number): Promise<void> {
  await db.query(upsertCheckpoint('$1, $2, $3, $4'), [name, checkpoint.transactionId.toString(), checkpoint.globalPosition.toString(), events]);
}
