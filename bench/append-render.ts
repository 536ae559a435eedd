/**
 * The append benchmark's section of bench/results.md, rendered from what bench/append.ts measured (issue 22 §3:
 * the benchmark measures, this file writes the tables). The text states figures and settings only; what they mean
 * is written by a person in docs/performance-notes.md.
 *
 * Render a saved run again without measuring: `node dist/bench/append-render.js FILE.json` prints the section
 * (FILE.json from `node dist/bench/run.js --suite append --json FILE.json`).
 */
import { readFileSync } from 'node:fs';
import { loadAverages, loadIsBusy } from './common';
import { fmtInt, fmtPct, fmtRatio, MachineInfo, median, passFail, ServerInfo, table, ThroughputResult } from './support';

/** The targets the append store is held to; the section says whether each run meets them. */
export const APPEND_TARGETS = {
  /** single-event appends, ours / Emmett's, events per second */
  singleVsEmmett: 2,
  /** single-event appends, ours / a raw single-row INSERT's */
  singleVsRaw: 0.75,
  /** ours, events per second in batches / in single events */
  batchVsSingle: 5,
} as const;

// ---------------------------------------------------------------------------------------------- the result

/** One trial's measured window. `machineBusy` and `walSyncsPerSec` are NaN where they could not be measured. */
export interface Measured extends ThroughputResult {
  /** fraction (0–1) of all the machine's cores busy in the window, every process counted */
  readonly machineBusy: number;
  /** WAL syncs per second, counted cluster-wide (pg_stat_wal) */
  readonly walSyncsPerSec: number;
  /** WAL bytes and full-page images written in the window per event appended, cluster-wide (pg_stat_wal) */
  readonly walBytesPerEvent?: number;
  readonly walFullPagesPerEvent?: number;
}

/** The compared systems. */
export type MainKey = 'ours' | 'emmett' | 'raw';

export interface AppendSystem {
  readonly key: MainKey;
  readonly label: string;
  /** round trips per append, from reading the code (client ↔ server) */
  readonly roundTrips: string;
}

/** One workload: `size` events per append, every trial of every system. */
export interface WorkloadResult {
  readonly size: number;
  readonly trials: Record<MainKey, Measured[]>;
}

/** The diagnostic probes (not compared against the targets). */
export type ProbeKey =
  | 'select1'
  | 'raw1w'
  | 'raw16'
  | 'emmett16'
  | 'ours1w'
  | 'ours16'
  | 'oursAlone16'
  | 'oursNoNotify'
  | 'rawAsync'
  | 'oursAsync'
  | 'oursAloneAsync'
  | 'oursNoNotifyAsync';

export interface ProbeResult {
  readonly key: ProbeKey;
  readonly label: string;
  /** what the rate counts ("events/s", "round trips/s") */
  readonly unit: string;
  /** what the probe measures, in the table's last column */
  readonly shows: string;
  readonly trials: Measured[];
}

/** One run of the append benchmark: the figures, and the settings, machine and server they were measured with. */
export interface AppendResult {
  /** ISO time the run started */
  readonly started: string;
  /** `uptime` before and after the run */
  readonly uptimeBefore: string;
  readonly uptimeAfter: string;
  readonly settings: {
    readonly quick: boolean;
    readonly trials: number;
    readonly durationSec: number;
    readonly warmupSec: number;
    readonly workers: number;
    readonly poolSize: number;
    /** events per append in workload (b) */
    readonly batch: number;
    /** bytes of JSON data in one appended event */
    readonly eventBytes: number;
    /** the server's URL, password redacted */
    readonly serverUrl: string;
  };
  readonly machine: MachineInfo;
  readonly server: ServerInfo;
  /** package versions: `@event-driven-io/emmett-postgresql` and `pg` */
  readonly versions: { readonly emmett: string; readonly pg: string };
  /** in the order of the tables' rows */
  readonly systems: readonly AppendSystem[];
  /** workload (a), one event per append, and (b), `settings.batch` events per append */
  readonly workloads: readonly WorkloadResult[];
  readonly probes: readonly ProbeResult[];
}

/** The result as JSON (JSON has no NaN: a figure that could not be measured is written `null`). */
export function appendResultJson(r: AppendResult): string {
  return `${JSON.stringify(r, null, 2)}\n`;
}

/** A result written by `appendResultJson`; `null` figures are read back as NaN (rendered "n/a", as when measured). */
export function parseAppendResult(text: string): AppendResult {
  const r = JSON.parse(text, (_key, value) => (value === null ? NaN : value)) as AppendResult;
  const sizes = r?.workloads?.map((w) => w.size) ?? [];
  if (!r?.settings || !sizes.includes(1) || !sizes.includes(r.settings.batch) || !Array.isArray(r.probes)) {
    throw new Error('not an append benchmark result: expected settings, workloads of 1 and of settings.batch events per append, and probes');
  }
  return r;
}

// ---------------------------------------------------------------------------------------------- the section

const medianOf = (xs: readonly Measured[], f: (m: Measured) => number) => median(xs.map(f));

export function renderAppend(r: AppendResult): string {
  const { settings: s, machine: m, server } = r;
  const single = r.workloads.find((w) => w.size === 1)!;
  const batch = r.workloads.find((w) => w.size === s.batch)!;
  const med = (w: WorkloadResult, k: MainKey) => medianOf(w.trials[k], (x) => x.perSecond);

  const oursSingle = med(single, 'ours');
  const emmettSingle = med(single, 'emmett');
  const rawSingle = med(single, 'raw');
  const oursBatch = med(batch, 'ours');
  const emmettBatch = med(batch, 'emmett');
  const rawBatch = med(batch, 'raw');

  const vsEmmett = oursSingle / emmettSingle;
  const vsRaw = oursSingle / rawSingle;
  const batchGain = oursBatch / oursSingle;

  const loadBefore = loadAverages(r.uptimeBefore);
  // the load before the run alone says whether other work was running: the load after it counts the run's own 16
  // workers and the server's backends (about 4 on 2 CPUs), so judged on it every run was "busy" (as busyNote in common.ts)
  const busyMachine = loadIsBusy(loadBefore[0] ?? 0, m.cpus);

  const out: string[] = [];
  out.push(`## Append throughput`);
  out.push('');
  if (s.quick) out.push('> **Quick smoke run** (`--quick`): one short trial per configuration; not figures to cite.\n');
  out.push(
    [
      `- Date: ${r.started}`,
      `- Command: \`npm run bench\` (this section alone: \`npm run build && node dist/bench/run.js --suite append${s.quick ? ' --quick' : ''}\`)`,
      `- Machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB RAM, ${m.platform}`,
      `- Node ${m.node}; Emmett (\`@event-driven-io/emmett-postgresql\`) ${r.versions.emmett}; pg ${r.versions.pg}`,
      `- PostgreSQL: ${server.version}`,
      `- Server settings: ${Object.entries(server.settings)
        .map(([k, v]) => `\`${k}=${v}\``)
        .join(', ')}`,
      `- PostgreSQL runs on the same machine as the client (they share the ${m.cpus} CPUs), reached at \`${s.serverUrl}\`; one fresh database per system, dropped afterwards`,
      `- ${s.workers} workers, each appending to its own table stream with its expected version; a pool of ${s.poolSize} connections per system, opened before each trial; events are contract \`BetPlaced\` facts with ~${s.eventBytes} bytes of JSON data`,
      `- ${s.trials} trial(s) per configuration, ${s.durationSec} s measured after ${s.warmupSec} s of warm-up, the systems interleaved (ours, Emmett, raw, ours, …); medians reported`,
      `- Load (\`uptime\`) before: \`${r.uptimeBefore}\``,
      `- Load (\`uptime\`) after: \`${r.uptimeAfter}\``,
    ].join('\n'),
  );
  if (busyMachine) {
    out.push('');
    out.push(
      `> This run was made while other work was running on the machine (1-minute load average above half the CPU count when it started, see \`uptime\` above; the load after it counts the run's own workers), so the absolute figures are noisy and lower than on an idle machine; interleaving the trials spreads that load over all three systems.`,
    );
  }

  const workloadTable = (w: WorkloadResult) =>
    table(
      [
        'System',
        'Median events/s',
        'Trials (events/s)',
        'Appends/s',
        'Node client CPU (cores)',
        'Machine CPU busy',
        'WAL syncs/s (cluster)',
        'Round trips per append',
      ],
      r.systems.map((system) => {
        const ts = w.trials[system.key];
        return [
          system.label,
          `**${fmtInt(median(ts.map((x) => x.perSecond)))}**`,
          ts.map((x) => fmtInt(x.perSecond)).join(', '),
          fmtInt(median(ts.map((x) => x.operations / x.seconds))),
          medianOf(ts, (x) => x.clientCores).toFixed(2),
          fmtPct(medianOf(ts, (x) => x.machineBusy)),
          fmtInt(medianOf(ts, (x) => x.walSyncsPerSec)),
          system.roundTrips,
        ];
      }),
      ['l', 'r', 'l', 'r', 'r', 'r', 'r', 'l'],
    );

  out.push('');
  out.push('### (a) One event per append');
  out.push('');
  out.push(workloadTable(single));
  out.push('');
  out.push(`### (b) ${s.batch}-event batches per append`);
  out.push('');
  out.push(
    `Ours: one \`append\` of ${s.batch} events to one stream; Emmett: \`appendToStream\` with ${s.batch} events; raw: one ${s.batch}-row multi-row \`INSERT\` (the ceiling for batches).`,
  );
  out.push('');
  out.push(workloadTable(batch));
  out.push('');
  out.push('### Ratios and targets');
  out.push('');
  out.push(
    table(
      ['Target', 'Measured (medians)', 'Required', 'Result'],
      [
        [
          'Single events: ours / Emmett',
          `${fmtRatio(vsEmmett)} (${fmtInt(oursSingle)} / ${fmtInt(emmettSingle)})`,
          `≥ ${APPEND_TARGETS.singleVsEmmett}×`,
          passFail(vsEmmett >= APPEND_TARGETS.singleVsEmmett),
        ],
        [
          'Single events: ours / raw ceiling',
          `${fmtPct(vsRaw)} (${fmtInt(oursSingle)} / ${fmtInt(rawSingle)})`,
          `≥ ${fmtPct(APPEND_TARGETS.singleVsRaw)}`,
          passFail(vsRaw >= APPEND_TARGETS.singleVsRaw),
        ],
        [
          `${s.batch}-event batches / single events (ours, events/s)`,
          `${fmtRatio(batchGain)} (${fmtInt(oursBatch)} / ${fmtInt(oursSingle)})`,
          `≥ ${APPEND_TARGETS.batchVsSingle}×`,
          passFail(batchGain >= APPEND_TARGETS.batchVsSingle),
        ],
      ],
      ['l', 'r', 'r', 'l'],
    ),
  );
  out.push('');
  out.push('For context (not targets):');
  out.push('');
  out.push(
    [
      `- ${s.batch}-event batches: ours / Emmett ${fmtRatio(oursBatch / emmettBatch)}; ours / raw ${s.batch}-row ceiling ${fmtPct(oursBatch / rawBatch)}.`,
      `- Batched / single in events/s: Emmett ${fmtRatio(emmettBatch / emmettSingle)}; raw ${fmtRatio(rawBatch / rawSingle)}.`,
    ].join('\n'),
  );

  out.push('');
  out.push(`### Diagnostics`);
  out.push('');
  out.push(
    `Short probes run after the trials above (${r.probes[0]?.trials.length ?? 0} trial(s) each, interleaved, same durations), for evidence of what limits the figures; they are not compared with the targets.`,
  );
  out.push('');
  out.push(
    table(
      ['Probe', 'Median rate', 'Trials', 'Node client CPU (cores)', 'Machine CPU busy', 'WAL syncs/s (cluster)', 'What it shows'],
      r.probes.map((p) => [
        p.label,
        `${fmtInt(medianOf(p.trials, (x) => x.perSecond))} ${p.unit}`,
        p.trials.map((x) => fmtInt(x.perSecond)).join(', '),
        medianOf(p.trials, (x) => x.clientCores).toFixed(2),
        fmtPct(medianOf(p.trials, (x) => x.machineBusy)),
        fmtInt(medianOf(p.trials, (x) => x.walSyncsPerSec)),
        p.shows,
      ]),
      ['l', 'r', 'l', 'r', 'r', 'r', 'l'],
    ),
  );

  // what the figures mean is judged by a person, not generated (issue 22 §3)
  out.push('');
  out.push('Interpretation: see docs/performance-notes.md');
  out.push('');
  return out.join('\n');
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) {
    console.error('usage: node dist/bench/append-render.js FILE.json   (a result saved by `node dist/bench/run.js --suite append --json FILE.json`)');
    process.exitCode = 2;
  } else {
    process.stdout.write(renderAppend(parseAppendResult(readFileSync(file, 'utf8'))));
  }
}
