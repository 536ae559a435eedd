/**
 * The session and gaming-day findings across days (issue 15: "every SUPERVISION_VIOLATION this month"),
 * answered from the read models only: each table book's own findings (its settings, limits, shoes,
 * announcements, suspension, bank deposit) and each day's compliance findings (jefes, tables in service,
 * cloths, dice, ternas). Round findings are the round verdicts' (`GET /rounds?code=`). A page is a keyset
 * page: its last row's sort key is where the next one starts, so a page costs the same at any depth.
 */
import type { Pool, PoolClient } from 'pg';
import { TABLE_BOOKS } from '../table-book/table-book.projection';
import { DAY_COMPLIANCE } from './day-compliance.projection';

export interface FindingsFilters {
  /** a discrepancy code, e.g. SUPERVISION_VIOLATION */
  readonly code?: string;
  /** the first and last gaming day (YYYY-MM-DD, inclusive) */
  readonly from?: string;
  readonly to?: string;
  readonly casino?: string;
}

/** One finding, with the day, casino, table and session it concerns, and the judge that made it. */
export interface FindingRow {
  gamingDay: string;
  casinoId: string;
  /** the session's judge (its table book) or the gaming day's (the day's compliance) */
  judgedBy: 'session' | 'day';
  /** null: the day as a whole (tables in service) */
  sessionId: string | null;
  tableId: string | null;
  code: string;
  rule: string;
  citation: string;
  message: string;
  eventId: string | null;
  expected: unknown;
  recorded: unknown;
}

/** The CSV columns of a finding (the API's export and the CLI's), and a row's cells. */
export const FINDING_COLUMNS = ['gamingDay', 'casinoId', 'judgedBy', 'tableId', 'sessionId', 'code', 'rule', 'citation', 'message'] as const;
export const findingCells = (r: FindingRow) => FINDING_COLUMNS.map((c) => r[c] ?? '');

/** The sort key of a row: gaming day (latest first), casino, judge, session, position in its list. */
export type FindingsKey = [string, string, string, string, number];

export interface FindingsPage {
  rows: FindingRow[];
  /** the key of the last row, when more follow */
  next: FindingsKey | null;
  total: number;
}

const LISTED = `
  SELECT b.gaming_day, b.casino_id, 'session' AS judged_by, b.session_id AS ref, b.session_id, b.table_id, x.n::int AS n, x.f
    FROM ${TABLE_BOOKS} b CROSS JOIN LATERAL jsonb_array_elements(b.findings) WITH ORDINALITY AS x(f, n)
  UNION ALL
  SELECT d.gaming_day, d.casino_id, 'day', '', x.f->>'sessionId', x.f->>'tableId', x.n::int, x.f
    FROM ${DAY_COMPLIANCE} d CROSS JOIN LATERAL jsonb_array_elements(d.findings) WITH ORDINALITY AS x(f, n)`;
const WHERE = `($1::text IS NULL OR f->>'code' = $1) AND ($2::text IS NULL OR gaming_day >= $2) AND ($3::text IS NULL OR gaming_day <= $3) AND ($4::text IS NULL OR casino_id = $4)`;

export async function findFindings(c: Pool | PoolClient, q: FindingsFilters, limit: number, after?: FindingsKey): Promise<FindingsPage> {
  const params: unknown[] = [q.code ?? null, q.from ?? null, q.to ?? null, q.casino ?? null];
  let keyset = '';
  if (after) {
    params.push(...after);
    keyset = ' AND (gaming_day < $5 OR (gaming_day = $5 AND (casino_id, judged_by, ref, n) > ($6, $7, $8, $9::int)))';
  }
  const rows = await c.query(
    `SELECT * FROM (${LISTED}) listed WHERE ${WHERE}${keyset} ORDER BY gaming_day DESC, casino_id, judged_by, ref, n LIMIT ${limit + 1}`,
    params,
  );
  const total = await c.query(`SELECT count(*)::int AS n FROM (${LISTED}) listed WHERE ${WHERE}`, params.slice(0, 4));
  const page = rows.rows.slice(0, limit);
  const last = rows.rows.length > limit ? page[page.length - 1] : undefined;
  return {
    rows: page.map((r) => ({
      gamingDay: r.gaming_day,
      casinoId: r.casino_id,
      judgedBy: r.judged_by,
      sessionId: r.session_id ?? null,
      tableId: r.table_id ?? null,
      code: r.f.code,
      rule: r.f.rule,
      citation: r.f.citation,
      message: r.f.message,
      eventId: r.f.eventId ?? null,
      expected: r.f.expected ?? null,
      recorded: r.f.recorded ?? null,
    })),
    next: last ? [last.gaming_day, last.casino_id, last.judged_by, last.ref, Number(last.n)] : null,
    total: total.rows[0].n,
  };
}
