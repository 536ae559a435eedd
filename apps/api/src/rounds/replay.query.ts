import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { replayRound, RoundReplay } from '../../../../libs/replay/src';
import { RUNTIME } from '../runtime.token';

export class ReplayRoundQuery {
  /** full: fold the session's earlier facts even when the round's stored starting state is valid */
  constructor(
    readonly roundId: string,
    readonly full = false,
  ) {}
}

@QueryHandler(ReplayRoundQuery)
export class ReplayRoundHandler implements IQueryHandler<ReplayRoundQuery, RoundReplay> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute(query: ReplayRoundQuery): Promise<RoundReplay> {
    return replayRound(this.runtime.store, query.roundId, { snapshot: !query.full });
  }
}
