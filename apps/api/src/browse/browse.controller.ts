/**
 * What the pages need to find their way: the table sessions of a gaming day, rounds by table, time,
 * round id or discrepancy code, and the session and gaming-day findings by code across days.
 */
import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request, Response } from 'express';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DomainError } from '../../../../libs/platform/src/domain-error';
import { casinoFor } from '../auth/casino-scope';
import { READERS, Roles } from '../auth/roles';
import { decodeCursor, encodeCursor, MAX_LIMIT, pageSchema, parseLimit } from '../pagination';
import { Parameters } from '../params/parameters';
import { FINDINGS_PARAMETERS, ROUNDS_PARAMETERS, SESSIONS_PARAMETERS } from './browse.params';
import { FINDING_COLUMNS, findingCells, FindingsFilters, FindingsKey, FindingsPage } from '../../../../libs/projections/src/day-compliance/findings-by-code';
import { RoundFilters, roundFilters, RoundsPage } from './find-rounds';
import { FindFindingsQuery, FindRoundsQuery, ListSessionsQuery, SessionsPage } from './browse.queries';
import { csv } from '../../../../libs/reports/src/csv';
import { once } from 'node:events';

@ApiTags('browse')
@Controller('api/v1')
export class BrowseController {
  constructor(private readonly queries: QueryBus) {}

  @Get('sessions')
  @Roles(...READERS)
  @ApiOperation({
    summary: 'Table sessions (their table books), by gaming day and casino, a page at a time; the gaming days on record',
    description:
      "Latest gaming day first, then casino, table and session. `next` is the cursor of the following page (null on the last), `total` the number of sessions matching. Each session carries its times on the casino's clock (`openedAtLocal`, `closedAtLocal`, `timeZone`).",
  })
  @ApiOkResponse({
    description: 'a page of table sessions',
    schema: pageSchema(
      'sessions',
      { type: 'object', description: "a table book (contract §7), with `timeZone`, `openedAtLocal` and `closedAtLocal` on the casino's clock" },
      { gamingDays: { type: 'array', items: { type: 'string' }, description: 'the latest 60 gaming days on record' } },
    ),
  })
  @Parameters(SESSIONS_PARAMETERS)
  async sessions(@Req() req: Request, @Query() query: Record<string, unknown>) {
    // a casino-scoped credential lists its own casino only (the guard refuses another one named)
    const f = roundFilters({ gamingDay: query.gamingDay, casino: query.casino ?? query.casinoId });
    const casino = casinoFor(req, f.casino) ?? undefined;
    return this.queries.execute<ListSessionsQuery, SessionsPage>(
      new ListSessionsQuery({ gamingDay: f.gamingDay, casino }, parseLimit(query.limit), query.cursor),
    );
  }

  @Get('rounds')
  @Roles(...READERS)
  @ApiOperation({
    summary: "Find rounds by gaming day, table, time on the casino's clock, round id or discrepancy code, a page at a time",
    description:
      "Latest gaming day first, then casino, table, session, and the session's order. `next` is the cursor of the following page (null on the last; a page may hold fewer than `limit` rounds and still have a `next`), `total` the rounds matching where that is cheap (null with `from`, `to` or `roundId`; `totalIsEstimate` while the table books are behind). A search by `code` is answered from the round verdicts read model only: 503 with Retry-After when it is not built, `verdicts.complete` false while it is behind. `startedAtLocal` is the start on the casino's clock with its offset.",
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
          properties: {
            complete: { type: 'boolean' },
            pendingEvents: { type: 'integer', description: 'facts of the listed sessions the verdicts read model has still to read (counted up to 10,000)' },
          },
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
      return await this.roundsPage(filters, limit, query.cursor as string | undefined);
    } catch (error) {
      // the verdicts read model not built yet: ask again in a few seconds
      if (error instanceof DomainError && error.code === 'unavailable') res.setHeader('Retry-After', '5');
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
    const f: FindingsFilters = {
      code: text(query.code),
      from: text(query.from),
      to: text(query.to),
      casino: casinoFor(req, text(query.casino ?? query.casinoId)) ?? undefined,
    };
    if (f.from && f.to && f.from > f.to) throw new DomainError('malformed', { field: 'to', reason: `must not be before from (${f.from})` });
    if (query.format === 'csv') {
      res.type('text/csv');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="findings${f.code ? `-${f.code}` : ''}${f.from ? `-${f.from}` : ''}${f.to ? `-${f.to}` : ''}.csv"`,
      );
      let after: FindingsKey | undefined;
      res.write(csv([[...FINDING_COLUMNS]]));
      do {
        const page = await this.findingsPage(f, MAX_LIMIT, after);
        if (!res.write(csv(page.rows.map(findingCells)))) await once(res, 'drain');
        after = page.next ?? undefined;
      } while (after);
      res.end();
      return undefined;
    }
    const limit = parseLimit(query.limit);
    const after = decodeCursor(query.cursor, 'findings', f as Record<string, unknown>, ['s', 's', 's', 's', 'n']) as FindingsKey | undefined;
    const page = await this.findingsPage(f, limit, after);
    return {
      findings: page.rows,
      next: page.next ? encodeCursor('findings', f as Record<string, unknown>, page.next) : null,
      total: page.total,
      totalIsEstimate: false,
    };
  }

  private roundsPage(filters: RoundFilters, limit: number, cursor?: string): Promise<RoundsPage> {
    return this.queries.execute(new FindRoundsQuery(filters, limit, cursor));
  }

  private findingsPage(filters: FindingsFilters, limit: number, after?: FindingsKey): Promise<FindingsPage> {
    return this.queries.execute(new FindFindingsQuery(filters, limit, after));
  }

  /** Every matching round as CSV, page after page as they are read: an export is never cut short. */
  private async roundsCsv(res: Response, f: RoundFilters): Promise<undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.roundsPage(f, MAX_LIMIT, cursor);
      if (!res.headersSent) {
        res.type('text/csv');
        res.setHeader('Content-Disposition', `attachment; filename="rounds${f.gamingDay ? `-${f.gamingDay}` : ''}${f.code ? `-${f.code}` : ''}.csv"`);
        if (!page.verdicts.complete) res.setHeader('X-Verdicts-Pending-Events', String(page.verdicts.pendingEvents));
        res.write(csv([['roundId', 'sessionId', 'casinoId', 'tableId', 'game', 'gamingDay', 'startedAt', 'startedAtLocal', 'verdict', 'codes']]));
      }
      const chunk = csv(
        page.rounds.map((r) => [
          r.roundId,
          r.sessionId,
          r.casinoId,
          r.tableId,
          r.game,
          r.gamingDay,
          r.startedAt,
          r.startedAtLocal,
          r.verdict,
          r.codes.join(' '),
        ]),
      );
      if (!res.write(chunk)) await once(res, 'drain');
      cursor = page.next ?? undefined;
    } while (cursor);
    res.end();
    return undefined;
  }
}
