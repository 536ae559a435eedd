import type { Runtime } from '../../../../libs/platform/src';
import { TABLE_BOOKS } from '../../../../libs/projections/src';
import { replayRound } from '../../../../libs/replay/src';

export interface RoundRow {
  roundId: string;
  sessionId: string;
  tableId: string;
  game: string;
  gamingDay: string;
  startedAt: string | null;
  verdict: string | null;
  codes: string[];
}

const LIMIT = 500;

/**
 * Rounds of the matching sessions (from the table books), in recorded order. Verdicts and codes come
 * from the round-discrepancies read model where it exists; without it, a code filter replays the
 * candidate rounds.
 */
export async function findRounds(runtime: Runtime, q: Record<string, string | undefined>): Promise<RoundRow[]> {
  const sessions = await runtime.pool.query(
    `SELECT session_id, table_id, game, gaming_day FROM ${TABLE_BOOKS}
     WHERE ($1::text IS NULL OR gaming_day = $1) AND ($2::text IS NULL OR table_id = $2) AND ($3::text IS NULL OR casino_id = $3)
     ORDER BY gaming_day DESC, table_id LIMIT 200`,
    [q.gamingDay || null, q.table || null, q.casino || null],
  );
  if (!sessions.rowCount) return [];
  const bySession = new Map(sessions.rows.map((r) => [r.session_id, r]));
  const params: unknown[] = [sessions.rows.map((r) => `session-${r.session_id}`)];
  let where = `stream_id = ANY ($1::text[]) AND event_type = 'RoundStarted'`;
  if (q.roundId) {
    params.push(`%${q.roundId}%`);
    where += ` AND data->>'roundId' ILIKE $${params.length}`;
  }
  if (q.from) {
    params.push(q.from);
    where += ` AND substring(occurred_at from 12 for 5) >= $${params.length}`;
  }
  if (q.to) {
    params.push(q.to);
    where += ` AND substring(occurred_at from 12 for 5) <= $${params.length}`;
  }
  const rounds = await runtime.pool.query(
    `SELECT data->>'roundId' AS round_id, data->>'sessionId' AS session_id, occurred_at FROM ca_events WHERE ${where}
     ORDER BY global_position LIMIT ${q.code ? 5000 : LIMIT}`,
    params,
  );
  const verdicts = await verdictsOf(runtime, rounds.rows.map((r) => r.round_id));
  const out: RoundRow[] = [];
  for (const r of rounds.rows) {
    const s = bySession.get(r.session_id)!;
    let v = verdicts.get(r.round_id);
    if (!v && q.code) {
      const replay = await replayRound(runtime.store, r.round_id);
      v = { verdict: replay.verdict, codes: [...new Set(replay.discrepancies.map((d) => d.code))] };
    }
    if (q.code && !v?.codes.includes(q.code)) continue;
    out.push({ roundId: r.round_id, sessionId: r.session_id, tableId: s.table_id, game: s.game, gamingDay: s.gaming_day, startedAt: r.occurred_at, verdict: v?.verdict ?? null, codes: v?.codes ?? [] });
    if (out.length >= LIMIT) break;
  }
  return out;
}

/** Verdicts from the round-discrepancies read model, when it is there. */
async function verdictsOf(runtime: Runtime, roundIds: string[]): Promise<Map<string, { verdict: string; codes: string[] }>> {
  const exists = await runtime.pool.query(`SELECT to_regclass('round_verdicts') AS t`);
  if (!exists.rows[0].t || !roundIds.length) return new Map();
  const r = await runtime.pool.query(
    `SELECT round_id, verdict, ARRAY(SELECT DISTINCT d->>'code' FROM jsonb_array_elements(discrepancies) d ORDER BY 1) AS codes
     FROM round_verdicts WHERE round_id = ANY ($1::text[])`,
    [roundIds],
  );
  return new Map(r.rows.map((x) => [x.round_id, { verdict: x.verdict, codes: x.codes ?? [] }]));
}
