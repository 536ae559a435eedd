/**
 * The jackpot pools from each pool's last configuration or reset on (`readJackpotFacts`) are the pools of the whole
 * history, at every position: checked against the fold of every jackpot fact before it, on a seeded history in real
 * PostgreSQL with several pools, reconfigurations, resets, wins, amounts that do not add exactly in binary (0.1 + 0.2),
 * facts of pools not yet configured, and pool ids of two JSON types that the fold takes for one pool (5 and "5").
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../test/support/database';
import { compareCheckpoints, type FeedCheckpoint, type PostgresEventStore } from '../../event-store/src';
import type { JackpotPoolView } from '../../rules/src';
import { applyJackpotFact, JACKPOT_TYPES, jackpotPoolsBefore, readJackpotFacts } from './jackpot-pools';

jest.setTimeout(120_000);

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase('ca_jackpot_facts');
  ({ pool, store } = await migratedStore(db.url, 4));
});
afterAll(async () => {
  await pool.end().catch(() => undefined);
  await db.drop();
});

const foldAll = (facts: ReadonlyArray<{ type: string; data: Readonly<Record<string, unknown>> }>) => {
  const pools: Record<string, JackpotPoolView> = {};
  for (const f of facts) applyJackpotFact(pools, f.type, f.data);
  return pools;
};

it('gives every pool exactly as the whole history does, at every position from `from` to `before`', async () => {
  let seed = 2311;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed / 2 ** 31);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const poolIds: unknown[] = ['mystery', 'royal', 'linked-A', 5, '5'];
  const amounts = [0.1, 0.2, 0.3, 1.5, 2.25, 10];
  const event = (type: string, data: Record<string, unknown>) => ({
    streamId: type === 'JackpotPoolConfigured' || type === 'JackpotReset' ? `pool-${String(data.poolId)}` : `session-S-${Math.floor(random() * 3)}`,
    eventId: randomUUID(),
    type,
    data,
    metadata: { recordedBy: 'terminal:T-1' },
    occurredAt: '2026-11-30T17:00:00.000Z',
  });
  for (let i = 0; i < 400; i++) {
    const poolId = pick(poolIds);
    const r = random();
    const e =
      r < 0.05
        ? event('JackpotPoolConfigured', {
            poolId,
            casinoId: 'C-1',
            seed: pick([100, 250.5]),
            contribution: { rate: pick([0.01, 0.02]) },
            prizes: { royal: { share: 1 } },
          })
        : r < 0.1
          ? event('JackpotReset', { poolId, amount: pick([100, 99.9]) })
          : r < 0.17
            ? event('JackpotWon', { poolId, sessionId: 'S', roundId: `R-${i}`, seat: '1', hand: 'royal', amount: pick(amounts) })
            : r < 0.75
              ? event('JackpotContributed', { poolId, sessionId: 'S', roundId: `R-${i}`, amount: pick(amounts) })
              : event('CardDealt', { roundId: `R-${i}`, card: 'AS' });
    await store.append([e]);
  }
  const feedOrder = `ORDER BY transaction_id, global_position`;
  const at = (r: { xid: string; global_position: string }): FeedCheckpoint => ({ transactionId: BigInt(r.xid), globalPosition: BigInt(r.global_position) });
  const all = (
    await pool.query(`SELECT transaction_id::text AS xid, global_position, event_type, data FROM ca_events WHERE event_type = ANY ($1::text[]) ${feedOrder}`, [
      JACKPOT_TYPES,
    ])
  ).rows.map((r) => ({ ...at(r), type: r.event_type as string, data: r.data }));
  const points = (await pool.query(`SELECT transaction_id::text AS xid, global_position FROM ca_events ${feedOrder}`)).rows.map(at);
  let checked = 0;
  let fewer = 0;
  for (let k = 0; k < 60; k++) {
    const a = pick(points);
    const b = pick(points);
    const [from, before] = compareCheckpoints(a, b) <= 0 ? [a, b] : [b, a];
    const facts = await readJackpotFacts(pool, from, before);
    if (facts.length < all.filter((f) => compareCheckpoints(f, before) < 0).length) fewer++;
    // in feed order
    expect(facts).toEqual([...facts].sort(compareCheckpoints));
    for (const p of points.filter((x) => compareCheckpoints(x, from) >= 0 && compareCheckpoints(x, before) <= 0)) {
      const expected = foldAll(all.filter((f) => compareCheckpoints(f, p) < 0));
      expect(foldAll(facts.filter((f) => compareCheckpoints(f, p) < 0))).toEqual(expected);
      checked++;
    }
  }
  expect(checked).toBeGreaterThan(1000);
  // and it does read less than the whole history (most of the time)
  expect(fewer).toBeGreaterThan(40);
});

it("the pools before a round's start are the same whenever they are read: a contribution whose transaction commits after the round's is after it, whatever its position", async () => {
  const fact = (streamId: string, type: string, data: Record<string, unknown>) => ({
    streamId,
    eventId: randomUUID(),
    type,
    data,
    metadata: { recordedBy: 'terminal:T-1' },
    occurredAt: '2026-11-30T17:00:00.000Z',
  });
  await store.append([fact('pool-race', 'JackpotPoolConfigured', { poolId: 'race', casinoId: 'C-1', seed: 1000, contribution: { amount: 10 }, prizes: {} })]);
  const round = await pool.connect();
  const other = await pool.connect();
  try {
    // the round's transaction takes its id first; the other table's contribution is inserted (a lower position) and
    // stays uncommitted while the round's start commits: the feed hands the round over with the contribution unseen
    await round.query('BEGIN');
    await round.query('SELECT pg_current_xact_id()');
    await other.query('BEGIN');
    await store.appendWith(other, [fact('session-race-2', 'JackpotContributed', { poolId: 'race', sessionId: 'race-2', roundId: 'race-2-r1', amount: 10 })]);
    const [start] = await store.appendWith(round, [fact('session-race-1', 'RoundStarted', { sessionId: 'race-1', roundId: 'race-1-r1' })]);
    await round.query('COMMIT');
    const started = (await store.readStream('session-race-1'))[0];
    expect(started.eventId).toBe(start.eventId);
    const early = await jackpotPoolsBefore(store, started, 'C-1');
    await other.query('COMMIT');
    const late = await jackpotPoolsBefore(store, started, 'C-1');
    expect(late).toEqual(early);
    expect(late.race.current).toBe(1000);
    // the race did happen: the contribution has the lower position
    const contribution = (await pool.query(`SELECT global_position FROM ca_events WHERE event_type = 'JackpotContributed' AND data->>'poolId' = 'race'`))
      .rows[0];
    expect(BigInt(contribution.global_position)).toBeLessThan(started.globalPosition);
  } finally {
    await round.query('ROLLBACK').catch(() => undefined);
    await other.query('ROLLBACK').catch(() => undefined);
    round.release();
    other.release();
  }
});
