/**
 * The append on a partitioned store, and the drop of a month (issue 23 §4; docs/scaling.md §2–§3). Four stores,
 * each on a fresh database, appended to in turns (interleaved rounds, so a machine that drifts drifts for all):
 * - one table: the store migrations up to 12 (before the partitioning);
 * - partitioned, before any turn: migrations 13 and 14, the rows in their first partition;
 * - a closed month online: the same after a month of events turned (`turnMonth`), so every append checks its ids
 *   and its stream's version against the closed month (CLOSED_MONTHS_CHECK);
 * - a month dropped: the same closed month exported, checked and dropped (`dropMonth`), so the append also checks
 *   the archived ids and heads.
 * Measured: the time of one append on one connection (synchronous_commit off: the server's and client's work,
 * not the flush), of one event and of ten; and the rate of 16 writers appending one event each (group commit,
 * synchronous_commit on, as the append suite). Then the drop itself: its transaction (detach, the month's ids and
 * heads copied, the drop) is the time readers wait.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { checkArchiveSource } from '../libs/event-store/src/archive-check';
import { openArchiveFile } from '../libs/event-store/src/archive-file';
import { applySqlMigrations } from '../libs/event-store/src/postgres/migrate';
import { dropMonth } from '../libs/event-store/src/postgres/month-drop';
import { sessionStateKeeper } from '../libs/ledger/src/session-state';
import { jackpotPoolsAtSeal } from '../libs/replay/src/jackpot-pools';
import { exportMonth } from '../libs/event-store/src/postgres/month-export';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { PostgresEventStore } from '../libs/event-store/src/postgres/postgres-event-store';
import { EVENT_STORE_MIGRATIONS } from '../libs/event-store/src/postgres/schema';
import type { NewEvent } from '../libs/event-store/src/port';
import { sealOf } from '../libs/event-store/src/seal';
import { busyNote, fmtSec, headerLines } from './common';
import { createFreshDatabase, fmtInt, median, Suite, SuiteContext, table, uptimeLine, type FreshDatabase } from './support';

const STREAMS = 200;
const MONTH = '2026-11';

interface Layout {
  readonly label: string;
  readonly db: FreshDatabase;
  /** one connection, synchronous_commit off: the serial appends */
  readonly serial: PostgresEventStore;
  readonly url: string;
}

const bet = (streamId: string): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'BetPlaced',
  data: { sessionId: streamId, roundId: randomUUID(), seat: 3, amount: 2500, spots: ['17', '18'], bet: 'split', croupier: 'cr-1' },
  metadata: { recordedBy: `terminal:${streamId}` },
  occurredAt: '2026-11-30T20:00:00.000Z',
});

/** `events` appended in batches of 100 over STREAMS streams. */
async function fill(store: PostgresEventStore, events: number): Promise<void> {
  for (let i = 0; i < events; i += 100) {
    const s = `table-${(i / 100) % STREAMS}`;
    await store.append(Array.from({ length: Math.min(100, events - i) }, () => bet(s)));
  }
}

/** The drop's time in all, its ids' copy before the lock, and the time readers were held out (dropMonth's own figures). */
interface Drop {
  readonly totalMs: number;
  readonly idsMs: number;
  readonly lockedMs: number;
}

async function layout(ctx: SuiteContext, label: string, kind: 'table' | 'partitioned' | 'turned' | 'dropped', month: number, dir: string) {
  const db = await createFreshDatabase(ctx.options.adminUrl, `partitions_${kind}`);
  const pool = new Pool({ connectionString: db.url, max: 4 });
  let drop: Drop | null = null;
  try {
    await applySqlMigrations(pool, kind === 'table' ? EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 12) : undefined);
    const store = new PostgresEventStore(pool);
    await fill(store, month);
    if (kind === 'turned' || kind === 'dropped') await turnMonth(pool, MONTH);
    if (kind === 'dropped') {
      const written = await exportMonth(pool, MONTH, dir);
      const closing = sealOf(written.closingSeal);
      const check = await checkArchiveSource(await openArchiveFile(written.file), { sequence: closing.sequence, sealHash: closing.sealHash });
      const t0 = process.hrtime.bigint();
      // as `archive --drop` does it, keeping the sessions' states and the jackpot pools (none here: the bench's streams are bare)
      const dropped = await dropMonth(
        pool,
        { file: written.file, sha256: written.sha256, manifest: written.manifest, check },
        { states: sessionStateKeeper, pools: jackpotPoolsAtSeal },
      );
      drop = { totalMs: Number(process.hrtime.bigint() - t0) / 1e6, idsMs: dropped.idsMs, lockedMs: dropped.lockedMs };
    }
    await pool.query('VACUUM ANALYZE');
  } finally {
    await pool.end();
  }
  const url = `${db.url}${db.url.includes('?') ? '&' : '?'}options=${encodeURIComponent('-c jit=off -c synchronous_commit=off')}`;
  const serial = new PostgresEventStore(new Pool({ connectionString: url, max: 1 }), { appendsInFlight: 0 });
  ctx.log(
    `partitions: ${label} ready (${fmtInt(month)} events${drop ? `, dropped in ${drop.totalMs.toFixed(0)} ms, readers held ${drop.lockedMs.toFixed(0)} ms` : ''})`,
  );
  return { layout: { label, db, serial, url: db.url } as Layout, drop };
}

/** µs per append over `n` serial appends of `size` events, on streams that already exist. */
async function serialRound(l: Layout, n: number, size: number): Promise<number> {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await l.serial.append(Array.from({ length: size }, () => bet(`table-${i % STREAMS}`)));
  return Number(process.hrtime.bigint() - t0) / 1000 / n;
}

/** Events/s of 16 writers appending one event each, for `seconds` after a second of warm-up (group commit, flush on). */
async function concurrentTrial(l: Layout, seconds: number): Promise<number> {
  const pool = new Pool({ connectionString: l.url, max: 16 });
  const store = new PostgresEventStore(pool);
  try {
    const warm = Date.now() + 1000;
    const end = warm + seconds * 1000;
    let counted = 0;
    await Promise.all(
      Array.from({ length: 16 }, async (_, w) => {
        while (Date.now() < end) {
          await store.append([bet(`table-${w}`)]);
          if (Date.now() > warm) counted++;
        }
      }),
    );
    return counted / seconds;
  } finally {
    await pool.end();
  }
}

export const partitionsSuite: Suite = {
  name: 'partitions',
  title: 'The append on a partitioned store, and the drop of a month',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const quick = ctx.options.quick;
    const month = quick ? 5_000 : 200_000;
    const rounds = quick ? 2 : 7;
    const serialN = quick ? 200 : 1_500;
    const trials = quick ? 1 : 3;
    const trialSeconds = quick ? 2 : 5;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-bench-partitions-'));
    const layouts: Layout[] = [];
    let drop: Drop | null = null;
    const single = new Map<string, number[]>();
    const batch = new Map<string, number[]>();
    const rate = new Map<string, number[]>();
    try {
      layouts.push((await layout(ctx, 'one table (store migration 12)', 'table', month, dir)).layout);
      layouts.push((await layout(ctx, 'partitioned, before any turn', 'partitioned', month, dir)).layout);
      layouts.push((await layout(ctx, 'partitioned, a closed month online', 'turned', month, dir)).layout);
      const dropped = await layout(ctx, 'partitioned, a month dropped', 'dropped', month, dir);
      layouts.push(dropped.layout);
      drop = dropped.drop;
      for (const l of layouts) await serialRound(l, 50, 1); // each connection's plans made
      for (let r = 0; r < rounds; r++) {
        for (const l of layouts) (single.get(l.label) ?? single.set(l.label, []).get(l.label)!).push(await serialRound(l, serialN, 1));
        for (const l of layouts) (batch.get(l.label) ?? batch.set(l.label, []).get(l.label)!).push(await serialRound(l, serialN / 5, 10));
      }
      for (let t = 0; t < trials; t++) {
        for (const l of layouts) (rate.get(l.label) ?? rate.set(l.label, []).get(l.label)!).push(await concurrentTrial(l, trialSeconds));
      }
      ctx.log('partitions: measured');
    } finally {
      for (const l of layouts) {
        await l.serial.close().catch(() => undefined);
        await l.db.drop();
      }
      rmSync(dir, { recursive: true, force: true });
    }
    const uptimeAfter = uptimeLine();
    const base = layouts[0].label;
    const ratio = (m: Map<string, number[]>, label: string) => (median(m.get(label)!) / median(m.get(base)!)).toFixed(2);

    const out: string[] = ['## The append on a partitioned store, and the drop of a month (issue 23 §4)', ''];
    if (quick) out.push('> **Quick smoke run** (`--quick`): small months, few rounds; not figures to cite.\n');
    out.push(
      headerLines(ctx, 'partitions', started, uptimeBefore, uptimeAfter, [
        `- Four stores on fresh databases (dropped afterwards), each filled with the same ${fmtInt(month)} \`BetPlaced\` facts over ${STREAMS} streams (batches of 100) before measuring: one table (store migrations 1–12); partitioned (13–14) before any turn; the same with that month closed by its turn and online; the same with that month exported, checked and dropped`,
        `- Serial: one connection each, \`synchronous_commit=off\` (the work of an append, not its flush), ${fmtInt(serialN)} one-event appends and ${fmtInt(serialN / 5)} ten-event appends a round, ${rounds} rounds, the stores in turn in every round; medians of the rounds`,
        `- Concurrent: 16 writers, one event an append, each on its own stream, \`synchronous_commit=on\` (group commit, as the append suite), ${trialSeconds} s after 1 s of warm-up, ${trials} trial(s) a store, in turn; medians`,
        `- The drop: \`dropMonth\` on the closed month of ${fmtInt(month)} events, once: its ids copied first (readers go on), then one transaction (detach, heads copied, drop) that holds readers out from the detach to the commit`,
      ]).join('\n'),
    );
    const busy = busyNote(uptimeBefore, uptimeAfter);
    if (busy) out.push('', busy);
    out.push('');
    out.push(
      table(
        ['Store', 'One event (µs)', '× one table', 'Ten events (µs)', '× one table', '16 writers (events/s)', '× one table'],
        layouts.map((l) => [
          l.label,
          `**${median(single.get(l.label)!).toFixed(0)}** (${single
            .get(l.label)!
            .map((v) => v.toFixed(0))
            .join(', ')})`,
          ratio(single, l.label),
          `**${median(batch.get(l.label)!).toFixed(0)}** (${batch
            .get(l.label)!
            .map((v) => v.toFixed(0))
            .join(', ')})`,
          ratio(batch, l.label),
          `**${fmtInt(median(rate.get(l.label)!))}** (${rate
            .get(l.label)!
            .map((v) => fmtInt(v))
            .join(', ')})`,
          ratio(rate, l.label),
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
    out.push('');
    if (drop) {
      out.push(
        `The drop of the closed month (${fmtInt(month)} events): ${drop.totalMs.toFixed(0)} ms in all, of which ${drop.idsMs.toFixed(0)} ms copying its ids while readers go on, and **${drop.lockedMs.toFixed(0)} ms** from the detach to the commit, during which the events' table is locked against readers (ACCESS EXCLUSIVE). The locked part is the detach, the heads (one a stream: ${STREAMS} here, not one an event) and the drop of the table; a 30-table casino's month of about 20 million events copies its ids in about ${fmtSec((drop.idsMs / 1000 / month) * 20e6)} at this rate, readers going on (an extrapolation, not a measurement).`,
      );
    }
    out.push('');
    return out.join('\n');
  },
};
