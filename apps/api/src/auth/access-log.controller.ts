import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AccessLogAnswer } from './access-log.page';
import { GetAccessLogPageQuery } from './access-log.query';
import { Parameters } from '../params/parameters';
import { ACCESS_LOG_PARAMETERS } from './access-log.params';
import { Roles } from './roles';

@ApiTags('access')
@Controller('api/v1/access-log')
export class AccessLogController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Roles('admin', 'compliance', 'inspector')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Who replayed, read or exported what, and who was refused (the access log)',
    description:
      "Every request is recorded once its answer is known: the principal, its roles, the route, the parameters, the format, the time, the `status` answered and, when refused, the reason (whoever refused it: the credential check, the route's parameters, the route itself); only allowed health checks are not. Reading this log is itself recorded. " +
      "Refused credentials are records of kind `credential`: the caller's `address`, the `claimedCredentialId` (unverified) and the reason, one record per minute, address, claimed id and reason, with the number of `attempts` and the `lastAt` of them. " +
      'Requests that named nobody (no credential, a path no route serves, a body refused before its route) are records of kind `anonymous`, aggregated the same way. ' +
      'Oldest first, a page at a time: `limit` records (default 100, at most 1,000), then `next` (a cursor for `?cursor=`, with the same `from` and `to` as asked; `null` on the last page); `total` counts the records of the window (`totalIsEstimate` above 100,000). ' +
      'A cursor keeps the window of its first page, so records written while paging (after `to`) do not slide into it.',
  })
  @ApiOkResponse({
    description: 'a page of the access log',
    schema: {
      type: 'object',
      required: ['from', 'to', 'count', 'limit', 'next', 'total', 'totalIsEstimate', 'timeZone', 'records'],
      properties: {
        from: { type: 'string', format: 'date-time' },
        to: { type: 'string', format: 'date-time' },
        count: { type: 'integer', description: 'records on this page' },
        limit: { type: 'integer' },
        next: { type: 'string', nullable: true, description: 'the cursor of the next page (`?cursor=`), null on the last one' },
        total: { type: 'integer', description: 'records in the window' },
        totalIsEstimate: { type: 'boolean' },
        timeZone: {
          type: 'string',
          example: 'Europe/Madrid',
          description: "the zone the records' instants are read in: the reader's casino's, else the default",
        },
        records: { type: 'array', items: { type: 'object' } },
      },
    },
  })
  @Parameters(ACCESS_LOG_PARAMETERS)
  log(@Req() req: Request, @Query('from') from?: string, @Query('to') to?: string, @Query('limit') limit?: string, @Query('cursor') cursor?: string) {
    // a casino-scoped credential sees what the credentials of its own casino did, not the others'
    const casinoId = (req as Request & { principal?: { casinoId?: string } }).principal?.casinoId;
    return this.queries.execute<GetAccessLogPageQuery, AccessLogAnswer>(new GetAccessLogPageQuery({ from, to, limit, cursor, casinoId }));
  }
}
