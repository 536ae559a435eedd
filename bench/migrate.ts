/**
 * The store migrations that rewrite every event (issue 23 §2): 8 (hashes as bytes), 10 (streams and metadata
 * numbered) and 12 (data as json), each run the way a start-up runs it (`applySqlMigrations`), on a store written
 * under migration 7 and carried through 8–12, while a writer of the version before appends throughout.
 *
 * The store: the shared benchmark store's events (bench/store.ts, the simulator through the real ingestion), copied
 * row for row (positions, transactions, recording times, hashes as hex) into a new database at migration 7, then
 * sealed. For each rewrite: its prepared steps stopped on purpose once 30 % of the rows are copied, run again (they
 * resume, then build the copy's indexes), then the migration as a start-up runs it (the rows appended since, and its
 * transaction, which holds the lock). Beside it, on a file copy of the store taken just before, the same migration
 * without its prepared steps: everything in its one transaction, under the lock, as migrations 8 and 10 ran before.
 * `verify` with the seal's receipt before the first migration and after the last.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createSeal } from '../libs/event-store/src/seal';
import { applySqlMigrations } from '../libs/event-store/src/postgres/migrate';
import { PostgresEventStore } from '../libs/event-store/src/postgres/postgres-event-store';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import { DATA_AS_JSON, HASHES_AS_BYTES, STREAMS_NUMBERED } from '../libs/event-store/src/postgres/rewrite-plans';
import { prepareRowsRewrite, REWRITE_CHUNK_ROWS, RowsRewrite } from '../libs/event-store/src/postgres/rows-rewrite';
import { EVENT_STORE_MIGRATIONS } from '../libs/event-store/src/postgres/schema';
import { busyNote, fmtMs, fmtSec, headerLines, percentile } from './common';
import { ensureStore, storeEvents } from './store';
import { createFreshDatabase, fmtInt, sleep, Suite, SuiteContext, table, uptimeLine } from './support';

const REWRITES: Readonly<Record<number, RowsRewrite>> = { 8: HASHES_AS_BYTES, 10: STREAMS_NUMBERED, 12: DATA_AS_JSON };
/** where the first run of the prepared steps is stopped, as a share of the store's rows */
const STOP_AT = 0.3;
const COPY_PAGE = 20_000;
const WRITER = { streams: 20, eventsPerAppend: 10, pauseMs: 20 } as const;

const upTo = (version: number) => EVENT_STORE_MIGRATIONS.filter((m) => m.version <= version);
const seconds = (since: number) => (performance.now() - since) / 1000;

/** The benchmark store's events, row for row, into `pool`'s store at migration 7 (hashes as hex text, as 7 kept them). */
export async function copyAtMigration7(source: Pool, pool: Pool, log: (m: string) => void): Promise<number> {
  let after = 0n;
  let copied = 0;
  for (;;) {
    const { rows } = await source.query(
      `SELECT global_position::text AS p, transaction_id::text AS t, stream_id AS s, stream_version AS v, event_id AS id, event_type AS ty,
              data::text AS d, metadata::text AS m, occurred_at AS o, recorded_at AS r,
              encode(content_hash, 'hex') AS c, encode(prev_hash, 'hex') AS ph, encode(hash, 'hex') AS h
         FROM ca_events WHERE global_position > $1 ORDER BY global_position LIMIT ${COPY_PAGE}`,
      [after.toString()],
    );
    if (!rows.length) break;
    const column = (k: string) => rows.map((r) => r[k]);
    await pool.query(
      `INSERT INTO ca_events (global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata, occurred_at,
                              recorded_at, content_hash, prev_hash, hash) OVERRIDING SYSTEM VALUE
       SELECT u.p, u.t::xid8, u.s, u.v, u.id, u.ty, u.d::jsonb, u.m::jsonb, u.o, u.r, u.c, u.ph, u.h
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::integer[], $5::uuid[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::timestamptz[], $11::text[], $12::text[], $13::text[]) AS u(p, t, s, v, id, ty, d, m, o, r, c, ph, h)`,
      ['p', 't', 's', 'v', 'id', 'ty', 'd', 'm', 'o', 'r', 'c', 'ph', 'h'].map(column),
    );
    copied += rows.length;
    after = BigInt(rows[rows.length - 1].p);
    if (copied % 200_000 < COPY_PAGE) log(`migrate: ${fmtInt(copied)} events copied into the store at migration 7`);
  }
  await pool.query(`SELECT setval(pg_get_serial_sequence('ca_events', 'global_position'), $1)`, [after.toString()]);
  await pool.query('VACUUM ANALYZE ca_events');
  return copied;
}

/** A writer of the version before: appends of 10 events to one of 20 streams, one after another with a pause, each timed. */
function startWriter(url: string, tag: string) {
  const pool = new Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  const store = new PostgresEventStore(pool);
  const appends: { at: number; ms: number }[] = [];
  /** appends refused with an error (the append is one transaction: nothing of it stored), by their error's text */
  const refused: string[] = [];
  let stopping = false;
  const done = (async () => {
    const versions = new Array<number>(WRITER.streams).fill(0);
    for (let i = 0; !stopping; i++) {
      const k = i % WRITER.streams;
      const batch = Array.from({ length: WRITER.eventsPerAppend }, (_, j) => ({
        streamId: `bench-writer-${tag}-${k}`,
        eventId: randomUUID(),
        type: 'BenchWritten',
        data: { i, j, roundId: `bench-writer-${tag}-${k}-${i}` },
        occurredAt: new Date().toISOString(),
      }));
      const t0 = performance.now();
      try {
        await store.append(batch, { expectedVersions: { [batch[0].streamId]: versions[k] } });
        appends.push({ at: t0, ms: performance.now() - t0 });
        versions[k] += WRITER.eventsPerAppend;
      } catch (error) {
        refused.push(`${(error as { code?: string }).code ?? ''} ${(error as Error).message}`.trim());
        if (refused.length > 20) throw error; // not a blip at the swap: the writer itself is broken
      }
      await sleep(WRITER.pauseMs);
    }
  })();
  return {
    appends,
    refused,
    async stop() {
      stopping = true;
      try {
        await done;
      } finally {
        await pool.end();
      }
    },
  };
}

/** Bytes on disk an event: the events' table(s) with their indexes and TOAST, and the numbers' tables. */
async function bytesPerEvent(pool: Pool): Promise<number> {
  const { rows } = await pool.query(
    `SELECT (SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c
              WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace
                AND (c.relname IN ('ca_events', 'ca_event_rows', 'ca_stream_ids', 'ca_event_metadata')
                     OR c.oid IN (SELECT relid FROM pg_partition_tree(to_regclass('ca_event_rows')))))::float8
          / (SELECT count(*) FROM ca_events) AS b`,
  );
  return rows[0].b;
}

interface RewriteRun {
  readonly version: number;
  readonly name: string;
  readonly rows: number;
  readonly stoppedSeconds: number;
  readonly stoppedCopied: number;
  readonly resumedSeconds: number;
  readonly resumedCopied: number;
  readonly indexes: number;
  readonly startupSeconds: number;
  readonly onceSeconds: number;
  readonly writerAppends: number;
  readonly writerRefused: readonly string[];
  readonly writerMedianMs: number;
  readonly writerMaxMs: number;
  readonly bytesBefore: number;
  readonly bytesAfter: number;
}

export const migrateSuite: Suite = {
  name: 'migrate',
  title: 'Store migrations 8, 10 and 12 stopped and resumed, a writer appending',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = storeEvents(ctx.options.quick);
    const source = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    const db = await createFreshDatabase(ctx.options.adminUrl, 'migrate');
    const open = () => {
      const pool = new Pool({ connectionString: db.url, max: 2 });
      pool.on('error', () => undefined);
      return pool;
    };
    const runs: RewriteRun[] = [];
    const others: { version: number; name: string; seconds: number }[] = [];
    let pool = open();
    let events = 0;
    let verifyBefore = 0;
    let verifyAfter = 0;
    let verifiedEvents = 0;
    try {
      await applySqlMigrations(pool, upTo(7));
      const from = new Pool({ connectionString: source.url, max: 1 });
      const t0 = performance.now();
      try {
        events = await copyAtMigration7(from, pool, ctx.log);
      } finally {
        await from.end();
      }
      ctx.log(`migrate: ${fmtInt(events)} events at migration 7 in ${fmtSec(seconds(t0))}; sealing and verifying`);
      const { receipt } = await createSeal(pool);
      let t = performance.now();
      const before = await verifyStore(pool, { receipt });
      verifyBefore = seconds(t);
      if (!before.ok || !before.seals?.receipt?.ok) throw new Error(`the store at migration 7 does not verify: ${JSON.stringify(before.breaks[0])}`);

      for (const migration of EVENT_STORE_MIGRATIONS.filter((m) => m.version > 7)) {
        const plan = REWRITES[migration.version];
        if (!plan) {
          t = performance.now();
          await applySqlMigrations(pool, upTo(migration.version));
          others.push({ version: migration.version, name: migration.name, seconds: seconds(t) });
          continue;
        }
        const bytesBefore = await bytesPerEvent(pool);
        const rows = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
        // the old way, on a file copy of the store as it is now: the rewrite whole in the migration's one transaction
        await pool.end();
        const once = await createFreshDatabase(ctx.options.adminUrl, `migrate_once_${migration.version}`, db.name);
        let onceSeconds: number;
        try {
          const copyPool = new Pool({ connectionString: once.url, max: 2 });
          try {
            t = performance.now();
            await applySqlMigrations(copyPool, [{ ...migration, prepare: undefined }]);
            onceSeconds = seconds(t);
          } finally {
            await copyPool.end();
          }
        } finally {
          await once.drop();
        }
        pool = open();

        // the product's chunk; a tenth of a small store's rows, so that the stop falls inside the copy there too
        const chunkRows = Math.min(REWRITE_CHUNK_ROWS, Math.ceil(rows / 10));
        const writer = startWriter(db.url, String(migration.version));
        await sleep(500);
        const client = await pool.connect();
        let stoppedCopied = 0;
        let stoppedSeconds: number;
        let resumed: { copied: number; indexes: number };
        let resumedSeconds: number;
        try {
          t = performance.now();
          await prepareRowsRewrite(client, plan, {
            chunkRows,
            onStep: (p) => {
              stoppedCopied = p.copied;
              if (p.copied >= STOP_AT * rows) throw new Error('stopped');
            },
          }).catch((error: Error) => {
            if (error.message !== 'stopped') throw error;
          });
          stoppedSeconds = seconds(t);
          ctx.log(`migrate ${migration.version}: prepared steps stopped after ${fmtInt(stoppedCopied)} rows (${fmtSec(stoppedSeconds)})`);
          t = performance.now();
          resumed = await prepareRowsRewrite(client, plan, { chunkRows });
          resumedSeconds = seconds(t);
        } finally {
          client.release();
        }
        ctx.log(
          `migrate ${migration.version}: resumed, ${fmtInt(resumed.copied)} rows and ${resumed.indexes} indexes (${fmtSec(resumedSeconds)}); starting up`,
        );
        t = performance.now();
        await applySqlMigrations(pool, upTo(migration.version));
        const startupSeconds = seconds(t);
        await sleep(500);
        await writer.stop();
        const latencies = writer.appends.map((a) => a.ms);
        runs.push({
          version: migration.version,
          name: migration.name,
          rows,
          stoppedSeconds,
          stoppedCopied,
          resumedSeconds,
          resumedCopied: resumed.copied,
          indexes: resumed.indexes,
          startupSeconds,
          onceSeconds,
          writerAppends: writer.appends.length,
          writerRefused: [...writer.refused],
          writerMedianMs: percentile(latencies, 0.5),
          writerMaxMs: Math.max(...latencies),
          bytesBefore,
          bytesAfter: await bytesPerEvent(pool),
        });
        ctx.log(
          `migrate ${migration.version}: start-up ${fmtSec(startupSeconds)} (one transaction: ${fmtSec(onceSeconds)}); writer max ${fmtMs(Math.max(...latencies))}`,
        );
      }
      t = performance.now();
      const after = await verifyStore(pool, { receipt });
      verifyAfter = seconds(t);
      if (!after.ok || !after.seals?.receipt?.ok) throw new Error(`the migrated store does not verify: ${JSON.stringify(after.breaks[0])}`);
      verifiedEvents = after.events;
    } finally {
      await pool.end().catch(() => undefined);
      await db.drop();
    }
    const uptimeAfter = uptimeLine();

    const out: string[] = ['## Store migrations that rewrite every event, stopped and resumed (issue 23 §2)', ''];
    if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(events)}-event store; not figures to cite.\n`);
    out.push(
      headerLines(ctx, 'migrate', started, uptimeBefore, uptimeAfter, [
        `- Store: the ${fmtInt(events)} events of \`${source.name}\` (bench/store.ts), copied row for row into a new database at store migration 7 (hashes as hex text), sealed, then migrated through 8–12 by \`applySqlMigrations\` as a start-up runs it`,
        `- Each rewrite: its prepared steps (\`prepareRowsRewrite\`, chunks of 100,000 rows) stopped on purpose once ${STOP_AT * 100} % of the rows were copied, run again (they resume, then build the copy's indexes), then the start-up (the rows appended since, and the migration's transaction, which holds the lock)`,
        `- Throughout: a writer of the version before (today's store code, its own connection) appending ${WRITER.eventsPerAppend} events to one of ${WRITER.streams} streams, one append after another with ${WRITER.pauseMs} ms pauses; its append latencies are over the whole migration`,
        '- "One transaction": the same migration without its prepared steps, on a file copy of the store taken just before (`CREATE DATABASE … TEMPLATE`): the whole rewrite in its transaction, under the lock, as migrations 8 and 10 ran before this change',
        `- \`verify\` with the seal's receipt: ${fmtSec(verifyBefore)} at migration 7, ${fmtSec(verifyAfter)} after migration 12 (${fmtInt(verifiedEvents)} events, the writer's included); both passed, receipt and all`,
      ]).join('\n'),
    );
    const busy = busyNote(uptimeBefore, uptimeAfter);
    if (busy) out.push('', busy);
    out.push('');
    out.push(
      table(
        [
          'Migration',
          'Rows',
          'Prepared, stopped',
          'Prepared, resumed',
          'Start-up',
          'One transaction',
          "Writer's appends (refused)",
          'Append median',
          'Append max',
          'B/event before → after',
        ],
        runs.map((r) => [
          `${r.version}: ${r.name}`,
          fmtInt(r.rows),
          `${fmtSec(r.stoppedSeconds)} (${fmtInt(r.stoppedCopied)} rows)`,
          `${fmtSec(r.resumedSeconds)} (${fmtInt(r.resumedCopied)} rows, ${r.indexes} indexes)`,
          `**${fmtSec(r.startupSeconds)}**`,
          fmtSec(r.onceSeconds),
          `${fmtInt(r.writerAppends)} (${r.writerRefused.length})`,
          fmtMs(r.writerMedianMs),
          fmtMs(r.writerMaxMs),
          `${r.bytesBefore.toFixed(1)} → ${r.bytesAfter.toFixed(1)}`,
        ]),
        ['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
    out.push('');
    for (const r of runs.filter((x) => x.writerRefused.length))
      out.push(
        `Migration ${r.version}: the writer's append${r.writerRefused.length > 1 ? 's' : ''} refused: ${[...new Set(r.writerRefused)].map((m) => `\`${m}\``).join('; ')}.`,
        '',
      );
    out.push(`The migrations that rewrite nothing: ${others.map((o) => `${o.version} (${o.name}) ${fmtSec(o.seconds)}`).join('; ')}.`);
    out.push('');
    return out.join('\n');
  },
};
