import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Runtime } from '../../../../libs/platform/src';
import { RUNTIME } from '../runtime.token';
import { READERS, Roles } from '../auth/roles';
import { NO_PARAMETERS, Parameters } from '../params/parameters';

@ApiTags('health')
@Controller('api/v1/health')
export class HealthController {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  @Get()
  @Roles('terminal', ...READERS)
  @Parameters(NO_PARAMETERS)
  @ApiOperation({ summary: 'Liveness and the projections’ lag behind the event store' })
  async health() {
    const events = await this.runtime.pool.query('SELECT count(*)::bigint AS n, max(global_position) AS head FROM ca_events');
    return {
      status: 'ok',
      storage: this.runtime.database.embedded ? 'embedded-postgresql' : 'postgresql',
      events: Number(events.rows[0].n),
      head: events.rows[0].head === null ? null : String(events.rows[0].head),
      projectionLag: await this.runtime.projector.lag(),
    };
  }
}
