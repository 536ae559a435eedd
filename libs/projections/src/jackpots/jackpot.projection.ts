/**
 * Jackpot pools: seed, every contribution and win in order with the pool's value before and after,
 * resets, the current value; one pool may be fed and paid by several tables and sessions. The pool
 * follows the facts (several winners in one round are paid in sequence on what remains: the rules
 * judge the amounts, in replay and in round_verdicts). Feed order is the order of the value series.
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { dataOf, type EventData } from '../../../rules/src';
import { loadSessionInfo, SessionInfo, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { JackpotMovementEntity, JackpotPoolEntity } from './jackpot.entity';

/** Rows as stored: the entities' columns by name. */
export type JackpotPoolRow = JackpotPoolEntity;
export type JackpotMovementRow = JackpotMovementEntity;

const HANDLES = new Set(['JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset']);

/**
 * Fold one jackpot fact into its pool (pure): the pool's next state and the movement it records.
 * A (re)configuration sets the value to the seed, as replay does (`jackpotPoolsBefore`); a reset sets
 * it to the reset's amount; a fact for a pool never configured changes nothing.
 */
export function evolveJackpotPool(
  pool: JackpotPoolRow | undefined,
  e: ProjectedEvent,
  session?: SessionInfo,
): { pool: JackpotPoolRow; movement: JackpotMovementRow } | null {
  const d = e.data;
  const amount = Number(d.amount ?? 0);
  const base = (p: JackpotPoolRow, kind: JackpotMovementRow['kind'], before: number, after: number, value: number): JackpotMovementRow => ({
    pool_id: p.pool_id,
    seq: p.movements + 1,
    kind,
    event_id: e.eventId,
    round_id: typeof d.roundId === 'string' ? d.roundId : null,
    session_id: typeof d.sessionId === 'string' ? d.sessionId : null,
    casino_id: session?.casinoId ?? p.casino_id,
    table_id: session?.tableId ?? null,
    gaming_day: session?.gamingDay ?? null,
    seat: d.seat === undefined || d.seat === null ? null : String(d.seat),
    hand: d.hand === undefined || d.hand === null ? null : String(d.hand),
    amount: value,
    value_before: before,
    value_after: after,
    occurred_at: e.occurredAt,
    global_position: Number(e.globalPosition),
  });
  const configured = dataOf(e, 'JackpotPoolConfigured');
  if (configured) {
    const seed = Number(configured.seed ?? 0);
    const before = pool ? Number(pool.current) : 0;
    const next: JackpotPoolRow = pool
      ? { ...pool, seed, config: configOf(configured), current: seed, casino_id: configured.casinoId ?? pool.casino_id }
      : {
          pool_id: configured.poolId,
          casino_id: configured.casinoId,
          seed,
          config: configOf(configured),
          current: seed,
          contributions: 0,
          won: 0,
          contributions_count: 0,
          wins_count: 0,
          resets_count: 0,
          movements: 0,
          configured_at: e.occurredAt,
          last_position: 0,
        };
    const movement = base(next, 'configured', before, seed, seed);
    return { pool: { ...next, movements: movement.seq, last_position: Number(e.globalPosition) }, movement };
  }
  if (!pool) return null;
  const before = Number(pool.current);
  let next: JackpotPoolRow;
  let movement: JackpotMovementRow;
  switch (e.type) {
    case 'JackpotContributed':
      next = { ...pool, current: before + amount, contributions: Number(pool.contributions) + amount, contributions_count: pool.contributions_count + 1 };
      movement = base(pool, 'contribution', before, before + amount, amount);
      break;
    case 'JackpotWon':
      next = { ...pool, current: before - amount, won: Number(pool.won) + amount, wins_count: pool.wins_count + 1 };
      movement = base(pool, 'win', before, before - amount, amount);
      break;
    case 'JackpotReset':
      next = { ...pool, current: amount, resets_count: pool.resets_count + 1 };
      movement = base(pool, 'reset', before, amount, amount);
      break;
    default:
      return null;
  }
  return { pool: { ...next, movements: movement.seq, last_position: Number(e.globalPosition) }, movement };
}

function configOf(d: EventData<'JackpotPoolConfigured'>): Record<string, unknown> {
  const { poolId: _p, casinoId: _c, ...rest } = d;
  return rest;
}

export const JACKPOT_POOLS = 'jackpot_pools';
export const JACKPOT_MOVEMENTS = 'jackpot_movements';

export class JackpotProjection implements EventProjection {
  readonly name = 'jackpots';
  readonly tables = [JACKPOT_POOLS, JACKPOT_MOVEMENTS];
  readonly handles = HANDLES;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const poolIds = [...new Set(events.map((e) => String(e.data.poolId)))];
    if (!poolIds.length) return;
    const pools = new Map<string, JackpotPoolRow>();
    for (const row of (await db.query(`SELECT * FROM ${tables[JACKPOT_POOLS]} WHERE pool_id = ANY ($1::text[])`, [poolIds])).rows) pools.set(row.pool_id, row);
    const sessions = await loadSessionInfo(
      db,
      events.map(sessionOf).filter((s): s is string => !!s),
    );
    const movements: JackpotMovementRow[] = [];
    const changed = new Set<string>();
    for (const e of events) {
      const id = String(e.data.poolId);
      const session = sessionOf(e);
      const next = evolveJackpotPool(pools.get(id), e, session ? sessions.get(session) : undefined);
      if (!next) continue;
      pools.set(id, next.pool);
      movements.push(next.movement);
      changed.add(id);
    }
    await upsertRows(
      db,
      JackpotPoolEntity,
      tables[JACKPOT_POOLS],
      [...changed].map((id) => pools.get(id)!),
    );
    await upsertRows(db, JackpotMovementEntity, tables[JACKPOT_MOVEMENTS], movements);
  }
}
