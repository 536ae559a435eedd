/**
 * What the pages need to find their way: the table sessions of a gaming day, and rounds by table,
 * time, round id or discrepancy code.
 */
import { Controller, Get, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Runtime } from '../../../../libs/platform/src';
import { tableBookReport, TABLE_BOOKS } from '../../../../libs/projections/src';
import { casinoFor } from '../auth/casino-scope';
import { READERS, Roles } from '../auth/roles';
import { RUNTIME } from '../runtime.token';
import { findRounds } from './find-rounds';

@ApiTags('browse')
@Controller('api/v1')
export class BrowseController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get('sessions')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Table sessions (their table books), by gaming day and casino; the gaming days on record' })
  @ApiQuery({ name: 'gamingDay', required: false })
  @ApiQuery({ name: 'casino', required: false })
  async sessions(@Req() req: Request, @Query('gamingDay') gamingDay?: string, @Query('casino') asked?: string) {
    // a casino-scoped credential lists its own casino only (the guard refuses another one named)
    const casino = casinoFor(req, asked);
    const rows = await this.runtime.pool.query(
      `SELECT * FROM ${TABLE_BOOKS} WHERE ($1::text IS NULL OR gaming_day = $1) AND ($2::text IS NULL OR casino_id = $2)
       ORDER BY gaming_day DESC, casino_id, table_id LIMIT 1000`,
      [gamingDay || null, casino || null],
    );
    const days = await this.runtime.pool.query(`SELECT DISTINCT gaming_day FROM ${TABLE_BOOKS} WHERE ($1::text IS NULL OR casino_id = $1) ORDER BY gaming_day DESC LIMIT 60`, [
      casino,
    ]);
    return { sessions: rows.rows.map(tableBookReport), gamingDays: days.rows.map((r) => r.gaming_day) };
  }

  @Get('rounds')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Find rounds by gaming day, table, time of day (HH:MM, UTC), round id or discrepancy code' })
  @ApiQuery({ name: 'gamingDay', required: false })
  @ApiQuery({ name: 'table', required: false })
  @ApiQuery({ name: 'code', required: false, description: 'a discrepancy code, e.g. PAYOUT_MISMATCH' })
  @ApiQuery({ name: 'from', required: false })
  @ApiQuery({ name: 'to', required: false })
  @ApiQuery({ name: 'roundId', required: false })
  @ApiQuery({ name: 'casino', required: false })
  rounds(@Req() req: Request, @Query() query: Record<string, string | undefined>) {
    return findRounds(this.runtime, { ...query, casino: casinoFor(req, query.casino ?? query.casinoId) ?? undefined }).then((rounds) => ({ rounds }));
  }
}
