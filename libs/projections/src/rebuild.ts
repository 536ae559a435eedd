/**
 * Rebuild a projection from the first event into fresh tables, then swap them in: reports keep
 * reading the old tables until the swap, and a crash before it leaves the old tables serving.
 */
import type { Pool } from 'pg';
import { KeyedError, keyedError } from '../../access/src/keyed-error';
import { PostgresEventStore, PROMISE_NO_APPEND } from '../../event-store/src';
import { archivedMonths } from '../../event-store/src/postgres/month-drop';
import { setting } from '../../platform/src/config';
import type { Projection } from './projection';
import { lockKey, readCheckpoint, writeCheckpoint } from './checkpoints';
import { Projector } from './projector';

export interface RebuildProgress {
  readonly projection: string;
  readonly done: number;
  readonly total: number;
}

/** Pages a rebuild reads ahead of the one it applies (the verdicts' judge threads work on them meanwhile): `CA_READ_AHEAD`, default 3. */
export function readAheadPages(env: NodeJS.ProcessEnv = process.env): number {
  return setting('CA_READ_AHEAD', env);
}

/**
 * Store events a rebuild applies in one batch. Larger than the live projector's: a rebuild is never
 * behind a terminal, and the statistics read models pay a fixed cost per batch (performance reads and
 * writes back the day's sums and the casino's CUSUM rows, a session's open bets, whatever the batch's
 * size). Measured on the 1M bench store, 2,000 → 5,000 (three interleaved pairs, 2026-11-30): performance
 * 40–44k → 48–56k events/s, player-figures 40–54k → 46–55k (bench/results.md, "Added on 2026-11-30, morning").
 */
export const REBUILD_BATCH = 5_000;

/** A rebuild that would read the feed from a start the store no longer holds (months archived out of it). */
export class RebuildRefusedError extends KeyedError {}

/**
 * Refuse to rebuild `names` once months are out of the store (archive --drop): a rebuild reads the feed from its start
 * and would leave their facts out of every total that carries across days (a jackpot's value, an equipment's sums)
 * without saying so (docs/scaling.md §4).
 */
export async function refuseRebuildAfterDrop(pool: Pool, names: readonly string[]): Promise<void> {
  const gone = await archivedMonths(pool);
  if (gone.length) throw keyedError(RebuildRefusedError, 'rebuild.archivedMonths', { name: names.join(', '), months: gone.map((m) => m.month).join(', ') });
}

export async function rebuildProjection(
  pool: Pool,
  store: PostgresEventStore,
  p: Projection,
  onProgress?: (progress: RebuildProgress) => void,
  batchSize = REBUILD_BATCH,
): Promise<{ events: number }> {
  await refuseRebuildAfterDrop(pool, [p.name]);
  const fresh = Object.fromEntries(p.tables.map((t) => [t, `${t}__rebuild`]));
  const rebuildCheckpoint = `${p.name}__rebuild`;
  for (const [live, next] of Object.entries(fresh)) {
    await pool.query(`DROP TABLE IF EXISTS ${next}`);
    await pool.query(`CREATE TABLE ${next} (LIKE ${live} INCLUDING ALL)`);
  }
  await pool.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [rebuildCheckpoint]);
  const total = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
  // the fresh tables are this read model's alone: its pages carry in full only the types it handles (a third of the
  // store's events are cards dealt, which the statistics read models never read; bench/results.md, 2026-11-30 noon)
  const projector = new Projector(pool, store, [p], { batchSize, readAhead: readAheadPages(), relaxedCommit: true, handledOnly: true });
  let done = 0;
  for (;;) {
    const n = await projector.step(p, fresh, rebuildCheckpoint);
    done += n;
    onProgress?.({ projection: p.name, done: Math.min(done, Math.max(total, done)), total: Math.max(total, done) });
    if (n < batchSize) break;
  }
  // swap under the projection's lock, catching up the last events the live projector may have seen
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(PROMISE_NO_APPEND); // the swap never appends: the horizon need not wait for it
    await client.query('SELECT pg_advisory_xact_lock($1)', [lockKey(p.name)]);
    while ((await projector.step(p, fresh, rebuildCheckpoint)) > 0);
    const cp = await readCheckpoint(client, rebuildCheckpoint);
    for (const [live, next] of Object.entries(fresh)) {
      await client.query(`DROP TABLE ${live}`);
      await client.query(`ALTER TABLE ${next} RENAME TO ${live}`);
      await renameIndexes(client, next, live);
    }
    await writeCheckpoint(client, p.name, cp, cp.events);
    await client.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [rebuildCheckpoint]);
    await client.query('COMMIT');
    return { events: cp.events };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Indexes of a `LIKE … INCLUDING ALL` copy carry generated names; give them the live table's names back. */
async function renameIndexes(client: import('pg').PoolClient, from: string, to: string) {
  const r = await client.query(`SELECT indexname FROM pg_indexes WHERE tablename = $1`, [to]);
  for (const { indexname } of r.rows) {
    if (indexname.startsWith(from)) await client.query(`ALTER INDEX ${indexname} RENAME TO ${indexname.replace(from, to)}`);
  }
}
