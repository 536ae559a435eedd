/**
 * The checks of a part of the store cut out by seals (docs/scaling.md §3): an archived month from its file
 * alone against its closing seal's receipt (`checkArchive`), months archived one after another against the
 * last one's receipt (`checkArchives`), and the online store after an archive, from the heads the archive
 * hands over (`checkSegment`).
 *
 * What is proved, with the receipt and nothing else:
 * - the seals: the opening seal is what the heads given say (its `headsDigest`), each later seal follows the
 *   one before (seal.ts `checkSeals`), and the closing seal is the receipt's;
 * - the chains: each stream goes on from the head the opening seal recorded (or from its start), link by
 *   link, through every head a seal of the part recorded, to the head the closing seal recorded
 *   (verify.ts `StreamChainChecker`); a stream the seals moved but the part lacks, or an event past the
 *   closing seal, is named.
 *
 * The events are fed one at a time (`SegmentChecker`) after the seals, which are few: a month far larger than
 * memory is read twice from its file (`archive-file.ts`), once for its seals and once for its events.
 * Every problem carries its reason keyed (`errors:archive.*`, or the store's own `chain.*` and `seal.*`), so that
 * `casino-audit verify-archive` words it in the operator's language; `reason` stays the English.
 */
import { because, keyed, type ReasonKey } from '../../i18n/src/reasons';
import type { ArchiveManifest, MonthArchive } from './archive';
import { GENESIS } from './canonical';
import type { StoredEvent } from './port';
import {
  checkSeals,
  computeSealHash,
  headsDigest,
  SEAL_STREAM,
  sealNamed,
  type Receipt,
  type Seal,
  type SealChainStart,
  type SealCheck,
  type SealData,
  type StreamHead,
} from './seal';
import { StreamChainChecker, type ChainBreak, type SealedExpectation } from './verify';

/** Where a run of the store starts: the seal that opens it and what that seal committed to. */
export interface SegmentOpening {
  /** the seal that opens it, its first seal; null at the store's start */
  readonly openingSeal: number | null;
  /** every head the opening seal committed to */
  readonly openingHeads: Readonly<Record<string, StreamHead>>;
  /** the seal stream's head before the segment (null: it starts at version 1) */
  readonly sealStreamBefore: StreamHead | null;
}

/** A run of the store in position order, opened by a seal (or the store's start) and closed by one (or not yet). */
export interface StoreSegment extends SegmentOpening {
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

const problem = (streamId: string, streamVersion: number, reason: ReasonKey, e?: StoredEvent): ChainBreak => ({
  streamId,
  streamVersion,
  globalPosition: e ? e.globalPosition.toString() : null,
  eventId: e ? e.eventId : null,
  ...keyed(reason),
});

const matches = (seal: Seal, receipt: Receipt) =>
  seal.sealHash.startsWith(receipt.sealHash) && (receipt.sequence === undefined || seal.sequence === receipt.sequence);

/** The opening seal, checked against the heads given for it: the chain start of the seals after it, or the problem. */
function openingOf(opening: SegmentOpening, first: StoredEvent | undefined): SealChainStart | ChainBreak | undefined {
  const heads = new Map(Object.entries(opening.openingHeads));
  if (opening.openingSeal === null) {
    return heads.size ? problem(SEAL_STREAM, 1, because('archive.headsWithoutSeal', { count: heads.size })) : undefined;
  }
  const d = first?.data as SealData | undefined;
  if (!first || d?.sequence !== opening.openingSeal) {
    return problem(SEAL_STREAM, first?.streamVersion ?? 1, because('archive.openingSealMissing', { seal: String(opening.openingSeal) }), first);
  }
  const { sealHash, ...rest } = d;
  if (computeSealHash(rest) !== sealHash) return problem(SEAL_STREAM, first.streamVersion, because('seal.edited', { seal: String(d.sequence) }), first);
  if (d.streamCount !== heads.size || d.headsDigest !== headsDigest(heads)) {
    return problem(SEAL_STREAM, first.streamVersion, because('archive.openingHeads', { count: d.streamCount, seal: String(d.sequence) }), first);
  }
  return { sequence: d.sequence, sealHash, heads };
}

/**
 * A part of the store checked from its events alone, fed in position order: the seals after its opening
 * seal (given first, with the closing seal if any), every stream's chain from the head the opening seal
 * recorded, every head a seal recorded reached, positions that only grow, and the receipt (when given)
 * naming one of its good seals.
 */
export class SegmentChecker {
  private readonly problems: ChainBreak[] = [];
  private readonly sealCheck: SealCheck;
  private readonly chains = new Map<string, { checker: StreamChainChecker; prevHash: string }>();
  /** each stream's last event: what `checkArchive` holds against the closing seal's heads */
  readonly lastOfStream = new Map<string, StoredEvent>();
  private lastSeal: StoredEvent | null = null;
  private previousPosition: bigint | null = null;
  private disordered = false;
  /** the positions of the first and last events fed, the closing seal aside */
  firstPosition: bigint | null = null;
  lastPosition: bigint | null = null;
  events = 0;

  /** `seals`: every seal event of the part in position order, the closing seal last (it is fed too, last) */
  constructor(
    private readonly opening: SegmentOpening,
    seals: readonly StoredEvent[],
    private readonly receipt?: Receipt,
  ) {
    const start = openingOf(opening, seals[0]);
    const broken = start !== undefined && 'reason' in start;
    if (broken) this.problems.push(start);
    // a broken opening leaves the seals after it unchecked: none of them can be tied to the heads given
    this.sealCheck = checkSeals(broken ? [] : start ? seals.slice(1) : seals, broken ? undefined : start);
    if (this.sealCheck.problem) {
      const { seal, reason, reasonKey, reasonValues } = this.sealCheck.problem;
      this.problems.push({
        streamId: SEAL_STREAM,
        streamVersion: seal.streamVersion,
        globalPosition: seal.globalPosition.toString(),
        eventId: seal.eventId,
        reason,
        reasonKey,
        reasonValues,
      });
    }
  }

  private openingHead(streamId: string): StreamHead {
    return streamId === SEAL_STREAM ? (this.opening.sealStreamBefore ?? NO_HEAD) : (this.opening.openingHeads[streamId] ?? NO_HEAD);
  }

  /** The next event in position order (an archive's closing seal last, `closing`). */
  add(e: StoredEvent, closing = false): void {
    const previous = this.previousPosition;
    if (previous !== null && e.globalPosition <= previous && !this.disordered) {
      this.disordered = true;
      this.problems.push(
        problem(e.streamId, e.streamVersion, because('archive.positionOrder', { position: String(e.globalPosition), previous: String(previous) }), e),
      );
    }
    this.previousPosition = e.globalPosition;
    if (!closing) {
      this.firstPosition ??= e.globalPosition;
      this.lastPosition = e.globalPosition;
      if (e.streamId === SEAL_STREAM) this.lastSeal = e;
      else this.lastOfStream.set(e.streamId, e);
    }
    let chain = this.chains.get(e.streamId);
    if (!chain) {
      const from = this.openingHead(e.streamId);
      const sealed: SealedExpectation[] = (this.sealCheck.sealedHeads.get(e.streamId) ?? []).map((h) => ({
        version: h.version,
        hash: h.hash,
        seal: sealNamed(h),
      }));
      chain = { checker: new StreamChainChecker(e.streamId, sealed, from.version > 0 ? from : undefined), prevHash: from.hash };
      this.chains.set(e.streamId, chain);
    }
    chain.checker.check({ ...e, prevHash: chain.prevHash });
    chain.prevHash = e.hash;
    this.events++;
  }

  finish(): SegmentCheck {
    const problems = [...this.problems];
    for (const { checker } of this.chains.values()) {
      checker.finish(undefined);
      if (checker.firstBreak) problems.push(checker.firstBreak);
    }
    // a stream the seals moved past its opening head, of which the segment holds nothing
    for (const [streamId, list] of this.sealCheck.sealedHeads) {
      const last = list[list.length - 1];
      const from = this.openingHead(streamId);
      if (!this.chains.has(streamId) && last.version > from.version) {
        problems.push(
          problem(streamId, from.version + 1, because('archive.streamMissing', { seal: sealNamed(last), sealed: last.version, from: from.version })),
        );
      }
    }
    const { receipt, sealCheck } = this;
    const receiptSeal = receipt ? (sealCheck.seals.find((s) => matches(s, receipt)) ?? null) : null;
    if (receipt && !receiptSeal) {
      const given = receipt.sequence !== undefined ? `ca-seal:${receipt.sequence}:${receipt.sealHash}` : receipt.sealHash;
      const seals = sealCheck.seals.map((s) => `#${s.sequence}`).join(', ');
      problems.push(
        problem(SEAL_STREAM, receipt.sequence ?? 0, because('archive.receiptNotHere', { receipt: `${given.slice(0, 32)}…`, seals: seals || 'none' })),
      );
    }
    return {
      ok: problems.length === 0,
      problems,
      streams: this.chains.size,
      events: this.events,
      seals: sealCheck.seals,
      receiptSeal,
      closingHeads: sealCheck.latestHeads,
      sealStreamHead: this.lastSeal ? { version: this.lastSeal.streamVersion, hash: this.lastSeal.hash } : this.opening.sealStreamBefore,
    };
  }
}

/** Check a part of the store held in memory (the online store after an archive, a small month): `SegmentChecker`. */
export function checkSegment(segment: StoreSegment, receipt?: Receipt): SegmentCheck {
  const seals = segment.events.filter((e) => e.streamId === SEAL_STREAM).concat(segment.closingSeal ? [segment.closingSeal] : []);
  const checker = new SegmentChecker(segment, seals, receipt);
  for (const e of segment.events) checker.add(e);
  if (segment.closingSeal) checker.add(segment.closingSeal, true);
  return checker.finish();
}

/** A month's archive as the checks read it: what a file's first reading gives, and its events read again in order. */
export interface ArchiveSource {
  readonly manifest: ArchiveManifest;
  /** the month's seal events in position order (the opening seal first), without the closing seal */
  readonly seals: readonly StoredEvent[];
  readonly closingSeal: StoredEvent;
  /** the month's events in position order, without the closing seal; each call reads them from the start */
  events(): Iterable<StoredEvent> | AsyncIterable<StoredEvent>;
}

/** A month held in memory, as a source. */
export function monthSource(archive: MonthArchive): ArchiveSource {
  return {
    manifest: archive.manifest,
    seals: archive.events.filter((e) => e.streamId === SEAL_STREAM),
    closingSeal: archive.closingSeal,
    events: () => archive.events,
  };
}

/** A month's checker: its opening from the manifest, its seals and closing seal, the receipt (or none: `checkArchives` says why). */
const archiveChecker = (source: ArchiveSource, receipt: Receipt | null) =>
  new SegmentChecker(source.manifest, [...source.seals, source.closingSeal], receipt ?? undefined);

/**
 * What makes a checked part a whole month: the closing seal is the one the manifest names and the receipt's,
 * the positions are the manifest's, and no stream goes past the head the closing seal recorded.
 */
function closeMonth(source: ArchiveSource, checker: SegmentChecker): SegmentCheck {
  checker.add(source.closingSeal, true);
  const check = checker.finish();
  const { manifest, closingSeal: closing } = source;
  const problems = [...check.problems];
  const closingSequence = (closing.data as Partial<SealData>).sequence;
  if (closingSequence !== manifest.closingSeal)
    problems.push(
      problem(
        SEAL_STREAM,
        closing.streamVersion,
        because('archive.closingSealNumber', { closing: String(closingSequence), manifest: String(manifest.closingSeal) }),
        closing,
      ),
    );
  if (check.receiptSeal && check.receiptSeal.sequence !== closingSequence) {
    problems.push(
      problem(
        SEAL_STREAM,
        closing.streamVersion,
        because('archive.receiptNotClosing', { seal: String(check.receiptSeal.sequence), closing: String(closingSequence) }),
        closing,
      ),
    );
  }
  const { firstPosition, lastPosition } = checker;
  if (firstPosition !== null && (String(firstPosition) !== manifest.firstPosition || String(lastPosition) !== manifest.lastPosition)) {
    const values = { first: String(firstPosition), last: String(lastPosition), manifestFirst: manifest.firstPosition, manifestLast: manifest.lastPosition };
    problems.push(problem(SEAL_STREAM, 0, because('archive.positionsNotManifest', values)));
  }
  for (const [streamId, e] of checker.lastOfStream) {
    const head = check.closingHeads.get(streamId);
    if (!head || e.streamVersion > head.version) {
      problems.push(problem(streamId, e.streamVersion, because('archive.pastClosingSeal', { head: head?.version ?? 0 }), e));
    }
  }
  return { ...check, ok: problems.length === 0, problems };
}

/**
 * Check an archived month held in memory from its file alone against its closing seal's receipt (without a
 * receipt, only the file's own consistency: `checkArchives` says why): `SegmentChecker`, and `closeMonth`.
 */
export function checkArchive(archive: MonthArchive, receipt: Receipt | null): SegmentCheck {
  const source = monthSource(archive);
  const checker = archiveChecker(source, receipt);
  for (const e of archive.events) checker.add(e);
  return closeMonth(source, checker);
}

/** `checkArchive` of a month read from its source, its events fed as they are read (a file: streamed). */
export async function checkArchiveSource(source: ArchiveSource, receipt: Receipt | null): Promise<SegmentCheck> {
  const checker = archiveChecker(source, receipt);
  for await (const e of source.events()) checker.add(e);
  return closeMonth(source, checker);
}

/** One month of a series checked together: its own check, and how its closing seal was tied to the receipt. */
export interface MonthCheck extends SegmentCheck {
  readonly month: string;
  /** where its source was in the list given */
  readonly given: number;
  /**
   * What its closing seal was checked against: the receipt given (the last month), the seal that opened the
   * next month's file, proved there (every earlier month), or nothing, because that next month failed.
   */
  readonly coveredBy: 'receipt' | 'next-month' | 'none';
}

export interface ArchiveSeriesCheck {
  readonly ok: boolean;
  /** in month order */
  readonly months: MonthCheck[];
}

const sameHead = (a: StreamHead | null | undefined, b: StreamHead | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.version === b.version && a.hash === b.hash);

/** Where `next` must take over from `prev`, both as their files say: the problems of the hand-over, none when it holds. */
function handOver(prev: ArchiveSource, prevCheck: SegmentCheck, next: ArchiveSource): ChainBreak[] {
  const opening = next.seals[0];
  const months = { month: next.manifest.month, previous: prev.manifest.month };
  if (
    next.manifest.openingSeal !== prev.manifest.closingSeal ||
    !opening ||
    opening.eventId !== prev.closingSeal.eventId ||
    opening.hash !== prev.closingSeal.hash
  ) {
    const values = { ...months, closing: String(prev.manifest.closingSeal), opening: String(next.manifest.openingSeal ?? 'none') };
    // the rest compares what that seal committed to: meaningless between months that do not meet
    return [problem(SEAL_STREAM, opening?.streamVersion ?? 0, because('archive.notOpenedByPrevious', values), opening)];
  }
  const problems: ChainBreak[] = [];
  if (!sameHead(next.manifest.sealStreamBefore, prevCheck.sealStreamHead)) {
    problems.push(problem(SEAL_STREAM, opening.streamVersion, because('archive.sealStreamUnlinked', months), opening));
  }
  const handed = new Map(Object.entries(next.manifest.openingHeads));
  const streams = [...new Set([...handed.keys(), ...prevCheck.closingHeads.keys()])];
  const differing = streams.filter((s) => !sameHead(handed.get(s), prevCheck.closingHeads.get(s)));
  if (differing.length) {
    problems.push(problem(differing[0], handed.get(differing[0])?.version ?? 0, because('archive.headsNotHandedOver', { ...months, count: differing.length })));
  }
  return problems;
}

/**
 * Months archived one after another, checked together against the receipt of the last one's closing seal
 * (docs/scaling.md §3). Each month opens with the seal that closed the month before, so the last month's check
 * proves that seal (its hash, and the seal chain from it to the receipt), and it is the receipt of the month
 * before: one receipt covers the whole series. Between two months it also checks the hand-over: the seal
 * stream's head before a month is the previous month's last seal, and the heads a month opens with are those
 * the previous one closed with. The first month's own opening (the seal stream before it) is proved only by
 * the archive before it, when that is given too. Months are read in month order, whatever order they come in.
 */
export async function checkArchives(sources: readonly ArchiveSource[], receipt: Receipt): Promise<ArchiveSeriesCheck> {
  const given = new Map(sources.map((s, i) => [s, i]));
  const ordered = [...sources].sort((a, b) => a.manifest.month.localeCompare(b.manifest.month));
  const checks: MonthCheck[] = new Array(ordered.length);
  let covering: Receipt | null = receipt;
  for (let i = ordered.length - 1; i >= 0; i--) {
    const source = ordered[i];
    const { month } = source.manifest;
    const coveredBy: MonthCheck['coveredBy'] = i === ordered.length - 1 ? 'receipt' : covering ? 'next-month' : 'none';
    const own = await checkArchiveSource(source, covering);
    const problems = [...own.problems];
    if (!covering) {
      problems.push(
        problem(
          SEAL_STREAM,
          source.closingSeal.streamVersion,
          because('archive.notCovered', { month, next: ordered[i + 1].manifest.month }),
          source.closingSeal,
        ),
      );
    }
    if (i > 0 && ordered[i - 1].manifest.month === month) problems.push(problem(SEAL_STREAM, 0, because('archive.monthTwice', { month })));
    checks[i] = { ...own, month, given: given.get(source)!, coveredBy, problems, ok: problems.length === 0 };
    // the seal this month opened with, proved by this month's check, is the receipt of the month before's closing seal
    const opening = source.seals[0]?.data as Partial<SealData> | undefined;
    covering =
      checks[i].ok && source.manifest.openingSeal !== null && opening?.sequence === source.manifest.openingSeal && typeof opening.sealHash === 'string'
        ? { sequence: opening.sequence, sealHash: opening.sealHash }
        : null;
  }
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i - 1].manifest.month === ordered[i].manifest.month) continue;
    const problems = handOver(ordered[i - 1], checks[i - 1], ordered[i]);
    if (problems.length) checks[i] = { ...checks[i], problems: [...checks[i].problems, ...problems], ok: false };
  }
  return { ok: checks.every((c) => c.ok), months: checks };
}
