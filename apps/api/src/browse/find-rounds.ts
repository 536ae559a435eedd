import { DomainError } from '../../../../libs/platform/src/domain-error';
import type { Runtime } from '../../../../libs/platform/src';
import { readCheckpoint, ROUND_VERDICTS, TABLE_BOOKS } from '../../../../libs/projections/src';
import { casinoTime, timeZones } from '../../../../libs/reports/src/local-time';
import { decodeCursor, encodeCursor, PageInfo } from '../pagination';
import { because, keyed } from '../../../../libs/i18n/src/reasons';

export interface RoundRow {
  roundId: string;
  sessionId: string;
  casinoId: string;
  tableId: string;
  game: string;
  gamingDay: string;
  /** the RoundStarted's occurredAt, as recorded */
  startedAt: string | null;
  /** the same instant on the casino's wall clock with its offset, e.g. `2026-03-29 03:00:00 +02:00` */
  startedAtLocal: string;
  timeZone: string;
  verdict: string | null;
  codes: string[];
}

/** Whether the round verdicts read model has judged everything recorded for the rounds listed. */
export interface VerdictsState {
  complete: boolean;
  /** facts of the listed sessions the verdicts read model has not yet read (counted up to 10,000) */
  pendingEvents: number;
}

export interface RoundsPage extends PageInfo {
  rounds: RoundRow[];
  verdicts: VerdictsState;
}

/** The filters of `GET /rounds`, checked. */
export interface RoundFilters {
  gamingDay?: string;
  table?: string;
  casino?: string;
  code?: string;
  roundId?: string;
  from?: TimeBound;
  to?: TimeBound;
}

/**
 * A `from`/`to` bound: a time of day on the casino's wall clock (`HH:MM` or `HH:MM:SS`; `to` includes
 * its whole minute or second; a `from` later than `to` wraps past midnight, as a gaming day does), or
 * an exact instant with its offset (`2026-10-25T02:30:00+01:00`), which tells the two 02:30s of the
 * October change apart.
 */
export type TimeBound = { kind: 'clock'; time: string } | { kind: 'instant'; at: string; epochMs: number };

const LIST = 'rounds';
/** sessions a page visits at most: a page with a narrow filter may come back short, with `next` to go on */
const SESSIONS_PER_PAGE = 200;
const AFTER_SESSION = 2147483647;
const PENDING_CAP = 10000;

/** `s` matched literally inside a LIKE pattern. */
const likeLiteral = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * A query value as given (absent when empty). Each was checked once, against ROUNDS_PARAMETERS
 * (browse.params.ts), by the access guard before the route runs: here it is only read.
 */
function given(q: Record<string, unknown>, field: string): string | undefined {
  const v = q[field];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

function timeBound(q: Record<string, unknown>, field: 'from' | 'to'): TimeBound | undefined {
  const v = given(q, field);
  if (v === undefined) return undefined;
  const clock = /^(\d\d):(\d\d)(?::(\d\d))?$/.exec(v);
  if (!clock) return { kind: 'instant', at: new Date(v).toISOString(), epochMs: Date.parse(v) };
  const [, h, m, s] = clock;
  // `to` is inclusive of the minute (or second) it names
  const time = field === 'from' ? `${h}:${m}:${s ?? '00'}` : s ? `${h}:${m}:${s}.999999` : `${h}:${m}:59.999999`;
  return { kind: 'clock', time };
}

/** The filters of a rounds query, as the guard accepted them. */
export function roundFilters(q: Record<string, unknown>): RoundFilters {
  return {
    gamingDay: given(q, 'gamingDay'),
    table: given(q, 'table'),
    casino: given(q, 'casino'),
    code: given(q, 'code'),
    roundId: given(q, 'roundId'),
    from: timeBound(q, 'from'),
    to: timeBound(q, 'to'),
  };
}

/** What a cursor is bound to: the filters as asked. */
const fingerprintOf = (f: RoundFilters) => ({ ...f, from: f.from && JSON.stringify(f.from), to: f.to && JSON.stringify(f.to) });

/** A round's place in the list: gaming day (latest first), casino, table, session, then the session's order. */
type RoundKey = [string, string, string, string, number];

/**
 * SQL for the time filter on a RoundStarted's `occurred_at` (alias `e`): a wall-clock window compares
 * the local time of day in the zone `zone()` pushes and names (both passes of October's repeated hour
 * are on the clock), an instant compares the instant.
 */
function timeWhere(f: RoundFilters, params: unknown[], zone: () => string): string {
  let zoneSql: string | undefined;
  const clause = (b: TimeBound, op: '>=' | '<=') => {
    if (b.kind === 'instant') {
      // as epoch milliseconds: PostgreSQL refuses a year 0000 written as a date, not as a number
      params.push(b.epochMs);
      return `e.occurred_at::timestamptz ${op} to_timestamp($${params.length}::float8 / 1000)`;
    }
    zoneSql ??= zone();
    params.push(b.time);
    return `(e.occurred_at::timestamptz AT TIME ZONE ${zoneSql})::time ${op} $${params.length}::time`;
  };
  const { from, to } = f;
  if (from && to && from.kind === 'clock' && to.kind === 'clock' && from.time > to.time) return ` AND (${clause(from, '>=')} OR ${clause(to, '<=')})`;
  return (from ? ` AND ${clause(from, '>=')}` : '') + (to ? ` AND ${clause(to, '<=')}` : '');
}

/** The keyset condition "at or after this session" on the session key columns (prefix `p`). */
function sessionFrom(p: string, key: RoundKey | undefined, params: unknown[]): string {
  if (!key) return 'TRUE';
  params.push(key[0], key[1], key[2], key[3]);
  const n = params.length;
  return `(${p}gaming_day < $${n - 3} OR (${p}gaming_day = $${n - 3} AND (${p}casino_id, ${p}table_id, ${p}session_id) >= ($${n - 2}, $${n - 1}, $${n})))`;
}

function sessionWhere(p: string, f: RoundFilters, params: unknown[]): string {
  params.push(f.gamingDay ?? null, f.table ?? null, f.casino ?? null);
  const n = params.length;
  return `($${n - 2}::text IS NULL OR ${p}gaming_day = $${n - 2}) AND ($${n - 1}::text IS NULL OR ${p}table_id = $${n - 1}) AND ($${n}::text IS NULL OR ${p}casino_id = $${n})`;
}

/**
 * One page of rounds, in the order of their key: by keyset, so a page costs the same at any depth.
 * Without a code, the rounds are the RoundStarted facts of the table books' sessions (live rounds too);
 * with a code, they come from the round verdicts read model only, never replayed in the request: a 503
 * when that read model is not built, and `verdicts.complete` false while it is behind.
 */
export async function findRounds(runtime: Runtime, f: RoundFilters, limit: number, cursor?: string): Promise<RoundsPage> {
  const key = decodeCursor(cursor, LIST, fingerprintOf(f), ['s', 's', 's', 's', 'n']) as RoundKey | undefined;
  const verdicts = await verdictsState(runtime, f, !!f.code);
  const page = f.code ? await flaggedRounds(runtime, f, limit, key) : await startedRounds(runtime, f, limit, key);
  return { ...page, verdicts };
}

async function startedRounds(runtime: Runtime, f: RoundFilters, limit: number, key: RoundKey | undefined) {
  const zones = timeZones();
  const found: Array<{ row: Omit<RoundRow, 'verdict' | 'codes'>; key: RoundKey }> = [];
  let after = key;
  let visited = 0;
  let next: RoundKey | undefined;
  pages: for (;;) {
    const params: unknown[] = [];
    const sessions = await runtime.pool.query(
      `SELECT session_id, casino_id, table_id, game, gaming_day FROM ${TABLE_BOOKS} t
        WHERE ${sessionWhere('t.', f, params)} AND ${sessionFrom('t.', after, params)}
        ORDER BY gaming_day DESC, casino_id, table_id, session_id LIMIT 50`,
      params,
    );
    for (const s of sessions.rows) {
      const here = after && after[3] === s.session_id && after[2] === s.table_id && after[1] === s.casino_id && after[0] === s.gaming_day;
      const since = here ? after![4] : 0;
      if (since === AFTER_SESSION) continue;
      if (visited++ === SESSIONS_PER_PAGE) {
        // the page's share of work is spent: it comes back short, and `next` goes on from where it stopped
        next = after;
        break pages;
      }
      const zone = zones.of(s.casino_id);
      const p: unknown[] = [`session-${s.session_id}`, since];
      let where = `e.stream_id = $1 AND e.stream_version > $2 AND e.event_type = 'RoundStarted'`;
      if (f.roundId) {
        p.push(`%${likeLiteral(f.roundId)}%`);
        where += ` AND e.data->>'roundId' ILIKE $${p.length}`;
      }
      where += timeWhere(f, p, () => {
        p.push(zone);
        return `$${p.length}::text`;
      });
      p.push(limit + 1 - found.length);
      const rounds = await runtime.pool.query(
        `SELECT e.data->>'roundId' AS round_id, e.stream_version, e.occurred_at FROM ca_events e WHERE ${where} ORDER BY e.stream_version LIMIT $${p.length}`,
        p,
      );
      for (const r of rounds.rows) {
        found.push({
          key: [s.gaming_day, s.casino_id, s.table_id, s.session_id, r.stream_version],
          row: {
            roundId: r.round_id,
            sessionId: s.session_id,
            casinoId: s.casino_id,
            tableId: s.table_id,
            game: s.game,
            gamingDay: s.gaming_day,
            startedAt: r.occurred_at,
            startedAtLocal: casinoTime(r.occurred_at, s.casino_id, zones),
            timeZone: zone,
          },
        });
      }
      if (found.length > limit) {
        next = found[limit - 1].key;
        break pages;
      }
      after = [s.gaming_day, s.casino_id, s.table_id, s.session_id, AFTER_SESSION];
    }
    if (sessions.rowCount! < 50) break;
  }
  const rows = found.slice(0, limit).map((x) => x.row);
  const verdicts = await verdictsOf(
    runtime,
    rows.map((r) => r.roundId),
  );
  const total = f.roundId || f.from || f.to ? null : await startedTotal(runtime, f);
  return {
    rounds: rows.map((r) => ({ ...r, verdict: verdicts.get(r.roundId)?.verdict ?? null, codes: verdicts.get(r.roundId)?.codes ?? [] })),
    next: next ? encodeCursor(LIST, fingerprintOf(f), next) : null,
    total: total?.total ?? null,
    totalIsEstimate: total?.estimate ?? false,
  };
}

/** Rounds started in the matching sessions, as the table books count them (an estimate while the table books are behind the store). */
async function startedTotal(runtime: Runtime, f: RoundFilters): Promise<{ total: number; estimate: boolean }> {
  const params: unknown[] = [];
  const r = await runtime.pool.query(`SELECT coalesce(sum(rounds), 0)::bigint AS n FROM ${TABLE_BOOKS} t WHERE ${sessionWhere('t.', f, params)}`, params);
  return { total: Number(r.rows[0].n), estimate: (await eventsAfterCheckpoint(runtime, 'table-book', null, 1)) > 0 };
}

/** Rounds whose verdict carries the code, from the round verdicts read model, in the same order as the list. */
async function flaggedRounds(runtime: Runtime, f: RoundFilters, limit: number, key: RoundKey | undefined) {
  const zones = timeZones();
  const params: unknown[] = [JSON.stringify([{ code: f.code }])];
  let where = `v.discrepancies @> $1::jsonb AND ${sessionWhere('v.', f, params)}`;
  if (f.roundId) {
    params.push(`%${likeLiteral(f.roundId)}%`);
    where += ` AND v.round_id ILIKE $${params.length}`;
  }
  // each row in its casino's zone: the configured zones by casino, else the default
  where += timeWhere(f, params, () => {
    params.push(JSON.stringify(zones.byCasino), zones.default);
    return `coalesce($${params.length - 1}::jsonb->>v.casino_id, $${params.length}::text)`;
  });
  const from = `${ROUND_VERDICTS} v JOIN ca_events e ON e.data->>'roundId' = v.round_id AND e.event_type = 'RoundStarted'`;
  const countParams = [...params];
  let keyset = '';
  if (key) {
    params.push(...key);
    const n = params.length;
    keyset = ` AND (v.gaming_day < $${n - 4} OR (v.gaming_day = $${n - 4} AND (v.casino_id, v.table_id, v.session_id, e.stream_version) > ($${n - 3}, $${n - 2}, $${n - 1}, $${n}::int)))`;
  }
  params.push(limit + 1);
  const rows = (
    await runtime.pool.query(
      `SELECT v.round_id, v.session_id, v.casino_id, v.table_id, v.game, v.gaming_day, v.verdict, e.stream_version, e.occurred_at,
              ARRAY(SELECT DISTINCT d->>'code' FROM jsonb_array_elements(v.discrepancies) d ORDER BY 1) AS codes
         FROM ${from} WHERE ${where}${keyset}
        ORDER BY v.gaming_day DESC, v.casino_id, v.table_id, v.session_id, e.stream_version LIMIT $${params.length}`,
      params,
    )
  ).rows;
  const total = await runtime.pool.query(`SELECT count(*)::bigint AS n FROM ${from} WHERE ${where}`, countParams);
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    rounds: rows.slice(0, limit).map((r): RoundRow => ({
      roundId: r.round_id,
      sessionId: r.session_id,
      casinoId: r.casino_id,
      tableId: r.table_id,
      game: r.game,
      gamingDay: r.gaming_day,
      startedAt: r.occurred_at,
      startedAtLocal: casinoTime(r.occurred_at, r.casino_id, zones),
      timeZone: zones.of(r.casino_id),
      verdict: r.verdict,
      codes: r.codes ?? [],
    })),
    next: last ? encodeCursor(LIST, fingerprintOf(f), [last.gaming_day, last.casino_id, last.table_id, last.session_id, last.stream_version]) : null,
    total: Number(total.rows[0].n),
    totalIsEstimate: false,
  };
}

/**
 * Whether the round verdicts read model answers for these rounds: a 503 (Retry-After) when it was
 * never built, so that a code search is never a silent fraction; otherwise how many facts of the
 * matching sessions it has still to read.
 */
async function verdictsState(runtime: Runtime, f: RoundFilters, required: boolean): Promise<VerdictsState> {
  const exists = (await runtime.pool.query(`SELECT to_regclass($1) AS t, to_regclass('ca_projection_checkpoints') AS c`, [ROUND_VERDICTS])).rows[0];
  const built = exists.t && exists.c && (await readCheckpoint(runtime.pool, 'round-verdicts')).globalPosition > 0n;
  if (!built) {
    const any = (await runtime.pool.query(`SELECT EXISTS (SELECT 1 FROM ca_events) AS any`)).rows[0].any;
    if (!any) return { complete: true, pendingEvents: 0 };
    if (required) {
      throw new DomainError('unavailable', { field: 'code', ...keyed(because('verdictsNotBuilt')) });
    }
    return { complete: false, pendingEvents: await eventsAfterCheckpoint(runtime, 'round-verdicts', null, PENDING_CAP) };
  }
  let streams: string[] | null = null;
  if (f.gamingDay || f.table || f.casino) {
    const params: unknown[] = [];
    const s = await runtime.pool.query(`SELECT session_id FROM ${TABLE_BOOKS} t WHERE ${sessionWhere('t.', f, params)}`, params);
    streams = s.rows.map((r) => `session-${r.session_id}`);
  }
  const pendingEvents = await eventsAfterCheckpoint(runtime, 'round-verdicts', streams, PENDING_CAP);
  return { complete: pendingEvents === 0, pendingEvents };
}

/** Facts after a projection's checkpoint (of the given streams, or of any session), counted up to `cap`. */
async function eventsAfterCheckpoint(runtime: Runtime, projection: string, streams: string[] | null, cap: number): Promise<number> {
  const cp = await readCheckpoint(runtime.pool, projection);
  const r = await runtime.pool.query(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ca_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
       AND ($3::text[] IS NULL OR stream_id = ANY ($3::text[])) LIMIT $4) x`,
    [cp.transactionId.toString(), cp.globalPosition.toString(), streams, cap],
  );
  return r.rows[0].n;
}

/** Verdicts from the round verdicts read model, when it is there. */
async function verdictsOf(runtime: Runtime, roundIds: string[]): Promise<Map<string, { verdict: string; codes: string[] }>> {
  const exists = await runtime.pool.query(`SELECT to_regclass($1) AS t`, [ROUND_VERDICTS]);
  if (!exists.rows[0].t || !roundIds.length) return new Map();
  const r = await runtime.pool.query(
    `SELECT round_id, verdict, ARRAY(SELECT DISTINCT d->>'code' FROM jsonb_array_elements(discrepancies) d ORDER BY 1) AS codes
     FROM ${ROUND_VERDICTS} WHERE round_id = ANY ($1::text[])`,
    [roundIds],
  );
  return new Map(r.rows.map((x) => [x.round_id, { verdict: x.verdict, codes: x.codes ?? [] }]));
}
