/**
 * A sealed month taken out of the online store: its file (docs/scaling.md §3).
 *
 * The events are partitioned by `global_position`, one range a month. At the month's turn the sequence is
 * moved to the next month's first position (`firstPositionOfMonth`) and the month's closing seal is written:
 * so it is the first event of the next month's range, and it commits to the head of every stream as the
 * month left it. A month's partition thus holds the seal that opened it (the previous month's closing seal;
 * none for the store's first month) and everything appended until the closing seal.
 *
 * The archive of a month is its rows (stream ids and metadata looked up, as `ca_events` shows them), the
 * closing seal, and the heads of every stream as the opening seal committed to them: NDJSON, read here line
 * by line (`ArchiveReader`) and checked against the closing seal's receipt by `archive-check.ts`.
 * The file's sha256, kept beside it, only says the copy was not damaged in transit: anyone who rewrites the
 * file can recompute it. The receipt, held outside the casino, is the proof.
 */
import { because, keyed, type ReasonKey } from '../../i18n/src/reasons';
import type { StoredEvent } from './port';
import { isHead, type StreamHead } from './seal';

export const ARCHIVE_FORMAT = 'casino-audit-month-archive';
export const ARCHIVE_VERSION = 1;

/** Positions a month may use: 10^11, far above any rate measured (bench/results.md: 17,069 events/s in batches is 4.4·10^10 a month). */
const POSITIONS_A_MONTH = 10n ** 11n;
/** Months are counted from January 2000, the first being month 1: position 0 up to 10^11 is the store's history before its first turn. */
const FIRST_YEAR = 2000;
/** The last year whose range still ends below 2^53 (9,007,199,254,740,991): see `firstPositionOfMonth`. */
const LAST_YEAR = 9000;

/**
 * The first position of a month's range: (months since December 1999) × 10^11, so '2026-12' → 324·10^11. It is
 * the bound of the month's partition and where the sequence is moved at the turn, so a position names its month
 * (`monthOfPosition`) and the ranges are fixed in advance.
 *
 * Why not YYYYMM × 10^11, which reads better: 202612·10^11 is above 2^53, and the read models and the pages
 * hold positions as JavaScript numbers (`Number(e.globalPosition)` in every projection): past 2^53 two events'
 * positions become the same number (20261200000000001 and …002 both read 20261200000000000). Counted from
 * 2000, every position of every month up to the year 9000 stays an exact integer.
 */
export function firstPositionOfMonth(month: string): bigint {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  const year = m ? Number(m[1]) : 0;
  if (!m || year < FIRST_YEAR || year > LAST_YEAR) throw new Error(`month must be YYYY-MM, from ${FIRST_YEAR}-01 to ${LAST_YEAR}-12`);
  return BigInt((year - FIRST_YEAR) * 12 + Number(m[2])) * POSITIONS_A_MONTH;
}

/** The month whose range holds `position` (YYYY-MM), or null for the history before the first turn (below 10^11). */
export function monthOfPosition(position: bigint): string | null {
  const index = Number(position / POSITIONS_A_MONTH);
  if (index < 1) return null;
  const year = FIRST_YEAR + Math.floor((index - 1) / 12);
  return `${year}-${String(((index - 1) % 12) + 1).padStart(2, '0')}`;
}

export interface ArchiveManifest {
  readonly format: typeof ARCHIVE_FORMAT;
  readonly version: typeof ARCHIVE_VERSION;
  /** the month whose partition this is (YYYY-MM) */
  readonly month: string;
  readonly firstPosition: string;
  readonly lastPosition: string;
  readonly events: number;
  /** the seal that opened the month (the previous month's closing seal, the first seal in the file); null for the store's first month */
  readonly openingSeal: number | null;
  /** every head the opening seal committed to ({} for the store's first month) */
  readonly openingHeads: Readonly<Record<string, StreamHead>>;
  /** the seal stream's head before this month (the previous archive's last seal event): where its chain goes on from */
  readonly sealStreamBefore: StreamHead | null;
  /** the month's closing seal (the first event of the next month's range, carried at the end of the file) */
  readonly closingSeal: number;
}

export interface MonthArchive {
  readonly manifest: ArchiveManifest;
  /** the month's events in position order */
  readonly events: readonly StoredEvent[];
  readonly closingSeal: StoredEvent;
}

/** An event as the file carries it: what `ca_events` shows, but the link to the event before (the chain's hash of it, which that event holds). */
type ArchivedEvent = Omit<StoredEvent, 'globalPosition' | 'transactionId' | 'prevHash'> & { globalPosition: string; transactionId: string };

const toArchived = ({ globalPosition, transactionId, prevHash: _, ...rest }: StoredEvent): ArchivedEvent => ({
  globalPosition: globalPosition.toString(),
  transactionId: transactionId.toString(),
  ...rest,
});

/** prevHash is not in the file: the checks link each event to the one before it themselves (`checkSegment`). */
const fromArchived = (a: ArchivedEvent): StoredEvent => ({
  ...a,
  globalPosition: BigInt(a.globalPosition),
  transactionId: BigInt(a.transactionId),
  prevHash: '',
});

/** One line of the file: the manifest, an event, or the closing seal (with its newline). */
export const archiveLine = {
  manifest: (manifest: ArchiveManifest) => `${JSON.stringify({ manifest })}\n`,
  event: (e: StoredEvent) => `${JSON.stringify({ event: toArchived(e) })}\n`,
  closingSeal: (e: StoredEvent) => `${JSON.stringify({ closingSeal: toArchived(e) })}\n`,
};

/** The file: NDJSON, the manifest first, then one line an event in position order, then the closing seal. */
export function archiveText(archive: MonthArchive): string {
  return archiveLine.manifest(archive.manifest) + archive.events.map(archiveLine.event).join('') + archiveLine.closingSeal(archive.closingSeal);
}

/** A file that is not a month's archive, or not a whole one: refused before any check (the CLI's exit 2). */
export class ArchiveFileError extends Error {
  constructor(readonly because: ReasonKey) {
    super(keyed(because).reason);
    this.name = 'ArchiveFileError';
  }
}

/** What each field of a line must be, and the name of that expectation (`errors:archive.expected.<kind>`). */
type Expectation = readonly [(v: unknown) => boolean, string];
const isObject = (v: unknown) => !!v && typeof v === 'object' && !Array.isArray(v);
const POSITION: Expectation = [(v) => typeof v === 'string' && /^\d{1,19}$/.test(v), 'position'];
const TEXT: Expectation = [(v) => typeof v === 'string' && v.length > 0, 'text'];
const VERSION: Expectation = [(v) => Number.isSafeInteger(v) && (v as number) >= 1, 'version'];
const OBJECT: Expectation = [isObject, 'object'];
const SEAL_NUMBER: Expectation = VERSION;

const MANIFEST_SHAPE: Readonly<Record<string, Expectation>> = {
  month: [(v) => typeof v === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(v), 'month'],
  firstPosition: POSITION,
  lastPosition: POSITION,
  events: [(v) => Number.isSafeInteger(v) && (v as number) >= 0, 'count'],
  openingSeal: [(v) => v === null || SEAL_NUMBER[0](v), 'sealOrNull'],
  openingHeads: [(v) => isObject(v) && Object.values(v as object).every(isHead), 'heads'],
  sealStreamBefore: [(v) => v === null || isHead(v), 'headOrNull'],
  closingSeal: SEAL_NUMBER,
};

const EVENT_SHAPE: Readonly<Record<string, Expectation>> = {
  globalPosition: POSITION,
  transactionId: POSITION,
  streamId: TEXT,
  streamVersion: VERSION,
  eventId: TEXT,
  type: TEXT,
  data: OBJECT,
  metadata: OBJECT,
  occurredAt: [(v) => v === null || typeof v === 'string', 'timeOrNull'],
  recordedAt: TEXT,
  contentHash: TEXT,
  hash: TEXT,
};

/** The first field of a line that is not what it must be, refused naming the line and the field. */
function checkShape(value: Record<string, unknown>, shape: Readonly<Record<string, Expectation>>, line: number): void {
  for (const [field, [ok, kind]] of Object.entries(shape)) {
    if (!ok(value[field])) throw new ArchiveFileError(because('archive.badField', { line, field, expected: because(`archive.expected.${kind}`) }));
  }
}

/**
 * Reads an archive one line at a time, so that a month far larger than memory can be checked (`archive-file.ts`
 * streams it): line 1 the manifest, then one event a line, then the closing seal, which must be the last.
 * A line that breaks this form is refused with an ArchiveFileError naming the line (and the field).
 */
export class ArchiveReader {
  private manifestRead: ArchiveManifest | null = null;
  private closing: StoredEvent | null = null;
  private count = 0;

  /** One line of the file (its number counts every line, empty ones too); the event it holds, if it is one. */
  line(text: string, line: number): StoredEvent | null {
    if (text.trim().length === 0) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new ArchiveFileError(because('archive.lineNotJson', { line }));
    }
    const value = isObject(parsed) ? (parsed as Record<string, unknown>) : {};
    if (!this.manifestRead) {
      const manifest = value.manifest as ArchiveManifest | undefined;
      if (!isObject(manifest) || manifest!.format !== ARCHIVE_FORMAT || manifest!.version !== ARCHIVE_VERSION)
        throw new ArchiveFileError(because('archive.notArchive', { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION }));
      checkShape(manifest as unknown as Record<string, unknown>, MANIFEST_SHAPE, line);
      this.manifestRead = manifest!;
      return null;
    }
    if (this.closing) throw new ArchiveFileError(because('archive.afterClosingSeal', { line }));
    if (isObject(value.closingSeal)) {
      checkShape(value.closingSeal as Record<string, unknown>, EVENT_SHAPE, line);
      this.closing = fromArchived(value.closingSeal as ArchivedEvent);
      return null;
    }
    if (!isObject(value.event)) throw new ArchiveFileError(because('archive.lineNotEvent', { line }));
    checkShape(value.event as Record<string, unknown>, EVENT_SHAPE, line);
    this.count++;
    return fromArchived(value.event as ArchivedEvent);
  }

  /** After the last line: the manifest and the closing seal, once the file is whole (its count as the manifest says). */
  end(): { manifest: ArchiveManifest; closingSeal: StoredEvent; events: number } {
    if (!this.manifestRead) throw new ArchiveFileError(because('archive.notArchive', { format: ARCHIVE_FORMAT, version: ARCHIVE_VERSION }));
    if (!this.closing) throw new ArchiveFileError(because('archive.noClosingSeal'));
    if (this.count !== this.manifestRead.events)
      throw new ArchiveFileError(because('archive.eventCount', { held: this.count, manifest: this.manifestRead.events }));
    return { manifest: this.manifestRead, closingSeal: this.closing, events: this.count };
  }
}

/** Read an archive file's whole text (a small one: `archive-file.ts` streams a file); refused as `ArchiveReader` refuses. */
export function readArchive(text: string): MonthArchive {
  const reader = new ArchiveReader();
  const events: StoredEvent[] = [];
  text.split('\n').forEach((l, i) => {
    const e = reader.line(l, i + 1);
    if (e) events.push(e);
  });
  const { manifest, closingSeal } = reader.end();
  return { manifest, events, closingSeal };
}
