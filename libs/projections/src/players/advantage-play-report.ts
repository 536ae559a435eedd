/**
 * The players of a gaming day whose stakes follow the count (advantage-play.ts), read from the recorded
 * sessions: every session of the day the table books know, its facts in recording order. Read on demand, like
 * a replay; figures of people: for compliance and inspectors only.
 */
import type { Pool } from 'pg';
import { archivedHeadsOf, archivedMonths } from '../../../event-store/src/postgres/month-drop';
import { setting } from '../../../platform/src/config';
import { TABLE_BOOKS } from '../table-book/table-book.projection';
import {
  COUNT_CORRELATION_FACTS,
  advantagePlayTested,
  AdvantagePlayFinding,
  AdvantagePlayTested,
  CountCorrelationSums,
  endOpenShoes,
  foldCountCorrelation,
  judgeAdvantagePlay,
  newCountCorrelation,
} from './advantage-play';

export interface AdvantagePlayReport {
  readonly gamingDay: string;
  readonly casinoId: string;
  readonly fdr: number;
  readonly players: readonly CountCorrelationSums[];
  readonly findings: readonly AdvantagePlayFinding[];
  /** every player that could be tested (at least the minimum rounds, a stake that varied within a shoe), the findings first */
  readonly tested: readonly AdvantagePlayTested[];
  /** players with stakes at shoe games that day who could not be tested */
  readonly untested: number;
  /**
   * Set when facts of the day's sessions are out of the store (`archive --drop`): the test is then not run at all (no
   * players, nothing tested), since a test over the facts left online would read part of a shoe, or none of a
   * player's table, and call the day clean. `sessions`: those sessions; `months`: the months out of the store, with
   * their files. Null when every fact of the day is online.
   */
  readonly archived: { readonly sessions: readonly string[]; readonly months: ReadonlyArray<{ readonly month: string; readonly file: string }> } | null;
}

const SESSION_COUNT_FACTS = `SELECT event_type AS type, data FROM ca_events
  WHERE stream_number = (SELECT stream_number FROM ca_stream_ids WHERE stream_id = $1) AND event_type = ANY ($2::text[])
  ORDER BY stream_version`;

export async function loadAdvantagePlay(db: { pool: Pool }, q: { gamingDay: string; casinoId: string; fdr?: number }): Promise<AdvantagePlayReport> {
  const fdr = q.fdr ?? setting('CASINO_AUDIT_PERFORMANCE_FDR');
  const sessions = (
    await db.pool.query(`SELECT DISTINCT session_id FROM ${TABLE_BOOKS} WHERE casino_id = $1 AND gaming_day = $2 ORDER BY session_id`, [
      q.casinoId,
      q.gamingDay,
    ])
  ).rows.map((r) => r.session_id as string);
  const archived = await archivedSessions(db.pool, sessions);
  if (archived) return { gamingDay: q.gamingDay, casinoId: q.casinoId, fdr, players: [], findings: [], tested: [], untested: 0, archived };
  const state = newCountCorrelation();
  // each session's facts in recording order, only those the fold reads, by the stream's number (an index range):
  // reading whole streams as stored events took 5 s of a 40-table day's 4.3 s report at 10M (bench "rounds-pages@bench_store_10m")
  for (const sessionId of sessions) {
    const facts = await db.pool.query<{ type: string; data: Record<string, unknown> }>(SESSION_COUNT_FACTS, [`session-${sessionId}`, COUNT_CORRELATION_FACTS]);
    for (const e of facts.rows) foldCountCorrelation(state, e);
  }
  endOpenShoes(state);
  const players = [...state.players.values()]
    .filter((p) => p.casinoId === q.casinoId && p.gamingDay === q.gamingDay)
    .sort((a, b) => a.playerRef.localeCompare(b.playerRef));
  const tested = advantagePlayTested(players, fdr);
  return {
    gamingDay: q.gamingDay,
    casinoId: q.casinoId,
    fdr,
    players,
    findings: judgeAdvantagePlay(players, fdr),
    tested,
    untested: players.length - tested.length,
    archived: null,
  };
}

/**
 * The sessions among `sessions` whose stream has facts out of the store (an archived head: store migration 14, kept by
 * `archive --drop` for every stream the month held), with the months out of the store; null when there are none.
 */
async function archivedSessions(pool: Pool, sessions: readonly string[]): Promise<AdvantagePlayReport['archived']> {
  const months = await archivedMonths(pool);
  if (!months.length) return null;
  const held = await archivedHeadsOf(
    pool,
    sessions.map((s) => `session-${s}`),
  );
  if (!held.size) return null;
  return { sessions: [...held.keys()].map((streamId) => streamId.slice('session-'.length)), months };
}

/** The casinos with a table session on the gaming day (a report over all of them tests each on its own). */
export async function casinosOfDay(pool: Pool, gamingDay: string): Promise<string[]> {
  return (await pool.query(`SELECT DISTINCT casino_id FROM ${TABLE_BOOKS} WHERE gaming_day = $1 ORDER BY casino_id`, [gamingDay])).rows.map(
    (r) => r.casino_id as string,
  );
}

/** The test at each casino of the day (or at the one named), each on its own: one false discovery rate per casino. */
export async function loadAdvantagePlayOfDay(
  db: { pool: Pool },
  q: { gamingDay: string; casinoId?: string | null; fdr?: number },
): Promise<AdvantagePlayReport[]> {
  const casinos = q.casinoId ? [q.casinoId] : await casinosOfDay(db.pool, q.gamingDay);
  const reports: AdvantagePlayReport[] = [];
  for (const casinoId of casinos) reports.push(await loadAdvantagePlay(db, { gamingDay: q.gamingDay, casinoId, fdr: q.fdr }));
  return reports;
}
