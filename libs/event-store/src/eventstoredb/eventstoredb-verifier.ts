/**
 * `verify` for EventStoreDB: every stream's chain, with the same `StreamChainChecker` as PostgreSQL.
 *
 * ESDB itself offers no way to edit an event, but it can lose some: deleting a stream, or stream metadata
 * (`$tb` truncateBefore, `$maxCount`, `$maxAge`) that lets a scavenge drop old events. Events dropped from
 * a stream's start show up as a missing version 1; a stream soft-deleted but still in `$all` shows up
 * as listed with no readable events; both are reported. A stream deleted *and* scavenged leaves no trace
 * in the database at all: only a record of stream heads kept elsewhere (the `migrate-store` report, or
 * seal events) can reveal that.
 */
import { because, keyed } from '../../../i18n/src/reasons';
import { ChainBreak, StreamChainChecker, VerifyReport } from '../verify';
import type { EventStoreDbEventStore } from './eventstoredb-event-store';

export async function verifyEventStoreDb(store: EventStoreDbEventStore, onProgress?: (events: number) => void): Promise<VerifyReport> {
  const breaks: ChainBreak[] = [];
  let events = 0;
  const streamIds = await store.streamIds();
  for (const streamId of streamIds) {
    const checker = new StreamChainChecker(streamId);
    const stored = await store.readStream(streamId);
    for (const e of stored) {
      checker.check(e);
      events++;
    }
    // ESDB keeps no head apart from the last event: the chain's own end is the head
    checker.finish(undefined);
    if (checker.firstBreak) breaks.push(checker.firstBreak);
    else if (!stored.length) {
      breaks.push({ streamId, streamVersion: 1, globalPosition: null, eventId: null, ...keyed(because('chain.unreadable')) });
    } else {
      const { metadata } = await store.client.getStreamMetadata(streamId);
      const lossy = metadata && ['truncateBefore', 'maxCount', 'maxAge'].filter((k) => (metadata as Record<string, unknown>)[k] !== undefined);
      if (lossy && lossy.length) {
        breaks.push({
          streamId,
          streamVersion: 1,
          globalPosition: stored[0].globalPosition.toString(),
          eventId: null,
          ...keyed(because('chain.lossyMetadata', { settings: lossy.join(', ') })),
        });
      }
    }
    onProgress?.(events);
  }
  breaks.sort((a, b) => Number(BigInt(a.globalPosition ?? '0') - BigInt(b.globalPosition ?? '0')));
  return { ok: breaks.length === 0, streams: streamIds.length, events, breaks };
}
