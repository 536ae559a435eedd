/**
 * The ops listener (CASINO_AUDIT_OPS_PORT): liveness, readiness and /metrics without a credential, for
 * the orchestrator's probes and Prometheus on a private network. It serves nothing else: no record,
 * no report, no page. Off unless the port is set; it listens on CASINO_AUDIT_OPS_HOST (127.0.0.1
 * unless said otherwise), so exposing it is a decision (the image binds it to every address).
 */
import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestLogger, Runtime } from '../../../libs/platform/src';
import { ProbesModule } from './health/probes';
import { observeRequests } from './observability';
import { keepConnectionsAlive } from './keep-alive';

@Module({})
class OpsRootModule {}

export async function createOpsApp(runtime: Runtime): Promise<INestApplication> {
  const app = await NestFactory.create({ module: OpsRootModule, imports: [ProbesModule.register(runtime)] }, { logger: new NestLogger(runtime.logger) });
  // a scraper's connection reused every 15 s must not meet the server closing it (keep-alive.ts)
  keepConnectionsAlive(app.getHttpServer());
  // probes and scrapes come every few seconds: their lines at debug (the probes log readiness changes themselves)
  app.use(observeRequests(runtime.logger, { level: 'debug', measure: false }));
  app.getHttpAdapter().getInstance().disable('x-powered-by');
  return app;
}
