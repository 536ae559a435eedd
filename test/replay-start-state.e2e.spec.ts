/**
 * Replay from the round's stored starting state (the verdict projection's snapshot) gives exactly what
 * folding the session's earlier facts gives, for every round of a simulated day of every game with
 * injected errors, projected in small batches; and a stored state that no longer chains to the round's
 * first fact is not used.
 */
import { Runtime, startRuntime } from '../libs/platform/src';
import { replayRound, RoundReplay } from '../libs/replay/src';
import { gameRules } from '../libs/rules/src';
import { SimulationManifest } from '../libs/simulator/src';
import { recordSimulatedDay } from './support/simulated-day';
import { createTestDatabase, TestDatabase } from './support/database';

const DAY = '2026-11-25';
const withoutStart = ({ start: _start, ...rest }: RoundReplay) => JSON.parse(JSON.stringify(rest));

describe('replay from the stored starting state', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const manifest: { value?: SimulationManifest } = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    // small projector batches: rounds are judged across many batches, as they are live
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 97 });
    await recordSimulatedDay(runtime.ingestion, { tables: 31, rounds: 12, seed: 4242, errorRate: 0.3, gamingDay: DAY, casinoId: 'casino-start' }, manifest);
    await runtime.projector.catchUp();
  }, 300_000);
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('covers every game, games that carry state between rounds included', async () => {
    const games = (await runtime.pool.query('SELECT DISTINCT game FROM round_verdicts')).rows.map((r) => r.game as string);
    expect(games.length).toBe(31);
    expect(games.filter((g) => gameRules(g)?.carry).length).toBeGreaterThanOrEqual(5);
  });

  it('gives, for every round, the replay of the whole session', async () => {
    const rows = (await runtime.pool.query('SELECT round_id, start_version FROM round_verdicts ORDER BY round_id')).rows;
    expect(rows).toHaveLength(manifest.value!.rounds);
    let withDiscrepancies = 0;
    for (const { round_id, start_version } of rows) {
      const fast = await replayRound(runtime.store, round_id);
      const full = await replayRound(runtime.store, round_id, { snapshot: false });
      expect(fast.start).toEqual({ source: 'snapshot', atVersion: start_version - 1 });
      expect(full.start.source).toBe('stream');
      expect({ round: round_id, replay: withoutStart(fast) }).toEqual({ round: round_id, replay: withoutStart(full) });
      if (fast.discrepancies.length) withDiscrepancies++;
    }
    expect(withDiscrepancies).toBeGreaterThan(10);
  }, 240_000);

  it('folds the stream when the stored state does not chain to the round (another history)', async () => {
    const { round_id } = (await runtime.pool.query(`SELECT round_id FROM round_verdicts WHERE game = 'craps' ORDER BY round_id DESC LIMIT 1`)).rows[0];
    const before = await replayRound(runtime.store, round_id);
    expect(before.start.source).toBe('snapshot');
    await runtime.pool.query(`UPDATE round_verdicts SET start_hash = repeat('0', 64) WHERE round_id = $1`, [round_id]);
    const after = await replayRound(runtime.store, round_id);
    expect(after.start.source).toBe('stream');
    expect(withoutStart(after)).toEqual(withoutStart(before));
  });
});
