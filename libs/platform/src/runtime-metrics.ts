/**
 * What `/metrics` reads from the database when it is scraped (issue 18 §2): each read model's lag
 * behind the store, the last verify and seal, the storage and the connection pool. These belong to a
 * runtime, not to the process, so each HTTP app serves the process's registry merged with its
 * runtime's own (`metricsFor`); a test running two apps in one process sees each its own.
 */
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { readCheckpoint } from '../../projections/src/checkpoints';
import { metricsRegistry } from './metrics';
import { lastOpsChecks } from './ops-checks';
import type { Runtime } from './runtime';

export interface ReadModelLag {
  readonly readModel: string;
  /** events in the store the read model has not applied */
  readonly events: number;
  /** age of the oldest of them (0 when none) */
  readonly seconds: number;
}

/** How far each read model is behind the store, in events and in seconds (one read model after another: a probe takes one connection). */
export async function projectionLag(runtime: Runtime): Promise<ReadModelLag[]> {
  const lags: ReadModelLag[] = [];
  for (const p of runtime.projections) {
    const cp = await readCheckpoint(runtime.pool, p.name);
    const r = await runtime.pool.query(
      `SELECT count(*)::bigint AS events, COALESCE(EXTRACT(EPOCH FROM clock_timestamp() - min(recorded_at)), 0)::float8 AS seconds
       FROM ca_events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
      [cp.transactionId.toString(), cp.globalPosition.toString()],
    );
    lags.push({ readModel: p.name, events: Number(r.rows[0].events), seconds: Math.max(0, Number(r.rows[0].seconds)) });
  }
  return lags;
}

/** The latest seal in the store (any origin: `seal`, or a gaming day's close), or null. */
async function latestSealAt(runtime: Runtime): Promise<Date | null> {
  const r = await runtime.pool.query(`SELECT recorded_at FROM ca_events WHERE stream_id = 'seal-store' ORDER BY stream_version DESC LIMIT 1`);
  return r.rowCount ? r.rows[0].recorded_at : null;
}

const ageOf = (at: Date) => Math.max(0, (Date.now() - at.getTime()) / 1000);

let defaultsCollected = false;

/** The runtime's own gauges, read from the database at each scrape. */
function runtimeRegistry(runtime: Runtime): Registry {
  const registry = new Registry();
  const registers = [registry];
  // both lag gauges of one scrape share one reading
  let reading: { at: number; lag: Promise<ReadModelLag[]> } | undefined;
  const lagNow = () => {
    if (!reading || Date.now() - reading.at > 1000) reading = { at: Date.now(), lag: projectionLag(runtime) };
    return reading.lag;
  };
  // first: a scrape reads its gauges in this order, and the queries of those below take connections
  new Gauge({
    name: 'casino_audit_db_pool_connections',
    help: "The runtime's PostgreSQL pool: connections open (total), idle, and requests waiting for one",
    labelNames: ['state'] as const,
    registers,
    collect() {
      this.set({ state: 'total' }, runtime.pool.totalCount);
      this.set({ state: 'idle' }, runtime.pool.idleCount);
      this.set({ state: 'waiting' }, runtime.pool.waitingCount);
    },
  });
  new Gauge({
    name: 'casino_audit_db_pool_max',
    help: 'The most connections the pool opens',
    registers,
    collect() {
      this.set(runtime.pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'casino_audit_projection_lag_events',
    help: 'Events in the store a read model has not applied yet',
    labelNames: ['read_model'] as const,
    registers,
    async collect() {
      this.reset();
      for (const lag of await lagNow()) this.set({ read_model: lag.readModel }, lag.events);
    },
  });
  new Gauge({
    name: 'casino_audit_projection_lag_seconds',
    help: 'Age of the oldest event a read model has not applied yet (0: up to date)',
    labelNames: ['read_model'] as const,
    registers,
    async collect() {
      this.reset();
      for (const lag of await lagNow()) this.set({ read_model: lag.readModel }, lag.seconds);
    },
  });
  // labelled by check, so that a check never recorded is absent rather than 0
  new Gauge({
    name: 'casino_audit_last_check_ok',
    help: 'The last `casino-audit verify` (check="verify": 1 chain and seals intact, 0 tampering found or the check failed) and the last seal attempt (check="seal": `casino-audit seal` or a gaming day closing; 1 sealed, 0 refused); absent until one is recorded on this database',
    labelNames: ['check'] as const,
    registers,
    async collect() {
      this.reset();
      for (const c of await lastOpsChecks(runtime.pool)) this.set({ check: c.name }, c.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'casino_audit_last_check_age_seconds',
    help: 'Seconds since the last `casino-audit verify` ended (check="verify") and since the latest seal in the store was written (check="seal"); absent until there is one',
    labelNames: ['check'] as const,
    registers,
    async collect() {
      this.reset();
      const verify = (await lastOpsChecks(runtime.pool)).find((c) => c.name === 'verify');
      if (verify) this.set({ check: 'verify' }, ageOf(verify.at));
      const sealed = await latestSealAt(runtime);
      if (sealed) this.set({ check: 'seal' }, ageOf(sealed));
    },
  });
  new Gauge({
    name: 'casino_audit_database_embedded',
    help: '1: the embedded PostgreSQL started by this package; 0: an external one (DATABASE_URL)',
    registers,
    collect() {
      this.set(runtime.database.embedded ? 1 : 0);
    },
  });
  return registry;
}

const registries = new WeakMap<Runtime, Registry>();

/** The registry `/metrics` serves for this runtime: the process's metrics and the runtime's own. */
export function metricsFor(runtime: Runtime): Registry {
  if (!defaultsCollected) {
    defaultsCollected = true;
    // the process's CPU, memory, event-loop lag, garbage collection (prom-client's standard names)
    collectDefaultMetrics({ register: metricsRegistry });
  }
  let own = registries.get(runtime);
  if (!own) registries.set(runtime, (own = runtimeRegistry(runtime)));
  return Registry.merge([metricsRegistry, own]);
}
