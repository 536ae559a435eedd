/**
 * Helpers shared by the rebuild, replay, memory and load suites (percentiles, the section's header
 * lines, load averages, memory formatting).
 */
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { machineInfo, SuiteContext, uptimeLine } from './support';

/** The q-quantile (0–1) of the values, nearest-rank. */
export function percentile(values: readonly number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan, the fields the suites read: https://www.postgresql.org/docs/current/sql-explain.html */
export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly 'Parent Relationship'?: string;
  readonly 'Sort Key'?: string[];
  readonly Plans?: PlanNode[];
}

/** A node of an `EXPLAIN (ANALYZE, BUFFERS)` plan: the rows it gave per loop, the loops, the blocks it read. */
export interface AnalyzedPlanNode extends PlanNode {
  readonly 'Actual Rows': number;
  readonly 'Actual Loops'?: number;
  readonly 'Rows Removed by Filter'?: number;
  readonly 'Shared Hit Blocks'?: number;
  readonly 'Shared Read Blocks'?: number;
  readonly Plans?: AnalyzedPlanNode[];
}

/** One statement's `EXPLAIN (ANALYZE, FORMAT JSON)`: its plan and the time it took. */
export interface AnalyzedPlan {
  readonly Plan: AnalyzedPlanNode;
  readonly 'Execution Time': number;
}

export const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

export const fmtMs = (n: number) => (Number.isFinite(n) ? (n >= 100 ? `${n.toFixed(0)} ms` : n >= 10 ? `${n.toFixed(1)} ms` : `${n.toFixed(2)} ms`) : 'n/a');
export const fmtMiB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 2 ** 20).toFixed(0)} MiB` : 'n/a');
/** Text shown as inline code in results.md: a backtick inside it would end the span, so it becomes a quote. */
export const inlineCode = (text: string) => `\`${text.replace(/`/g, "'")}\``;
export const fmtSec = (s: number) => (Number.isFinite(s) ? (s >= 100 ? `${s.toFixed(0)} s` : `${s.toFixed(1)} s`) : 'n/a');

export function loadAverages(uptime: string): number[] {
  const m = /load averages?:\s*([\d.]+),?\s+([\d.]+),?\s+([\d.]+)/.exec(uptime);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [];
}

export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

/** The command that reproduces one suite's section. */
export function reproduce(suite: string, quick: boolean): string {
  return `npm run build && node dist/bench/run.js --suite ${suite}${quick ? ' --quick' : ''}`;
}

/** The bullet lines every section starts with: date, command, machine, server, load before/after. */
export function headerLines(ctx: SuiteContext, suite: string, started: Date, uptimeBefore: string, uptimeAfter: string, extra: string[] = []): string[] {
  const m = machineInfo();
  return [
    `- Date: ${started.toISOString()}`,
    `- Command: \`${reproduce(suite, ctx.options.quick)}\` (all suites: \`npm run bench\`)`,
    `- Machine: ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGiB} GiB RAM, ${m.platform}; Node ${m.node}`,
    `- PostgreSQL: ${ctx.server.version.split(' on ')[0]} on the same machine, reached at \`${redact(ctx.options.adminUrl)}\`; settings: ${Object.entries(
      ctx.server.settings,
    )
      .map(([k, v]) => `\`${k}=${v}\``)
      .join(', ')}`,
    ...extra,
    `- Load (\`uptime\`) before: \`${uptimeBefore}\``,
    `- Load (\`uptime\`) after: \`${uptimeAfter}\``,
  ];
}

/** The rule every bench header uses: a 1-minute load average above half the CPUs means other work was running. */
export function loadIsBusy(load1: number, cpus = machineInfo().cpus): boolean {
  return load1 > cpus * 0.5;
}

/** A note when the machine was busy with other work (load above half its CPUs). */
export function busyNote(uptimeBefore: string, uptimeAfter: string): string | undefined {
  const cpus = machineInfo().cpus;
  // only the load before the run says whether other work was running: the load after it counts the run's own threads
  const before = loadAverages(uptimeBefore)[0] ?? 0;
  const after = loadAverages(uptimeAfter)[0] ?? 0;
  return loadIsBusy(before, cpus)
    ? `> Other work was running on this ${cpus}-CPU machine when the run started (1-minute load average ${before.toFixed(2)}, ${after.toFixed(2)} after it, which counts the run's own threads; see \`uptime\` above): the figures are lower and noisier than on an idle machine.`
    : undefined;
}

export { uptimeLine };

// ---------------------------------------------------------------------------------------------- process CPU

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[11] = utime, fields[12] = stime (after pid and comm), in clock ticks (100 Hz on Linux)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Resident set size of a process in bytes, from /proc (Linux); NaN elsewhere. */
export function processRss(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * CPU used by the PostgreSQL backends serving one database (same machine): sample before and after a
 * window; `since` gives the core-seconds the backends used in between (backends that appeared count from 0).
 */
export async function backendCpuSample(pool: Pool): Promise<Map<number, number>> {
  const r = await pool.query('SELECT pid FROM pg_stat_activity WHERE datname = current_database()');
  return new Map(r.rows.map((x: { pid: number }) => [x.pid, processCpuSeconds(x.pid)]));
}

export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpu] of after) if (Number.isFinite(cpu)) total += cpu - (before.get(pid) ?? 0);
  return total;
}
