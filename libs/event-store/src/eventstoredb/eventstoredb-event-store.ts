/**
 * The EventStoreDB / KurrentDB adapter of the event-store port, on `@eventstore/db-client` (gRPC).
 * For larger deployments: a three-node cluster replicates the log; read models stay in PostgreSQL.
 *
 * What maps onto what
 * - A stream is an ESDB stream of the same name. Our stream version N (N events) is ESDB revision N−1;
 *   version 0 (no stream) is `NO_STREAM`. Every append is made with an explicit expected revision (the
 *   head it chained to), so two writers can never both extend the same head.
 * - The integrity chain is the PostgreSQL one, computed here with `canonical.ts`: each event's ESDB
 *   metadata carries `{ ca: 1, metadata, occurredAt, contentHash, prevHash, hash }`, where `metadata` is
 *   what the sender sent. `StreamChainChecker` therefore verifies both stores with the same code.
 * - The `$all` feed's checkpoint is ESDB's log position. `FeedCheckpoint.transactionId` holds the
 *   *commit* position and `FeedCheckpoint.globalPosition` the *prepare* position. `$all` is ordered by
 *   (commit, prepare): the events of one append share one commit position and are told apart by their
 *   prepare positions, which is the same shape as PostgreSQL's (transaction id, position) pair, so a
 *   projector compares and stores checkpoints the same way for both stores. There is no PostgreSQL-like
 *   gap to guard against: ESDB assigns positions in the leader's log in commit order and readers see
 *   only committed records, so nothing can appear later behind a position already read.
 *
 * Idempotency. ESDB's own idempotency only covers a retry of the last append with the same expected
 * revision, and event ids are not unique across the database. So ids are claimed explicitly: before an
 * event is written, a tiny index stream `ca.idx.event-<id>` receives `EventIdClaimed { streamId,
 * contentHash, version }`, appended with an expected revision (exactly one writer wins a claim). Later:
 * same id + same content hash → `duplicate` (the stored event is located by reading it back); same id
 * + another content hash → `EventIdConflictError`. The claim is also the by-id index behind
 * `findEvents`. When an append is refused for a wrong expected version, the claims it made are released
 * (`EventIdReleased`), so the id can be sent again with any content, as with PostgreSQL. If the process
 * dies between claiming and writing, the claim stays: re-sending the same event completes the write;
 * re-using that id with *other* content is refused as a conflict (the id is reserved for the content
 * first sent). `RoundStarted` events are indexed the same way in `ca.idx.round-<roundId>` for
 * `streamOfRound`. Index streams are hidden from the feed, `streamIds` and `subscribe` wake-ups.
 *
 * Atomicity. ESDB appends are atomic per stream only. A batch spanning several streams therefore cannot
 * be all-or-nothing, and this adapter refuses one (`MultiStreamAppendError`) unless
 * `allowNonAtomicMultiStream` is set, in which case it writes stream by stream, in order of first
 * appearance, checking every expected version first (a later stream can still fail after an earlier one
 * was written: the error says which streams were written). Ingestion should behave accordingly with
 * this store: judge the whole request as today, then append one stream at a time (each with its own
 * expected version), and report per stream what was stored. Retrying a partly written request is safe:
 * the already written events come back as `duplicate`.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type EventData,
  type Position,
  type ReadPosition,
  type RecordedEvent,
} from '@eventstore/db-client';
import { chainHash, contentHash, GENESIS } from '../canonical';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import type { AppendedEvent, AppendOptions, EventStore, FeedCheckpoint, FeedPage, NewEvent, StoredEvent, Subscription } from '../port';

/** Streams this adapter keeps for itself (id claims, round index): never part of the feed. */
export const INDEX_STREAM_PREFIX = 'ca.idx.';
const eventIdStream = (eventId: string) => `${INDEX_STREAM_PREFIX}event-${eventId.toLowerCase()}`;
const roundStream = (roundId: string) => `${INDEX_STREAM_PREFIX}round-${roundId}`;

/** A stream the feed, `streamIds` and verification leave out: ESDB's system streams and our indexes. */
export const isHiddenStream = (streamId: string) => streamId.startsWith('$') || streamId.startsWith(INDEX_STREAM_PREFIX);

export class MultiStreamAppendError extends Error {
  constructor(
    readonly streamIds: readonly string[],
    /** streams already written when a non-atomic batch failed part way (empty when refused up front) */
    readonly written: readonly string[] = [],
    readonly reason?: unknown,
  ) {
    super(
      written.length
        ? `a batch over ${streamIds.length} streams failed after ${written.join(', ')} had been written (EventStoreDB appends are atomic per stream only): ${String((reason as Error)?.message ?? reason)}`
        : `a batch spanning ${streamIds.length} streams (${streamIds.join(', ')}) cannot be atomic on EventStoreDB: append one stream at a time (or set allowNonAtomicMultiStream)`,
    );
    this.name = 'MultiStreamAppendError';
  }
}

export interface EventStoreDbEventStoreOptions {
  /** accept a batch spanning several streams, written stream by stream (NOT atomic); default false */
  readonly allowNonAtomicMultiStream?: boolean;
  /** how often subscribers are woken when no event arrives (the fallback), ms */
  readonly pollIntervalMs?: number;
  /** how many times an append re-judges after losing a race on its stream's head or an id claim */
  readonly maxAttempts?: number;
  /** how many index reads/writes run at once */
  readonly concurrency?: number;
}

/** What this adapter writes as each event's ESDB metadata. */
interface CaMetadata {
  readonly ca: 1;
  readonly metadata: Record<string, unknown>;
  readonly occurredAt: string | null;
  readonly contentHash: string;
  readonly prevHash: string;
  readonly hash: string;
}

interface Claim {
  readonly state: 'claimed' | 'released';
  readonly streamId: string;
  readonly contentHash: string;
  /** the version the event was to take (a hint for locating it; a lost race moves it) */
  readonly version: number;
  /** the claim stream's revision of this record */
  readonly revision: bigint;
}

/** A stream's last version and chain hash (version 0 and the genesis hash for no stream). */
interface ChainHead {
  readonly version: number;
  readonly hash: string;
}

const noStream = (error: unknown) => error instanceof StreamNotFoundError;

/** ESDB position → our checkpoint: commit → transactionId, prepare → globalPosition. */
export const toFeedCheckpoint = (p: Position): FeedCheckpoint => ({ transactionId: p.commit, globalPosition: p.prepare });
/** Our checkpoint → ESDB position; the feed's start is ESDB's `START`. */
export const toReadPosition = (c: FeedCheckpoint): ReadPosition =>
  c.transactionId === 0n && c.globalPosition === 0n ? START : { commit: c.transactionId, prepare: c.globalPosition };
const isAfter = (p: Position, c: FeedCheckpoint) => p.commit > c.transactionId || (p.commit === c.transactionId && p.prepare > c.globalPosition);

/**
 * Build the ESDB events of one stream's append, chained to the stream's head (pure: tested without a
 * server). Versions continue from `head.version`.
 */
export function chainedEventData(streamId: string, head: { readonly version: number; readonly hash: string }, events: readonly NewEvent[]): EventData[] {
  let prev = head.hash;
  return events.map((e, k) => {
    const version = head.version + k + 1;
    const content = contentHash(e);
    const hash = chainHash(prev, streamId, version, content);
    const metadata: CaMetadata = { ca: 1, metadata: e.metadata ?? {}, occurredAt: e.occurredAt ?? null, contentHash: content, prevHash: prev, hash };
    prev = hash;
    return jsonEvent({
      id: e.eventId.toLowerCase(),
      type: e.type,
      data: e.data as Record<string, unknown>,
      metadata: metadata as unknown as Record<string, unknown>,
    });
  });
}

/** A recorded ESDB event as the port's `StoredEvent` (an event not written by this adapter has no hashes: verify flags it). */
export function fromRecorded(e: RecordedEvent): StoredEvent {
  const m = (e.metadata && typeof e.metadata === 'object' && !(e.metadata instanceof Uint8Array) ? e.metadata : {}) as Partial<CaMetadata>;
  return {
    globalPosition: e.position?.prepare ?? -1n,
    transactionId: e.position?.commit ?? -1n,
    streamId: e.streamId,
    streamVersion: Number(e.revision) + 1,
    eventId: e.id.toLowerCase(),
    type: e.type,
    // this adapter writes every event's data as a JSON object (`append`)
    data: (e.isJson ? e.data : {}) as Readonly<Record<string, unknown>>,
    metadata: m.metadata ?? {},
    occurredAt: m.occurredAt ?? null,
    recordedAt: e.created.toISOString(),
    contentHash: m.contentHash ?? '',
    prevHash: m.prevHash ?? '',
    hash: m.hash ?? '',
  };
}

export class EventStoreDbEventStore implements EventStore {
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  /** feed checkpoint → the last position known to be followed only by hidden (system, index) records */
  private readonly hiddenTail = new Map<string, Position>();

  constructor(
    readonly client: EventStoreDBClient,
    readonly options: EventStoreDbEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.concurrency = options.concurrency ?? 32;
  }

  /** e.g. `esdb://es1:2113,es2:2113,es3:2113?tls=false` */
  static fromConnectionString(connectionString: string, options: EventStoreDbEventStoreOptions = {}): EventStoreDbEventStore {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), options);
  }

  async append(events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendedEvent[]> {
    if (events.length === 0) return [];
    assertDistinctIds(events);
    const byStream = new Map<string, NewEvent[]>();
    for (const e of events) {
      if (isHiddenStream(e.streamId)) throw new Error(`stream "${e.streamId}" is reserved (system or index stream)`);
      byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
    }
    const expected = options.expectedVersions ?? {};
    const streams = [...byStream.keys()];
    if (streams.length > 1) {
      if (!this.options.allowNonAtomicMultiStream) throw new MultiStreamAppendError(streams);
      // check every expected version before writing anything: a stale batch then fails whole
      const now = await this.streamVersions(streams.filter((s) => expected[s] !== undefined));
      for (const [s, v] of Object.entries(now)) if (v !== expected[s]) throw new WrongExpectedVersionError(s, expected[s], v);
    }
    const result = new Map<string, AppendedEvent>();
    const written: string[] = [];
    for (const s of streams) {
      try {
        for (const a of await this.appendToStream(s, byStream.get(s)!, expected[s])) result.set(a.eventId, a);
        written.push(s);
      } catch (error) {
        if (written.length) throw new MultiStreamAppendError(streams, written, error);
        throw error;
      }
    }
    return events.map((e) => result.get(e.eventId.toLowerCase())!);
  }

  /** One stream's batch: atomic (one ESDB append), chained to the head it read, idempotent by id claims. */
  private async appendToStream(streamId: string, events: readonly NewEvent[], expectedVersion: number | undefined): Promise<AppendedEvent[]> {
    const hashes = events.map((e) => contentHash(e));
    const ids = events.map((e) => e.eventId.toLowerCase());
    const mine = new Map<string, bigint>(); // claims this call made: id → claim-stream revision
    for (let attempt = 0; attempt < this.maxAttempts; attempt++) {
      // 1. duplicates and conflicts, by the id claims
      const claims = await this.mapLimit(ids, (id) => this.readClaim(id));
      const out: AppendedEvent[] = new Array(events.length);
      const fresh: number[] = [];
      const toClaim: number[] = [];
      for (let i = 0; i < events.length; i++) {
        const claim = claims[i];
        if (!claim || claim.state === 'released') {
          fresh.push(i);
          toClaim.push(i);
          continue;
        }
        if (claim.contentHash !== hashes[i]) {
          await this.release(mine);
          throw new EventIdConflictError(events[i].eventId);
        }
        const stored = await this.locate(ids[i], claim);
        if (stored) {
          out[i] = {
            eventId: stored.eventId,
            streamId: stored.streamId,
            streamVersion: stored.streamVersion,
            globalPosition: stored.globalPosition,
            status: 'duplicate',
          };
          if (stored.type === 'RoundStarted') await this.indexRound(stored); // heals an index a crash left unwritten
        } else {
          fresh.push(i); // claimed with this very content by an attempt that never landed: finish it
        }
      }
      if (!fresh.length) return out;

      // 2. the head to chain to, and the caller's expected version
      const head = await this.readHead(streamId);
      if (expectedVersion !== undefined && expectedVersion !== head.version) {
        await this.release(mine);
        throw new WrongExpectedVersionError(streamId, expectedVersion, head.version);
      }

      // 3. claim the new ids; a claim lost to a concurrent writer means: judge again
      const claimed = await this.mapLimit(toClaim, (i) =>
        this.claim(ids[i], { streamId, contentHash: hashes[i], version: head.version + fresh.indexOf(i) + 1 }, claims[i]),
      );
      toClaim.forEach((i, k) => claimed[k] !== null && mine.set(ids[i], claimed[k]!));
      if (claimed.some((c) => c === null)) continue;

      // 4. one append, at the head's revision
      const batch = fresh.map((i) => events[i]);
      const expectedRevision: AppendExpectedRevision = head.version === 0 ? NO_STREAM : BigInt(head.version - 1);
      try {
        await this.client.appendToStream(streamId, chainedEventData(streamId, head, batch), { expectedRevision });
      } catch (error) {
        if (error instanceof EsdbWrongExpectedVersionError) continue; // another writer moved the head: duplicates first, then versions
        throw error;
      }

      // 5. read back: the positions the log gave, and the round index
      const stored = await this.readRange(streamId, head.version + 1, batch.length);
      const byId = new Map(stored.map((e) => [e.eventId, e]));
      for (const i of fresh) {
        const e = byId.get(ids[i]);
        if (!e) throw new Error(`event ${ids[i]} was appended to ${streamId} but cannot be read back`);
        out[i] = { eventId: e.eventId, streamId, streamVersion: e.streamVersion, globalPosition: e.globalPosition, status: 'appended' };
      }
      await this.mapLimit(
        stored.filter((e) => e.type === 'RoundStarted'),
        (e) => this.indexRound(e),
      );
      return out;
    }
    throw new Error(`could not append to ${streamId} after ${this.maxAttempts} attempts: other writers kept moving its head`);
  }

  async readStream(streamId: string, fromVersion = 1, toVersion?: number): Promise<StoredEvent[]> {
    const from = Math.max(fromVersion, 1);
    return this.readRange(streamId, from, toVersion !== undefined ? Math.max(toVersion - from + 1, 0) : undefined);
  }

  private async readRange(streamId: string, fromVersion: number, maxCount?: number): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: FORWARDS,
        fromRevision: BigInt(Math.max(fromVersion, 1) - 1),
        ...(maxCount !== undefined ? { maxCount } : {}),
      });
      for await (const r of read) if (r.event) out.push(fromRecorded(r.event));
    } catch (error) {
      if (noStream(error)) return [];
      throw error;
    }
    return out;
  }

  /** The stream's head: its version and last chain hash (version 0 and the genesis hash when it does not exist). */
  async readHead(streamId: string): Promise<ChainHead> {
    const last = await this.readLast(streamId);
    if (!last) return { version: 0, hash: GENESIS };
    const e = fromRecorded(last);
    if (!e.hash) throw new Error(`stream ${streamId} ends with an event not written by casino-audit (no chain hash): refusing to chain to it`);
    return { version: e.streamVersion, hash: e.hash };
  }

  private async readLast(streamId: string): Promise<RecordedEvent | undefined> {
    try {
      for await (const r of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) if (r.event) return r.event;
    } catch (error) {
      if (!noStream(error)) throw error;
    }
    return undefined;
  }

  async readFeed(after: FeedCheckpoint, limit: number): Promise<FeedPage> {
    const events: StoredEvent[] = [];
    const start = toReadPosition(after);
    const key = `${after.transactionId}:${after.globalPosition}`;
    // the last position read (null: the very start of $all, where everything counts); a quiet feed's
    // reader asks again and again from the same checkpoint: start past the hidden records seen last time
    let cursor: Position | null = this.hiddenTail.get(key) ?? (start === START ? null : (start as Position));
    let scanned: Position | undefined;
    for (;;) {
      // ask for one more than missing: a read from a position returns the event at that position again
      const want = Math.max(limit - events.length, 1) + 1;
      let read = 0;
      let last: Position | undefined;
      for await (const r of this.client.readAll({ direction: FORWARDS, fromPosition: cursor ?? START, maxCount: want })) {
        read++;
        const e = r.event;
        if (!e?.position || (cursor && !isAfter(e.position, toFeedCheckpoint(cursor)))) continue;
        last = e.position;
        if (isHiddenStream(e.streamId) || e.type.startsWith('$')) continue;
        events.push(fromRecorded(e));
        if (events.length >= limit) break;
      }
      if (last) scanned = last;
      if (events.length >= limit || read < want || !last) break;
      cursor = last; // the page held only index or system records: read on
    }
    if (!events.length && scanned) {
      // everything between the checkpoint and `scanned` is hidden, and the log never changes behind its end
      if (this.hiddenTail.size >= 256) this.hiddenTail.delete(this.hiddenTail.keys().next().value!);
      this.hiddenTail.set(key, scanned);
    }
    const tail = events[events.length - 1];
    return { events, checkpoint: tail ? { transactionId: tail.transactionId, globalPosition: tail.globalPosition } : after };
  }

  /** A catch-up subscription to `$all` from its end wakes the caller; polling is the fallback. */
  async subscribe(onWake: () => void): Promise<Subscription> {
    let closed = false;
    let subscription: AllStreamSubscription | undefined;
    const start = () => {
      if (closed) return;
      subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      subscription.on('data', (r) => {
        if (r.event && !isHiddenStream(r.event.streamId)) onWake();
      });
      subscription.on('error', () => {
        if (closed) return;
        const retry = setTimeout(start, this.pollIntervalMs); // a dropped subscription comes back; polling covers the gap
        retry.unref?.();
      });
    };
    start();
    const timer = setInterval(() => onWake(), this.pollIntervalMs);
    timer.unref?.();
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        clearInterval(timer);
        await subscription?.unsubscribe().catch(() => undefined);
      },
    };
  }

  async streamVersions(streamIds: readonly string[]): Promise<Record<string, number>> {
    const versions = await this.mapLimit(streamIds, async (s) => {
      const last = await this.readLast(s);
      return last ? Number(last.revision) + 1 : 0;
    });
    return Object.fromEntries(streamIds.map((s, i) => [s, versions[i]]));
  }

  async findEvents(eventIds: readonly string[]): Promise<StoredEvent[]> {
    const valid = [...new Set(eventIds.filter(isUuid).map((id) => id.toLowerCase()))];
    const found = await this.mapLimit(valid, async (id) => {
      const claim = await this.readClaim(id);
      return claim && claim.state === 'claimed' ? this.locate(id, claim) : undefined;
    });
    return found.filter((e): e is StoredEvent => !!e);
  }

  /** The stream holding a round (its RoundStarted), for facts that name only the round. */
  async streamOfRound(roundId: string): Promise<string | null> {
    try {
      for await (const r of this.client.readStream(roundStream(roundId), { direction: FORWARDS, fromRevision: START, maxCount: 1 })) {
        const data = r.event?.data as { streamId?: string } | undefined;
        if (data?.streamId) return data.streamId;
      }
    } catch (error) {
      if (!noStream(error)) throw error;
    }
    return null;
  }

  /**
   * A round's events in stream order. Unlike the PostgreSQL adapter (which scans every stream for the
   * round id), only the round's own session stream is read: jackpot-pool events naming the round are not included.
   */
  async readRound(roundId: string): Promise<StoredEvent[]> {
    const streamId = await this.streamOfRound(roundId);
    if (!streamId) return [];
    return (await this.readStream(streamId)).filter((e) => e.data?.roundId === roundId);
  }

  /**
   * Every stream id, sorted. ESDB keeps no list of streams without its system projections (`$streams`,
   * off in our compose file), so this reads `$all` once: O(events). Used by verification and migration only.
   */
  async streamIds(): Promise<string[]> {
    const ids = new Set<string>();
    for await (const r of this.client.readAll({ direction: FORWARDS, fromPosition: START })) {
      const s = r.event?.streamId;
      if (s && !isHiddenStream(s) && !r.event!.type.startsWith('$')) ids.add(s);
    }
    return [...ids].sort();
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  // ---- id claims and the round index ------------------------------------------------------------

  private async readClaim(eventId: string): Promise<Claim | null> {
    const last = await this.readLast(eventIdStream(eventId));
    if (!last) return null;
    // the claim stream holds only this adapter's own records (`claim` and `release` below); a release's fields are not read beyond its type
    const d = last.data as { readonly streamId: string; readonly contentHash: string; readonly version?: number };
    return {
      state: last.type === 'EventIdReleased' ? 'released' : 'claimed',
      streamId: d.streamId,
      contentHash: d.contentHash,
      version: Number(d.version ?? 0),
      revision: last.revision,
    };
  }

  /** Claim an id at the claim stream's current revision; returns the new record's revision, or null if another writer claimed first. */
  private async claim(eventId: string, what: { streamId: string; contentHash: string; version: number }, current: Claim | null): Promise<bigint | null> {
    try {
      const result = await this.client.appendToStream(eventIdStream(eventId), jsonEvent({ type: 'EventIdClaimed', data: { eventId, ...what } }), {
        expectedRevision: current ? current.revision : NO_STREAM,
      });
      return result.nextExpectedRevision;
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) return null;
      throw error;
    }
  }

  /** Give back claims this call made (its append was refused): the ids were never stored. */
  private async release(mine: Map<string, bigint>): Promise<void> {
    await this.mapLimit([...mine], async ([eventId, revision]) => {
      try {
        await this.client.appendToStream(eventIdStream(eventId), jsonEvent({ type: 'EventIdReleased', data: { eventId } }), { expectedRevision: revision });
      } catch (error) {
        if (!(error instanceof EsdbWrongExpectedVersionError)) throw error; // someone else owns it now: leave it
      }
    });
    mine.clear();
  }

  /** Find a claimed event in its stream: at the version the claim expected, else by scanning the stream. */
  private async locate(eventId: string, claim: Claim): Promise<StoredEvent | undefined> {
    if (claim.version > 0) {
      const [at] = await this.readRange(claim.streamId, claim.version, 1);
      if (at?.eventId === eventId) return at;
    }
    return (await this.readStream(claim.streamId)).find((e) => e.eventId === eventId);
  }

  private async indexRound(e: StoredEvent): Promise<void> {
    const roundId = e.data?.roundId;
    if (typeof roundId !== 'string' || !roundId) return;
    try {
      await this.client.appendToStream(roundStream(roundId), jsonEvent({ type: 'RoundIndexed', data: { roundId, streamId: e.streamId, eventId: e.eventId } }), {
        expectedRevision: NO_STREAM, // the first RoundStarted of a round id wins, as with PostgreSQL's lookup
      });
    } catch (error) {
      if (!(error instanceof EsdbWrongExpectedVersionError)) throw error;
    }
  }

  private async mapLimit<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
    const out: R[] = new Array(items.length);
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, items.length) }, worker));
    return out;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (s: string) => UUID.test(s);

function assertDistinctIds(events: readonly NewEvent[]) {
  const seen = new Map<string, string>();
  for (const e of events) {
    if (!isUuid(e.eventId)) throw new Error(`event id "${e.eventId}" is not a UUID`);
    const id = e.eventId.toLowerCase();
    const hash = contentHash(e);
    const before = seen.get(id);
    if (before !== undefined && before !== hash) throw new EventIdConflictError(e.eventId);
    if (before !== undefined) throw new Error('the same event appears twice in one batch; send it once');
    seen.set(id, hash);
  }
}
