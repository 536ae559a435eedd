/**
 * A jackpot pool serves the tables of the casino that configured it (contract §3: `JackpotPoolConfigured.casinoId`).
 * A store may hold several casinos (a region's, the benchmarks'): a round must be judged against its own casino's
 * pools, in replay and in the verdicts' read model alike. Built from the rulebook, not from the code: at euskadi,
 * three suited 7s on the sevens bet win "the whole jackpot", and at least 2,000 × the stake where the table has none
 * (blackjack/rulebook: L1996–1999). Real PostgreSQL, the real ingestion, replay and projector.
 */
import { Runtime, startRuntime } from '../libs/platform/src';
import { replayRound } from '../libs/replay/src';
import { bet, card, cards, closed, completed, decide, settled, start } from '../libs/rules/src/core/blackjack-testing';
import type { PlayedFact } from '../libs/rules/src/core/game';
import { createTestDatabase, TestDatabase } from './support/database';
import { asInputs, envelope, opened } from './support/sample';

jest.setTimeout(120_000);

let db: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  db = await createTestDatabase('ca_jackpot_casinos');
  runtime = await startRuntime({ databaseUrl: db.url });
});
afterAll(async () => {
  await runtime.close();
  await db.drop();
});

const SEVENS_STAKE = 500;
/** euskadi's floor for three suited 7s where the table plays no pool: 2,000 × the stake (L1996–1999) */
const FLOOR = 2000 * SEVENS_STAKE;

/**
 * The first coup of a shoe at `sessionId`: the shoe's first 5 cards burned (euskadi L2160–2162), box 1 plays main 1,000
 * and sevens 500, is dealt 7♥ 7♥ and hits a 7♥ (21); the dealer stands on 18.
 */
function threeSuitedSevens(sessionId: string, roundId: string, sevensPayout: number): unknown[] {
  const played: PlayedFact[] = [
    start(),
    ...cards('burn', '2S', '3S', '4S', '5S', '6S'),
    bet('b1', 1, 'main', 1000),
    bet('s1', 1, 'sevens', SEVENS_STAKE),
    card('7H', 'seat:1'),
    card('10D', 'dealer'),
    card('7H', 'seat:1'),
    closed(),
    decide(1, 'hit'),
    card('7H', 'seat:1'),
    card('8C', 'dealer'),
    settled('b1', 'win', 1000),
    settled('s1', 'win', sevensPayout),
    completed(),
  ];
  return played.map((f) => envelope(f.type, { ...f.data, sessionId, roundId }));
}

const session = (sessionId: string, casinoId: string, options?: Record<string, unknown>) => [
  opened(sessionId, { casinoId, game: 'blackjack', jurisdiction: 'euskadi', limits: { min: 1000, max: 100_000 }, gamingDay: '2026-11-21', options }),
  envelope('ShoeStarted', { sessionId, shoeId: `${sessionId}-shoe`, decks: 6 }),
];

const pool = (poolId: string, casinoId: string) =>
  envelope('JackpotPoolConfigured', { poolId, casinoId, seed: 5_000_000, contribution: { amount: 100 }, prizes: { 'three-suited-sevens': { share: 1 } } });

async function verdictsOf(roundIds: string[]) {
  await runtime.projector.catchUp();
  const rows = await runtime.pool.query(`SELECT round_id, verdict, discrepancies FROM round_verdicts WHERE round_id = ANY ($1::text[])`, [roundIds]);
  return Object.fromEntries(rows.rows.map((r) => [r.round_id, { verdict: r.verdict, codes: (r.discrepancies as Array<{ code: string }>).map((d) => d.code) }]));
}

/** Ingest `events`, then the round is consistent in replay and in the stored verdict alike. */
async function expectConsistent(events: unknown[], roundId: string) {
  expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
  const replayed = await replayRound(runtime.store, roundId);
  expect(replayed.discrepancies).toEqual([]);
  expect(replayed.verdict).toBe('consistent');
  expect(await verdictsOf([roundId])).toEqual({ [roundId]: { verdict: 'consistent', codes: [] } });
}

it("a table of a casino with no pool pays three suited 7s at the floor, though another casino's pool is in the store: consistent", async () => {
  await expectConsistent([pool('casino-A-sevens', 'casino-A'), ...session('bj-B', 'casino-B'), ...threeSuitedSevens('bj-B', 'bj-B-r1', FLOOR)], 'bj-B-r1');
});

it("a table of the casino whose pool it is: the whole jackpot is the pool's to pay, so the table's floor payout is a finding, in replay and in the verdicts", async () => {
  const events = [...session('bj-A', 'casino-A'), ...threeSuitedSevens('bj-A', 'bj-A-r1', FLOOR)];
  expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
  const replayed = await replayRound(runtime.store, 'bj-A-r1');
  expect(replayed.verdict).toBe('discrepancies');
  const sevens = replayed.discrepancies.filter((d) => d.betId === 's1');
  expect(sevens).toEqual([expect.objectContaining({ expected: 0, recorded: FLOOR })]);
  const stored = await verdictsOf(['bj-A-r1']);
  expect(stored['bj-A-r1'].verdict).toBe('discrepancies');
  expect(stored['bj-A-r1'].codes).toEqual(replayed.discrepancies.map((d) => d.code));
});

it("a table of that casino that plays none of its pools says so at its opening (options.jackpotPools: []): the floor is the table's to pay, consistent", async () => {
  await expectConsistent(
    [...session('bj-A-nopool', 'casino-A', { jackpotPools: [] }), ...threeSuitedSevens('bj-A-nopool', 'bj-A-nopool-r1', FLOOR)],
    'bj-A-nopool-r1',
  );
  // and one that names the pool plays it
  const named = [...session('bj-A-named', 'casino-A', { jackpotPools: ['casino-A-sevens'] }), ...threeSuitedSevens('bj-A-named', 'bj-A-named-r1', FLOOR)];
  expect((await runtime.ingestion.ingest(asInputs(named))).ok).toBe(true);
  expect((await replayRound(runtime.store, 'bj-A-named-r1')).discrepancies.filter((d) => d.betId === 's1')).toEqual([
    expect.objectContaining({ expected: 0, recorded: FLOOR }),
  ]);
});

it('an opening whose jackpotPools is not a list of pool ids is refused, naming the field, and nothing of it is stored', async () => {
  for (const jackpotPools of ['casino-A-sevens', [''], [7], {}]) {
    const result = await runtime.ingestion.ingest(asInputs(session('bj-bad', 'casino-A', { jackpotPools })));
    expect(result.ok).toBe(false);
    expect(result.refusals[0]).toMatchObject({ field: 'data.options.jackpotPools', reason: expect.stringMatching(/list of the jackpot pool ids/) });
    expect(result.appended).toBe(0);
  }
  expect(await runtime.store.readStream('session-bj-bad')).toEqual([]);
});

describe("within one casino, a pool is a game's when its prize table names that game's hands (GameRules.jackpotHands)", () => {
  /** casino-C's only pool: a caribbean stud progressive (poker hands), as a casino configures one */
  const caribbeanPool = envelope('JackpotPoolConfigured', {
    poolId: 'casino-C-caribbean',
    casinoId: 'casino-C',
    seed: 5_000_000,
    contribution: { amount: 100 },
    prizes: { 'royal-flush': { share: 1 }, 'straight-flush': { share: 0.1 }, 'four-of-a-kind': { multiple: 100 } },
  });

  it("a blackjack table whose opening names no pool does not play the casino's caribbean progressive: the floor is the table's, consistent", async () => {
    await expectConsistent([caribbeanPool, ...session('bj-C', 'casino-C'), ...threeSuitedSevens('bj-C', 'bj-C-r1', FLOOR)], 'bj-C-r1');
  });

  it('a table that names a pool with no prize for three suited 7s still owes the floor itself', async () => {
    const events = [...session('bj-C-named', 'casino-C', { jackpotPools: ['casino-C-caribbean'] }), ...threeSuitedSevens('bj-C-named', 'bj-C-named-r1', FLOOR)];
    expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
    expect((await replayRound(runtime.store, 'bj-C-named-r1')).discrepancies).toEqual([]);
    // paid less than the floor: the table's shortfall is named
    const short = [...session('bj-C-short', 'casino-C'), ...threeSuitedSevens('bj-C-short', 'bj-C-short-r1', FLOOR / 2)];
    expect((await runtime.ingestion.ingest(asInputs(short))).ok).toBe(true);
    expect((await replayRound(runtime.store, 'bj-C-short-r1')).discrepancies).toEqual([
      expect.objectContaining({ code: 'PAYOUT_MISMATCH', betId: 's1', expected: FLOOR, recorded: FLOOR / 2 }),
    ]);
  });

  it("money a blackjack table puts into the casino's caribbean pool is a finding (not a pool it plays), in replay and in the verdicts", async () => {
    const round = threeSuitedSevens('bj-C-feeds', 'bj-C-feeds-r1', FLOOR);
    const contribution = envelope('JackpotContributed', { sessionId: 'bj-C-feeds', roundId: 'bj-C-feeds-r1', poolId: 'casino-C-caribbean', amount: 100 });
    const events = [...session('bj-C-feeds', 'casino-C'), ...round.slice(0, -1), contribution, round[round.length - 1]];
    expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
    const replayed = await replayRound(runtime.store, 'bj-C-feeds-r1');
    expect(replayed.discrepancies).toEqual([
      expect.objectContaining({
        code: 'JACKPOT_MISMATCH',
        expected: 0,
        recorded: 100,
        message: expect.stringMatching(/casino-C-caribbean, which is not a pool this table plays/),
      }),
    ]);
    expect(await verdictsOf(['bj-C-feeds-r1'])).toEqual({ 'bj-C-feeds-r1': { verdict: 'discrepancies', codes: ['JACKPOT_MISMATCH'] } });
  });
});
