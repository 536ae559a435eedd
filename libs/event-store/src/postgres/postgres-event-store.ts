/**
 * The PostgreSQL adapter of the event-store port, on `pg`.
 * Hot paths, kept visible: `append` is one call of the `ca_append` function (one round trip, prepared; appends that
 * arrive together share a call: group commit, see `append`);
 * `readFeed` is one indexed range scan below the snapshot's xmin.
 */
import { Client, Pool, PoolClient } from 'pg';
import { chainHash, contentHash, GENESIS } from '../canonical';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import {
  AppendOptions,
  AppendedEvent,
  EventHead,
  EventStore,
  FeedCheckpoint,
  FedEventHead,
  FeedFact,
  FeedPage,
  NewEvent,
  ProjectedEvent,
  StoredEvent,
  Subscription,
} from '../port';
import { applySqlMigrations } from './migrate';
import { appendSignature } from './schema';
import { archivedStatesOf, archivedStreamOfRound, type ArchivedState } from './archived-reads';

/**
 * A chain hash as every reader sees it: 64 hex digits ('' before a stream's first event). Since store
 * migration 8 the three hashes are stored as 32 bytes (bytea); before it, as hex text. The select lists read
 * them as \`hash::text\`: hex text as it is, bytes as PostgreSQL's hex output (\`\\x\` and the digits, the
 * default \`bytea_output\`), whose prefix is dropped here. So the same statements read a store before and after
 * the migration with the same result types (a statement prepared before it still runs after it), and cost
 * less than bytes turned into a Buffer and back into hex. A Buffer (a column read without the cast) is hex'd.
 */
export function hashText(value: string | Buffer | null | undefined): string {
  if (value === null || value === undefined) return value as unknown as string;
  if (typeof value !== 'string') return value.toString('hex');
  if (value.charCodeAt(0) !== 92 /* \ */) return value;
  if (value.charCodeAt(1) === 120 /* x */) return value.slice(2);
  throw new Error('a chain hash was read in bytea escape format: the store is read with bytea_output = hex (the default)');
}

/** A hash column as the select lists read it (see hashText). */
const hashColumn = (column: string, alias = column) => `${column}::text AS ${alias}`;

/** The select list of a `ProjectedEvent`, an item each (`toProjectedEvent` reads them by name). */
const PROJECTED_SELECT = [
  'global_position',
  'transaction_id::text AS transaction_id',
  'stream_id',
  'stream_version',
  'event_id',
  'event_type',
  'data',
  'metadata',
  'occurred_at',
  'recorded_at',
];

/** The select list of a `StoredEvent`: a projected event and its chain (`toStoredEvent`). */
const EVENT_SELECT = [...PROJECTED_SELECT, hashColumn('content_hash'), hashColumn('prev_hash'), hashColumn('hash')];

export const EVENT_COLUMNS = EVENT_SELECT.join(', ');
const PROJECTED_COLUMNS = PROJECTED_SELECT.join(', ');

export interface PostgresEventStoreOptions {
  /** how often subscribers poll when no notification arrives (the fallback), ms */
  readonly pollIntervalMs?: number;
  /**
   * How many calls of `ca_append` from `append` may be in flight at once (default 4). Appends that arrive while
   * all are busy wait, and go together in the next free one: one transaction, one commit for all of them
   * (`append`, below). 0 sends every append on its own, as the store did before (for comparison).
   */
  readonly appendsInFlight?: number;
}

/** An append waiting for a call of `ca_append` (see `append`). */
interface WaitingAppend {
  readonly events: readonly NewEvent[];
  readonly options: AppendOptions;
  readonly streams: readonly string[];
  readonly resolve: (appended: AppendedEvent[]) => void;
  readonly reject: (error: unknown) => void;
}

/** At most this many events in one grouped call (an append larger than this goes alone). */
const GROUP_MAX_EVENTS = 2_000;

/** A stream's last version and its chain hash. */
interface StreamHead {
  readonly version: number;
  readonly hash: string;
}

/** The append's one round trip, prepared (a statement name per text: a connection may have prepared the other). */
const appendStatementFor = (data: 'json' | 'jsonb') => ({
  name: `ca_append_${data}`,
  text: `SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::${data}[], $5::jsonb[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[], $11::jsonb)`,
});

const HEAD_CACHE_LIMIT = 10_000;
const NOTIFY_INTERVAL_MS = 20;

export class PostgresEventStore implements EventStore {
  private readonly pollIntervalMs: number;
  private readonly heads = new Map<string, StreamHead>();
  private notifyTimer: NodeJS.Timeout | null = null;
  private appendStatement: Promise<{ name: string; text: string }> | null = null;
  private readonly appendsInFlight: number;
  /** appends waiting for a free call (`append`), in the order they came */
  private waitingAppends: WaitingAppend[] = [];
  /** the streams of the calls in flight, with how many calls hold each */
  private readonly streamsInFlight = new Map<string, number>();
  private callsInFlight = 0;

  constructor(
    readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.appendsInFlight = options.appendsInFlight ?? 4;
  }

  /** Apply the store's migrations (idempotent); `log` hears how far a long one got. */
  async migrate(log?: (line: string) => void): Promise<void> {
    await applySqlMigrations(this.pool, undefined, log);
    this.appendStatement = null;
  }

  /**
   * The call of `ca_append` this store's schema takes, asked once: the data as json since store migration 12 (the
   * writer's text kept as it is), as jsonb before (a store not migrated yet, as the migrations' tests write).
   */
  private appendCall(db: Pool | PoolClient): Promise<{ name: string; text: string }> {
    this.appendStatement ??= db.query(`SELECT to_regprocedure('${appendSignature('json')}') IS NOT NULL AS json`).then(
      (r) => appendStatementFor(r.rows[0].json ? 'json' : 'jsonb'),
      (error) => {
        this.appendStatement = null;
        throw error;
      },
    );
    return this.appendStatement;
  }

  /**
   * Append in a transaction of the store's own. Group commit (issue 23 §1, issue 17): at most `appendsInFlight`
   * calls of `ca_append` run at once; appends that arrive meanwhile wait and go together in the next call, each
   * checked against its own expected versions first, so that many requests share one transaction and one flush of
   * the WAL instead of queueing for a flush each. Nothing waits for a timer: a call starts as soon as one is free.
   * Appends to the same stream never share a call nor run at once: they keep the order they came in. When a grouped
   * call is refused, each of its appends is sent again on its own (`appendWith`), so that a conflict, a duplicate or
   * a version race is answered to the append it belongs to, exactly as if it had been sent alone.
   */
  async append(events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendedEvent[]> {
    if (events.length === 0) return [];
    if (this.appendsInFlight === 0) return this.appendWith(this.pool, events, options);
    return new Promise<AppendedEvent[]>((resolve, reject) => {
      this.waitingAppends.push({ events, options, streams: [...new Set(events.map((e) => e.streamId))], resolve, reject });
      this.startCalls();
    });
  }

  /** Start calls while some are free and appends wait. */
  private startCalls(): void {
    while (this.callsInFlight < this.appendsInFlight && this.waitingAppends.length) {
      const group = this.takeGroup();
      if (!group.length) return; // every waiting append touches a stream in flight: the end of that call starts it
      this.callsInFlight++;
      for (const w of group) for (const s of w.streams) this.streamsInFlight.set(s, (this.streamsInFlight.get(s) ?? 0) + 1);
      void this.appendGroup(group).finally(() => {
        this.callsInFlight--;
        for (const w of group)
          for (const s of w.streams) {
            const n = this.streamsInFlight.get(s)! - 1;
            if (n) this.streamsInFlight.set(s, n);
            else this.streamsInFlight.delete(s);
          }
        this.startCalls();
      });
    }
  }

  /**
   * The waiting appends the next call takes, in the order they came: those whose streams no call in flight, no
   * append taken before them and no append left waiting before them touches (the order on each stream is kept).
   */
  private takeGroup(): WaitingAppend[] {
    const taken: WaitingAppend[] = [];
    const left: WaitingAppend[] = [];
    const claimed = new Set<string>();
    let events = 0;
    for (const w of this.waitingAppends) {
      const free = w.streams.every((s) => !claimed.has(s) && !this.streamsInFlight.has(s));
      if (free && (!taken.length || events + w.events.length <= GROUP_MAX_EVENTS)) {
        taken.push(w);
        events += w.events.length;
      } else left.push(w);
      for (const s of w.streams) claimed.add(s);
    }
    this.waitingAppends = left;
    return taken;
  }

  /** One call of `ca_append` for the group; each append settled with its own events' outcome. */
  private async appendGroup(group: readonly WaitingAppend[]): Promise<void> {
    const alone = (w: WaitingAppend) => this.appendWith(this.pool, w.events, w.options).then(w.resolve, w.reject);
    if (group.length === 1) return alone(group[0]);
    // each append checked as `appendWith` checks it before its call: its ids, and its expected versions; the heads it
    // was checked against are the ones its events link to (the group's appends touch distinct streams)
    const ready: Array<{ w: WaitingAppend; batch: Array<{ event: NewEvent; hash: string }> }> = [];
    const heads = new Map<string, StreamHead>();
    for (const w of group) {
      try {
        const hashes = w.events.map((e) => contentHash(e));
        assertDistinctIds(w.events, hashes);
        for (const [s, h] of await this.headsFor(this.pool, [...w.streams], w.options.expectedVersions)) heads.set(s, h);
        ready.push({ w, batch: w.events.map((event, i) => ({ event, hash: hashes[i] })) });
      } catch (error) {
        w.reject(error);
      }
    }
    if (ready.length <= 1) return ready.length ? alone(ready[0].w) : undefined;
    // `heads` holds the streams of the appends that passed, and only those (a refused one added none)
    const batch = ready.flatMap((r) => r.batch);
    const links = chainLinks(batch, heads);
    let positions: Map<string, bigint>;
    try {
      const result = await this.pool.query({ ...(await this.appendCall(this.pool)), values: appendValues(batch, links) });
      positions = new Map<string, bigint>(result.rows.map((r) => [r.r_event_id, BigInt(r.r_global_position)]));
    } catch {
      // refused as a whole: each append on its own, with its own retries, duplicates and conflicts
      for (const s of heads.keys()) this.heads.delete(s);
      await Promise.all(ready.map((r) => alone(r.w)));
      return;
    }
    for (const [streamId, h] of Object.entries(links.heads)) this.rememberHead(streamId, { version: h.to, hash: h.head });
    this.notifySoon();
    let at = 0;
    for (const { w, batch: own } of ready) {
      const appended = own.map((b, i) => ({
        eventId: b.event.eventId.toLowerCase(),
        streamId: b.event.streamId,
        streamVersion: links.versions[at + i],
        globalPosition: positions.get(b.event.eventId.toLowerCase())!,
        status: 'appended' as const,
      }));
      at += own.length;
      w.resolve(this.inOrder(w.events, [], appended));
    }
  }

  /**
   * Append inside a caller's transaction (the caller commits). Used by tests that hold transactions
   * open to prove the feed's gap safety, and by anything that must commit an append with other work.
   * The hot path: the stream heads come from the cache, the chain links are computed here, and the
   * batch goes to the database in one call of `ca_append` (one round trip).
   */
  async appendWith(db: Pool | PoolClient, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendedEvent[]> {
    if (events.length === 0) return [];
    const hashes = events.map((e) => contentHash(e));
    assertDistinctIds(events, hashes);
    const ownTransaction = db instanceof Pool;
    let batch = events.map((e, i) => ({ event: e, hash: hashes[i] }));
    const duplicates: AppendedEvent[] = [];
    for (let attempt = 0; ; attempt++) {
      if (!batch.length) return this.inOrder(events, duplicates, []);
      const streams = [...new Set(batch.map((b) => b.event.streamId))];
      const heads = await this.headsFor(db, streams, options.expectedVersions);
      const links = chainLinks(batch, heads);
      try {
        const result = await db.query({ ...(await this.appendCall(db)), values: appendValues(batch, links) });
        // a caller's transaction may still roll back: only what we committed ourselves is cached
        if (ownTransaction) {
          for (const [streamId, h] of Object.entries(links.heads)) this.rememberHead(streamId, { version: h.to, hash: h.head });
          this.notifySoon();
        } else for (const streamId of streams) this.heads.delete(streamId);
        const positions = new Map<string, bigint>(result.rows.map((r) => [r.r_event_id, BigInt(r.r_global_position)]));
        const appended = batch.map((b, i) => ({
          eventId: b.event.eventId.toLowerCase(),
          streamId: b.event.streamId,
          streamVersion: links.versions[i],
          globalPosition: positions.get(b.event.eventId.toLowerCase())!,
          status: 'appended' as const,
        }));
        return this.inOrder(events, duplicates, appended);
      } catch (caught) {
        const error = caught as { code?: string; constraint?: string; detail?: string } | undefined;
        for (const streamId of streams) this.heads.delete(streamId);
        if (error?.code === 'CA002' || (error?.code === '23505' && isStoreKey(error?.constraint, 'stream_version'))) {
          // another writer took the version (the unique constraint) or moved the head before the check:
          // with an expected version that is the caller's conflict (headsFor, reading the heads again,
          // names it); without one, read the new heads and try again
          if (!ownTransaction || attempt >= 5) throw await this.conflictOf(streams, links.heads, options.expectedVersions);
          continue;
        }
        if (error?.code === '23505' && isStoreKey(error?.constraint, 'event_id') && ownTransaction && attempt < 5) {
          // ids already stored, online or in an archived month: the same content is a duplicate, other content a conflict
          const stored = new Map((await this.findEventHeads(batch.map((b) => b.event.eventId))).map((e) => [e.eventId.toLowerCase(), e]));
          const remaining: typeof batch = [];
          for (const b of batch) {
            const found = stored.get(b.event.eventId.toLowerCase());
            if (!found) remaining.push(b);
            else if (found.contentHash !== b.hash) throw new EventIdConflictError(b.event.eventId);
            else
              duplicates.push({
                eventId: found.eventId,
                streamId: found.streamId,
                streamVersion: found.streamVersion,
                globalPosition: found.globalPosition,
                status: 'duplicate',
              });
          }
          batch = remaining;
          continue;
        }
        if (error?.code === '23505' && isStoreKey(error?.constraint, 'event_id')) throw new EventIdConflictError(String(error.detail ?? ''));
        throw error;
      }
    }
  }

  /** Results in the order the events were given. */
  private inOrder(events: readonly NewEvent[], duplicates: AppendedEvent[], appended: AppendedEvent[]): AppendedEvent[] {
    const byId = new Map([...duplicates, ...appended].map((a) => [a.eventId.toLowerCase(), a]));
    return events.map((e) => byId.get(e.eventId.toLowerCase())!);
  }

  /** The head (version and chain hash) of each stream: from the cache, else one query for the misses. */
  private async headsFor(db: Pool | PoolClient, streams: string[], expected?: Readonly<Record<string, number>>): Promise<Map<string, StreamHead>> {
    const out = new Map<string, StreamHead>();
    const missing: string[] = [];
    for (const s of streams) {
      const cached = this.heads.get(s);
      // a cached head that disagrees with the caller's expectation may just be stale: read it again
      if (cached && (expected?.[s] === undefined || expected[s] === cached.version)) out.set(s, cached);
      else missing.push(s);
    }
    if (missing.length) {
      const r = await db.query({ name: 'ca_heads', text: STREAM_HEADS, values: [missing] });
      const found = new Map<string, StreamHead>(r.rows.map((x) => [x.stream_id, { version: x.version, hash: hashText(x.head_hash) }]));
      for (const s of missing) out.set(s, found.get(s) ?? { version: 0, hash: GENESIS });
    }
    for (const s of streams) {
      const e = expected?.[s];
      if (e !== undefined && out.get(s)!.version !== e) throw new WrongExpectedVersionError(s, e, out.get(s)!.version);
    }
    return out;
  }

  /**
   * The conflict that refused an append: the first stream no longer at the version the batch was built
   * on, read outside the caller's transaction (which the refusal aborted).
   */
  private async conflictOf(
    streams: string[],
    built: Record<string, { from: number }>,
    expected?: Readonly<Record<string, number>>,
  ): Promise<WrongExpectedVersionError> {
    const now = await this.streamVersions(streams);
    const moved = streams.find((s) => now[s] !== built[s].from) ?? streams[0];
    return new WrongExpectedVersionError(moved, expected?.[moved] ?? built[moved].from, now[moved]);
  }

  private rememberHead(streamId: string, head: StreamHead) {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > HEAD_CACHE_LIMIT) this.heads.delete(this.heads.keys().next().value!);
  }

  /** Wake the projectors after commits, at most one NOTIFY per interval (never inside an append). */
  private notifySoon() {
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.pool.query('NOTIFY ca_events').catch(() => undefined);
    }, NOTIFY_INTERVAL_MS);
    this.notifyTimer.unref?.();
  }

  // The readers of whole events are not prepared statements: since store migration 10, `ca_events` is a view whose
  // prev_hash is a look-up of the event before, and a connection's generic plan made on a small store read that
  // look-up by scanning the rows. Under the load benchmark (3,000 events/s) the projector's feed page, planned when
  // the store was empty, took over a minute at 76,000 events and every read model stopped. Planned each call, the
  // plan follows the store as it grows (planning is a fraction of a millisecond against a page of events).
  async readStream(streamId: string, fromVersion = 1, toVersion = 2_147_483_647): Promise<StoredEvent[]> {
    const result = await this.pool.query({
      text: `SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3 ORDER BY stream_version`,
      values: [streamId, fromVersion, toVersion],
    });
    return result.rows.map(toStoredEvent);
  }

  async readFeed(after: FeedCheckpoint, limit: number): Promise<FeedPage> {
    const result = await this.pool.query({ text: feedQuery(EVENT_COLUMNS), values: feedValues(after, limit) });
    return feedPage(result.rows.map(toStoredEvent), after);
  }

  /** The same page as `readFeed`, each event without its chain (`ProjectedEvent`): what the read models read. */
  async readProjectedFeed(after: FeedCheckpoint, limit: number, until?: FeedCheckpoint): Promise<FeedPage<ProjectedEvent>> {
    const result = await this.pool.query({ text: feedQuery(PROJECTED_COLUMNS, until && 4), values: feedValues(after, limit, until) });
    return feedPage(result.rows.map(toProjectedEvent), after);
  }

  /**
   * The same page as `readFeed` (the same rows, the same checkpoint at its end), with only the events of `types` in
   * `events`: the others come back as their position and type alone, and are counted in `read`. For a read model that
   * reads a few types, rebuilding (its fresh tables fed by itself alone): the rows it skips are neither sent nor parsed.
   */
  async readFeedOf(after: FeedCheckpoint, limit: number, types: readonly string[], until?: FeedCheckpoint): Promise<FeedPage<ProjectedEvent>> {
    const result = await this.pool.query({
      text: feedQuery(HOLLOW_UNLESS_TYPES, until && 5),
      values: [...feedValues(after, limit), types, ...boundValues(until)],
    });
    const last = result.rows[result.rows.length - 1];
    const wanted = new Set(types);
    return {
      events: result.rows.filter((r) => wanted.has(r.event_type)).map(toProjectedEvent),
      checkpoint: last ? { transactionId: BigInt(last.transaction_id), globalPosition: BigInt(last.global_position) } : after,
      read: result.rows.length,
    };
  }

  /** The same page as `readFeed`, as lean facts (`FeedFact`: data left as JSON text). */
  async readFeedFacts(after: FeedCheckpoint, limit: number, until?: FeedCheckpoint): Promise<FeedPage<FeedFact>> {
    const result = await this.pool.query({ text: feedQuery(FACT_COLUMNS, until && 4), values: feedValues(after, limit, until), rowMode: 'array' });
    return feedPage(result.rows.map(toFeedFact), after);
  }

  async subscribe(onWake: () => void): Promise<Subscription> {
    const options = this.pool.options;
    const listener = new Client({ ...options });
    let closed = false;
    await listener.connect();
    listener.on('notification', () => onWake());
    listener.on('error', () => undefined);
    await listener.query('LISTEN ca_events');
    // the fallback: a notification can be lost with a dropped connection; polling bounds the delay
    const timer = setInterval(() => onWake(), this.pollIntervalMs);
    timer.unref?.();
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        await listener.end().catch(() => undefined);
      },
    };
  }

  async streamVersions(streamIds: readonly string[]): Promise<Record<string, number>> {
    const out: Record<string, number> = Object.fromEntries(streamIds.map((s) => [s, 0]));
    if (!streamIds.length) return out;
    const result = await this.pool.query({ name: 'ca_heads', text: STREAM_HEADS, values: [streamIds] });
    for (const r of result.rows) out[r.stream_id] = r.version;
    return out;
  }

  async findEvents(eventIds: readonly string[]): Promise<StoredEvent[]> {
    const valid = eventIds.filter(isUuid);
    if (!valid.length) return [];
    // unnamed, planned at each call. Tried as a named statement (load probes of 2026-12-01, bench/results.md): PostgreSQL
    // kept the generic plan it made after five calls while the store was young, a sequential scan of ca_event_rows, and
    // took 0.95 core instead of 0.58 at 10,000 events/s asked (the store's connections now plan every call: pool.ts)
    const result = await this.pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE event_id = ANY ($1::uuid[])`, [valid]);
    return result.rows.map(toStoredEvent);
  }

  /**
   * Where each event of `eventIds` is, online or in a month out of the store (store migration 14), with its content
   * hash: what telling a re-send from a reused id, and finding a corrected event's stream, need (ingestion, the
   * append). Lighter than `findEvents` (no data, no chain), and it finds the events `archive --drop` took out, which
   * `findEvents` cannot: a re-send of one was judged as a new fact, and the correction of one refused as of no event.
   */
  async findEventHeads(eventIds: readonly string[]): Promise<EventHead[]> {
    const valid = eventIds.filter(isUuid);
    if (!valid.length) return [];
    const online = `SELECT event_id::text AS event_id, stream_id, stream_version, global_position::text AS global_position, encode(content_hash, 'hex') AS content_hash
                      FROM ca_events WHERE event_id = ANY ($1::uuid[])`;
    const archived = `SELECT a.event_id::text, s.stream_id, a.stream_version, a.global_position::text, encode(a.content_hash, 'hex')
                        FROM ca_archived_event_ids a JOIN ca_stream_ids s ON s.stream_number = a.stream_number WHERE a.event_id = ANY ($1::uuid[])`;
    const result = await this.pool.query(`${online} UNION ALL ${archived}`, [valid]).catch((error: { code?: string }) => {
      if (error.code === '42P01') return this.pool.query(online, [valid]); // a store before migration 14 archives nothing
      throw error;
    });
    // an id in both places (a month being dropped: its ids are copied before its rows go) is the online event
    const found = new Map<string, EventHead>();
    for (const r of result.rows) {
      if (found.has(r.event_id)) continue;
      found.set(r.event_id, {
        eventId: r.event_id,
        streamId: r.stream_id,
        streamVersion: r.stream_version,
        globalPosition: BigInt(r.global_position),
        contentHash: r.content_hash,
      });
    }
    return [...found.values()];
  }

  /** The stream holding a round (its RoundStarted), for facts that name only the round. */
  async streamOfRound(roundId: string): Promise<string | null> {
    const result = await this.pool.query(
      `SELECT stream_id FROM ca_events WHERE data->>'roundId' = $1 AND event_type = 'RoundStarted' ORDER BY global_position LIMIT 1`,
      [roundId],
    );
    return result.rows[0]?.stream_id ?? null;
  }

  async archivedStates(streamIds: readonly string[]): Promise<{ states: Map<string, ArchivedState>; uncarried: string[] }> {
    return archivedStatesOf(this.pool, streamIds);
  }

  async archivedStreamOfRound(roundId: string): Promise<string | null> {
    return archivedStreamOfRound(this.pool, roundId);
  }

  /** Every event of a round, in stream order (replay). */
  async readRound(roundId: string): Promise<StoredEvent[]> {
    const result = await this.pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE data->>'roundId' = $1 ORDER BY global_position`, [roundId]);
    return result.rows.map(toStoredEvent);
  }

  async streamIds(): Promise<string[]> {
    const result = await this.pool.query('SELECT stream_id FROM ca_streams ORDER BY stream_id');
    return result.rows.map((r) => r.stream_id);
  }

  async close(): Promise<void> {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    await this.pool.end();
  }
}

/**
 * The head (last event: version and chain hash) of each named stream, one backward probe of
 * ca_events_stream_version a stream; a stream without events has no row. (Schema migration 6: the
 * head is the last event, not a row of its own; migration 10: `ca_streams` finds it by the stream's number.)
 */
const STREAM_HEADS = `SELECT stream_id, version, head_hash FROM ca_streams WHERE stream_id = ANY ($1::text[])`;

/**
 * A refusal by one of the store's two unique keys: `ca_events_stream_version` or `ca_events_event_id` (the rows of
 * before store migration 13, and the append's check of the closed months), or a month's partition's own
 * (`ca_event_rows_2027_01_stream_version`, made by the month's turn).
 */
export const isStoreKey = (constraint: string | undefined, key: 'stream_version' | 'event_id') =>
  constraint === `ca_events_${key}` || (constraint?.startsWith('ca_event_rows_') === true && constraint.endsWith(`_${key}`));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

/** Versions and chain links of a batch, stream by stream, from each stream's head. */
function chainLinks(batch: ReadonlyArray<{ event: NewEvent; hash: string }>, heads: Map<string, StreamHead>) {
  const tips = new Map([...heads].map(([s, h]) => [s, { ...h }]));
  const versions: number[] = [];
  const prev: string[] = [];
  const hashes: string[] = [];
  for (const { event, hash } of batch) {
    const tip = tips.get(event.streamId)!;
    const version = tip.version + 1;
    const link = chainHash(tip.hash, event.streamId, version, hash);
    versions.push(version);
    prev.push(tip.hash);
    hashes.push(link);
    tips.set(event.streamId, { version, hash: link });
  }
  const moved: Record<string, { from: number; prev: string; to: number; head: string }> = {};
  for (const [s, h] of heads) {
    const tip = tips.get(s)!;
    moved[s] = { from: h.version, prev: h.hash, to: tip.version, head: tip.hash };
  }
  return { versions, prev, hashes, heads: moved };
}

/** The arguments of `ca_append` for a batch and its chain links. */
function appendValues(batch: ReadonlyArray<{ event: NewEvent; hash: string }>, links: ReturnType<typeof chainLinks>): unknown[] {
  return [
    batch.map((b) => b.event.streamId),
    batch.map((b) => b.event.eventId),
    batch.map((b) => b.event.type),
    batch.map((b) => JSON.stringify(b.event.data)),
    batch.map((b) => JSON.stringify(b.event.metadata ?? {})),
    batch.map((b) => b.event.occurredAt ?? null),
    batch.map((b) => b.hash),
    links.versions,
    links.prev,
    links.hashes,
    JSON.stringify(links.heads), // read by ca_append before schema migration 6 only (a store not migrated yet)
  ];
}

function assertDistinctIds(events: readonly NewEvent[], hashes: readonly string[]) {
  const seen = new Map<string, string>();
  for (const [i, e] of events.entries()) {
    const id = e.eventId.toLowerCase();
    const hash = hashes[i];
    const before = seen.get(id);
    if (before !== undefined && before !== hash) throw new EventIdConflictError(e.eventId);
    seen.set(id, hash);
  }
  if (seen.size !== events.length) {
    throw new Error('the same event appears twice in one batch; send it once');
  }
}

/**
 * The feed after a checkpoint, below the horizon (`ca_feed_horizon()`, schema migration 5): the oldest
 * transaction still in progress in this database, so everything returned is committed and nothing
 * committed later can land before it. One indexed range scan (ca_events_feed). With `untilParam` (the number of
 * its first placeholder), the feed up to a checkpoint, that one included: a read model's snapshot at a month's
 * closing seal (libs/projections/src/snapshots.ts).
 */
const feedQuery = (columns: string, untilParam?: number) => `SELECT ${columns} FROM ca_events
  WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
    AND transaction_id < (SELECT ca_feed_horizon())${
      untilParam ? `\n    AND (transaction_id, global_position) <= ($${untilParam}::text::xid8, $${untilParam + 1}::bigint)` : ''
    }
  -- the table's columns, not the text alias of the select list: xid8 order, served by ca_events_feed
  ORDER BY ca_events.transaction_id, ca_events.global_position
  LIMIT $3`;

const boundValues = (until?: FeedCheckpoint) => (until ? [until.transactionId.toString(), until.globalPosition.toString()] : []);
const feedValues = (after: FeedCheckpoint, limit: number, until?: FeedCheckpoint) => [
  after.transactionId.toString(),
  after.globalPosition.toString(),
  limit,
  ...boundValues(until),
];

function feedPage<E extends FedEventHead>(events: E[], after: FeedCheckpoint): FeedPage<E> {
  const last = events[events.length - 1];
  return { events, checkpoint: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : after };
}

/** What `readFeedOf` reads of every row, whatever its type: where it is in the feed, and its type. */
const FEED_HEAD = new Set(['global_position', 'transaction_id', 'event_type']);

/**
 * The projected columns for `readFeedOf`: an event of a type outside `$4` keeps its position and type, every other
 * column null (CASE evaluates its branch only when taken).
 */
const HOLLOW_UNLESS_TYPES = PROJECTED_SELECT.map((item) => {
  const [expression, name = expression] = item.split(' AS ');
  return FEED_HEAD.has(name) ? item : `CASE WHEN event_type = ANY ($4::text[]) THEN ${expression} END AS ${name}`;
}).join(', ');

/** The columns of a `FeedFact`, in the order `toFeedFact` reads them (queried with `rowMode: 'array'`: no object per row). */
export const FACT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id,
  event_type, data::text AS data_text, (data->'roundId')::text AS round_id,
  CASE WHEN event_type = 'RoundStarted' THEN prev_hash::text END AS start_hash`;

/** `data.roundId` when it is a string, from its JSON text (one look-up in the store, its type read here). */
function roundIdOf(json: string | null): string | null {
  if (json === null || json.charCodeAt(0) !== 34 /* " */) return null;
  return json.includes('\\') ? (JSON.parse(json) as string) : json.slice(1, -1);
}

export function toFeedFact(r: any[]): FeedFact {
  return {
    globalPosition: BigInt(r[0]),
    transactionId: BigInt(r[1]),
    streamId: r[2],
    streamVersion: r[3],
    eventId: r[4],
    type: r[5],
    dataText: r[6],
    roundId: roundIdOf(r[7]),
    startHash: r[8] === null ? null : hashText(r[8]),
  };
}

export function toStoredEvent(r: any): StoredEvent {
  return {
    ...toProjectedEvent(r),
    contentHash: hashText(r.content_hash),
    prevHash: hashText(r.prev_hash),
    hash: hashText(r.hash),
  };
}

export function toProjectedEvent(r: any): ProjectedEvent {
  return {
    globalPosition: BigInt(r.global_position),
    transactionId: BigInt(r.transaction_id),
    streamId: r.stream_id,
    streamVersion: r.stream_version,
    eventId: r.event_id,
    type: r.event_type,
    data: r.data,
    metadata: r.metadata,
    occurredAt: r.occurred_at,
    recordedAt: r.recorded_at instanceof Date ? r.recorded_at.toISOString() : String(r.recorded_at),
  };
}
