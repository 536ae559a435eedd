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
import { BROWSE_QUERY_HANDLERS } from './browse/browse.queries';
import { EQUIPMENT_QUERY_HANDLERS } from './equipment/equipment.queries';
import { GetHealthHandler } from './health/health.query';
import { GetPerformanceHandler } from './performance/performance.query';

@Module({})
export class AppModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [CqrsModule.forRoot()],
      controllers: [
        EventsController,
        BrowseController,
        SessionsController,
        RoundsController,
        HealthController,
        ReportsController,
        CountsController,
        PerformanceController,
        EquipmentController,
      ],
      // every route reads and writes through the command and query buses (issue 22 §3)
      providers: [
        { provide: RUNTIME, useValue: runtime },
        RecordEventsHandler,
        GetTableBookHandler,
        ReplayRoundHandler,
        GetHealthHandler,
        GetPerformanceHandler,
        ...REPORT_QUERY_HANDLERS,
        ...BROWSE_QUERY_HANDLERS,
        ...EQUIPMENT_QUERY_HANDLERS,
      ],
    };
  }
}
