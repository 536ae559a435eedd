/**
 * What the pages need to find their way: the table sessions of a gaming day, rounds by table, time,
 * round id or discrepancy code, and the session and gaming-day findings by code across days.
 */
import { BadRequestException, Controller, Get, HttpException, Inject, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Runtime } from '../../../../libs/platform/src';
import { tableBookReport, TABLE_BOOKS } from '../../../../libs/projections/src';
import { casinoFor } from '../auth/casino-scope';
import { READERS, Roles } from '../auth/roles';
import { RUNTIME } from '../runtime.token';
import { casinoTime, timeZones } from '../../../../libs/reports/src/local-time';
import { decodeCursor, encodeCursor, MAX_LIMIT, pageSchema, parseLimit } from '../pagination';
import { Parameters } from '../params/parameters';
import { FINDINGS_PARAMETERS, ROUNDS_PARAMETERS, SESSIONS_PARAMETERS } from './browse.params';
import { FINDING_COLUMNS, findingCells, findFindings, FindingsFilters, FindingsKey } from '../../../../libs/projections/src/day-compliance/findings-by-code';
import { findRounds, RoundFilters, roundFilters } from './find-rounds';
import { csv } from '../../../../libs/reports/src/csv';
import { once } from 'node:events';

@ApiTags('browse')
@Controller('api/v1')
export class BrowseController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('sessions')
  @Roles(...READERS)
  @ApiOperation({
    summary: 'Table sessions (their table books), by gaming day and casino, a page at a time; the gaming days on record',
    description:
      'Latest gaming day first, then casino, table and session. `next` is the cursor of the following page (null on the last), `total` the number of sessions matching. Each session carries its times on the casino\'s clock (`openedAtLocal`, `closedAtLocal`, `timeZone`).',
  })
  @ApiOkResponse({
    description: 'a page of table sessions',
    schema: pageSchema(
      'sessions',
      { type: 'object', description: 'a table book (contract §7), with `timeZone`, `openedAtLocal` and `closedAtLocal` on the casino\'s clock' },
      { gamingDays: { type: 'array', items: { type: 'string' }, description: 'the latest 60 gaming days on record' } },
    ),
  })
  @Parameters(SESSIONS_PARAMETERS)
  async sessions(@Req() req: Request, @Query() query: Record<string, unknown>) {
    // a casino-scoped credential lists its own casino only (the guard refuses another one named)
    const f = roundFilters({ gamingDay: query.gamingDay, casino: query.casino ?? query.casinoId });
    const casino = casinoFor(req, f.casino) ?? undefined;
    const limit = parseLimit(query.limit);
    const filters = { gamingDay: f.gamingDay, casino };
    const key = decodeCursor(query.cursor, 'sessions', filters, ['s', 's', 's', 's']);
    const params: unknown[] = [f.gamingDay ?? null, casino ?? null];
    let keyset = '';
    if (key) {
      params.push(...key);
      keyset = ' AND (gaming_day < $3 OR (gaming_day = $3 AND (casino_id, table_id, session_id) > ($4, $5, $6)))';
    }
    const where = '($1::text IS NULL OR gaming_day = $1) AND ($2::text IS NULL OR casino_id = $2)';
    const rows = await this.runtime.pool.query(
      `SELECT * FROM ${TABLE_BOOKS} WHERE ${where}${keyset} ORDER BY gaming_day DESC, casino_id, table_id, session_id LIMIT ${limit + 1}`,
      params,
    );
    const total = await this.runtime.pool.query(`SELECT count(*)::int AS n FROM ${TABLE_BOOKS} WHERE ${where}`, params.slice(0, 2));
    const days = await this.runtime.pool.query(`SELECT DISTINCT gaming_day FROM ${TABLE_BOOKS} WHERE ($1::text IS NULL OR casino_id = $1) ORDER BY gaming_day DESC LIMIT 60`, [
      casino ?? null,
    ]);
    const last = rows.rows.length > limit ? rows.rows[limit - 1] : undefined;
    const zones = timeZones();
    return {
      sessions: rows.rows.slice(0, limit).map((row) => {
        const book = tableBookReport(row);
        return { ...book, timeZone: zones.of(row.casino_id), openedAtLocal: casinoTime(row.opened_at, row.casino_id, zones), closedAtLocal: row.closed_at ? casinoTime(row.closed_at, row.casino_id, zones) : null };
      }),
      gamingDays: days.rows.map((r) => r.gaming_day),
      next: last ? encodeCursor('sessions', filters, [last.gaming_day, last.casino_id, last.table_id, last.session_id]) : null,
      total: total.rows[0].n,
      totalIsEstimate: false,
    };
  }

  @Get('rounds')
  @Roles(...READERS)
  @ApiOperation({
    summary: "Find rounds by gaming day, table, time on the casino's clock, round id or discrepancy code, a page at a time",
    description:
      'Latest gaming day first, then casino, table, session, and the session\'s order. `next` is the cursor of the following page (null on the last; a page may hold fewer than `limit` rounds and still have a `next`), `total` the rounds matching where that is cheap (null with `from`, `to` or `roundId`; `totalIsEstimate` while the table books are behind). A search by `code` is answered from the round verdicts read model only: 503 with Retry-After when it is not built, `verdicts.complete` false while it is behind. `startedAtLocal` is the start on the casino\'s clock with its offset.',
  })
  @ApiOkResponse({
    description: 'a page of rounds',
    schema: pageSchema(
      'rounds',
      {
        type: 'object',
        properties: {
          roundId: { type: 'string' },
          sessionId: { type: 'string' },
          casinoId: { type: 'string' },
          tableId: { type: 'string' },
          game: { type: 'string' },
          gamingDay: { type: 'string' },
          startedAt: { type: 'string', nullable: true, description: 'as recorded' },
          startedAtLocal: { type: 'string', example: '2026-03-29 03:00:00 +02:00', description: "on the casino's clock, with the offset" },
          timeZone: { type: 'string', example: 'Europe/Madrid' },
          verdict: { type: 'string', nullable: true },
          codes: { type: 'array', items: { type: 'string' } },
        },
      },
      {
        verdicts: {
          type: 'object',
          properties: { complete: { type: 'boolean' }, pendingEvents: { type: 'integer', description: 'facts of the listed sessions the verdicts read model has still to read (counted up to 10,000)' } },
        },
      },
    ),
  })
  @ApiResponse({ status: 503, description: 'a search by `code` while the round verdicts read model is not built: { field: "code", reason }, with Retry-After' })
  @Parameters(ROUNDS_PARAMETERS)
  async rounds(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Record<string, unknown>) {
    const f = roundFilters({ ...query, casino: query.casino ?? query.casinoId });
    const filters = { ...f, casino: casinoFor(req, f.casino) ?? undefined };
    const limit = parseLimit(query.limit);
    try {
      if (query.format === 'csv') return await this.roundsCsv(res, filters);
      return await findRounds(this.runtime, filters, limit, query.cursor as string | undefined);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === 503) res.setHeader('Retry-After', '5');
      throw error;
    }
  }

  @Get('findings')
  @Roles(...READERS)
  @ApiOperation({
    summary: 'Session and gaming-day findings by code across gaming days (e.g. every SUPERVISION_VIOLATION of a month), a page at a time',
    description:
      "Answered from the read models only: each table book's findings (settings, limits, shoes, announcements, suspension, bank deposit) and each gaming day's compliance findings (jefes per table, tables in service, cloths, dice, ternas). Round findings are searched with `GET /rounds?code=`. Latest gaming day first, then casino, judge (`day` before `session`), session, and the finding's order. `from` after `to` is a 400.",
  })
  @ApiOkResponse({
    description: 'a page of findings',
    schema: pageSchema('findings', {
      type: 'object',
      properties: {
        gamingDay: { type: 'string' },
        casinoId: { type: 'string' },
        judgedBy: { type: 'string', enum: ['session', 'day'], description: "the session's judge (its table book) or the gaming day's" },
        sessionId: { type: 'string', nullable: true, description: 'null: the day as a whole' },
        tableId: { type: 'string', nullable: true },
        code: { type: 'string' },
        rule: { type: 'string' },
        citation: { type: 'string', example: 'euskadi L6989–6992' },
        message: { type: 'string' },
        eventId: { type: 'string', nullable: true },
        expected: {},
        recorded: {},
      },
    }),
  })
  @Parameters(FINDINGS_PARAMETERS)
  async findings(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Query() query: Record<string, unknown>) {
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
    const f: FindingsFilters = { code: text(query.code), from: text(query.from), to: text(query.to), casino: casinoFor(req, text(query.casino ?? query.casinoId)) ?? undefined };
    if (f.from && f.to && f.from > f.to) throw new BadRequestException({ field: 'to', reason: `must not be before from (${f.from})` });
    if (query.format === 'csv') {
      res.type('text/csv');
      res.setHeader('Content-Disposition', `attachment; filename="findings${f.code ? `-${f.code}` : ''}${f.from ? `-${f.from}` : ''}${f.to ? `-${f.to}` : ''}.csv"`);
      let after: FindingsKey | undefined;
      res.write(csv([[...FINDING_COLUMNS]]));
      do {
        const page = await findFindings(this.runtime.pool, f, MAX_LIMIT, after);
        if (!res.write(csv(page.rows.map(findingCells)))) await once(res, 'drain');
        after = page.next ?? undefined;
      } while (after);
      res.end();
      return undefined;
    }
    const limit = parseLimit(query.limit);
    const after = decodeCursor(query.cursor, 'findings', f as Record<string, unknown>, ['s', 's', 's', 's', 'n']) as FindingsKey | undefined;
    const page = await findFindings(this.runtime.pool, f, limit, after);
    return { findings: page.rows, next: page.next ? encodeCursor('findings', f as Record<string, unknown>, page.next) : null, total: page.total, totalIsEstimate: false };
  }

  /** Every matching round as CSV, page after page as they are read: an export is never cut short. */
  private async roundsCsv(res: Response, f: RoundFilters): Promise<undefined> {
    let cursor: string | undefined;
    do {
      const page = await findRounds(this.runtime, f, MAX_LIMIT, cursor);
      if (!res.headersSent) {
        res.type('text/csv');
        res.setHeader('Content-Disposition', `attachment; filename="rounds${f.gamingDay ? `-${f.gamingDay}` : ''}${f.code ? `-${f.code}` : ''}.csv"`);
        if (!page.verdicts.complete) res.setHeader('X-Verdicts-Pending-Events', String(page.verdicts.pendingEvents));
        res.write(csv([['roundId', 'sessionId', 'casinoId', 'tableId', 'game', 'gamingDay', 'startedAt', 'startedAtLocal', 'verdict', 'codes']]));
      }
      const chunk = csv(page.rounds.map((r) => [r.roundId, r.sessionId, r.casinoId, r.tableId, r.game, r.gamingDay, r.startedAt, r.startedAtLocal, r.verdict, r.codes.join(' ')]));
      if (!res.write(chunk)) await once(res, 'drain');
      cursor = page.next ?? undefined;
    } while (cursor);
    res.end();
    return undefined;
  }
}
