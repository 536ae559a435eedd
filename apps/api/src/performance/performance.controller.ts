/**
 * GET /api/v1/performance (issue 21 §7): actual against theoretical win of a gaming day per casino, table and
 * session, the findings held to a false discovery rate, the CUSUM across days, and per table the running
 * actual − theoretical with σ by round for a control chart; as JSON, CSV or PDF. Figures per croupier are
 * answered only to the compliance and inspector roles (issue 21 §5); every read is in the access log, as
 * every GET is (access.guard.ts).
 */
import { Controller, Get, Header, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Principal } from '../../../../libs/access/src/access-service';
import type { Role } from '../../../../libs/access/src/roles';
import type { PerformanceReport } from '../../../../libs/projections/src';
import { performanceCsv, performanceInLanguage, performancePdf } from '../../../../libs/reports/src';
import { answerLanguage } from '../language';
import { casinoFor } from '../auth/casino-scope';
import { READERS, Roles } from '../auth/roles';
import { Parameters } from '../params/parameters';
import { PERFORMANCE_PARAMETERS } from './performance.params';
import { GetPerformanceQuery } from './performance.query';

/** Who may see a croupier's figures. */
export const CROUPIER_READERS: readonly Role[] = ['compliance', 'inspector'];

@ApiTags('reports')
@Controller('api/v1')
export class PerformanceController {
  constructor(private readonly queries: QueryBus) {}

  @Get('performance')
  @Roles(...READERS)
  @ApiOperation({
    summary:
      'Actual against theoretical win of a gaming day per casino, table, session (and croupier, for compliance and inspectors), z-scores, findings (Benjamini–Hochberg), CUSUM across days, control-chart series; ?format=csv or pdf',
  })
  @Parameters(PERFORMANCE_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async performance(@Query() query: Record<string, string | undefined>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const principal = (req as Request & { principal?: Principal }).principal;
    const croupiers = !!principal?.roles.some((r) => CROUPIER_READERS.includes(r));
    // the guard has checked every parameter against PERFORMANCE_PARAMETERS (400 naming it otherwise)
    const report: PerformanceReport = await this.queries.execute(
      new GetPerformanceQuery({
        gamingDay: query.gamingDay!,
        casinoId: casinoFor(req, query.casino ?? query.casinoId),
        tableId: query.table ?? null,
        croupiers,
      }),
    );
    const name = `performance-${report.gamingDay}${report.casinoId ? `-${report.casinoId}` : ''}`;
    if (query.format === 'csv') {
      res.type('text/csv');
      res.setHeader('Content-Disposition', `attachment; filename="${name}.csv"`);
      return performanceCsv(report, answerLanguage(req, res));
    }
    if (query.format === 'pdf') {
      res.type('application/pdf');
      res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
      res.send(await performancePdf(report, { lang: answerLanguage(req, res) }));
      return undefined;
    }
    // the findings' sentences and the CUSUM's reach in the caller's language too (issue 16)
    return performanceInLanguage(report, answerLanguage(req, res));
  }
}
