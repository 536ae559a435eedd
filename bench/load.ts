/**
 * Sustained load over HTTP (issues 6 and 17): 3,000 events/s in requests of 50 events for 10 minutes
 * (`--quick`: 30 s) into the built app, from a separate process, on loopback. Each is an option
 * (`loadShape`): BENCH_LOAD_RATE (events/s), BENCH_LOAD_EVENTS_PER_REQUEST, BENCH_LOAD_SECONDS,
 * BENCH_LOAD_LANES; e.g. issue 6's run was BENCH_LOAD_RATE=1000. BENCH_LOAD_CPU_PROF=DIR profiles the server
 * (node --cpu-prof, written into DIR when it stops).
 *
 * - A rate sweep (issue 23 §1): BENCH_LOAD_RATES=1000,3000,6000,10000 runs each rate for BENCH_LOAD_SWEEP_SECONDS
 *   (default 60), each on a fresh database and server, one after another, and renders one summary table (and
 *   whether the machine was idle for each, from `uptime`) before the full section of the run at BENCH_LOAD_RATE.
 *   Unset, the suite is that one run alone.
 * - PostgreSQL is profiled in every run (bench/pg-sampler.ts): where its backends were every 100 ms (state × wait
 *   event × statement), the cluster's WAL and checkpoint counters and the server's CPU per thread every 10 s.
 * - BENCH_LOAD_SERVER_LOG=FILE keeps the server's log whole, at debug unless CASINO_AUDIT_LOG_LEVEL says otherwise
 *   (a sweep's runs in FILE.RATE), and the section gains the projector batches' phases per read model
 *   (bench/batch-phases.ts).
 *
 * - A fresh database; an admin credential issued beforehand with the CLI
 *   (`casino-audit credentials issue --role admin --subject bench --json`, DATABASE_URL set).
 * - The server: a child process, `node --max-semi-space-size=64 bin/casino-audit.js serve --host 127.0.0.1 --port P` (SERVER_NODE_FLAGS)
 *   (DATABASE_URL = the fresh database, CASINO_AUDIT_BOOTSTRAP=off): the API and its projectors.
 * - The load generator: another child process (bench/load-generator.ts), 50 simulated table facts per
 *   request, 60 requests/s (by default), on a fixed schedule; it stops by itself.
 * - This process samples the server's RSS and CPU every 200 ms (/proc) and polls the projection
 *   checkpoints every 50 ms. Projection lag of a request = the first poll at which a projection's
 *   checkpoint has passed the request's last event, minus the time the generator got the 200 answer
 *   (both on this machine's clock; the poll period adds up to 50 ms to each lag).
 * - Memory: RSS is a sawtooth (the heap grows between collections, and V8 keeps pages it freed), so it
 *   cannot tell a leak from garbage not yet collected. The server is started with `--expose-gc`, an IPC
 *   channel and CASINO_AUDIT_HEAP_PROBE=1 (the `serve` command's hook, apps/cli/src/commands.ts); every
 *   15 s this process asks it `{ probe: 'heap' }` and it answers `process.memoryUsage()` right after a
 *   forced full GC: its heapUsed then is the live heap. Flat = the Theil–Sen slope of that over the second
 *   half of the run is under 0.25 MiB/min. Each probe pauses the server for its GC (tens of ms), which the
 *   report states and whose effect on the lag figures it bounds.
 * - Ten minutes cannot tell a leak from a bounded cache still filling: heap snapshots can. For that
 *   (diagnosis, not a measurement), run with `--quick` (no results.md), BENCH_LOAD_SECONDS=N and
 *   NODE_OPTIONS='--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=DIR', `kill -USR2` the server's pid
 *   (logged) once the load is over, in runs of two lengths, and compare the snapshots. (A snapshot taken
 *   under load stalls the server for seconds, and the generator's keep-alive connections then fail.)
 */
import { ChildProcess, execFile, fork, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Pool } from 'pg';
import { BatchLine, parseBatchLog, renderBatchPhases } from './batch-phases';
import {
  busyNote,
  loadIsBusy,
  fmtMiB,
  loadAverages,
  fmtMs,
  fmtSec,
  inlineCode,
  headerLines,
  percentile,
  processCpuSeconds,
  processRss,
  uptimeLine,
  backendCpuSample,
  backendCpuSince,
} from './common';
import type { GeneratorResult, LoadConfig, RequestRecord } from './load-generator';
import { ActivityCount, BENCH_APPLICATION_NAME, PgProfile, renderPgProfile, serverThreadCores, startPgSampler, topActivity } from './pg-sampler';
import { createFreshDatabase, fmtInt, fmtPct, machineBusy, machineInfo, median, passFail, sampleMachineCpu, Suite, SuiteContext, table } from './support';

/** The load: how many events a second, in requests of how many, over how many lanes, for how long. */
export interface LoadShape {
  readonly eventsPerSecond: number;
  readonly eventsPerRequest: number;
  readonly requestsPerSecond: number;
  /** simulated casinos, one request in flight each: a lane waits for each answer before its next request */
  readonly lanes: number;
  readonly seconds: number;
}

/**
 * The load's shape from the environment (defaults: issue 17's 3,000 events/s, 50 events a request,
 * 600 s or 30 s with --quick). Lanes default to one per 2 requests/s (at least 10), so a lane has
 * 500 ms for each answer before it falls behind the schedule.
 */
export function loadShape(env: NodeJS.ProcessEnv, quick: boolean): LoadShape {
  const option = (name: string, fallback: number) => {
    if (env[name] === undefined || env[name] === '') return fallback;
    const n = Number(env[name]);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, not "${env[name]}"`);
    return n;
  };
  const eventsPerSecond = option('BENCH_LOAD_RATE', 3000);
  const eventsPerRequest = option('BENCH_LOAD_EVENTS_PER_REQUEST', 50);
  const requestsPerSecond = eventsPerSecond / eventsPerRequest;
  const lanes = option('BENCH_LOAD_LANES', Math.max(10, Math.ceil(requestsPerSecond / 2)));
  return { eventsPerSecond, eventsPerRequest, requestsPerSecond, lanes, seconds: option('BENCH_LOAD_SECONDS', quick ? 30 : 600) };
}
const POLL_MS = 50;
const RSS_MS = 200;
/** heap probe period: long enough that the forced GCs' pauses touch few requests */
const HEAP_MS = 15_000;
/**
 * flat = heap after GC grows less than this over the second half of the run (Theil–Sen slope): 1.25 MiB
 * over those 5 minutes, 360 MiB a day if it went on. The probes scatter a few tenths of a MiB around a line
 * (the batch in flight at the GC), which puts the slope's noise well under this.
 */
const TARGET_HEAP_SLOPE_MIB_PER_MIN = 0.25;
const TARGET_LAG_P99_MS = 1000;
const TABLE_BOOK = 'table-book';

const ROOT = path.resolve(__dirname, '..', '..');
const CLI = path.join(ROOT, 'bin', 'casino-audit.js');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

function issueCredential(databaseUrl: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [CLI, 'credentials', 'issue', '--role', 'admin', '--subject', 'bench', '--expires-in', '2h', '--json'],
      { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`credentials issue failed: ${error.message}\n${stderr}`));
        try {
          resolve(JSON.parse(stdout).secret);
        } catch {
          reject(new Error(`credentials issue printed no JSON: ${stdout.slice(0, 200)} ${stderr.slice(0, 200)}`));
        }
      },
    );
  });
}

/** The server's answer to `{ probe: 'heap' }` (apps/cli/src/commands.ts, `serve`): memory right after a forced GC. */
interface HeapReply {
  readonly gc: boolean;
  readonly gcMs: number;
  readonly rss: number;
  readonly heapTotal: number;
  readonly heapUsed: number;
  readonly external: number;
  readonly arrayBuffers: number;
}

interface HeapSample extends HeapReply {
  /** when the probe was sent / answered (epoch ms) */
  readonly t: number;
  readonly answered: number;
}

interface Server {
  readonly child: ChildProcess;
  readonly url: string;
  readonly output: string[];
  /** force a full GC in the server and read its memory (IPC) */
  heap(timeoutMs?: number): Promise<HeapReply>;
  stop(): Promise<number | string | null>;
}

/** Ask the server for its memory after a forced GC, over the IPC channel, matching answers by id. */
function heapProber(child: ChildProcess): (timeoutMs?: number) => Promise<HeapReply> {
  let next = 0;
  const waiting = new Map<number, (m: HeapReply) => void>();
  child.on('message', (message: unknown) => {
    const m = message as Partial<HeapReply> & { probe?: string; id?: number };
    if (m?.probe !== 'heap' || m.id === undefined) return;
    waiting.get(m.id)?.(m as HeapReply);
    waiting.delete(m.id);
  });
  return (timeoutMs = 10_000) =>
    new Promise<HeapReply>((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('heap probe: no answer'));
      }, timeoutMs);
      waiting.set(id, (m) => {
        clearTimeout(timer);
        resolve(m);
      });
      if (!child.connected) {
        clearTimeout(timer);
        waiting.delete(id);
        return reject(new Error('heap probe: no IPC channel (the server has exited?)'));
      }
      child.send({ probe: 'heap', id }, (e) => {
        if (!e) return;
        clearTimeout(timer);
        waiting.delete(id);
        reject(e);
      });
    });
}

/**
 * The V8 flags the server runs with in production (the Dockerfile's NODE_OPTIONS, `npm start`, `npm run demo`; docs/deployment.md):
 * a young generation of 64 MiB semi-spaces instead of 16, so a request's and a feed page's short-lived objects die
 * young rather than being promoted and marked (load probes of 2026-12-01 in bench/results.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

function startServer(databaseUrl: string, port: number, log: string | undefined): Promise<Server> {
  return new Promise((resolve, reject) => {
    // --expose-gc + IPC + CASINO_AUDIT_HEAP_PROBE: the heap probe (see the top of this file);
    // BENCH_LOAD_CPU_PROF=DIR: the server's CPU profile, written into DIR when it stops (diagnosis)
    const profile = process.env.BENCH_LOAD_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_LOAD_CPU_PROF}`] : [];
    const child = spawn(
      process.execPath,
      ['--expose-gc', ...SERVER_NODE_FLAGS, ...profile, CLI, '--lang', 'en', 'serve', '--host', '127.0.0.1', '--port', String(port)],
      {
        env: {
          // a kept log has the projector's batches and their phases (logged at debug) unless another level is asked for
          ...(log ? { CASINO_AUDIT_LOG_LEVEL: 'debug' } : {}),
          ...process.env,
          DATABASE_URL: databaseUrl,
          CASINO_AUDIT_BOOTSTRAP: 'off',
          CASINO_AUDIT_HEAP_PROBE: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    const heap = heapProber(child);
    // log=FILE (BENCH_LOAD_SERVER_LOG): the server's log kept whole, each projector batch and its phases among it; stop() waits for it to be written
    const logWritten = log
      ? new Promise<void>((resolve) => {
          const file = createWriteStream(log);
          file.on('close', resolve);
          file.on('error', () => resolve());
          child.stderr!.pipe(file);
        })
      : Promise.resolve();
    const output: string[] = [];
    let ready = false;
    const exited = new Promise<number | string | null>((r) => child.on('exit', (code, signal) => r(code ?? signal)));
    const timer = setTimeout(() => {
      if (!ready) {
        child.kill('SIGKILL');
        reject(new Error(`the server did not start within 120 s:\n${output.join('').slice(-2000)}`));
      }
    }, 120_000);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (output.length > 200) output.splice(0, output.length - 200);
      if (!ready && text.includes('listening on')) {
        ready = true;
        clearTimeout(timer);
        resolve({
          child,
          url: `http://127.0.0.1:${port}`,
          output,
          heap,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            const code = await Promise.race([exited, sleep(20_000).then(() => 'timeout' as const)]);
            if (code === 'timeout') child.kill('SIGKILL');
            const exitCode = await exited;
            await Promise.race([logWritten, sleep(5_000)]);
            return exitCode;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      if (!ready) {
        clearTimeout(timer);
        reject(new Error(`the server exited (${code}) before listening:\n${output.join('').slice(-2000)}`));
      }
    });
  });
}

/**
 * Fork the generator; `ready` once it has simulated and serialised every request's body (bench/load-generator.ts),
 * `go()` starts its clock. The timeout counts from `go()`.
 */
function runGenerator(config: LoadConfig, timeoutMs: number): { child: ChildProcess; ready: Promise<void>; go: () => void; done: Promise<GeneratorResult> } {
  // the generator with the server's young generation: it allocates a request's facts and JSON as the server does
  const child = fork(path.join(__dirname, 'load-generator.js'), [JSON.stringify(config)], {
    execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let timer: NodeJS.Timeout | undefined;
  let fail: (e: Error) => void = () => undefined;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const done = new Promise<GeneratorResult>((resolve, reject) => {
    fail = reject;
    let result: GeneratorResult | undefined;
    child.on('message', (m: unknown) => {
      const type = (m as { type?: string } | null)?.type;
      if (type === 'ready') markReady();
      if (type === 'result') result = m as GeneratorResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && result) resolve(result);
      else reject(new Error(`load: the generator exited with code ${code}${result ? '' : ' without a result'}`));
    });
  });
  const go = () => {
    timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error('load: the generator did not finish in time'));
    }, timeoutMs);
    child.send({ type: 'go' });
  };
  // a generator that dies while simulating rejects `ready` too
  return { child, ready: Promise.race([ready, done.then(() => undefined)]), go, done };
}

interface CheckpointPoll {
  readonly t: number;
  /** projection → [transaction id, global position] */
  readonly checkpoints: Map<string, [bigint, bigint]>;
  /** projection → events it has applied (the checkpoint's count) */
  readonly counts: Map<string, number>;
  /** events in the store (the head's global position: the store's positions have no gaps here) */
  readonly head: number;
}

interface ServerSample {
  readonly t: number;
  readonly rss: number;
  readonly cpu: number;
}

/** Poll until stopped (a stop() that resolves when the loop has ended). */
function every(ms: number, fn: () => Promise<void> | void): { stop(): Promise<void> } {
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const t0 = Date.now();
      try {
        await fn();
      } catch {
        /* a failed sample is skipped */
      }
      await sleep(Math.max(0, ms - (Date.now() - t0)));
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}

const MiB = 2 ** 20;
const fmtMiB1 = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(1)} MiB` : 'n/a');
const fmtSlope = (bytesPerMin: number) =>
  Number.isFinite(bytesPerMin) ? `${bytesPerMin >= 0 ? '+' : '−'}${(Math.abs(bytesPerMin) / MiB).toFixed(2)} MiB/min` : 'n/a';

const fmtSlopeAbs = (bytesPerMin: number) => (Number.isFinite(bytesPerMin) ? `${(Math.abs(bytesPerMin) / MiB).toFixed(2)} MiB/min` : 'n/a');

/** Theil–Sen slope (median of the slopes between every pair of points), y per minute; robust to a few outliers. */
function theilSenPerMin(points: readonly { t: number; y: number }[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < points.length; i++) {
    for (let j = i + 1; j < points.length; j++)
      if (points[j].t !== points[i].t) slopes.push((points[j].y - points[i].y) / ((points[j].t - points[i].t) / 60_000));
  }
  return points.length >= 3 ? median(slopes) : NaN;
}

/** Least-squares fit: slope (y per minute), its standard error, and the residuals' standard deviation. */
function leastSquaresPerMin(points: readonly { t: number; y: number }[]): { slope: number; se: number; sd: number } {
  if (points.length < 3) return { slope: NaN, se: NaN, sd: NaN };
  const mt = points.reduce((a, p) => a + p.t, 0) / points.length;
  const my = points.reduce((a, p) => a + p.y, 0) / points.length;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - mt) * (p.y - my);
    den += (p.t - mt) ** 2;
  }
  if (!den) return { slope: NaN, se: NaN, sd: NaN };
  const b = num / den;
  const rss = points.reduce((a, p) => a + (p.y - my - b * (p.t - mt)) ** 2, 0);
  const sd = Math.sqrt(rss / (points.length - 2));
  return { slope: b * 60_000, se: (sd / Math.sqrt(den)) * 60_000, sd };
}

const passed = (cp: [bigint, bigint] | undefined, tx: bigint, gp: bigint) => !!cp && (cp[0] > tx || (cp[0] === tx && cp[1] >= gp));

export const loadSuite: Suite = {
  name: 'load',
  title: 'Sustained HTTP load (BENCH_LOAD_RATE events/s, default 3,000; BENCH_LOAD_RATES sweeps rates)',
  async run(ctx: SuiteContext): Promise<string> {
    const shape = loadShape(process.env, ctx.options.quick);
    const serverLog = process.env.BENCH_LOAD_SERVER_LOG || undefined;
    const sweep = sweepOptions(process.env);
    const out: string[] = [];
    if (sweep) {
      const runs: LoadRun[] = [];
      for (const rate of sweep.rates) {
        const rateShape = loadShape({ ...process.env, BENCH_LOAD_RATE: String(rate), BENCH_LOAD_SECONDS: String(sweep.seconds) }, ctx.options.quick);
        ctx.log(`load: sweep, ${fmtInt(rate)} events/s for ${sweep.seconds} s`);
        runs.push(await runLoad(ctx, rateShape, serverLog && `${serverLog}.${rate}`));
      }
      out.push(renderSweep(runs.map(sweepRow), sweep.seconds, machineInfo().cpus), '');
    }
    out.push(render(ctx, await runLoad(ctx, shape, serverLog)));
    return out.join('\n');
  },
};

/** BENCH_LOAD_RATES=1000,3000,… (events/s, each on a fresh database and server) for BENCH_LOAD_SWEEP_SECONDS (default 60) each; none when unset. */
export function sweepOptions(env: NodeJS.ProcessEnv): { rates: number[]; seconds: number } | undefined {
  if (!env.BENCH_LOAD_RATES) return undefined;
  const rates = env.BENCH_LOAD_RATES.split(',').map((x) => x.trim());
  if (!rates.every((x) => /^[1-9]\d*$/.test(x)))
    throw new Error(`BENCH_LOAD_RATES must be positive whole numbers separated by commas, not "${env.BENCH_LOAD_RATES}"`);
  const seconds = env.BENCH_LOAD_SWEEP_SECONDS ? Number(env.BENCH_LOAD_SWEEP_SECONDS) : 60;
  if (!Number.isInteger(seconds) || seconds <= 0)
    throw new Error(`BENCH_LOAD_SWEEP_SECONDS must be a positive whole number, not "${env.BENCH_LOAD_SWEEP_SECONDS}"`);
  return { rates: rates.map(Number), seconds };
}

/** What one run at one rate measured: everything its section is rendered from. */
export interface LoadRun {
  readonly started: Date;
  readonly uptimeBefore: string;
  readonly uptimeAfter: string;
  readonly shape: LoadShape;
  readonly seconds: number;
  readonly result: GeneratorResult;
  readonly polls: CheckpointPoll[];
  readonly serverSamples: ServerSample[];
  readonly heapSamples: HeapSample[];
  readonly probeFailures: string[];
  readonly txOf: Map<string, bigint>;
  readonly projectionNames: string[];
  readonly backendCores: number;
  readonly machineBusy: number;
  readonly storedEvents: number;
  readonly exitCode: number | string | null;
  readonly dbName: string;
  readonly serverErrors: string[];
  readonly pg: PgProfile;
  /** the projector's batches from the server's log (when it was kept: BENCH_LOAD_SERVER_LOG) */
  readonly batches?: BatchLine[];
}

/** One run of the load at `shape` on a fresh database and server; `serverLog`: where the server's log is kept whole. */
async function runLoad(ctx: SuiteContext, shape: LoadShape, serverLog: string | undefined): Promise<LoadRun> {
  const started = new Date();
  const uptimeBefore = uptimeLine();
  const { seconds } = shape;
  const db = await createFreshDatabase(ctx.options.adminUrl, 'load');
  let server: Server | undefined;
  let generator: ChildProcess | undefined;
  let pgSampler: { stop(): Promise<PgProfile> } | undefined;
  // the bench's own connections are named, so that the PostgreSQL profile leaves them out
  const pool = new Pool({ connectionString: db.url, max: 2, application_name: BENCH_APPLICATION_NAME });
  pool.on('error', () => undefined);
  try {
    ctx.log(`load: database ${db.name}; issuing an admin credential with the CLI`);
    const token = await issueCredential(db.url);
    const port = await freePort();
    server = await startServer(db.url, port, serverLog);
    const serverPid = server.child.pid!;
    ctx.log(
      `load: server pid ${serverPid} on ${server.url}; ${shape.eventsPerRequest} events × ${shape.requestsPerSecond} requests/s over ${shape.lanes} lanes for ${seconds} s from a separate process`,
    );

    const g = runGenerator(
      {
        url: server.url,
        token,
        eventsPerRequest: shape.eventsPerRequest,
        requestsPerSecond: shape.requestsPerSecond,
        seconds,
        lanes: shape.lanes,
        seed: 4242,
        runTag: Date.now().toString(36),
      },
      (seconds + 180) * 1000,
    );
    generator = g.child;
    const simulating = Date.now();
    await g.ready;
    ctx.log(`load: the generator simulated and serialised every request in ${fmtSec((Date.now() - simulating) / 1000)}; the clock starts`);

    const polls: CheckpointPoll[] = [];
    const poller = every(POLL_MS, async () => {
      const r = await pool.query(
        'SELECT name, transaction_id::text AS tx, global_position::text AS gp, events, coalesce((SELECT global_position FROM ca_events ORDER BY global_position DESC LIMIT 1), 0) AS head FROM ca_projection_checkpoints',
      );
      polls.push({
        t: now(),
        checkpoints: new Map(r.rows.map((x) => [x.name as string, [BigInt(x.tx), BigInt(x.gp)] as [bigint, bigint]])),
        counts: new Map(r.rows.map((x) => [x.name as string, Number(x.events)])),
        head: Number(r.rows[0]?.head ?? 0),
      });
    });
    const serverSamples: ServerSample[] = [];
    const sampler = every(RSS_MS, () => {
      serverSamples.push({ t: now(), rss: processRss(serverPid), cpu: processCpuSeconds(serverPid) });
    });
    // the live heap after a forced GC, every HEAP_MS from before the load starts to after the drain
    const heapSamples: HeapSample[] = [];
    const probeFailures: string[] = [];
    const live = server;
    const probeHeap = async () => {
      const t = now();
      try {
        heapSamples.push({ ...(await live.heap()), t, answered: now() });
      } catch (e) {
        if (probeFailures.length < 5) probeFailures.push(e instanceof Error ? e.message : String(e));
      }
    };
    const heapSampler = every(HEAP_MS, probeHeap);
    const m0 = sampleMachineCpu();
    const be0 = await backendCpuSample(pool);
    pgSampler = await startPgSampler(ctx.options.adminUrl, db.name, serverPid);
    g.go();
    const progress = setInterval(() => {
      const last = serverSamples[serverSamples.length - 1];
      const h = heapSamples[heapSamples.length - 1];
      ctx.log(
        `load: ${fmtSec((now() - started.getTime()) / 1000)} elapsed; server RSS ${last ? fmtMiB(last.rss) : '?'}, heap after GC ${h ? fmtMiB1(h.heapUsed) : '?'}`,
      );
    }, 60_000);
    let result: GeneratorResult;
    try {
      result = await g.done;
    } finally {
      clearInterval(progress);
    }
    const pg = await pgSampler.stop();
    pgSampler = undefined;
    const be = backendCpuSince(be0, await backendCpuSample(pool));
    const busy = machineBusy(m0, sampleMachineCpu());

    // let the projectors finish the last requests (bounded), then stop sampling
    const accepted = result.records.filter((x) => x.status === 200 && x.maxPosition !== undefined);
    const positions = [...new Set(accepted.map((x) => x.maxPosition!))];
    const txOf = new Map<string, bigint>();
    for (let i = 0; i < positions.length; i += 5000) {
      const r = await pool.query('SELECT global_position::text AS gp, transaction_id::text AS tx FROM ca_events WHERE global_position = ANY ($1::bigint[])', [
        positions.slice(i, i + 5000),
      ]);
      for (const row of r.rows) txOf.set(row.gp, BigInt(row.tx));
    }
    const projectionNames = (await pool.query('SELECT name FROM ca_projection_checkpoints WHERE name NOT LIKE $1 ORDER BY name', ['%\\_\\_rebuild'])).rows.map(
      (x) => x.name as string,
    );
    const lastAccepted = accepted.reduce<RequestRecord | undefined>((a, b) => (!a || BigInt(b.maxPosition!) > BigInt(a.maxPosition!) ? b : a), undefined);
    const drainStart = Date.now();
    while (lastAccepted && Date.now() - drainStart < 60_000) {
      const p = polls[polls.length - 1];
      const tx = txOf.get(lastAccepted.maxPosition!)!;
      if (p && projectionNames.every((n) => passed(p.checkpoints.get(n), tx, BigInt(lastAccepted.maxPosition!)))) break;
      await sleep(POLL_MS);
    }
    await sleep(2 * POLL_MS);
    await poller.stop();
    await sampler.stop();
    await heapSampler.stop();
    await probeHeap(); // once more, the load over and the projectors drained
    const storedEvents = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    ctx.log(
      `load: heap after GC per probe (s into the run: MiB): ${heapSamples.map((x) => `${((x.t - result.start) / 1000).toFixed(0)}:${(x.heapUsed / 2 ** 20).toFixed(1)}`).join(' ')}`,
    );
    const exitCode = await server.stop();
    const serverErrors = server.output
      .join('')
      .split('\n')
      .filter((l) => /projector stopped|error|Error/.test(l))
      .slice(0, 5);
    server = undefined;
    const uptimeAfter = uptimeLine();
    return {
      started,
      uptimeBefore,
      uptimeAfter,
      shape,
      seconds,
      result,
      polls,
      serverSamples,
      heapSamples,
      probeFailures,
      txOf,
      projectionNames,
      backendCores: be / ((result.end - result.start) / 1000),
      machineBusy: busy,
      storedEvents,
      exitCode,
      dbName: db.name,
      serverErrors,
      pg,
      batches: serverLog ? parseBatchLog(await readFile(serverLog, 'utf8').catch(() => '')) : undefined,
    };
  } finally {
    if (generator && generator.exitCode === null) generator.kill('SIGKILL');
    await pgSampler?.stop().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await db.drop().catch((e) => ctx.log(`load: could not drop ${db.name}: ${e.message}`));
  }
}

/** The requests' figures: answered, failed, not sent, the rate achieved, the latencies. */
function requestFigures(r: LoadRun) {
  const { records, start } = r.result;
  const ok = records.filter((x) => x.status === 200);
  const errors = records.filter((x) => x.status !== 200);
  const acceptedEvents = ok.reduce((a, x) => a + x.appended, 0);
  const lastDone = Math.max(...records.map((x) => x.done));
  return {
    ok,
    errors,
    notSent: Math.round(r.seconds * r.shape.requestsPerSecond) - records.length,
    acceptedEvents,
    lastDone,
    achieved: acceptedEvents / ((lastDone - start) / 1000),
    latency: ok.map((x) => x.done - x.sent),
  };
}

/** Projection lag per accepted request: the first poll at which every named checkpoint has passed its last event, less its answer. */
function projectionLags(r: LoadRun, names: readonly string[]) {
  const lags: number[] = [];
  const byRequest = new Map<number, number>();
  const seenAt = new Map<number, number>();
  let unseen = 0;
  let j0 = 0;
  const sorted = r.result.records.filter((x) => x.status === 200 && x.maxPosition !== undefined).sort((a, b) => a.done - b.done);
  for (const x of sorted) {
    const gp = BigInt(x.maxPosition!);
    const tx = r.txOf.get(x.maxPosition!);
    if (tx === undefined) {
      unseen++;
      continue;
    }
    // polls before the request was sent cannot show it; start there
    while (j0 < r.polls.length && r.polls[j0].t < x.sent) j0++;
    let seen: number | undefined;
    for (let j = j0; j < r.polls.length; j++) {
      if (names.every((n) => passed(r.polls[j].checkpoints.get(n), tx, gp))) {
        seen = r.polls[j].t;
        break;
      }
    }
    if (seen === undefined) unseen++;
    else {
      lags.push(Math.max(0, seen - x.done));
      byRequest.set(x.i, Math.max(0, seen - x.done));
      seenAt.set(x.i, seen);
    }
  }
  return { lags, unseen, byRequest, seenAt };
}

/** The server's RSS and CPU samples within the load (from the first request due to the generator's end). */
function serverSamplesIn(r: LoadRun) {
  const inRun = r.serverSamples.filter((x) => Number.isFinite(x.rss) && x.t >= r.result.start && x.t <= r.result.end);
  const first = inRun[0];
  const last = inRun[inRun.length - 1];
  return { inRun, first, last, cores: first && last && last.t > first.t ? (last.cpu - first.cpu) / ((last.t - first.t) / 1000) : NaN };
}

/** One rate of a sweep, as its summary row shows it. */
export interface SweepRow {
  readonly rate: number;
  readonly achieved: number;
  readonly requests: number;
  readonly errors: number;
  readonly notSent: number;
  readonly requestP99: number;
  readonly tableBookLagP99: number;
  readonly tableBookUnseen: number;
  readonly allLagP99: number;
  readonly allUnseen: number;
  /** the read model furthest behind at the last poll (after the drain): events behind the head */
  readonly behindAtEnd: number;
  /** the live heap after a forced GC, at the last probe (after the drain); bytes */
  readonly heapAfterDrain: number;
  readonly serverCores: number;
  readonly mainThreadCores: number;
  readonly pgCores: number;
  readonly topWaits: readonly { readonly row: ActivityCount; readonly share: number }[];
  readonly uptimeBefore: string;
  readonly uptimeAfter: string;
}

function sweepRow(r: LoadRun): SweepRow {
  const q = requestFigures(r);
  const tb = projectionLags(r, [TABLE_BOOK]);
  const all = projectionLags(r, r.projectionNames);
  const last = r.polls[r.polls.length - 1];
  const heap = r.heapSamples.filter((x) => x.gc);
  return {
    rate: r.shape.eventsPerSecond,
    achieved: q.achieved,
    requests: r.result.records.length,
    errors: q.errors.length,
    notSent: q.notSent,
    requestP99: percentile(q.latency, 0.99),
    tableBookLagP99: percentile(tb.lags, 0.99),
    tableBookUnseen: tb.unseen,
    allLagP99: percentile(all.lags, 0.99),
    allUnseen: all.unseen,
    behindAtEnd: last ? Math.max(0, ...r.projectionNames.map((n) => last.head - (last.counts.get(n) ?? 0))) : NaN,
    heapAfterDrain: heap.length ? heap[heap.length - 1].heapUsed : NaN,
    serverCores: serverSamplesIn(r).cores,
    mainThreadCores: serverThreadCores(r.pg).main,
    pgCores: r.backendCores,
    topWaits: topActivity(r.pg, 3),
    uptimeBefore: r.uptimeBefore,
    uptimeAfter: r.uptimeAfter,
  };
}

/** The sweep's summary: one row per rate, each run on a fresh database and server for `seconds`; whether the machine was idle for each. */
export function renderSweep(rows: readonly SweepRow[], seconds: number, cpus: number): string {
  const cores = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : 'n/a');
  const unseen = (n: number) => (n ? ` (${fmtInt(n)} never seen)` : '');
  const out: string[] = [
    `## Sustained HTTP load: rate sweep, ${rows.map((x) => fmtInt(x.rate)).join(', ')} events/s (issue 23 §1)`,
    '',
    `Each rate for ${seconds} s on a fresh database and a fresh server, one after another, as the full run below is measured (\`BENCH_LOAD_RATES\`, \`BENCH_LOAD_SWEEP_SECONDS\`). ` +
      'Lag p99 as in the full run (requests whose events a read model had not passed when sampling stopped are not in it, and are counted as never seen); "behind at the end" = events behind the head of the read model furthest behind, once the drain (up to 60 s) was over; ' +
      "heap = the live heap after a forced GC at the last probe, after the drain; CPU in cores over the load (the server process, its main thread, the database's PostgreSQL backends); the top rows of the PostgreSQL profile (share of samples = average backends in that state).",
    '',
    table(
      [
        'Rate asked',
        'Achieved',
        'Errors',
        'Request p99',
        'Table-book lag p99',
        'Every read model lag p99',
        'Behind at the end',
        'Live heap',
        'Server CPU (main thread)',
        'PostgreSQL CPU',
        "Where PostgreSQL's backends were (top 3)",
      ],
      rows.map((x) => [
        fmtInt(x.rate),
        fmtInt(x.achieved),
        `${fmtInt(x.errors)} of ${fmtInt(x.requests)}${x.notSent > 0 ? ` (${fmtInt(x.notSent)} not sent)` : ''}`,
        fmtMs(x.requestP99),
        `${fmtMs(x.tableBookLagP99)}${unseen(x.tableBookUnseen)}`,
        `${fmtMs(x.allLagP99)}${unseen(x.allUnseen)}`,
        fmtInt(x.behindAtEnd),
        fmtMiB1(x.heapAfterDrain),
        `${cores(x.serverCores)} (${cores(x.mainThreadCores)})`,
        cores(x.pgCores),
        x.topWaits.map(({ row, share }) => `${row.state} · ${row.wait} · ${row.statement} ${share.toFixed(2)}`).join('; ') || '—',
      ]),
      ['r', 'r', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
    '',
    ...rows.map((x) => {
      const before = loadAverages(x.uptimeBefore)[0] ?? NaN;
      const after = loadAverages(x.uptimeAfter)[0] ?? NaN;
      const idle = !Number.isNaN(before) && !loadIsBusy(before, cpus);
      return (
        `- ${fmtInt(x.rate)} events/s: the machine was ${idle ? 'idle' : '**busy with other work**'} when it started (1-minute load average ${before.toFixed(2)} on ${cpus} CPUs; ` +
        `${after.toFixed(2)} after it, which counts the run's own processes): \`${x.uptimeBefore}\` → \`${x.uptimeAfter}\`.`
      );
    }),
  ];
  return out.join('\n');
}

function render(ctx: SuiteContext, r: LoadRun): string {
  const { records, start, end } = r.result;
  const { eventsPerRequest, requestsPerSecond, eventsPerSecond, lanes } = r.shape;
  const { ok, errors, notSent, acceptedEvents, lastDone, achieved, latency } = requestFigures(r);
  const lateness = records.map((x) => x.sent - x.due);
  const late = lateness.filter((x) => x > 1000 / requestsPerSecond).length;

  const tb = projectionLags(r, [TABLE_BOOK]);
  const all = projectionLags(r, r.projectionNames);
  // requests a heap probe's forced GC could have delayed: a probe (asked → answered) overlapping the time
  // from sending the request to the poll that saw it in the table book
  const probeWindows = r.heapSamples.map((x) => [x.t, x.answered] as const);
  const touched = ok.filter((x) => tb.seenAt.has(x.i) && probeWindows.some(([a, b]) => a < tb.seenAt.get(x.i)! && b > x.sent));
  const touchedSet = new Set(touched.map((x) => x.i));
  const tbUntouched = ok.filter((x) => tb.byRequest.has(x.i) && !touchedSet.has(x.i)).map((x) => tb.byRequest.get(x.i)!);

  // server RSS over the run, at each tenth of the generator's time
  const ss = r.serverSamples.filter((x) => Number.isFinite(x.rss));
  const { inRun, first: firstIn, last: lastIn, cores: serverCores } = serverSamplesIn(r);
  const at = (f: number) => {
    const t = start + f * (end - start);
    return ss.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a));
  };
  const peak = Math.max(...inRun.map((x) => x.rss));
  const half = inRun.filter((x) => x.t >= start + (end - start) / 2);
  const rssSlopePerMin = half.length > 2 ? (half[half.length - 1].rss - half[0].rss) / ((half[half.length - 1].t - half[0].t) / 60000) : NaN;

  // the live heap: the server's heapUsed right after a forced full GC (only answers where gc() ran)
  const hs = r.heapSamples.filter((x) => x.gc);
  const gcExposed = r.heapSamples.length > 0 && r.heapSamples.every((x) => x.gc);
  const heapIn = hs.filter((x) => x.t >= start && x.t <= end);
  const heapBefore = hs.filter((x) => x.t < start).pop();
  const heapAfter = hs.filter((x) => x.t > end).pop();
  const heapSecond = heapIn.filter((x) => x.t >= start + (end - start) / 2);
  const pts = (xs: readonly HeapSample[]) => xs.map((x) => ({ t: x.t, y: x.heapUsed }));
  const heapSlope = theilSenPerMin(pts(heapSecond));
  const lsq = leastSquaresPerMin(pts(heapSecond));
  const heapSlopeWhole = theilSenPerMin(pts(heapIn));
  const thirdMedian = (k: number) =>
    median(heapIn.filter((x) => x.t >= start + (k * (end - start)) / 3 && (k === 2 || x.t < start + ((k + 1) * (end - start)) / 3)).map((x) => x.heapUsed));
  const thirds = [0, 1, 2].map(thirdMedian);
  const heapNearest = (f: number) => {
    const t = start + f * (end - start);
    return heapIn.length ? heapIn.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a)) : undefined;
  };
  /** enough probes in the second half to judge (a short smoke run has not) */
  const heapJudged = gcExposed && heapSecond.length >= 5;
  const heapFlat = heapJudged && heapSlope < TARGET_HEAP_SLOPE_MIB_PER_MIN * MiB;
  /** for the over-time table: the nearest probe, the ones before the load and after the drain included */
  const heapAt = (f: number) => {
    const t = start + f * (end - start);
    return hs.length ? hs.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a)) : undefined;
  };
  const gcPauses = r.heapSamples.map((x) => x.gcMs);
  const heapCriterion = `second-half slope < ${TARGET_HEAP_SLOPE_MIB_PER_MIN} MiB/min`;

  const out: string[] = [];
  out.push(`## Sustained HTTP load: ${fmtInt(eventsPerSecond)} events/s (issues 6 and 17)`);
  out.push('');
  if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): ${r.seconds} s instead of 10 minutes; not figures to cite.\n`);
  out.push(
    headerLines(ctx, 'load', r.started, r.uptimeBefore, r.uptimeAfter, [
      `- Server: \`node ${SERVER_NODE_FLAGS.join(' ')} bin/casino-audit.js serve --host 127.0.0.1 --port P\` in its own process (API + projectors following the feed), on a fresh database (\`${r.dbName}\`, dropped afterwards); credential issued beforehand with \`casino-audit credentials issue --role admin --subject bench --json\``,
      `- Load generator: another process (\`dist/bench/load-generator.js\`) on loopback: \`POST /api/v1/events\` with ${eventsPerRequest} simulated table facts per request (JSON array, \`Authorization: Bearer\`; every body simulated and serialised before the clock starts, so the run charges the machine with sending only, as terminals elsewhere would), ${requestsPerSecond} requests/s on a fixed schedule = ${fmtInt(eventsPerSecond)} events/s, for ${r.seconds} s; ` +
        `${lanes} independent simulated casinos (4 tables each), one per lane, each lane's requests in order (a lane sends its next request once the previous is answered)`,
      `- This process sampled the server's RSS and CPU every ${RSS_MS} ms and polled \`ca_projection_checkpoints\` every ${POLL_MS} ms; lag of a request = first poll at which the checkpoint has passed the request's last event − the time the generator received the 200 (the poll period adds up to ${POLL_MS} ms)`,
      `- Heap: the server ran with \`--expose-gc\`, an IPC channel and \`CASINO_AUDIT_HEAP_PROBE=1\` (the \`serve\` command's probe hook); every ${HEAP_MS / 1000} s, from before the load to after the drain, this process asked it for \`process.memoryUsage()\` right after a forced full GC (\`global.gc()\`): its \`heapUsed\` then is the live heap. ` +
        `Criterion for flat: the Theil–Sen slope (median of pairwise slopes) of that live heap over the second half of the run < ${TARGET_HEAP_SLOPE_MIB_PER_MIN} MiB/min (${fmtMiB1(TARGET_HEAP_SLOPE_MIB_PER_MIN * MiB * (r.seconds / 120))} over that half; ${fmtInt(TARGET_HEAP_SLOPE_MIB_PER_MIN * 1440)} MiB a day if it went on). Each forced GC pauses the server (${gcPauses.length} probes: median ${fmtMs(median(gcPauses))}, max ${fmtMs(gcPauses.length ? Math.max(...gcPauses) : NaN)}); RSS is kept as context`,
      `- PostgreSQL profile (bench/pg-sampler.ts): while the load ran, \`pg_stat_activity\` of the database every 100 ms (its client backends not idle, the bench's own left out), the cluster's \`pg_stat_wal\` and \`pg_stat_bgwriter\` and the server's CPU per thread (\`/proc/<pid>/task/*/stat\`) every 10 s`,
    ]).join('\n'),
  );
  const busy = busyNote(r.uptimeBefore, r.uptimeAfter);
  if (busy) out.push('', busy);

  out.push('', '### Results', '');
  out.push(
    table(
      ['Measure', 'Measured', 'Target', 'Result'],
      [
        [
          'Errors (non-200 answers, failed requests)',
          `${fmtInt(errors.length)} of ${fmtInt(records.length)} requests${notSent > 0 ? ` (${fmtInt(notSent)} planned requests not sent: a lane stops at its first error)` : ''}`,
          '0',
          passFail(errors.length === 0 && notSent === 0),
        ],
        [
          'Achieved rate (events accepted / time from the first request due to the last answer)',
          `${fmtInt(achieved)} events/s (${fmtInt(acceptedEvents)} events in ${fmtSec((lastDone - start) / 1000)})`,
          `${fmtInt(eventsPerSecond)} events/s`,
          passFail(achieved >= 0.98 * eventsPerSecond && errors.length === 0),
        ],
        [
          `Projection lag, table book (\`${TABLE_BOOK}\`)`,
          `p50 ${fmtMs(percentile(tb.lags, 0.5))}, p99 **${fmtMs(percentile(tb.lags, 0.99))}**, max ${fmtMs(Math.max(...tb.lags))} (${fmtInt(tb.lags.length)} requests${tb.unseen ? `, ${tb.unseen} never seen` : ''})`,
          `p99 < ${TARGET_LAG_P99_MS} ms`,
          passFail(percentile(tb.lags, 0.99) < TARGET_LAG_P99_MS && tb.unseen === 0),
        ],
        [
          `Projection lag, every read model (${r.projectionNames.length} projections)`,
          `p50 ${fmtMs(percentile(all.lags, 0.5))}, p99 ${fmtMs(percentile(all.lags, 0.99))}, max ${fmtMs(Math.max(...all.lags))}${all.unseen ? ` (${all.unseen} never seen)` : ''}`,
          '(context)',
          '',
        ],
        [
          'Server live heap (`heapUsed` right after a forced GC)',
          gcExposed
            ? `before the load ${fmtMiB1(heapBefore?.heapUsed ?? NaN)}; in the run: first ${fmtMiB1(heapIn[0]?.heapUsed ?? NaN)}, middle ${fmtMiB1(heapNearest(0.5)?.heapUsed ?? NaN)}, last ${fmtMiB1(heapIn[heapIn.length - 1]?.heapUsed ?? NaN)}; ` +
              `medians of the thirds ${thirds.map((x) => fmtMiB1(x)).join(' → ')}; second half: **${fmtSlope(heapSlope)}** (Theil–Sen, ${heapSecond.length} probes; least squares ${fmtSlope(lsq.slope)} ± ${fmtSlopeAbs(lsq.se)})`
            : `not measured: ${r.heapSamples.length ? 'the server had no gc() (not started with --expose-gc)' : `no probe answered${r.probeFailures.length ? ` (${r.probeFailures[0]})` : ''}`}`,
          `flat: ${heapCriterion}`,
          heapJudged ? passFail(heapFlat) : `n/a (${heapSecond.length} probe(s) in the second half; 5 needed)`,
        ],
        [
          'Server RSS',
          `start ${fmtMiB(firstIn?.rss)}, peak ${fmtMiB(peak)}, end ${fmtMiB(lastIn?.rss)}; second half: ${Number.isFinite(rssSlopePerMin) ? `${(rssSlopePerMin / 2 ** 20).toFixed(1)} MiB/min` : 'n/a'}`,
          '(context: a sawtooth, see the heap)',
          '',
        ],
        [
          'Request latency (send → 200)',
          `p50 ${fmtMs(percentile(latency, 0.5))}, p99 ${fmtMs(percentile(latency, 0.99))}, max ${fmtMs(Math.max(...latency))}`,
          '',
          '',
        ],
        ['Requests sent late (> one interval after due)', `${fmtInt(late)} (max ${fmtMs(Math.max(...lateness))} behind)`, '', ''],
      ],
      ['l', 'l', 'l', 'l'],
    ),
  );
  out.push(
    '',
    `Events in the store at the end: ${fmtInt(r.storedEvents)}. CPU during the run: server process ${Number.isFinite(serverCores) ? serverCores.toFixed(2) : 'n/a'} core(s), ` +
      `PostgreSQL backends of the database ${r.backendCores.toFixed(2)}, load generator ${(r.result.cpuSeconds / ((end - start) / 1000)).toFixed(2)}; whole machine ${fmtPct(r.machineBusy)} busy (all processes). The server, sent SIGTERM at the end, exited with ${typeof r.exitCode === 'number' ? `code ${r.exitCode}` : `signal ${r.exitCode}`}.`,
  );
  if (errors.length) {
    const byStatus: Record<string, number> = {};
    for (const e of errors) byStatus[e.status || 'network'] = (byStatus[e.status || 'network'] ?? 0) + 1;
    out.push(
      '',
      `Errors by status: ${Object.entries(byStatus)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')}; first: ${inlineCode(errors[0].error ?? '')}.`,
    );
    // each unanswered request, for the diagnosis: when, how long it waited, and on which kind of socket
    const unanswered = errors.filter((e) => !e.status);
    if (unanswered.length)
      out.push(
        '',
        `Requests without an answer${unanswered.length > 10 ? ' (the first 10)' : ''}: ${unanswered
          .slice(0, 10)
          .map(
            (e) =>
              `request ${fmtInt(e.i)} of lane ${e.lane}, sent ${fmtSec((e.sent - start) / 1000)} into the run, failed ${fmtMs(e.done - e.sent)} later on a ${
                e.reusedSocket === undefined ? 'socket of unknown kind' : e.reusedSocket ? 'reused keep-alive socket' : 'new socket'
              } (${inlineCode(e.error ?? '')})`,
          )
          .join('; ')}.`,
      );
  }

  out.push(
    '',
    r.serverErrors.length
      ? `Server output lines naming an error: ${r.serverErrors.map((l) => inlineCode(l.trim().slice(0, 200))).join('; ')}.`
      : 'The server printed no error (no `projector stopped` line).',
  );

  out.push('', '### Server memory and projection lag over the run', '');
  out.push(
    `"Live heap after GC" and "external after GC" = the heap probe nearest each tenth (every ${HEAP_MS / 1000} s, the one before the load and the one after the drain included; \`external\` includes Buffers and ArrayBuffers). ` +
      `"Events behind the head" = events in the store − events the projection has applied (its checkpoint's count), from the ${POLL_MS} ms poll nearest each tenth.`,
    '',
  );
  const tenths = Array.from({ length: 11 }, (_, i) => i / 10);
  const pollAt = (f: number) => {
    const t = start + f * (end - start);
    return r.polls.length ? r.polls.reduce((a, b) => (Math.abs(b.t - t) < Math.abs(a.t - t) ? b : a)) : undefined;
  };
  const lagIn = (lo: number, hi: number) => ok.filter((x) => x.done >= lo && x.done < hi && tb.byRequest.has(x.i)).map((x) => tb.byRequest.get(x.i)!);
  out.push(
    table(
      ['Time into the run', ...tenths.map((f) => `${Math.round(f * 100)} %`)],
      [
        ['Server RSS (MiB)', ...tenths.map((f) => (at(f).rss / 2 ** 20).toFixed(0))],
        ['Server live heap after GC (MiB)', ...tenths.map((f) => (heapAt(f) ? (heapAt(f)!.heapUsed / MiB).toFixed(1) : '—'))],
        ['Server external after GC (MiB)', ...tenths.map((f) => (heapAt(f) ? (heapAt(f)!.external / MiB).toFixed(1) : '—'))],
        [
          'Table-book lag p99 in the tenth ending here',
          '—',
          ...tenths.slice(1).map((f) => fmtMs(percentile(lagIn(start + (f - 0.1) * (end - start), start + f * (end - start) + (f === 1 ? 1e9 : 0)), 0.99))),
        ],
        ['Events in the store', ...tenths.map((f) => fmtInt(pollAt(f)?.head ?? NaN))],
        ...r.projectionNames.map((name) => [
          `\`${name}\`: events behind the head`,
          ...tenths.map((f) => {
            const p = pollAt(f);
            return p && p.counts.has(name) ? fmtInt(p.head - p.counts.get(name)!) : '—';
          }),
        ]),
      ],
      ['l', ...tenths.map(() => 'r' as const)],
    ),
  );

  out.push('', "### Where PostgreSQL's backends were (profile of the load)", '', renderPgProfile(r.pg, acceptedEvents));
  if (r.batches) out.push('', "### Where the projector's batches spent their time", '', renderBatchPhases(r.batches));

  out.push('', '### Reading', '');
  const lines: string[] = [];
  lines.push(
    errors.length === 0 && notSent === 0
      ? `- No errors: all ${fmtInt(records.length)} requests answered 200.`
      : `- ${fmtInt(errors.length)} request(s) failed; see above.`,
  );
  lines.push(
    `- The schedule held ${late === 0 ? 'throughout' : `except for ${late} request(s)`}: requests were answered in p99 ${fmtMs(percentile(latency, 0.99))}, well inside each lane's ${fmtMs((1000 / requestsPerSecond) * lanes)} between its requests` +
      (percentile(latency, 0.99) < (1000 / requestsPerSecond) * lanes ? '.' : ' — not so: the lanes fell behind.'),
  );
  lines.push(
    `- Table-book lag p99 ${fmtMs(percentile(tb.lags, 0.99))} ${percentile(tb.lags, 0.99) < TARGET_LAG_P99_MS ? `<` : `≥`} ${TARGET_LAG_P99_MS} ms target; every read model (the projector steps each of them once in every turn of a catch-up) p99 ${fmtMs(percentile(all.lags, 0.99))}.` +
      (tb.unseen
        ? ` The table-book checkpoint had still not passed the events of ${fmtInt(tb.unseen)} accepted request(s) when sampling stopped (the end of the run plus up to 60 s): their lag is over that and is not in the percentiles, so the p99 above understates it.`
        : ''),
  );
  const mid = pollAt(0.5);
  const last = pollAt(1);
  if (mid && last && last.head > mid.head) {
    const applied = (p: CheckpointPoll, n: string) => p.counts.get(n) ?? 0;
    const stalled = r.projectionNames.filter((n) => applied(last, n) === applied(mid, n));
    const advancing = r.projectionNames.filter((n) => applied(last, n) > applied(mid, n));
    if (stalled.length) {
      lines.push(
        `- From the middle of the run to its end ${stalled.map((n) => `\`${n}\``).join(', ')} applied no event at all (checkpoints standing at ${stalled.map((n) => fmtInt(applied(last, n))).join(', ')} events) while ` +
          (advancing.length
            ? `${advancing.map((n) => `\`${n}\` applied ${fmtInt(applied(last, n) - applied(mid, n))}`).join(', ')} of the ${fmtInt(last.head - mid.head)} events that arrived. `
            : `none advanced. `) +
          "`Projector.catchUp` (libs/projections/src/projector.ts) steps every read model once in each turn, so a read model that applied nothing had its batches refused or rolled back, or waited on its lock: see the server's log.",
      );
    }
  }
  if (gcExposed && heapIn.length) {
    lines.push(
      `- Memory is ${!heapJudged ? 'not judged (too few probes in the second half)' : heapFlat ? '**flat**' : '**not flat**'} by the criterion (${heapCriterion}): the live heap after a forced GC was ${fmtMiB1(heapBefore?.heapUsed ?? NaN)} before the load, ` +
        `${fmtMiB1(heapIn[0].heapUsed)} at the first probe of the run, ${fmtMiB1(heapNearest(0.5)?.heapUsed ?? NaN)} in the middle, ${fmtMiB1(heapIn[heapIn.length - 1].heapUsed)} at the last` +
        `${heapAfter ? ` and ${fmtMiB1(heapAfter.heapUsed)} after the drain` : ''}; over the second half it moved ${fmtSlope(heapSlope)} (Theil–Sen over ${heapSecond.length} probes; least squares ${fmtSlope(lsq.slope)}, standard error ${fmtSlopeAbs(lsq.se)}, probes scattered ${fmtMiB1(lsq.sd)} around the line; over the whole run ${fmtSlope(heapSlopeWhole)}). ` +
        `Its range over the run: ${fmtMiB1(Math.min(...heapIn.map((x) => x.heapUsed)))} to ${fmtMiB1(Math.max(...heapIn.map((x) => x.heapUsed)))}; \`external\` after GC ${fmtMiB1(heapIn[0].external)} → ${fmtMiB1(heapIn[heapIn.length - 1].external)}.` +
        (heapJudged && !heapFlat
          ? ' Growth within ten minutes is a leak or a bounded cache still filling: this run cannot tell which (heap snapshots can; see the top of bench/load.ts).'
          : ''),
    );
  } else {
    lines.push(
      `- The live heap was not measured (${r.heapSamples.length ? 'no gc() in the server' : 'no heap probe answered'}${r.probeFailures.length ? `: ${r.probeFailures[0]}` : ''}): no verdict on memory.`,
    );
  }
  if (r.probeFailures.length)
    lines.push(`- ${r.probeFailures.length}${r.probeFailures.length >= 5 ? '+' : ''} heap probe(s) failed: \`${r.probeFailures[0]}\`.`);
  lines.push(
    `- Server RSS (context) went from ${fmtMiB(firstIn?.rss)} to ${fmtMiB(lastIn?.rss)} (peak ${fmtMiB(peak)})` +
      (Number.isFinite(rssSlopePerMin) ? `; over the second half it moved ${(rssSlopePerMin / 2 ** 20).toFixed(1)} MiB per minute` : '') +
      ': RSS is a sawtooth of garbage not yet collected and pages V8 keeps after collecting, so it is no measure of a leak; the heap after GC above is.',
  );
  if (gcPauses.length) {
    lines.push(
      `- The heap probes disturb the run a little: each forced full GC stops the server (${gcPauses.length} probes, every ${HEAP_MS / 1000} s: pause median ${fmtMs(median(gcPauses))}, max ${fmtMs(Math.max(...gcPauses))}). ` +
        `${fmtInt(touched.length)} of ${fmtInt(tb.byRequest.size)} accepted requests (${fmtPct(touched.length / Math.max(1, tb.byRequest.size))}) were between their sending and their table-book poll during a probe; ` +
        `without them the table-book lag p99 is ${fmtMs(percentile(tbUntouched, 0.99))} (with them ${fmtMs(percentile(tb.lags, 0.99))}).`,
    );
  }
  out.push(lines.join('\n'));
  out.push('');
  return out.join('\n');
}
