/**
 * Helpers shared by the rebuild, replay, memory and load suites (percentiles, the section's header
 * lines, load averages, memory formatting).
 */
import { machineInfo, SuiteContext, uptimeLine } from './support';

/** The q-quantile (0–1) of the values, nearest-rank. */
export function percentile(values: readonly number[], q: number): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(q * s.length);
  return s[Math.min(s.length - 1, Math.max(0, rank - 1))];
}

export const mean = (values: readonly number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

export const fmtMs = (n: number) => (Number.isFinite(n) ? (n >= 100 ? `${n.toFixed(0)} ms` : n >= 10 ? `${n.toFixed(1)} ms` : `${n.toFixed(2)} ms`) : 'n/a');
export const fmtMiB = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 2 ** 20).toFixed(0)} MiB` : 'n/a');
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
    `- PostgreSQL: ${ctx.server.version.split(' on ')[0]} on the same machine, reached at \`${redact(ctx.options.adminUrl)}\`; settings: ${Object.entries(ctx.server.settings)
      .map(([k, v]) => `\`${k}=${v}\``)
      .join(', ')}`,
    ...extra,
    `- Load (\`uptime\`) before: \`${uptimeBefore}\``,
    `- Load (\`uptime\`) after: \`${uptimeAfter}\``,
  ];
}

/** A note when the machine was busy with other work (load above half its CPUs). */
export function busyNote(uptimeBefore: string, uptimeAfter: string): string | undefined {
  const cpus = machineInfo().cpus;
  const worst = Math.max(loadAverages(uptimeBefore)[0] ?? 0, loadAverages(uptimeAfter)[0] ?? 0);
  return worst > cpus * 0.5
    ? `> Other work was running on this ${cpus}-CPU machine during the run (1-minute load average up to ${worst.toFixed(2)}, see \`uptime\` above): the figures are lower and noisier than on an idle machine.`
    : undefined;
}

export { uptimeLine };
