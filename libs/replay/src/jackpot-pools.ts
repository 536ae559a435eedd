/**
 * The jackpot pools as the facts leave them at a point of the feed: each pool's configuration and value, linked across
 * its casino's tables. Replay needs them before a round's start; the verdicts' read model before every round start of
 * a batch (round-verdict.projection.ts, `poolsBefore`). Both fold the facts in feed order (`applyJackpotFact`).
 *
 * Feed order, not position order: positions are taken as rows are inserted, and appends in flight together interleave
 * theirs, so a pool's contribution can take a lower position than a round's start while its transaction commits
 * after it. The verdicts judge a round as soon as the feed hands it over, when that contribution may not be
 * committed yet; replay, later, would count it. Before the round in feed order is the same set whenever it is read:
 * everything before a fed event is committed (the feed's horizon), and nothing committed later lands before it. It is
 * also the order of the jackpots read model's value series (jackpot.projection.ts).
 *
 * A pool's value is set whole by its configuration (the seed) and by a reset, so the fold before a point needs, of
 * each pool, only its last configuration and the facts from its last configuration or reset on (its anchor), not
 * every contribution since the store began (at 10,000,000 events the whole history was 3,395 facts a read, the
 * replay's slowest rounds: bench/results.md, "Replay latency" at 10M).
 */
import type { Pool, PoolClient } from 'pg';
import { compareCheckpoints, FEED_START, type FeedCheckpoint, type PostgresEventStore, type StoredEvent } from '../../event-store/src';
import { dataOf, JackpotPoolView } from '../../rules/src';
import { because, keyed, type ReasonKey } from '../../i18n/src/reasons';
import { DomainError } from '../../platform/src/domain-error';
import { firstPositionOfMonth } from '../../event-store/src/archive';
import { archivedMonths, type KeptJackpotPool } from '../../event-store/src/postgres/month-drop';
import { monthAfter } from '../../event-store/src/postgres/month-turn';

export const JACKPOT_TYPES: readonly string[] = ['JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset'];

/** A jackpot fact as the fold reads it: where it is in the feed, its type and data. */
export interface JackpotFact extends FeedCheckpoint {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
}

/**
 * `readJackpotFacts`'s statement ($1, $2 = `from`'s transaction and position; $3, $4 = `before`'s; with `byCasino`,
 * $5 = the casinos whose pools are wanted): exported for the replay bench's plan. The casino filter only reads less: it
 * keeps every pool the fold could give those casinos (`poolsPlayed` keeps a pool of the casino, or of none): pools
 * configured by one of them before `before`, and any fact whose pool or casino is not a JSON text (the ingestion never
 * stores one; kept, not judged).
 */
export const jackpotFactsSql = (byCasino: boolean) => {
  const before = `($3::text::xid8, $4::bigint)`;
  // after the closing seal of the last month out of the store ($5, $6: the feed's start when none is out), where the
  // pools it left (ca_archived_jackpot_pools, handed to the fold by readJackpotFacts) stand; $7: those pools' ids
  const floor = `($5::text::xid8, $6::bigint)`;
  const theirs = (data = 'data') =>
    byCasino ? `AND (json_typeof(${data}::json -> 'poolId') IS DISTINCT FROM 'string' OR ${data}::json ->> 'poolId' IN (SELECT pool_id FROM played))` : '';
  const latest = `ORDER BY kind, pool, transaction_id DESC, global_position DESC`;
  // the pools of those casinos ($8) (configured by one of them before `before`, or left by the months out of the store), when asked for some
  const played = byCasino
    ? `played AS (
    SELECT DISTINCT data::json ->> 'poolId' AS pool_id FROM ca_events
     WHERE event_type = 'JackpotPoolConfigured' AND (transaction_id, global_position) < ${before} AND (transaction_id, global_position) > ${floor}
       AND (json_typeof(data::json -> 'casinoId') IS DISTINCT FROM 'string' OR data::json ->> 'casinoId' = ANY ($8::text[]))
    UNION SELECT unnest($7::text[])),`
    : '';
  return `WITH ${played}
  marks AS (
    SELECT transaction_id, global_position, event_type, json_typeof(data::json -> 'poolId') AS kind, data::json ->> 'poolId' AS pool
      FROM ca_events
     WHERE event_type IN ('JackpotPoolConfigured', 'JackpotReset') AND (transaction_id, global_position) < ($1::text::xid8, $2::bigint)
       AND (transaction_id, global_position) > ${floor} ${theirs()}),
  anchors AS (SELECT DISTINCT ON (kind, pool) kind, pool, transaction_id, global_position FROM marks ${latest}),
  configured AS (SELECT DISTINCT ON (kind, pool) transaction_id, global_position FROM marks WHERE event_type = 'JackpotPoolConfigured' ${latest}),
  -- a pool the months out of the store left, not anchored again online before $1: its facts from their seal on
  earliest AS (SELECT transaction_id, global_position FROM anchors UNION ALL SELECT $1::text::xid8, $2::bigint
               UNION ALL SELECT $5::text::xid8, $6::bigint
                WHERE EXISTS (SELECT 1 FROM unnest($7::text[]) AS a(pool) WHERE NOT EXISTS (SELECT 1 FROM anchors n WHERE n.kind = 'string' AND n.pool = a.pool))
               ORDER BY 1, 2 LIMIT 1)
  SELECT transaction_id, transaction_id::text AS xid, global_position, event_type, data FROM ca_events
   WHERE global_position IN (SELECT c.global_position FROM configured c, earliest w WHERE (c.transaction_id, c.global_position) < (w.transaction_id, w.global_position))
  UNION ALL
  SELECT e.transaction_id, e.transaction_id::text, e.global_position, e.event_type, e.data FROM ca_events e, earliest w
   WHERE e.event_type IN ('JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset')
     AND (e.transaction_id, e.global_position) >= (w.transaction_id, w.global_position) AND (e.transaction_id, e.global_position) < ${before}
     AND (e.transaction_id, e.global_position) > ${floor} ${theirs('e.data')}
  ORDER BY transaction_id, global_position`;
};
const JACKPOT_FACTS = jackpotFactsSql(false);
const JACKPOT_FACTS_OF_CASINOS = jackpotFactsSql(true);

/**
 * The facts whose fold gives every pool exactly as the whole history would at any point of the feed from `from` to
 * `before`: each pool's anchor (its last configuration or reset before `from`) and the facts after it, its last
 * configuration, and every jackpot fact from `from` on. One statement; the facts come back in feed order.
 *
 * Why this is the same fold: a configuration sets a pool whole and a reset sets its value (`applyJackpotFact`), so
 * what came before a pool's anchor cannot show after it; the facts between the earliest anchor and another pool's
 * anchor are read too, and are overwritten by that anchor in the fold as in the history. A pool with no anchor before
 * `from` was never configured there, and the fold ignores facts of a pool never configured. Pools are grouped by
 * the JSON type and text of `poolId` together: that can split one pool of the fold (`String(poolId)`: the number 5
 * and the text "5") into two groups, which only reads more, but never merges two (the facts always carry text ids:
 * the `id` field of the event registry).
 */
export async function readJackpotFacts(
  db: Pool | PoolClient,
  from: FeedCheckpoint,
  before: FeedCheckpoint,
  casinoIds?: readonly string[],
): Promise<JackpotFact[]> {
  const left = await poolsLeftByArchivedMonths(db, from, casinoIds);
  const values = [
    from.transactionId.toString(),
    from.globalPosition.toString(),
    before.transactionId.toString(),
    before.globalPosition.toString(),
    left.floor.transactionId.toString(),
    left.floor.globalPosition.toString(),
    left.facts.map((f) => String(f.data.poolId)),
  ];
  const result = await db.query(
    casinoIds
      ? { name: 'ca_jackpot_facts_of_casinos', text: JACKPOT_FACTS_OF_CASINOS, values: [...values, casinoIds] }
      : { name: 'ca_jackpot_facts', text: JACKPOT_FACTS, values },
  );
  return [
    ...left.facts,
    ...result.rows.map((row): JackpotFact => ({
      transactionId: BigInt(row.xid),
      globalPosition: BigInt(row.global_position),
      type: row.event_type,
      data: row.data,
    })),
  ];
}

/** Pools asked for at a point the months out of the store hold facts after, or whose months did not keep them. */
export class JackpotPoolsArchivedError extends DomainError {
  constructor(readonly because: ReasonKey) {
    super('unavailable', { field: 'jackpotPools', ...keyed(because) });
  }
}
const refused = (key: string, values: Record<string, string>) => new JackpotPoolsArchivedError(because(`jackpotPools.${key}`, values));

/**
 * The pools the months out of the store left (store migration 15, month-drop.ts): each as two facts before every online
 * one (its configuration, then a reset to its value; transaction 0, so before any point of the feed), and the closing
 * seal they stand at, after which the online facts are read. None (the feed's start) while no month is out. Refused
 * (JackpotPoolsArchivedError), never folded without them: a month dropped before the pools were kept, and a point before
 * that seal in the feed (a round begun in a transaction older than the month's turn: its pools need facts now out).
 */
async function poolsLeftByArchivedMonths(
  db: Pool | PoolClient,
  from: FeedCheckpoint,
  casinoIds?: readonly string[],
): Promise<{ floor: FeedCheckpoint; facts: JackpotFact[] }> {
  const months = await archivedMonths(db);
  if (!months.length) return { floor: FEED_START, facts: [] };
  const last = months[months.length - 1];
  const r = await db.query(
    `SELECT (SELECT coalesce(array_agg(month ORDER BY month), '{}') FROM ca_archived_months WHERE NOT jackpot_pools_carried) AS uncarried,
            (SELECT json_build_object('tx', transaction_id::text, 'pos', global_position::text) FROM ca_events WHERE global_position = $1) AS seal,
            (SELECT coalesce(json_agg(json_build_object('pool', pool_id, 'configuration', configuration, 'value', value::text) ORDER BY pool_id), '[]')
               FROM ca_archived_jackpot_pools) AS pools`,
    [firstPositionOfMonth(monthAfter(last.month)).toString()],
  );
  const { uncarried, seal, pools } = r.rows[0] as {
    uncarried: string[];
    seal: { tx: string; pos: string } | null;
    pools: Array<{ pool: string; configuration: Record<string, unknown>; value: string }>;
  };
  if (uncarried.length) throw refused('notCarried', { months: uncarried.join(', ') });
  if (!seal) throw refused('noSeal', { month: last.month });
  const floor: FeedCheckpoint = { transactionId: BigInt(seal.tx), globalPosition: BigInt(seal.pos) };
  if (compareCheckpoints(from, floor) < 0) throw refused('beforeSeal', { month: last.month, file: last.file });
  const facts: JackpotFact[] = [];
  for (const p of pools) {
    const casino = p.configuration.casinoId;
    // of the casinos asked for (a pool of none, or whose casino is no text, is every casino's: as `played` keeps it)
    if (casinoIds && typeof casino === 'string' && !casinoIds.includes(casino)) continue;
    const at = BigInt(facts.length);
    facts.push({ transactionId: 0n, globalPosition: at, type: 'JackpotPoolConfigured', data: p.configuration });
    facts.push({ transactionId: 0n, globalPosition: at + 1n, type: 'JackpotReset', data: { poolId: p.configuration.poolId, amount: Number(p.value) } });
  }
  return { floor, facts };
}

/**
 * Each jackpot pool as the feed leaves it just before `seal` (a month's closing seal), with its last configuration as it
 * was sent: what `archive --drop` keeps of the pools (store migration 15, month-drop.ts `DropOptions.pools`), folded
 * by the fold replay and the verdicts use (`applyJackpotFact`), from what the last month out left and the facts after.
 * A fact of a pool never configured counts for nothing, as in that fold. In pool id order; null when a month out of
 * the store before kept no pools (dropped before store migration 15): this one cannot keep them either.
 */
export async function jackpotPoolsAtSeal(db: Pool | PoolClient, seal: FeedCheckpoint): Promise<KeptJackpotPool[] | null> {
  const pools: Record<string, JackpotPoolView> = {};
  const configurations = new Map<string, Readonly<Record<string, unknown>>>();
  const facts = await readJackpotFacts(db, seal, seal).catch((error: unknown) => {
    // a month out of the store before this one kept no pools: they are not known here either (null), never guessed
    if (error instanceof JackpotPoolsArchivedError && error.because.key === 'jackpotPools.notCarried') return null;
    throw error;
  });
  if (!facts) return null;
  for (const f of facts) {
    applyJackpotFact(pools, f.type, f.data);
    if (f.type === 'JackpotPoolConfigured') configurations.set(String(f.data.poolId), f.data);
  }
  return [...configurations.keys()].sort().map((poolId) => ({ poolId, configuration: configurations.get(poolId)!, value: pools[poolId].current }));
}

/** The pools the facts leave before each of `points` (feed order), by the point's position: one sweep of the facts (in feed order). */
export function poolsBefore(facts: readonly JackpotFact[], points: Iterable<FeedCheckpoint>): Map<bigint, Record<string, JackpotPoolView>> {
  const wanted = [...points].sort(compareCheckpoints);
  const out = new Map<bigint, Record<string, JackpotPoolView>>();
  const pools: Record<string, JackpotPoolView> = {};
  let i = 0;
  for (const point of wanted) {
    for (; i < facts.length && compareCheckpoints(facts[i], point) < 0; i++) applyJackpotFact(pools, facts[i].type, facts[i].data);
    out.set(point.globalPosition, { ...pools });
  }
  return out;
}

/**
 * Each jackpot pool's configuration and value just before the round began (linked across tables): of the session's
 * casino when it is known (the others are of no use to it: `poolsPlayed`), else of every casino.
 */
export async function jackpotPoolsBefore(store: PostgresEventStore, roundStart: StoredEvent, casinoId?: string): Promise<Record<string, JackpotPoolView>> {
  const at: FeedCheckpoint = { transactionId: roundStart.transactionId, globalPosition: roundStart.globalPosition };
  const facts = await readJackpotFacts(store.pool, at, at, casinoId === undefined ? undefined : [casinoId]);
  return poolsBefore(facts, [at]).get(at.globalPosition)!;
}

/**
 * The pools before each round start of one session's stream, for `judgeSession`: one read of the jackpot facts of the
 * session's casino up to its last round start. Without it a whole-session judge sees no pool, and never judges a
 * round's jackpot facts as the verdicts and replay do.
 */
export async function sessionJackpotPools(
  store: PostgresEventStore,
  events: readonly StoredEvent[],
): Promise<(roundStart: StoredEvent) => Record<string, JackpotPoolView>> {
  const starts = events.filter((e) => e.type === 'RoundStarted');
  if (!starts.length) return () => ({});
  const latest = starts.reduce((a, b) => (compareCheckpoints(a, b) >= 0 ? a : b));
  const earliest = starts.reduce((a, b) => (compareCheckpoints(a, b) <= 0 ? a : b));
  const casinoId = events.find((e) => e.type === 'TableSessionOpened')?.data.casinoId;
  // from the earliest start, not the feed's: the same pools at every start (readJackpotFacts), and no point before the
  // seal of a month out of the store is asked for when the session's rounds are all after it
  const facts = await readJackpotFacts(store.pool, earliest, latest, typeof casinoId === 'string' ? [casinoId] : undefined);
  const views = poolsBefore(facts, starts);
  return (roundStart) => views.get(roundStart.globalPosition) ?? {};
}

/**
 * `JackpotPoolConfigured.contribution` is declared `any` (the casino's authorisation, docs/decisions/open-questions.md#oq-14):
 * a fixed amount per jackpot bet, or `{ amount?, rate? }`; anything else gives neither.
 */
const contributionTerms = (v: unknown): { readonly amount?: number; readonly rate?: number } =>
  typeof v === 'object' && v !== null ? (v as { readonly amount?: number; readonly rate?: number }) : {};

/** `JackpotPoolConfigured.prizes` is declared an `object`: hand → `{ share?, multiple?, fixed? }`, read as the judge reads a prize. */
const prizeTable = (v: Readonly<Record<string, unknown>>): JackpotPoolView['prizes'] => v as JackpotPoolView['prizes'];

/** One jackpot fact folded into the pool views (configured: seed and prizes; contributed, won, reset: the value). */
export function applyJackpotFact(pools: Record<string, JackpotPoolView>, type: string, data: Readonly<Record<string, unknown>>): void {
  const id = String(data.poolId);
  const configured = dataOf({ type, data }, 'JackpotPoolConfigured');
  if (configured) {
    const contribution = configured.contribution ?? {};
    pools[id] = {
      poolId: id,
      casinoId: typeof configured.casinoId === 'string' ? configured.casinoId : undefined,
      current: Number(configured.seed ?? 0),
      prizes: prizeTable(configured.prizes ?? {}),
      contributionAmount: typeof contribution === 'number' ? contribution : contributionTerms(contribution).amount,
      contributionRate: typeof contribution === 'object' ? contributionTerms(contribution).rate : undefined,
    };
    return;
  }
  const pool = pools[id];
  if (!pool) return;
  const amount = Number(data.amount ?? 0);
  const current = type === 'JackpotContributed' ? pool.current + amount : type === 'JackpotWon' ? pool.current - amount : amount;
  pools[id] = { ...pool, current };
}
