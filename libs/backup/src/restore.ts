/**
 * `casino-audit restore FILE [--receipt R]`: into an empty database only (the embedded default or a
 * `DATABASE_URL`), in this order:
 *
 * 1. the whole file is read once and checked (format, manifest last, checksum, row counts, a schema this
 *    casino-audit knows) before anything is written;
 * 2. the restore is recorded (`ca_restores`, outcome `restoring`) and the receipt kept (`ca_held_receipts`):
 *    a restore cut short leaves a database `serve` refuses;
 * 3. the events are written as they were — position, ids, content, hashes, the time they were recorded —
 *    by the owner, directly (`ca_append` would recompute nothing different, and the verification below
 *    recomputes everything). Their transaction ids cannot be kept (they belong to the old server, and the
 *    feed reads below this server's oldest running transaction): the events go in one transaction per
 *    run of increasing positions, in the old feed order, so this server's feed (transaction, position)
 *    gives them in the order the old one did — one transaction in all when writers never overlapped;
 * 4. the stream heads and the carried tables (credentials, keys, access log…), then every identity
 *    sequence moved past what was restored;
 * 5. `verify`: every chain, the seals, the heads against the manifest's chain head, the event count and
 *    the latest seal against the manifest's receipt; then the receipt given, if any;
 * 6. the read models rebuilt from the restored events; the restore recorded `verified` (or `failed`).
 */
import type { Pool, PoolClient } from 'pg';
import { AccessService } from '../../access/src';
import { KeyedError, keyedError } from '../../access/src/keyed-error';
import { because, wordReason, type ReasonKey } from '../../i18n/src/reasons';
import { ACCESS_MIGRATIONS } from '../../access/src/migrations';
import { PostgresEventStore, VerifyReport, verifyStore } from '../../event-store/src';
import { monthOfPosition } from '../../event-store/src/archive';
import { openPartitionOf } from '../../event-store/src/postgres/month-turn';
import { checkStoreSeals, formatReceipt, headsDigest, Receipt, StreamHead } from '../../event-store/src/seal';
import { Projection, rebuildProjection } from '../../projections/src';
import { snapshotTableOf, SNAPSHOTS_TABLE } from '../../projections/src/snapshot-tables';
import { ARCHIVED_TABLES, KNOWN_STORE_SCHEMA, EventRow, quoteIdent, carriedTables, STORE_ROW_TABLES } from './backup';
import { BackupManifest, fileSha256, readBackup } from './backup-file';
import { ensureRestoreTables, holdReceipt, listOf, missingSealReason, RESTORES_TABLE, servingRefusalReasons } from './held-receipts';

/** The file or the target is not fit for a restore: nothing was written. The reason is keyed (`errors:restoreRefused.*`). */
export class RestoreRefusedError extends KeyedError {}

export interface RestoreOptions {
  readonly pool: Pool;
  readonly store: PostgresEventStore;
  readonly projections: readonly Projection[];
  readonly file: string;
  /** the latest receipt the operator holds: the restored store must hold its seal, or `serve` refuses */
  readonly receipt?: Receipt;
  /** each step as it happens: a key of `cli:restore.step` and its values, for the caller to word (issue 16) */
  readonly log?: (step: RestoreStep) => void;
}

export type RestoreStep =
  | { readonly key: 'events'; readonly values: { readonly written: number; readonly total: number } }
  | { readonly key: 'transactions'; readonly values: { readonly transactions: number } }
  | { readonly key: 'verifying'; readonly values?: undefined }
  | { readonly key: 'rebuilt'; readonly values: { readonly name: string; readonly events: number } };

export interface RestoreResult {
  readonly manifest: BackupManifest;
  readonly fileSha256: string;
  /** the restored store's verification (chains, seals, heads); `ok: false` ⇒ the restore failed */
  readonly verification: VerifyReport;
  /** what does not match the manifest (the restore failed when any) */
  readonly mismatches: string[];
  /** why the receipt's seal is not in the store (null: it is, or no receipt was given) */
  readonly receiptMissing: string | null;
  readonly rebuilt: { readonly name: string; readonly events: number; readonly seconds: number }[];
  /** why `serve` will refuse this database now (empty: it will serve) */
  readonly servingRefusals: string[];
  /** the same three, keyed (`errors:…`), for the command line to word in its language (issue 16); the strings above are their English */
  readonly worded: { readonly mismatches: ReasonKey[]; readonly receiptMissing: ReasonKey | null; readonly servingRefusals: ReasonKey[] };
}

/** A result's English strings from its keyed reasons. */
async function result(
  base: Omit<RestoreResult, 'mismatches' | 'receiptMissing' | 'servingRefusals' | 'worded'>,
  mismatches: ReasonKey[],
  receiptMissing: ReasonKey | null,
  pool: Pool,
): Promise<RestoreResult> {
  const servingRefusals = await servingRefusalReasons(pool);
  const en = (r: ReasonKey) => wordReason(r, 'en');
  return {
    ...base,
    mismatches: mismatches.map(en),
    receiptMissing: receiptMissing && en(receiptMissing),
    servingRefusals: servingRefusals.map(en),
    worded: { mismatches, receiptMissing, servingRefusals },
  };
}

const EVENT_COLUMNS = [
  'global_position',
  'stream_id',
  'stream_version',
  'event_id',
  'event_type',
  'data',
  'metadata',
  'occurred_at',
  'recorded_at',
  'content_hash',
  'prev_hash',
  'hash',
] as const;
/** data as json (store migration 12): the file's text is stored as it is, so a backup of the restored store repeats it */
const EVENT_TYPES = ['bigint', 'text', 'integer', 'uuid', 'text', 'json', 'jsonb', 'text', 'timestamptz', 'text', 'text', 'text'];
/** The file's hashes are hex; the store keeps them as bytes (store migration 8; restore migrates the target first). */
const HEX_COLUMNS = new Set<string>(['content_hash', 'prev_hash', 'hash']);
const INSERT_EVENTS = `INSERT INTO ca_events (${EVENT_COLUMNS.join(', ')}) OVERRIDING SYSTEM VALUE
  SELECT ${EVENT_COLUMNS.map((c) => (HEX_COLUMNS.has(c) ? `decode(u.${c}, 'hex')` : `u.${c}`)).join(', ')}
    FROM unnest(${EVENT_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')}) AS u(${EVENT_COLUMNS.join(', ')})`;
const BATCH = 2000;

/** The tables that make a database "not empty": what a restore would mix with another store's (`errors:restoreRefused.holds` names each). */
const MUST_BE_EMPTY = ['ca_events', 'ca_streams', 'ca_credentials', 'ca_access_log'] as const;

export async function restoreStore(options: RestoreOptions): Promise<RestoreResult> {
  const { pool, file } = options;
  const log = options.log ?? (() => undefined);

  // 1. the file, whole, before anything is written (and the columns each carried table's rows use)
  const fileColumns = new Map<string, Set<string>>();
  const months = new Set<string>();
  const manifest = await readBackup(file, ({ table, row }) => {
    if (table === 'ca_events') {
      const month = monthOfPosition(BigInt((row as { global_position: string }).global_position));
      if (month) months.add(month);
    }
    if (table === 'ca_events' || table === 'ca_streams') return;
    const seen = fileColumns.get(table) ?? fileColumns.set(table, new Set()).get(table)!;
    for (const c of Object.keys(row)) seen.add(c);
  });
  const sha = await fileSha256(file);
  if (manifest.schema.eventStore > KNOWN_STORE_SCHEMA) {
    throw keyedError(RestoreRefusedError, 'restoreRefused.newerSchema', {
      file,
      schema: 'eventStore',
      version: String(manifest.schema.eventStore),
      known: String(KNOWN_STORE_SCHEMA),
    });
  }
  const knownAccess = Math.max(...ACCESS_MIGRATIONS.map((m) => m.version));
  if ((manifest.schema.access ?? 0) > knownAccess) {
    throw keyedError(RestoreRefusedError, 'restoreRefused.newerSchema', {
      file,
      schema: 'access',
      version: String(manifest.schema.access),
      known: String(knownAccess),
    });
  }

  // the target: the access tables exist (the store's and read models' do: the runtime migrated them), and hold nothing
  await new AccessService(pool).ready();
  const held: ReasonKey[] = [];
  for (const table of MUST_BE_EMPTY) {
    if (!(await pool.query('SELECT to_regclass($1) AS t', [table])).rows[0].t) continue;
    const n = Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    if (n) held.push(because('restoreRefused.holds', { n: String(n), table }));
  }
  if (held.length) throw keyedError(RestoreRefusedError, 'restoreRefused.notEmpty', { held: listOf(held) });
  const readModelTables = options.projections.flatMap((p) => p.tables);
  const targetTables = new Set(await carriedTables(pool, readModelTables));
  // once months were out of the store: what it kept of them, and the read models' snapshots (each copy made here
  // like its read model's table)
  const snapshotCopies = new Map(readModelTables.map((t) => [snapshotTableOf(t), t]));
  const special = new Set<string>(['ca_events', 'ca_streams', ...STORE_ROW_TABLES, ...Object.keys(ARCHIVED_TABLES), SNAPSHOTS_TABLE]);
  const unknown = Object.keys(manifest.tables).filter((t) => !special.has(t) && !snapshotCopies.has(t) && !targetTables.has(t));
  if (unknown.length) throw keyedError(RestoreRefusedError, 'restoreRefused.unknownTables', { file, tables: unknown.join(', ') });
  const copies = Object.keys(manifest.tables).filter((t) => snapshotCopies.has(t));
  const columns = new Map<string, ColumnInfo[]>();
  for (const t of [...targetTables, 'ca_archived_months', 'ca_archived_jackpot_pools', SNAPSHOTS_TABLE, ...copies]) {
    columns.set(t, await columnsOf(pool, snapshotCopies.get(t) ?? t));
    const known = new Set(columns.get(t)!.map((c) => c.name));
    const extra = [...(fileColumns.get(t) ?? [])].filter((c) => !known.has(c));
    if (extra.length) throw keyedError(RestoreRefusedError, 'restoreRefused.unknownColumns', { file, table: t, columns: extra.join(', ') });
  }

  // 2. from here on, a restore cut short leaves a trace that keeps `serve` from starting
  await ensureRestoreTables(pool);
  const restoreId = (
    await pool.query(`INSERT INTO ${RESTORES_TABLE} (file, file_sha256, manifest) VALUES ($1, $2, $3) RETURNING id`, [file, sha, JSON.stringify(manifest)])
  ).rows[0].id;
  if (options.receipt) await holdReceipt(pool, options.receipt, 'restore');
  const finish = (outcome: 'verified' | 'failed', problem: string | null) =>
    pool.query(`UPDATE ${RESTORES_TABLE} SET outcome = $2, problem = $3, finished_at = clock_timestamp() WHERE id = $1`, [restoreId, outcome, problem]);

  try {
    // 3–4. the rows
    const client = await pool.connect();
    try {
      await client.query('SET synchronous_commit = off'); // the last commit (step 6) flushes everything before it
      const loader = new Loader(client, columns, manifest.events, log);
      await client.query('BEGIN');
      // the partition of every month the store had turned into (store migration 13): its rows go back where they were
      for (const month of [...months].sort()) await openPartitionOf(client, month);
      for (const copy of copies) {
        await client.query(`DROP TABLE IF EXISTS ${quoteIdent(copy)}`);
        await client.query(`CREATE TABLE ${quoteIdent(copy)} (LIKE ${quoteIdent(snapshotCopies.get(copy)!)} INCLUDING ALL)`);
      }
      // the rows behind the store's views, in files written before they were left out: the events hold them
      await readBackup(file, (r) => (STORE_ROW_TABLES.includes(r.table) ? undefined : loader.row(r.table, r.row)));
      await loader.finish();
      // each snapshot's checkpoint in this server's terms: where its closing seal now stands in the feed (the events
      // went in in the old feed's order, so what came before the seal there comes before it here)
      const snapshots = await client.query(`SELECT projection FROM ${SNAPSHOTS_TABLE}`);
      const moved = await client.query(
        `UPDATE ${SNAPSHOTS_TABLE} s SET transaction_id = e.transaction_id::text FROM ca_events e WHERE e.global_position = s.global_position`,
      );
      if (moved.rowCount !== snapshots.rowCount) {
        throw keyedError(RestoreRefusedError, 'restoreRefused.snapshotSeal', { file, projections: snapshots.rows.map((r) => r.projection).join(', ') });
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      await client.query('RESET synchronous_commit').catch(() => undefined);
      client.release();
    }

    // 5. verify, then hold the store to its manifest and to the receipt
    log({ key: 'verifying' });
    const verification = await verifyStore(pool);
    const mismatches: ReasonKey[] = [];
    const heads = new Map<string, StreamHead>(
      (await pool.query('SELECT stream_id, version, head_hash FROM ca_streams')).rows.map((r) => [r.stream_id, { version: r.version, hash: r.head_hash }]),
    );
    if (verification.events !== manifest.events)
      mismatches.push(because('restoreMismatch.events', { restored: String(verification.events), manifest: String(manifest.events) }));
    if (headsDigest(heads) !== manifest.chainHead) mismatches.push(because('restoreMismatch.heads', { head: manifest.chainHead.slice(0, 16) }));
    const { seals } = await checkStoreSeals(pool);
    const latest = seals[seals.length - 1];
    if ((latest ? formatReceipt(latest) : null) !== manifest.receipt)
      mismatches.push(because('restoreMismatch.latestSeal', { latest: latest ? formatReceipt(latest) : 'none', receipt: manifest.receipt ?? 'none' }));
    const receiptMissing = options.receipt ? missingSealReason(options.receipt, seals) : null;

    if (!verification.ok || mismatches.length) {
      const first = verification.breaks[0];
      const problem = first ? `stream ${first.streamId} version ${first.streamVersion}: ${first.reason}` : wordReason(mismatches[0], 'en');
      await finish('failed', problem);
      return result({ manifest, fileSha256: sha, verification, rebuilt: [] }, mismatches, receiptMissing, pool);
    }

    // 6. the read models, from the verified events
    const rebuilt: RestoreResult['rebuilt'] = [];
    for (const p of options.projections) {
      const started = Date.now();
      const { events } = await rebuildProjection(pool, options.store, p);
      rebuilt.push({ name: p.name, events, seconds: (Date.now() - started) / 1000 });
      log({ key: 'rebuilt', values: { name: p.name, events } });
    }
    await finish('verified', null);
    return result({ manifest, fileSha256: sha, verification, rebuilt }, mismatches, receiptMissing, pool);
  } catch (error) {
    await finish('failed', (error as Error).message).catch(() => undefined);
    throw error;
  }
}

interface ColumnInfo {
  readonly name: string;
  readonly identity: boolean;
  readonly generated: boolean;
}

async function columnsOf(db: Pool | PoolClient, table: string): Promise<ColumnInfo[]> {
  const { rows } = await db.query(
    `SELECT attname, attidentity <> '' AS identity, attgenerated <> '' AS generated FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [quoteIdent(table)],
  );
  return rows.map((r) => ({ name: r.attname, identity: r.identity, generated: r.generated }));
}

/** Writes the file's rows in order, in batches; events in runs of increasing position (see the header). */
class Loader {
  private events: EventRow[] = [];
  private lastPosition = -1n;
  private written = 0;
  private transactions = 1;
  private rows: { table: string; values: unknown[] } | null = null;

  constructor(
    private readonly client: PoolClient,
    private readonly columns: ReadonlyMap<string, ColumnInfo[]>,
    private readonly total: number,
    private readonly log: (step: RestoreStep) => void,
  ) {}

  async row(table: string, row: any): Promise<void> {
    if (table === 'ca_events') return this.event(row as EventRow);
    await this.flushEvents();
    if (this.rows && this.rows.table !== table) await this.flushRows();
    this.rows ??= { table, values: [] };
    this.rows.values.push(row);
    if (this.rows.values.length >= BATCH) await this.flushRows();
  }

  async finish(): Promise<void> {
    await this.flushEvents();
    await this.flushRows();
    if (this.transactions > 1) this.log({ key: 'transactions', values: { transactions: this.transactions } });
    // identity columns continue after what was restored (the next event's position, the next access-log id)
    const identities: [string, readonly ColumnInfo[]][] = [['ca_events', [{ name: 'global_position', identity: true, generated: false }]], ...this.columns];
    for (const [table, cols] of identities) {
      for (const c of cols) {
        if (!c.identity) continue;
        await this.client.query(
          `SELECT setval(pg_get_serial_sequence($1, $2), m) FROM (SELECT max(${quoteIdent(c.name)}) AS m FROM ${quoteIdent(table)}) t WHERE m IS NOT NULL`,
          [quoteIdent(table), c.name],
        );
      }
    }
  }

  private async event(e: EventRow) {
    const position = BigInt(e.global_position);
    if (position < this.lastPosition) {
      // this event came later in the old feed than one with a higher position: a new transaction here keeps it later
      await this.flushEvents();
      await this.client.query('COMMIT');
      await this.client.query('BEGIN');
      this.transactions++;
    }
    this.lastPosition = position;
    this.events.push(e);
    if (this.events.length >= BATCH) await this.flushEvents();
  }

  private async flushEvents() {
    if (!this.events.length) return;
    const batch = this.events;
    this.events = [];
    await this.client.query(
      INSERT_EVENTS,
      EVENT_COLUMNS.map((c) => batch.map((e) => e[c])),
    );
    this.written += batch.length;
    if (this.written % 20_000 < batch.length || this.written === this.total) this.log({ key: 'events', values: { written: this.written, total: this.total } });
  }

  private async flushRows() {
    if (!this.rows?.values.length) return;
    const { table, values } = this.rows;
    this.rows = null;
    if (table === 'ca_archived_heads' || table === 'ca_archived_event_ids' || table === 'ca_archived_stream_states') {
      // each stream by its id in the file: numbered here as the events' streams are (ca_number_streams)
      const rows = values as Array<{ stream_id: string }>;
      await this.client.query('SELECT ca_number_streams($1::text[])', [[...new Set(rows.map((r) => r.stream_id))]]);
      await this.client.query(
        table === 'ca_archived_heads'
          ? `INSERT INTO ca_archived_heads (stream_number, stream_version, hash)
             SELECT s.stream_number, u.stream_version, decode(u.hash, 'hex') FROM json_to_recordset($1::json) AS u(stream_id text, stream_version integer, hash text)
               JOIN ca_stream_ids s ON s.stream_id = u.stream_id`
          : table === 'ca_archived_stream_states'
            ? `INSERT INTO ca_archived_stream_states (stream_number, stream_version, state)
             SELECT s.stream_number, u.stream_version, u.state FROM json_to_recordset($1::json) AS u(stream_id text, stream_version integer, state jsonb)
               JOIN ca_stream_ids s ON s.stream_id = u.stream_id`
            : `INSERT INTO ca_archived_event_ids (event_id, content_hash, stream_number, stream_version, global_position)
             SELECT u.event_id, decode(u.content_hash, 'hex'), s.stream_number, u.stream_version, u.global_position
               FROM json_to_recordset($1::json) AS u(event_id uuid, content_hash text, stream_id text, stream_version integer, global_position bigint)
               JOIN ca_stream_ids s ON s.stream_id = u.stream_id`,
        [JSON.stringify(values)],
      );
      return;
    }
    if (table === 'ca_streams') {
      await this.client.query(
        `INSERT INTO ca_streams (stream_id, version, head_hash) SELECT stream_id, version, head_hash FROM json_populate_recordset(NULL::ca_streams, $1::json)`,
        [JSON.stringify(values)],
      );
      return;
    }
    const cols = this.columns.get(table)!; // every column of the file's rows is one of these (checked before writing)
    const given = new Set(values.flatMap((v) => Object.keys(v as object)));
    const names = cols
      .filter((c) => !c.generated && given.has(c.name))
      .map((c) => quoteIdent(c.name))
      .join(', ');
    await this.client.query(
      `INSERT INTO ${quoteIdent(table)} (${names}) OVERRIDING SYSTEM VALUE SELECT ${names} FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json) ON CONFLICT DO NOTHING`,
      [JSON.stringify(values)],
    );
  }
}
