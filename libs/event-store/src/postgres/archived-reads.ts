/**
 * What the store keeps online of the months taken out of it (store migrations 14–16, month-drop.ts), as readers ask
 * for it: the months, the streams' archived heads, the states and owners kept with them, a round's session. Apart
 * from the drop, so that the store itself (postgres-event-store.ts) reads them without loading the drop's module.
 * Each answers as if nothing were archived on a store before the migration that made its table.
 */
import type { Pool } from 'pg';

/** The months taken out of the store (store migration 14) and the files they went to, oldest first; none before that migration. */
export async function archivedMonths(db: Pick<Pool, 'query'>): Promise<Array<{ month: string; file: string }>> {
  return db
    .query('SELECT month, file_name FROM ca_archived_months ORDER BY month')
    .then((r) => r.rows.map((row) => ({ month: row.month as string, file: row.file_name as string })))
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    });
}

/**
 * Of `streamIds`, those with facts out of the store, each with the version of its last one (its archived head, store
 * migration 14: `archive --drop` keeps one for every stream the month held), in stream id order; none before that
 * migration. What a reader asks before it folds a stream from its first fact: from what is left online it cannot.
 */
export async function archivedHeadsOf(db: Pick<Pool, 'query'>, streamIds: readonly string[]): Promise<Map<string, number>> {
  if (!streamIds.length) return new Map();
  const r = await db
    .query(
      `SELECT s.stream_id, a.stream_version FROM ca_archived_heads a JOIN ca_stream_ids s ON s.stream_number = a.stream_number
        WHERE s.stream_id = ANY ($1::text[]) ORDER BY s.stream_id`,
      [streamIds],
    )
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] };
      throw error;
    });
  return new Map(r.rows.map((row: { stream_id: string; stream_version: number }) => [row.stream_id, Number(row.stream_version)]));
}

/** A stream's state at its archived head, as the drop kept it (store migration 16). */
export interface ArchivedState {
  readonly version: number;
  readonly state: unknown;
}

/**
 * Of `streamIds`, the states kept at their archived heads (store migration 16), and the months out of the store that
 * kept none (dropped before that migration, or without a keeper): a stream with facts in those has no state to go on.
 */
export async function archivedStatesOf(
  db: Pick<Pool, 'query'>,
  streamIds: readonly string[],
): Promise<{ states: Map<string, ArchivedState>; uncarried: string[] }> {
  if (!streamIds.length) return { states: new Map(), uncarried: [] };
  const r = await db
    .query(
      `SELECT s.stream_id, a.stream_version, a.state FROM ca_archived_stream_states a JOIN ca_stream_ids s ON s.stream_number = a.stream_number
        WHERE s.stream_id = ANY ($1::text[])`,
      [streamIds],
    )
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] };
      throw error;
    });
  const states = new Map(
    r.rows.map((row: { stream_id: string; stream_version: number; state: unknown }) => [
      row.stream_id,
      { version: Number(row.stream_version), state: row.state },
    ]),
  );
  const uncarried = await db
    .query(`SELECT month FROM ca_archived_months WHERE NOT states_carried ORDER BY month`)
    .then((q) => q.rows.map((row) => row.month as string))
    .catch((error: { code?: string }) => {
      // before store migration 16 every month out of the store is one without states; before 14 there is none
      if (error.code === '42703') return archivedMonths(db).then((months) => months.map((m) => m.month));
      if (error.code === '42P01') return [];
      throw error;
    });
  return { states, uncarried };
}

/** A query of the tables a drop fills, answered with no rows on a store before the migration that made the table. */
const ifMigrated = <R>(db: Pick<Pool, 'query'>, text: string, values: unknown[]): Promise<R[]> =>
  db.query(text, values).then(
    (r) => r.rows as R[],
    (error: { code?: string }) => {
      if (error.code === '42P01') return [];
      throw error;
    },
  );

/**
 * Of `streamIds`, those whose first fact left the store, each with the casino it belongs to as the drop kept it: a
 * session's from its kept state (store migration 16), a jackpot pool's from its kept configuration (15); 'unknown'
 * when the months it left in kept neither. What casino scoping reads where the stream's first fact no longer is.
 */
export async function archivedCasinosOf(db: Pick<Pool, 'query'>, streamIds: readonly string[]): Promise<Map<string, string | null | 'unknown'>> {
  const out = new Map<string, string | null | 'unknown'>();
  if (!streamIds.length) return out;
  const heads = await ifMigrated<{ stream_id: string }>(
    db,
    `SELECT s.stream_id FROM ca_archived_heads h JOIN ca_stream_ids s ON s.stream_number = h.stream_number WHERE s.stream_id = ANY ($1::text[])`,
    [streamIds],
  );
  if (!heads.length) return out;
  for (const h of heads) out.set(h.stream_id, 'unknown');
  const gone = heads.map((h) => h.stream_id);
  const kept = [
    ...(await ifMigrated<{ stream_id: string; casino: string | null }>(
      db,
      `SELECT s.stream_id, a.state ->> 'casinoId' AS casino FROM ca_archived_stream_states a JOIN ca_stream_ids s ON s.stream_number = a.stream_number
        WHERE s.stream_id = ANY ($1::text[])`,
      [gone],
    )),
    ...(await ifMigrated<{ stream_id: string; casino: string | null }>(
      db,
      `SELECT 'jackpot-' || pool_id AS stream_id, configuration ->> 'casinoId' AS casino FROM ca_archived_jackpot_pools WHERE 'jackpot-' || pool_id = ANY ($1::text[])`,
      [gone],
    )),
  ];
  for (const k of kept) out.set(k.stream_id, k.casino);
  return out;
}

/** The stream whose kept state (store migration 16) holds `roundId` among its rounds: a round whose start left the store. */
export async function archivedStreamOfRound(db: Pick<Pool, 'query'>, roundId: string): Promise<string | null> {
  const r = await db
    .query(
      `SELECT s.stream_id FROM ca_archived_stream_states a JOIN ca_stream_ids s ON s.stream_number = a.stream_number
        WHERE a.state -> 'rounds' ? $1 ORDER BY s.stream_id LIMIT 1`,
      [roundId],
    )
    .catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] };
      throw error;
    });
  return (r.rows[0]?.stream_id as string | undefined) ?? null;
}
