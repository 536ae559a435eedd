/**
 * Append throughput: our PostgresEventStore against Emmett's PostgreSQL event store and a raw INSERT
 * ceiling, side by side on the same server, each system in its own fresh database.
 *
 * Workloads: (a) one event per append, (b) 10-event batches per append; 16 workers, each appending
 * to its own table stream with the expected version, on a pool of 16 connections. Trials interleave
 * the systems (ours, Emmett, raw, ours, Emmett, raw, …) so drift on the machine hits all of them alike;
 * each trial opens its own pre-connected pool and uses new streams.
 *
 * This file measures and returns the figures (`AppendResult`, saved as JSON with `--json FILE`);
 * bench/append-render.ts writes them as the section's tables (issue 22 §3). What they mean is a person's
 * note, docs/performance-notes.md.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { Client, Pool, PoolConfig, types } from 'pg';
import { applySqlMigrations, NewEvent, PostgresEventStore, PostgresEventStoreOptions } from '../libs/event-store/src';
import { EVENT_STORE_MIGRATIONS } from '../libs/event-store/src/postgres/schema';
import { AppendResult, appendResultJson, MainKey, Measured, ProbeKey, ProbeResult, renderAppend, WorkloadResult } from './append-render';
import { redact } from './common';
import {
  createFreshDatabase,
  FreshDatabase,
  fmtInt,
  fmtPct,
  machineBusy,
  machineInfo,
  measureThroughput,
  openPool,
  sampleMachineCpu,
  Suite,
  SuiteContext,
  uptimeLine,
  WindowHooks,
} from './support';

type EmmettModule = typeof import('@event-driven-io/emmett-postgresql');

export const WORKERS = 16;
const POOL_SIZE = 16;
export const BATCH = 10;

// ---------------------------------------------------------------------------------------------- events

/** A contract `BetPlaced` (libs/ledger/src/schema.ts): session, round, bet, seat, type, selection, amount. */
function betPlaced(worker: number, n: number): Record<string, unknown> {
  return {
    sessionId: `FR-ENG-T${String(worker).padStart(2, '0')}-2025-06-14-s01`,
    roundId: `T${String(worker).padStart(2, '0')}-2025-06-14-r${String(n >> 3).padStart(6, '0')}`,
    betId: `b-${randomUUID()}`,
    seat: 1 + (n % 7),
    betType: 'straight',
    selection: [n % 37],
    amount: 2500 + (n % 10) * 500,
    onBehalfOf: `player-${1000 + ((worker * 131 + n) % 9000)}`,
  };
}

const sampleSize = (() => {
  const e = betPlaced(7, 12345);
  return Buffer.byteLength(JSON.stringify(e));
})();

// ---------------------------------------------------------------------------------------------- systems

interface Trial {
  /** append one batch of `size` events for this worker; resolves to the number of events appended */
  append(worker: number, size: number): Promise<number>;
  close(): Promise<void>;
}

export interface System {
  readonly key: 'ours' | 'emmett' | 'raw' | 'ours_no_notify';
  readonly label: string;
  /** round trips per append, from reading the code (client ↔ server) */
  readonly roundTrips: string;
  db?: FreshDatabase;
  setup(url: string): Promise<void>;
  openTrial(url: string, tag: string, pool?: PoolConfig): Promise<Trial>;
}

/** Per-worker stream state for one trial. */
class Streams {
  readonly versions: number[] = Array(WORKERS).fill(0);
  readonly counters: number[] = Array(WORKERS).fill(0);
  constructor(readonly tag: string) {}
  id(worker: number) {
    return `table-${this.tag}w${String(worker).padStart(2, '0')}`;
  }
}

export const ours: System = oursWith({});

/**
 * Diagnostic only: our store with every append its own call of `ca_append` (`appendsInFlight: 0`), as before group
 * commit, in ours' database: what one append costs when concurrent appends do not share a call.
 */
const oursAlone = (): System => ({
  ...oursWith({ appendsInFlight: 0 }),
  label: 'casino-audit PostgresEventStore, each append its own call (`appendsInFlight: 0`, diagnostic)',
  db: ours.db,
});

function oursWith(storeOptions: PostgresEventStoreOptions): System {
  return {
    key: 'ours',
    label: 'casino-audit PostgresEventStore',
    roundTrips: '1 (prepared `SELECT * FROM ca_append(…)`, autocommit; appends that arrive while 4 calls are in flight go together in the next: group commit)',
    async setup(url) {
      const pool = new Pool({ connectionString: url, max: 2 });
      try {
        await new PostgresEventStore(pool).migrate();
      } finally {
        await pool.end();
      }
    },
    async openTrial(url, tag, extra) {
      const pool = await openPool(url, POOL_SIZE, extra);
      const store = new PostgresEventStore(pool, storeOptions);
      const s = new Streams(tag);
      return {
        async append(w, size) {
          const streamId = s.id(w);
          const events: NewEvent[] = [];
          for (let i = 0; i < size; i++) {
            events.push({
              streamId,
              eventId: randomUUID(),
              type: 'BetPlaced',
              data: betPlaced(w, s.counters[w]++),
              occurredAt: new Date().toISOString(),
            });
          }
          const result = await store.append(events, { expectedVersions: { [streamId]: s.versions[w] } });
          s.versions[w] = result[result.length - 1].streamVersion;
          return result.length;
        },
        close: () => pool.end(),
      };
    },
  };
}

/**
 * Diagnostic only, never a result: our store with the `PERFORM pg_notify(…)` line taken out of its
 * `ca_append` (applied to its own scratch database), to measure what the notification costs.
 */
const NOTIFY_LINE = "PERFORM pg_notify('ca_events', '');";
/** only while the store's latest `ca_append` still notifies (none has since migration 3) is the variant measured */
const latestAppend = [...EVENT_STORE_MIGRATIONS].reverse().find((m) => m.sql.includes('FUNCTION ca_append('));
const oursWithoutNotify: System | undefined = latestAppend?.sql.includes(NOTIFY_LINE)
  ? {
      key: 'ours_no_notify',
      label: 'casino-audit PostgresEventStore with `pg_notify` removed from `ca_append` (diagnostic variant)',
      roundTrips: ours.roundTrips,
      async setup(url) {
        const pool = new Pool({ connectionString: url, max: 2 });
        try {
          await applySqlMigrations(
            pool,
            EVENT_STORE_MIGRATIONS.map((m) => ({ ...m, sql: m.sql.replace(NOTIFY_LINE, '-- pg_notify removed for the benchmark diagnostic') })),
          );
        } finally {
          await pool.end();
        }
      },
      openTrial: (url, tag, extra) => ours.openTrial(url, tag, extra),
    }
  : undefined;

let emmettModule: Promise<EmmettModule> | undefined;
/** Emmett ships CommonJS and ESM builds; require it, and fall back to a real dynamic import if need be. */
function loadEmmett(): Promise<EmmettModule> {
  emmettModule ??= (async () => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require('@event-driven-io/emmett-postgresql') as EmmettModule;
    } catch (error) {
      if ((error as NodeJS.ErrnoException | undefined)?.code !== 'ERR_REQUIRE_ESM') throw error;
      const dynamicImport = new Function('s', 'return import(s)') as (s: string) => Promise<EmmettModule>;
      return dynamicImport('@event-driven-io/emmett-postgresql');
    }
  })();
  return emmettModule;
}

function emmettVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('@event-driven-io/emmett-postgresql/package.json').version;
  } catch {
    try {
      const path = require.resolve('@event-driven-io/emmett-postgresql').replace(/dist[\\/].*$/, 'package.json');
      return JSON.parse(readFileSync(path, 'utf8')).version;
    } catch {
      return 'unknown';
    }
  }
}

const emmett: System = {
  key: 'emmett',
  label: 'Emmett PostgreSQL event store',
  roundTrips: '3 (`BEGIN`; unprepared `SELECT * FROM emt_append_to_stream(…)`; `COMMIT`)',
  async setup(url) {
    // its documented set-up: getPostgreSQLEventStore(connectionString) migrates on first use; here the
    // migration is run explicitly, once, so that no trial pays for it
    const { getPostgreSQLEventStore } = await loadEmmett();
    const pool = new Pool({ connectionString: url, max: 2 });
    try {
      const store = getPostgreSQLEventStore(url, { connectionOptions: { pool } });
      await store.schema.migrate();
    } finally {
      await pool.end();
    }
  },
  async openTrial(url, tag, extra) {
    const { getPostgreSQLEventStore } = await loadEmmett();
    const pool = await openPool(url, POOL_SIZE, extra);
    const store = getPostgreSQLEventStore(url, { connectionOptions: { pool }, schema: { autoMigration: 'None' } });
    const s = new Streams(tag);
    return {
      async append(w, size) {
        const events = [];
        for (let i = 0; i < size; i++) {
          events.push({
            type: 'BetPlaced',
            data: betPlaced(w, s.counters[w]++),
            metadata: { occurredAt: new Date().toISOString() },
          });
        }
        const result = await store.appendToStream(s.id(w), events, { expectedStreamVersion: BigInt(s.versions[w]) });
        s.versions[w] = Number(result.nextExpectedStreamVersion);
        return events.length;
      },
      close: async () => {
        await store.close();
        await pool.end();
      },
    };
  },
};

const RAW_SINGLE = 'INSERT INTO bench_raw (stream_id, version, data) VALUES ($1, $2, $3)';
const RAW_BATCH = `INSERT INTO bench_raw (stream_id, version, data) VALUES ${Array.from(
  { length: BATCH },
  (_, i) => `($${3 * i + 1}, $${3 * i + 2}, $${3 * i + 3})`,
).join(', ')}`;

const raw: System = {
  key: 'raw',
  label: 'raw INSERT (ceiling)',
  roundTrips: '1 (prepared single-row, or 10-row multi-row, `INSERT`, autocommit)',
  async setup(url) {
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(`CREATE TABLE bench_raw (
        id bigserial PRIMARY KEY, stream_id text NOT NULL, version integer NOT NULL, data jsonb NOT NULL)`);
    } finally {
      await c.end();
    }
  },
  async openTrial(url, tag, extra) {
    const pool = await openPool(url, POOL_SIZE, extra);
    const s = new Streams(tag);
    return {
      async append(w, size) {
        const streamId = s.id(w);
        const values: unknown[] = [];
        for (let i = 0; i < size; i++) values.push(streamId, ++s.versions[w], JSON.stringify(betPlaced(w, s.counters[w]++)));
        if (size === 1) await pool.query({ name: 'bench_raw_1', text: RAW_SINGLE, values });
        else if (size === BATCH) await pool.query({ name: 'bench_raw_10', text: RAW_BATCH, values });
        else throw new Error(`raw ceiling has no statement for ${size} rows`);
        return size;
      },
      close: () => pool.end(),
    };
  },
};

const SYSTEMS: readonly System[] = [ours, emmett, raw];

// ---------------------------------------------------------------------------------------------- probes

/** Cluster-wide WAL counters (pg_stat_wal, PostgreSQL ≥ 14); undefined where unavailable. */
interface WalCounters {
  readonly syncs: number;
  readonly bytes: number;
  readonly fullPages: number;
}

async function walCounters(stats: Client | undefined): Promise<WalCounters | undefined> {
  if (!stats) return undefined;
  try {
    const r = await stats.query('SELECT wal_sync::bigint AS syncs, wal_bytes::bigint AS bytes, wal_fpi::bigint AS fpi FROM pg_stat_wal');
    return { syncs: Number(r.rows[0].syncs), bytes: Number(r.rows[0].bytes), fullPages: Number(r.rows[0].fpi) };
  } catch {
    return undefined;
  }
}

export async function runTrial(
  ctx: SuiteContext,
  system: System,
  size: number,
  tag: string,
  stats: Client | undefined,
  poolExtra?: PoolConfig,
  workers = WORKERS,
): Promise<Measured> {
  const trial = await system.openTrial(system.db!.url, tag, poolExtra);
  let cpuA: ReturnType<typeof sampleMachineCpu>;
  let cpuB: ReturnType<typeof sampleMachineCpu>;
  let walA: WalCounters | undefined;
  let walB: WalCounters | undefined;
  const hooks: WindowHooks = {
    start: async () => {
      walA = await walCounters(stats);
      cpuA = sampleMachineCpu();
    },
    end: async () => {
      cpuB = sampleMachineCpu();
      walB = await walCounters(stats);
    },
  };
  try {
    const r = await measureThroughput(workers, (w) => trial.append(w, size), ctx.options.warmupSec, ctx.options.durationSec, hooks);
    return {
      ...r,
      machineBusy: machineBusy(cpuA, cpuB),
      walSyncsPerSec: walA && walB ? (walB.syncs - walA.syncs) / r.seconds : NaN,
      ...(walA && walB && r.units
        ? { walBytesPerEvent: (walB.bytes - walA.bytes) / r.units, walFullPagesPerEvent: (walB.fullPages - walA.fullPages) / r.units }
        : {}),
    };
  } finally {
    await trial.close();
  }
}

// ---------------------------------------------------------------------------------------------- the suite

/**
 * Emmett's PostgreSQL driver (dumbo) sets pg's global type parsers when it connects: int8 as BigInt, json and jsonb
 * through its own serializer. A suite run after this one in the same process (`npm run bench` runs them all) would
 * then read bigint columns as BigInt: the rebuild suite's table book stopped on "Cannot mix BigInt and other types".
 * The suite gives the parsers back as it found them.
 */
const PARSERS_EMMETT_SETS = [20, 114, 3802];
async function keepingPgTypeParsers<T>(run: () => Promise<T>): Promise<T> {
  const kept = PARSERS_EMMETT_SETS.map((oid) => [oid, types.getTypeParser(oid, 'text')] as const);
  try {
    return await run();
  } finally {
    for (const [oid, parse] of kept) types.setTypeParser(oid, 'text', parse);
  }
}

export const appendSuite: Suite = {
  name: 'append',
  title: 'Append throughput',
  async run(ctx) {
    const result = await keepingPgTypeParsers(() => measureAppend(ctx));
    if (ctx.options.json) {
      writeFileSync(ctx.options.json, appendResultJson(result));
      ctx.log(`append: result written to ${ctx.options.json} (render it again: node dist/bench/append-render.js ${ctx.options.json})`);
    }
    return renderAppend(result);
  },
};

/** Runs the trials and the diagnostic probes, each system in its own fresh database (dropped afterwards). */
export async function measureAppend(ctx: SuiteContext): Promise<AppendResult> {
  const { options } = ctx;
  const started = new Date();
  const uptimeBefore = uptimeLine();
  ctx.log(`append: load before: ${uptimeBefore}`);
  let stats: Client | undefined = new Client({ connectionString: options.adminUrl });
  try {
    await stats.connect();
  } catch {
    stats = undefined;
  }

  const workloads: WorkloadResult[] = [];
  const probes: ProbeResult[] = [];
  const systems: System[] = [...SYSTEMS, ...(oursWithoutNotify ? [oursWithoutNotify] : [])];
  try {
    for (const system of systems) {
      system.db = await createFreshDatabase(options.adminUrl, `append_${system.key}`);
      await system.setup(system.db.url);
      ctx.log(`append: ${system.label} ready in database ${system.db.name}`);
    }

    let tagSeq = 0;
    for (const size of [1, BATCH]) {
      const trials: Record<MainKey, Measured[]> = { ours: [], emmett: [], raw: [] };
      for (let t = 0; t < options.trials; t++) {
        for (const system of SYSTEMS) {
          const m = await runTrial(ctx, system, size, `t${tagSeq++}`, stats);
          trials[system.key as MainKey].push(m);
          ctx.log(
            `append: ${size === 1 ? 'single' : `batch ${size}`} trial ${t + 1}/${options.trials} ${system.key}: ` +
              `${fmtInt(m.perSecond)} events/s (client ${m.clientCores.toFixed(2)} cores, machine ${fmtPct(m.machineBusy)} busy)`,
          );
        }
      }
      workloads.push({ size, trials });
    }

    // evidence for what limits the figures: a few short probes, interleaved like the trials
    const durable: PoolConfig | undefined = undefined;
    const asyncCommit: PoolConfig = { options: '-c synchronous_commit=off' };
    const trialProbe =
      (system: System, workers: number, pool: PoolConfig | undefined): (() => Promise<Measured>) =>
      () =>
        runTrial(ctx, system, 1, `d${tagSeq++}`, stats, pool, workers);
    const plan: { key: ProbeKey; label: string; unit: string; shows: string; run: () => Promise<Measured> }[] = [
      {
        key: 'select1',
        label: `prepared \`SELECT 1\`, ${WORKERS} workers, no write`,
        unit: 'round trips/s',
        shows: 'the round-trip ceiling of this client, server and machine, with no commit at all',
        run: () => roundTripRate(ctx, raw.db!.url),
      },
      {
        key: 'raw1w',
        label: 'raw single-row `INSERT`, 1 worker',
        unit: 'events/s',
        shows: 'one durable commit at a time: each waits for its own WAL flush',
        run: trialProbe(raw, 1, durable),
      },
      {
        key: 'raw16',
        label: `raw single-row \`INSERT\`, ${WORKERS} workers`,
        unit: 'events/s',
        shows: 'workload (a) again, in the same window as the other probes',
        run: trialProbe(raw, WORKERS, durable),
      },
      {
        key: 'emmett16',
        label: `Emmett, one event per append, ${WORKERS} workers`,
        unit: 'events/s',
        shows: 'workload (a) again, in the same window as the other probes',
        run: trialProbe(emmett, WORKERS, durable),
      },
      {
        key: 'ours1w',
        label: 'ours, one event per append, 1 worker',
        unit: 'events/s',
        shows: 'our append with no concurrency',
        run: trialProbe(ours, 1, durable),
      },
      {
        key: 'ours16',
        label: `ours, one event per append, ${WORKERS} workers`,
        unit: 'events/s',
        shows: 'workload (a) again, in the same window as the other probes',
        run: trialProbe(ours, WORKERS, durable),
      },
      {
        key: 'oursAlone16',
        label: `ours, each append its own call (no group commit), one event per append, ${WORKERS} workers`,
        unit: 'events/s',
        shows: 'what one append costs when concurrent appends do not share a transaction (the store before group commit)',
        run: trialProbe(oursAlone(), WORKERS, durable),
      },
      ...(oursWithoutNotify
        ? [
            {
              key: 'oursNoNotify' as const,
              label: `ours with \`pg_notify\` removed from \`ca_append\`, one event per append, ${WORKERS} workers`,
              unit: 'events/s',
              shows: 'what the notification costs (a diagnostic variant in a scratch database, not the shipped store)',
              run: trialProbe(oursWithoutNotify, WORKERS, durable),
            },
          ]
        : []),
      {
        key: 'rawAsync',
        label: `raw single-row \`INSERT\`, ${WORKERS} workers, \`synchronous_commit=off\``,
        unit: 'events/s',
        shows: 'the raw ceiling without waiting for the commit flush',
        run: trialProbe(raw, WORKERS, asyncCommit),
      },
      {
        key: 'oursAsync',
        label: `ours, one event per append, ${WORKERS} workers, \`synchronous_commit=off\``,
        unit: 'events/s',
        shows: 'our append without waiting for the commit flush',
        run: trialProbe(ours, WORKERS, asyncCommit),
      },
      {
        key: 'oursAloneAsync',
        label: `ours, each append its own call, one event per append, ${WORKERS} workers, \`synchronous_commit=off\``,
        unit: 'events/s',
        shows: 'neither group commit nor the flush: the CPU cost of one append itself',
        run: trialProbe(oursAlone(), WORKERS, asyncCommit),
      },
      ...(oursWithoutNotify
        ? [
            {
              key: 'oursNoNotifyAsync' as const,
              label: `ours with \`pg_notify\` removed, one event per append, ${WORKERS} workers, \`synchronous_commit=off\``,
              unit: 'events/s',
              shows: 'neither the notification nor the flush: the CPU cost of the append itself',
              run: trialProbe(oursWithoutNotify, WORKERS, asyncCommit),
            },
          ]
        : []),
    ];
    const probeTrials = options.quick ? 1 : Math.min(3, options.trials);
    for (const p of plan) probes.push({ key: p.key, label: p.label, unit: p.unit, shows: p.shows, trials: [] });
    for (let t = 0; t < probeTrials; t++) {
      for (const [i, p] of plan.entries()) {
        const m = await p.run();
        probes[i].trials.push(m);
        ctx.log(`append: probe ${t + 1}/${probeTrials} ${p.key}: ${fmtInt(m.perSecond)} ${p.unit}`);
      }
    }
  } finally {
    await stats?.end().catch(() => undefined);
    for (const system of systems) {
      await system.db?.drop().catch((e) => ctx.log(`append: could not drop ${system.db?.name}: ${e}`));
      system.db = undefined;
    }
  }

  const uptimeAfter = uptimeLine();
  ctx.log(`append: load after: ${uptimeAfter}`);
  return {
    started: started.toISOString(),
    uptimeBefore,
    uptimeAfter,
    settings: {
      quick: options.quick,
      trials: options.trials,
      durationSec: options.durationSec,
      warmupSec: options.warmupSec,
      workers: WORKERS,
      poolSize: POOL_SIZE,
      batch: BATCH,
      eventBytes: sampleSize,
      serverUrl: redact(options.adminUrl),
    },
    machine: machineInfo(),
    server: ctx.server,
    versions: { emmett: emmettVersion(), pg: pgVersion() },
    systems: SYSTEMS.map(({ key, label, roundTrips }) => ({ key: key as MainKey, label, roundTrips })),
    workloads,
    probes,
  };
}

async function roundTripRate(ctx: SuiteContext, url: string): Promise<Measured> {
  const pool = await openPool(url, POOL_SIZE);
  let cpuA: ReturnType<typeof sampleMachineCpu>;
  let cpuB: ReturnType<typeof sampleMachineCpu>;
  try {
    const r = await measureThroughput(
      WORKERS,
      async () => {
        await pool.query({ name: 'bench_select_1', text: 'SELECT 1' });
        return 1;
      },
      ctx.options.warmupSec,
      ctx.options.durationSec,
      { start: () => void (cpuA = sampleMachineCpu()), end: () => void (cpuB = sampleMachineCpu()) },
    );
    return { ...r, machineBusy: machineBusy(cpuA, cpuB), walSyncsPerSec: NaN };
  } finally {
    await pool.end();
  }
}

function pgVersion(): string {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require('pg/package.json').version;
  } catch {
    return 'unknown';
  }
}
