/**
 * Shared benchmark helpers: options, the PostgreSQL server under test and its fresh databases,
 * throughput trials, medians, and Markdown tables. Suites (bench/append.ts, …) build on these and
 * return their own Markdown section; bench/run.ts writes the sections into bench/results.md.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as os from 'node:os';
import { Client, Pool, PoolConfig } from 'pg';
import { storePoolConfig } from '../libs/event-store/src/postgres/pool';

// ---------------------------------------------------------------------------------------------- options

export interface BenchOptions {
  /** trials per configuration (the median is reported) */
  readonly trials: number;
  /** measured seconds per trial */
  readonly durationSec: number;
  /** unmeasured seconds before each trial's window */
  readonly warmupSec: number;
  readonly quick: boolean;
  /** the server's URL (admin: fresh databases are created from it) */
  readonly adminUrl: string;
  /** where a suite that returns a typed result also writes it as JSON (`--json FILE`; today the append suite) */
  readonly json?: string;
}

export interface SuiteContext {
  readonly options: BenchOptions;
  readonly server: ServerInfo;
  log(message: string): void;
}

/** A registered benchmark: returns its Markdown section (no top-level title; start at `##`). */
export interface Suite {
  readonly name: string;
  readonly title: string;
  run(ctx: SuiteContext): Promise<string>;
}

export function resolveAdminUrl(): string {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

// ---------------------------------------------------------------------------------------------- server

export interface ServerInfo {
  readonly version: string;
  readonly settings: Readonly<Record<string, string>>;
}

// besides the durability settings, the ones that shape a long run: how often WAL forces a checkpoint (max_wal_size,
// checkpoint_timeout), and whether anything analyses and vacuums the tables while it runs (autovacuum: off on the CI
// machine; the load runs of 2026-11-29 saw checkpoints every 2 minutes at 3,000 events/s), and how big a full-page
// image is (wal_compression: a 10M store's appends write one every other event, bench "append-depth")
const REPORTED_SETTINGS = [
  'synchronous_commit',
  'fsync',
  'wal_sync_method',
  'commit_delay',
  'full_page_writes',
  'wal_compression',
  'shared_buffers',
  'max_connections',
  'max_wal_size',
  'checkpoint_timeout',
  'autovacuum',
];

export async function serverInfo(adminUrl: string): Promise<ServerInfo> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    const version = (await c.query('SELECT version() AS v')).rows[0].v as string;
    const rows = (await c.query('SELECT name, setting, unit FROM pg_settings WHERE name = ANY ($1)', [REPORTED_SETTINGS])).rows;
    const settings: Record<string, string> = {};
    for (const name of REPORTED_SETTINGS) {
      const r = rows.find((x) => x.name === name);
      if (r) settings[name] = r.unit && r.unit !== '' ? `${r.setting} (unit ${r.unit})` : r.setting;
    }
    return { version, settings };
  } finally {
    await c.end();
  }
}

export interface FreshDatabase {
  readonly name: string;
  readonly url: string;
  drop(): Promise<void>;
}

/**
 * A new database on the server under test, empty, or a copy of `template` (a file copy: the fastest for
 * gigabytes; the template must have no connections); `drop()` removes it (forcefully).
 */
export async function createFreshDatabase(adminUrl: string, label: string, template?: string): Promise<FreshDatabase> {
  const name = `bench_${label}_${process.pid}_${Date.now().toString(36)}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  await adminQuery(adminUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY` : `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * A pool whose `max` connections are all opened before it is returned (so no trial pays for connecting), connected
 * as the product connects (`storePoolConfig`: no JIT).
 */
export async function openPool(url: string, max: number, extra: PoolConfig = {}): Promise<Pool> {
  const pool = new Pool({ ...storePoolConfig(url, max), idleTimeoutMillis: 0, ...extra });
  pool.on('error', () => undefined);
  const clients = await Promise.all(Array.from({ length: max }, () => pool.connect()));
  for (const c of clients) c.release();
  return pool;
}

// ---------------------------------------------------------------------------------------------- machine

export interface MachineInfo {
  readonly cpuModel: string;
  readonly cpus: number;
  readonly memoryGiB: number;
  readonly platform: string;
  readonly node: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpuModel: cpus[0]?.model?.trim() ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
  };
}

/** `uptime` as the shell prints it (load averages), or the load averages from Node if it is missing. */
export function uptimeLine(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(', ')}`;
  }
}

// ---------------------------------------------------------------------------------------------- trials

export interface ThroughputResult {
  /** units (events) per second in the measured window */
  readonly perSecond: number;
  readonly units: number;
  readonly seconds: number;
  /** this Node process's CPU use in the window, in cores (1.0 = one core busy) */
  readonly clientCores: number;
  readonly operations: number;
}

/** Called just before the measured window opens and just after it closes (e.g. to read server counters). */
export interface WindowHooks {
  start?(): Promise<void> | void;
  end?(): Promise<void> | void;
}

/**
 * Run `workers` concurrent loops of `op` (each returns the units it completed, e.g. events appended),
 * count only the completions inside the measured window (after the warm-up), then stop the loops and
 * wait for them to finish their last operation. The first error aborts the trial.
 */
export async function measureThroughput(
  workers: number,
  op: (worker: number) => Promise<number>,
  warmupSec: number,
  durationSec: number,
  window: WindowHooks = {},
): Promise<ThroughputResult> {
  let units = 0;
  let operations = 0;
  let stop = false;
  let failure: unknown;
  const loops = Array.from({ length: workers }, async (_, w) => {
    while (!stop) {
      try {
        const done = await op(w); // not `units += await op(w)`: that reads `units` before the await
        units += done;
        operations++;
      } catch (error) {
        failure ??= error;
        stop = true;
      }
    }
  });
  let u0 = 0;
  let o0 = 0;
  let u1 = 0;
  let o1 = 0;
  let t0 = 0n;
  let t1 = 0n;
  let cpu: NodeJS.CpuUsage = { user: 0, system: 0 };
  try {
    await sleep(warmupSec * 1000);
    await window.start?.();
    u0 = units;
    o0 = operations;
    const cpu0 = process.cpuUsage();
    t0 = process.hrtime.bigint();
    await sleep(durationSec * 1000);
    u1 = units;
    o1 = operations;
    t1 = process.hrtime.bigint();
    cpu = process.cpuUsage(cpu0);
    await window.end?.();
  } finally {
    stop = true;
    await Promise.all(loops);
  }
  if (failure) throw failure;
  const seconds = Number(t1 - t0) / 1e9;
  return {
    perSecond: (u1 - u0) / seconds,
    units: u1 - u0,
    seconds,
    clientCores: (cpu.user + cpu.system) / 1e6 / seconds,
    operations: o1 - o0,
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: readonly number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

// ---------------------------------------------------------------------------------------------- markdown

export function table(headers: readonly string[], rows: readonly (readonly (string | number)[])[], align?: readonly ('l' | 'r')[]): string {
  const sep = headers.map((_, i) => ((align?.[i] ?? 'l') === 'r' ? '---:' : '---'));
  const line = (cells: readonly (string | number)[]) => `| ${cells.map((c) => String(c).replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), `| ${sep.join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** 12345.6 -> "12,346" */
export const fmtInt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
export const fmtRatio = (n: number) => (Number.isFinite(n) ? `${n.toFixed(2)}×` : 'n/a');
export const fmtPct = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : 'n/a');
export const passFail = (ok: boolean) => (ok ? '**PASS**' : '**FAIL**');

// ---------------------------------------------------------------------------------------------- machine CPU

/** Whole-machine CPU counters (Linux /proc/stat), to tell how busy all cores were during a window. */
export interface CpuSample {
  readonly busy: number;
  readonly total: number;
}

export function sampleMachineCpu(): CpuSample | undefined {
  try {
    const text = readFileSync('/proc/stat', 'utf8');
    const fields = text.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest counted within user)
    const [user, nice, system, idle, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return undefined;
  }
}

/** Fraction (0–1) of all cores busy between two samples. */
export function machineBusy(a: CpuSample | undefined, b: CpuSample | undefined): number {
  if (!a || !b || b.total === a.total) return NaN;
  return (b.busy - a.busy) / (b.total - a.total);
}
