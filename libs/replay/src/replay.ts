/**
 * Replay one round: rebuild the table's situation when the round began (limits, shoe, carried game
 * state, jackpot pools), fold the round's facts through its game's rules, and return the verdict of
 * contract §6 with every step and a narrative an inspector can read.
 */
import type { StoredEvent } from '../../event-store/src';
import { EVENT_COLUMNS, PostgresEventStore, toStoredEvent } from '../../event-store/src';
import { Discrepancy, Fact, gameRules, JackpotPoolView, judgeRound, ReplayStep, Verdict } from '../../rules/src';
import { SessionTracker } from './session-tracker';

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
  readonly warnings: string[];
  readonly disputes: Array<{ eventId: string; type: string; occurredAt: string | null; data: Record<string, unknown> }>;
  readonly corrections: Array<{ eventId: string; correctsEventId: string; reason: string; approvedBy: string[] }>;
  /** the rulebook this round was judged by (its source section in the regulation) */
  readonly rulebook: string | null;
}

export class RoundNotFoundError extends Error {
  constructor(readonly roundId: string) {
    super(`no round "${roundId}"`);
  }
}

const DISPUTE_TYPES = new Set(['RoundDisputed', 'DisputeResolved']);

export async function replayRound(store: PostgresEventStore, roundId: string): Promise<RoundReplay> {
  const streamId = await store.streamOfRound(roundId);
  if (!streamId) throw new RoundNotFoundError(roundId);
  const { events, first, lastRoundOfSession } = await readRoundContext(store, streamId, roundId);
  const rules = gameRules(String(events[0]?.data.game ?? ''));
  // only a game with a jackpot hand, or a round with jackpot facts, needs the pools
  const needsPools = !!rules?.jackpotHand || events.slice(first).some((e) => e.type.startsWith('Jackpot'));
  return judgeFromStream(events, first, roundId, needsPools ? await jackpotPoolsBefore(store, events[first]) : {}, { lastRoundOfSession });
}

/** Session-level facts that shape every later round (limits, shoe, suspension, the close, corrections). */
export const CONTEXT_TYPES = ['TableSessionOpened', 'TableLimitsChanged', 'TableSessionSuspended', 'TableSessionResumed', 'ShoeStarted', 'TableSessionClosed', 'CorrectionRecorded'];

/**
 * What replaying a round needs from its session's stream, read by index rather than whole: the round's
 * own range; before it, the session's context facts and the cards dealt from the shoe in play (or, for a
 * game that carries state between rounds, every earlier fact); after it, corrections and whether it was
 * the session's last round.
 */
async function readRoundContext(store: PostgresEventStore, streamId: string, roundId: string) {
  const db = store.pool;
  const bounds = (
    await db.query({
      name: 'ca_round_bounds',
      text: `SELECT min(stream_version) AS first, max(stream_version) AS last FROM ca_events WHERE data->>'roundId' = $2 AND stream_id = $1`,
      values: [streamId, roundId],
    })
  ).rows[0];
  const firstVersion = Number(bounds.first);
  const lastVersion = Number(bounds.last);
  const opening = await store.readStream(streamId, 1, 1);
  const rules = gameRules(String(opening[0]?.data.game ?? ''));
  let before: StoredEvent[];
  if (!rules || rules.carry) {
    before = await store.readStream(streamId, 1, firstVersion - 1);
  } else {
    const r = await db.query({
      name: 'ca_round_context',
      text: `WITH shoe AS (SELECT coalesce(max(stream_version), 0) AS v FROM ca_events
                            WHERE stream_id = $1 AND event_type = 'ShoeStarted' AND stream_version < $2)
             SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND event_type = ANY ($3::text[]) AND stream_version < $2
             UNION ALL
             SELECT ${EVENT_COLUMNS} FROM ca_events, shoe
              WHERE stream_id = $1 AND stream_version > shoe.v AND stream_version < $2 AND event_type = 'CardDealt'
             ORDER BY stream_version`,
      values: [streamId, firstVersion, CONTEXT_TYPES],
    });
    before = r.rows.map(toStoredEvent);
  }
  const round = await store.readStream(streamId, firstVersion, lastVersion);
  const after = await db.query({
    name: 'ca_round_after',
    text: `SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND event_type = ANY ($3::text[]) AND stream_version > $2
           UNION ALL
           (SELECT ${EVENT_COLUMNS} FROM ca_events WHERE stream_id = $1 AND stream_version > $2 AND event_type = 'RoundStarted'
             ORDER BY stream_version LIMIT 1)
           ORDER BY stream_version`,
    values: [streamId, lastVersion, ['TableSessionClosed', 'CorrectionRecorded']],
  });
  const later = after.rows.map(toStoredEvent);
  return {
    events: [...before, ...round, ...later.filter((e) => e.type === 'CorrectionRecorded')],
    first: before.length,
    lastRoundOfSession: !later.some((e) => e.type === 'RoundStarted') && later.some((e) => e.type === 'TableSessionClosed'),
  };
}

/** Pure part of the replay, given the session's stream and where the round starts in it. */
export function judgeFromStream(
  events: readonly StoredEvent[],
  first: number,
  roundId: string,
  pools: Record<string, JackpotPoolView> = {},
  known: { lastRoundOfSession?: boolean } = {},
): RoundReplay {
  const sessionId = String(events[first].data.sessionId);
  const tracker = new SessionTracker(sessionId);
  for (const e of events.slice(0, first)) tracker.apply(toFact(e));
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
    corrections: corrections.map((e) => ({ eventId: e.eventId, correctsEventId: e.data.correctsEventId, reason: e.data.reason, approvedBy: e.data.approvedBy })),
  };
  if (!tracker.judged) {
    return {
      ...base,
      verdict: 'incomplete',
      discrepancies: [],
      steps: roundEvents.map((e, i) => ({ position: i + 1, eventId: e.eventId, type: e.type, occurredAt: e.occurredAt ?? undefined, narrative: e.type, state: null, discrepancies: [] })),
      notes: [`no rules for ${state.game} in ${state.jurisdiction}: the round is listed, not judged`],
      warnings: [],
      rulebook: null,
    };
  }
  const later = events.slice(first + 1);
  const lastRoundOfSession = known.lastRoundOfSession ?? (!later.some((e) => e.type === 'RoundStarted') && later.some((e) => e.type === 'TableSessionClosed'));
  const env = tracker.env({ jackpotPools: pools, lastRoundOfSession });
  const judgement = judgeRound(tracker.game!, env, roundEvents.map((e, i) => toFact(e, i + 1)));
  return {
    ...base,
    verdict: judgement.verdict,
    discrepancies: judgement.discrepancies,
    steps: judgement.steps,
    notes: judgement.notes,
    warnings: judgement.warnings,
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

/** Each jackpot pool's configuration and value just before the round began (linked across tables). */
export async function jackpotPoolsBefore(store: PostgresEventStore, roundStart: StoredEvent): Promise<Record<string, JackpotPoolView>> {
  const result = await store.pool.query(
    `SELECT event_type, data FROM ca_events
     WHERE event_type IN ('JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset')
       AND global_position < $1 ORDER BY global_position`,
    [roundStart.globalPosition.toString()],
  );
  const pools: Record<string, { view: JackpotPoolView }> = {};
  for (const { event_type, data } of result.rows) {
    const id = String(data.poolId);
    if (event_type === 'JackpotPoolConfigured') {
      const contribution = data.contribution ?? {};
      pools[id] = {
        view: {
          poolId: id,
          current: Number(data.seed ?? 0),
          prizes: data.prizes ?? {},
          contributionAmount: typeof contribution === 'number' ? contribution : contribution.amount,
          contributionRate: typeof contribution === 'object' ? contribution.rate : undefined,
        },
      };
      continue;
    }
    const pool = pools[id];
    if (!pool) continue;
    const amount = Number(data.amount ?? 0);
    const current = event_type === 'JackpotContributed' ? pool.view.current + amount : event_type === 'JackpotWon' ? pool.view.current - amount : amount;
    pool.view = { ...pool.view, current };
  }
  return Object.fromEntries(Object.entries(pools).map(([k, v]) => [k, v.view]));
}

/**
 * Judge every round of a session in one pass over its stream (reports, the demo's detection record):
 * the same verdicts as `replayRound`, without re-reading the stream per round.
 */
export function judgeSession(events: readonly StoredEvent[], pools: (roundStart: StoredEvent) => Record<string, JackpotPoolView> = () => ({})): RoundReplay[] {
  const out: RoundReplay[] = [];
  const starts = events.map((e, i) => (e.type === 'RoundStarted' ? i : -1)).filter((i) => i >= 0);
  if (!starts.length) return out;
  const sessionId = String(events[0].data.sessionId);
  const tracker = new SessionTracker(sessionId);
  let cursor = 0;
  const lastStart = starts[starts.length - 1];
  const closed = events.some((e) => e.type === 'TableSessionClosed');
  for (const first of starts) {
    for (; cursor < first; cursor++) tracker.apply(toFact(events[cursor]));
    const roundId = String(events[first].data.roundId);
    const roundEvents = events.slice(first).filter((e) => e.data.roundId === roundId && !DISPUTE_TYPES.has(e.type));
    const state = tracker.state;
    if (!tracker.judged) continue;
    const env = tracker.env({ jackpotPools: pools(events[first]), lastRoundOfSession: first === lastStart && closed });
    const judgement = judgeRound(tracker.game!, env, roundEvents.map((e, i) => toFact(e, i + 1)));
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
      warnings: judgement.warnings,
      disputes: [],
      corrections: [],
      rulebook: env.rulebook.source,
    });
  }
  return out;
}
