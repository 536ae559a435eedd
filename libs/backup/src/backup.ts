/**
 * `casino-audit backup FILE`: seal the store (when anything moved since its latest seal), then write, from
 * one consistent snapshot, the events in feed order, the stream heads, and the carried tables (the
 * credentials, the token signing keys, the access log, and any other table that is neither the store's
 * nor a read model's), ended by a manifest holding the seal's receipt (backup-file.ts).
 *
 * Read models are not written: they are rebuilt from the events on restore. They are derived data (a
 * read model rebuilt from verified events is what the record says, not what a copy of a table said),
 * their checkpoints name the old server's transactions, and leaving them out keeps the file to the record.
 */
import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { hashText } from '../../event-store/src/postgres/postgres-event-store';
import { EVENT_STORE_MIGRATIONS } from '../../event-store/src/postgres/schema';
import { checkStoreSeals, createSeal, formatReceipt, headsDigest, SEAL_STREAM, StreamHead } from '../../event-store/src/seal';
import { RebuildRefusedError, rebuildStarts } from '../../projections/src/rebuild';
import { snapshotTableOf, SNAPSHOTS_TABLE } from '../../projections/src/snapshot-tables';
import { BackupFileError, BackupManifest, BackupWriter, BACKUP_FORMAT, BACKUP_VERSION } from './backup-file';
import { HELD_RECEIPTS_TABLE, RESTORES_TABLE } from './held-receipts';

export const STORE_TABLES = ['ca_events', 'ca_streams'] as const;

/**
 * The tables behind those two views (store migrations 8–13: the rows, the stream numbers, the metadata). Their rows
 * travel as `ca_events` and `ca_streams` rows, which a restore writes back through the views: carried again as
 * tables they doubled a backup's size (files written before 2026-12-02 hold them; a restore passes over them).
 */
export const STORE_ROW_TABLES: readonly string[] = ['ca_event_rows', 'ca_stream_ids', 'ca_event_metadata'];

/**
 * What the store keeps of the months taken out of it (store migration 14, month-drop.ts), written right after the
 * events (before the heads, which read them) with each stream by its id, not this server's number for it.
 */
export const ARCHIVED_TABLES = {
  ca_archived_months: `SELECT month, first_position::text AS first_position, last_position::text AS last_position, events::text AS events, closing_seal,
      file_name, file_sha256, archived_at, jackpot_pools_carried, states_carried FROM ca_archived_months ORDER BY month`,
  ca_archived_heads: `SELECT s.stream_id, a.stream_version, encode(a.hash, 'hex') AS hash FROM ca_archived_heads a
      JOIN ca_stream_ids s ON s.stream_number = a.stream_number ORDER BY s.stream_id`,
  ca_archived_event_ids: `SELECT a.event_id, encode(a.content_hash, 'hex') AS content_hash, s.stream_id, a.stream_version, a.global_position::text AS global_position
      FROM ca_archived_event_ids a JOIN ca_stream_ids s ON s.stream_number = a.stream_number ORDER BY a.global_position`,
  // the jackpot pools as the last month out left them (store migration 15)
  ca_archived_jackpot_pools: `SELECT pool_id, configuration, value::text AS value FROM ca_archived_jackpot_pools ORDER BY pool_id`,
  // each session's state as the months out left it (store migration 16), by the stream's id
  ca_archived_stream_states: `SELECT s.stream_id, a.stream_version, a.state FROM ca_archived_stream_states a
      JOIN ca_stream_ids s ON s.stream_number = a.stream_number ORDER BY s.stream_id`,
} as const;

/** An event as the file carries it: every column but the transaction id is restored as it was. */
export interface EventRow {
  readonly global_position: string;
  /** the writer's transaction on the old server: only its order matters (restore.ts) */
  readonly transaction_id: string;
  readonly stream_id: string;
  readonly stream_version: number;
  readonly event_id: string;
  readonly event_type: string;
  /** JSON text exactly as PostgreSQL prints it (no round trip through JavaScript numbers) */
  readonly data: string;
  readonly metadata: string;
  readonly occurred_at: string | null;
  readonly recorded_at: string;
  readonly content_hash: string;
  readonly prev_hash: string;
  readonly hash: string;
}

const EVENT_ROW_SQL = `SELECT e.global_position::text AS global_position, e.transaction_id::text AS transaction_id, stream_id, stream_version, event_id, event_type,
  data::text AS data, metadata::text AS metadata, occurred_at, recorded_at::text AS recorded_at, content_hash, prev_hash, hash
  FROM ca_events e ORDER BY e.transaction_id, e.global_position`; // the table's columns: the text aliases above would sort as text

/**
 * This database's own record of checks made on it, never another's: the receipts given here and the
 * restores into it (held-receipts.ts), the outcome of the last verify and seal (/metrics, ops-checks.ts).
 */
const LOCAL_TABLES = [HELD_RECEIPTS_TABLE, RESTORES_TABLE, 'ca_ops_checks'];

/**
 * The tables a backup carries besides the store: every table of the schema except the store's (and those behind it), the read
 * models' (and their rebuild and snapshot copies), checkpoints, migration bookkeeping and this database's own records
 * (LOCAL_TABLES). A table added later (another part's) is carried without a change here.
 */
export async function carriedTables(db: Pool | PoolClient, readModelTables: readonly string[]): Promise<string[]> {
  const skip = new Set<string>([
    ...STORE_TABLES,
    ...STORE_ROW_TABLES,
    ...readModelTables,
    ...Object.keys(ARCHIVED_TABLES),
    'ca_projection_checkpoints',
    SNAPSHOTS_TABLE,
    ...LOCAL_TABLES,
  ]);
  const rows = (
    await db.query(
      `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY c.relname`,
    )
  ).rows as { relname: string }[];
  // a rebuild's copies, and the snapshots an archive's drop takes (written apart: backupStore)
  const copy = /__(rebuild|snapshot|snapshot_next)$/;
  return rows.map((r) => r.relname).filter((t) => !skip.has(t) && !t.endsWith('_migrations') && !copy.test(t));
}

/** Run `sql` through a cursor inside the snapshot's transaction: memory stays flat whatever the size. */
async function eachRow(client: PoolClient, sql: string, fn: (row: any) => Promise<void>, page = 2000): Promise<void> {
  await client.query(`DECLARE backup_rows NO SCROLL CURSOR FOR ${sql}`);
  for (;;) {
    const { rows } = await client.query(`FETCH ${page} FROM backup_rows`);
    for (const row of rows) await fn(row);
    if (rows.length < page) break;
  }
  await client.query('CLOSE backup_rows');
}

export interface BackupOptions {
  readonly pool: Pool;
  readonly file: string;
  /** the read models' tables (not written: rebuilt on restore) */
  readonly readModelTables: readonly string[];
  readonly readModels: readonly string[];
  readonly source: BackupManifest['source'];
  readonly software: string;
  /** seal first when anything moved since the latest seal (default true) */
  readonly seal?: boolean;
  readonly onProgress?: (events: number) => void;
}

export interface BackupResult {
  readonly manifest: BackupManifest;
  /** a seal written by this backup (null: the latest seal already covered everything, or sealing was off) */
  readonly sealedNow: string | null;
}

/** Heads that moved since the latest good seal (or every head, never sealed). */
async function unsealedHeads(
  db: Pool | PoolClient,
): Promise<{ heads: Map<string, StreamHead>; unsealedEvents: number; check: Awaited<ReturnType<typeof checkStoreSeals>> }> {
  const check = await checkStoreSeals(db);
  const heads = new Map<string, StreamHead>(
    (await db.query('SELECT stream_id, version, head_hash FROM ca_streams')).rows.map((r) => [r.stream_id, { version: r.version, hash: r.head_hash }]),
  );
  let unsealedEvents = 0;
  for (const [streamId, head] of heads) {
    if (streamId !== SEAL_STREAM) unsealedEvents += Math.max(0, head.version - (check.latestHeads.get(streamId)?.version ?? 0));
  }
  return { heads, unsealedEvents, check };
}

export async function backupStore(options: BackupOptions): Promise<BackupResult> {
  const { pool } = options;
  // a restore rebuilds the read models: once months are out of the store, from each one's snapshot at the last one's
  // closing seal (written below), so a read model without one would come back without those months: refused
  const { months: gone } = await rebuildStarts(pool, options.readModels).catch((error: unknown) => {
    if (!(error instanceof RebuildRefusedError)) throw error;
    const { name, months } = error.because.values ?? {};
    throw new BackupFileError(options.file, 'archivedMonths', { months: String(months ?? ''), names: String(name ?? '') });
  });
  const writer = new BackupWriter(options.file);
  let sealedNow: string | null = null;
  let client: PoolClient | undefined;
  try {
    if (options.seal !== false && (await unsealedHeads(pool)).unsealedEvents > 0) {
      sealedNow = (await createSeal(pool, { reason: 'on-demand' })).receipt;
    }
    const c = (client = await pool.connect());
    // one snapshot for everything: the events, their heads and the carried tables agree with each other
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await writer.header();
    let events = 0;
    writer.declare('ca_events');
    await eachRow(c, EVENT_ROW_SQL, async (row: EventRow) => {
      // the file keeps the hashes as hex, whatever the store keeps them as (bytes since store migration 8)
      await writer.row('ca_events', { ...row, content_hash: hashText(row.content_hash), prev_hash: hashText(row.prev_hash), hash: hashText(row.hash) });
      if (++events % 10_000 === 0) options.onProgress?.(events);
    });
    options.onProgress?.(events);
    if (gone.length) {
      for (const [table, sql] of Object.entries(ARCHIVED_TABLES)) {
        writer.declare(table);
        await eachRow(c, sql, (row) => writer.row(table, row));
      }
    }
    writer.declare('ca_streams');
    await eachRow(c, 'SELECT stream_id, version, head_hash FROM ca_streams ORDER BY stream_id', (row) => writer.row('ca_streams', row));
    for (const table of await carriedTables(c, options.readModelTables)) {
      writer.declare(table);
      // row_to_json: timestamps in ISO form to the microsecond, bytea as \x hex, arrays as JSON arrays; read back by json_populate_record
      await eachRow(c, `SELECT row_to_json(t)::text AS j FROM ${quoteIdent(table)} t`, (row) => writer.row(table, JSON.parse(row.j)));
    }
    if (gone.length) {
      // the snapshots the rebuilds on restore start from; their checkpoints name this server's transactions, which a
      // restore puts in its own terms by the closing seal's position (restore.ts)
      writer.declare(SNAPSHOTS_TABLE);
      const names = options.readModels.map((n) => escapeLiteral(n)).join(', ');
      await eachRow(c, `SELECT row_to_json(t)::text AS j FROM ${SNAPSHOTS_TABLE} t WHERE projection = ANY (ARRAY[${names}]::text[])`, (row) =>
        writer.row(SNAPSHOTS_TABLE, JSON.parse(row.j)),
      );
      for (const table of options.readModelTables) {
        const copy = snapshotTableOf(table);
        if (!(await c.query('SELECT to_regclass($1) IS NOT NULL AS t', [copy])).rows[0].t) continue;
        writer.declare(copy);
        await eachRow(c, `SELECT row_to_json(t)::text AS j FROM ${quoteIdent(copy)} t`, (row) => writer.row(copy, JSON.parse(row.j)));
      }
    }
    const { heads, unsealedEvents, check } = await unsealedHeads(c);
    const latest = check.seals[check.seals.length - 1];
    const last = (await c.query('SELECT (SELECT global_position FROM ca_events ORDER BY global_position DESC LIMIT 1)::text AS p')).rows[0].p as string | null;
    const schema = {
      eventStore: Number((await c.query('SELECT coalesce(max(version), 0) AS v FROM ca_schema_migrations')).rows[0].v),
      access: (await c.query(`SELECT to_regclass('ca_access_migrations') AS t`)).rows[0].t
        ? Number((await c.query('SELECT coalesce(max(version), 0) AS v FROM ca_access_migrations')).rows[0].v)
        : null,
    };
    await c.query('COMMIT');
    const manifest = await writer.finish({
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      software: options.software,
      source: options.source,
      schema,
      events,
      streams: heads.size,
      lastGlobalPosition: last,
      chainHead: headsDigest(heads),
      receipt: latest ? formatReceipt(latest) : null,
      seal: latest ? { sequence: latest.sequence, sealHash: latest.sealHash, sealedAt: latest.sealedAt, gamingDay: latest.gamingDay ?? null } : null,
      unsealedEvents,
      readModels: options.readModels,
      ...(gone.length ? { archivedMonths: gone } : {}),
    });
    return { manifest, sealedNow };
  } catch (error) {
    await client?.query('ROLLBACK').catch(() => undefined);
    await writer.abandon();
    throw error;
  } finally {
    client?.release();
  }
}

/** The highest event-store migration this casino-audit knows (a backup from a newer one is refused). */
export const KNOWN_STORE_SCHEMA = Math.max(...EVENT_STORE_MIGRATIONS.map((m) => m.version));

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
