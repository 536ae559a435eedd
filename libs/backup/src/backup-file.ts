/**
 * The backup file (docs/deployment.md, "Backup and restore"): gzip-compressed NDJSON written by the
 * application over its own connection, so it needs no PostgreSQL client tools (the embedded default
 * ships none) and works the same for the embedded server and a `DATABASE_URL`.
 *
 *   line 1            {"format":"casino-audit-backup","version":1}
 *   then, per row     {"table":"ca_events","row":{…}}  (events in feed order, then ca_streams, then the
 *                     carried tables: credentials, signing keys, the access log…)
 *   last line         {"manifest":{…}}  — counts, the chain's head, the seal receipt, and the sha256 of
 *                     every byte before it (uncompressed)
 *
 * Reading checks the header, that the manifest is the last line, the checksum and every table's row
 * count before anything is written anywhere.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { once } from 'node:events';
import * as zlib from 'node:zlib';
import { KeyedError } from '../../access/src/keyed-error';
import { because, type ReasonValue } from '../../i18n/src/reasons';

export const BACKUP_FORMAT = 'casino-audit-backup';
export const BACKUP_VERSION = 1;

/** What a backup holds and what it must restore to. */
export interface BackupManifest {
  readonly format: typeof BACKUP_FORMAT;
  readonly version: typeof BACKUP_VERSION;
  readonly createdAt: string;
  /** the casino-audit that wrote it */
  readonly software: string;
  /** where it was taken from (never the password) */
  readonly source: { readonly embedded: boolean; readonly database: string };
  /** the highest migration applied to the event store and to the access tables */
  readonly schema: { readonly eventStore: number; readonly access: number | null };
  readonly events: number;
  readonly streams: number;
  /** the highest global position (null: no events) */
  readonly lastGlobalPosition: string | null;
  /** sha256 of every stream's head (`headsDigest` of ca_streams): the head of the hash chains */
  readonly chainHead: string;
  /** the receipt of the latest seal in the backup (null: the store was never sealed) */
  readonly receipt: string | null;
  readonly seal: { readonly sequence: number; readonly sealHash: string; readonly sealedAt: string; readonly gamingDay: string | null } | null;
  /** events written after that seal (0 when the backup sealed the store first) */
  readonly unsealedEvents: number;
  /** rows of each table in the file */
  readonly tables: Readonly<Record<string, number>>;
  /** read models not in the file: rebuilt from the events on restore (from their snapshots, once months are out of the store) */
  readonly readModels: readonly string[];
  /** the months taken out of the store before the backup (archive --drop), oldest first; absent when none */
  readonly archivedMonths?: readonly string[];
  /** sha256 of every byte of the file before the manifest line, uncompressed */
  readonly bodySha256: string;
}

/** A backup file that cannot be written or read: `<file>: <reason>`, the reason keyed (`errors:backupFile.*`, issue 16). */
export class BackupFileError extends KeyedError {
  constructor(file: string, reason: string, values?: Record<string, ReasonValue>) {
    super(because('backupFile.at', { file, reason: because(`backupFile.${reason}`, values) }));
  }
}

/** Writes the file as `<file>.partial` and renames it when complete: a backup cut short never looks whole. */
export class BackupWriter {
  private readonly partial: string;
  private readonly gzip = zlib.createGzip();
  private readonly out: fs.WriteStream;
  private readonly body = createHash('sha256');
  private readonly counts: Record<string, number> = {};
  private readonly done: Promise<void>;

  constructor(readonly file: string) {
    if (fs.existsSync(file)) throw new BackupFileError(file, 'exists');
    this.partial = `${file}.partial`;
    this.out = fs.createWriteStream(this.partial, { mode: 0o600 });
    this.gzip.pipe(this.out);
    this.done = once(this.out, 'close').then(() => undefined);
    this.out.on('error', () => undefined);
  }

  async header(): Promise<void> {
    await this.line(JSON.stringify({ format: BACKUP_FORMAT, version: BACKUP_VERSION }), true);
  }

  async row(table: string, row: unknown): Promise<void> {
    this.counts[table] = (this.counts[table] ?? 0) + 1;
    await this.line(JSON.stringify({ table, row }), true);
  }

  /** Rows counted so far, per table (every table named by `declare` shows, even with none). */
  tables(): Record<string, number> {
    return { ...this.counts };
  }

  declare(table: string) {
    this.counts[table] ??= 0;
  }

  /** The manifest (given everything but the checksum) ends the file; returns the full manifest. */
  async finish(manifest: Omit<BackupManifest, 'bodySha256' | 'tables'>): Promise<BackupManifest> {
    const full: BackupManifest = { ...manifest, tables: this.tables(), bodySha256: this.body.digest('hex') };
    await this.line(JSON.stringify({ manifest: full }), false);
    this.gzip.end();
    await this.done;
    const fd = fs.openSync(this.partial, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(this.partial, this.file);
    return full;
  }

  /** Drop the partial file (the backup failed). */
  async abandon(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
    fs.rmSync(this.partial, { force: true });
  }

  private async line(text: string, inBody: boolean) {
    const bytes = Buffer.from(`${text}\n`, 'utf8');
    if (inBody) this.body.update(bytes);
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }
}

export interface BackupRow {
  readonly table: string;
  readonly row: any;
}

/** sha256 of the whole file as stored (what `sha256sum FILE` prints): to write down beside the receipt. */
export async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Read a backup: each row to `onRow` (in file order), then the manifest, once the header, the checksum
 * and the row counts have been checked. Without `onRow` it only checks the file (a first pass).
 */
export async function readBackup(file: string, onRow?: (row: BackupRow) => Promise<void> | void): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupFileError(file, 'noSuchFile');
  if (!fs.statSync(file).isFile()) throw new BackupFileError(file, 'notAFile');
  const input = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  let failure: Error | null = null;
  const fail = (e: Error) => (failure ??= new BackupFileError(file, 'unreadable', { error: e.message }));
  input.on('error', fail);
  gunzip.on('error', fail);
  const lines = readline.createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
  const body = createHash('sha256');
  const counts: Record<string, number> = {};
  let lineNo = 0;
  let manifest: BackupManifest | null = null;
  let rowError: Error | null = null;
  try {
    for await (const text of lines) {
      lineNo++;
      if (failure) break;
      if (manifest) throw new BackupFileError(file, 'afterManifest', { line: String(lineNo) });
      let value: any;
      try {
        value = JSON.parse(text);
      } catch {
        throw new BackupFileError(file, 'notJson', { line: String(lineNo), first: lineNo === 1 ? 'yes' : 'no' });
      }
      if (lineNo === 1) {
        if (value?.format !== BACKUP_FORMAT) throw new BackupFileError(file, 'noFormat');
        if (value.version !== BACKUP_VERSION)
          throw new BackupFileError(file, 'version', { version: String(JSON.stringify(value.version)), known: String(BACKUP_VERSION) });
        body.update(`${text}\n`, 'utf8');
        continue;
      }
      if (value && typeof value === 'object' && 'manifest' in value) {
        manifest = value.manifest as BackupManifest;
        continue;
      }
      if (typeof value?.table !== 'string' || !value.row || typeof value.row !== 'object') throw new BackupFileError(file, 'notRow', { line: String(lineNo) });
      body.update(`${text}\n`, 'utf8');
      counts[value.table] = (counts[value.table] ?? 0) + 1;
      if (onRow) {
        try {
          await onRow(value as BackupRow);
        } catch (error) {
          rowError = error as Error; // the caller's own failure (writing the row), passed on as it is
          break;
        }
      }
    }
  } catch (error) {
    // a gzip or read error surfaces here too (readline rethrows its input's): say it in the file's terms
    throw error instanceof BackupFileError ? error : fail(error as Error);
  } finally {
    lines.close();
    input.destroy();
  }
  if (rowError) throw rowError;
  if (failure) throw failure;
  if (lineNo === 0) throw new BackupFileError(file, 'empty');
  if (!manifest) throw new BackupFileError(file, 'noManifest');
  const digest = body.digest('hex');
  if (manifest.bodySha256 !== digest) {
    throw new BackupFileError(file, 'checksum', { sha: digest.slice(0, 16), manifest: String(manifest.bodySha256).slice(0, 16) });
  }
  for (const table of new Set([...Object.keys(counts), ...Object.keys(manifest.tables ?? {})])) {
    if ((counts[table] ?? 0) !== (manifest.tables?.[table] ?? 0)) {
      throw new BackupFileError(file, 'rowCount', { table, inFile: String(counts[table] ?? 0), inManifest: String(manifest.tables?.[table] ?? 0) });
    }
  }
  return manifest;
}
