import { DynamicModule, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { AccessService } from '../../../../libs/access/src';
import { ACCESS } from './access.guard';
import { AccessLogController } from './access-log.controller';
import { GetAccessLogPageHandler } from './access-log.query';

/** On `app.close()`: the throttled attempts counted in the last second are written before the pool closes. */
@Injectable()
class WriteCountedRefusals implements OnApplicationShutdown {
  constructor(@Inject(ACCESS) private readonly access: AccessService) {}

  async onApplicationShutdown(): Promise<void> {
    await this.access.flushRefusals().catch(() => undefined);
  }
}

/** The access service for every module (global) and the access-log route. */
@Module({})
export class AccessModule {
  static register(access: AccessService): DynamicModule {
    return {
      module: AccessModule,
      global: true,
      controllers: [AccessLogController],
      providers: [{ provide: ACCESS, useValue: access }, WriteCountedRefusals, GetAccessLogPageHandler],
      exports: [ACCESS],
    };
  }
}
