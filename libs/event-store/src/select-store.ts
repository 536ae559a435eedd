/**
 * Which event store the process uses. PostgreSQL is the default (the database of `DATABASE_URL`, or the
 * embedded one); `EVENT_STORE=eventstoredb` with `EVENTSTORE_CONNECTION_STRING` selects EventStoreDB /
 * KurrentDB. Read models and projector checkpoints stay in PostgreSQL either way, so the pool is always needed.
 */
import type { Pool } from 'pg';
import { setting } from '../../platform/src/config';
import { EventStoreDbEventStore, EventStoreDbEventStoreOptions } from './eventstoredb/eventstoredb-event-store';
import type { EventHead, EventStore, StoredEvent } from './port';
import type { ArchivedState } from './postgres/archived-reads';
import { PostgresEventStore, PostgresEventStoreOptions } from './postgres/postgres-event-store';

export type EventStoreKind = 'postgres' | 'eventstoredb';

/** The port plus the round lookups that ingestion and replay use; both adapters provide them. */
export interface SelectableEventStore extends EventStore {
  streamOfRound(roundId: string): Promise<string | null>;
  readRound(roundId: string): Promise<StoredEvent[]>;
  /**
   * Where a stream's facts left the store (archive --drop, PostgreSQL only): the states kept at the archived heads of
   * `streamIds`, and the months out of the store that kept none (month-drop.ts, store migration 16).
   */
  archivedStates?(streamIds: readonly string[]): Promise<{ states: Map<string, ArchivedState>; uncarried: string[] }>;
  /** The stream of a round whose start left the store, from the states kept with the months out of it. */
  archivedStreamOfRound?(roundId: string): Promise<string | null>;
  /** By id, where each event is, online or out of the store, and its content hash (PostgreSQL; else `findEvents`). */
  findEventHeads?(eventIds: readonly string[]): Promise<EventHead[]>;
}

/**
 * The stream holding a round: its RoundStarted online, or, where that left the store (archive --drop), the session
 * whose state the drop kept with the round among its rounds. What every reader that is given only a round asks.
 */
export async function streamOfRoundAnywhere(
  store: Pick<SelectableEventStore, 'streamOfRound' | 'archivedStreamOfRound'>,
  roundId: string,
): Promise<string | null> {
  return (await store.streamOfRound(roundId)) ?? (await store.archivedStreamOfRound?.(roundId)) ?? null;
}

/** Stored events by id, online or in a month out of the store where the store keeps such months (else `findEvents`). */
export function eventHeadsAnywhere(store: Pick<SelectableEventStore, 'findEventHeads' | 'findEvents'>, eventIds: readonly string[]): Promise<EventHead[]> {
  return store.findEventHeads ? store.findEventHeads(eventIds) : store.findEvents(eventIds);
}

export interface SelectStoreOptions {
  readonly postgres?: PostgresEventStoreOptions;
  readonly eventStoreDb?: EventStoreDbEventStoreOptions;
}

/** `EVENT_STORE` read strictly (libs/platform/src/config.ts): unset or empty = postgres; anything unknown is an error, never a silent fallback. */
export function eventStoreKind(env: NodeJS.ProcessEnv = process.env): EventStoreKind {
  return setting('EVENT_STORE', env);
}

/**
 * The chosen store. With PostgreSQL the caller still runs `migrate()` on it (it is a `PostgresEventStore`);
 * with EventStoreDB nothing needs migrating, and `close()` disposes the gRPC client (the pool is left alone).
 */
export function selectEventStore(env: NodeJS.ProcessEnv, pool: Pool, options: SelectStoreOptions = {}): SelectableEventStore {
  if (eventStoreKind(env) === 'postgres') return new PostgresEventStore(pool, options.postgres);
  const connectionString = setting('EVENTSTORE_CONNECTION_STRING', env);
  if (!connectionString) {
    throw new Error('EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (e.g. esdb://es1:2113,es2:2113,es3:2113?tls=false)');
  }
  return EventStoreDbEventStore.fromConnectionString(connectionString, options.eventStoreDb);
}
