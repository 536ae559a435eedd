/**
 * What the browse routes read, as queries on the bus like every other route's (issue 22 §3): the table
 * sessions of a gaming day, rounds by table, time, id or code, and findings by code across days. The
 * controller keeps what is HTTP (the casino scope, CSV streaming, headers).
 */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { tableBookReport, TABLE_BOOKS, TableBookReport } from '../../../../libs/projections/src';
import { findFindings, FindingsFilters, FindingsKey, FindingsPage } from '../../../../libs/projections/src/day-compliance/findings-by-code';
import { casinoTime, timeZones } from '../../../../libs/reports/src/local-time';
import { decodeCursor, encodeCursor, PageInfo } from '../pagination';
import { RUNTIME } from '../runtime.token';
import { findRounds, RoundFilters, RoundsPage } from './find-rounds';

/** A page of table sessions (their table books), latest gaming day first, and the gaming days on record. */
export class ListSessionsQuery {
  constructor(
    readonly filters: { readonly gamingDay?: string; readonly casino?: string },
    readonly limit: number,
    readonly cursor: unknown,
  ) {}
}

export interface SessionsPage extends PageInfo {
  sessions: Array<TableBookReport & { timeZone: string; openedAtLocal: string; closedAtLocal: string | null }>;
  gamingDays: string[];
}

@QueryHandler(ListSessionsQuery)
export class ListSessionsHandler implements IQueryHandler<ListSessionsQuery, SessionsPage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute({ filters, limit, cursor }: ListSessionsQuery): Promise<SessionsPage> {
    const key = decodeCursor(cursor, 'sessions', filters, ['s', 's', 's', 's']);
    const params: unknown[] = [filters.gamingDay ?? null, filters.casino ?? null];
    let keyset = '';
    if (key) {
      params.push(...key);
      keyset = ' AND (gaming_day < $3 OR (gaming_day = $3 AND (casino_id, table_id, session_id) > ($4, $5, $6)))';
    }
    const where = '($1::text IS NULL OR gaming_day = $1) AND ($2::text IS NULL OR casino_id = $2)';
    const pool = this.runtime.pool;
    const rows = await pool.query(
      `SELECT * FROM ${TABLE_BOOKS} WHERE ${where}${keyset} ORDER BY gaming_day DESC, casino_id, table_id, session_id LIMIT ${limit + 1}`,
      params,
    );
    const total = await pool.query(`SELECT count(*)::int AS n FROM ${TABLE_BOOKS} WHERE ${where}`, params.slice(0, 2));
    const days = await pool.query(
      `SELECT DISTINCT gaming_day FROM ${TABLE_BOOKS} WHERE ($1::text IS NULL OR casino_id = $1) ORDER BY gaming_day DESC LIMIT 60`,
      [filters.casino ?? null],
    );
    const last = rows.rows.length > limit ? rows.rows[limit - 1] : undefined;
    const zones = timeZones();
    return {
      sessions: rows.rows.slice(0, limit).map((row) => ({
        ...tableBookReport(row),
        timeZone: zones.of(row.casino_id),
        openedAtLocal: casinoTime(row.opened_at, row.casino_id, zones),
        closedAtLocal: row.closed_at ? casinoTime(row.closed_at, row.casino_id, zones) : null,
      })),
      gamingDays: days.rows.map((r) => r.gaming_day),
      next: last ? encodeCursor('sessions', filters, [last.gaming_day, last.casino_id, last.table_id, last.session_id]) : null,
      total: total.rows[0].n,
      totalIsEstimate: false,
    };
  }
}

/** A page of rounds (find-rounds.ts). */
export class FindRoundsQuery {
  constructor(
    readonly filters: RoundFilters,
    readonly limit: number,
    readonly cursor?: string,
  ) {}
}

@QueryHandler(FindRoundsQuery)
export class FindRoundsHandler implements IQueryHandler<FindRoundsQuery, RoundsPage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ filters, limit, cursor }: FindRoundsQuery): Promise<RoundsPage> {
    return findRounds(this.runtime, filters, limit, cursor);
  }
}

/** A page of session and gaming-day findings by code (findings-by-code.ts), after a key. */
export class FindFindingsQuery {
  constructor(
    readonly filters: FindingsFilters,
    readonly limit: number,
    readonly after?: FindingsKey,
  ) {}
}

@QueryHandler(FindFindingsQuery)
export class FindFindingsHandler implements IQueryHandler<FindFindingsQuery, FindingsPage> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ filters, limit, after }: FindFindingsQuery): Promise<FindingsPage> {
    return findFindings(this.runtime.pool, filters, limit, after);
  }
}

export const BROWSE_QUERY_HANDLERS = [ListSessionsHandler, FindRoundsHandler, FindFindingsHandler];
