/**
 * The append as the store grows (issue 23 §3: "append rate within 10 % of its 1M rate" at 10M events):
 * our append, workloads (a) and (b) of the append suite (one event per append, 10-event batches, 16
 * workers on new table streams), into three stores side by side: an empty one, a copy of the 1M
 * benchmark store and a copy of the 10M one (bench/store.ts). The copies are made with `CREATE DATABASE …
 * TEMPLATE` (the benchmark stores stay exactly as built) and dropped at the end; trials interleave the
 * stores (empty, 1M, 10M, empty, …) so drift on the machine hits all of them alike.
 *
 * The 10M store is used only if it is already built (building it takes many minutes: run the rebuild
 * suite with BENCH_STORE_EVENTS=10000000 first); the 1M one is built when missing.
 */
import { Client } from 'pg';
import { BATCH, ours, runTrial, System, WORKERS } from './append';
import { busyNote, fmtSec, headerLines } from './common';
import { ensureStore, storeName } from './store';
import { createFreshDatabase, fmtInt, fmtPct, fmtRatio, median, passFail, Suite, SuiteContext, table, uptimeLine } from './support';
import type { FreshDatabase } from './support';
import type { Measured } from './append-render';

/** the 10M store's append may be at most this much slower than the 1M store's */
const WITHIN = 0.1;

interface Target {
  readonly label: string;
  readonly events: number;
  readonly system: System;
}

async function adminClient(adminUrl: string): Promise<Client> {
  const c = new Client({ connectionString: adminUrl });
  await c.connect();
  return c;
}

async function storeExists(adminUrl: string, name: string): Promise<boolean> {
  const admin = await adminClient(adminUrl);
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

export const appendDepthSuite: Suite = {
  name: 'append-depth',
  title: 'Append into stores of 0, 1M and 10M events',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const { options } = ctx;
    const big = 10_000_000;
    const sizes = options.quick ? [50_000] : [1_000_000, big];
    const targets: Target[] = [];
    const dbs: FreshDatabase[] = [];
    const skipped: string[] = [];
    // the WAL each trial writes (pg_stat_wal): an index written at random places (the event ids) costs a full-page
    // image the first time each of its pages is touched after a checkpoint, and a bigger index has more pages
    const stats = await adminClient(options.adminUrl);
    try {
      const empty = await createFreshDatabase(options.adminUrl, 'depth_empty');
      dbs.push(empty);
      await ours.setup(empty.url);
      targets.push({ label: 'empty', events: 0, system: { ...ours, db: empty } });
      for (const n of sizes) {
        const name = storeName(n);
        if (n === big && !(await storeExists(options.adminUrl, name))) {
          skipped.push(`\`${name}\` is not built on this server (BENCH_STORE_EVENTS=${n} node dist/bench/run.js --suite rebuild builds it)`);
          continue;
        }
        const store = await ensureStore(options.adminUrl, n, ctx.log);
        ctx.log(`append-depth: copying ${store.name} (${fmtInt(store.events)} events)`);
        const t0 = Date.now();
        const copy = await createFreshDatabase(options.adminUrl, `depth_${n}`, store.name);
        dbs.push(copy);
        ctx.log(`append-depth: copied in ${fmtSec((Date.now() - t0) / 1000)}`);
        targets.push({ label: `copy of \`${store.name}\``, events: store.events, system: { ...ours, db: copy } });
      }

      const results = new Map<string, Measured[]>();
      let tag = 0;
      for (const size of [1, BATCH]) {
        for (let t = 0; t < options.trials; t++) {
          for (const target of targets) {
            const m = await runTrial(ctx, target.system, size, `d${tag++}`, stats);
            const key = `${size}|${target.events}`;
            results.set(key, [...(results.get(key) ?? []), m]);
            ctx.log(
              `append-depth: ${size === 1 ? 'single' : `batch ${size}`} trial ${t + 1}/${options.trials}, ${target.label}: ${fmtInt(m.perSecond)} events/s`,
            );
          }
        }
      }
      const uptimeAfter = uptimeLine();
      return render(ctx, { started, uptimeBefore, uptimeAfter, targets, results, skipped });
    } finally {
      await stats.end().catch(() => undefined);
      for (const db of dbs) await db.drop().catch(() => undefined);
    }
  },
};

function render(
  ctx: SuiteContext,
  r: {
    started: Date;
    uptimeBefore: string;
    uptimeAfter: string;
    targets: Target[];
    results: Map<string, Measured[]>;
    skipped: string[];
  },
): string {
  const rate = (size: number, events: number) => median((r.results.get(`${size}|${events}`) ?? []).map((m) => m.perSecond));
  const medianOf = (size: number, events: number, of: (m: Measured) => number | undefined) =>
    median((r.results.get(`${size}|${events}`) ?? []).map((m) => of(m) ?? NaN));
  const busy = (size: number, events: number) => medianOf(size, events, (m) => m.machineBusy);
  const out: string[] = ['## Append as the store grows (issue 23 §3)', ''];
  if (ctx.options.quick) out.push('> **Quick smoke run** (`--quick`): a 50,000-event store; not figures to cite.\n');
  out.push(
    headerLines(ctx, 'append-depth', r.started, r.uptimeBefore, r.uptimeAfter, [
      `- Our append (\`PostgresEventStore.append\`, as the append suite's workloads): ${WORKERS} workers, each on a new table stream with its expected version, one event per append, then ${BATCH}-event batches; ${ctx.options.trials} trials of ${ctx.options.durationSec} s (+${ctx.options.warmupSec} s warm-up) a store, interleaved; medians`,
      '- Stores: an empty one, and copies (`CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY`, dropped afterwards) of the benchmark stores, so the appends meet their full indexes and their cold cache as a store that size would',
      ...r.skipped.map((s) => `- Not measured: ${s}`),
    ]).join('\n'),
  );
  const note = busyNote(r.uptimeBefore, r.uptimeAfter);
  if (note) out.push('', note);
  out.push('');
  const oneM = r.targets.find((t) => t.events === 1_000_000);
  const rows: string[][] = [];
  for (const size of [1, BATCH]) {
    for (const t of r.targets) {
      const mine = rate(size, t.events);
      const vs1m = oneM ? mine / rate(size, oneM.events) : NaN;
      rows.push([
        size === 1 ? 'one event' : `${BATCH}-event batches`,
        `${t.label}${t.events ? ` (${fmtInt(t.events)} events)` : ''}`,
        `**${fmtInt(mine)} events/s**`,
        t.events === 1_000_000 || !oneM ? '' : fmtRatio(vs1m),
        fmtPct(busy(size, t.events)),
        `${fmtInt(medianOf(size, t.events, (m) => m.walBytesPerEvent))} B`,
        medianOf(size, t.events, (m) => m.walFullPagesPerEvent).toFixed(2),
        t.events > 1_000_000 && oneM ? passFail(vs1m >= 1 - WITHIN) : '',
      ]);
    }
  }
  out.push(
    table(
      ['Appends', 'Store', 'Median rate', 'vs the 1M store', 'Machine busy', 'WAL per event', 'Full-page images per event', `Within ${WITHIN * 100} % of 1M`],
      rows,
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  out.push('');
  return out.join('\n');
}
