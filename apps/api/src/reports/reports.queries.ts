import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { InspectorDayReport, JackpotsReport, loadInspectorDay, loadJackpots, loadReconciliation, ReconciliationReport } from '../../../../libs/projections/src';
import { loadAdvantagePlayOfDay } from '../../../../libs/projections/src/players/advantage-play-report';
import { RUNTIME } from '../runtime.token';

/** Drop / tips / cagnotte recorded vs counted for a gaming day (contract §7 reconciliation). */
export class GetReconciliationQuery {
  constructor(
    readonly gamingDay: string,
    readonly casinoId: string | null,
  ) {}
}

@QueryHandler(GetReconciliationQuery)
export class GetReconciliationHandler implements IQueryHandler<GetReconciliationQuery, ReconciliationReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(q: GetReconciliationQuery): Promise<ReconciliationReport> {
    return loadReconciliation(this.runtime, { gamingDay: q.gamingDay, casinoId: q.casinoId });
  }
}

/** Every jackpot pool (contract §7 jackpots). */
export class GetJackpotsQuery {
  constructor(
    readonly casinoId: string | null,
    readonly poolId: string | null,
    readonly points: number,
  ) {}
}

@QueryHandler(GetJackpotsQuery)
export class GetJackpotsHandler implements IQueryHandler<GetJackpotsQuery, JackpotsReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(q: GetJackpotsQuery): Promise<JackpotsReport> {
    return loadJackpots(this.runtime, { casinoId: q.casinoId, poolId: q.poolId, points: q.points });
  }
}

/** The inspector's day (contract §7 inspector). */
export class GetInspectorDayQuery {
  constructor(
    readonly gamingDay: string,
    readonly casinoId: string | null,
    /** add the stakes against the count per player reference (only for the roles that may read figures of people) */
    readonly players = false,
  ) {}
}

@QueryHandler(GetInspectorDayQuery)
export class GetInspectorDayHandler implements IQueryHandler<GetInspectorDayQuery, InspectorDayReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async execute(q: GetInspectorDayQuery): Promise<InspectorDayReport> {
    const day = await loadInspectorDay(this.runtime, { gamingDay: q.gamingDay, casinoId: q.casinoId });
    return q.players ? { ...day, advantagePlay: await loadAdvantagePlayOfDay(this.runtime, { gamingDay: q.gamingDay, casinoId: q.casinoId }) } : day;
  }
}

export const REPORT_QUERY_HANDLERS = [GetReconciliationHandler, GetJackpotsHandler, GetInspectorDayHandler];
