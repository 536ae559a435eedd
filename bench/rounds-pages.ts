/**
 * Walking every page of `GET /api/v1/rounds` over one big gaming day (issue 20 §3): a store of N events
 * that is a single gaming day (default 1,000,000; `--quick` 50,000; `BENCH_ROUNDS_DAY_EVENTS` to choose),
 * 40 simulated tables of every game, recorded through the real ingestion and projected (the table books
 * and the verdicts, as a running system keeps them), then every page followed by its `next` cursor over
 * HTTP on loopback, `BENCH_ROUNDS_PAGE_LIMIT` rounds a page (default 100).
 *
 * Reports the latency per page (median, p99, max), the whole walk's time, and whether a page's cost
 * grows with its depth: the first and the last page asked again and again (their medians, and the ratio),
 * and the medians of the walk's first and last tenths. The store is kept as `bench_rounds_day_<N>` and reused.
 *
 * `BENCH_ROUNDS_ACROSS=1` (issue 23 §3, a page at any depth of a 10M store): instead, the shared benchmark store
 * of BENCH_STORE_EVENTS events (bench/store.ts, many gaming days) and every page of `GET /api/v1/rounds` with no
 * day given: every round of the store, newest first. Its section is `rounds-pages@bench_store_<N>`.
 */
import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '../apps/api/src/http-app';
import { AccessService } from '../libs/access/src';
import { startRuntime } from '../libs/platform/src';
import { busyNote, fmtMs, fmtSec, headerLines, percentile } from './common';
import { ensureStore, storeEvents, storeName } from './store';
import { fmtInt, fmtRatio, median, passFail, Suite, SuiteContext, table, uptimeLine } from './support';

/** tables of the day; rounds per table are chosen so that the day holds at least N events (~41 events a round) */
const TABLES = 40;
const EVENTS_PER_ROUND_AT_LEAST = 30;
/** a page of the last tenth may cost at most this many times a page of the first */
const DEPTH_RATIO_LIMIT = 1.5;
/** a page at any depth of the whole store (issue 23 §3) */
const ACROSS_P99_MS = 50;
/** the inspector's report of one day of the whole store (issue 23 §3) */
const REPORT_MAX_MS = 2000;

/** the walk over every round of the shared benchmark store rather than one day of its own store */
export const acrossStore = () => process.env.BENCH_ROUNDS_ACROSS === '1';
const dayEvents = (quick: boolean) => Number(process.env.BENCH_ROUNDS_DAY_EVENTS) || (quick ? 50_000 : 1_000_000);
const pageLimit = () => Number(process.env.BENCH_ROUNDS_PAGE_LIMIT) || 100;
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

export const roundsPagesSuite: Suite = {
  name: 'rounds-pages',
  title: 'Every page of /rounds over one gaming day',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = dayEvents(ctx.options.quick);
    const limit = pageLimit();
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new Error(`BENCH_ROUNDS_PAGE_LIMIT must be a whole number from 1 to 1000, not ${process.env.BENCH_ROUNDS_PAGE_LIMIT}`);
    const across = acrossStore();
    const store = across
      ? await ensureStore(ctx.options.adminUrl, storeEvents(ctx.options.quick), ctx.log)
      : await ensureStore(ctx.options.adminUrl, n, ctx.log, {
          name: storeName(n).replace('bench_store_', 'bench_rounds_day_'),
          day: { tables: TABLES, rounds: Math.ceil(n / (TABLES * EVENTS_PER_ROUND_AT_LEAST)) },
        });
    const runtime = await startRuntime({ databaseUrl: store.url, poolSize: 8 });
    let app: INestApplication | undefined;
    try {
      ctx.log('rounds-pages: bringing the read models up to date (not part of the figures)');
      const tp = process.hrtime.bigint();
      await runtime.projector.catchUp();
      const projectSeconds = ms(tp) / 1000;
      const day = (
        await runtime.pool.query(
          across
            ? `SELECT NULL AS gaming_day, count(*)::int AS sessions, sum(rounds)::int AS rounds, count(DISTINCT gaming_day)::int AS days FROM table_books`
            : `SELECT gaming_day, count(*)::int AS sessions, sum(rounds)::int AS rounds, 1 AS days FROM table_books GROUP BY gaming_day ORDER BY 3 DESC LIMIT 1`,
        )
      ).rows[0];
      app = await createHttpApp(runtime);
      await app.listen(0, '127.0.0.1');
      const base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
      const { secret } = await new AccessService(runtime.pool).issue({ roles: ['inspector'], subject: 'bench-rounds-pages', issuedBy: 'bench' });
      const headers = { authorization: `Bearer ${secret}` };
      const listing = across ? `/api/v1/rounds?limit=${limit}` : `/api/v1/rounds?gamingDay=${day.gaming_day}&limit=${limit}`;
      const url = (cursor?: string) => `${base}${listing}${cursor ? `&cursor=${cursor}` : ''}`;
      const page = async (cursor?: string) => {
        const t0 = process.hrtime.bigint();
        const res = await fetch(url(cursor), { headers });
        const body = (await res.json()) as { rounds: unknown[]; next: string | null; total: number | null };
        if (res.status !== 200) throw new Error(`rounds-pages: page answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
        return { ms: ms(t0), body };
      };

      ctx.log(
        `rounds-pages: ${across ? `the whole store, ${day.days} gaming days` : `gaming day ${day.gaming_day}`}: ${fmtInt(day.rounds)} rounds in ${day.sessions} sessions; walking every page of ${limit}`,
      );
      await page(); // warm-up
      const perPage: number[] = [];
      const cursors: Array<string | undefined> = [];
      let next: string | undefined;
      let seen = 0;
      const tw = process.hrtime.bigint();
      do {
        cursors.push(next);
        const p = await page(next);
        perPage.push(p.ms);
        seen += p.body.rounds.length;
        next = p.body.next ?? undefined;
      } while (next);
      const walkSeconds = ms(tw) / 1000;
      if (seen !== day.rounds) throw new Error(`rounds-pages: the walk saw ${seen} rounds, the table books count ${day.rounds}`);

      // the first and the last page again, alternately, so that the machine's load touches both alike
      const repeats = ctx.options.quick ? 15 : 50;
      const first: number[] = [];
      const last: number[] = [];
      for (let i = 0; i < repeats; i++) {
        first.push((await page(cursors[0])).ms);
        last.push((await page(cursors[cursors.length - 1])).ms);
      }
      // across the store, also the inspector's report of a gaming day (issue 23 §3: < 2 s at 10M), three days of the
      // store (first, middle, last) asked three times each, in turn
      const reportMs: number[] = [];
      let reportBytes = 0;
      const reportDays: string[] = [];
      if (across) {
        const days = (await runtime.pool.query(`SELECT DISTINCT gaming_day::text AS d FROM table_books ORDER BY 1`)).rows.map((x) => x.d as string);
        reportDays.push(...new Set([days[0], days[Math.floor(days.length / 2)], days[days.length - 1]]));
        for (let i = 0; i < 3; i++) {
          for (const d of reportDays) {
            const t0 = process.hrtime.bigint();
            const res = await fetch(`${base}/api/v1/reports/inspector?gamingDay=${d}`, { headers });
            const text = await res.text();
            if (res.status !== 200) throw new Error(`rounds-pages: the inspector report of ${d} answered ${res.status}: ${text.slice(0, 300)}`);
            reportMs.push(ms(t0));
            reportBytes = Math.max(reportBytes, text.length);
          }
        }
      }
      const tenth = Math.max(1, Math.floor(perPage.length / 10));
      const firstTenth = median(perPage.slice(0, tenth));
      const lastTenth = median(perPage.slice(-tenth));
      const ratio = median(last) / median(first);
      const uptimeAfter = uptimeLine();
      return [
        across ? `## Every page of /rounds over the whole ${fmtInt(store.events)}-event store (issue 23 §3)` : '## Every page of /rounds over one gaming day',
        '',
        ...headerLines(ctx, 'rounds-pages', started, uptimeBefore, uptimeAfter, [
          across
            ? `- Store: \`${store.name}\`, ${fmtInt(store.events)} events of ${day.days} gaming days (the shared benchmark store, bench/store.ts; \`BENCH_ROUNDS_ACROSS=1 BENCH_STORE_EVENTS=${store.events}\`), ${store.reused ? 'reused' : `built in ${fmtSec(store.buildSeconds)}`}; read models brought up to date in ${fmtSec(projectSeconds)} (not in the figures).`
            : `- Store: \`${store.name}\`, ${fmtInt(store.events)} events of one gaming day (${TABLES} simulated tables, every game), ${store.reused ? 'reused' : `built in ${fmtSec(store.buildSeconds)}`}; read models brought up to date in ${fmtSec(projectSeconds)} (not in the figures).`,
          `- Walk: \`GET ${listing}\`, each page by the last one's \`next\`, over HTTP on loopback (client and server in one process), one request at a time.`,
        ]),
        '',
        table(
          ['rounds', 'pages', 'per page: median', 'p99', 'max', 'whole walk'],
          [[fmtInt(seen), fmtInt(perPage.length), fmtMs(median(perPage)), fmtMs(percentile(perPage, 0.99)), fmtMs(Math.max(...perPage)), fmtSec(walkSeconds)]],
          ['r', 'r', 'r', 'r', 'r', 'r'],
        ),
        '',
        table(
          ['depth', 'median', 'asked'],
          [
            ['first page', fmtMs(median(first)), `${repeats}×`],
            ['last page', fmtMs(median(last)), `${repeats}×`],
            ['first tenth of the walk', fmtMs(firstTenth), `${tenth} pages`],
            ['last tenth of the walk', fmtMs(lastTenth), `${tenth} pages`],
          ],
          ['l', 'r', 'r'],
        ),
        '',
        `Last page ÷ first page: ${fmtRatio(ratio)} — ${passFail(ratio <= DEPTH_RATIO_LIMIT)} (a page's cost must not grow with its depth: at most ${DEPTH_RATIO_LIMIT}×).`,
        ...(across
          ? [
              '',
              `Every page's p99 ${fmtMs(percentile(perPage, 0.99))} — ${passFail(percentile(perPage, 0.99) < ACROSS_P99_MS)} (issue 23 §3: a page at any depth of the store, p99 < ${ACROSS_P99_MS} ms).`,
              '',
              `The inspector's report of a gaming day (\`GET /api/v1/reports/inspector?gamingDay=D\`, JSON, up to ${fmtInt(reportBytes)} characters), days ${reportDays.join(', ')} asked 3 times each in turn: median ${fmtMs(median(reportMs))}, max ${fmtMs(Math.max(...reportMs))} — ${passFail(Math.max(...reportMs) < REPORT_MAX_MS)} (issue 23 §3: < ${REPORT_MAX_MS / 1000} s).`,
            ]
          : []),
        ...(busyNote(uptimeBefore, uptimeAfter) ? ['', busyNote(uptimeBefore, uptimeAfter)!] : []),
      ].join('\n');
    } finally {
      await app?.close();
      await runtime.close();
    }
  },
};
