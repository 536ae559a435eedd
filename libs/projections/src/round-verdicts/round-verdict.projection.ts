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
import { compareCheckpoints, type FeedCheckpoint, type FeedFact } from '../../../event-store/src';
import { FACT_COLUMNS, toFeedFact } from '../../../event-store/src';
import { DISPUTE_TYPES, JackpotFact, poolsBefore, readJackpotFacts } from '../../../replay/src';
import { JackpotPoolView } from '../../../rules/src';
import type { FactProjection } from '../projection';
import { upsertJson } from '../upsert';
import { RoundVerdictEntity } from './round-verdict.entity';
import { createJudges, InThreadJudges, Judges } from './judge-pool';
import { END_TYPES, FactSweepRequest, JUDGE_CACHE, SweepTarget } from './session-judge';

/** The jackpot facts that give the pools at any point of the feed from `from` to `before` (`readJackpotFacts`), read when a batch arrives, ahead of its judging. */
interface JackpotFactsBefore {
  readonly from: FeedCheckpoint;
  readonly before: FeedCheckpoint;
  readonly facts: Promise<JackpotFact[]>;
}

/** The first and the last of some points of the feed, in feed order. */
const first = (xs: readonly FeedCheckpoint[]) => xs.reduce((a, b) => (compareCheckpoints(b, a) < 0 ? b : a));
const last = (xs: readonly FeedCheckpoint[]) => xs.reduce((a, b) => (compareCheckpoints(b, a) > 0 ? b : a));

/** Every event type reaches `apply` (game-specific round facts included): it picks what matters. */
const ALL_TYPES: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

export const ROUND_VERDICTS = 'round_verdicts';

/** What this thread knows of a session its judge keeps: the versions it was sent, and the events seen after them. */
interface Swept {
  sent: number;
  /** the session's facts after `sent` seen so far, by version */
  tail: Map<number, FeedFact>;
}

/** A batch's verdicts: each judged round's row as JSON, by round id. */
type Judged = Map<string, string>;

/** A batch, named by its first and last feed positions and its length. */
const batchKey = (events: readonly FeedFact[]) =>
  events.length ? `${events[0].globalPosition}-${events[events.length - 1].globalPosition}-${events.length}` : '';

/** The session a fact of a session stream belongs to (the ledger stores a fact with a `sessionId` in that session's stream). */
const sessionOfStream = (streamId: string) => (streamId.startsWith('session-') ? streamId.slice('session-'.length) : undefined);

export class RoundVerdictProjection implements FactProjection {
  readonly name = 'round-verdicts';
  /** lean facts: their data crosses to the judge threads as the text PostgreSQL printed, never parsed here */
  readonly reads = 'facts';
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

  /** The heap its judge threads hold, bytes (the memory benchmark); undefined when none run (none yet, or judging in this thread). */
  async judgeHeap(): Promise<number | undefined> {
    return this.judges?.heapUsed?.();
  }

  async close(): Promise<void> {
    await this.chain;
    await Promise.allSettled([...this.prepared.values()]); // batches judged ahead and never applied
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
  prepare(db: Pool | PoolClient, events: readonly FeedFact[]): void {
    void this.judgeAhead(db, events);
  }

  private judgeAhead(db: Pool | PoolClient, events: readonly FeedFact[]): Promise<Judged> {
    const key = batchKey(events);
    let judged = this.prepared.get(key);
    if (!judged) {
      // the jackpot facts this batch's round starts need are read now, while the batch before is judged;
      // only a batch that ends a round or closes a session has anything to judge (most live batches do not)
      const judging = events.some((e) => END_TYPES.has(e.type) || e.type === 'TableSessionClosed');
      // (for the round starts in the batch; a round that started in an earlier batch has its pools read when judged)
      const jackpots = judging ? this.jackpotFactsBefore(db, first(events), last(events)) : undefined;
      const sent = this.chain.then(() => this.sendEnds(db, events, jackpots));
      this.chain = sent.catch(() => undefined);
      judged = sent.then(({ answer }) => answer);
      judged.catch(() => undefined); // its error is thrown by the apply that waits for it
      this.prepared.set(key, judged);
    }
    return judged;
  }

  async apply(db: PoolClient, events: readonly FeedFact[], tables: Readonly<Record<string, string>>): Promise<void> {
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
    const candidates = events.filter(
      (e) => e.streamId.startsWith('session-') && !DISPUTE_TYPES.has(e.type) && !END_TYPES.has(e.type) && e.roundId !== null && !rows.has(e.roundId),
    );
    const roundIds = [...new Set(candidates.map((e) => e.roundId!))];
    if (roundIds.length) {
      const judged = new Set<string>(
        (await db.query(`SELECT round_id FROM ${table} WHERE round_id = ANY ($1::text[])`, [roundIds])).rows.map((r) => r.round_id),
      );
      for (const e of candidates) {
        const roundId = e.roundId!;
        if (!judged.has(roundId)) continue;
        const sessionId = sessionOfStream(e.streamId)!;
        const m = late.get(sessionId) ?? new Map<string, SweepTarget>();
        late.set(sessionId, m);
        m.set(roundId, { roundId, cut: e.streamVersion, position: Number(e.globalPosition) });
      }
    }
    if (late.size) {
      // rare: judged here from each session's start, apart from the judges' caches (they have moved on)
      const cutOf = (id: string) => Math.max(...[...late.get(id)!.values()].map((t) => t.cut));
      const windows = await this.windows(
        db,
        [...late.keys()].map((id) => ({ id, after: 0 })),
        cutOf,
        new Map(),
      );
      const pools = await this.poolsAt(db, [...windows.values()]);
      const requests = [...late].map(([id, targets]) => ({
        sessionId: id,
        after: 0,
        events: windows.get(id)!,
        targets: [...targets.values()],
        pools: pools(windows.get(id)!),
      }));
      for (const o of await new InThreadJudges().judge(requests)) if (!o.miss) o.roundIds.forEach((roundId, i) => rows.set(roundId, o.rows[i]));
    }
    if (rows.size) await upsertJson(db, RoundVerdictEntity, table, `[${[...rows.values()].join(',')}]`);
  }

  /**
   * Send a batch's ended rounds (and the facts after an end in the same batch) and its closes to the
   * judges, from committed events; resolves once sent (batches are sent in feed order), with the
   * promise of their verdicts (wrapped: an async function would wait for a promise it returns).
   */
  private async sendEnds(db: Pool | PoolClient, events: readonly FeedFact[], jackpots: JackpotFactsBefore | undefined): Promise<{ answer: Promise<Judged> }> {
    this.judges ??= createJudges(this.options.judgeThreads);
    // in one pass: the batch's events per session, after the events kept from earlier batches; the
    // rounds that ended in it (and the facts after an end), by session; the sessions it closes
    const inBatch = new Map<string, Map<number, FeedFact>>();
    const targets = new Map<string, Map<string, SweepTarget>>(); // session → round → target
    const closes = new Map<string, FeedFact>();
    const endedHere = new Set<string>();
    for (const e of events) {
      const sessionId = sessionOfStream(e.streamId);
      if (sessionId === undefined) continue;
      let m = inBatch.get(sessionId);
      if (!m) {
        // the kept tail itself: it only ever gains facts of the stream, which stays true whatever becomes of this batch
        m = this.swept.get(sessionId)?.tail ?? new Map();
        inBatch.set(sessionId, m);
      }
      m.set(e.streamVersion, e);
      if (DISPUTE_TYPES.has(e.type)) continue;
      if (e.type === 'TableSessionClosed') {
        if (!closes.has(sessionId)) closes.set(sessionId, e);
        continue;
      }
      const roundId = e.roundId;
      if (roundId === null) continue;
      if (END_TYPES.has(e.type)) endedHere.add(roundId);
      else if (!endedHere.has(roundId)) continue;
      let t = targets.get(sessionId);
      if (!t) targets.set(sessionId, (t = new Map()));
      t.set(roundId, { roundId, cut: e.streamVersion, position: Number(e.globalPosition) });
    }
    const sessionIds = [...new Set([...targets.keys(), ...closes.keys()])];
    const cutOf = (id: string) => Math.max(closes.get(id)?.streamVersion ?? 0, ...[...(targets.get(id)?.values() ?? [])].map((t) => t.cut));
    const judgeWindows = async (sessions: ReadonlyArray<{ id: string; after: number }>) => {
      const windows = await this.windows(db, sessions, cutOf, inBatch);
      const pools = await this.poolsAt(db, [...windows.values()], jackpots);
      const requests: FactSweepRequest[] = sessions.map(({ id, after }) => ({
        sessionId: id,
        after,
        events: windows.get(id)!,
        targets: [...(targets.get(id)?.values() ?? [])],
        close: closes.has(id) ? { version: closes.get(id)!.streamVersion, position: Number(closes.get(id)!.globalPosition) } : undefined,
        pools: pools(windows.get(id)!),
      }));
      return { windows, outcomes: this.judges!.judge(requests) };
    };
    // sent now, in feed order; answered later. Each session's window ends at its cut, so once judged its
    // judge holds the stream up to the cut: the next batch's window starts there without waiting
    const sent = await judgeWindows(sessionIds.map((id) => ({ id, after: this.swept.get(id)?.sent ?? 0 })));
    for (const [id, w] of sent.windows) {
      // what was read is kept too (the round in play is in it)
      const m = inBatch.get(id) ?? new Map<number, FeedFact>();
      inBatch.set(id, m);
      for (const e of w) m.set(e.streamVersion, e);
      const after = this.swept.get(id)?.sent ?? 0;
      this.swept.delete(id);
      // a closed session's rounds are all judged now (its judge drops it too); a late fact reads it again
      if (!closes.has(id)) this.swept.set(id, { sent: after + w.length, tail: new Map() });
    }
    // each session judged keeps its events after its window; a session first seen from its opening starts keeping them
    for (const [id, m] of inBatch) {
      let s = this.swept.get(id);
      if (!s && m.has(1) && !closes.has(id)) this.swept.set(id, (s = { sent: 0, tail: new Map() }));
      if (!s) continue;
      const sent = s.sent;
      for (const v of m.keys()) if (v <= sent) m.delete(v);
      s.tail = m;
      this.swept.delete(id);
      this.swept.set(id, s);
    }
    while (this.swept.size > JUDGE_CACHE) this.swept.delete(this.swept.keys().next().value!);
    // the answers. A session whose judge no longer held the start of its window (a miss) is sent again
    // from its start, which cannot miss; its windows in batches sent meanwhile miss too, and are sent again by theirs
    const answer = (async () => {
      const outcomes = await sent.outcomes;
      const missed = outcomes.filter((o) => o.miss).map((o) => ({ id: o.sessionId, after: 0 }));
      const again = missed.length ? await (await judgeWindows(missed)).outcomes : [];
      const lost = again.find((o) => o.miss);
      // from the start a judge cannot miss, unless its thread was lost again: no verdict is left out silently
      if (lost) throw new Error(`round verdicts: the judge of session ${lost.sessionId} was lost twice in one batch`);
      const rows: Judged = new Map();
      for (const o of [...outcomes, ...again]) if (!o.miss) o.roundIds.forEach((roundId, i) => rows.set(roundId, o.rows[i]));
      return rows;
    })();
    answer.catch(() => undefined); // thrown by the apply that waits for it
    return { answer };
  }

  /** Each session's stream after `after` up to its cut: from the batch and the kept events, else read from the store. */
  private async windows(
    db: Pool | PoolClient,
    sessions: ReadonlyArray<{ id: string; after: number }>,
    cutOf: (id: string) => number,
    inBatch: ReadonlyMap<string, ReadonlyMap<number, FeedFact>>,
  ): Promise<Map<string, FeedFact[]>> {
    const out = new Map<string, FeedFact[]>();
    const toRead: Array<{ id: string; after: number; cut: number }> = [];
    for (const { id, after } of sessions) {
      const cut = cutOf(id);
      const have = inBatch.get(id);
      const window: FeedFact[] = [];
      for (let v = after + 1; v <= cut; v++) {
        const e = have?.get(v);
        if (!e) break;
        window.push(e);
      }
      if (window.length === cut - after) out.set(id, window);
      else toRead.push({ id, after, cut });
    }
    if (toRead.length) {
      const read = await db.query({
        // each stream's range read on its own (OFFSET 0: not merged into one join), so the range bounds the index
        // scan: the stream's id is found through ca_stream_ids (store migration 10) and the planner would not
        // combine that join's number with the bounds of another into one index condition
        text: `SELECT e.* FROM unnest($1::text[], $2::int[], $3::int[]) AS c(stream_id, after, cut)
         CROSS JOIN LATERAL (SELECT ${FACT_COLUMNS} FROM ca_events WHERE stream_id = c.stream_id AND stream_version > c.after AND stream_version <= c.cut OFFSET 0) e
         ORDER BY e.stream_id, e.stream_version`,
        values: [toRead.map((s) => `session-${s.id}`), toRead.map((s) => s.after), toRead.map((s) => s.cut)],
        rowMode: 'array',
      });
      for (const s of toRead) out.set(s.id, []);
      for (const row of read.rows) {
        const ev = toFeedFact(row);
        out.get(sessionOfStream(ev.streamId)!)!.push(ev);
      }
    }
    return out;
  }

  /** The jackpot facts for the pools at any point of the feed from `from` to `before`, in feed order (`readJackpotFacts`). */
  private jackpotFactsBefore(db: Pool | PoolClient, from: FeedCheckpoint, before: FeedCheckpoint): JackpotFactsBefore {
    const facts = readJackpotFacts(db, from, before);
    facts.catch(() => undefined); // thrown where it is awaited
    return { from, before, facts };
  }

  /**
   * The jackpot pools before every round start of the windows, by start version per window: from the
   * facts read ahead for the batch (`jackpots`) when they cover every start (a round that began in an
   * earlier batch does not), else from one read of the facts for the earliest to the latest start.
   */
  private async poolsAt(
    db: Pool | PoolClient,
    windows: ReadonlyArray<readonly FeedFact[]>,
    jackpots?: JackpotFactsBefore,
  ): Promise<(window: readonly FeedFact[]) => Record<number, Record<string, JackpotPoolView>>> {
    const starts: FeedFact[] = [];
    for (const w of windows) for (const e of w) if (e.type === 'RoundStarted') starts.push(e);
    const covered = (j: JackpotFactsBefore) => compareCheckpoints(first(starts), j.from) >= 0 && compareCheckpoints(last(starts), j.before) <= 0;
    const facts = !starts.length ? [] : await (jackpots && covered(jackpots) ? jackpots : this.jackpotFactsBefore(db, first(starts), last(starts))).facts;
    const views = poolsBefore(facts, starts);
    return (window) => {
      const out: Record<number, Record<string, JackpotPoolView>> = {};
      for (const e of window) if (e.type === 'RoundStarted') out[e.streamVersion] = views.get(e.globalPosition) ?? {};
      return out;
    };
  }
}
