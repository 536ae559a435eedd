/**
 * A full `verify` of the benchmark store (issue 23 §3): every stream's chain walked and every event's two
 * hashes recomputed, by `verifyStore` as the CLI calls it, with 1 thread, 2, and 4 (CA_VERIFY_THREADS), the
 * trials interleaved. Reports each count's median rate, the speed-up over one thread, the CPU the process
 * spent per event (its worker threads included), and the largest resident set sampled during the walk.
 * Every run must find the store intact and give the same report as the others.
 */
import { availableParallelism } from 'node:os';
import { Pool } from 'pg';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import { busyNote, fmtMiB, fmtSec, headerLines } from './common';
import { ensureStore, storeEvents } from './store';
import { fmtInt, fmtRatio, median, Suite, SuiteContext, table, uptimeLine } from './support';

const THREADS = [1, 2, 4];

interface Run {
  readonly threads: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly peakRss: number;
  readonly report: string;
}

async function timedVerify(pool: Pool, threads: number): Promise<Run> {
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  try {
    const report = await verifyStore(pool, { threads });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(cpu0);
    if (!report.ok) throw new Error(`verify found the bench store broken: ${JSON.stringify(report.breaks[0])}`);
    return { threads, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, peakRss, report: JSON.stringify(report) };
  } finally {
    clearInterval(sampler);
  }
}

export const verifySuite: Suite = {
  name: 'verify',
  title: 'A full verify of the store, by threads',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = storeEvents(ctx.options.quick);
    // a 10M walk takes minutes a trial: one each there unless --trials says otherwise
    const trials = n > 1_000_000 ? 1 : Math.min(ctx.options.trials, 3);
    const store = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    const pool = new Pool({ connectionString: store.url, max: 2 });
    const runs: Run[] = [];
    try {
      for (let trial = 1; trial <= trials; trial++) {
        for (const threads of THREADS) {
          const run = await timedVerify(pool, threads);
          ctx.log(`verify: trial ${trial}, ${threads} thread(s): ${fmtSec(run.seconds)}, ${fmtInt(n / run.seconds)} events/s`);
          runs.push(run);
        }
      }
    } finally {
      await pool.end();
    }
    const uptimeAfter = uptimeLine();
    const same = runs.every((r) => r.report === runs[0].report);
    if (!same) throw new Error('verify gave different reports for different thread counts');
    const { streams, events } = JSON.parse(runs[0].report) as { streams: number; events: number };
    const rateOf = (threads: number) => median(runs.filter((r) => r.threads === threads).map((r) => events / r.seconds));
    const one = rateOf(1);

    const out: string[] = ['## Full verify (issue 23 §3)', ''];
    if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(store.events)}-event store; not figures to cite.\n`);
    out.push(
      headerLines(ctx, 'verify', started, uptimeBefore, uptimeAfter, [
        `- Store: database \`${store.name}\`, ${fmtInt(events)} events in ${fmtInt(streams)} streams (one a table's gaming day), built by the simulator (bench/store.ts)`,
        `- \`verifyStore(pool, { threads })\` as \`casino-audit verify\` calls it: every chain walked in keyset pages of 5,000, both hashes of every event recomputed; ${trials} trial(s) a thread count, interleaved (1, 2, 4, 1, 2, 4, …); the median rate reported. ${availableParallelism()} cores`,
        "- CPU: the process's, its verify threads included (`process.cpuUsage`); the PostgreSQL backends' is not in it. Peak RSS: sampled every 200 ms during the walk",
        `- Every run found the store intact, and all ${runs.length} reports were identical`,
      ]).join('\n'),
    );
    const busy = busyNote(uptimeBefore, uptimeAfter);
    if (busy) out.push('', busy);
    out.push('');
    out.push(
      table(
        ['Threads', 'Median time', 'Median rate', 'vs 1 thread', 'Process CPU per event', 'Peak RSS'],
        THREADS.map((threads) => {
          const mine = runs.filter((r) => r.threads === threads);
          const rate = rateOf(threads);
          return [
            String(threads),
            fmtSec(events / rate),
            `**${fmtInt(rate)} events/s**`,
            fmtRatio(rate / one),
            `${((1e6 * median(mine.map((r) => r.cpuSeconds))) / events).toFixed(1)} µs`,
            fmtMiB(Math.max(...mine.map((r) => r.peakRss))),
          ];
        }),
        ['r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
    out.push('');
    return out.join('\n');
  },
};
