/**
 * A month out of the store, at scale (issue 23 §4; docs/scaling.md §3): on a file copy of the benchmark store,
 * the month's turn (`turnMonth`, as `seal --close-month` runs it), the month written to its archive file
 * (`exportMonth`, as `casino-audit archive` runs it) and the file checked against the closing seal's receipt by
 * the built command line (`casino-audit verify-archive`, a child process: its own time and peak memory). The
 * whole store is one month here: its history before the first turn. Reports each step's median time and rate,
 * the file's bytes per event (and gzip's, for the cheaper storage it goes to), and the peak resident set of
 * the exporter and of the checker, which must stay flat: neither holds the month in memory. Then every read model's
 * snapshot at the closing seal, as `archive --drop` takes it before the drop (snapshots.ts).
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Pool } from 'pg';
import { exportMonth } from '../libs/event-store/src/postgres/month-export';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { PostgresEventStore } from '../libs/event-store/src/postgres/postgres-event-store';
import { startRuntime } from '../libs/platform/src';
import { takeSnapshots } from '../libs/projections/src/snapshots';
import { busyNote, fmtMiB, fmtSec, headerLines } from './common';
import { ensureStore, storeEvents } from './store';
import { createFreshDatabase, fmtInt, median, Suite, SuiteContext, table, uptimeLine } from './support';

const MONTH = '2026-11';
const ROOT = path.resolve(__dirname, '..', '..');

interface Check {
  readonly seconds: number;
  readonly maxRssBytes: number;
  readonly ok: boolean;
}

/** `casino-audit <args>` as a user runs it: its wall time, its peak RSS (its own `maxRSS`), its exit and output. */
function cliChild(args: readonly string[]): Promise<{ seconds: number; maxRssBytes: number; code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const preload = path.join(__dirname, 'rss-on-exit.js');
    const child = spawn(process.execPath, ['-r', preload, path.join(ROOT, 'bin/casino-audit.js'), '--lang', 'en', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      const rss = /bench-max-rss (\d+)/.exec(stderr);
      if (!rss) return reject(new Error(`casino-audit ${args[0]} exited ${code} without its peak memory: ${stderr.slice(0, 500)}`));
      resolve({ seconds, maxRssBytes: Number(rss[1]) * 1024, code, stdout });
    });
  });
}

/** `casino-audit verify-archive FILE --receipt R --json`: its time, its peak memory, its verdict. */
async function verifyArchiveChild(file: string, receipt: string): Promise<Check> {
  const r = await cliChild(['verify-archive', file, '--receipt', receipt, '--json']);
  return { seconds: r.seconds, maxRssBytes: r.maxRssBytes, ok: r.code === 0 && JSON.parse(r.stdout).ok === true };
}

async function gzipBytes(file: string): Promise<number> {
  let bytes = 0;
  await pipeline(
    createReadStream(file),
    createGzip({ level: 6 }),
    new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done();
      },
    }),
  );
  return bytes;
}

export const archiveSuite: Suite = {
  name: 'archive',
  title: 'A month out of the store: turn, export, check',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = storeEvents(ctx.options.quick);
    const trials = ctx.options.quick ? 1 : Math.min(ctx.options.trials, 3);
    const store = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    const copy = await createFreshDatabase(ctx.options.adminUrl, 'archive', store.name);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-bench-archive-'));
    const pool = new Pool({ connectionString: copy.url, max: 4 });
    const exports: { seconds: number; growth: number; bytes: number }[] = [];
    // the command line loaded and reading nothing: what verify-archive's peak is held against
    const loaded = await cliChild(['verify-archive', '--help']);
    const checks: Check[] = [];
    let turnSeconds = NaN;
    let events = 0;
    let streams = 0;
    let gzip = NaN;
    let snapshotSeconds = NaN;
    let readModels = 0;
    try {
      await new PostgresEventStore(pool).migrate();
      const t0 = process.hrtime.bigint();
      const turn = await turnMonth(pool, MONTH);
      turnSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
      streams = turn.closingSeal.seal.streamCount;
      ctx.log(`archive: ${MONTH} turned in ${fmtSec(turnSeconds)} (closing seal #${turn.closingSeal.seal.sequence}, ${fmtInt(streams)} streams)`);
      let file = '';
      // exports and checks interleaved: export, check, export, check…
      for (let trial = 1; trial <= trials; trial++) {
        const rssBefore = process.memoryUsage().rss;
        let peakRss = rssBefore;
        const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
        const e0 = process.hrtime.bigint();
        const written = await exportMonth(pool, MONTH, dir).finally(() => clearInterval(sampler));
        const seconds = Number(process.hrtime.bigint() - e0) / 1e9;
        events = written.manifest.events;
        file = written.file;
        exports.push({ seconds, growth: peakRss - rssBefore, bytes: written.bytes });
        ctx.log(`archive: trial ${trial}: exported ${fmtInt(events)} events in ${fmtSec(seconds)} (${fmtInt(written.bytes)} bytes)`);
        const check = await verifyArchiveChild(file, turn.closingSeal.receipt);
        if (!check.ok) throw new Error('verify-archive found the exported month broken');
        checks.push(check);
        ctx.log(`archive: trial ${trial}: verify-archive ${fmtSec(check.seconds)}, peak RSS ${fmtMiB(check.maxRssBytes)}`);
      }
      gzip = await gzipBytes(file);
      if (new Set(exports.map((e) => e.bytes)).size !== 1) throw new Error('the exports of the same month differ in size');
      // every read model's snapshot at the closing seal, as `archive --drop` takes it before the drop; the first one
      // reads the store from its start (here the whole store, one month), a later one only the months since
      const runtime = await startRuntime({ databaseUrl: copy.url, poolSize: 4 });
      try {
        readModels = runtime.projections.length;
        const s0 = process.hrtime.bigint();
        const taken = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, MONTH);
        snapshotSeconds = Number(process.hrtime.bigint() - s0) / 1e9;
        if (taken.some((t) => t.outcome !== 'taken'))
          throw new Error(`a snapshot was not taken: ${JSON.stringify(taken.filter((t) => t.outcome !== 'taken'))}`);
        ctx.log(`archive: ${readModels} read models' snapshots at the closing seal in ${fmtSec(snapshotSeconds)}`);
      } finally {
        await runtime.close();
      }
    } finally {
      await pool.end();
      await copy.drop();
      rmSync(dir, { recursive: true, force: true });
    }
    const uptimeAfter = uptimeLine();
    const exportSeconds = median(exports.map((e) => e.seconds));
    const checkSeconds = median(checks.map((c) => c.seconds));
    const bytes = exports[0].bytes;
    const checkPeak = Math.max(...checks.map((c) => c.maxRssBytes));

    const out: string[] = ['## A month out of the store: turn, export, check (issue 23 §4)', ''];
    if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(store.events)}-event store; not figures to cite.\n`);
    out.push(
      headerLines(ctx, 'archive', started, uptimeBefore, uptimeAfter, [
        `- Store: a file copy (\`CREATE DATABASE … TEMPLATE\`, dropped afterwards) of \`${store.name}\`, ${fmtInt(events)} events in ${fmtInt(streams)} streams, built by the simulator (bench/store.ts); the whole store is one month (${MONTH}), its history before the first turn`,
        `- Turn: \`turnMonth\` as \`casino-audit seal --close-month ${MONTH}\` runs it, once (lock, sequence moved, closing seal of every head)`,
        `- Export: \`exportMonth\` as \`casino-audit archive ${MONTH}\` runs it (pages of 5,000 in position order, written as read, sha256 beside), in this process; its memory is how far this process's RSS grew during the export (sampled every 100 ms)`,
        `- Check: the built \`casino-audit verify-archive FILE --receipt R --json\` in a child process (Node's start included), the file read twice as a stream; its memory is its own peak RSS (\`maxRSS\`), beside the same command loaded and reading nothing (\`verify-archive --help\`: ${fmtMiB(loaded.maxRssBytes)})`,
        `- ${trials} trial(s), interleaved (export, check, export, check…); medians reported; every check passed and every export had the same size`,
        `- Snapshots: \`takeSnapshots\` as \`casino-audit archive ${MONTH} --drop\` runs it before the drop (libs/projections/src/snapshots.ts), once, after the trials: every read model fed from the store's start to the closing seal into its \`<table>__snapshot\` tables, one after another, 5,000-event pages, each reading in full only the types it handles (a month's first snapshot; a later month's reads only the months since the last)`,
      ]).join('\n'),
    );
    const busy = busyNote(uptimeBefore, uptimeAfter);
    if (busy) out.push('', busy);
    out.push('');
    out.push(
      table(
        ['Step', 'Median time', 'Rate', 'Memory'],
        [
          ['Turn (closing seal)', fmtSec(turnSeconds), 'n/a', 'n/a'],
          [
            'Export to NDJSON',
            fmtSec(exportSeconds),
            `**${fmtInt(events / exportSeconds)} events/s**`,
            `RSS +${fmtMiB(Math.max(...exports.map((e) => e.growth)))}`,
          ],
          [
            'verify-archive',
            fmtSec(checkSeconds),
            `**${fmtInt(events / checkSeconds)} events/s**`,
            `peak ${fmtMiB(checkPeak)} (+${fmtMiB(checkPeak - loaded.maxRssBytes)})`,
          ],
          [
            `Snapshots of the ${readModels} read models at the closing seal (once)`,
            fmtSec(snapshotSeconds),
            `**${fmtInt(events / snapshotSeconds)} events/s**`,
            'n/a',
          ],
        ],
        ['l', 'r', 'r', 'r'],
      ),
    );
    out.push('');
    out.push(
      table(
        ['Archive file', 'Bytes', 'Bytes per event'],
        [
          ['NDJSON', fmtInt(bytes), `**${(bytes / events).toFixed(1)}**`],
          ['gzip -6 of it', fmtInt(gzip), (gzip / events).toFixed(1)],
        ],
        ['l', 'r', 'r'],
      ),
    );
    out.push('');
    return out.join('\n');
  },
};
