/**
 * GET /api/v1/equipment (issue 21 §4): each table's wheel and dice against their design across sessions and
 * days, the findings held to a false discovery rate across the casino's tables, each shoe's cards per rank;
 * JSON or CSV.
 *
 * GET /api/v1/player-figures (issue 21 §5): a gaming day's handle, actual win, bets and rounds per player
 * reference (the casino's admission register number). Figures of people: only compliance and inspectors may
 * read them, and every read — allowed or refused — is in the access log, as every GET is (access.guard.ts).
 *
 * GET /api/v1/advantage-play (issue 21 §6): per player reference tested on a gaming day at one casino, the
 * stakes against the shoe's true count (r, Fisher's z, p, Benjamini–Hochberg's adjusted p and threshold, the
 * finding); read from the recorded sessions on demand. Figures of people, as player-figures: compliance and
 * inspectors only, every read in the access log.
 */
import { Controller, Get, Header, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { EquipmentReport, PlayerFigures } from '../../../../libs/projections/src';
import type { AdvantagePlayReport } from '../../../../libs/projections/src/players/advantage-play-report';
import { DomainError } from '../../../../libs/platform/src/domain-error';
import { advantagePlayCsv, equipmentCsv, equipmentInLanguage } from '../../../../libs/reports/src';
import { because, keyed } from '../../../../libs/i18n/src/reasons';
import { answerLanguage } from '../language';
import { casinoFor } from '../auth/casino-scope';
import { READERS, Role, Roles } from '../auth/roles';
import { decodeCursor, encodeCursor, pageSchema, parseLimit } from '../pagination';
import { Parameters } from '../params/parameters';
import { ADVANTAGE_PLAY_PARAMETERS, EQUIPMENT_PARAMETERS, PLAYER_FIGURES_PARAMETERS } from './equipment.params';
import { GetAdvantagePlayQuery, GetEquipmentQuery, GetPlayerFiguresQuery } from './equipment.queries';

/** Who may read figures per player reference (issue 21 §5). */
export const PLAYER_FIGURE_READERS: Role[] = ['compliance', 'inspector'];

@ApiTags('reports')
@Controller('api/v1')
export class EquipmentController {
  constructor(private readonly queries: QueryBus) {}

  @Get('equipment')
  @Roles(...READERS)
  @ApiOperation({
    summary:
      "Each table's wheel and dice against their design across sessions and days (pockets, the wheel's sectors, faces, sums; Benjamini–Hochberg across the casino's tables), the spins a pocket at 1.2× its share needs, each shoe's cards per rank; ?format=csv",
  })
  @Parameters(EQUIPMENT_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async equipment(@Query() query: Record<string, string | undefined>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const report: EquipmentReport = await this.queries.execute(
      new GetEquipmentQuery({ casinoId: casinoFor(req, query.casino ?? query.casinoId), tableId: query.table ?? null }),
    );
    if (query.format === 'csv') {
      res.type('text/csv');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="equipment${report.casinoId ? `-${report.casinoId}` : ''}${report.tableId ? `-${report.tableId}` : ''}.csv"`,
      );
      return equipmentCsv(report, answerLanguage(req, res));
    }
    // each row's notes in the caller's language beside the English (issue 16)
    return equipmentInLanguage(report, answerLanguage(req, res));
  }

  @Get('player-figures')
  @Roles(...PLAYER_FIGURE_READERS)
  @ApiOperation({
    summary:
      "A gaming day's handle, actual win, bets and rounds per player reference (admission register number); compliance and inspectors only, every read in the access log; keyset pages",
  })
  // the page's `next` and total in OpenAPI, as every list's (issue 20 §3)
  @ApiOkResponse({
    description: 'a page of player figures',
    schema: pageSchema('players', { type: 'object', description: 'casinoId, gamingDay, playerRef, handle, actualWin, bets, rounds, unsettled, tables' }),
  })
  @Parameters(PLAYER_FIGURES_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async playerFigures(@Query() query: Record<string, string | undefined>, @Req() req: Request) {
    const casino = casinoFor(req, query.casino ?? query.casinoId);
    const limit = parseLimit(query.limit);
    const filters = { gamingDay: query.gamingDay, casino, playerRef: query.playerRef };
    const after = decodeCursor(query.cursor, 'player-figures', filters, ['s', 's']) as [string, string] | undefined;
    const rows: PlayerFigures[] = await this.queries.execute(
      new GetPlayerFiguresQuery({ gamingDay: query.gamingDay!, casinoId: casino, playerRef: query.playerRef ?? null, after, limit: limit + 1 }),
    );
    const last = rows.length > limit ? rows[limit - 1] : undefined;
    return {
      players: rows.slice(0, limit),
      next: last ? encodeCursor('player-figures', filters, [last.casinoId, last.playerRef]) : null,
      total: null,
      totalIsEstimate: false,
    };
  }

  @Get('advantage-play')
  @Roles(...PLAYER_FIGURE_READERS)
  @ApiOperation({
    summary:
      "A gaming day's players whose stakes follow the shoe's true count (Hi-Lo), per player reference tested: rounds, shoes, r, Fisher's z, p, Benjamini–Hochberg adjusted p and threshold, finding (the findings first); one casino (a scoped credential's own); compliance and inspectors only, every read in the access log; ?format=csv",
  })
  @ApiOkResponse({
    description: "the day's test",
    schema: {
      type: 'object',
      description:
        'gamingDay, casinoId, fdr, tested[] (playerRef, tables, rounds, shoes, r, z, p, adjustedP, threshold, finding, stakeFactorPerCount), untested, findings[], players[] (the sums)',
    },
  })
  @Parameters(ADVANTAGE_PLAY_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async advantagePlay(@Query() query: Record<string, string | undefined>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const casinoId = casinoFor(req, query.casino ?? query.casinoId);
    // the false discovery rate is held across one casino's players: a day across casinos is no one test
    if (!casinoId) throw new DomainError('malformed', { field: 'casino', ...keyed(because('schema.required')) });
    const report: AdvantagePlayReport = await this.queries.execute(new GetAdvantagePlayQuery({ gamingDay: query.gamingDay!, casinoId }));
    if (query.format === 'csv') {
      res.type('text/csv');
      res.setHeader('Content-Disposition', `attachment; filename="advantage-play-${report.gamingDay}-${report.casinoId}.csv"`);
      return advantagePlayCsv(report, answerLanguage(req, res));
    }
    return report;
  }
}
