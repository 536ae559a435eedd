/**
 * Where the projector's batches spent their time, from the serve command's debug log (`projector batch applied`,
 * libs/platform/src/runtime.ts): per read model, its batches and events, and the median, p99 and sum over the run of
 * each phase (`BatchPhases` in libs/projections/src/projector.ts: feed read, pool wait, lock, apply, commit).
 * Parsing and rendering are pure (test/load-render.spec.ts).
 */
import { fmtMs, percentile } from './common';
import { fmtInt, median, table } from './support';

export const PHASES = ['read', 'connect', 'lock', 'apply', 'commit'] as const;
export type Phase = (typeof PHASES)[number];

const PHASE_TITLE: Record<Phase, string> = { read: 'feed read', connect: 'pool wait', lock: 'lock', apply: 'apply', commit: 'commit' };

export interface BatchLine {
  readonly readModel: string;
  readonly events: number;
  readonly ms: number;
  readonly phases: Readonly<Record<Phase, number>>;
}

/** The batch lines of a log (JSON lines; other lines, and batch lines without phases, are skipped). */
export function parseBatchLog(text: string): BatchLine[] {
  const lines: BatchLine[] = [];
  for (const line of text.split('\n')) {
    if (!line.includes('projector batch applied')) continue;
    let x: Record<string, unknown>;
    try {
      x = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (x.msg !== 'projector batch applied' || typeof x.readModel !== 'string' || !PHASES.every((p) => typeof x[`${p}Ms`] === 'number')) continue;
    lines.push({
      readModel: x.readModel,
      events: Number(x.events),
      ms: Number(x.ms),
      phases: Object.fromEntries(PHASES.map((p) => [p, x[`${p}Ms`] as number])) as Record<Phase, number>,
    });
  }
  return lines;
}

/** The batch phases as Markdown: one row per read model, and one per phase with its share of the batches' time. */
export function renderBatchPhases(lines: readonly BatchLine[]): string {
  if (!lines.length) return 'The server log held no `projector batch applied` line with phases (the server logs them at `CASINO_AUDIT_LOG_LEVEL=debug`).';
  const byModel = new Map<string, BatchLine[]>();
  for (const l of lines) byModel.set(l.readModel, [...(byModel.get(l.readModel) ?? []), l]);
  const models = [...byModel.keys()].sort();
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const fmtSum = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const out: string[] = [];
  out.push(
    `From the server's debug log (\`projector batch applied\`, ${fmtInt(lines.length)} batches): each phase's median / p99 per batch, and its sum over the run (where the batches' time went). ` +
      "Feed read = reading the page of events; pool wait = waiting for a connection; lock = the batch opening (begin, no-append promise, batch lock) in one round trip; apply = the read model's statements; commit.",
    '',
  );
  out.push(
    table(
      ['Read model', 'Batches', 'Events', 'Batch time sum', ...PHASES.map((p) => `${PHASE_TITLE[p]}: median / p99 / sum`)],
      models.map((m) => {
        const xs = byModel.get(m)!;
        return [
          `\`${m}\``,
          fmtInt(xs.length),
          fmtInt(sum(xs.map((x) => x.events))),
          fmtSum(sum(xs.map((x) => x.ms))),
          ...PHASES.map((p) => {
            const v = xs.map((x) => x.phases[p]);
            return `${fmtMs(median(v))} / ${fmtMs(percentile(v, 0.99))} / ${fmtSum(sum(v))}`;
          }),
        ];
      }),
      ['l', 'r', 'r', 'r', ...PHASES.map(() => 'r' as const)],
    ),
  );
  const totals = PHASES.map((p) => ({ p, ms: sum(lines.map((x) => x.phases[p])) }));
  const all = sum(totals.map((x) => x.ms));
  out.push(
    '',
    `All read models: ${totals
      .sort((a, b) => b.ms - a.ms)
      .map((x) => `${PHASE_TITLE[x.p]} ${fmtSum(x.ms)} (${all ? ((x.ms / all) * 100).toFixed(0) : 'n/a'} %)`)
      .join(', ')} of the phases' ${fmtSum(all)}.`,
  );
  return out.join('\n');
}
