import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { GetHealthQuery, Health } from './health.query';
import { READERS, Roles } from '../auth/roles';
import { NO_PARAMETERS, Parameters } from '../params/parameters';

@ApiTags('health')
@Controller('api/v1/health')
export class HealthController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @Roles('terminal', ...READERS)
  @Parameters(NO_PARAMETERS)
  @ApiOperation({ summary: 'Liveness and the projections’ lag behind the event store' })
  health(): Promise<Health> {
    return this.queries.execute(new GetHealthQuery());
  }
}
