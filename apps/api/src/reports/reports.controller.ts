/**
 * Reports of contract §5/§7: reconciliation, jackpots and the inspector's day, as JSON, CSV
 * (`?format=csv`) and, for the inspector, PDF (`?format=pdf`). A credential scoped to a casino sees
 * that casino only (the guard refuses another `casino`; without one, the report is narrowed to it).
 */
import { Controller, Get, Header, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Principal } from '../../../../libs/access/src/access-service';
import { casinoFor } from '../auth/casino-scope';
import { PLAYER_FIGURE_READERS } from '../equipment/equipment.controller';
import type { InspectorDayReport, JackpotsReport, ReconciliationReport } from '../../../../libs/projections/src';
import { inspectorCsv, inspectorDayInLanguage, inspectorPdf, jackpotsCsv, reconciliationCsv } from '../../../../libs/reports/src';
import { answerLanguage } from '../language';
import { zonesOf } from '../../../../libs/reports/src/local-time';
import { READERS, Roles } from '../auth/roles';
import { Parameters } from '../params/parameters';
import { INSPECTOR_PARAMETERS, JACKPOTS_PARAMETERS, RECONCILIATION_PARAMETERS } from './reports.params';
import { GetInspectorDayQuery, GetJackpotsQuery, GetReconciliationQuery } from './reports.queries';

// The parameters are checked once, against the route's declaration (reports.params.ts), by the access
// guard before a handler runs: here they are only read, with their defaults.
const formatOf = (value: unknown): string => (typeof value === 'string' && value !== '' ? value : 'json');

@ApiTags('reports')
@Controller('api/v1')
export class ReportsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('reconciliation')
  @Roles(...READERS)
  @ApiOperation({ summary: 'Drop, tips and cagnotte recorded vs counted, per session, table, casino and the day (contract §7 reconciliation); ?format=csv' })
  @Parameters(RECONCILIATION_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async reconciliation(@Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const format = formatOf(query.format);
    const report: ReconciliationReport = await this.queries.execute(
      new GetReconciliationQuery(query.gamingDay as string, casinoFor(req, query.casino ?? query.casinoId)),
    );
    if (format === 'csv') {
      res.type('text/csv');
      res.setHeader('Content-Disposition', `attachment; filename="reconciliation-${report.gamingDay}${report.casinoId ? `-${report.casinoId}` : ''}.csv"`);
      return reconciliationCsv(report, answerLanguage(req, res));
    }
    return report;
  }

  @Get('jackpots')
  @Roles(...READERS)
  @ApiOperation({
    summary:
      'Every jackpot pool: seed, contributions, wins in order with the pool before and after, resets, current value, and the value series (contract §7 jackpots); ?format=csv',
  })
  @Parameters(JACKPOTS_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async jackpots(@Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const format = formatOf(query.format);
    const points = query.points === undefined || query.points === '' ? 500 : Number(query.points);
    const report: JackpotsReport = await this.queries.execute(
      new GetJackpotsQuery(casinoFor(req, query.casino ?? query.casinoId), typeof query.poolId === 'string' ? query.poolId : null, points),
    );
    if (format === 'csv') {
      res.type('text/csv');
      return jackpotsCsv(report, answerLanguage(req, res));
    }
    return { ...report, timeZones: zonesOf(report.pools.map((p) => p.casinoId)) };
  }

  @Get('reports/inspector')
  @Roles(...READERS)
  @ApiOperation({
    summary:
      "The inspector's day: sessions, rounds, discrepancies by code with citations, figures, jackpots, disputes, corrections, limit changes (contract §7 inspector); ?format=csv or pdf",
  })
  @Parameters(INSPECTOR_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async inspector(@Query() query: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const format = formatOf(query.format);
    // the stakes against the count per player reference: figures of people, for the roles that may read them (issue 21 §5)
    const principal = (req as Request & { principal?: Principal }).principal;
    const players = !!principal?.roles.some((role) => PLAYER_FIGURE_READERS.includes(role));
    const report: InspectorDayReport = await this.queries.execute(
      new GetInspectorDayQuery(query.gamingDay as string, casinoFor(req, query.casino ?? query.casinoId), players),
    );
    const name = `inspector-${report.gamingDay}${report.casinoId ? `-${report.casinoId}` : ''}`;
    if (format === 'csv') {
      res.type('text/csv');
      res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
      return inspectorCsv(report, answerLanguage(req, res));
    }
    if (format === 'pdf') {
      const pdf = await inspectorPdf(report, { lang: answerLanguage(req, res) });
      res.type('application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
      res.send(pdf);
      return undefined;
    }
    // the instants stay as recorded; beside them, the zone people read each casino's times in (issue 20 §6)
    return { ...inspectorDayInLanguage(report, answerLanguage(req, res)), timeZones: zonesOf([report.casinoId, ...report.sessions.map((s) => s.casinoId)]) };
  }
}
