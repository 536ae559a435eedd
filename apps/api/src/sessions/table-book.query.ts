import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { loadTableBook, TableBookReport } from '../../../../libs/projections/src';
import { RUNTIME } from '../runtime.token';

export class GetTableBookQuery {
  constructor(readonly sessionId: string) {}
}

@QueryHandler(GetTableBookQuery)
export class GetTableBookHandler implements IQueryHandler<GetTableBookQuery, TableBookReport | null> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute(query: GetTableBookQuery): Promise<TableBookReport | null> {
    return loadTableBook(this.runtime, query.sessionId);
  }
}
