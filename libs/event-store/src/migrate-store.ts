/**
 * Copy a PostgreSQL event store into another store (EventStoreDB for `casino-audit migrate-store --to
 * eventstoredb`; another PostgreSQL database in the tests: the same code path), then verify the copy.
 *
 * - Order: the source's gap-safe feed, in global (commit) order, up to the source's heads at the start
 *   (waiting, if need be, for commits that older transactions on the server still hide). Events are appended in runs of
 *   consecutive events of one stream, so both every stream's order and the global interleaving are kept
 *   (a store that refuses multi-stream batches, like EventStoreDB, accepts every run).
 * - Fidelity: each event keeps its id, type, data, metadata and occurredAt, so its content hash is the
 *   source's. The target computes its own chain links (the same formula: they come out identical when
 *   the target stream started empty). Each copied event must land at its source version; anything else
 *   means the target stream already held other events, and the copy stops with the event named.
 * - Resumable and idempotent: re-running re-appends, and the target reports what it already has as
 *   `duplicate` (by event id). `startAfter` skips straight to a checkpoint reported by `onProgress`.
 *   Writers should be stopped (or the run repeated until nothing is appended) before switching over.
 * - Verification: every source stream is read on both sides; the target's chain is checked with
 *   `StreamChainChecker`, and every event's content hash is compared with the hash the *source* recorded
 *   when it was first stored, so an event edited in the source before the copy is caught too.
 */
import { because, keyed } from '../../i18n/src/reasons';
import { StreamChainChecker, type ChainBreak, type VerifyReport } from './verify';
import { FEED_START, type EventStore, type FeedCheckpoint, type NewEvent, type StoredEvent } from './port';
import type { PostgresEventStore } from './postgres/postgres-event-store';

export interface MigrationProgress {
  readonly phase: 'copy' | 'verify';
  /** copy: events read from the source so far; verify: events checked in the target so far */
  readonly events: number;
  readonly appended: number;
  readonly duplicate: number;
  /** copy: where a resumed run may start (`startAfter`) */
  readonly checkpoint: FeedCheckpoint;
  /** verify: streams checked so far, of `totalStreams` */
  readonly streams?: number;
  readonly totalStreams?: number;
}

export interface MigrationOptions {
  /** events read from the source per page (default 1000) */
  readonly batchSize?: number;
  /** resume after this source checkpoint (from a previous run's progress); default: the start */
  readonly startAfter?: FeedCheckpoint;
  /** how long to wait for events committed before the start to become visible in the feed (default 60 s) */
  readonly catchUpTimeoutMs?: number;
  /** skip the verification pass (not recommended; the CLI always verifies) */
  readonly skipVerify?: boolean;
}

export interface MigrationVerification extends VerifyReport {
  /** events the target holds past the source's end of a stream (written there after the copy): not a break */
  readonly extraInTarget: number;
}

export interface MigrationReport {
  /** events read from the source */
  readonly events: number;
  readonly appended: number;
  readonly duplicate: number;
  /** the source checkpoint the copy reached */
  readonly checkpoint: FeedCheckpoint;
  readonly verification: MigrationVerification | null;
}

export class MigrationDivergenceError extends Error {
  constructor(
    readonly event: StoredEvent,
    readonly targetVersion: number,
  ) {
    super(
      `event ${event.eventId} is version ${event.streamVersion} of ${event.streamId} in the source but took version ${targetVersion} in the target: ` +
        'the target stream already held other events; migrate into an empty store',
    );
    this.name = 'MigrationDivergenceError';
  }
}

/** A stored event as sent again (same id and content, so the same content hash). */
export const asNew = (e: StoredEvent): NewEvent => ({
  streamId: e.streamId,
  eventId: e.eventId,
  type: e.type,
  data: e.data,
  metadata: e.metadata,
  ...(e.occurredAt !== null ? { occurredAt: e.occurredAt } : {}),
});

/** Consecutive events of one stream. */
export function runs(events: readonly StoredEvent[]): StoredEvent[][] {
  const out: StoredEvent[][] = [];
  for (const e of events) {
    const last = out[out.length - 1];
    if (last && last[0].streamId === e.streamId) last.push(e);
    else out.push([e]);
  }
  return out;
}

export async function migrateStore(
  from: PostgresEventStore,
  to: EventStore,
  onProgress: (progress: MigrationProgress) => void = () => undefined,
  options: MigrationOptions = {},
): Promise<MigrationReport> {
  const batchSize = options.batchSize ?? 1000;
  let checkpoint = options.startAfter ?? FEED_START;
  let events = 0;
  let appended = 0;
  let duplicate = 0;
  // The source's heads now. The gap-safe feed shows a commit only once every older transaction on the
  // server has ended, so an empty page may mean "not visible yet": the copy ends when the target holds
  // every stream up to these heads (or at the deadline; verification then names what is missing).
  const heads = await from.streamVersions(await from.streamIds());
  const deadline = Date.now() + (options.catchUpTimeoutMs ?? 60_000);
  const caughtUp = async () => {
    const now = await to.streamVersions(Object.keys(heads));
    return Object.entries(heads).every(([s, v]) => (now[s] ?? 0) >= v);
  };
  for (;;) {
    const page = await from.readFeed(checkpoint, batchSize);
    if (!page.events.length) {
      if (Date.now() > deadline || (await caughtUp())) break;
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    for (const run of runs(page.events)) {
      const result = await to.append(run.map(asNew));
      result.forEach((r, k) => {
        if (r.streamVersion !== run[k].streamVersion) throw new MigrationDivergenceError(run[k], r.streamVersion);
        if (r.status === 'appended') appended++;
        else duplicate++;
      });
    }
    events += page.events.length;
    checkpoint = page.checkpoint;
    onProgress({ phase: 'copy', events, appended, duplicate, checkpoint });
  }
  const verification = options.skipVerify ? null : await verifyCopy(from, to, (p) => onProgress({ phase: 'verify', appended, duplicate, checkpoint, ...p }));
  return { events, appended, duplicate, checkpoint, verification };
}

/** Check the target against the source, stream by stream: its own chain, and the source's content hashes. */
export async function verifyCopy(
  from: EventStore,
  to: EventStore,
  onProgress: (p: { events: number; streams: number; totalStreams: number }) => void = () => undefined,
): Promise<MigrationVerification> {
  const streamIds = await from.streamIds();
  const breaks: ChainBreak[] = [];
  let events = 0;
  let extraInTarget = 0;
  let streams = 0;
  for (const streamId of streamIds) {
    const source = await from.readStream(streamId);
    const target = await to.readStream(streamId);
    const checker = new StreamChainChecker(streamId);
    for (const e of target) checker.check(e);
    checker.finish(undefined);
    events += target.length;
    const mismatch = firstMismatch(streamId, source, target);
    // the stream's first problem, whichever check found it
    const first = [checker.firstBreak, mismatch].filter((b): b is ChainBreak => !!b).sort((a, b) => a.streamVersion - b.streamVersion)[0];
    if (first) breaks.push(first);
    extraInTarget += Math.max(0, target.length - source.length);
    streams++;
    onProgress({ events, streams, totalStreams: streamIds.length });
  }
  breaks.sort((a, b) => Number(BigInt(a.globalPosition ?? '0') - BigInt(b.globalPosition ?? '0')));
  return { ok: breaks.length === 0, streams, events, breaks, extraInTarget };
}

function firstMismatch(streamId: string, source: readonly StoredEvent[], target: readonly StoredEvent[]): ChainBreak | null {
  for (let i = 0; i < source.length; i++) {
    const s = source[i];
    const t = target[i];
    const at = { streamId, streamVersion: s.streamVersion, globalPosition: t ? t.globalPosition.toString() : null, eventId: s.eventId };
    if (!t) return { ...at, ...keyed(because('copy.notCopied', { last: String(target.length), version: String(s.streamVersion) })) };
    if (t.eventId !== s.eventId) return { ...at, ...keyed(because('copy.otherEvent', { target: t.eventId, source: s.eventId })) };
    if (t.contentHash !== s.contentHash) return { ...at, ...keyed(because('copy.altered')) };
  }
  return null;
}
