/**
 * Liveness, readiness and the Prometheus scrape (issue 18 §2), in the form orchestrators expect
 * (@nestjs/terminus: 200 `{ status: "ok", info, error, details }`, 503 `{ status: "error", … }`).
 *
 * - live: the process answers (its event loop turns); nothing else, so that an orchestrator does not
 *   restart a node because its database is away.
 * - ready: the store answers (and the store of record, EventStoreDB, when it is another), its migrations
 *   and the read models' are all applied, and no read model is
 *   further behind the store than CASINO_AUDIT_READY_MAX_LAG_EVENTS / _SECONDS: a node whose reports
 *   would be stale is taken out of the load balancer until its projectors have caught up.
 * - metrics: the process's registry and the runtime's own gauges (libs/platform/src/runtime-metrics.ts).
 *
 * The same controller is served on the API's port (behind the access guard: a credential as for
 * /api/v1/health, admin for /metrics) and on the ops listener (CASINO_AUDIT_OPS_PORT), which has no
 * guard and is meant for the orchestrator and Prometheus on a private network.
 */
import { Controller, DynamicModule, Get, Header, Inject, Injectable, Module, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TerminusModule } from '@nestjs/terminus';
import type { Response } from 'express';
import { EVENT_STORE_MIGRATIONS } from '../../../../libs/event-store/src/postgres/schema';
import { config, Runtime } from '../../../../libs/platform/src';
import { metricsFor, projectionLag } from '../../../../libs/platform/src/runtime-metrics';
import { READERS, Roles } from '../auth/roles';
import { NO_PARAMETERS, Parameters } from '../params/parameters';
import { RUNTIME } from '../runtime.token';

/** Longest a readiness check may take before it counts as down (a database that does not answer). */
const CHECK_TIMEOUT_MS = 3000;

@Injectable()
export class Probes {
  private wasReady: boolean | undefined;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(RUNTIME) private readonly runtime: Runtime,
  ) {}

  live() {
    return this.health.check([() => this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  async ready() {
    const { pool, dataSource, recordStore, store } = this.runtime;
    const settings = config();
    // with EventStoreDB as the store of record, writes go there: a node that cannot reach it cannot take them
    const record =
      recordStore === store
        ? []
        : [
            () =>
              this.indicators
                .check('record')
                .attempt(async () => {
                  await recordStore.streamOfRound('readiness-probe');
                })
                .withTimeout(CHECK_TIMEOUT_MS),
          ];
    try {
      const result = await this.health.check([
        ...record,
        () =>
          this.indicators
            .check('store')
            .attempt(async () => {
              await pool.query('SELECT 1');
            })
            .withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('migrations')
            .attempt(async () => {
              const done = new Set((await pool.query('SELECT version FROM ca_schema_migrations')).rows.map((r) => r.version));
              const store = EVENT_STORE_MIGRATIONS.filter((m) => !done.has(m.version)).map((m) => `${m.version} ${m.name}`);
              if (store.length) throw new Error(`the store's migrations not applied: ${store.join(', ')}`);
              if (await dataSource.showMigrations()) throw new Error("the read models' migrations are not all applied");
              return { store: EVENT_STORE_MIGRATIONS.length };
            })
            .withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('projections')
            .attempt(async () => {
              const lags = await projectionLag(this.runtime);
              const limits = { events: settings.CASINO_AUDIT_READY_MAX_LAG_EVENTS, seconds: settings.CASINO_AUDIT_READY_MAX_LAG_SECONDS };
              const behind = lags.filter((l) => l.events > limits.events || l.seconds > limits.seconds);
              if (behind.length) {
                throw new Error(
                  `${behind.map((l) => `${l.readModel} is ${l.events} events (${l.seconds.toFixed(1)} s) behind the store`).join('; ')}; the limit is ${limits.events} events or ${limits.seconds} s`,
                );
              }
              return { limit: limits, behind: Object.fromEntries(lags.map((l) => [l.readModel, { events: l.events, seconds: Number(l.seconds.toFixed(3)) }])) };
            })
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      this.changed(true);
      return result;
    } catch (error) {
      if (error instanceof ServiceUnavailableException) this.changed(false, error.getResponse());
      throw error;
    }
  }

  /** Said once when readiness changes, not at every probe. */
  private changed(ready: boolean, detail?: unknown) {
    if (this.wasReady === ready) return;
    const first = this.wasReady === undefined;
    this.wasReady = ready;
    if (!ready)
      this.runtime.logger.warn({ failing: (detail as { error?: unknown } | undefined)?.error }, 'not ready: taken out of service until the checks pass');
    else if (!first) this.runtime.logger.info('ready again');
  }

  async metrics(res: Response) {
    const registry = metricsFor(this.runtime);
    try {
      const text = await registry.metrics();
      res.setHeader('Content-Type', registry.contentType);
      res.send(text);
    } catch (error) {
      res.status(503).json({ statusCode: 503, message: `the metrics could not be read: ${(error as Error).message}` });
    }
  }
}

@ApiTags('health')
@Controller()
export class ProbesController {
  constructor(private readonly probes: Probes) {}

  @Get('api/v1/health/live')
  @Roles('terminal', ...READERS)
  @Parameters(NO_PARAMETERS)
  @ApiOperation({ summary: 'Liveness: the process answers (200), in the form of @nestjs/terminus' })
  live() {
    return this.probes.live();
  }

  @Get('api/v1/health/ready')
  @Roles('terminal', ...READERS)
  @Parameters(NO_PARAMETERS)
  @ApiOperation({ summary: 'Readiness: the store answers, migrations applied, every read model within the configured lag (200), else 503 naming the check' })
  ready() {
    return this.probes.ready();
  }

  @Get('metrics')
  @Roles('admin')
  @Parameters(NO_PARAMETERS)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Prometheus metrics, text exposition format (docs: README, "Operating it")' })
  metrics(@Res() res: Response) {
    return this.probes.metrics(res);
  }
}

/** The probes and the scrape, for the API's app and for the ops listener's. */
@Module({})
export class ProbesModule {
  static register(runtime: Runtime): DynamicModule {
    return {
      module: ProbesModule,
      imports: [TerminusModule.forRoot({ logger: false })],
      controllers: [ProbesController],
      providers: [{ provide: RUNTIME, useValue: runtime }, Probes],
    };
  }
}
