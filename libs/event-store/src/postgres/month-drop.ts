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
import type { Pool, PoolClient } from 'pg';
import { because } from '../../../i18n/src/reasons';
import { ArchiveFileError, firstPositionOfMonth, type ArchiveManifest } from '../archive';
import type { SegmentCheck } from '../archive-check';
import type { FeedCheckpoint } from '../port';
import { SEAL_STREAM } from '../seal';
import { archivedStatesOf } from './archived-reads';
import { eventsArePartitioned, monthAfter } from './month-turn';

export { archivedCasinosOf, archivedHeadsOf, archivedMonths, archivedStatesOf, archivedStreamOfRound, type ArchivedState } from './archived-reads';

/**
 * A write side's state of each stream of one kind, kept at the stream's archived head when its facts leave the store
 * (store migration 16): ingestion folds a session's stream to judge its next fact, and after a drop the stream's start
 * is gone. The drop folds, for every such stream of the month, the state the last month out left with the month's
 * facts of `types`, and keeps it at the stream's last version in the month.
 */
export interface ArchivedStateKeeper {
  /** the streams whose state is kept: those whose id starts with this */
  readonly streamPrefix: string;
  /** the fact types that change a state; the others only move its version */
  readonly types: readonly string[];
  /** the state (JSON) after `facts`, in stream order, from `kept` (what the last month out left, or undefined), at `version` */
  fold(streamId: string, kept: unknown, facts: ReadonlyArray<{ type: string; data: unknown }>, version: number): unknown;
  /**
   * Whether a stream in this state still needs its history (an open table session: its next rounds are judged from
   * its whole stream). A month with such a stream, still in play in the store as it is now, does not leave it.
   */
  inPlay(state: unknown): boolean;
}

/** The states a drop of `month` keeps (statesToKeep): worked out once, before the read models' snapshots. */
export interface KeptStates {
  readonly month: string;
  readonly rows: ReadonlyArray<{ stream_id: string; version: number; state: unknown }>;
}

/** Facts of the kept types read from the partition per page (keyset on stream and version): a month holds millions. */
const STATE_PAGE = 20_000;

/** How many streams still in play a refusal names (the count says how many more). */
const NAMED_IN_PLAY = 5;

/**
 * The states a drop of the month `manifest` describes keeps (`keeper`'s streams with facts in it, at their last fact
 * there), or the drop's refusal (ArchiveFileError): the partition as `partitionToDrop` refuses it, or a stream still in
 * play as the store stands now (`keeper.inPlay` after its facts after the month too: a table session opened in the
 * month and not closed since). Asked by `archive --drop` before the read models' snapshots, and by the drop.
 */
export async function statesToKeep(
  db: Pick<Pool, 'query'>,
  manifest: Pick<ArchiveManifest, 'month' | 'firstPosition' | 'lastPosition' | 'events'>,
  keeper: ArchivedStateKeeper,
  options: { pageSize?: number } = {},
): Promise<KeptStates> {
  return statesOfPartition(db, manifest, await partitionToDrop(db, manifest), keeper, options.pageSize);
}

/** `statesToKeep` of the month's partition, once `partitionToDrop` has named it (the drop asks for it once, before both). */
async function statesOfPartition(
  db: Pick<Pool, 'query'>,
  manifest: Pick<ArchiveManifest, 'month' | 'lastPosition'>,
  partition: string,
  keeper: ArchivedStateKeeper,
  pageSize?: number,
): Promise<KeptStates> {
  const rows = await statesAtHead(db, partition, keeper, pageSize);
  const open = rows.filter((r) => keeper.inPlay(r.state));
  if (open.length) {
    // in play at the month's end: closed since, online?
    const later = (
      await db.query(
        `SELECT s.stream_id, e.event_type AS type, e.data::json AS data FROM ca_event_rows e JOIN ca_stream_ids s ON s.stream_number = e.stream_number
          WHERE s.stream_id = ANY ($1::text[]) AND e.global_position > $2 AND e.event_type = ANY ($3::text[]) ORDER BY s.stream_id, e.stream_version`,
        [open.map((r) => r.stream_id), manifest.lastPosition, keeper.types],
      )
    ).rows as Array<{ stream_id: string; type: string; data: unknown }>;
    const stillOpen = open.filter((r) =>
      keeper.inPlay(
        keeper.fold(
          r.stream_id,
          r.state,
          later.filter((f) => f.stream_id === r.stream_id),
          r.version,
        ),
      ),
    );
    if (stillOpen.length) {
      const named = stillOpen.slice(0, NAMED_IN_PLAY).map((r) => r.stream_id);
      const more = stillOpen.length - named.length;
      throw new ArchiveFileError(
        because('archive.dropStreamsInPlay', { month: manifest.month, streams: named.join(', '), n: String(stillOpen.length), more: String(more) }),
      );
    }
  }
  return { month: manifest.month, rows };
}

/**
 * The state of each stream of `keeper`'s kind with facts in `partition`, at its last version there: from the state the
 * last month out left (ca_archived_stream_states), folded with the partition's facts of the keeper's types. The month
 * is closed (its rows refuse UPDATE and DELETE), so this is read before the drop's lock.
 */
async function statesAtHead(
  db: Pick<Pool, 'query'>,
  partition: string,
  keeper: ArchivedStateKeeper,
  pageSize = STATE_PAGE,
): Promise<Array<{ stream_id: string; version: number; state: unknown }>> {
  if (!Number.isInteger(pageSize) || pageSize < 1) throw new Error(`the page of facts must be a whole number of them, not ${pageSize}`);
  const prefix = `${keeper.streamPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const heads = (
    await db.query(
      `SELECT s.stream_id, min(e.stream_version) AS first, max(e.stream_version) AS version FROM ${partition} e JOIN ca_stream_ids s ON s.stream_number = e.stream_number
        WHERE s.stream_id LIKE $1 GROUP BY s.stream_id ORDER BY s.stream_id`,
      [prefix],
    )
  ).rows as Array<{ stream_id: string; first: number; version: number }>;
  const { states: kept } = await archivedStatesOf(
    db,
    heads.map((h) => h.stream_id),
  );
  // a stream with facts in a month out of the store that kept no state of it (dropped before store migration 16) has no
  // known state here (the kept one, if any, stops short of this month's first fact): none is kept, and ingestion
  // refuses its facts naming that month rather than fold it from the middle
  const known = heads.filter((h) => (kept.get(h.stream_id)?.version ?? 0) === Number(h.first) - 1);
  const versionOf = new Map(known.map((h) => [h.stream_id, Number(h.version)]));
  // each stream folded page by page, only its state held (a month's facts of these types run to millions)
  const states = new Map<string, unknown>(known.map((h) => [h.stream_id, kept.get(h.stream_id)?.state]));
  const fold = (streamId: string, facts: Array<{ type: string; data: unknown }>) => {
    if (versionOf.has(streamId)) states.set(streamId, keeper.fold(streamId, states.get(streamId), facts, versionOf.get(streamId)!));
  };
  for (let after = { stream: '', version: 0 }; ;) {
    const page = (
      await db.query(
        `SELECT s.stream_id, e.stream_version, e.event_type AS type, e.data::json AS data
           FROM ${partition} e JOIN ca_stream_ids s ON s.stream_number = e.stream_number
          WHERE s.stream_id LIKE $1 AND e.event_type = ANY ($2::text[]) AND (s.stream_id, e.stream_version) > ($3, $4)
          ORDER BY s.stream_id, e.stream_version LIMIT ${pageSize}`,
        [prefix, keeper.types, after.stream, after.version],
      )
    ).rows as Array<{ stream_id: string; stream_version: number; type: string; data: unknown }>;
    // the page's runs of one stream each, in stream order
    for (let start = 0; start < page.length;) {
      let end = start;
      while (end < page.length && page[end].stream_id === page[start].stream_id) end++;
      fold(
        page[start].stream_id,
        page.slice(start, end).map((row) => ({ type: row.type, data: row.data })),
      );
      start = end;
    }
    if (page.length < pageSize) break;
    after = { stream: page[page.length - 1].stream_id, version: page[page.length - 1].stream_version };
  }
  // a stream with none of the types in the month: its kept state, at its new version
  return known.map((h) => ({
    stream_id: h.stream_id,
    version: Number(h.version),
    state: keeper.fold(h.stream_id, states.get(h.stream_id), [], Number(h.version)),
  }));
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

/** A jackpot pool as a month out of the store leaves it (store migration 15): its last configuration, and its value. */
export interface KeptJackpotPool {
  readonly poolId: string;
  readonly configuration: Readonly<Record<string, unknown>>;
  readonly value: number;
}

export interface DropOptions {
  /** how long the drop waits for the lock that keeps readers of the events out (default 10 s) */
  readonly lockTimeoutMs?: number;
  /**
   * the write side's states to keep at the archived heads (ingestion's sessions: libs/ledger session-state.ts), or the
   * states `statesToKeep` already worked out for this month; without either the month is marked as keeping none, and a
   * stream with facts in it cannot be judged from the store again
   */
  readonly states?: ArchivedStateKeeper | KeptStates;
  /**
   * each jackpot pool as the feed leaves it just before the month's closing seal (libs/replay `jackpotPoolsAtSeal`,
   * the fold replay and the verdicts use), asked in the drop's transaction while the month is still online; without
   * it, or when it answers null (the pools are not known: a month before kept none), the month is marked as keeping no
   * pools, and the pools cannot be folded again until the months are restored
   */
  readonly pools?: (db: PoolClient, seal: FeedCheckpoint) => Promise<readonly KeptJackpotPool[] | null>;
}

export async function dropMonth(pool: Pool, archive: DroppedArchive, options: DropOptions = {}): Promise<MonthDrop> {
  const { manifest, check } = archive;
  const month = manifest.month;
  if (!check.ok) throw new ArchiveFileError(because('archive.dropUnchecked', { month }));
  // the write side's states at the month's heads, read while readers go on (the month's rows cannot change), and
  // first: a session still open refuses the drop before anything is written
  const given = options.states;
  if (given && 'rows' in given && given.month !== month) throw new Error(`the states kept for ${given.month} cannot be kept for ${month}`);
  // the partition as the drop will find it, asked once for the states and the ids (it counts the month's rows) and
  // again under the lock below
  const online = await partitionToDrop(pool, manifest);
  const states = !given ? [] : 'rows' in given ? given.rows : (await statesOfPartition(pool, manifest, online, given)).rows;
  // Then the ids, in a transaction of their own, before the lock that keeps readers out: copying them was most of
  // that lock's time (1.2–1.6 s for 200,000 events, bench/results.md, 2026-12-02). The month is closed (its range
  // behind the sequence, its rows refusing UPDATE and DELETE), so its ids cannot change before the drop; an id in
  // both places meanwhile, or after a drop refused below, is answered the same by the append (it checks both).
  const copying = performance.now();
  await pool.query(
    `INSERT INTO ca_archived_event_ids (event_id, content_hash, stream_number, stream_version, global_position)
     SELECT event_id, content_hash, stream_number, stream_version, global_position FROM ${online}
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

    // the jackpot pools as the feed leaves them at the closing seal, while the month's facts are still online
    let pools: readonly KeptJackpotPool[] | null = null;
    if (options.pools) {
      const seal = (
        await client.query(`SELECT transaction_id::text AS tx FROM ca_event_rows WHERE global_position = $1`, [
          firstPositionOfMonth(monthAfter(month)).toString(),
        ])
      ).rows[0] as { tx: string } | undefined;
      if (!seal) throw new ArchiveFileError(because('archive.dropNotOnline', { month }));
      pools = await options.pools(client, { transactionId: BigInt(seal.tx), globalPosition: firstPositionOfMonth(monthAfter(month)) });
    }

    const locked = performance.now();
    await client.query(`ALTER TABLE ca_event_rows DETACH PARTITION ${partition}`);
    await client.query('DELETE FROM ca_archived_jackpot_pools');
    await client.query(
      `INSERT INTO ca_archived_jackpot_pools (pool_id, configuration, value)
       SELECT u."poolId", u.configuration, u.value FROM json_to_recordset($1::json) AS u("poolId" text, configuration json, value numeric)`,
      [JSON.stringify(pools ?? [])],
    );
    if (options.states) {
      await client.query(
        `INSERT INTO ca_archived_stream_states (stream_number, stream_version, state)
         SELECT s.stream_number, u.version, u.state FROM json_to_recordset($1::json) AS u(stream_id text, version integer, state jsonb)
           JOIN ca_stream_ids s ON s.stream_id = u.stream_id
         ON CONFLICT (stream_number) DO UPDATE SET stream_version = EXCLUDED.stream_version, state = EXCLUDED.state
          WHERE EXCLUDED.stream_version > ca_archived_stream_states.stream_version`,
        [JSON.stringify(states)],
      );
    }
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
      `INSERT INTO ca_archived_months (month, first_position, last_position, events, closing_seal, file_name, file_sha256, jackpot_pools_carried, states_carried)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        month,
        manifest.firstPosition,
        manifest.lastPosition,
        manifest.events,
        manifest.closingSeal,
        archive.file,
        archive.sha256,
        pools !== null,
        options.states !== undefined,
      ],
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
