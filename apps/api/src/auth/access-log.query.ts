/** What GET /access-log reads, as a query on the bus like every other route's (issue 22 §3). */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { AccessService } from '../../../../libs/access/src';
import { ACCESS } from './access.guard';
import { AccessLogAnswer, accessLogAnswer, AccessLogQuery } from './access-log.page';

/** A page of the access log (access-log.page.ts, shared with the command line). */
export class GetAccessLogPageQuery {
  constructor(readonly q: AccessLogQuery) {}
}

@QueryHandler(GetAccessLogPageQuery)
export class GetAccessLogPageHandler implements IQueryHandler<GetAccessLogPageQuery, AccessLogAnswer> {
  constructor(@Inject(ACCESS) private readonly access: AccessService) {}

  execute({ q }: GetAccessLogPageQuery): Promise<AccessLogAnswer> {
    return accessLogAnswer(this.access, q);
  }
}
