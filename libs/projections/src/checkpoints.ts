/**
 * Where each read model (and the store mirror) stands in the feed: its checkpoint row in
 * `ca_projection_checkpoints`, and the advisory lock under which a batch moves it. Kept apart from the
 * projector so that the mirror, a rebuild and the metrics read and write checkpoints without importing the
 * projector (which imports the mirror: issue 22 §3, no import circles).
 */
import type { Pool, PoolClient } from 'pg';
import { FEED_START, FeedCheckpoint } from '../../event-store/src';
import type { ProjectionCheckpointEntity } from './checkpoint.entity';

/** The advisory lock a projection's batches (and a rebuild's swap) take. */
export const lockKey = (name: string) => {
  let h = 0;
  for (const ch of `projection:${name}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

export async function readCheckpoint(db: Pool | PoolClient, name: string, forUpdate = false): Promise<FeedCheckpoint & { events: number }> {
  const r = await db.query<Pick<ProjectionCheckpointEntity, 'transaction_id' | 'global_position' | 'events'>>(
    `SELECT transaction_id, global_position, events FROM ca_projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    [name],
  );
  if (!r.rowCount) return { ...FEED_START, events: 0 };
  return { transactionId: BigInt(r.rows[0].transaction_id), globalPosition: BigInt(r.rows[0].global_position), events: Number(r.rows[0].events) };
}

export async function writeCheckpoint(db: PoolClient, name: string, checkpoint: FeedCheckpoint, events: number): Promise<void> {
  await db.query(
    `INSERT INTO ca_projection_checkpoints (name, transaction_id, global_position, events, updated_at)
     VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (name) DO UPDATE SET transaction_id = $2, global_position = $3, events = $4, updated_at = now()`,
    [name, checkpoint.transactionId.toString(), checkpoint.globalPosition.toString(), events],
  );
}
