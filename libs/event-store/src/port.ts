/**
 * The event-store port: what the rest of the system may ask of any store (PostgreSQL here,
 * EventStoreDB for larger deployments). Appends are atomic per call, even across streams.
 */

export interface NewEvent {
  readonly streamId: string;
  readonly eventId: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata?: Record<string, unknown>;
  /** when it happened at the table (ISO 8601), as sent */
  readonly occurredAt?: string;
}

/** Where an event stands in the feed and in its stream, and what it is: every shape it is read in has these. */
export interface FedEventHead {
  readonly globalPosition: bigint;
  readonly transactionId: bigint;
  readonly streamId: string;
  /** 1-based position in its stream */
  readonly streamVersion: number;
  readonly eventId: string;
  readonly type: string;
}

export interface StoredEvent extends FedEventHead {
  readonly data: Readonly<Record<string, unknown>>;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly occurredAt: string | null;
  readonly recordedAt: string;
  readonly contentHash: string;
  readonly prevHash: string;
  readonly hash: string;
}

/**
 * An event as the read models read it: a stored event without its chain (content hash, the hash before it, its own),
 * which no read model reads. The projector's feed leaves them out: in PostgreSQL the hash before an event is a look-up
 * of that event, two thirds of a feed page's execution (bench/results.md, "The read models' feed without the chain").
 */
export type ProjectedEvent = Omit<StoredEvent, 'contentHash' | 'prevHash' | 'hash'>;

/** Where a stored event is and what its content hashes to: enough to tell a re-send from a reused id. */
export type EventHead = Pick<StoredEvent, 'eventId' | 'streamId' | 'streamVersion' | 'globalPosition' | 'contentHash'>;

export type AppendStatus = 'appended' | 'duplicate';

export interface AppendedEvent {
  readonly eventId: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly globalPosition: bigint;
  readonly status: AppendStatus;
}

export interface AppendOptions {
  /**
   * Optimistic concurrency per stream: the version (number of events) each named stream must be at.
   * 0 = the stream must not exist yet.
   */
  readonly expectedVersions?: Readonly<Record<string, number>>;
}

/** The global feed's checkpoint: the (transaction id, position) pair of the last event read. */
export interface FeedCheckpoint {
  readonly transactionId: bigint;
  readonly globalPosition: bigint;
}

export const FEED_START: FeedCheckpoint = { transactionId: 0n, globalPosition: 0n };

/** The feed's order: by transaction, then by position (PostgresEventStore's feed query). Negative when `a` comes first. */
export function compareCheckpoints(a: FeedCheckpoint, b: FeedCheckpoint): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  return a.globalPosition === b.globalPosition ? 0 : a.globalPosition < b.globalPosition ? -1 : 1;
}

/**
 * A fact of the feed as a projection that forwards its JSON without reading it needs it (the round
 * verdicts, whose judge threads parse it): `data` as the text PostgreSQL prints, its round read by the
 * store, and the chain hash before a round's start. Reading this instead of whole events skips parsing
 * `data` and `metadata`, the timestamps and the hashes in the projector's thread.
 */
export interface FeedFact extends FedEventHead {
  /** the event's data as JSON text (as its writer sent it since store migration 12; jsonb's print of it before): the value `data` parses to */
  readonly dataText: string;
  /** `data.roundId` when it is a string, else null */
  readonly roundId: string | null;
  /** the chain hash before it when it starts a round (a round's verdict keeps it), else null */
  readonly startHash: string | null;
}

export interface FeedPage<E = StoredEvent> {
  readonly events: E[];
  /** where the next read starts; unchanged when nothing new was visible */
  readonly checkpoint: FeedCheckpoint;
  /** the rows of the feed the page covers, when `events` holds only some of them (`readFeedOf`); else `events.length` */
  readonly read?: number;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventStore {
  /** Append a batch atomically (one round trip); duplicates by event id are reported, not stored twice. */
  append(events: readonly NewEvent[], options?: AppendOptions): Promise<AppendedEvent[]>;
  /** A stream's events in order, from a version to a version (1-based, inclusive). */
  readStream(streamId: string, fromVersion?: number, toVersion?: number): Promise<StoredEvent[]>;
  /** The global feed after a checkpoint, gap-safe: never returns an event past one still uncommitted. */
  readFeed(after: FeedCheckpoint, limit: number): Promise<FeedPage>;
  /** Call `onWake` whenever new events may be visible (LISTEN/NOTIFY, with polling as the fallback). */
  subscribe(onWake: () => void): Promise<Subscription>;
  /** The current version of each stream (0 for a stream that does not exist). */
  streamVersions(streamIds: readonly string[]): Promise<Record<string, number>>;
  /** Events by id (for corrections and idempotency checks). */
  findEvents(eventIds: readonly string[]): Promise<StoredEvent[]>;
  /** Every stream id, for verification and migration. */
  streamIds(): Promise<string[]>;
  close(): Promise<void>;
}
