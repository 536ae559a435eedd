/** What the equipment and player routes read, as queries on the bus like every other route's (issue 22 §3). */
import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { Runtime } from '../../../../libs/platform/src';
import { EquipmentReport, loadEquipment, loadPlayerFigures, PlayerFigures } from '../../../../libs/projections/src';
import { AdvantagePlayReport, loadAdvantagePlay } from '../../../../libs/projections/src/players/advantage-play-report';
import { RUNTIME } from '../runtime.token';

/** Each table's wheel and dice against their design, each shoe's cards per rank (equipment-report.ts). */
export class GetEquipmentQuery {
  constructor(readonly q: { readonly casinoId: string | null; readonly tableId: string | null }) {}
}

@QueryHandler(GetEquipmentQuery)
export class GetEquipmentHandler implements IQueryHandler<GetEquipmentQuery, EquipmentReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ q }: GetEquipmentQuery): Promise<EquipmentReport> {
    return loadEquipment(this.runtime, q);
  }
}

/** A gaming day's figures per player reference, `limit` rows after a key (player-figures.projection.ts). */
export class GetPlayerFiguresQuery {
  constructor(readonly q: Parameters<typeof loadPlayerFigures>[1]) {}
}

@QueryHandler(GetPlayerFiguresQuery)
export class GetPlayerFiguresHandler implements IQueryHandler<GetPlayerFiguresQuery, PlayerFigures[]> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ q }: GetPlayerFiguresQuery): Promise<PlayerFigures[]> {
    return loadPlayerFigures(this.runtime, q);
  }
}

/** One casino's gaming day: stakes against the shoe's true count per player reference (advantage-play-report.ts). */
export class GetAdvantagePlayQuery {
  constructor(readonly q: { readonly gamingDay: string; readonly casinoId: string }) {}
}

@QueryHandler(GetAdvantagePlayQuery)
export class GetAdvantagePlayHandler implements IQueryHandler<GetAdvantagePlayQuery, AdvantagePlayReport> {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  execute({ q }: GetAdvantagePlayQuery): Promise<AdvantagePlayReport> {
    return loadAdvantagePlay(this.runtime, q);
  }
}

export const EQUIPMENT_QUERY_HANDLERS = [GetEquipmentHandler, GetPlayerFiguresHandler, GetAdvantagePlayHandler];
