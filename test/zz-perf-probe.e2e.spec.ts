import { Runtime, startRuntime } from '../libs/platform/src';
import { rebuildProjection } from '../libs/projections/src';
import { simulateDay } from '../libs/simulator/src';
import { createTestDatabase, TestDatabase } from './support/database';
it('times', async () => {
  const db: TestDatabase = await createTestDatabase();
  const runtime: Runtime = await startRuntime({ databaseUrl: db.url });
  let t = Date.now();
  for (const batch of simulateDay({ tables: 8, rounds: 120, seed: 11, errorRate: 0.05, gamingDay: '2026-11-23' })) await runtime.ingestion.ingest(batch.map((value) => ({ value })));
  const ingestMs = Date.now() - t;
  const n = (await runtime.pool.query('SELECT count(*) FROM ca_events')).rows[0].count;
  const times: Record<string, number> = {};
  for (const p of runtime.projections) { t = Date.now(); await rebuildProjection(runtime.pool, runtime.store, p); times[p.name] = Date.now() - t; }
  console.log(JSON.stringify({ events: n, ingestMs, times }));
  await runtime.close(); await db.drop();
}, 300000);
