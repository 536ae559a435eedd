import { Controller, Get, Header, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { TableBookReport } from '../../../../libs/projections/src';
import { tableBookCsv } from '../../../../libs/reports/src';
import { GetTableBookQuery } from './table-book.query';
import { READERS, Roles } from '../auth/roles';

@ApiTags('reports')
@Controller('api/v1/sessions')
export class SessionsController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':sessionId/table-book')
  @Roles(...READERS)
  @ApiOperation({ summary: 'The finance close of a table session (contract §7 table-book); ?format=csv for CSV' })
  @ApiParam({ name: 'sessionId' })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @Header('Cache-Control', 'no-store')
  async tableBook(@Param('sessionId') sessionId: string, @Query('format') format: string | undefined, @Res({ passthrough: true }) res: Response) {
    const book: TableBookReport | null = await this.queries.execute(new GetTableBookQuery(sessionId));
    if (!book) throw new NotFoundException({ field: 'sessionId', reason: `no table session "${sessionId}"` });
    if (format === 'csv') {
      res.type('text/csv');
      return tableBookCsv(book);
    }
    return book;
  }
}
