/**
 * Judging a session's rounds for the verdict read model, apart from any I/O: the projection reads the
 * events and writes the rows, and hands this part a window of each session's stream. It runs in the
 * projection's thread or in worker threads (judge-pool.ts): everything here is plain data in and out.
 *
 * A `SessionJudge` keeps, per session, the tracker where its last sweep stopped and an index of the
 * session's rounds (where each starts, whether it ended), so a batch sends only what is new of a
 * stream, and a session's close is judged without reading the session again.
 */
import type { FeedFact } from '../../../event-store/src';
import { DISPUTE_TYPES, SessionTracker } from '../../../replay/src';
import { Discrepancy, Fact, JackpotPoolView, judgeRound, Verdict } from '../../../rules/src';
import type { RoundVerdictEntity } from './round-verdict.entity';

/** A verdict's row as a judge makes it: the entity's columns, `start_state` still the JSON text it is written as (`rowJson`). */
export type RoundVerdictRow = Omit<RoundVerdictEntity, 'start_state'> & { start_state: string | null };

/** What judging needs of a fact (what crosses to a judge thread). */
export interface SweepEvent {
  readonly eventId: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly streamVersion: number;
  /** `data.roundId` when it is a string (read once, by the store), else null */
  readonly roundId: string | null;
  /** the chain hash before it when it starts a round (its verdict keeps it), else null */
  readonly startHash: string | null;
}

/** A round to judge, with the stream version to cut the session's stream at and the feed position that asked for it. */
export interface SweepTarget {
  readonly roundId: string;
  readonly cut: number;
  readonly position: number;
}

/** One session's part of a batch. */
export interface SweepRequest {
  readonly sessionId: string;
  /** stream versions this judge was already sent for this session (0: the window starts at the session's start) */
  readonly after: number;
  /** the stream's events after `after`, in version order without gaps, up to the latest cut */
  readonly events: readonly SweepEvent[];
  readonly targets: readonly SweepTarget[];
  /**
   * The session's close, when the window holds it: its last round (the rules treat the last spin of a
   * session apart) and every round that never ended are judged with the stream up to the close.
   */
  readonly close?: { readonly version: number; readonly position: number };
  /** jackpot pool views before each round start of the window, by the RoundStarted's stream version */
  readonly pools: Readonly<Record<number, Record<string, JackpotPoolView>>>;
}

/** A session's part of a batch as the projection sends it: the window's facts with their data still JSON text. */
export type FactSweepRequest = Omit<SweepRequest, 'events'> & { readonly events: readonly FeedFact[] };

/**
 * Requests as the text a judge reads back with `parseRequests`: each fact's data spliced in as the
 * text PostgreSQL printed, so it is parsed once, by the judge; each fact a short array (no keys to
 * write and read again). Only what judging reads crosses: no times (verdicts are judged without replay
 * steps, the one place a fact's time is shown).
 */
export function requestsJson(requests: readonly FactSweepRequest[]): string {
  // one list of parts joined once: the text is copied once, not at every level of nesting
  const parts: string[] = ['['];
  requests.forEach(({ events, ...rest }, r) => {
    parts.push(r ? ',' : '', JSON.stringify(rest).slice(0, -1), ',"events":[');
    events.forEach((e, i) =>
      parts.push(
        i ? ',' : '',
        // [eventId, type, data, streamVersion, roundId, startHash]; an event id is a uuid (the column's type): nothing in it to escape
        `["${e.eventId}",${quoted(e.type)},${e.dataText},${e.streamVersion},${e.roundId === null ? 'null' : JSON.stringify(e.roundId)},${e.startHash === null ? 'null' : JSON.stringify(e.startHash)}]`,
      ),
    );
    parts.push(']}');
  });
  parts.push(']');
  return parts.join('');
}

/** The requests `requestsJson` wrote. */
export function parseRequests(text: string): SweepRequest[] {
  const requests = JSON.parse(text) as Array<
    Omit<SweepRequest, 'events'> & { events: Array<[string, string, Readonly<Record<string, unknown>>, number, string | null, string | null]> }
  >;
  return requests.map((r) => ({
    ...r,
    events: r.events.map(([eventId, type, data, streamVersion, roundId, startHash]) => ({ eventId, type, data, streamVersion, roundId, startHash })),
  }));
}

/** Event types as JSON strings (a few dozen types, each quoted once). */
const quotedTypes = new Map<string, string>();
const quoted = (type: string) => {
  let q = quotedTypes.get(type);
  if (q === undefined) {
    q = JSON.stringify(type);
    if (quotedTypes.size < 1000) quotedTypes.set(type, q);
  }
  return q;
};

export type SweepResult =
  /** `sent`: the versions the judge now holds for the session (the next window starts after them) */
  | { readonly sessionId: string; readonly miss: false; readonly rows: readonly RoundVerdictRow[]; readonly sent: number }
  /** the window starts after a point this judge does not hold: send the session from its start */
  | { readonly sessionId: string; readonly miss: true };

/** The facts that end a round (its verdict is written then). */
export const END_TYPES: ReadonlySet<string> = new Set(['RoundCompleted', 'RoundVoided']);

const toFact = (e: SweepEvent, position?: number): Fact => ({ eventId: e.eventId, type: e.type, data: e.data, occurredAt: undefined, position });

/** Where a session's rounds start and end (stream versions), from every event the judge was sent. */
interface RoundIndex {
  readonly starts: Map<string, number>;
  readonly ends: Map<string, number>;
}

interface Cached {
  tracker: SessionTracker;
  /** versions folded into the tracker */
  applied: number;
  /** the events sent after `applied` (the round in play, the last one judged), kept so they are sent once */
  tail: SweepEvent[];
  readonly rounds: RoundIndex;
}

/**
 * Judge the targets of one window (pure): `tracker` has swept the stream's first `after` versions and
 * is moved to the start of the last round judged. The same verdicts as judging each round against
 * the whole stream cut at its target's version.
 */
export function sweepWindow(
  tracker: SessionTracker,
  after: number,
  events: readonly SweepEvent[],
  targets: readonly SweepTarget[],
  pools: Readonly<Record<number, Record<string, JackpotPoolView>>>,
): { rows: RoundVerdictRow[]; applied: number } {
  // events[i] has stream version after + 1 + i; `at` turns a version into an index
  const at = (version: number) => version - after - 1;
  const startAt = new Map<string, number>();
  const factsOf = new Map<string, number[]>();
  const starts: number[] = [];
  let closeIndex = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type === 'TableSessionClosed' && closeIndex < 0) closeIndex = i;
    const roundId = e.roundId;
    if (roundId === null) continue;
    if (e.type === 'RoundStarted') {
      starts.push(i);
      if (!startAt.has(roundId)) startAt.set(roundId, i);
    }
    if (!DISPUTE_TYPES.has(e.type)) {
      const list = factsOf.get(roundId);
      if (list) list.push(i);
      else factsOf.set(roundId, [i]);
    }
  }
  /** the first round start after index i (binary search over the starts) */
  const nextStart = (i: number) => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo < starts.length ? starts[lo] : Infinity;
  };
  const ordered = targets
    .filter((t) => startAt.has(t.roundId))
    .map((t) => ({ ...t, first: startAt.get(t.roundId)! }))
    .sort((a, b) => a.first - b.first);
  const rows: RoundVerdictRow[] = [];
  let cursor = 0;
  for (const { roundId, cut, position, first } of ordered) {
    for (; cursor < first; cursor++) tracker.apply(toFact(events[cursor]));
    const cutAt = at(cut); // the round's facts recorded up to the cut (index < cutAt + 1), from its start on
    const roundEvents = factsOf
      .get(roundId)!
      .filter((i) => i >= first && i <= cutAt)
      .map((i) => events[i]);
    const state = tracker.state;
    const ended = roundEvents.find((e) => END_TYPES.has(e.type));
    // every row built by one literal: one shape for all of them
    const row = (verdict: Verdict, discrepancies: Discrepancy[], notes: string[], rulebook: string | null): RoundVerdictRow => ({
      round_id: roundId,
      session_id: String(events[first].data.sessionId),
      casino_id: state.casinoId ?? null,
      table_id: state.tableId ?? null,
      gaming_day: state.gamingDay ?? null,
      game: state.game ?? 'unknown',
      jurisdiction: state.jurisdiction ?? 'unknown',
      verdict,
      discrepancies,
      notes,
      rulebook,
      finished: ended ? (ended.type === 'RoundVoided' ? 'voided' : 'completed') : 'unfinished',
      judged_at_version: cut,
      last_position: position,
      start_version: events[first].streamVersion,
      start_hash: events[first].startHash,
      // written out now: the tracker moves on before the batch's rows are written
      start_state: tracker.judged ? JSON.stringify(tracker.snapshot()) : null,
    });
    if (!tracker.judged) {
      rows.push(row('incomplete', [], [`no rules for ${state.game} in ${state.jurisdiction}: the round is listed, not judged`], null));
      continue;
    }
    // the session's last round: no round starts after it and the session closed, both before the cut
    const lastRoundOfSession = nextStart(first) > cutAt && closeIndex > first && closeIndex <= cutAt;
    const env = tracker.env({ jackpotPools: pools[events[first].streamVersion] ?? {}, lastRoundOfSession });
    // the state before the round is written before judging it (judging never changes the tracker)
    const judgement = judgeRound(
      tracker.game!,
      env,
      roundEvents.map((e, i) => toFact(e, i + 1)),
      { steps: false },
    );
    rows.push(row(judgement.verdict, judgement.discrepancies, judgement.notes, env.rulebook.source));
  }
  return { rows, applied: after + cursor };
}

/** At most this many sessions' trackers are kept (a casino's tables open at once fit many times over). */
export const JUDGE_CACHE = 500;

/**
 * Judges sessions window by window, keeping each session's tracker and round index between batches.
 * Events are immutable, so what is kept stays true whatever happens to the batch's transaction.
 */
export class SessionJudge {
  private readonly sessions = new Map<string, Cached>();

  judge(request: SweepRequest): SweepResult {
    const { sessionId, after } = request;
    let cached = this.sessions.get(sessionId);
    if (after === 0) cached = { tracker: new SessionTracker(sessionId), applied: 0, tail: [], rounds: { starts: new Map(), ends: new Map() } };
    else if (!cached || cached.applied + cached.tail.length !== after) return this.miss(sessionId);
    // the window: what it kept of the last one, then what is new
    const events = cached.tail.length ? [...cached.tail, ...request.events] : request.events;
    const from = cached.applied;
    // the index covers every version up to the window's end (windows follow each other or overlap)
    for (const e of request.events) {
      const roundId = e.roundId;
      if (roundId === null) continue;
      if (e.type === 'RoundStarted' && !cached.rounds.starts.has(roundId)) cached.rounds.starts.set(roundId, e.streamVersion);
      if (END_TYPES.has(e.type) && !cached.rounds.ends.has(roundId)) cached.rounds.ends.set(roundId, e.streamVersion);
    }
    const targets = new Map(request.targets.map((t) => [t.roundId, t]));
    if (request.close) {
      // the last round started before the close, and every round that did not end before it
      const { version, position } = request.close;
      let last: string | undefined;
      let lastStart = 0;
      for (const [roundId, start] of cached.rounds.starts) {
        if (start >= version) continue;
        if (start > lastStart) [last, lastStart] = [roundId, start];
        const end = cached.rounds.ends.get(roundId);
        if (end === undefined || end >= version) targets.set(roundId, { roundId, cut: version, position });
      }
      if (last !== undefined) targets.set(last, { roundId: last, cut: version, position });
    }
    // a round that started before the tracker needs the stream from the session's start
    for (const roundId of targets.keys()) {
      const start = cached.rounds.starts.get(roundId);
      if (start !== undefined && start <= from) return this.miss(sessionId);
    }
    let swept: { rows: RoundVerdictRow[]; applied: number };
    try {
      swept = sweepWindow(cached.tracker, from, events, [...targets.values()], request.pools);
    } catch (error) {
      this.sessions.delete(sessionId); // its tracker stopped somewhere unknown
      throw error;
    }
    const { rows, applied } = swept;
    cached.tail = events.slice(applied - from);
    cached.applied = applied;
    // most recently used last; a closed session's rounds are all judged now (a late fact reads it again)
    this.sessions.delete(sessionId);
    if (!request.close) this.sessions.set(sessionId, cached);
    if (this.sessions.size > JUDGE_CACHE) this.sessions.delete(this.sessions.keys().next().value!);
    return { sessionId, miss: false, rows, sent: from + events.length };
  }

  private miss(sessionId: string): SweepResult {
    this.sessions.delete(sessionId);
    return { sessionId, miss: true };
  }
}

/** A session's outcome as it crosses back from a judge: each row already written as JSON, with its round id. */
export type SweepOutcome =
  | { readonly sessionId: string; readonly miss: false; readonly sent: number; readonly rows: readonly string[]; readonly roundIds: readonly string[] }
  | { readonly sessionId: string; readonly miss: true };

/** A row as JSON, its start_state spliced in as the JSON text it already is (the upsert reads it as jsonb). */
export function rowJson({ start_state, ...row }: RoundVerdictRow): string {
  return `${JSON.stringify(row).slice(0, -1)},"start_state":${start_state ?? 'null'}}`;
}

/** Judge a batch's sessions and write their rows (what a judge thread does with one message). */
export function judgeBatch(judge: SessionJudge, requests: readonly SweepRequest[]): SweepOutcome[] {
  return requests.map((request) => {
    const result = judge.judge(request);
    return result.miss
      ? result
      : { sessionId: result.sessionId, miss: false, sent: result.sent, rows: result.rows.map(rowJson), roundIds: result.rows.map((r) => r.round_id) };
  });
}
