import { DynamicModule, Module } from '@nestjs/common';
import type { AccessService } from '../../../../libs/access/src';
import { ACCESS } from './access.guard';
import { AccessLogController } from './access-log.controller';

/** The access service for every module (global) and the access-log route. */
@Module({})
export class AccessModule {
  static register(access: AccessService): DynamicModule {
    return {
      module: AccessModule,
      global: true,
      controllers: [AccessLogController],
      providers: [{ provide: ACCESS, useValue: access }],
      exports: [ACCESS],
    };
  }
}
