/**
 * A simulated day with injected errors (libs/simulator), recorded through ingestion: reconciliation
 * finds every `count-variance` the simulator injected, at the session and by the amount it says, and
 * no other drop variance; the round verdicts the projection stored are replay's own, and carry every
 * rules error the simulator injected.
 */
import { Runtime, startRuntime } from '../libs/platform/src';
import { loadInspectorDay, loadReconciliation } from '../libs/projections/src';
import { replayRound } from '../libs/replay/src';
import { SimulationManifest } from '../libs/simulator/src';
import { recordSimulatedDay } from './support/simulated-day';
import { createTestDatabase, TestDatabase } from './support/database';

const DAY = '2026-11-24';

describe('reports of a simulated day with injected errors', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const manifest: { value?: SimulationManifest } = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 250 });
    await recordSimulatedDay(runtime.ingestion, { tables: 10, rounds: 30, seed: 2026, errorRate: 0.3, gamingDay: DAY, casinoId: 'casino-sim' }, manifest);
    await runtime.projector.catchUp();
  }, 300_000);
  afterAll(async () => {
    await runtime.close();
    await db.drop();
  });

  it('finds every count-variance the simulator injected, and no other drop variance', async () => {
    const injected = manifest.value!.injected.filter((i) => i.kind === 'count-variance');
    expect(injected.length).toBeGreaterThanOrEqual(2);
    const r = await loadReconciliation(runtime, { gamingDay: DAY });
    expect(r.sessions).toHaveLength(manifest.value!.sessions.length);
    const found = new Map(r.variances.filter((v) => v.box === 'drop').map((v) => [v.sessionId, v]));
    for (const i of injected) {
      const [, counted, recorded] = /drop counted (\d+) against (\d+) recorded/.exec(i.description)!.map(Number);
      if (counted === recorded) continue; // a shortfall clipped at zero on an empty drop box: nothing to find
      expect(found.get(i.sessionId)).toMatchObject({ recorded, counted, variance: counted - recorded });
    }
    const expected = new Set(injected.filter((i) => !/drop counted (\d+) against \1 recorded/.test(i.description)).map((i) => i.sessionId));
    expect(new Set(found.keys())).toEqual(expected);
    for (const s of r.sessions) expect(s.drop.counted).not.toBeNull(); // the count room counted every table
    expect(r.totals.drop.variance).toBe([...found.values()].reduce((t, v) => t + v.variance, 0));
  });

  it('stores the verdict replay gives for every round, with every injected rules error', async () => {
    const rows = (await runtime.pool.query('SELECT round_id, verdict, discrepancies FROM round_verdicts')).rows;
    expect(rows).toHaveLength(manifest.value!.rounds);
    for (const row of rows) {
      const replay = await replayRound(runtime.store, row.round_id);
      expect({ round: row.round_id, verdict: row.verdict, discrepancies: row.discrepancies }).toEqual({
        round: row.round_id,
        verdict: replay.verdict,
        discrepancies: JSON.parse(JSON.stringify(replay.discrepancies)),
      });
    }
    const codes = new Map(rows.map((r) => [r.round_id, new Set(r.discrepancies.map((d: { code: string }) => d.code))]));
    const rulesErrors = manifest.value!.injected.filter((i) => i.detector === 'rules');
    expect(rulesErrors.length).toBeGreaterThan(0);
    for (const i of rulesErrors)
      expect({ round: i.roundId, kind: i.kind, has: codes.get(i.roundId!)?.has(i.expectedCode) }).toEqual({ round: i.roundId, kind: i.kind, has: true });
    const day = await loadInspectorDay(runtime, { gamingDay: DAY });
    expect(day.rounds.played).toBe(manifest.value!.rounds);
    expect(day.discrepancies.length).toBe(rows.reduce((t, r) => t + r.discrepancies.length, 0));
  }, 120_000);
});
