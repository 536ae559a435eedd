/**
 * Projector memory while rebuilding (issue 4): a child process (bench/memory-child.ts, `node
 * --expose-gc`) rebuilds every projection of the benchmark store (bench/store.ts; 1,000,000 events,
 * `--quick` 50,000) one after another, sampling its RSS and heap every 200 ms and, at each tenth of
 * each projection's events, the heap still live after a forced full GC. Flat means: what is live does
 * not grow with the number of events read.
 */
import { fork } from 'node:child_process';
import * as path from 'node:path';
import { busyNote, fmtMiB, fmtSec, headerLines, uptimeLine } from './common';
import type { Checkpoint, MemoryProgress, MemoryResult, MemorySample } from './memory-child';
import { ensureStore, storeEvents } from './store';
import { fmtInt, Suite, SuiteContext, table } from './support';

const SAMPLE_MS = 200;
const TIMEOUT_MS = 60 * 60 * 1000;
/** live heap growth over a projection's whole rebuild above which it is not called flat */
const FLAT_BOUND_BYTES = 16 * 2 ** 20;

function runChild(url: string, budget: number, log: (m: string) => void): Promise<{ result: MemoryResult; pid: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'memory-child.js'), [url, String(SAMPLE_MS), String(budget)], {
      execArgv: ['--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let result: MemoryResult | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`memory: the child did not finish within ${TIMEOUT_MS / 60000} min`));
    }, TIMEOUT_MS);
    child.on('message', (message) => {
      // the child sends only these two (memory-child.ts)
      const m = message as MemoryProgress | MemoryResult;
      if (m?.type === 'progress') log(`memory: ${m.projection} ${m.complete ? 'rebuilt' : 'abandoned over budget'} (${fmtInt(m.events)} events)`);
      if (m?.type === 'result') result = m;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && result) resolve({ result, pid: child.pid! });
      else reject(new Error(`memory: the child exited with code ${code}${result ? '' : ' without a result'}`));
    });
  });
}

const BARS = '▁▂▃▄▅▆▇█';
function sparkline(values: number[], buckets = 60, lo?: number, hi?: number): string {
  if (!values.length) return '';
  const per = Math.max(1, Math.ceil(values.length / buckets));
  const binned: number[] = [];
  for (let i = 0; i < values.length; i += per) binned.push(Math.max(...values.slice(i, i + per)));
  const min = lo ?? Math.min(...binned);
  const max = hi ?? Math.max(...binned);
  return binned.map((v) => BARS[max === min ? 0 : Math.min(7, Math.floor(((v - min) / (max - min)) * 8))]).join('');
}

/** Least-squares slope of y against x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return NaN;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (xs[i] - mx) * (ys[i] - my);
    den += (xs[i] - mx) ** 2;
  }
  return den ? num / den : NaN;
}

export const memorySuite: Suite = {
  name: 'memory',
  title: 'Projector memory while rebuilding',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = storeEvents(ctx.options.quick);
    const store = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    ctx.log(`memory: rebuilding every projection of ${store.name} in a child process (node --expose-gc), sampling every ${SAMPLE_MS} ms`);
    const budget = Number(process.env.BENCH_REBUILD_BUDGET_S) || (ctx.options.quick ? 120 : 600);
    const { result } = await runChild(store.url, budget, ctx.log);
    const uptimeAfter = uptimeLine();
    return render(ctx, { started, uptimeBefore, uptimeAfter, store, result });
  },
};

function render(
  ctx: SuiteContext,
  r: { started: Date; uptimeBefore: string; uptimeAfter: string; store: Awaited<ReturnType<typeof ensureStore>>; result: MemoryResult },
): string {
  const { result } = r;
  const s = result.samples;
  const peakRss = Math.max(...s.map((x) => x.rss));
  const peakHeap = Math.max(...s.map((x) => x.heapUsed));
  const out: string[] = [];
  out.push('## Projector memory while rebuilding (issue 4)');
  out.push('');
  if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(r.store.events)}-event store; not figures to cite.\n`);
  out.push(
    headerLines(ctx, 'memory', r.started, r.uptimeBefore, r.uptimeAfter, [
      `- Store: database \`${r.store.name}\`, ${fmtInt(r.store.events)} events (bench/store.ts)`,
      `- A child process (\`node --expose-gc dist/bench/memory-child.js\`) starts the runtime and rebuilds every projection with \`rebuildProjection\`, one after another (${result.projections.map((p) => `\`${p.name}\``).join(', ')}), in ${fmtSec(result.seconds)}; ` +
        `it samples \`process.memoryUsage()\` every ${SAMPLE_MS} ms (${fmtInt(s.length)} samples) and, at each tenth of each projection's events, forces a full GC and records the heap still live`,
    ]).join('\n'),
  );
  const busy = busyNote(r.uptimeBefore, r.uptimeAfter);
  if (busy) out.push('', busy);
  const abandoned = result.projections.filter((p) => !p.complete);
  if (abandoned.length) {
    out.push(
      '',
      `> Rebuilds still running after ${result.budget} s (\`BENCH_REBUILD_BUDGET_S\`) were abandoned before their swap: ${abandoned.map((p) => `\`${p.name}\` at ${fmtInt(p.events)} of ${fmtInt(r.store.events)} events`).join(', ')} (see the rebuild section for why they are slow). Their rows below stop where they got to.`,
    );
  }

  out.push('', '### Start, peak, end', '');
  out.push(
    table(
      ['', 'RSS', 'Heap used', 'Heap live after full GC'],
      [
        ['Start (runtime up, before the first rebuild)', fmtMiB(result.start.rss), fmtMiB(result.start.heapUsed), fmtMiB(result.start.heapAfterGc)],
        [
          `Peak (of the ${SAMPLE_MS} ms samples; kernel VmHWM for RSS: ${fmtMiB(result.peakRssKernel)})`,
          fmtMiB(peakRss),
          fmtMiB(peakHeap),
          fmtMiB(Math.max(...result.checkpoints.map((c) => c.heapAfterGc))),
        ],
        ['End (every projection rebuilt)', fmtMiB(result.end.rss), fmtMiB(result.end.heapUsed), fmtMiB(result.end.heapAfterGc)],
      ],
      ['l', 'r', 'r', 'r'],
    ),
  );

  out.push('', `### At each tenth of the ${fmtInt(r.store.events)} events`, '');
  out.push(
    "Each cell: heap live after a full GC / RSS, when the projection's rebuild had read that share of the store. The RSS counts every thread of the process; the verdicts' judge threads have heaps of their own, asked for at the same points (after a full GC in each) and shown in their own row.",
  );
  out.push('');
  const names = result.projections.map((p) => p.name);
  const cell = (c: Checkpoint | undefined) => (c ? `${(c.heapAfterGc / 2 ** 20).toFixed(0)} / ${(c.rss / 2 ** 20).toFixed(0)}` : '—');
  out.push(
    table(
      ['Projection (MiB)', ...Array.from({ length: 10 }, (_, i) => `${(i + 1) * 10} %`)],
      [
        ...names.map((name) => [
          `\`${name}\``,
          ...Array.from({ length: 10 }, (_, i) => cell(result.checkpoints.find((c) => c.projection === name && c.tenth === i + 1))),
        ]),
        ...names
          .filter((name) => result.checkpoints.some((c) => c.projection === name && c.judgeHeap !== undefined))
          .map((name) => [
            `\`${name}\`: its judge threads' heap`,
            ...Array.from({ length: 10 }, (_, i) => {
              const c = result.checkpoints.find((x) => x.projection === name && x.tenth === i + 1);
              return c?.judgeHeap !== undefined ? (c.judgeHeap / 2 ** 20).toFixed(0) : '—';
            }),
          ]),
      ],
      ['l', ...Array(10).fill('r')],
    ),
  );

  const lo = Math.min(...s.map((x) => x.heapUsed));
  out.push('', 'Over time (every sample, all rebuilds in sequence; each bar the maximum of its slice):', '');
  out.push('```');
  out.push(
    `RSS       ${fmtMiB(Math.min(...s.map((x) => x.rss))).padStart(8)} ${sparkline(
      s.map((x) => x.rss),
      60,
      0,
    )} ${fmtMiB(peakRss)}   (scale from 0)`,
  );
  out.push(
    `heap used ${fmtMiB(lo).padStart(8)} ${sparkline(
      s.map((x) => x.heapUsed),
      60,
      0,
    )} ${fmtMiB(peakHeap)}   (scale from 0)`,
  );
  out.push('```');

  out.push('', '### Is it flat?', '');
  const lines: string[] = [];
  let allFlat = true;
  for (const name of names) {
    const cps = result.checkpoints.filter((c) => c.projection === name && c.tenth >= 1);
    if (cps.length < 2) continue;
    const heaps = cps.map((c) => c.heapAfterGc);
    const growth = heaps[heaps.length - 1] - heaps[0];
    const perMillion =
      slope(
        cps.map((c) => c.done),
        heaps,
      ) * 1_000_000;
    const flat = Math.abs(growth) < FLAT_BOUND_BYTES;
    allFlat &&= flat;
    const lastTenth = cps[cps.length - 1].tenth * 10;
    const partial = result.projections.find((p) => p.name === name)?.complete === false;
    const judges = cps.map((c) => c.judgeHeap).filter((h): h is number => h !== undefined);
    const judgeGrowth = judges.length >= 2 ? judges[judges.length - 1] - judges[0] : 0;
    if (judges.length >= 2) allFlat &&= Math.abs(judgeGrowth) < FLAT_BOUND_BYTES;
    const judgeNote =
      judges.length >= 2
        ? `; its judge threads' heap ${fmtMiB(judges[0])} → ${fmtMiB(judges[judges.length - 1])} (${judgeGrowth >= 0 ? '+' : ''}${(judgeGrowth / 2 ** 20).toFixed(1)} MiB)`
        : '';
    lines.push(
      `- \`${name}\`: live heap ${fmtMiB(heaps[0])} at 10 % and ${fmtMiB(heaps[heaps.length - 1])} at ${lastTenth} % (${growth >= 0 ? '+' : ''}${(growth / 2 ** 20).toFixed(1)} MiB; fitted slope ${(perMillion / 2 ** 20).toFixed(1)} MiB per million events read); ` +
        `RSS ${fmtMiB(cps[0].rss)} → ${fmtMiB(cps[cps.length - 1].rss)}${judgeNote}` +
        (partial ? ` (abandoned over its budget: measured up to ${lastTenth} % only).` : '.'),
    );
  }
  const peakSample = s.reduce((a, b) => (b.heapUsed > a.heapUsed ? b : a));
  const peakRssSample = s.reduce((a, b) => (b.rss > a.rss ? b : a));
  const abandonedNames = result.projections.filter((p) => !p.complete).map((p) => `\`${p.name}\``);
  out.push(
    (allFlat
      ? `Flat: for every projection the heap still live after a full GC (the judge threads' too) moved by less than ${fmtMiB(FLAT_BOUND_BYTES)} between 10 % and 100 % of the store.`
      : `Not flat for every projection: the live heap of at least one rebuild grew by ${fmtMiB(FLAT_BOUND_BYTES)} or more between 10 % and 100 % of the store (below).`) +
      (abandonedNames.length ? ` (${abandonedNames.join(', ')}: only as far as its rebuild got within its budget.)` : '') +
      (result.gcExposed ? '' : ' (The child ran without --expose-gc: no live-heap figures.)'),
  );
  out.push(
    '',
    `Peaks: heap used ${fmtMiB(peakSample.heapUsed)} during \`${peakSample.projection}\` (at ${fmtInt(peakSample.done)} of ${fmtInt(peakSample.total)} events), RSS ${fmtMiB(peakRssSample.rss)} during \`${peakRssSample.projection}\`; ` +
      `the live heap after a full GC never exceeded ${fmtMiB(Math.max(...result.checkpoints.map((c) => c.heapAfterGc)))}, so the peaks are garbage of a batch's working set (collected), not memory kept as the store grows.`,
  );
  out.push('');
  out.push(lines.join('\n'));
  out.push('');
  return out.join('\n');
}

export type { MemorySample };
