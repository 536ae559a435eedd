import { Controller, Get, Header, NotFoundException, Param, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { TableBookReport } from '../../../../libs/projections/src';
import { tableBookCsv, tableBookInLanguage, tableBookPdf } from '../../../../libs/reports/src';
import { answerLanguage } from '../language';
import { because, keyed } from '../../../../libs/i18n/src/reasons';
import { GetTableBookQuery } from './table-book.query';
import { READERS, Roles } from '../auth/roles';
import { Parameters } from '../params/parameters';
import { TABLE_BOOK_PARAMETERS } from './sessions.params';

@ApiTags('reports')
@Controller('api/v1/sessions')
export class SessionsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':sessionId/table-book')
  @Roles(...READERS)
  @ApiOperation({ summary: 'The finance close of a table session (contract §7 table-book); ?format=csv for CSV, ?format=pdf for a printable close' })
  @Parameters(TABLE_BOOK_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  async tableBook(
    @Param('sessionId') sessionId: string,
    @Query('format') format: string | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const book: TableBookReport | null = await this.queries.execute(new GetTableBookQuery(sessionId));
    if (!book) throw new NotFoundException({ field: 'sessionId', ...keyed(because('noSession', { sessionId })) });
    if (format === 'csv') {
      res.type('text/csv');
      return tableBookCsv(book, answerLanguage(req, res));
    }
    if (format === 'pdf') {
      res.type('application/pdf');
      res.setHeader('Content-Disposition', `attachment; filename="table-book-${book.sessionId}.pdf"`);
      return new StreamableFile(await tableBookPdf(book, { lang: answerLanguage(req, res) }));
    }
    // any other `format` was refused against TABLE_BOOK_PARAMETERS by the access guard
    return tableBookInLanguage(book, answerLanguage(req, res));
  }
}
