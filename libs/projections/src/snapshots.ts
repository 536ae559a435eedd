/**
 * Each read model's snapshot at a month's closing seal (docs/scaling.md §4), taken by `archive MONTH --drop` before
 * the month leaves the store: its tables `<table>__snapshot` as a rebuild would leave them had it stopped at the
 * closing seal, and that seal's feed checkpoint. Once the month is out of the store, a rebuild starts from the snapshot
 * and reads on from that checkpoint (rebuild.ts) instead of from a feed start the store no longer holds.
 *
 * Why the closing seal: the month's turn writes it under a lock that waited for every append of the month to commit,
 * and its transaction id is given after that lock, so every event of the month comes before it in the feed's order
 * (transaction id, position), and what comes after it is online still. Events of the next month may come before it
 * too (an append whose transaction began before the turn): they are in the snapshot and online, and are read once.
 *
 * A snapshot moves forward from the one before (the months leave in order), reading only the months between; the
 * first one reads the feed from its start. A read model that cannot have one (months dropped before it existed or
 * before snapshots were taken, or a table whose columns changed since its snapshot) is named, not guessed at: its
 * rebuild stays refused after the drop.
 */
import type { Pool } from 'pg';
import { compareCheckpoints, FEED_START, PostgresEventStore, type FeedCheckpoint } from '../../event-store/src';
import { firstPositionOfMonth } from '../../event-store/src/archive';
import { archivedMonths } from '../../event-store/src/postgres/month-drop';
import { monthAfter } from '../../event-store/src/postgres/month-turn';
import { SEAL_STREAM } from '../../event-store/src/seal';
import { keyedError } from '../../access/src/keyed-error';
import type { ReasonKey } from '../../i18n/src/reasons';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import type { Projection } from './projection';
import { Projector } from './projector';
import { readAheadPages, REBUILD_BATCH } from './rebuild';
import {
  freshCopies,
  readModelSnapshots,
  snapshotTableOf,
  SnapshotRefusedError,
  swapCopies,
  writeSnapshotRow,
  type ReadModelSnapshot,
} from './snapshot-tables';

/** `month`'s closing seal's place in the feed: the first event of the next month's range, on the seal stream. */
export async function closingSealCheckpoint(db: Pick<Pool, 'query'>, month: string): Promise<FeedCheckpoint> {
  const at = firstPositionOfMonth(monthAfter(month));
  const row = (
    await db.query(`SELECT transaction_id::text AS xid, global_position::text AS position FROM ca_events WHERE global_position = $1 AND stream_id = $2`, [
      at.toString(),
      SEAL_STREAM,
    ])
  ).rows[0];
  if (!row) throw keyedError(SnapshotRefusedError, 'snapshot.noClosingSeal', { month });
  return { transactionId: BigInt(row.xid), globalPosition: BigInt(row.position) };
}

/** What became of one read model's snapshot. */
export type SnapshotOutcome =
  | { readonly projection: string; readonly outcome: 'taken'; readonly snapshot: ReadModelSnapshot; readonly read: number }
  /** it had one at this month or a later one already (a drop tried again) */
  | { readonly projection: string; readonly outcome: 'kept'; readonly snapshot: ReadModelSnapshot }
  /** it cannot have one: its rebuild stays refused once the month is out (`reason`: why, keyed) */
  | { readonly projection: string; readonly outcome: 'missing'; readonly reason: ReasonKey };

export interface SnapshotOptions {
  /** how long to wait for transactions older than the closing seal to end before refusing (default 10 s) */
  readonly horizonWaitMs?: number;
}

/**
 * Snapshot every read model of `projections` at `month`'s closing seal. Refused (SnapshotRefusedError, nothing
 * replaced) when the month has no closing seal, or when the feed cannot be read up to it (a transaction older than
 * the seal still open after `horizonWaitMs`). Each read model's snapshot is replaced in one transaction with its row.
 */
export async function takeSnapshots(
  pool: Pool,
  store: PostgresEventStore,
  projections: readonly Projection[],
  month: string,
  options: SnapshotOptions = {},
): Promise<SnapshotOutcome[]> {
  const seal = await closingSealCheckpoint(pool, month);
  const gone = await archivedMonths(pool);
  const lastGone = gone.length ? gone[gone.length - 1].month : null;
  const existing = await readModelSnapshots(pool);
  const outcomes: SnapshotOutcome[] = [];
  for (const p of projections) {
    const before = existing.get(p.name);
    if (before && before.month >= month) {
      outcomes.push({ projection: p.name, outcome: 'kept', snapshot: before });
      continue;
    }
    // months already out of the store: only a snapshot at the last of them, or later, can be carried forward
    if (lastGone && !(before && before.month >= lastGone)) {
      outcomes.push({ projection: p.name, outcome: 'missing', reason: { key: 'snapshot.noBase', values: { name: p.name, last: lastGone } } });
      continue;
    }
    try {
      outcomes.push(await takeSnapshot(pool, store, p, month, seal, before, options));
    } catch (error) {
      if (!(error instanceof SnapshotRefusedError) || error.because.key !== 'snapshot.shape') throw error;
      outcomes.push({ projection: p.name, outcome: 'missing', reason: error.because });
    }
  }
  return outcomes;
}

async function takeSnapshot(
  pool: Pool,
  store: PostgresEventStore,
  p: Projection,
  month: string,
  seal: FeedCheckpoint,
  before: ReadModelSnapshot | undefined,
  options: SnapshotOptions,
): Promise<SnapshotOutcome> {
  const next = await freshCopies(pool, p.name, p.tables, '__snapshot_next', before ? snapshotTableOf : undefined);
  const checkpointName = `${p.name}__snapshot_next`;
  await pool.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [checkpointName]);
  await writeCheckpoint(pool, checkpointName, before?.checkpoint ?? FEED_START, before?.events ?? 0);
  // the read model's own pages, as a rebuild reads them, never past the seal
  const projector = new Projector(pool, store, [p], {
    batchSize: REBUILD_BATCH,
    readAhead: readAheadPages(),
    relaxedCommit: true,
    handledOnly: true,
    until: seal,
  });
  const waitUntil = Date.now() + (options.horizonWaitMs ?? 10_000);
  let read = 0;
  try {
    for (;;) {
      const n = await projector.step(p, next, checkpointName);
      read += n;
      if (n > 0) continue;
      // nothing more below the horizon: at the seal, or held back by an older transaction still open
      const at = await readCheckpoint(pool, checkpointName);
      if (compareCheckpoints(at, seal) === 0) break;
      if (Date.now() > waitUntil) throw keyedError(SnapshotRefusedError, 'snapshot.unreachable', { name: p.name, month });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    // the half-made copies go: the snapshot before, if any, stands
    for (const copy of Object.values(next)) await pool.query(`DROP TABLE IF EXISTS ${copy}`);
    await pool.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [checkpointName]);
    throw error;
  }
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const at = await readCheckpoint(client, checkpointName);
    const snapshot: ReadModelSnapshot = { projection: p.name, month, checkpoint: seal, events: at.events };
    await swapCopies(client, next, snapshotTableOf);
    await writeSnapshotRow(client, snapshot);
    await client.query('DELETE FROM ca_projection_checkpoints WHERE name = $1', [checkpointName]);
    await client.query('COMMIT');
    return { projection: p.name, outcome: 'taken', snapshot, read };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * Refuse to drop `month` while a live read model has not read up to its closing seal (SnapshotRefusedError
 * `snapshot.liveBehind`, naming them): it would go on from its checkpoint past events no longer in the store, and
 * leave them out without a word. The drop brings them up to date first (`archive --drop`); one still behind is held by
 * a transaction older than the seal, or has never run.
 */
export async function refuseLiveBehind(pool: Pool, projections: readonly Projection[], month: string): Promise<void> {
  const seal = await closingSealCheckpoint(pool, month);
  const behind: string[] = [];
  for (const p of projections) {
    if (compareCheckpoints(await readCheckpoint(pool, p.name), seal) < 0) behind.push(p.name);
  }
  if (behind.length) throw keyedError(SnapshotRefusedError, 'snapshot.liveBehind', { names: behind.join(', '), month });
}
