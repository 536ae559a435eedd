/** What GET /performance reads, as a query on the bus like every other route's (issue 22 §3). */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { loadPerformance, PerformanceReport } from '../../../../libs/projections/src';
import { RUNTIME } from '../runtime.token';

/** Actual against theoretical win of a gaming day (performance-report.ts); croupiers' figures only when asked. */
export class GetPerformanceQuery {
  constructor(readonly q: Parameters<typeof loadPerformance>[1]) {}
}

@QueryHandler(GetPerformanceQuery)
export class GetPerformanceHandler implements IQueryHandler<GetPerformanceQuery, PerformanceReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ q }: GetPerformanceQuery): Promise<PerformanceReport> {
    return loadPerformance(this.runtime, q);
  }
}
