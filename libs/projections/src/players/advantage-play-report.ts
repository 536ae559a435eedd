/**
 * The players of a gaming day whose stakes follow the count (advantage-play.ts), read from the recorded
 * sessions: every session of the day the table books know, its facts in recording order. Read on demand, like
 * a replay; figures of people: for compliance and inspectors only.
 */
import type { Pool } from 'pg';
import type { EventStore } from '../../../event-store/src';
import { setting } from '../../../platform/src/config';
import { TABLE_BOOKS } from '../table-book/table-book.projection';
import { AdvantagePlayFinding, CountCorrelationSums, endOpenShoes, foldCountCorrelation, judgeAdvantagePlay, newCountCorrelation } from './advantage-play';

export interface AdvantagePlayReport {
  readonly gamingDay: string;
  readonly casinoId: string;
  readonly fdr: number;
  readonly players: readonly CountCorrelationSums[];
  readonly findings: readonly AdvantagePlayFinding[];
}

export async function loadAdvantagePlay(
  db: { pool: Pool; store: Pick<EventStore, 'readStream'> },
  q: { gamingDay: string; casinoId: string; fdr?: number },
): Promise<AdvantagePlayReport> {
  const fdr = q.fdr ?? setting('CASINO_AUDIT_PERFORMANCE_FDR');
  const sessions = (await db.pool.query(`SELECT DISTINCT session_id FROM ${TABLE_BOOKS} WHERE casino_id = $1 AND gaming_day = $2 ORDER BY session_id`, [q.casinoId, q.gamingDay])).rows.map((r) => r.session_id as string);
  const state = newCountCorrelation();
  for (const sessionId of sessions) for (const e of await db.store.readStream(`session-${sessionId}`)) foldCountCorrelation(state, e);
  endOpenShoes(state);
  const players = [...state.players.values()].filter((p) => p.casinoId === q.casinoId && p.gamingDay === q.gamingDay).sort((a, b) => a.playerRef.localeCompare(b.playerRef));
  return { gamingDay: q.gamingDay, casinoId: q.casinoId, fdr, players, findings: judgeAdvantagePlay(players, fdr) };
}
