/** What GET /health reads, as a query on the bus like every other route's (issue 22 §3). */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { RUNTIME } from '../runtime.token';

export interface Health {
  readonly status: 'ok';
  readonly storage: 'embedded-postgresql' | 'postgresql';
  /** events in the store, and the global position of the last */
  readonly events: number;
  readonly head: string | null;
  readonly projectionLag: Awaited<ReturnType<Runtime['projector']['lag']>>;
}

/** Liveness and the projections' lag behind the event store. */
export class GetHealthQuery {}

@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery, Health> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute(): Promise<Health> {
    // the head by the primary key, not max(): over the ca_events view (store migration 10) max() reads every row
    const events = await this.runtime.pool.query(
      'SELECT count(*)::bigint AS n, (SELECT global_position FROM ca_events ORDER BY global_position DESC LIMIT 1) AS head FROM ca_events',
    );
    return {
      status: 'ok',
      storage: this.runtime.database.embedded ? 'embedded-postgresql' : 'postgresql',
      events: Number(events.rows[0].n),
      head: events.rows[0].head === null ? null : String(events.rows[0].head),
      projectionLag: await this.runtime.projector.lag(),
    };
  }
}
