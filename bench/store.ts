/**
 * The benchmark store shared by the `rebuild`, `replay` and `memory` suites: N events (default
 * 1,000,000; `--quick` 50,000) of simulated gaming days, recorded through the real ingestion
 * (`IngestionService.ingest`, validation and all; no day-close seals, so the store holds exactly N events) in chunks of ~5,000 events, then `VACUUM ANALYZE`d.
 *
 * Built once and cached: the database is named after N (`bench_store_1m`, `bench_store_50k`) and is
 * reused as long as it holds exactly N events and the build finished (a marker table written last);
 * otherwise it is dropped and built again. Building 1,000,000 events takes many minutes on a small
 * machine (progress on stderr). `BENCH_STORE_REBUILD=1` forces a new build; drop it by hand with
 * `DROP DATABASE bench_store_1m` to reclaim its disk space (about 1–2 GB).
 *
 * Days: 40 tables × 200 rounds each (~330,000 events a day, ~41 events a round, every game of the
 * rules library), error rate 0, each day a new gaming day of its own casino (`casino-bench-1`, …, so each
 * has its own linked jackpot pools); the last chunk is cut so the store holds exactly N events.
 */
import { Client } from 'pg';
import { Envelope, IngestionService } from '../libs/ledger/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { simulateDay } from '../libs/simulator/src';

export const STORE_DAY = { tables: 40, rounds: 200 } as const;
export const INGEST_CHUNK = 5000;

export interface BenchStore {
  readonly name: string;
  readonly url: string;
  readonly events: number;
  /** true when the store was found ready (not built by this run) */
  readonly reused: boolean;
  /** seconds the build took (this run), or the build's record when reused */
  readonly buildSeconds: number;
  readonly days: number;
  readonly builtAt: string;
  readonly sizeBytes: number;
}

/** The store's size unless BENCH_STORE_EVENTS says otherwise (`--quick`: 50,000). */
export const DEFAULT_STORE_EVENTS = 1_000_000;
export const storeEvents = (quick: boolean) => Number(process.env.BENCH_STORE_EVENTS) || (quick ? 50_000 : DEFAULT_STORE_EVENTS);

export function storeName(n: number): string {
  const tag = n % 1_000_000 === 0 ? `${n / 1_000_000}m` : n % 1000 === 0 ? `${n / 1000}k` : String(n);
  return `bench_store_${tag}`;
}

function dbUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface Marker {
  events: number;
  days: number;
  build_seconds: number;
  built_at: Date;
}

async function readMarker(url: string): Promise<Marker | undefined> {
  try {
    return await withClient(url, async (c) => {
      if (!(await c.query(`SELECT to_regclass('bench_store_info') AS t`)).rows[0].t) return undefined;
      const m = (await c.query('SELECT events, days, build_seconds, built_at FROM bench_store_info')).rows[0] as Marker | undefined;
      if (!m) return undefined;
      const n = Number((await c.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
      return n === Number(m.events) ? m : undefined;
    });
  } catch {
    return undefined;
  }
}

/** Another store than the shared one: its database's name, and the days it is simulated from (each day's tables × rounds per table). */
export interface StoreShape {
  readonly name: string;
  readonly day: { readonly tables: number; readonly rounds: number };
}

/** The store of `n` events: reused when a finished one exists, otherwise built (minutes for 1M). */
export async function ensureStore(
  adminUrl: string,
  n: number,
  log: (m: string) => void,
  shape: StoreShape = { name: storeName(n), day: STORE_DAY },
): Promise<BenchStore> {
  const name = shape.name;
  const url = dbUrl(adminUrl, name);
  const exists = await withClient(adminUrl, async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0);
  if (exists && process.env.BENCH_STORE_REBUILD !== '1') {
    const marker = await readMarker(url);
    if (marker && Number(marker.events) === n) {
      log(
        `store: reusing ${name} (${n.toLocaleString('en-US')} events, built ${marker.built_at.toISOString()} in ${Number(marker.build_seconds).toFixed(0)} s)`,
      );
      return {
        name,
        url,
        events: n,
        reused: true,
        buildSeconds: Number(marker.build_seconds),
        days: Number(marker.days),
        builtAt: marker.built_at.toISOString(),
        sizeBytes: await databaseSize(adminUrl, name),
      };
    }
    log(`store: ${name} exists but is not a finished store of ${n} events: dropping it`);
  }
  if (exists) await withClient(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await withClient(adminUrl, (c) => c.query(`CREATE DATABASE ${name}`));
  const started = Date.now();
  const runtime = await startRuntime({ databaseUrl: url, poolSize: 4 });
  let days = 0;
  try {
    days = await fill(runtime, n, log, shape.day);
    // the events' table (ca_events and ca_streams are views of it since store migration 10: VACUUM skips views)
    log('store: VACUUM ANALYZE ca_event_rows');
    await runtime.pool.query('VACUUM ANALYZE ca_event_rows');
  } finally {
    await runtime.close();
  }
  const buildSeconds = (Date.now() - started) / 1000;
  const builtAt = new Date();
  await withClient(url, async (c) => {
    await c.query('CREATE TABLE bench_store_info (events bigint, days integer, build_seconds double precision, built_at timestamptz, store_day jsonb)');
    await c.query('INSERT INTO bench_store_info VALUES ($1, $2, $3, $4, $5)', [n, days, buildSeconds, builtAt, JSON.stringify(shape.day)]);
  });
  log(`store: ${name} built: ${n.toLocaleString('en-US')} events in ${buildSeconds.toFixed(0)} s (${days} simulated day(s))`);
  return { name, url, events: n, reused: false, buildSeconds, days, builtAt: builtAt.toISOString(), sizeBytes: await databaseSize(adminUrl, name) };
}

async function databaseSize(adminUrl: string, name: string): Promise<number> {
  return withClient(adminUrl, async (c) => Number((await c.query('SELECT pg_database_size($1) AS s', [name])).rows[0].s));
}

/** Simulate days and ingest them until exactly `n` events are stored; returns the number of days begun. */
async function fill(runtime: Runtime, n: number, log: (m: string) => void, shape: StoreShape['day']): Promise<number> {
  // the runtime's own ingestion seals each gaming day as it closes, which would add events beyond N
  const ingestion = new IngestionService(runtime.store);
  let stored = 0;
  let day = 0;
  let pending: Envelope[] = [];
  const t0 = Date.now();
  let lastLog = 0;
  const flush = async () => {
    const chunk = pending.slice(0, n - stored);
    pending = [];
    if (!chunk.length) return;
    const result = await ingestion.ingest(chunk.map((value) => ({ value })));
    if (!result.ok) {
      const r = result.refusals[0];
      throw new Error(`store build: the simulator produced a refused event (${r.field}: ${r.reason})`);
    }
    stored += result.appended;
    const now = Date.now();
    if (now - lastLog > 5000 || stored >= n) {
      lastLog = now;
      const s = (now - t0) / 1000;
      const rate = stored / s;
      log(
        `store: ${stored.toLocaleString('en-US')} / ${n.toLocaleString('en-US')} events (${((100 * stored) / n).toFixed(1)} %), ${Math.round(rate).toLocaleString('en-US')} events/s, ~${Math.round((n - stored) / rate)} s left`,
      );
    }
  };
  while (stored < n) {
    day++;
    const gamingDay = new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
    for (const batch of simulateDay({ ...shape, seed: 1000 + day, errorRate: 0, casinoId: `casino-bench-${day}`, gamingDay })) {
      pending.push(...batch);
      if (pending.length >= INGEST_CHUNK) await flush();
      if (stored >= n) break;
    }
    if (stored < n) await flush();
  }
  return day;
}
