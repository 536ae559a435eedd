import { BadRequestException, Controller, Get, Header, Inject, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccessService, accessLogWindow, WindowError } from '../../../../libs/access/src';
import { ACCESS } from './access.guard';
import { Parameters } from '../params/parameters';
import { ACCESS_LOG_PARAMETERS } from './access-log.params';
import { Roles } from './roles';

@ApiTags('access')
@Controller('api/v1/access-log')
export class AccessLogController {
  constructor(@Inject(ACCESS) private readonly access: AccessService) {}

  @Get()
  @Roles('admin', 'compliance', 'inspector')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Who replayed, read or exported what, and who was refused (the access log)',
    description: 'Every replay, report and export request is recorded with the principal, its roles, the route, the parameters, the format and the time. Reading this log is itself recorded.',
  })
  @Parameters(ACCESS_LOG_PARAMETERS)
  async log(@Req() req: Request, @Query('from') from?: string, @Query('to') to?: string) {
    let window: { from: Date; to: Date };
    try {
      window = accessLogWindow(from, to);
    } catch (error) {
      if (error instanceof WindowError) throw new BadRequestException({ statusCode: 400, field: error.field, reason: error.message });
      throw error;
    }
    // a casino-scoped credential sees what the credentials of its own casino did, not the others'
    const casinoId = (req as Request & { principal?: { casinoId?: string } }).principal?.casinoId;
    const records = await this.access.accessLog({ ...window, casinoId });
    return { from: window.from.toISOString(), to: window.to.toISOString(), count: records.length, records };
  }
}
