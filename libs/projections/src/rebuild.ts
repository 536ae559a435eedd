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
import { freshCopies, readModelSnapshots, snapshotTableOf, swapCopies, type ReadModelSnapshot } from './snapshot-tables';
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
 * Where the rebuilds of `names` start: the feed's start (null), or, once months are out of the store (archive --drop),
 * each one's snapshot at the last such month's closing seal or a later one's (snapshots.ts). Refused, naming the read models and the
 * months, for a read model that has none (added after the drop, or the months dropped before snapshots were taken):
 * a rebuild from the feed's start would leave their facts out of every total that carries across days (a jackpot's
 * value, an equipment's sums) without saying so (docs/scaling.md §4).
 */
export interface RebuildStarts {
  /** the months out of the store when the starts were chosen, oldest first */
  readonly months: readonly string[];
  /** each read model's snapshot, or null: the feed's start */
  readonly starts: ReadonlyMap<string, ReadModelSnapshot | null>;
}

export async function rebuildStarts(pool: Pool, names: readonly string[]): Promise<RebuildStarts> {
  const gone = await archivedMonths(pool);
  const months = gone.map((m) => m.month);
  if (!gone.length) return { months, starts: new Map(names.map((n) => [n, null])) };
  const last = months[months.length - 1];
  const snapshots = await readModelSnapshots(pool);
  // a snapshot at a later month's seal (taken, that month not dropped yet) is as good: the feed after it is online
  const usable = (n: string) => {
    const s = snapshots.get(n);
    return s !== undefined && s.month >= last;
  };
  const without = names.filter((n) => !usable(n));
  if (without.length) {
    throw keyedError(RebuildRefusedError, 'rebuild.archivedMonths', { name: without.join(', '), months: months.join(', '), last });
  }
  return { months, starts: new Map(names.map((n) => [n, snapshots.get(n)!])) };
}

const archivedMonthsTable = async (db: Pick<Pool, 'query'>) =>
  (await db.query(`SELECT to_regclass('ca_archived_months') IS NOT NULL AS t`)).rows[0].t as boolean;

export async function rebuildProjection(
  pool: Pool,
  store: PostgresEventStore,
  p: Projection,
  onProgress?: (progress: RebuildProgress) => void,
  batchSize = REBUILD_BATCH,
): Promise<{ events: number }> {
  // the months out of the store read once: the start chosen from them, and the swap held to them
  const { months: goneAtStart, starts } = await rebuildStarts(pool, [p.name]);
  const snapshot = starts.get(p.name);
  // from the snapshot's tables once months are out of the store, else empty
  const fresh = await freshCopies(pool, p.name, p.tables, '__rebuild', snapshot ? snapshotTableOf : undefined);
  const rebuildCheckpoint = `${p.name}__rebuild`;
  await pool.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [rebuildCheckpoint]);
  if (snapshot) await writeCheckpoint(pool, rebuildCheckpoint, snapshot.checkpoint, snapshot.events);
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
    // a month dropped while this rebuild read (its start chosen before): its events may have gone before they were
    // read. The drop records the month in ca_archived_months: held from here to the swap's commit (which reads no
    // events: a drop waiting on it holds the events' table), and compared
    if (await archivedMonthsTable(client)) await client.query('LOCK TABLE ca_archived_months IN SHARE MODE');
    const goneNow = (await archivedMonths(client)).map((m) => m.month);
    if (goneNow.join(',') !== goneAtStart.join(','))
      throw keyedError(RebuildRefusedError, 'rebuild.droppedMeanwhile', { name: p.name, months: goneNow.join(', ') });
    const cp = await readCheckpoint(client, rebuildCheckpoint);
    await swapCopies(client, fresh, (live) => live);
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
