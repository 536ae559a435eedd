import { availableParallelism } from 'node:os';
import type { Pool } from 'pg';
import { setting } from '../../../platform/src/config';
import { because, keyed, type ReasonKey } from '../../../i18n/src/reasons';
import { checkStoreSeals, formatReceipt, readReceiptArgument, Receipt, SEAL_STREAM, sealNamed } from '../seal';
import { ChainBreak, SealedExpectation, SealSummary, VerifyReport } from '../verify';
import { planStreamRanges, WHOLE_STORE } from './verify-range';
import { walkStreamRanges } from './verify-threads';

/** ranges a thread takes in turn: several each, so one thread's long streams do not leave the others idle */
const RANGES_PER_THREAD = 4;

/** Threads by default: one a core, at most 4 (CA_VERIFY_THREADS says otherwise). */
export function defaultVerifyThreads(env: NodeJS.ProcessEnv = process.env): number {
  return setting('CA_VERIFY_THREADS', env) ?? Math.min(4, availableParallelism());
}

/** Each stream's number and events (its head's version), to cut the walk into ranges of about equal work. */
export async function streamSizes(pool: Pool): Promise<Array<[number, number]>> {
  const rows = (await pool.query('SELECT i.stream_number, s.version FROM ca_stream_ids i JOIN ca_streams s USING (stream_id)')).rows;
  return rows.map((r) => [r.stream_number, r.version]);
}

export interface VerifyStoreOptions {
  /** a seal receipt handed out earlier (`ca-seal:<n>:<hash>`, a hash, or a file holding one): the store must still hold that seal */
  readonly receipt?: string | Receipt;
  readonly onProgress?: (events: number) => void;
  /** threads walking the chains (default `defaultVerifyThreads()`); 1 walks them in the caller's thread */
  readonly threads?: number;
}

/**
 * `casino-audit verify [--receipt R]`: every stream's chain, the seal chain, every sealed head, and the
 * receipt. The report names each break (stream, version, position, reason); `breaks[0]` is the first.
 */
export function verifyStore(pool: Pool, options: VerifyStoreOptions = {}): Promise<VerifyReport> {
  return verifyPostgresStore(pool, options.onProgress, options);
}

/** Verify every stream of a PostgreSQL store, reading it in keyset pages (memory stays flat). */
export async function verifyPostgresStore(pool: Pool, onProgress?: (events: number) => void, options: VerifyStoreOptions = {}): Promise<VerifyReport> {
  // a bad receipt is the caller's mistake, not the store's: say so before reading anything
  const receipt = typeof options.receipt === 'string' ? readReceiptArgument(options.receipt) : options.receipt;
  const heads = new Map<string, { version: number; hash: string }>(
    (await pool.query('SELECT stream_id, version, head_hash FROM ca_streams')).rows.map((r) => [r.stream_id, { version: r.version, hash: r.head_hash }]),
  );
  // the seal chain from the first seal, or from the last archived month's closing seal (store migration 14)
  const sealCheck = await checkStoreSeals(pool);
  const archived = sealCheck.archived?.heads ?? new Map<string, { version: number; hash: string }>();
  const expectations = new Map<string, SealedExpectation[]>();
  for (const [streamId, list] of sealCheck.sealedHeads) {
    expectations.set(
      streamId,
      list.map((h) => ({ version: h.version, hash: h.hash, seal: sealNamed(h) })),
    );
  }

  // each stream's events in order, ranges of streams at once (their chains never cross)
  // streams are numbered from store migration 10 on: ca_events is then the view that carries stream_number (a store
  // at 9 may already hold ca_stream_ids, made by a stopped migration 10's prepared steps, and no numbered events)
  const numbered = (
    await pool.query(
      `SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'ca_events'::regclass AND attname = 'stream_number' AND NOT attisdropped) AS numbered`,
    )
  ).rows[0].numbered;
  const threads = options.threads ?? defaultVerifyThreads();
  const ranges = numbered && threads > 1 ? planStreamRanges(await streamSizes(pool), threads * RANGES_PER_THREAD) : [WHOLE_STORE];
  let walked = 0;
  const outcomes = await walkStreamRanges(
    pool,
    numbered,
    ranges,
    { heads, sealed: expectations, latestSealedVersion: new Map([...sealCheck.latestHeads].map(([id, h]) => [id, h.version])), archived },
    {
      threads,
      connectionString: (pool as { options?: { connectionString?: string } }).options?.connectionString,
      onPage: onProgress && ((n) => onProgress((walked += n))),
    },
  );
  const breaks: ChainBreak[] = outcomes.flatMap((o) => o.breaks);
  const seen = new Set(outcomes.flatMap((o) => o.streamIds));
  const events = outcomes.reduce((sum, o) => sum + o.events, 0);
  const streams = outcomes.reduce((sum, o) => sum + o.streamIds.length, 0);
  const unsealedEvents = outcomes.reduce((sum, o) => sum + o.unsealedEvents, 0);

  // streams with no events at all: removed whole (the seals, or a head left behind, say they existed)
  for (const [streamId, list] of sealCheck.sealedHeads) {
    if (seen.has(streamId)) continue;
    const last = list[list.length - 1];
    breaks.push({
      streamId,
      streamVersion: 1,
      globalPosition: null,
      eventId: null,
      ...keyed(because('chain.streamDeleted', { seal: sealNamed(last), sealed: String(last.version), head: heads.has(streamId) ? 'kept' : 'gone' })),
    });
  }
  for (const [streamId, head] of heads) {
    if (seen.has(streamId) || sealCheck.sealedHeads.has(streamId)) continue;
    // every event of the stream archived: its head is the one the archive left
    if (archived.get(streamId)?.version === head.version) continue;
    if (head.version > 0) {
      breaks.push({
        streamId,
        streamVersion: 1,
        globalPosition: null,
        eventId: null,
        ...keyed(because('chain.headWithoutEvents', { head: String(head.version) })),
      });
    }
  }

  // the seal chain itself (unless its stream's own chain already names the break)
  if (sealCheck.problem && !breaks.some((b) => b.streamId === SEAL_STREAM)) {
    const e = sealCheck.problem.seal;
    const { reason, reasonKey, reasonValues } = sealCheck.problem;
    breaks.push({
      streamId: SEAL_STREAM,
      streamVersion: e.streamVersion,
      globalPosition: e.globalPosition.toString(),
      eventId: e.eventId,
      reason,
      reasonKey,
      reasonValues,
    });
  }

  // the receipt: the store must still hold the seal it names
  const latest = sealCheck.seals[sealCheck.seals.length - 1];
  let receiptVerdict: SealSummary['receipt'];
  if (receipt) {
    const given = receipt.sequence !== undefined ? `ca-seal:${receipt.sequence}:${receipt.sealHash}` : receipt.sealHash;
    const match = sealCheck.seals.find((s) => s.sealHash.startsWith(receipt.sealHash) && (receipt.sequence === undefined || s.sequence === receipt.sequence));
    if (match) {
      receiptVerdict = { given, ok: true, sequence: match.sequence };
    } else {
      const latestSeal: ReasonKey = latest ? because('receipt.latestSeal', sealNamed(latest).values) : because('receipt.noSeal');
      const sameNumber = receipt.sequence !== undefined ? sealCheck.seals.find((s) => s.sequence === receipt.sequence) : undefined;
      const hash = `${receipt.sealHash.slice(0, 16)}…`;
      const why = keyed(
        sameNumber
          ? because('receipt.rewritten', { sequence: String(receipt.sequence), hash, storeHash: `${sameNumber.sealHash.slice(0, 16)}…` })
          : receipt.sequence !== undefined && (!latest || receipt.sequence > latest.sequence)
            ? because('receipt.newerThanStore', { sequence: String(receipt.sequence), latest: latestSeal })
            : because('receipt.unknownHash', { hash, latest: latestSeal }),
      );
      receiptVerdict = { given, ok: false, sequence: receipt.sequence, ...why };
      breaks.push({
        streamId: SEAL_STREAM,
        streamVersion: receipt.sequence ?? (latest ? latest.streamVersion + 1 : 1),
        globalPosition: null,
        eventId: null,
        ...why,
      });
    }
  }

  breaks.sort((a, b) => Number(BigInt(a.globalPosition ?? '0') - BigInt(b.globalPosition ?? '0')));
  const seals: SealSummary = {
    count: sealCheck.seals.length,
    latest: latest
      ? {
          sequence: latest.sequence,
          sealHash: latest.sealHash,
          sealedAt: latest.sealedAt,
          gamingDay: latest.gamingDay,
          receipt: formatReceipt(latest),
          streamCount: latest.streamCount,
        }
      : null,
    unsealedEvents,
    ...(receiptVerdict ? { receipt: receiptVerdict } : {}),
  };
  return { ok: breaks.length === 0, streams, events, breaks, seals };
}
