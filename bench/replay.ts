/**
 * Replay latency (issue 4): `replayRound(store, roundId)` (libs/replay/src/replay.ts) of random rounds
 * of the benchmark store (bench/store.ts; 1,000,000 events, `--quick` 50,000), one at a time, after a
 * warm-up. Then, as evidence of where the time goes, the same rounds again with the replay taken apart
 * into its steps (the same calls `replayRound` makes, timed one by one), and the plan of its jackpot
 * query for the latest round sampled.
 */
import type { QueryConfig, QueryResult } from 'pg';
import { PostgresEventStore } from '../libs/event-store/src';
import { RoundVerdictProjection, readCheckpoint, rebuildProjection } from '../libs/projections/src';
import { jackpotFactsSql, replayRound } from '../libs/replay/src';
import { seededRandom } from '../libs/rules/src';
import { startRuntime } from '../libs/platform/src';
import { busyNote, fmtMs, headerLines, inlineCode, percentile, uptimeLine, type AnalyzedPlan, type AnalyzedPlanNode } from './common';
import { ensureStore, STORE_DAY, storeEvents } from './store';
import { fmtInt, passFail, Suite, SuiteContext, table } from './support';

const TARGET_P99_MS = 20;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

interface Steps {
  total: number;
  /** time awaiting SQL, all statements */
  sqlMs: number;
  /** statement label → [calls, ms] */
  byStatement: Map<string, [number, number]>;
  /** rows the statements returned */
  rows: number;
  position: number;
  roundId: string;
}

/**
 * The store as `replayRound` uses it, with its pool's `query` timed by statement (prepared name, or the
 * text's first words); the store's own methods run against the spy (bound to the proxy), so their
 * queries are timed too.
 */
function spyStore(store: PostgresEventStore) {
  const out = { sqlMs: 0, rows: 0, byStatement: new Map<string, [number, number]>(), store: undefined as unknown as PostgresEventStore };
  const pool = new Proxy(store.pool, {
    get(target, prop) {
      if (prop === 'query') {
        return async (config: string | QueryConfig, values?: unknown[]) => {
          const label =
            typeof config === 'object' && config?.name
              ? config.name
              : String(typeof config === 'string' ? config : config?.text)
                  .replace(/\s+/g, ' ')
                  .trim()
                  .slice(0, 60);
          const t0 = process.hrtime.bigint();
          const r: QueryResult = await Reflect.apply(target.query, target, [config, values]);
          const took = ms(t0);
          out.sqlMs += took;
          out.rows += r?.rowCount ?? 0;
          const e = out.byStatement.get(label) ?? [0, 0];
          out.byStatement.set(label, [e[0] + 1, e[1] + took]);
          return r;
        };
      }
      const v = Reflect.get(target, prop);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  out.store = new Proxy(store, {
    get(target, prop, receiver) {
      if (prop === 'pool') return pool;
      const v = Reflect.get(target, prop, receiver);
      return typeof v === 'function' ? v.bind(receiver) : v;
    },
  });
  return out;
}

export const replaySuite: Suite = {
  name: 'replay',
  title: 'Replay latency of a random round',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const quick = ctx.options.quick;
    const n = storeEvents(quick);
    const warmup = quick ? 20 : 50;
    const measured = quick ? 100 : 500;
    const store = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    const runtime = await startRuntime({ databaseUrl: store.url, poolSize: 4 });
    try {
      // a running system keeps the verdicts (and each round's starting state) up to date: bring them up to date first
      const verdicts0 = new RoundVerdictProjection();
      const cp = await readCheckpoint(runtime.pool, verdicts0.name).catch(() => undefined);
      const head = Number((await runtime.pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
      const withStart = Number((await runtime.pool.query('SELECT count(*) AS n FROM round_verdicts WHERE start_state IS NOT NULL')).rows[0].n);
      let readModel = `the \`round-verdicts\` read model was up to date (${fmtInt(withStart)} rounds with their starting state)`;
      if (!cp || Number(cp.events) < head || withStart === 0) {
        ctx.log('replay: rebuilding the round-verdicts read model first (as the live projector would have kept it)');
        const t0 = process.hrtime.bigint();
        await rebuildProjection(runtime.pool, runtime.store, verdicts0).finally(() => verdicts0.close());
        readModel = `the \`round-verdicts\` read model was rebuilt first (${fmtMs(ms(t0))}, not part of the figures), as the live projector keeps it`;
      }
      const all = (
        await runtime.pool.query(`SELECT data->>'roundId' AS id FROM ca_events WHERE event_type = 'RoundStarted' ORDER BY global_position`)
      ).rows.map((r) => r.id as string);
      // the rules' own seeded generator: the sample of rounds is the same from run to run
      const random = seededRandom(20261121);
      const pick = (k: number) => Array.from({ length: k }, () => all[Math.floor(random() * all.length)]);
      const warm = pick(warmup);
      const sample = pick(measured);
      ctx.log(`replay: ${fmtInt(all.length)} rounds in the store; ${warmup} warm-up replays, then ${measured} measured`);
      for (const id of warm) await replayRound(runtime.store, id);

      const latencies: number[] = [];
      const verdicts: Record<string, number> = {};
      const sources: Record<string, number> = {};
      const t0all = process.hrtime.bigint();
      for (const id of sample) {
        const t0 = process.hrtime.bigint();
        const r = await replayRound(runtime.store, id);
        latencies.push(ms(t0));
        verdicts[r.verdict] = (verdicts[r.verdict] ?? 0) + 1;
        sources[r.start.source] = (sources[r.start.source] ?? 0) + 1;
      }
      const wallMs = ms(t0all);
      // the same rounds without the stored starting states: every replay folds its session's earlier facts
      const fullLatencies: number[] = [];
      for (const id of sample) {
        const t0 = process.hrtime.bigint();
        await replayRound(runtime.store, id, { snapshot: false });
        fullLatencies.push(ms(t0));
      }
      ctx.log(`replay: p50 ${fmtMs(percentile(latencies, 0.5))}, p99 ${fmtMs(percentile(latencies, 0.99))}`);

      // the same rounds again through a store whose pool times every statement (replayRound unchanged)
      const steps: Steps[] = [];
      for (const id of sample) {
        const spy = spyStore(runtime.store);
        const t0 = process.hrtime.bigint();
        await replayRound(spy.store, id);
        const total = ms(t0);
        steps.push({ total, sqlMs: spy.sqlMs, byStatement: spy.byStatement, rows: spy.rows, position: 0, roundId: id });
      }
      const positions = new Map(
        (
          await runtime.pool.query(
            `SELECT data->>'roundId' AS id, global_position::text AS gp FROM ca_events WHERE event_type = 'RoundStarted' AND data->>'roundId' = ANY ($1::text[])`,
            [sample],
          )
        ).rows.map((x) => [x.id as string, Number(x.gp)]),
      );
      for (const st of steps) st.position = positions.get(st.roundId) ?? 0;
      // the jackpot query's plan for the latest round sampled (its casino's pools, each from its last configuration or reset before the round)
      const latest = steps.reduce((a, b) => (b.position > a.position ? b : a));
      const plan: AnalyzedPlan = (
        await runtime.pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${jackpotFactsSql(true)}`, [
          ...Array(2)
            .fill([
              (await runtime.pool.query(`SELECT transaction_id::text AS xid FROM ca_events WHERE global_position = $1`, [latest.position])).rows[0].xid,
              String(latest.position),
            ])
            .flat(),
          // no month out of the store: the floor at the feed's start, no pools left by archived months
          '0',
          '0',
          [],
          // the pools of the round's casino, as replay reads them
          [(await runtime.pool.query(`SELECT casino_id FROM round_verdicts WHERE round_id = $1`, [latest.roundId])).rows[0]?.casino_id ?? ''],
        ])
      ).rows[0]['QUERY PLAN'][0];
      const jackpotEvents = Number(
        (
          await runtime.pool.query(
            `SELECT count(*) AS n FROM ca_events WHERE event_type IN ('JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset')`,
          )
        ).rows[0].n,
      );
      const uptimeAfter = uptimeLine();
      return render(ctx, {
        started,
        uptimeBefore,
        uptimeAfter,
        store,
        rounds: all.length,
        warmup,
        latencies,
        verdicts,
        wallMs,
        steps,
        plan,
        latest,
        jackpotEvents,
        readModel,
        sources,
        fullLatencies,
      });
    } finally {
      await runtime.close();
    }
  },
};

function planSummary(plan: AnalyzedPlan): string {
  const nodes: string[] = [];
  const walk = (node: AnalyzedPlanNode) => {
    const rel = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
    const idx = node['Index Name'] ? ` using ${node['Index Name']}` : '';
    // EXPLAIN gives rows per loop (a parallel scan runs one loop per process): totals = per loop × loops
    const loops = Number(node['Actual Loops'] ?? 1);
    const removed = node['Rows Removed by Filter'] !== undefined ? `, ${fmtInt(node['Rows Removed by Filter'] * loops)} rows removed by filter` : '';
    const par = loops > 1 ? `, ${loops} processes` : '';
    nodes.push(
      `${node['Node Type']}${idx}${rel} (${fmtInt(node['Actual Rows'] * loops)} rows${removed}${par}, ${fmtInt((node['Shared Hit Blocks'] ?? 0) + (node['Shared Read Blocks'] ?? 0))} buffers)`,
    );
    for (const c of node.Plans ?? []) walk(c);
  };
  walk(plan.Plan);
  return `${nodes.join(' ← ')}; execution ${fmtMs(plan['Execution Time'])}`;
}

function render(
  ctx: SuiteContext,
  r: {
    started: Date;
    uptimeBefore: string;
    uptimeAfter: string;
    store: Awaited<ReturnType<typeof ensureStore>>;
    rounds: number;
    warmup: number;
    latencies: number[];
    verdicts: Record<string, number>;
    wallMs: number;
    steps: Steps[];
    plan: AnalyzedPlan;
    latest: Steps;
    jackpotEvents: number;
    readModel: string;
    sources: Record<string, number>;
    fullLatencies: number[];
  },
): string {
  const p50 = percentile(r.latencies, 0.5);
  const p99 = percentile(r.latencies, 0.99);
  const out: string[] = [];
  out.push('## Replay latency (issue 4)');
  out.push('');
  if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(r.store.events)}-event store, fewer rounds; not figures to cite.\n`);
  out.push(
    headerLines(ctx, 'replay', r.started, r.uptimeBefore, r.uptimeAfter, [
      `- Store: database \`${r.store.name}\`, ${fmtInt(r.store.events)} events, ${fmtInt(r.rounds)} rounds (simulated days of ${STORE_DAY.tables} tables × ${STORE_DAY.rounds} rounds; a session stream holds one table's day); see the rebuild section or bench/store.ts`,
      `- ${r.latencies.length} rounds drawn at random (seeded) from all rounds of the store, replayed one at a time with \`replayRound(store, roundId)\` on a pool of 4 connections, after ${r.warmup} warm-up replays of other random rounds; ${r.readModel}`,
      `- A replay starts from the round's stored starting state when it still chains to the round's first fact (\`start.source = snapshot\`), otherwise it folds the session's earlier facts (\`stream\`); the second row replays the same rounds with \`{ snapshot: false }\` (what \`casino-audit replay --full\` does)`,
    ]).join('\n'),
  );
  const busy = busyNote(r.uptimeBefore, r.uptimeAfter);
  if (busy) out.push('', busy);
  out.push('');
  out.push(
    table(
      ['Replays', 'Start', 'p50', 'p90', 'p99', 'max', 'Mean rate', `Target p99 < ${TARGET_P99_MS} ms`],
      [
        [
          fmtInt(r.latencies.length),
          Object.entries(r.sources)
            .map(([k, v]) => `${k} ${fmtInt(v)}`)
            .join(', '),
          `**${fmtMs(p50)}**`,
          fmtMs(percentile(r.latencies, 0.9)),
          `**${fmtMs(p99)}**`,
          fmtMs(Math.max(...r.latencies)),
          `${(r.latencies.length / (r.wallMs / 1000)).toFixed(1)} replays/s`,
          passFail(p99 < TARGET_P99_MS),
        ],
        [
          fmtInt(r.fullLatencies.length),
          'stream (`--full`)',
          fmtMs(percentile(r.fullLatencies, 0.5)),
          fmtMs(percentile(r.fullLatencies, 0.9)),
          fmtMs(percentile(r.fullLatencies, 0.99)),
          fmtMs(Math.max(...r.fullLatencies)),
          `${(r.fullLatencies.length / (r.fullLatencies.reduce((a, b) => a + b, 0) / 1000)).toFixed(1)} replays/s`,
          '(context)',
        ],
      ],
      ['r', 'l', 'r', 'r', 'r', 'r', 'r', 'l'],
    ),
  );
  out.push(
    '',
    `Verdicts: ${Object.entries(r.verdicts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}.`,
  );

  out.push('', '### Where a replay spends its time', '');
  out.push(
    'The same rounds replayed again with `replayRound` unchanged, through a store whose pool times every SQL statement it sends (by prepared-statement name, or its first words); "in memory" = the replay\'s total minus its time awaiting SQL (folding the session, judging the round, building the result). Per replay: a statement\'s time summed over its calls in that replay.',
  );
  out.push('');
  const labels = [...new Set(r.steps.flatMap((st) => [...st.byStatement.keys()]))];
  const per = (label: string) => r.steps.map((st) => st.byStatement.get(label)?.[1] ?? 0);
  const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const totalMean = meanOf(r.steps.map((st) => st.total));
  const stepRow = (name: string, xs: number[], calls?: number) => [
    name,
    calls === undefined ? '' : calls.toFixed(1),
    fmtMs(percentile(xs, 0.5)),
    fmtMs(percentile(xs, 0.99)),
    fmtMs(meanOf(xs)),
    `${((100 * meanOf(xs)) / totalMean).toFixed(0)} %`,
  ];
  out.push(
    table(
      ['Step', 'Calls per replay', 'p50', 'p99', 'mean', 'Share of the mean'],
      [
        ...labels
          .map((label) => ({ label, xs: per(label), calls: meanOf(r.steps.map((st) => st.byStatement.get(label)?.[0] ?? 0)) }))
          .sort((a, b) => meanOf(b.xs) - meanOf(a.xs))
          .map(({ label, xs, calls }) => stepRow(`SQL ${inlineCode(label)}`, xs, calls)),
        stepRow(
          'in memory (total − SQL)',
          r.steps.map((st) => st.total - st.sqlMs),
        ),
        stepRow(
          'total',
          r.steps.map((st) => st.total),
        ),
      ],
      ['l', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  const rowsRead = r.steps.map((st) => st.rows);
  out.push(
    '',
    `Rows the statements returned per replay: p50 ${fmtInt(percentile(rowsRead, 0.5))}, p99 ${fmtInt(percentile(rowsRead, 0.99))}, max ${fmtInt(Math.max(...rowsRead))}. The store holds ${fmtInt(r.jackpotEvents)} jackpot events (configured, contributed, won, reset).`,
  );
  // the slowest replays: what they read
  const slow = [...r.steps].sort((a, b) => b.total - a.total).slice(0, 5);
  out.push('', `The 5 slowest of these replays: ${slow.map((st) => `${fmtMs(st.total)} (SQL ${fmtMs(st.sqlMs)}, ${fmtInt(st.rows)} rows)`).join('; ')}.`);
  out.push(
    '',
    `Plan of the jackpot query for the latest round sampled (global position ${fmtInt(r.latest.position)} of ${fmtInt(r.store.events)}): ${planSummary(r.plan)}.`,
  );

  out.push('', '### What limits replay latency', '');
  const memP99 = percentile(
    r.steps.map((st) => st.total - st.sqlMs),
    0.99,
  );
  const sqlP99 = percentile(
    r.steps.map((st) => st.sqlMs),
    0.99,
  );
  const slowRows = meanOf(slow.map((st) => st.rows));
  out.push(
    [
      p99 < TARGET_P99_MS
        ? `- The target is met: p99 ${fmtMs(p99)} < ${TARGET_P99_MS} ms.`
        : `- The target is missed: p99 ${fmtMs(p99)} ≥ ${TARGET_P99_MS} ms (p50 ${fmtMs(p50)}).`,
      `- At the 99th percentile, time awaiting SQL is ${fmtMs(sqlP99)} and time in memory ${fmtMs(memP99)} per replay; the 5 slowest replays read ${fmtInt(slowRows)} rows on average against a median of ${fmtInt(percentile(rowsRead, 0.5))}: ` +
        (slowRows > 2 * percentile(rowsRead, 0.5)
          ? 'the tail is the rounds whose replay must read (and fold) many earlier facts of their session (games that carry state between rounds, or a long shoe).'
          : 'the slow replays do not read markedly more rows than the median one.'),
      JSON.stringify(r.plan).includes('"Seq Scan"')
        ? `- \`readJackpotFacts\` reads jackpot events with a sequential scan of \`ca_events\` (its plan above), so its cost grows with the store.`
        : `- The jackpot query is served by an index (plan above).`,
    ].join('\n'),
  );
  out.push('');
  return out.join('\n');
}
