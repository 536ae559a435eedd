/**
 * What several read models need to know about a fact beyond its own data, read from the store inside
 * the projector's transaction: the table session it belongs to (its opening) and, for a correction,
 * the event it corrects. Events are immutable, so these look-ups give the same answer live and in a
 * rebuild.
 */
import type { PoolClient } from 'pg';
import type { StoredEvent } from '../../event-store/src';
import { toStoredEvent } from '../../event-store/src';
import { smallestDenomination, type EventData } from '../../rules/src';

/** The session a fact belongs to: its `sessionId`, or the session stream it was stored in (disputes, corrections). */
export function sessionOf(e: Pick<StoredEvent, 'data' | 'streamId'>): string | undefined {
  if (typeof e.data?.sessionId === 'string') return e.data.sessionId;
  return e.streamId?.startsWith('session-') ? e.streamId.slice('session-'.length) : undefined;
}

/** The pool a fact belongs to (its `poolId`, or the pool stream it was stored in). */
export function poolOf(e: Pick<StoredEvent, 'data' | 'streamId'>): string | undefined {
  if (typeof e.data?.poolId === 'string') return e.data.poolId;
  return e.streamId?.startsWith('jackpot-') ? e.streamId.slice('jackpot-'.length) : undefined;
}

export interface SessionInfo {
  sessionId: string;
  casinoId: string;
  tableId: string;
  gamingDay: string;
  game: string;
  jurisdiction: string;
  currency: string;
  limits: Record<string, number>;
  staff: Record<string, unknown>;
  smallestChip: number;
}

/** `opening`: a session's TableSessionOpened (its stream's first event), read as that type declares it. */
export function sessionInfoFrom(opening: Pick<StoredEvent, 'data'>): SessionInfo {
  const d = opening.data as EventData<'TableSessionOpened'>;
  return {
    sessionId: d.sessionId,
    casinoId: d.casinoId,
    tableId: d.tableId,
    gamingDay: d.gamingDay,
    game: d.game,
    jurisdiction: d.jurisdiction,
    currency: d.currency ?? 'EUR',
    limits: d.limits ?? {},
    staff: d.staff ?? {},
    smallestChip: smallestChipOf(d.openingFloat),
  };
}

function smallestChipOf(inventory: Record<string, number> | undefined): number {
  try {
    return smallestDenomination(inventory ?? {}) || 1;
  } catch {
    return 1;
  }
}

/** Each session's opening (the first event of its stream), one query for a batch. */
export async function loadSessionInfo(db: PoolClient, sessionIds: Iterable<string>): Promise<Map<string, SessionInfo>> {
  const ids = [...new Set(sessionIds)];
  const out = new Map<string, SessionInfo>();
  if (!ids.length) return out;
  const r = await db.query(`SELECT data FROM ca_events WHERE stream_id = ANY ($1::text[]) AND stream_version = 1 AND event_type = 'TableSessionOpened'`, [
    ids.map((s) => `session-${s}`),
  ]);
  for (const row of r.rows) out.set(row.data.sessionId, sessionInfoFrom(row));
  return out;
}

/** Each pool's first configuration (casino, seed), one query for a batch. */
export async function loadPoolCasinos(db: PoolClient, poolIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(poolIds)];
  const out = new Map<string, string>();
  if (!ids.length) return out;
  const r = await db.query(
    `SELECT DISTINCT ON (stream_id) data FROM ca_events WHERE stream_id = ANY ($1::text[]) AND event_type = 'JackpotPoolConfigured' ORDER BY stream_id, stream_version`,
    [ids.map((p) => `jackpot-${p}`)],
  );
  for (const row of r.rows) out.set(String(row.data.poolId), String(row.data.casinoId));
  return out;
}

/** Stored events by id (the events that the batch's corrections correct). */
export async function loadEventsById(db: PoolClient, eventIds: Iterable<string>): Promise<Map<string, StoredEvent>> {
  const ids = [...new Set([...eventIds].map((id) => String(id).toLowerCase()))].filter((id) => /^[0-9a-f-]{36}$/.test(id));
  const out = new Map<string, StoredEvent>();
  if (!ids.length) return out;
  const r = await db.query(
    `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id, event_type, data, metadata,
            occurred_at, recorded_at, content_hash, prev_hash, hash
     FROM ca_events WHERE event_id = ANY ($1::uuid[])`,
    [ids],
  );
  for (const row of r.rows) {
    const e = toStoredEvent(row);
    out.set(e.eventId.toLowerCase(), e);
  }
  return out;
}
