/**
 * Benchmark runner: `npm run bench` (builds, then runs every registered suite) or
 * `node dist/bench/run.js [--suite NAME]… [--quick] [--trials N] [--duration S] [--warmup S] [--out FILE] [--json FILE]`.
 *
 * Each suite returns its own Markdown section; the runner writes the sections into bench/results.md
 * between `<!-- bench:NAME:begin -->` / `<!-- bench:NAME:end -->` markers, replacing the sections of the
 * suites it ran and keeping those of the others and any text written between sections, so later suites
 * (projection rebuild, replay latency, memory…) add their sections without disturbing earlier figures.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres.
 * `--quick` is a smoke run (1 trial of 2 s) and prints its Markdown instead of writing results.md
 * (unless `--out` is given).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { appendSuite } from './append';
import { archiveSuite } from './archive';
import { partitionsSuite } from './partitions';
import { appendDepthSuite } from './append-depth';
import { honestDaysSuite } from './honest-days';
import { loadSuite } from './load';
import { migrateSuite } from './migrate';
import { memorySuite } from './memory';
import { rebuildSuite } from './rebuild';
import { replaySuite } from './replay';
import { acrossStore, roundsPagesSuite } from './rounds-pages';
import { verifySuite } from './verify';
import { diskSuite } from './disk';
import { DEFAULT_STORE_EVENTS, storeEvents, storeName } from './store';
import { BenchOptions, machineBusy, machineInfo, resolveAdminUrl, sampleMachineCpu, serverInfo, Suite, SuiteContext } from './support';
import { loadIsBusy } from './common';

/** Registered suites, in the order they run and appear in the results. Add new suites here. */
export const SUITES: readonly Suite[] = [
  appendSuite,
  appendDepthSuite,
  rebuildSuite,
  replaySuite,
  memorySuite,
  verifySuite,
  diskSuite,
  loadSuite,
  roundsPagesSuite,
  honestDaysSuite,
  migrateSuite,
  archiveSuite,
  partitionsSuite,
];

const RESULTS = path.resolve(__dirname, '..', '..', 'bench', 'results.md');

interface Cli {
  suites: string[];
  quick: boolean;
  trials?: number;
  durationSec?: number;
  warmupSec?: number;
  out?: string;
  json?: string;
  help: boolean;
  list: boolean;
}

function parseArgs(argv: readonly string[]): Cli {
  const cli: Cli = { suites: [], quick: false, help: false, list: false };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
    return v;
  };
  const num = (v: string, flag: string) => {
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${flag}: not a positive number: ${v}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2) as [string, string | undefined];
    const take = () => inline ?? value(i++, flag);
    switch (flag) {
      case '--suite':
        cli.suites.push(...take().split(',').filter(Boolean));
        break;
      case '--quick':
        cli.quick = true;
        break;
      case '--trials':
        cli.trials = Math.round(num(take(), flag));
        break;
      case '--duration':
        cli.durationSec = num(take(), flag);
        break;
      case '--warmup':
        cli.warmupSec = num(take(), flag);
        break;
      case '--out':
        cli.out = take();
        break;
      case '--json':
        cli.json = path.resolve(take());
        break;
      case '--list':
        cli.list = true;
        break;
      case '--help':
      case '-h':
        cli.help = true;
        break;
      default:
        throw new Error(`unknown argument: ${argv[i]} (try --help)`);
    }
  }
  return cli;
}

const USAGE = `usage: node dist/bench/run.js [--suite NAME[,NAME]]… [--quick] [--trials N] [--duration S] [--warmup S] [--out FILE] [--json FILE] [--list]
  --suite     run only these suites (default: all): ${SUITES.map((s) => s.name).join(', ')}
  --quick     smoke run: 1 trial of 2 s after 0.5 s warm-up; prints Markdown, writes no file unless --out
  --trials    trials per configuration (default 5); --duration seconds per trial (default 5); --warmup (default 1)
  --out       results file (default bench/results.md)
  --json      the append suite also writes its measured result to FILE (render it again: node dist/bench/append-render.js FILE)
PostgreSQL: BENCH_DATABASE_URL, else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres`;

/** The suites that read the shared benchmark store (bench/store.ts), whose size BENCH_STORE_EVENTS sets. */
const STORE_SUITES: readonly Suite[] = [rebuildSuite, replaySuite, memorySuite, verifySuite, diskSuite, migrateSuite, archiveSuite];

/**
 * A suite's section in the results file: its name, and for a suite on a store of another size than the default
 * (issue 23 §3: 10,000,000 events) the store's name too, so that the 10M figures sit beside the 1M ones instead of
 * replacing them (`rebuild@bench_store_10m`).
 */
function sectionName(suite: Suite, quick: boolean): string {
  const n = storeEvents(quick);
  if (suite === roundsPagesSuite && acrossStore()) return `${suite.name}@${storeName(n)}`;
  return STORE_SUITES.includes(suite) && !quick && n !== DEFAULT_STORE_EVENTS ? `${suite.name}@${storeName(n)}` : suite.name;
}

const begin = (name: string) => `<!-- bench:${name}:begin -->`;
const end = (name: string) => `<!-- bench:${name}:end -->`;

const block = (name: string, body: string) => `${begin(name)}\n${body}\n${end(name)}`;

/**
 * The results file with the sections just produced: each replaces its own section where the file has one, a new
 * one is added at the end, and everything else (other suites' sections, and what people wrote between them) stays
 * as it was; the header above the first section is written again.
 */
function spliceSections(previous: string | undefined, produced: ReadonlyMap<string, string>): string {
  if (previous === undefined) return `${header()}\n${[...produced].map(([n, body]) => block(n, body)).join('\n\n')}\n`;
  const first = previous.indexOf('<!-- bench:');
  let text = `${header()}\n${first >= 0 ? previous.slice(first) : ''}`;
  for (const [name, body] of produced) {
    const re = new RegExp(`${begin(name)}\\n[\\s\\S]*?\\n${end(name)}`);
    text = re.test(text) ? text.replace(re, () => block(name, body)) : `${text.trimEnd()}\n\n${block(name, body)}\n`;
  }
  return text;
}

function header(): string {
  const m = machineInfo();
  return [
    '# casino-audit benchmarks',
    '',
    'Generated by `npm run bench` (`bench/run.ts`); each suite below writes its own section, with the date,',
    'machine and server it was measured on. Re-running one suite (`node dist/bench/run.js --suite NAME`) replaces',
    'only that section.',
    '',
    `Suites: ${SUITES.map((s) => `\`${s.name}\` (${s.title})`).join(', ')}. Last written ${new Date().toISOString()} on a ${m.cpus}-CPU machine, Node ${m.node}.`,
    '',
  ].join('\n');
}

async function main() {
  const cli = parseArgs(process.argv.slice(2));
  if (cli.help) {
    console.log(USAGE);
    return;
  }
  if (cli.list) {
    for (const s of SUITES) console.log(`${s.name}\t${s.title}`);
    return;
  }
  const unknown = cli.suites.filter((n) => !SUITES.some((s) => s.name === n));
  if (unknown.length) throw new Error(`unknown suite(s): ${unknown.join(', ')}; known: ${SUITES.map((s) => s.name).join(', ')}`);
  const selected = cli.suites.length ? SUITES.filter((s) => cli.suites.includes(s.name)) : SUITES;
  if (cli.json && !selected.includes(appendSuite)) throw new Error("--json saves the append suite's result: select it (--suite append)");

  const options: BenchOptions = {
    quick: cli.quick,
    trials: cli.trials ?? (cli.quick ? 1 : 5),
    durationSec: cli.durationSec ?? (cli.quick ? 2 : 5),
    warmupSec: cli.warmupSec ?? (cli.quick ? 0.5 : 1),
    adminUrl: resolveAdminUrl(),
    json: cli.json,
  };
  const server = await serverInfo(options.adminUrl);
  const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
  log(`${server.version.split(' on ')[0]}; synchronous_commit=${server.settings.synchronous_commit}; ${machineInfo().cpus} CPUs; Node ${process.version}`);
  log(`${options.trials} trial(s) × ${options.durationSec} s (+${options.warmupSec} s warm-up); suites: ${selected.map((s) => s.name).join(', ')}`);

  const ctx: SuiteContext = { options, server, log };
  const produced = new Map<string, string>();
  for (const [i, suite] of selected.entries()) {
    if (i > 0) await settle(log);
    log(`suite ${suite.name}: ${suite.title}`);
    produced.set(sectionName(suite, options.quick), (await suite.run(ctx)).trimEnd());
  }

  const target = cli.out ? path.resolve(cli.out) : cli.quick ? undefined : RESULTS;
  if (!target) {
    console.log([...produced.values()].join('\n\n'));
    log('quick run: results printed above, no file written (use --out FILE to keep them)');
    return;
  }
  writeFileSync(target, spliceSections(existsSync(target) ? readFileSync(target, 'utf8') : undefined, produced));
  log(`wrote ${path.relative(process.cwd(), target) || target}`);
}

/**
 * After a suite, wait for the 1-minute load average its own threads left behind to decay below half the
 * CPUs (it lags the work by a minute or more), so that the next suite's header does not call an idle
 * machine busy. Waits only while the machine is idle now (/proc/stat over 5 s); if other work is
 * running, there is nothing to wait for: the next suite starts and its header says so.
 */
async function settle(log: (m: string) => void, limitSec = 180): Promise<void> {
  const cpus = machineInfo().cpus;
  const t0 = Date.now();
  while (loadIsBusy(os.loadavg()[0], cpus) && Date.now() - t0 < limitSec * 1000) {
    const a = sampleMachineCpu();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const busy = machineBusy(a, sampleMachineCpu());
    if (busy > 0.25) {
      log(`the machine is busy with other work (${(busy * 100).toFixed(0)} % of its CPUs over 5 s): not waiting for the load average to fall`);
      return;
    }
  }
  if (Date.now() - t0 > 1_000)
    log(`waited ${((Date.now() - t0) / 1000).toFixed(0)} s for the previous suite's load average to fall (now ${os.loadavg()[0].toFixed(2)})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
