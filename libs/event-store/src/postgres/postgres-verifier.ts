import type { Pool } from 'pg';
import { ChainBreak, StreamChainChecker, VerifyReport } from '../verify';
import { toStoredEvent } from './postgres-event-store';

const PAGE = 5000;

/** Verify every stream of a PostgreSQL store, reading it in keyset pages (memory stays flat). */
export async function verifyPostgresStore(pool: Pool, onProgress?: (events: number) => void): Promise<VerifyReport> {
  const heads = new Map<string, { version: number; hash: string }>(
    (await pool.query('SELECT stream_id, version, head_hash FROM ca_streams')).rows.map((r) => [r.stream_id, { version: r.version, hash: r.head_hash }]),
  );
  const breaks: ChainBreak[] = [];
  let events = 0;
  let streams = 0;
  let checker: StreamChainChecker | null = null;
  const close = () => {
    if (!checker) return;
    checker.finish(heads.get(checker.streamId));
    heads.delete(checker.streamId);
    if (checker.firstBreak) breaks.push(checker.firstBreak);
  };
  let after: [string, number] = ['', 0];
  for (;;) {
    const page = await pool.query(
      `SELECT global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id, event_type, data,
              metadata, occurred_at, recorded_at, content_hash, prev_hash, hash
       FROM ca_events WHERE (stream_id, stream_version) > ($1, $2) ORDER BY stream_id, stream_version LIMIT ${PAGE}`,
      after,
    );
    for (const row of page.rows) {
      const e = toStoredEvent(row);
      if (!checker || checker.streamId !== e.streamId) {
        close();
        checker = new StreamChainChecker(e.streamId);
        streams++;
      }
      checker.check(e);
      events++;
    }
    onProgress?.(events);
    if (page.rows.length < PAGE) break;
    const last = page.rows[page.rows.length - 1];
    after = [last.stream_id, last.stream_version];
  }
  close();
  // a head with no events at all: the whole stream was removed
  for (const [streamId, head] of heads) {
    if (head.version > 0) {
      breaks.push({ streamId, streamVersion: 1, globalPosition: null, eventId: null, reason: `the stream's head says version ${head.version} but none of its events is stored` });
    }
  }
  breaks.sort((a, b) => Number(BigInt(a.globalPosition ?? '0') - BigInt(b.globalPosition ?? '0')));
  return { ok: breaks.length === 0, streams, events, breaks };
}
