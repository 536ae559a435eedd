/**
 * One part of `verify`'s walk of a PostgreSQL store: the chains of the streams whose numbers fall in a
 * range, each stream's events in version order, a keyset page at a time. Chains never cross streams, so
 * the ranges can be walked at the same time, each by its own thread and connection (verify-threads.ts);
 * the walk of one range is the same whether it runs in a thread of its own or in the caller's.
 */
import type { Pool } from 'pg';
import { SEAL_STREAM } from '../seal';
import { ChainBreak, SealedExpectation, StreamChainChecker } from '../verify';
import { EVENT_COLUMNS, toStoredEvent } from './postgres-event-store';

const PAGE = 5000;
const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

/** Streams numbered after `after`, up to and including `through` (ca_stream_ids.stream_number). */
export interface StreamRange {
  readonly after: number;
  readonly through: number;
}

/** Every stream, numbered or not. */
export const WHOLE_STORE: StreamRange = { after: INT4_MIN, through: INT4_MAX };

/** What every range's walk checks against: the heads recorded in ca_streams and those the seals recorded. */
export interface ChainExpectations {
  readonly heads: ReadonlyMap<string, { version: number; hash: string }>;
  readonly sealed: ReadonlyMap<string, SealedExpectation[]>;
  /** each stream's head in the latest good seal (events past it are "unsealed") */
  readonly latestSealedVersion: ReadonlyMap<string, number>;
  /** each stream's head as the archived months left it (store migration 14): its chain goes on from there */
  readonly archived?: ReadonlyMap<string, { version: number; hash: string }>;
}

export interface RangeOutcome {
  readonly events: number;
  /** the streams met, in the walk's order */
  readonly streamIds: string[];
  /** each stream's first break */
  readonly breaks: ChainBreak[];
  readonly unsealedEvents: number;
}

/** What a walk needs of a connection: one query at a time (a pg Pool or Client). */
export type Queryable = Pick<Pool, 'query'>;

/**
 * Since store migration 10 a stream's events are an index range of ca_events_stream_version by its
 * number; before it, by its id (one range only: the whole store, as it was walked then).
 */
function pageQuery(numbered: boolean): string {
  return numbered
    ? `SELECT stream_number, ${EVENT_COLUMNS} FROM ca_events
       WHERE (stream_number, stream_version) > ($1, $2) AND stream_number <= $3
       ORDER BY stream_number, stream_version LIMIT ${PAGE}`
    : `SELECT ${EVENT_COLUMNS} FROM ca_events WHERE (stream_id, stream_version) > ($1, $2) ORDER BY stream_id, stream_version LIMIT ${PAGE}`;
}

/** Walk one range's chains; `onPage` hears how many events each page held (progress). */
export async function checkStreamRange(
  db: Queryable,
  numbered: boolean,
  range: StreamRange,
  expect: ChainExpectations,
  onPage?: (events: number) => void,
): Promise<RangeOutcome> {
  const query = pageQuery(numbered);
  const streamIds: string[] = [];
  const breaks: ChainBreak[] = [];
  let events = 0;
  let unsealedEvents = 0;
  let checker: StreamChainChecker | null = null;
  const close = () => {
    if (!checker) return;
    checker.finish(expect.heads.get(checker.streamId));
    const last = (expect.archived?.get(checker.streamId)?.version ?? 0) + checker.count;
    if (checker.streamId !== SEAL_STREAM) unsealedEvents += Math.max(0, last - (expect.latestSealedVersion.get(checker.streamId) ?? 0));
    if (checker.firstBreak) breaks.push(checker.firstBreak);
  };
  let cursor: unknown[] = numbered ? [range.after, INT4_MAX, range.through] : ['', 0];
  for (;;) {
    const page = await db.query(query, cursor);
    for (const row of page.rows) {
      const e = toStoredEvent(row);
      if (!checker || checker.streamId !== e.streamId) {
        close();
        checker = new StreamChainChecker(e.streamId, expect.sealed.get(e.streamId), expect.archived?.get(e.streamId));
        streamIds.push(e.streamId);
      }
      checker.check(e);
      events++;
    }
    onPage?.(page.rows.length);
    if (page.rows.length < PAGE) break;
    const last = page.rows[page.rows.length - 1];
    cursor = numbered ? [last.stream_number, last.stream_version, range.through] : [last.stream_id, last.stream_version];
  }
  close();
  return { events, streamIds, breaks, unsealedEvents };
}

/**
 * Cut the streams into ranges of about equal events, `parts` of them at most, covering every number (a
 * stream whose events lost their head row still falls in one). `sizes`: [stream number, events], any order.
 */
export function planStreamRanges(sizes: ReadonlyArray<readonly [number, number]>, parts: number): StreamRange[] {
  const sorted = [...sizes].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  if (parts <= 1 || sorted.length <= 1 || total === 0) return [WHOLE_STORE];
  const share = total / parts;
  const ranges: StreamRange[] = [];
  let after = INT4_MIN;
  let walked = 0;
  let cut = share;
  for (let i = 0; i < sorted.length - 1; i++) {
    walked += sorted[i][1];
    if (walked < cut) continue;
    ranges.push({ after, through: sorted[i][0] });
    after = sorted[i][0];
    // a stream longer than a share fills the shares it spans: the next cut is past it
    cut = share * (Math.floor(walked / share) + 1);
  }
  ranges.push({ after, through: INT4_MAX });
  return ranges;
}
