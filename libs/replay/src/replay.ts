/**
 * Replay one round: rebuild the table's situation when the round began (limits, shoe, carried game
 * state, jackpot pools), fold the round's facts through its game's rules, and return the verdict of
 * contract §6 with every step and a narrative an inspector can read.
 */
import type { StoredEvent } from '../../event-store/src';
import { EVENT_COLUMNS, hashText, PostgresEventStore, toStoredEvent } from '../../event-store/src';
import { dataOf, Discrepancy, Fact, gameRules, JackpotPoolView, judgeRound, ReplayStep, Verdict } from '../../rules/src';
import { said, type Phrase } from '../../rules/src/core/phrase';
import { SessionTracker, TrackerSnapshot } from './session-tracker';
import { DomainError } from '../../platform/src/domain-error';
import { because, keyed, type ReasonKey } from '../../i18n/src/reasons';
import { jackpotPoolsBefore } from './jackpot-pools';
import { archivedHeadsOf, archivedMonths } from '../../event-store/src/postgres/month-drop';

export interface RoundReplay {
  readonly roundId: string;
  readonly sessionId: string;
  readonly tableId?: string;
  readonly casinoId?: string;
  readonly gamingDay?: string;
  readonly game: string;
  readonly jurisdiction: string;
  readonly verdict: Verdict;
  readonly discrepancies: Discrepancy[];
  readonly steps: ReplayStep[];
  readonly notes: string[];
  /** the notes and warnings as phrases of the `narrative` catalogue, one for each in the same order (issue 16) */
  readonly notePhrases: Phrase[];
  readonly warnings: string[];
  readonly warningPhrases: Phrase[];
  readonly disputes: Array<{ eventId: string; type: string; occurredAt: string | null; data: Record<string, unknown> }>;
  readonly corrections: Array<{ eventId: string; correctsEventId: string; reason: string; approvedBy: readonly string[] }>;
  /** the rulebook this round was judged by (its source section in the regulation) */
  readonly rulebook: string | null;
  /**
   * Where the table's situation at the round's start came from: the session's earlier facts folded
   * now (`stream`), or the state the verdict projection folded from them and stored with the round
   * (`snapshot`), used only when the round's first fact still chains to the same history (its
   * prev_hash is the one the snapshot was folded up to). `replayRound(…, { snapshot: false })`,
   * `casino-audit replay --full` and `?full=true` always fold the stream.
   */
  readonly start: { source: 'stream'; factsFolded: number } | { source: 'snapshot'; atVersion: number };
}

export interface ReplayOptions {
  /** use the round's stored starting state when it is still valid (default true) */
  readonly snapshot?: boolean;
}

/** No round of that id on record: `roundId` named, its reason keyed to be worded in the reader's language. */
export class RoundNotFoundError extends DomainError {
  constructor(readonly roundId: string) {
    super('not-found', { field: 'roundId', ...keyed(because('noRound', { roundId })) });
  }
}

/**
 * A round whose facts, or whose session's facts before it, are out of the store (`archive --drop`): replay would judge
 * it on part of its history, so it is refused, naming the months and their files. `not-found` for a round whose own
 * facts left (it is not in the store), `unavailable` for one whose session's earlier facts left.
 */
export class RoundArchivedError extends DomainError {
  constructor(
    readonly roundId: string,
    readonly because: ReasonKey,
    code: 'not-found' | 'unavailable',
  ) {
    super(code, { field: 'roundId', ...keyed(because) });
  }
}

/** The version of `streamId`'s last fact out of the store and the months out (with their files); null when none of its facts left. */
async function archivedPartOf(store: PostgresEventStore, streamId: string): Promise<{ version: number; months: string } | null> {
  const version = (await archivedHeadsOf(store.pool, [streamId])).get(streamId);
  if (version === undefined) return null;
  return { version, months: (await archivedMonths(store.pool)).map((m) => `${m.month} (${m.file})`).join(', ') };
}

/** A round's disputes and their resolutions: shown with the round, never judged as its facts. */
export const DISPUTE_TYPES: ReadonlySet<string> = new Set(['RoundDisputed', 'DisputeResolved']);

export async function replayRound(store: PostgresEventStore, roundId: string, options: ReplayOptions = {}): Promise<RoundReplay> {
  // the round's own facts and, unless --full, the stored starting state: one statement, one round trip
  const own = await readRoundFacts(store, roundId, options.snapshot !== false);
  if (!own) {
    // a round the verdicts know, whose session's facts left the store: said so, not "no round"
    // (no round_verdicts table: a store without the read models' migrations, whose rounds no verdict knows)
    const known = await store.pool.query('SELECT session_id FROM round_verdicts WHERE round_id = $1', [roundId]).catch((error: { code?: string }) => {
      if (error.code === '42P01') return { rows: [] as { session_id: string }[] };
      throw error;
    });
    const gone = known.rows[0] ? await archivedPartOf(store, `session-${known.rows[0].session_id}`) : null;
    if (gone) throw new RoundArchivedError(roundId, because('replay.roundArchived', { roundId, months: gone.months }), 'not-found');
    throw new RoundNotFoundError(roundId);
  }
  const { streamId, round, corrections, lastRoundOfSession, stored } = own;
  // the stored state counts only if it was folded from the history the round's first fact chains to now
  const start = stored && stored.version === round[0].streamVersion && stored.hash === round[0].prevHash ? SessionTracker.restore(stored.state) : undefined;
  if (!start) {
    // folding the session from its opening needs every fact before the round: refused when some left the store
    const gone = await archivedPartOf(store, streamId);
    if (gone) throw new RoundArchivedError(roundId, because('replay.sessionArchived', { roundId, version: gone.version, months: gone.months }), 'unavailable');
  }
  // a correction always follows the fact it corrects: those before the round are in the stored state's history
  const before = start ? [] : await readBefore(store, streamId, round[0].streamVersion);
  const events = [...before, ...round, ...corrections];
  const first = before.length;
  const rules = start ? start.game : gameRules(String(events[0]?.data.game ?? ''));
  // only a game with a jackpot hand, or a round with jackpot facts, needs the pools
  const needsPools = !!rules?.jackpotHand || round.some((e) => e.type.startsWith('Jackpot'));
  // of the session's casino only: a pool serves its own casino's tables (`poolsPlayed`)
  const opening = start ? undefined : before.find((e) => e.type === 'TableSessionOpened')?.data.casinoId;
  const casinoId = start ? start.state.casinoId : typeof opening === 'string' ? opening : undefined;
  const pools = needsPools ? await jackpotPoolsBefore(store, events[first], casinoId) : {};
  return judgeFromStream(events, first, roundId, pools, { lastRoundOfSession }, start);
}

/** Session-level facts that shape every later round (limits, shoe, suspension, the close, corrections). */
export const CONTEXT_TYPES = [
  'TableSessionOpened',
  'TableLimitsChanged',
  'TableSessionSuspended',
  'TableSessionResumed',
  'ShoeStarted',
  'TableSessionClosed',
  'CorrectionRecorded',
];

const E_COLUMNS = EVENT_COLUMNS.split(',')
  .map((c) => `e.${c.trim()}`)
  .join(', ');

// Every part finds the session's rows by the stream's number (store migration 10), not its id: by its id the rows
// come through a join on ca_stream_ids, and the version range is then a filter on the whole stream, not an index
// bound (the round's ~40 facts were found among all ~7,000 of its table's day: 2.7 ms of execution, 0.4 by number).
const ROUND_FACTS = (withStart: boolean) => `
  WITH s AS (SELECT stream_number FROM ca_events WHERE data->>'roundId' = $1 AND event_type = 'RoundStarted' ORDER BY global_position LIMIT 1),
       b AS (SELECT e.stream_number, min(e.stream_version) AS f, max(e.stream_version) AS l FROM s
              JOIN ca_events e ON e.stream_number = s.stream_number AND e.data->>'roundId' = $1 GROUP BY e.stream_number)
  SELECT 0 AS part, ${E_COLUMNS} FROM b JOIN ca_events e ON e.stream_number = b.stream_number AND e.stream_version BETWEEN b.f AND b.l
  UNION ALL
  SELECT 1, ${E_COLUMNS} FROM b JOIN ca_events e ON e.stream_number = b.stream_number AND e.stream_version > b.l AND e.event_type = ANY ($2::text[])
  UNION ALL
  -- the next round's start: walked to in stream order (LATERAL keeps the index order and stops at the first)
  SELECT 2, ${E_COLUMNS} FROM b CROSS JOIN LATERAL (
    SELECT * FROM ca_events n WHERE n.stream_number = b.stream_number
                                AND n.stream_version > b.l AND n.event_type = 'RoundStarted' ORDER BY n.stream_version LIMIT 1) e
  ${
    withStart
      ? `UNION ALL
  -- the starting state stored with the round's verdict, in the same round trip: version, state and hash
  -- travel in the stream_version, data and hash columns of a row of its own
  SELECT 3, NULL, NULL, NULL, start_version, NULL, NULL, start_state::json, NULL, NULL, NULL, NULL, NULL, start_hash
    FROM round_verdicts WHERE round_id = $1 AND start_state IS NOT NULL`
      : ''
  }
  ORDER BY part, stream_version`;

/**
 * The round's range of its session's stream (from its first fact to its last, whatever lies between),
 * after it the corrections, the close and the next round's start, and the round's stored starting
 * state when asked — in one statement, by index. Without the read models (a bare store), the stored
 * state is simply not there.
 */
async function readRoundFacts(store: PostgresEventStore, roundId: string, withStart: boolean) {
  const values = [roundId, ['TableSessionClosed', 'CorrectionRecorded']];
  const rows = await store.pool
    .query({ name: withStart ? 'ca_round_facts_start' : 'ca_round_facts', text: ROUND_FACTS(withStart), values })
    .catch((error) => {
      if (withStart && (error?.code === '42P01' || error?.code === '42703'))
        return store.pool.query({ name: 'ca_round_facts', text: ROUND_FACTS(false), values });
      throw error;
    })
    .then((r) => r.rows);
  const round = rows.filter((x) => x.part === 0).map(toStoredEvent);
  if (!round.length) return undefined;
  const later = rows.filter((x) => x.part === 1 || x.part === 2).map(toStoredEvent);
  const start = rows.find((x) => x.part === 3);
  return {
    streamId: round[0].streamId,
    round,
    corrections: later.filter((e) => e.type === 'CorrectionRecorded'),
    lastRoundOfSession: !later.some((e) => e.type === 'RoundStarted') && later.some((e) => e.type === 'TableSessionClosed'),
    stored: start ? { version: Number(start.stream_version), hash: hashText(start.hash), state: start.data as TrackerSnapshot } : undefined,
  };
}

/**
 * What precedes the round when no stored state serves: the session's context facts and the cards dealt
 * from the shoe in play, or, for a game that carries state between rounds, every earlier fact.
 */
async function readBefore(store: PostgresEventStore, streamId: string, firstVersion: number): Promise<StoredEvent[]> {
  const opening = await store.readStream(streamId, 1, 1);
  const rules = gameRules(String(opening[0]?.data.game ?? ''));
  if (!rules || rules.carry) return store.readStream(streamId, 1, firstVersion - 1);
  const r = await store.pool.query({
    name: 'ca_round_context',
    text: `WITH shoe AS (SELECT coalesce(max(stream_version), 0) AS v FROM ca_events
                          WHERE stream_id = $1 AND event_type = 'ShoeStarted' AND stream_version < $2)
           SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND event_type = ANY ($3::text[]) AND stream_version < $2
           UNION ALL
           SELECT ${EVENT_COLUMNS} FROM ca_events, shoe
            WHERE stream_id = $1 AND stream_version > shoe.v AND stream_version < $2 AND event_type IN ('CardDealt', 'RoundStarted')
           ORDER BY stream_version`,
    values: [streamId, firstVersion, CONTEXT_TYPES],
  });
  return r.rows.map(toStoredEvent);
}

/** Pure part of the replay, given the session's stream and where the round starts in it. */
export function judgeFromStream(
  events: readonly StoredEvent[],
  first: number,
  roundId: string,
  pools: Record<string, JackpotPoolView> = {},
  known: { lastRoundOfSession?: boolean } = {},
  /** the tracker at the round's start when it is known (a stored snapshot): the events before `first` are then not folded */
  start?: SessionTracker,
): RoundReplay {
  const sessionId = String(events[first].data.sessionId);
  const tracker = start ?? new SessionTracker(sessionId);
  if (!start) for (const e of events.slice(0, first)) tracker.apply(toFact(e));
  const state = tracker.state;
  const roundEvents = events.slice(first).filter((e) => e.data.roundId === roundId && !DISPUTE_TYPES.has(e.type));
  const disputes = events.filter((e) => e.data.roundId === roundId && DISPUTE_TYPES.has(e.type));
  const roundEventIds = new Set(roundEvents.map((e) => e.eventId));
  const corrections = events.filter((e) => e.type === 'CorrectionRecorded' && roundEventIds.has(String(e.data.correctsEventId).toLowerCase()));
  const base = {
    roundId,
    sessionId,
    tableId: state.tableId,
    casinoId: state.casinoId,
    gamingDay: state.gamingDay,
    game: state.game ?? 'unknown',
    jurisdiction: state.jurisdiction ?? 'unknown',
    disputes: disputes.map((e) => ({ eventId: e.eventId, type: e.type, occurredAt: e.occurredAt, data: e.data })),
    corrections: corrections.flatMap((e) => {
      const d = dataOf(e, 'CorrectionRecorded');
      return d ? [{ eventId: e.eventId, correctsEventId: d.correctsEventId, reason: d.reason, approvedBy: d.approvedBy }] : [];
    }),
    start: start ? { source: 'snapshot' as const, atVersion: events[first].streamVersion - 1 } : { source: 'stream' as const, factsFolded: first },
  };
  if (!tracker.judged) {
    const unjudged = said(`no rules for ${state.game} in ${state.jurisdiction}: the round is listed, not judged`, 'judge.note.noRules', {
      game: String(state.game),
      jurisdiction: String(state.jurisdiction),
    });
    return {
      ...base,
      verdict: 'incomplete',
      discrepancies: [],
      steps: roundEvents.map((e, i) => ({
        position: i + 1,
        eventId: e.eventId,
        type: e.type,
        occurredAt: e.occurredAt ?? undefined,
        narrative: e.type,
        state: null,
        discrepancies: [],
      })),
      notes: [unjudged.text],
      notePhrases: [unjudged.phrase],
      warnings: [],
      warningPhrases: [],
      rulebook: null,
    };
  }
  const later = events.slice(first + 1);
  const lastRoundOfSession = known.lastRoundOfSession ?? (!later.some((e) => e.type === 'RoundStarted') && later.some((e) => e.type === 'TableSessionClosed'));
  const env = tracker.env({ jackpotPools: pools, lastRoundOfSession });
  const judgement = judgeRound(
    tracker.game!,
    env,
    roundEvents.map((e, i) => toFact(e, i + 1)),
  );
  return {
    ...base,
    verdict: judgement.verdict,
    discrepancies: judgement.discrepancies,
    steps: judgement.steps,
    notes: judgement.notes,
    notePhrases: judgement.notePhrases,
    warnings: judgement.warnings,
    warningPhrases: judgement.warningPhrases,
    rulebook: env.rulebook.source,
  };
}

const toFact = (e: StoredEvent, position?: number): Fact => ({
  eventId: e.eventId,
  type: e.type,
  data: e.data,
  occurredAt: e.occurredAt ?? undefined,
  position,
});

/**
 * Judge every round of a session in one pass over its stream (reports, the demo's detection record):
 * the same verdicts as `replayRound`, without re-reading the stream per round, given the pools before each round
 * (`sessionJackpotPools`). Without them the judge knows no pool: a contribution or win it cannot place is not judged
 * as one to a pool the table does not play.
 */
export function judgeSession(
  events: readonly StoredEvent[],
  pools: (roundStart: StoredEvent) => Record<string, JackpotPoolView> | undefined = () => undefined,
): RoundReplay[] {
  const out: RoundReplay[] = [];
  const starts = events.map((e, i) => (e.type === 'RoundStarted' ? i : -1)).filter((i) => i >= 0);
  if (!starts.length) return out;
  const sessionId = String(events[0].data.sessionId);
  const tracker = new SessionTracker(sessionId);
  let cursor = 0;
  const lastStart = starts[starts.length - 1];
  const closed = events.some((e) => e.type === 'TableSessionClosed');
  // each round's facts, collected in one pass (rounds of a session interleave only at their edges)
  const factsOf = new Map<string, StoredEvent[]>();
  for (const e of events) {
    if (e.data.roundId === undefined || DISPUTE_TYPES.has(e.type)) continue;
    const list = factsOf.get(String(e.data.roundId)) ?? [];
    factsOf.set(String(e.data.roundId), list);
    list.push(e);
  }
  for (const first of starts) {
    for (; cursor < first; cursor++) tracker.apply(toFact(events[cursor]));
    const roundId = String(events[first].data.roundId);
    const roundEvents = (factsOf.get(roundId) ?? []).filter((e) => e.streamVersion >= events[first].streamVersion);
    const state = tracker.state;
    if (!tracker.judged) continue;
    const env = tracker.env({ jackpotPools: pools(events[first]), lastRoundOfSession: first === lastStart && closed });
    const judgement = judgeRound(
      tracker.game!,
      env,
      roundEvents.map((e, i) => toFact(e, i + 1)),
    );
    out.push({
      roundId,
      sessionId,
      tableId: state.tableId,
      casinoId: state.casinoId,
      gamingDay: state.gamingDay,
      game: state.game!,
      jurisdiction: state.jurisdiction!,
      verdict: judgement.verdict,
      discrepancies: judgement.discrepancies,
      steps: judgement.steps,
      notes: judgement.notes,
      notePhrases: judgement.notePhrases,
      warnings: judgement.warnings,
      warningPhrases: judgement.warningPhrases,
      disputes: [],
      corrections: [],
      rulebook: env.rulebook.source,
      start: { source: 'stream', factsFolded: first },
    });
  }
  return out;
}
