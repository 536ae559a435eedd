/**
 * A closed month out of the store (docs/scaling.md §3; store migration 14): once its archive file has been written,
 * read back and checked against its closing seal (`archive MONTH`, month-export.ts), `archive MONTH --drop` detaches
 * its partition and drops it, in one transaction, keeping online what the store must still know of it:
 * - each stream's head as the month's closing seal committed to it, and the seal stream's own head before that seal
 *   (ca_archived_heads: appends go on from them, ca_streams and the link before a stream's first online event read
 *   them, verify and the seals start from them);
 * - each id with its content hash, stream, version and position, copied before the lock (ca_archived_event_ids: a re-send is a duplicate,
 *   other content under the id a conflict);
 * - the month, its positions, closing seal and file (ca_archived_months).
 * Refused, nothing changed, when the store is not partitioned, when the month is not alone in its partition, when an
 * earlier month is still online (months leave in order, so that every chain has one start), or when the partition
 * is not what the file holds (its count, its positions; its streams' last events, asked under the lock, after the ids
 * were copied: an id kept for a month still online is answered as the online event is). The detach takes the rows'
 * table for the transaction (ACCESS EXCLUSIVE: readers wait), after at most `lockTimeoutMs` of waiting for it.
 */
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { because } from '../../../i18n/src/reasons';
import { ArchiveFileError, type ArchiveManifest } from '../archive';
import type { SegmentCheck } from '../archive-check';
import { SEAL_STREAM } from '../seal';
import { eventsArePartitioned } from './month-turn';

/** The months taken out of the store (store migration 14) and the files they went to, oldest first; none before that migration. */
export async function archivedMonths(db: Pick<Pool, 'query'>): Promise<Array<{ month: string; file: string }>> {
  return db
    .query('SELECT month, file_name FROM ca_archived_months ORDER BY month')
    .then((r) => r.rows.map((row) => ({ month: row.month as string, file: row.file_name as string })))
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    });
}

export interface MonthDrop {
  readonly month: string;
  /** the partition detached and dropped */
  readonly partition: string;
  readonly events: number;
  /** archived heads written or moved forward */
  readonly heads: number;
  /** how long the month's ids took to copy, before the lock (readers go on), in ms */
  readonly idsMs: number;
  /** how long readers of the events were held out: the detach to the commit, in ms */
  readonly lockedMs: number;
}

export interface DroppedArchive {
  readonly file: string;
  readonly sha256: string;
  readonly manifest: ArchiveManifest;
  /** the file's check against its closing seal: it must have passed */
  readonly check: SegmentCheck;
}

/**
 * The partition that holds the month `manifest` describes, or the refusal of its drop (ArchiveFileError): the store
 * not partitioned, the month not online, an earlier month still in the store (months leave in order), the partition
 * not the month alone. Asked again inside the drop; asked first by `archive --drop`, before the read models'
 * snapshots are taken for nothing, and by the drop before it copies the ids.
 */
export async function partitionToDrop(
  db: Pick<Pool, 'query'>,
  manifest: Pick<ArchiveManifest, 'month' | 'firstPosition' | 'lastPosition' | 'events'>,
): Promise<string> {
  const { month } = manifest;
  if (!(await eventsArePartitioned(db))) throw new ArchiveFileError(because('archive.dropNotPartitioned', { month }));
  const partition = (await db.query(`SELECT tableoid::regclass::text AS p FROM ca_event_rows WHERE global_position = $1`, [manifest.firstPosition])).rows[0]
    ?.p as string | undefined;
  if (!partition) throw new ArchiveFileError(because('archive.dropNotOnline', { month }));
  // months leave in order: nothing online before this one
  const earlier = (await db.query(`SELECT EXISTS (SELECT 1 FROM ca_event_rows WHERE global_position < $1) AS e`, [manifest.firstPosition])).rows[0].e;
  if (earlier) throw new ArchiveFileError(because('archive.dropEarlierOnline', { month }));
  // the partition holds the month the file holds, and nothing else
  const held = (await db.query(`SELECT count(*)::int AS n, min(global_position)::text AS first, max(global_position)::text AS last FROM ${partition}`)).rows[0];
  if (held.n !== manifest.events || held.first !== manifest.firstPosition || held.last !== manifest.lastPosition) {
    throw new ArchiveFileError(
      because('archive.dropNotAlone', { month, partition, held: held.n, first: held.first ?? '', last: held.last ?? '', events: manifest.events }),
    );
  }
  return partition;
}

export async function dropMonth(pool: Pool, archive: DroppedArchive, options: { lockTimeoutMs?: number } = {}): Promise<MonthDrop> {
  const { manifest, check } = archive;
  const month = manifest.month;
  if (!check.ok) throw new ArchiveFileError(because('archive.dropUnchecked', { month }));
  // The ids first, in a transaction of their own, before the lock that keeps readers out: copying them was most of
  // that lock's time (1.2–1.6 s for 200,000 events, bench/results.md, 2026-12-02). The month is closed (its range
  // behind the sequence, its rows refusing UPDATE and DELETE), so its ids cannot change before the drop; an id in
  // both places meanwhile, or after a drop refused below, is answered the same by the append (it checks both).
  const copying = performance.now();
  await pool.query(
    `INSERT INTO ca_archived_event_ids (event_id, content_hash, stream_number, stream_version, global_position)
     SELECT event_id, content_hash, stream_number, stream_version, global_position FROM ${await partitionToDrop(pool, manifest)}
     ON CONFLICT (event_id) DO NOTHING`,
  );
  const idsMs = performance.now() - copying;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('lock_timeout', $1, true)`, [`${options.lockTimeoutMs ?? 10_000}ms`]);
    const partition = await partitionToDrop(client, manifest);
    // the partition's last event of each stream is the head the file's check handed over (the seal stream's: the
    // head before the closing seal)
    const handed = new Map(check.closingHeads);
    if (check.sealStreamHead) handed.set(SEAL_STREAM, check.sealStreamHead);
    const last = (
      await client.query(
        `SELECT DISTINCT ON (e.stream_number) s.stream_id, e.stream_version AS version, encode(e.hash, 'hex') AS hash
           FROM ${partition} e JOIN ca_stream_ids s ON s.stream_number = e.stream_number ORDER BY e.stream_number, e.stream_version DESC`,
      )
    ).rows as { stream_id: string; version: number; hash: string }[];
    const differs = last.find((r) => handed.get(r.stream_id)?.version !== r.version || handed.get(r.stream_id)?.hash !== r.hash);
    if (differs) throw new ArchiveFileError(because('archive.dropHeadDiffers', { month, stream: differs.stream_id, version: differs.version }));

    const locked = performance.now();
    await client.query(`ALTER TABLE ca_event_rows DETACH PARTITION ${partition}`);
    const heads = [...handed].filter(([, h]) => h.version > 0);
    const moved = await client.query(
      `INSERT INTO ca_archived_heads (stream_number, stream_version, hash)
       SELECT s.stream_number, h.version, decode(h.hash, 'hex') FROM unnest($1::text[], $2::int[], $3::text[]) AS h(stream_id, version, hash)
         JOIN ca_stream_ids s ON s.stream_id = h.stream_id
       ON CONFLICT (stream_number) DO UPDATE SET stream_version = EXCLUDED.stream_version, hash = EXCLUDED.hash
        WHERE EXCLUDED.stream_version > ca_archived_heads.stream_version`,
      [heads.map(([s]) => s), heads.map(([, h]) => h.version), heads.map(([, h]) => h.hash)],
    );
    await client.query(
      `INSERT INTO ca_archived_months (month, first_position, last_position, events, closing_seal, file_name, file_sha256)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [month, manifest.firstPosition, manifest.lastPosition, manifest.events, manifest.closingSeal, archive.file, archive.sha256],
    );
    await client.query(`DROP TABLE ${partition}`);
    await client.query('COMMIT');
    return { month, partition, events: manifest.events, heads: moved.rowCount ?? 0, idsMs, lockedMs: performance.now() - locked };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: string }).code === '55P03') throw new ArchiveFileError(because('archive.dropBusy', { month }));
    throw error;
  } finally {
    client.release();
  }
}
