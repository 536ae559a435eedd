/**
 * The performance read model (issue 21 §2–§3): per round, table session, table, croupier and casino's gaming
 * day, the handle, the actual and the theoretical win and the variance (performance-fold.ts); per gaming day
 * the findings held to a false discovery rate, and per table and croupier the CUSUM across days
 * (performance-findings.ts). One batch = load the rows it touches, fold its facts in feed order in memory
 * (constant work per fact; a round's bets are kept until it completes), write the changed rows back.
 * Facts are folded in feed order whatever the batches, so a rebuild equals the live rows.
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { isEvent } from '../../../rules/src';
import { loadSessionInfo, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { PerformanceCusumEntity, PerformanceDayEntity, PerformanceRoundEntity, PerformanceSessionEntity, PerformanceSumsEntity } from './performance.entity';
import { openSession, PERFORMANCE_FACTS, PerformanceSessionRow, PerformanceSumsRow } from './performance-fold';
import { PerformanceSettings, performanceSettings } from './performance-findings';
import { cusumKey, foldPerformanceFact, judgePerformanceDays, newPerformanceChanges, PerformanceState, sumsKey } from './performance-state';

export const PERFORMANCE_SESSIONS = 'performance_sessions';
export const PERFORMANCE_ROUNDS = 'performance_rounds';
export const PERFORMANCE_SUMS = 'performance_sums';
export const PERFORMANCE_DAYS = 'performance_days';
export const PERFORMANCE_CUSUM = 'performance_cusum';

/** A day's row as stored: the entity's columns by name. */
export type PerformanceDayRow = PerformanceDayEntity;

const NUMBERS = [
  'rounds',
  'bounded_rounds',
  'staff_rounds',
  'handle',
  'actual_win',
  'theoretical_win',
  'variance',
  'unvalued_handle',
  'unvalued_win',
  'strategy_handle',
  'cagnotte',
  'last_position',
] as const satisfies readonly (keyof PerformanceSumsRow)[];
/** bigint and numeric columns come back as strings */
function sumsFrom(row: Record<string, any>): PerformanceSumsRow {
  const out = { ...row } as PerformanceSumsRow;
  for (const k of NUMBERS) (out as any)[k] = Number(row[k]);
  return out;
}

export class PerformanceProjection implements EventProjection {
  readonly name = 'performance';
  readonly tables = [PERFORMANCE_SESSIONS, PERFORMANCE_ROUNDS, PERFORMANCE_SUMS, PERFORMANCE_DAYS, PERFORMANCE_CUSUM];
  readonly handles = PERFORMANCE_FACTS;
  private readonly settings: PerformanceSettings;

  constructor(settings: Partial<PerformanceSettings> = {}) {
    this.settings = { ...performanceSettings(), ...settings };
  }

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const t = (name: string) => tables[name];
    const sessionIds = [...new Set(events.map(sessionOf).filter((s): s is string => typeof s === 'string'))];
    if (!sessionIds.length) return;
    const sessions = new Map<string, PerformanceSessionRow>();
    for (const row of (await db.query(`SELECT * FROM ${t(PERFORMANCE_SESSIONS)} WHERE session_id = ANY ($1::text[])`, [sessionIds])).rows)
      sessions.set(row.session_id, { ...row, last_position: Number(row.last_position) });
    const openings = events.filter((e) => isEvent(e, 'TableSessionOpened'));
    // the smallest chip of the opening float, as every read model takes it (facts.ts)
    const info = openings.length
      ? await loadSessionInfo(
          db,
          openings.map((e) => e.data.sessionId),
        )
      : new Map();
    for (const e of openings)
      if (!sessions.has(e.data.sessionId)) sessions.set(e.data.sessionId, openSession(e, info.get(e.data.sessionId)?.smallestChip ?? 1));

    // the days and subjects these sessions can touch: their casino's day rows and the casino's CUSUM rows
    const days = [...new Set([...sessions.values()].map((s) => `${s.casino_id}|${s.gaming_day}`))].map((k) => k.split('|'));
    const state: PerformanceState = { sessions, sums: new Map(), cusums: new Map() };
    if (days.length) {
      const r = await db.query(
        `SELECT s.* FROM ${t(PERFORMANCE_SUMS)} s JOIN unnest($1::text[], $2::text[]) AS d(casino_id, gaming_day) USING (casino_id, gaming_day)`,
        [days.map((d) => d[0]), days.map((d) => d[1])],
      );
      for (const row of r.rows) state.sums.set(sumsKey(row.casino_id, row.gaming_day, row.level, row.subject), sumsFrom(row));
    }
    const casinos = [...new Set(days.map((d) => d[0]))];
    for (const row of (await db.query(`SELECT * FROM ${t(PERFORMANCE_CUSUM)} WHERE casino_id = ANY ($1::text[])`, [casinos])).rows)
      state.cusums.set(cusumKey(row.casino_id, row.level, row.subject), { ...row, last_position: Number(row.last_position) });

    // each fact folded in feed order (performance-state.ts, the same fold the honest-days benchmark measures)
    const changed = newPerformanceChanges();
    for (const e of events) foldPerformanceFact(state, sessionOf(e), e, this.settings, changed);
    const dayRows: PerformanceDayRow[] = judgePerformanceDays(state, changed.days, this.settings);

    await upsertRows(
      db,
      PerformanceSessionEntity,
      t(PERFORMANCE_SESSIONS),
      [...changed.sessions].map((id) => sessions.get(id)!),
    );
    await upsertRows(db, PerformanceRoundEntity, t(PERFORMANCE_ROUNDS), changed.rounds);
    await upsertRows(
      db,
      PerformanceSumsEntity,
      t(PERFORMANCE_SUMS),
      [...changed.sums].map((k) => state.sums.get(k)!),
    );
    await upsertRows(
      db,
      PerformanceCusumEntity,
      t(PERFORMANCE_CUSUM),
      [...changed.cusums].map((k) => state.cusums.get(k)!),
    );
    await upsertRows(db, PerformanceDayEntity, t(PERFORMANCE_DAYS), dayRows);
  }
}
