/**
 * A sealed month taken out of the online store, and checked later from its file alone (docs/scaling.md).
 *
 * The events are partitioned by `global_position`, one range a month. At the month's turn the sequence is
 * moved to the next month's first position (`firstPositionOfMonth`) and the month's closing seal is written:
 * so it is the first event of the next month's range, and it commits to the head of every stream as the
 * month left it. A month's partition thus holds the seal that opened it (the previous month's closing seal;
 * none for the store's first month) and everything appended until the closing seal.
 *
 * The archive of a month is its rows (stream ids and metadata looked up, as `ca_events` shows them), the
 * closing seal, and the heads of every stream as the opening seal committed to them. `checkArchive` proves,
 * with the closing seal's receipt and nothing else:
 * - the seals: the opening seal is what the heads given say (its `headsDigest`), each later seal follows the
 *   one before (seal.ts `checkSeals`), and the closing seal is the receipt's;
 * - the chains: each stream goes on from the head the opening seal recorded (or from its start), link by
 *   link, through every head a seal of the month recorded, to the head the closing seal recorded
 *   (verify.ts `StreamChainChecker`); a stream the seals moved but the file lacks, or an event past the
 *   closing seal, is named.
 * The file's sha256, kept beside it, only says the copy was not damaged in transit: anyone who rewrites the
 * file can recompute it. The receipt, held outside the casino, is the proof.
 *
 * The online store after an archive is the same kind of part, opened by the last archived month's closing
 * seal and not closed yet: `checkSegment` checks it from the heads the archive check hands over.
 * The reasons of this file's own problems are English only (not keyed in libs/i18n yet).
 */
import { GENESIS } from './canonical';
import type { StoredEvent } from './port';
import {
  checkSeals,
  computeSealHash,
  describeSeal,
  headsDigest,
  SEAL_STREAM,
  sealNamed,
  type Receipt,
  type Seal,
  type SealChainStart,
  type SealData,
  type StreamHead,
} from './seal';
import { StreamChainChecker, type ChainBreak, type SealedExpectation } from './verify';

export const ARCHIVE_FORMAT = 'casino-audit-month-archive';
export const ARCHIVE_VERSION = 1;

/** Positions a month may use: 10^11, far above any rate measured (bench/results.md: 17,069 events/s in batches is 4.4·10^10 a month). */
const POSITIONS_A_MONTH = 10n ** 11n;

/**
 * The first position of a month's range ('2026-12' → 202612·10^11): the bound of its partition and where
 * the sequence is moved at the turn, so a position names its month and ranges are fixed in advance.
 */
export function firstPositionOfMonth(month: string): bigint {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!m) throw new Error('month must be YYYY-MM');
  return BigInt(`${m[1]}${m[2]}`) * POSITIONS_A_MONTH;
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

/** The file: NDJSON, the manifest first, then one line an event in position order, then the closing seal. */
export function archiveText(archive: MonthArchive): string {
  const lines = [JSON.stringify({ manifest: archive.manifest })];
  for (const e of archive.events) lines.push(JSON.stringify({ event: toArchived(e) }));
  lines.push(JSON.stringify({ closingSeal: toArchived(archive.closingSeal) }));
  return `${lines.join('\n')}\n`;
}

/** Read an archive file's text; a file that is not one (format, order of lines, count) is refused with an Error. */
export function readArchive(text: string): MonthArchive {
  const lines = text.split('\n').filter((l) => l.length > 0);
  const parsed = lines.map((l, i) => {
    try {
      return JSON.parse(l);
    } catch {
      throw new Error(`line ${i + 1} of the archive is not JSON`);
    }
  });
  const manifest = parsed[0]?.manifest as ArchiveManifest | undefined;
  if (!manifest || manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION)
    throw new Error(`not a ${ARCHIVE_FORMAT} file, version ${ARCHIVE_VERSION}`);
  const last = parsed[parsed.length - 1]?.closingSeal as ArchivedEvent | undefined;
  if (parsed.length < 2 || !last) throw new Error('the archive does not end with its closing seal');
  const events = parsed.slice(1, -1).map((p, i) => {
    if (!p.event) throw new Error(`line ${i + 2} of the archive is not an event`);
    return fromArchived(p.event);
  });
  if (events.length !== manifest.events) throw new Error(`the archive holds ${events.length} events, its manifest says ${manifest.events}`);
  return { manifest, events, closingSeal: fromArchived(last) };
}

/** A run of the store in position order, opened by a seal (or the store's start) and closed by one (or not yet). */
export interface StoreSegment {
  /** the seal that opens it, its first seal; null at the store's start */
  readonly openingSeal: number | null;
  /** every head the opening seal committed to */
  readonly openingHeads: Readonly<Record<string, StreamHead>>;
  /** the seal stream's head before the segment (null: it starts at version 1) */
  readonly sealStreamBefore: StreamHead | null;
  readonly events: readonly StoredEvent[];
  /** the seal that closes it, outside its events (an archive's); null for the online store */
  readonly closingSeal: StoredEvent | null;
}

export interface SegmentCheck {
  readonly ok: boolean;
  /** the first break of each stream, then the segment's own problems */
  readonly problems: ChainBreak[];
  readonly streams: number;
  readonly events: number;
  /** the good seals after the opening one, in order */
  readonly seals: Seal[];
  /** the receipt's seal, when a receipt was given and a good seal of the segment is its */
  readonly receiptSeal: Seal | null;
  /** every head as of the segment's last good seal: what the next segment is opened with */
  readonly closingHeads: ReadonlyMap<string, StreamHead>;
  /** the seal stream's head at the end of the segment's events (without its closing seal) */
  readonly sealStreamHead: StreamHead | null;
}

const NO_HEAD: StreamHead = { version: 0, hash: GENESIS };

const problem = (streamId: string, streamVersion: number, reason: string, e?: StoredEvent): ChainBreak => ({
  streamId,
  streamVersion,
  globalPosition: e ? e.globalPosition.toString() : null,
  eventId: e ? e.eventId : null,
  reason,
});

const matches = (seal: Seal, receipt: Receipt) =>
  seal.sealHash.startsWith(receipt.sealHash) && (receipt.sequence === undefined || seal.sequence === receipt.sequence);

/** The opening seal, checked against the heads given for it: the chain start of the seals after it, or the problem. */
function openingOf(segment: StoreSegment, first: StoredEvent | undefined): SealChainStart | ChainBreak | undefined {
  const heads = new Map(Object.entries(segment.openingHeads));
  if (segment.openingSeal === null) {
    return heads.size ? problem(SEAL_STREAM, 1, `${heads.size} opening heads are given without the seal that committed to them`) : undefined;
  }
  const d = first?.data as SealData | undefined;
  if (!first || d?.sequence !== segment.openingSeal) {
    return problem(
      SEAL_STREAM,
      first?.streamVersion ?? 1,
      `the first seal here is not seal #${segment.openingSeal}, which opened this part of the store`,
      first,
    );
  }
  const { sealHash, ...rest } = d;
  if (computeSealHash(rest) !== sealHash) return problem(SEAL_STREAM, first.streamVersion, `seal #${d.sequence}'s hash does not match its content`, first);
  if (d.streamCount !== heads.size || d.headsDigest !== headsDigest(heads)) {
    return problem(SEAL_STREAM, first.streamVersion, `the opening heads given are not the ${d.streamCount} heads seal #${d.sequence} committed to`, first);
  }
  return { sequence: d.sequence, sealHash, heads };
}

/**
 * Check a part of the store from its events alone: the seals after its opening seal, every stream's chain from
 * the head the opening seal recorded, every head a seal recorded reached, and the receipt (when given) naming
 * one of its good seals.
 */
export function checkSegment(segment: StoreSegment, receipt?: Receipt): SegmentCheck {
  const problems: ChainBreak[] = [];
  const sealEvents = segment.events.filter((e) => e.streamId === SEAL_STREAM).concat(segment.closingSeal ? [segment.closingSeal] : []);
  const opening = openingOf(segment, sealEvents[0]);
  const start = opening && 'reason' in opening ? null : opening;
  if (start === null) problems.push(opening as ChainBreak);
  const sealCheck = checkSeals(start ? sealEvents.slice(1) : start === null ? [] : sealEvents, start ?? undefined);
  if (sealCheck.problem) {
    const { seal, reason, reasonKey, reasonValues } = sealCheck.problem;
    problems.push({
      streamId: SEAL_STREAM,
      streamVersion: seal.streamVersion,
      globalPosition: seal.globalPosition.toString(),
      eventId: seal.eventId,
      reason,
      reasonKey,
      reasonValues,
    });
  }

  // each stream, from its opening head, through the heads the segment's seals recorded
  const byStream = new Map<string, StoredEvent[]>();
  for (const e of segment.events) byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e]);
  if (segment.closingSeal) byStream.set(SEAL_STREAM, [...(byStream.get(SEAL_STREAM) ?? []), segment.closingSeal]);
  const openingHead = (streamId: string): StreamHead =>
    streamId === SEAL_STREAM ? (segment.sealStreamBefore ?? NO_HEAD) : (segment.openingHeads[streamId] ?? NO_HEAD);
  let events = 0;
  for (const [streamId, list] of byStream) {
    const from = openingHead(streamId);
    const sealed: SealedExpectation[] = (sealCheck.sealedHeads.get(streamId) ?? []).map((h) => ({ version: h.version, hash: h.hash, seal: sealNamed(h) }));
    const checker = new StreamChainChecker(streamId, sealed, from.version > 0 ? from : undefined);
    let prevHash = from.hash;
    for (const e of list) {
      checker.check({ ...e, prevHash });
      prevHash = e.hash;
      events++;
    }
    checker.finish(undefined);
    if (checker.firstBreak) problems.push(checker.firstBreak);
  }

  // a stream the seals moved past its opening head, of which the segment holds nothing
  for (const [streamId, list] of sealCheck.sealedHeads) {
    const last = list[list.length - 1];
    const from = openingHead(streamId);
    if (!byStream.has(streamId) && last.version > from.version) {
      problems.push(
        problem(
          streamId,
          from.version + 1,
          `${describeSeal(last)} recorded this stream at version ${last.version} but none of its events after version ${from.version} is here`,
        ),
      );
    }
  }

  const receiptSeal = receipt ? (sealCheck.seals.find((s) => matches(s, receipt)) ?? null) : null;
  if (receipt && !receiptSeal) {
    const given = receipt.sequence !== undefined ? `ca-seal:${receipt.sequence}:${receipt.sealHash}` : receipt.sealHash;
    problems.push(
      problem(
        SEAL_STREAM,
        receipt.sequence ?? 0,
        `the receipt ${given.slice(0, 32)}… names none of the good seals here (${sealCheck.seals.map((s) => `#${s.sequence}`).join(', ') || 'none'})`,
      ),
    );
  }
  const lastSeal = [...segment.events].reverse().find((e) => e.streamId === SEAL_STREAM);
  return {
    ok: problems.length === 0,
    problems,
    streams: byStream.size,
    events,
    seals: sealCheck.seals,
    receiptSeal,
    closingHeads: sealCheck.latestHeads,
    sealStreamHead: lastSeal ? { version: lastSeal.streamVersion, hash: lastSeal.hash } : segment.sealStreamBefore,
  };
}

/**
 * Check an archived month from its file alone against its closing seal's receipt: `checkSegment`, and the
 * closing seal is the receipt's, and no stream goes past the head the closing seal recorded (the month is
 * wholly sealed).
 */
export function checkArchive(archive: MonthArchive, receipt: Receipt): SegmentCheck {
  const { manifest } = archive;
  const check = checkSegment(
    {
      openingSeal: manifest.openingSeal,
      openingHeads: manifest.openingHeads,
      sealStreamBefore: manifest.sealStreamBefore,
      events: archive.events,
      closingSeal: archive.closingSeal,
    },
    receipt,
  );
  const problems = [...check.problems];
  const closing = archive.closingSeal;
  const closingSequence = (closing.data as Partial<SealData>).sequence;
  if (closingSequence !== manifest.closingSeal)
    problems.push(
      problem(SEAL_STREAM, closing.streamVersion, `the file closes with seal #${closingSequence}, its manifest says #${manifest.closingSeal}`, closing),
    );
  if (check.receiptSeal && check.receiptSeal.sequence !== closingSequence) {
    problems.push(
      problem(
        SEAL_STREAM,
        closing.streamVersion,
        `the receipt names seal #${check.receiptSeal.sequence}, not the month's closing seal #${closingSequence}: only the closing seal's receipt covers the whole month`,
        closing,
      ),
    );
  }
  const lastVersion = new Map<string, StoredEvent>();
  for (const e of archive.events) if (e.streamId !== SEAL_STREAM) lastVersion.set(e.streamId, e);
  for (const [streamId, e] of lastVersion) {
    const head = check.closingHeads.get(streamId);
    if (!head || e.streamVersion > head.version) {
      problems.push(
        problem(
          streamId,
          e.streamVersion,
          `the month's closing seal recorded this stream at version ${head?.version ?? 0}: an event past it is not covered by the month's seals`,
          e,
        ),
      );
    }
  }
  return { ...check, ok: problems.length === 0, problems };
}
