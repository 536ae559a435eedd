/**
 * Where the verdicts are judged changes no verdict: judged in the projection's thread, in one or three
 * judge threads, in batches of 13 or 2,000 events, the round_verdicts table is the same row for row as
 * the one the live projector built (batches of 97). A judge thread lost in the middle of a rebuild
 * (its trackers gone) makes its sessions be read again from their start, with the same verdicts. A fact
 * of a round that arrives after the round's verdict was written judges it again, live and rebuilt alike.
 */
import { Runtime, startRuntime } from '../libs/platform/src';
import { createJudges, Judges, rebuildProjection, RoundVerdictProjection, FactSweepRequest, SweepOutcome } from '../libs/projections/src';
import { createTestDatabase, TestDatabase } from './support/database';
import { recordSimulatedDay } from './support/simulated-day';
import { readModelChecksums } from './support/report-tables';
import { ev } from './support/report-day';

/** Judge threads that are all replaced by new ones (empty) before the given batch: as if they had crashed. */
class ForgetfulJudges implements Judges {
  private inner = createJudges(2);
  batches = 0;
  misses = 0;

  constructor(private readonly forgetAt: number) {}

  async judge(requests: readonly FactSweepRequest[]): Promise<SweepOutcome[]> {
    if (++this.batches === this.forgetAt) {
      await this.inner.close();
      this.inner = createJudges(2);
    }
    const outcomes = await this.inner.judge(requests);
    this.misses += outcomes.filter((o) => o.miss).length;
    return outcomes;
  }

  close = () => this.inner.close();
}

describe('verdict judging in threads', () => {
  let db: TestDatabase;
  let runtime: Runtime;

  const verdictSums = async () => (await readModelChecksums(db.url)).round_verdicts;
  const rebuildWith = async (projection: RoundVerdictProjection, batch: number) => {
    try {
      await rebuildProjection(runtime.pool, runtime.store, projection, undefined, batch);
    } finally {
      await projection.close();
    }
    const { n, sum } = await verdictSums();
    return { n, sum };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 97 });
    await recordSimulatedDay(runtime.ingestion, { tables: 6, rounds: 60, seed: 29, errorRate: 0.05, gamingDay: '2026-11-24', casinoId: 'casino-judges' });
    await runtime.projector.catchUp();
  }, 300_000);
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('gives the live verdicts in this thread, in one or three threads, in small or large batches', async () => {
    const live = await verdictSums();
    expect(live.n).toBeGreaterThan(300);
    expect(await rebuildWith(new RoundVerdictProjection({ judgeThreads: 0 }), 13)).toEqual({ n: live.n, sum: live.sum });
    expect(await rebuildWith(new RoundVerdictProjection({ judgeThreads: 1 }), 2000)).toEqual({ n: live.n, sum: live.sum });
    expect(await rebuildWith(new RoundVerdictProjection({ judgeThreads: 3 }), 211)).toEqual({ n: live.n, sum: live.sum });
  }, 300_000);

  it('judges a round again when a fact of it arrives after its verdict, live and rebuilt alike', async () => {
    const s = 'late-facts';
    const r = (roundId: string) => ({ sessionId: s, roundId });
    const round = (roundId: string, betId: string) => [
      ev('RoundStarted', r(roundId)),
      ev('BetPlaced', { ...r(roundId), betId, seat: 1, betType: 'red', amount: 1000 }),
      ev('BetsClosed', r(roundId)),
      ev('WheelSpun', { ...r(roundId), result: 9 }),
      ev('BetSettled', { ...r(roundId), betId, outcome: 'win', payout: 1000 }),
      ev('RoundCompleted', r(roundId)),
    ];
    const opening = ev('TableSessionOpened', {
      sessionId: s,
      casinoId: 'casino-judges',
      tableId: 'RF-LATE',
      gamingDay: '2026-11-24',
      game: 'french-roulette',
      jurisdiction: 'euskadi',
      limits: { min: 100, max: 360000, straight: 2000 },
      openingFloat: { '10000': 10, '500': 100 },
      staff: { inspector: 'insp-l', croupiers: ['cr-l'] },
    });
    const ingest = async (facts: object[]) => expect((await runtime.ingestion.ingest(facts.map((value) => ({ value })))).refusals).toEqual([]);
    await ingest([opening, ...round('late-r1', 'late-b1'), ...round('late-r2', 'late-b2')]);
    await runtime.projector.catchUp();
    const verdictOf = async (roundId: string) =>
      (await runtime.pool.query('SELECT verdict, judged_at_version, discrepancies FROM round_verdicts WHERE round_id = $1', [roundId])).rows[0];
    expect((await verdictOf('late-r1')).verdict).toBe('consistent');
    // the first round's bet settled a second time, after its verdict, then the session goes on and closes
    const late = ev('BetSettled', { ...r('late-r1'), betId: 'late-b1', outcome: 'win', payout: 1000 });
    await ingest([late, ...round('late-r3', 'late-b3'), ev('TableSessionClosed', { sessionId: s, closingFloat: { '10000': 10, '500': 100 } })]);
    await runtime.projector.catchUp();
    const version = Number((await runtime.pool.query('SELECT stream_version FROM ca_events WHERE event_id = $1', [late.eventId])).rows[0].stream_version);
    const judged = await verdictOf('late-r1');
    expect(judged.verdict).toBe('discrepancies');
    expect(judged.judged_at_version).toBe(version);
    expect(judged.discrepancies.map((d: { message: string }) => d.message)).toContain('bet late-b1 was settled more than once');
    // rebuilt in batches that put the late fact apart from its round's end: the same table
    const live = await verdictSums();
    expect(await rebuildWith(new RoundVerdictProjection({ judgeThreads: 1 }), 5)).toEqual({ n: live.n, sum: live.sum });
    expect(await rebuildWith(new RoundVerdictProjection({ judgeThreads: 0 }), 9)).toEqual({ n: live.n, sum: live.sum });
  }, 300_000);

  it('reads a session again from its start when its judge thread lost its tracker, with the same verdicts', async () => {
    const live = await verdictSums();
    const judges = new ForgetfulJudges(6);
    expect(await rebuildWith(new RoundVerdictProjection({ judges }), 150)).toEqual({ n: live.n, sum: live.sum });
    expect(judges.batches).toBeGreaterThan(6);
    expect(judges.misses).toBeGreaterThan(0); // the sessions in play when the threads were replaced
  }, 300_000);
});
