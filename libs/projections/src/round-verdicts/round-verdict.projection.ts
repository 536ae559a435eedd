/**
 * Round verdicts: each round judged by the rules library when it ends (RoundCompleted or RoundVoided),
 * exactly as `replayRound` judges it, and stored with its discrepancies so that reports need no replay.
 *
 * A verdict is a function of the session's stream up to a cut (the triggering fact's stream version),
 * so live and rebuilt verdicts agree whatever the batches: a round is judged again when a fact of it
 * arrives after its end, and at the session's close the last round (the rules treat the last spin of a
 * session apart) and every round that never ended are judged with the stream up to the close.
 *
 * This thread reads and writes; the judging runs in judge threads (judge-pool.ts, session-judge.ts),
 * which keep each session's tracker, and the events after it, between batches. Per batch each session
 * sends only what follows what its judge was sent: the batch's events and those this thread kept from
 * the last batch (past the last cut), read from the store only when they are not all at hand.
 */
import type { Pool, PoolClient } from 'pg';
import type { StoredEvent } from '../../../event-store/src';
import { EVENT_COLUMNS, toStoredEvent } from '../../../event-store/src';
import { applyJackpotFact, DISPUTE_TYPES } from '../../../replay/src';
import { JackpotPoolView } from '../../../rules/src';
import { sessionOf } from '../facts';
import type { Projection } from '../projection';
import { upsertJson } from '../upsert';
import { createJudges, Judges } from './judge-pool';
import { END_TYPES, JUDGE_CACHE, rowJson, SessionJudge, SweepRequest, SweepTarget } from './session-judge';

const JACKPOT_TYPES = ['JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset'];

/** Every event type reaches `apply` (game-specific round facts included): it picks what matters. */
const ALL_TYPES: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

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

const COLUMNS = [
  'round_id', 'session_id', 'casino_id', 'table_id', 'gaming_day', 'game', 'jurisdiction', 'verdict', 'discrepancies', 'notes', 'rulebook', 'finished',
  'judged_at_version', 'last_position', 'start_version', 'start_hash', 'start_state',
];

/** What this thread knows of a session its judge keeps: the versions it was sent, and the events seen after them. */
interface Swept {
  sent: number;
  /** the session's events after `sent` seen so far, by version */
  tail: Map<number, StoredEvent>;
}

/** A batch's verdicts: each judged round's row as JSON, by round id. */
type Judged = Map<string, string>;

/** A batch, named by its first and last feed positions and its length. */
const batchKey = (events: readonly StoredEvent[]) => (events.length ? `${events[0].globalPosition}-${events[events.length - 1].globalPosition}-${events.length}` : '');

export class RoundVerdictProjection implements Projection {
  readonly name = 'round-verdicts';
  readonly tables = [ROUND_VERDICTS];
  readonly handles = ALL_TYPES;
  private judges?: Judges;
  private readonly swept = new Map<string, Swept>();
  /** batches being judged ahead of their transaction, in feed order (one after the other: each starts where the last left the judges) */
  private readonly prepared = new Map<string, Promise<Judged>>();
  private chain: Promise<unknown> = Promise.resolve();

  /**
   * `judgeThreads`: how many judge threads (0: judge in this thread), by default `CA_JUDGE_WORKERS` or
   * one less than the cores (at most 4); `judges`: where to judge, given whole (tests).
   */
  constructor(private readonly options: { judgeThreads?: number; judges?: Judges } = {}) {
    this.judges = options.judges;
  }

  async close(): Promise<void> {
    await this.chain;
    this.prepared.clear();
    await this.judges?.close();
    this.judges = undefined;
    this.swept.clear();
  }

  /**
   * Judge a batch's ended rounds and closed sessions before its transaction (the projector hands over
   * pages it read ahead), so the judges work on the next batch while this one is written. All of it
   * depends only on committed, immutable events; what depends on this read model's own rows (a late
   * fact of a round judged in an earlier batch) waits for `apply`. The judges' and this thread's
   * session caches are caches of immutable streams: a batch judged ahead and never applied (another
   * projector moved on, a rolled-back transaction) leaves them true, and at worst a session is read again.
   */
  prepare(db: Pool | PoolClient, events: readonly StoredEvent[]): void {
    void this.judgeAhead(db, events);
  }

  private judgeAhead(db: Pool | PoolClient, events: readonly StoredEvent[]): Promise<Judged> {
    const key = batchKey(events);
    let judged = this.prepared.get(key);
    if (!judged) {
      judged = this.chain.then(() => this.judgeEnds(db, events));
      this.chain = judged.catch(() => undefined);
      judged.catch(() => undefined); // its error is thrown by the apply that waits for it
      this.prepared.set(key, judged);
    }
    return judged;
  }

  async apply(db: PoolClient, events: readonly StoredEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables[ROUND_VERDICTS];
    const key = batchKey(events);
    const pending = this.judgeAhead(db, events);
    // batches judged ahead before this one and never applied are dropped
    for (const k of [...this.prepared.keys()]) {
      this.prepared.delete(k);
      if (k === key) break;
    }
    const rows = await pending;
    // a fact of a round that already has a verdict from an earlier batch judges it again, with the stream up to that fact
    const late = new Map<string, Map<string, SweepTarget>>(); // session → round → target
    const candidates = events.filter((e) => e.streamId.startsWith('session-') && !DISPUTE_TYPES.has(e.type) && !END_TYPES.has(e.type) && typeof e.data.roundId === 'string' && !rows.has(e.data.roundId));
    const roundIds = [...new Set(candidates.map((e) => String(e.data.roundId)))];
    if (roundIds.length) {
      const judged = new Set<string>((await db.query(`SELECT round_id FROM ${table} WHERE round_id = ANY ($1::text[])`, [roundIds])).rows.map((r) => r.round_id));
      for (const e of candidates) {
        if (!judged.has(e.data.roundId)) continue;
        const sessionId = sessionOf(e)!;
        const m = late.get(sessionId) ?? new Map<string, SweepTarget>();
        late.set(sessionId, m);
        m.set(e.data.roundId, { roundId: e.data.roundId, cut: e.streamVersion, position: Number(e.globalPosition) });
      }
    }
    if (late.size) {
      // rare: judged here from each session's start, apart from the judges' caches (they have moved on)
      const judge = new SessionJudge();
      const cutOf = (id: string) => Math.max(...[...late.get(id)!.values()].map((t) => t.cut));
      const windows = await this.windows(db, [...late.keys()].map((id) => ({ id, after: 0 })), cutOf, new Map());
      const pools = await this.poolsAt(db, [...windows.values()]);
      for (const [id, targets] of late) {
        const result = judge.judge({ sessionId: id, after: 0, events: windows.get(id)!, targets: [...targets.values()], pools: pools(windows.get(id)!) });
        if (!result.miss) for (const row of result.rows) rows.set(row.round_id, rowJson(row));
      }
    }
    if (rows.size) await upsertJson(db, table, ['round_id'], COLUMNS, `[${[...rows.values()].join(',')}]`);
  }

  /** A batch's ended rounds (and the facts after an end in the same batch) and its closes, judged from committed events. */
  private async judgeEnds(db: Pool | PoolClient, events: readonly StoredEvent[]): Promise<Judged> {
    this.judges ??= createJudges(this.options.judgeThreads);
    // the batch's events per session, after the events kept from earlier batches
    const inBatch = new Map<string, Map<number, StoredEvent>>();
    for (const e of events) {
      if (!e.streamId.startsWith('session-')) continue;
      const id = e.streamId.slice('session-'.length);
      let m = inBatch.get(id);
      if (!m) {
        m = new Map(this.swept.get(id)?.tail ?? []);
        inBatch.set(id, m);
      }
      m.set(e.streamVersion, e);
    }
    const targets = new Map<string, Map<string, SweepTarget>>(); // session → round → target
    const closes = new Map<string, StoredEvent>();
    const endedHere = new Set<string>();
    for (const e of events) {
      if (!e.streamId.startsWith('session-') || DISPUTE_TYPES.has(e.type)) continue;
      const sessionId = sessionOf(e)!;
      if (e.type === 'TableSessionClosed') {
        if (!closes.has(sessionId)) closes.set(sessionId, e);
        continue;
      }
      if (typeof e.data.roundId !== 'string') continue;
      const roundId = e.data.roundId;
      if (END_TYPES.has(e.type)) endedHere.add(roundId);
      else if (!endedHere.has(roundId)) continue;
      const m = targets.get(sessionId) ?? new Map<string, SweepTarget>();
      targets.set(sessionId, m);
      m.set(roundId, { roundId, cut: e.streamVersion, position: Number(e.globalPosition) });
    }
    const sessionIds = [...new Set([...targets.keys(), ...closes.keys()])];
    const cutOf = (id: string) => Math.max(closes.get(id)?.streamVersion ?? 0, ...[...(targets.get(id)?.values() ?? [])].map((t) => t.cut));
    const rows: Judged = new Map();
    // what the judges swept: sessions whose window started after a point their judge no longer has are sent again from their start
    let pending = sessionIds.map((id) => ({ id, after: this.swept.get(id)?.sent ?? 0 }));
    while (pending.length) {
      const windows = await this.windows(db, pending, cutOf, inBatch);
      // what was read is kept too (the round in play is in it)
      for (const [id, w] of windows) {
        const m = inBatch.get(id) ?? new Map<number, StoredEvent>();
        inBatch.set(id, m);
        for (const e of w) m.set(e.streamVersion, e);
      }
      const pools = await this.poolsAt(db, [...windows.values()]);
      const requests: SweepRequest[] = pending.map(({ id, after }) => ({
        sessionId: id,
        after,
        events: windows.get(id)!,
        targets: [...(targets.get(id)?.values() ?? [])],
        close: closes.has(id) ? { version: closes.get(id)!.streamVersion, position: Number(closes.get(id)!.globalPosition) } : undefined,
        pools: pools(windows.get(id)!),
      }));
      const outcomes = await this.judges.judge(requests);
      const again: typeof pending = [];
      for (const o of outcomes) {
        this.swept.delete(o.sessionId);
        if (o.miss) {
          again.push({ id: o.sessionId, after: 0 });
          continue;
        }
        o.roundIds.forEach((roundId, i) => rows.set(roundId, o.rows[i]));
        // a closed session's rounds are all judged now (its judge dropped it too); a late fact reads it again
        if (!closes.has(o.sessionId)) this.swept.set(o.sessionId, { sent: o.sent, tail: new Map() });
      }
      pending = again.filter((p) => pending.some((q) => q.id === p.id && q.after > 0)); // from the start cannot miss
    }
    // each session judged keeps its events after the sweep; a session first seen from its opening starts keeping them
    for (const [id, m] of inBatch) {
      let s = this.swept.get(id);
      if (!s && m.has(1) && !closes.has(id)) this.swept.set(id, (s = { sent: 0, tail: new Map() }));
      if (!s) continue;
      s.tail = new Map([...m].filter(([v]) => v > s!.sent));
      this.swept.delete(id);
      this.swept.set(id, s);
    }
    while (this.swept.size > JUDGE_CACHE) this.swept.delete(this.swept.keys().next().value!);
    return rows;
  }

  /** Each session's stream after `after` up to its cut: from the batch and the kept events, else read from the store. */
  private async windows(
    db: Pool | PoolClient,
    sessions: ReadonlyArray<{ id: string; after: number }>,
    cutOf: (id: string) => number,
    inBatch: ReadonlyMap<string, ReadonlyMap<number, StoredEvent>>,
  ): Promise<Map<string, StoredEvent[]>> {
    const out = new Map<string, StoredEvent[]>();
    const toRead: Array<{ id: string; after: number; cut: number }> = [];
    for (const { id, after } of sessions) {
      const cut = cutOf(id);
      const have = inBatch.get(id);
      const window: StoredEvent[] = [];
      for (let v = after + 1; v <= cut; v++) {
        const e = have?.get(v);
        if (!e) break;
        window.push(e);
      }
      if (window.length === cut - after) out.set(id, window);
      else toRead.push({ id, after, cut });
    }
    if (toRead.length) {
      const read = await db.query(
        `SELECT ${EVENT_COLUMNS} FROM ca_events e JOIN unnest($1::text[], $2::int[], $3::int[]) AS c(stream_id, after, cut) USING (stream_id)
         WHERE e.stream_version > c.after AND e.stream_version <= c.cut ORDER BY e.stream_id, e.stream_version`,
        [toRead.map((s) => `session-${s.id}`), toRead.map((s) => s.after), toRead.map((s) => s.cut)],
      );
      for (const s of toRead) out.set(s.id, []);
      for (const row of read.rows) {
        const ev = toStoredEvent(row);
        out.get(ev.streamId.slice('session-'.length))!.push(ev);
      }
    }
    return out;
  }

  /** The jackpot pools before every round start of the windows (one read of the jackpot facts before the latest), by start version per window. */
  private async poolsAt(db: Pool | PoolClient, windows: ReadonlyArray<readonly StoredEvent[]>): Promise<(window: readonly StoredEvent[]) => Record<number, Record<string, JackpotPoolView>>> {
    const starts: bigint[] = [];
    for (const w of windows) for (const e of w) if (e.type === 'RoundStarted') starts.push(e.globalPosition);
    const maxStart = starts.reduce((a, b) => (b > a ? b : a), 0n);
    const jackpotFacts = maxStart > 0n
      ? (await db.query(`SELECT global_position, event_type, data FROM ca_events WHERE event_type = ANY ($1::text[]) AND global_position < $2 ORDER BY global_position`, [JACKPOT_TYPES, maxStart.toString()])).rows
      : [];
    const views = poolsBefore(jackpotFacts.map((r) => ({ position: BigInt(r.global_position), type: r.event_type, data: r.data })), starts);
    return (window) => {
      const out: Record<number, Record<string, JackpotPoolView>> = {};
      for (const e of window) if (e.type === 'RoundStarted') out[e.streamVersion] = views.get(e.globalPosition) ?? {};
      return out;
    };
  }
}
