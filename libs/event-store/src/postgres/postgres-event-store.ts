/**
 * The PostgreSQL adapter of the event-store port, on `pg`.
 * Hot paths, kept visible: `append` is one call of the `ca_append` function (one round trip, prepared);
 * `readFeed` is one indexed range scan below the snapshot's xmin.
 */
import { Client, Pool, PoolClient } from 'pg';
import { contentHash } from '../canonical';
import { EventIdConflictError, WrongExpectedVersionError } from '../errors';
import {
  AppendOptions,
  AppendedEvent,
  EventStore,
  FeedCheckpoint,
  FeedPage,
  NewEvent,
  StoredEvent,
  Subscription,
} from '../port';
import { applySqlMigrations } from './migrate';

const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id,
  event_type, data, metadata, occurred_at, recorded_at, content_hash, prev_hash, hash`;

export interface PostgresEventStoreOptions {
  /** how often subscribers poll when no notification arrives (the fallback), ms */
  readonly pollIntervalMs?: number;
}

export class PostgresEventStore implements EventStore {
  private readonly pollIntervalMs: number;

  constructor(
    readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  /** Apply the store's migrations (idempotent). */
  async migrate(): Promise<void> {
    await applySqlMigrations(this.pool);
  }

  async append(events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendedEvent[]> {
    return this.appendWith(this.pool, events, options);
  }

  /**
   * Append inside a caller's transaction (the caller commits). Used by tests that hold transactions
   * open to prove the feed's gap safety, and by anything that must commit an append with other work.
   */
  async appendWith(db: Pool | PoolClient, events: readonly NewEvent[], options: AppendOptions = {}): Promise<AppendedEvent[]> {
    if (events.length === 0) return [];
    assertDistinctIds(events);
    const params = [
      events.map((e) => e.streamId),
      events.map((e) => e.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata ?? {})),
      events.map((e) => e.occurredAt ?? null),
      events.map((e) => contentHash(e)),
      JSON.stringify(options.expectedVersions ?? {}),
    ];
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await db.query({
          name: 'ca_append',
          text: 'SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::jsonb)',
          values: params,
        });
        const byId = new Map<string, AppendedEvent>(
          result.rows.map((r) => [
            r.r_event_id,
            {
              eventId: r.r_event_id,
              streamId: r.r_stream_id,
              streamVersion: r.r_stream_version,
              globalPosition: BigInt(r.r_global_position),
              status: r.r_status,
            },
          ]),
        );
        return events.map((e) => byId.get(e.eventId.toLowerCase())!);
      } catch (error: any) {
        if (error?.code === 'CA001') throw new EventIdConflictError(String(error.detail));
        if (error?.code === 'CA002') {
          const d = JSON.parse(error.detail);
          throw new WrongExpectedVersionError(d.streamId, d.expected, d.actual);
        }
        // two writers raced on the same new event id: retry once, it is then a duplicate (or a conflict)
        if (error?.code === '23505' && error?.constraint === 'ca_events_event_id' && attempt === 0 && db instanceof Pool) continue;
        throw error;
      }
    }
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const result = await this.pool.query({
      name: 'ca_read_stream',
      text: `SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      values: [streamId, fromVersion],
    });
    return result.rows.map(toStoredEvent);
  }

  async readFeed(after: FeedCheckpoint, limit: number): Promise<FeedPage> {
    const result = await this.pool.query({
      name: 'ca_read_feed',
      text: `SELECT ${EVENT_COLUMNS} FROM ca_events
             WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
               AND transaction_id < pg_snapshot_xmin(pg_current_snapshot())
             ORDER BY transaction_id, global_position
             LIMIT $3`,
      values: [after.transactionId.toString(), after.globalPosition.toString(), limit],
    });
    const events = result.rows.map(toStoredEvent);
    const last = events[events.length - 1];
    return {
      events,
      checkpoint: last ? { transactionId: last.transactionId, globalPosition: last.globalPosition } : after,
    };
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
    const result = await this.pool.query('SELECT stream_id, version FROM ca_streams WHERE stream_id = ANY ($1::text[])', [streamIds]);
    for (const r of result.rows) out[r.stream_id] = r.version;
    return out;
  }

  async findEvents(eventIds: readonly string[]): Promise<StoredEvent[]> {
    const valid = eventIds.filter(isUuid);
    if (!valid.length) return [];
    const result = await this.pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events WHERE event_id = ANY ($1::uuid[])`, [valid]);
    return result.rows.map(toStoredEvent);
  }

  /** The stream holding a round (its RoundStarted), for facts that name only the round. */
  async streamOfRound(roundId: string): Promise<string | null> {
    const result = await this.pool.query(
      `SELECT stream_id FROM ca_events WHERE data->>'roundId' = $1 AND event_type = 'RoundStarted' ORDER BY global_position LIMIT 1`,
      [roundId],
    );
    return result.rows[0]?.stream_id ?? null;
  }

  /** Every event of a round, in stream order (replay). */
  async readRound(roundId: string): Promise<StoredEvent[]> {
    const result = await this.pool.query(
      `SELECT ${EVENT_COLUMNS} FROM ca_events WHERE data->>'roundId' = $1 ORDER BY global_position`,
      [roundId],
    );
    return result.rows.map(toStoredEvent);
  }

  async streamIds(): Promise<string[]> {
    const result = await this.pool.query('SELECT stream_id FROM ca_streams ORDER BY stream_id');
    return result.rows.map((r) => r.stream_id);
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string) => UUID.test(s);

function assertDistinctIds(events: readonly NewEvent[]) {
  const seen = new Map<string, string>();
  for (const e of events) {
    const id = e.eventId.toLowerCase();
    const hash = contentHash(e);
    const before = seen.get(id);
    if (before !== undefined && before !== hash) throw new EventIdConflictError(e.eventId);
    seen.set(id, hash);
  }
  if (seen.size !== events.length) {
    throw new Error('the same event appears twice in one batch; send it once');
  }
}

export function toStoredEvent(r: any): StoredEvent {
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
    contentHash: r.content_hash,
    prevHash: r.prev_hash,
    hash: r.hash,
  };
}
