import { DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Runtime } from '../../../libs/platform/src';
import { BrowseController } from './browse/browse.controller';
import { EventsController } from './events/events.controller';
import { RecordEventsHandler } from './events/record-events.command';
import { HealthController } from './health/health.controller';
import { ReplayRoundHandler } from './rounds/replay.query';
import { RoundsController } from './rounds/rounds.controller';
import { SessionsController } from './sessions/sessions.controller';
import { GetTableBookHandler } from './sessions/table-book.query';
import { RUNTIME } from './runtime.token';
import { CountsController } from './reports/counts.controller';
import { ReportsController } from './reports/reports.controller';
import { EquipmentController } from './equipment/equipment.controller';
import { PerformanceController } from './performance/performance.controller';
import { REPORT_QUERY_HANDLERS } from './reports/reports.queries';

@Module({})
export class AppModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [EventsController, BrowseController, SessionsController, RoundsController, HealthController, ReportsController, CountsController, PerformanceController, EquipmentController],
      providers: [{ provide: RUNTIME, useValue: runtime }, RecordEventsHandler, GetTableBookHandler, ReplayRoundHandler, ...REPORT_QUERY_HANDLERS],
    };
  }
}
