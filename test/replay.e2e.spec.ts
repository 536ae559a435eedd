import { parseNdjson } from '../libs/ledger/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { replayNarrative, replayRound, RoundNotFoundError } from '../libs/replay/src';
import { cli } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { asInputs, envelope, opened, sampleLines } from './support/sample';

describe('replay of a disputed round', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    expect((await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')))).ok).toBe(true);
    const s = 'replay-1';
    const events = [
      opened(s, { limits: { min: 100, max: 360000, straight: 2000 } }),
      envelope('RoundStarted', { sessionId: s, roundId: 'rp-1' }),
      envelope('BetPlaced', { sessionId: s, roundId: 'rp-1', betId: 'b1', seat: 1, betType: 'straight', selection: [7], amount: 1000 }),
      envelope('BetPlaced', { sessionId: s, roundId: 'rp-1', betId: 'b2', seat: 2, betType: 'straight', selection: [9], amount: 5000 }),
      envelope('BetsClosed', { sessionId: s, roundId: 'rp-1' }),
      envelope('BetPlaced', { sessionId: s, roundId: 'rp-1', betId: 'b3', seat: 3, betType: 'red', amount: 1000 }),
      envelope('WheelSpun', { sessionId: s, roundId: 'rp-1', result: 7 }),
      envelope('BetSettled', { sessionId: s, roundId: 'rp-1', betId: 'b1', outcome: 'win', payout: 36000 }),
      envelope('BetSettled', { sessionId: s, roundId: 'rp-1', betId: 'b2', outcome: 'lose', payout: 0 }),
      envelope('RoundCompleted', { sessionId: s, roundId: 'rp-1' }),
      envelope('RoundDisputed', { roundId: 'rp-1', raisedBy: 'player seat 1', claim: 'paid 36 to 1 instead of 35' }),
    ];
    expect((await runtime.ingestion.ingest(asInputs(events))).ok).toBe(true);
  });
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('judges a round played by the rules consistent, step by step', async () => {
    const r = await replayRound(runtime.store, 'r-0001');
    expect(r).toMatchObject({ game: 'french-roulette', jurisdiction: 'euskadi', verdict: 'consistent', discrepancies: [] });
    expect(r.steps.map((s) => s.type)).toEqual([
      'RoundStarted',
      'BetPlaced',
      'BetPlaced',
      'BetsClosed',
      'WheelSpun',
      'BetSettled',
      'BetSettled',
      'RoundCompleted',
    ]);
  });

  it('names each difference with expected, recorded, rule and citation', async () => {
    const r = await replayRound(runtime.store, 'rp-1');
    expect(r.verdict).toBe('discrepancies');
    const byCode = Object.fromEntries(r.discrepancies.map((d) => [`${d.code}:${d.betId}`, d]));
    expect(byCode['PAYOUT_MISMATCH:b1']).toMatchObject({ expected: 35000, recorded: 36000, citation: expect.stringMatching(/^euskadi L/) });
    expect(byCode['BET_ABOVE_MAXIMUM:b2']).toMatchObject({ expected: 2000, recorded: 5000 });
    expect(byCode['BET_AFTER_CLOSE:b3']).toBeDefined();
    expect(byCode['UNSETTLED_BET:b3']).toBeDefined();
    expect(r.disputes).toEqual([expect.objectContaining({ type: 'RoundDisputed' })]);
    const text = replayNarrative(r);
    expect(text).toMatch(/PAYOUT_MISMATCH/);
    expect(text).toMatch(/Disputed/);
  });

  it('says so for a round that does not exist', async () => {
    await expect(replayRound(runtime.store, 'nope')).rejects.toBeInstanceOf(RoundNotFoundError);
  });

  it('replays from the command line as JSON (contract §6)', async () => {
    const result = await cli(['replay', 'rp-1', '--json'], { DATABASE_URL: db.url });
    expect(result.code).toBe(0);
    const verdict = JSON.parse(result.stdout);
    expect(verdict).toMatchObject({ roundId: 'rp-1', sessionId: 'replay-1', game: 'french-roulette', jurisdiction: 'euskadi', verdict: 'discrepancies' });
    expect(verdict.steps[0]).toMatchObject({ position: 1, type: 'RoundStarted' });
    const missing = await cli(['replay', 'nope'], { DATABASE_URL: db.url });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no round "nope"/);
  });
});
