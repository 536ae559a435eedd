/**
 * Disk per event (issue 23 §2): the benchmark store as the simulator's days grew it through the real ingestion
 * (bench/store.ts), every relation of the event store measured with `pg_relation_size` and divided by the events,
 * each index named with the queries it serves; then the row itself, column by column (`pg_column_size`, averaged over
 * every row). A size, not a time: the figures do not depend on what else the machine is doing.
 */
import { Pool } from 'pg';
import { EVENT_STORE_MIGRATIONS } from '../libs/event-store/src/postgres/schema';
import { headerLines } from './common';
import { ensureStore, storeEvents } from './store';
import { fmtInt, Suite, SuiteContext, table, uptimeLine } from './support';

/** The issue's budget: the store, indexes and TOAST included. */
const BUDGET_BYTES_PER_EVENT = 500;

/** What each relation is for: the queries it serves (docs/deployment.md, "Disk per event"). */
const SERVES: Record<string, string> = {
  ca_event_rows: 'the rows (`ca_events` is their view): every reader',
  ca_events_event_id: 'idempotency (a re-sent id is a duplicate, other content under it a conflict); `findEvents`, corrections by id',
  ca_events_feed:
    "the gap-safe feed every read model reads (`readProjectedFeed`, `readFeedFacts`, a rebuild's `readFeedOf`) and `migrate-store` and the mirror (`readFeed`), projector lag",
  ca_events_stream_version:
    "the append's version check (its uniqueness is the optimistic concurrency) and predecessor probe, `prev_hash` of the view, `readStream`, stream heads, `verify`'s walk, replay's range of a round",
  ca_events_pkey: "the order of record: `max(global_position)` (health, the feed's head), a fact's position",
  ca_events_round: "a round's facts: `readRound`, `streamOfRound`, replay's round, the rounds list's join of verdicts to their `RoundStarted`",
  ca_events_session_context: "replay's context facts of a session (opening, limits, suspensions, shoes, close, corrections)",
  ca_events_sessions_by_day: "sealing's sessions of a gaming day",
  ca_events_closed_sessions: 'sealing\'s "every session of the day closed?"',
  ca_events_jackpots: "replay's jackpot pools, round verdicts' jackpot facts",
  ca_stream_ids: "a stream's number from its id (every reader that names a stream)",
  ca_event_metadata: "a metadata's number from its digest (the append); each distinct metadata once",
};

interface Relation {
  readonly name: string;
  readonly kind: string;
  readonly bytes: number;
}

export const diskSuite: Suite = {
  name: 'disk',
  title: 'Disk per event: the store, index by index, and the row column by column',
  async run(ctx: SuiteContext): Promise<string> {
    const started = new Date();
    const uptimeBefore = uptimeLine();
    const n = storeEvents(ctx.options.quick);
    const store = await ensureStore(ctx.options.adminUrl, n, ctx.log);
    const pool = new Pool({ connectionString: store.url, max: 1 });
    let relations: Relation[];
    let total: number;
    let events: number;
    let schema: number;
    let columns: { name: string; bytes: number }[];
    let tuple: number;
    try {
      events = Number((await pool.query('SELECT count(*) AS n FROM ca_event_rows')).rows[0].n);
      schema = Number((await pool.query('SELECT max(version) AS v FROM ca_schema_migrations')).rows[0].v);
      relations = (
        await pool.query(
          // the partitioned rows (store migration 13) and each index made on them: summed over their partitions; a
          // partition's own unique keys each on their own
          `SELECT c.relname AS name, CASE c.relkind WHEN 'p' THEN 'r' WHEN 'I' THEN 'i' ELSE c.relkind END AS kind,
                  (SELECT coalesce(sum(pg_relation_size(t.relid)), 0) FROM pg_partition_tree(c.oid) t)::bigint AS bytes FROM pg_class c
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'i', 'p', 'I') AND NOT c.relispartition
              AND (c.oid IN ('ca_event_rows'::regclass, 'ca_stream_ids'::regclass, 'ca_event_metadata'::regclass)
                   OR c.oid IN (SELECT indexrelid FROM pg_index WHERE indrelid IN (SELECT relid FROM pg_partition_tree('ca_event_rows')
                                                                                 UNION ALL VALUES ('ca_stream_ids'::regclass), ('ca_event_metadata'::regclass))))
            ORDER BY 3 DESC, 1`,
        )
      ).rows.map((r) => ({ name: r.name, kind: r.kind, bytes: Number(r.bytes) }));
      total = Number(
        (
          await pool.query(
            `SELECT (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('ca_event_rows')) + pg_total_relation_size('ca_stream_ids')
                    + pg_total_relation_size('ca_event_metadata') AS b`,
          )
        ).rows[0].b,
      );
      const names = (
        await pool.query(`SELECT attname FROM pg_attribute WHERE attrelid = 'ca_event_rows'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`)
      ).rows.map((r) => r.attname as string);
      const widths = (
        await pool.query(
          `SELECT ${names.map((c) => `avg(pg_column_size(${c}))::float8 AS ${c}`).join(', ')}, avg(pg_column_size(t.*))::float8 AS whole FROM ca_event_rows t`,
        )
      ).rows[0];
      columns = names.map((name) => ({ name, bytes: Number(widths[name]) }));
      tuple = Number(widths.whole);
    } finally {
      await pool.end();
    }
    const perEvent = (bytes: number) => bytes / events;
    const fmtB = (bytes: number) => perEvent(bytes).toFixed(1);
    const latest = Math.max(...EVENT_STORE_MIGRATIONS.map((m) => m.version));

    const out: string[] = ['## Disk per event (issue 23 §2)', ''];
    if (ctx.options.quick) out.push(`> **Quick smoke run** (\`--quick\`): a ${fmtInt(store.events)}-event store; not figures to cite.\n`);
    out.push(
      headerLines(ctx, 'disk', started, uptimeBefore, uptimeLine(), [
        `- Store: database \`${store.name}\`, ${fmtInt(events)} events, written by the simulator through the real ingestion under store migration ${schema} (the latest is ${latest}); the indexes as the appends grew them, not rebuilt`,
        '- Sizes: `pg_relation_size` of each relation ÷ events; the total is `pg_total_relation_size` (TOAST and free-space maps included) of `ca_event_rows` (every partition), `ca_stream_ids` and `ca_event_metadata`',
      ]).join('\n'),
      '',
      `**${fmtB(total)} bytes an event** in all (issue 23 §2 asks ≤ ${BUDGET_BYTES_PER_EVENT}: ${perEvent(total) <= BUDGET_BYTES_PER_EVENT ? 'met' : 'missed'}); ${fmtInt(total / 2 ** 20)} MiB for the store.`,
      '',
      table(
        ['Relation', 'Serves', 'Bytes an event', 'MiB per million events'],
        relations.map((r) => [
          `\`${r.name}\`${r.kind === 'i' ? '' : ' (table)'}`,
          SERVES[r.name] ?? (r.name.startsWith('ca_stream_ids') || r.name.startsWith('ca_event_metadata') ? "its table's key" : '—'),
          fmtB(r.bytes),
          ((perEvent(r.bytes) * 1e6) / 2 ** 20).toFixed(1),
        ]),
        ['l', 'l', 'r', 'r'],
      ),
      '',
      `The row of \`ca_event_rows\`, column by column (average \`pg_column_size\` over every row; the whole row ${tuple.toFixed(1)} bytes with its 24-byte header and alignment, before its 4-byte line pointer and the page's free space):`,
      '',
      table(
        ['Column', 'Bytes'],
        columns.map((c) => [`\`${c.name}\``, c.bytes.toFixed(1)]),
        ['l', 'r'],
      ),
      '',
    );
    return out.join('\n');
  },
};
