/**
 * Round verdicts: each round judged by the rules library when it ends (RoundCompleted or RoundVoided),
 * exactly as `replayRound` judges it, and stored with its discrepancies so that reports need no replay.
 *
 * A verdict is a function of the session's stream up to a cut (the triggering fact's stream version),
 * so live and rebuilt verdicts agree whatever the batches: a round is judged again when a fact of it
 * arrives after its end, and at the session's close the last round (the rules treat the last spin of a
 * session apart) and every round that never ended are judged with the stream up to the close.
 * Per batch, each session's stream is read once and folded once (a sweep over its rounds), and the
 * jackpot pools before each round are computed from one read of the jackpot facts.
 */
import type { PoolClient } from 'pg';
import type { StoredEvent } from '../../../event-store/src';
import { toStoredEvent } from '../../../event-store/src';
import { applyJackpotFact, SessionTracker } from '../../../replay/src';
import { Discrepancy, Fact, JackpotPoolView, judgeRound, Verdict } from '../../../rules/src';
import { sessionOf } from '../facts';
import type { Projection } from '../projection';
import { upsertJson } from '../upsert';

export interface RoundVerdictRow {
  round_id: string;
  session_id: string;
  casino_id: string | null;
  table_id: string | null;
  gaming_day: string | null;
  game: string;
  jurisdiction: string;
  verdict: Verdict;
  discrepancies: Discrepancy[];
  notes: string[];
  rulebook: string | null;
  finished: 'completed' | 'voided' | 'unfinished';
  judged_at_version: number;
  last_position: number;
  /** the stream version of the round's RoundStarted, and the chain hash before it (its prev_hash) */
  start_version: number | null;
  start_hash: string | null;
  /** the session tracker's snapshot at the round's start (as JSON text), so replay need not fold the session */
  start_state: string | null;
}

const DISPUTE_TYPES = new Set(['RoundDisputed', 'DisputeResolved']);
const END_TYPES = new Set(['RoundCompleted', 'RoundVoided']);
const JACKPOT_TYPES = ['JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset'];

/** Every event type reaches `apply` (game-specific round facts included): it picks what matters. */
const ALL_TYPES: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_version, event_id, event_type, data, metadata,
  occurred_at, recorded_at, content_hash, prev_hash, hash`;

const toFact = (e: StoredEvent, position?: number): Fact => ({ eventId: e.eventId, type: e.type, data: e.data, occurredAt: e.occurredAt ?? undefined, position });

/** A round to judge, with the stream version to cut the session's stream at. */
interface Target {
  roundId: string;
  cut: number;
}

/**
 * Judge rounds of one session's stream (pure; `events` in stream order from version 1). The same
 * verdict as `judgeFromStream(events.slice(0, cut), …)` for each target: one tracker sweeps the stream.
 */
export function judgeRounds(
  events: readonly StoredEvent[],
  targets: readonly Target[],
  pools: (roundStart: StoredEvent) => Record<string, JackpotPoolView>,
  /** a tracker that already applied the stream's first `applied` events (it is cloned, not changed) */
  from?: { tracker: SessionTracker; applied: number },
  /** told where the sweep stopped, to start the next batch's sweep there */
  onTracker?: (tracker: SessionTracker, applied: number) => void,
): Array<Omit<RoundVerdictRow, 'last_position'>> {
  // one pass over the stream: where each round starts, its facts, the next round start and the close
  // after each position (so each target is judged without scanning the stream again)
  const startIndex = new Map<string, number>();
  const factsOf = new Map<string, number[]>();
  const starts: number[] = [];
  let closeIndex = -1;
  events.forEach((e, i) => {
    if (!e) return; // a sparse stream: the part a cached tracker already swept was not read
    const roundId = typeof e.data.roundId === 'string' ? e.data.roundId : undefined;
    if (e.type === 'RoundStarted') {
      starts.push(i);
      if (roundId !== undefined && !startIndex.has(roundId)) startIndex.set(roundId, i);
    }
    if (e.type === 'TableSessionClosed' && closeIndex < 0) closeIndex = i;
    if (roundId !== undefined && !DISPUTE_TYPES.has(e.type)) {
      const list = factsOf.get(roundId) ?? [];
      factsOf.set(roundId, list);
      list.push(i);
    }
  });
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
    .filter((t) => startIndex.has(t.roundId))
    .map((t) => ({ ...t, first: startIndex.get(t.roundId)! }))
    .sort((a, b) => a.first - b.first);
  if (!ordered.length) return [];
  const reuse = from && from.applied <= ordered[0].first && from.applied <= events.length;
  const tracker = reuse ? from.tracker.clone() : new SessionTracker(String(events[ordered[0].first].data.sessionId));
  let cursor = reuse ? from.applied : 0;
  const out: Array<Omit<RoundVerdictRow, 'last_position'>> = [];
  for (const { roundId, cut, first } of ordered) {
    for (; cursor < first; cursor++) tracker.apply(toFact(events[cursor]));
    // the round's facts recorded up to the cut (stream index < cut), from its start on
    const roundEvents = factsOf.get(roundId)!.filter((i) => i >= first && i < cut).map((i) => events[i]);
    const state = tracker.state;
    const ended = roundEvents.find((e) => END_TYPES.has(e.type));
    const common = {
      round_id: roundId,
      session_id: String(events[first].data.sessionId),
      casino_id: state.casinoId ?? null,
      table_id: state.tableId ?? null,
      gaming_day: state.gamingDay ?? null,
      game: state.game ?? 'unknown',
      jurisdiction: state.jurisdiction ?? 'unknown',
      finished: (ended ? (ended.type === 'RoundVoided' ? 'voided' : 'completed') : 'unfinished') as RoundVerdictRow['finished'],
      judged_at_version: cut,
      start_version: events[first].streamVersion,
      start_hash: events[first].prevHash,
      // written out now: the tracker moves on before the batch's rows are written
      start_state: tracker.judged ? JSON.stringify(tracker.snapshot()) : null,
    };
    if (!tracker.judged) {
      out.push({ ...common, verdict: 'incomplete', discrepancies: [], notes: [`no rules for ${state.game} in ${state.jurisdiction}: the round is listed, not judged`], rulebook: null });
      continue;
    }
    // the session's last round: no round starts after it and the session closed, both before the cut
    const lastRoundOfSession = nextStart(first) >= cut && closeIndex > first && closeIndex < cut;
    const env = tracker.env({ jackpotPools: pools(events[first]), lastRoundOfSession });
    const judgement = judgeRound(tracker.game!, env, roundEvents.map((e, i) => toFact(e, i + 1)), { steps: false });
    out.push({ ...common, verdict: judgement.verdict, discrepancies: judgement.discrepancies, notes: judgement.notes, rulebook: env.rulebook.source });
  }
  onTracker?.(tracker, cursor);
  return out;
}

/** Pool views before given positions, from the jackpot facts in feed order (as `jackpotPoolsBefore`), in one sweep. */
export function poolsBefore(
  facts: ReadonlyArray<{ position: bigint; type: string; data: Record<string, any> }>,
  positions: Iterable<bigint>,
): Map<bigint, Record<string, JackpotPoolView>> {
  const wanted = [...new Set(positions)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const out = new Map<bigint, Record<string, JackpotPoolView>>();
  const pools: Record<string, JackpotPoolView> = {};
  let i = 0;
  for (const position of wanted) {
    for (; i < facts.length && facts[i].position < position; i++) applyJackpotFact(pools, facts[i].type, facts[i].data);
    out.set(position, { ...pools });
  }
  return out;
}

export const ROUND_VERDICTS = 'round_verdicts';
const TRACKER_CACHE = 500;

const COLUMNS = [
  'round_id', 'session_id', 'casino_id', 'table_id', 'gaming_day', 'game', 'jurisdiction', 'verdict', 'discrepancies', 'notes', 'rulebook', 'finished',
  'judged_at_version', 'last_position', 'start_version', 'start_hash', 'start_state',
];

export class RoundVerdictProjection implements Projection {
  readonly name = 'round-verdicts';
  readonly tables = [ROUND_VERDICTS];
  readonly handles = ALL_TYPES;
  /**
   * Where each session's sweep stopped: the tracker after the stream's first `applied` events. Events
   * are immutable, so it stays true whatever happens to the batch's transaction; it only saves folding
   * a session's stream from the start at every batch (live, batches are small).
   */
  private readonly trackers = new Map<string, { tracker: SessionTracker; applied: number; tail: StoredEvent[] }>();

  async apply(db: PoolClient, events: readonly StoredEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables[ROUND_VERDICTS];
    // the batch itself holds most of what is needed (the feed gives a stream's events in version order):
    // only a session whose range the batch does not cover whole is read from the store
    const inBatch = new Map<string, Map<number, StoredEvent>>();
    // with, before them, the events a cached tracker has not swept yet (the last rounds it judged, a round in play)
    for (const e of events) {
      if (!e.streamId.startsWith('session-')) continue;
      const id = e.streamId.slice('session-'.length);
      let m = inBatch.get(id);
      if (!m) {
        m = new Map<number, StoredEvent>();
        inBatch.set(id, m);
        for (const t of this.trackers.get(id)?.tail ?? []) m.set(t.streamVersion, t);
      }
      m.set(e.streamVersion, e);
    }
    /** a cached tracker keeps the events of its session after its sweep */
    const keepTail = (id: string) => {
      const cached = this.trackers.get(id);
      const m = inBatch.get(id);
      if (cached && m) cached.tail = [...m.values()].filter((e) => e.streamVersion > cached.applied).sort((a, b) => a.streamVersion - b.streamVersion);
    };
    // even when this batch judges nothing of its session
    for (const id of inBatch.keys()) keepTail(id);
    const relevant = events.filter((e) => e.streamId.startsWith('session-') && !DISPUTE_TYPES.has(e.type) && (typeof e.data.roundId === 'string' || e.type === 'TableSessionClosed'));
    if (!relevant.length) return;
    // rounds that already have a verdict: a fact arriving after their end judges them again
    const roundIds = [...new Set(relevant.map((e) => e.data.roundId).filter((r): r is string => typeof r === 'string'))];
    const judged = new Set<string>(
      roundIds.length ? (await db.query(`SELECT round_id FROM ${table} WHERE round_id = ANY ($1::text[])`, [roundIds])).rows.map((r) => r.round_id) : [],
    );
    const targets = new Map<string, Map<string, Target & { position: number }>>(); // session → round → target
    const closes = new Map<string, StoredEvent>();
    const add = (sessionId: string, roundId: string, cut: number, position: number) => {
      const m = targets.get(sessionId) ?? new Map();
      targets.set(sessionId, m);
      m.set(roundId, { roundId, cut, position });
    };
    for (const e of relevant) {
      const sessionId = sessionOf(e)!;
      if (e.type === 'TableSessionClosed') {
        closes.set(sessionId, e);
        continue;
      }
      const roundId = String(e.data.roundId);
      if (END_TYPES.has(e.type)) {
        judged.add(roundId);
        add(sessionId, roundId, e.streamVersion, Number(e.globalPosition));
      } else if (judged.has(roundId)) add(sessionId, roundId, e.streamVersion, Number(e.globalPosition));
    }
    const sessionIds = [...new Set([...targets.keys(), ...closes.keys()])];
    if (!sessionIds.length) return;
    const maxCut = new Map<string, number>();
    for (const [s, m] of targets) maxCut.set(s, Math.max(...[...m.values()].map((t) => t.cut)));
    for (const [s, e] of closes) maxCut.set(s, Math.max(maxCut.get(s) ?? 0, e.streamVersion));
    // each session's stream up to its cut, indexed by version − 1; where a tracker already swept the
    // start of the stream only the rest is read (a sparse array: the sweep never looks behind it), so a
    // batch reads what is new, not the whole session again
    const streams = new Map<string, StoredEvent[]>();
    const readStreams = async (ids: string[], fromOf: (s: string) => number) => {
      const toRead: string[] = [];
      for (const id of ids) {
        const cut = maxCut.get(id)!;
        const stream = new Array<StoredEvent>(cut);
        streams.set(id, stream);
        const have = inBatch.get(id);
        let covered = true;
        for (let v = fromOf(id) + 1; v <= cut; v++) {
          const e = have?.get(v);
          if (!e) {
            covered = false;
            break;
          }
          stream[v - 1] = e;
        }
        if (!covered) toRead.push(id);
      }
      if (!toRead.length) return;
      const read = await db.query(
        `SELECT ${EVENT_COLUMNS} FROM ca_events e JOIN unnest($1::text[], $2::int[], $3::int[]) AS c(stream_id, after, cut) USING (stream_id)
         WHERE e.stream_version > c.after AND e.stream_version <= c.cut ORDER BY e.stream_id, e.stream_version`,
        [toRead.map((s) => `session-${s}`), toRead.map(fromOf), toRead.map((s) => maxCut.get(s)!)],
      );
      for (const row of read.rows) {
        const ev = toStoredEvent(row);
        streams.get(ev.streamId.slice('session-'.length))![ev.streamVersion - 1] = ev;
      }
    };
    const swept = (s: string) => Math.min(this.trackers.get(s)?.applied ?? 0, maxCut.get(s)!);
    await readStreams(sessionIds, swept);
    // a round that started before the sweep (judged again after a late fact, or at the close) needs the whole prefix
    const whole = sessionIds.filter((s) => {
      if (!swept(s)) return false;
      const stream = streams.get(s)!;
      const seen = new Set<string>();
      stream.forEach((e) => e.type === 'RoundStarted' && seen.add(String(e.data.roundId)));
      return [...(targets.get(s)?.keys() ?? [])].some((roundId) => !seen.has(roundId)) || closes.has(s);
    });
    await readStreams(whole, () => 0);
    // at a close: the last round, and every round that never ended, judged with the stream up to the close
    for (const [sessionId, close] of closes) {
      const stream = (streams.get(sessionId) ?? []).slice(0, close.streamVersion);
      const started = stream.filter((e) => e.type === 'RoundStarted').map((e) => String(e.data.roundId));
      const ended = new Set(stream.filter((e) => END_TYPES.has(e.type)).map((e) => String(e.data.roundId)));
      const last = started[started.length - 1];
      for (const roundId of started) {
        if (roundId === last || !ended.has(roundId)) add(sessionId, roundId, close.streamVersion, Number(close.globalPosition));
      }
    }
    // the jackpot facts before the latest round start of the batch, read once, swept once
    const starts: bigint[] = [];
    for (const [sessionId, m] of targets) {
      for (const e of streams.get(sessionId) ?? []) if (e?.type === 'RoundStarted' && m.has(String(e.data.roundId))) starts.push(e.globalPosition);
    }
    const maxStart = starts.reduce((a, b) => (b > a ? b : a), 0n);
    const jackpotFacts = maxStart > 0n
      ? (await db.query(`SELECT global_position, event_type, data FROM ca_events WHERE event_type = ANY ($1::text[]) AND global_position < $2 ORDER BY global_position`, [JACKPOT_TYPES, maxStart.toString()])).rows
      : [];
    const pools = poolsBefore(jackpotFacts.map((r) => ({ position: BigInt(r.global_position), type: r.event_type, data: r.data })), starts);
    const rows: RoundVerdictRow[] = [];
    for (const [sessionId, m] of targets) {
      const stream = streams.get(sessionId) ?? [];
      const verdicts = judgeRounds(stream, [...m.values()], (start) => pools.get(start.globalPosition) ?? {}, this.trackers.get(sessionId), (tracker, applied) => {
        this.trackers.delete(sessionId);
        this.trackers.set(sessionId, { tracker: tracker.clone(), applied, tail: [] });
        if (this.trackers.size > TRACKER_CACHE) this.trackers.delete(this.trackers.keys().next().value!);
      });
      for (const v of verdicts) rows.push({ ...v, last_position: m.get(v.round_id)!.position });
    }
    // the trackers this batch moved keep the events after their new sweep
    for (const id of targets.keys()) keepTail(id);
    // a closed session's rounds are all judged now; a late fact reads its stream again
    for (const id of closes.keys()) this.trackers.delete(id);
    // rows as one JSON array, each row's start_state spliced in as the JSON it already is
    const json = rows.map(({ start_state, ...row }) => `${JSON.stringify(row).slice(0, -1)},"start_state":${start_state ?? 'null'}}`);
    if (json.length) await upsertJson(db, table, ['round_id'], COLUMNS, `[${json.join(',')}]`);
  }
}
