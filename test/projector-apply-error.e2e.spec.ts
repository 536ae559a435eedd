/**
 * A read model's batch that fails names what it failed on (apply-error.ts). A fact the contract refuses cannot come
 * in through ingestion, but one appended around it (the library's `append`) reached the read models, which stopped
 * with PostgreSQL's words for the row they made (`null value in column "session_id" of relation "reconciliations"`);
 * `archive --drop`, which brings the read models up to date first, stopped with the same. Now the error names the
 * read model, the fact (id, position, type) and the fields the contract refuses, in the operator's language, and the
 * batch leaves every row and checkpoint as they were. A failure that is no fact's fault names the batch's positions.
 */
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { wordReason } from '../libs/i18n/src/reasons';
import { Runtime, startRuntime } from '../libs/platform/src';
import { EventProjection, Projector, ProjectionApplyError, readCheckpoint } from '../libs/projections/src';
import { createTestDatabase, TestDatabase } from './support/database';
import { recordSimulatedDay } from './support/simulated-day';

jest.setTimeout(120_000);

let db: TestDatabase;
let runtime: Runtime;

beforeAll(async () => {
  db = await createTestDatabase('ca_apply_error');
  runtime = await startRuntime({ databaseUrl: db.url });
  await recordSimulatedDay(runtime.ingestion, { tables: 2, rounds: 6, seed: 11, errorRate: 0, gamingDay: '2026-10-05', casinoId: 'casino-apply' });
  await runtime.projector.catchUp();
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
});

/** Each read model's row counts and checkpoint, to show a failed batch changed nothing. */
async function readModelState(names = runtime.projections.map((p) => p.name)): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of runtime.projections.filter((x) => names.includes(x.name))) {
    const c = await readCheckpoint(runtime.pool, p.name);
    out[p.name] = `${c.transactionId}/${c.globalPosition}/${c.events}`;
    for (const t of p.tables) out[t] = String((await runtime.pool.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n);
  }
  return out;
}

describe('a read model that cannot apply its batch', () => {
  it('names the fact the contract refuses, its fields and the read model, and keeps every row and checkpoint', async () => {
    // a session opened without its sessionId: ingestion refuses it (data.sessionId is required); the library's append does not look
    const eventId = randomUUID();
    const data = { casinoId: 'casino-apply', tableId: 'T-9', gamingDay: '2026-10-05', game: 'american-roulette', jurisdiction: 'euskadi', float: 1000 };
    const occurredAt = '2026-10-05T20:00:00.000Z';
    const refused = await runtime.ingestion.ingest([{ value: { eventId: randomUUID(), occurredAt, type: 'TableSessionOpened', data } }]);
    expect(refused).toMatchObject({ ok: false, appended: 0, refused: 1 });
    const [appended] = await runtime.store.append([{ streamId: 'session-apply-broken', eventId, type: 'TableSessionOpened', occurredAt, data, metadata: {} }]);
    const before = await readModelState();

    const error = await runtime.projector.catchUp().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProjectionApplyError);
    const because = (error as ProjectionApplyError).because;
    expect(because.key).toBe('projector.notContractFact');
    expect(runtime.projections.map((p) => p.name)).toContain(because.values?.name);
    expect(because.values).toMatchObject({ eventId, position: appended.globalPosition.toString(), type: 'TableSessionOpened' });
    expect(String(because.values?.fields).split(', ')).toContain('data.sessionId');
    expect((error as Error).message).toContain(eventId);
    // in the operator's language, from its key
    expect(wordReason(because, 'es')).toContain(`no es un hecho del contrato`);
    expect(wordReason(because, 'es')).toContain(eventId);
    // the failing read model's batch was rolled back: its rows and checkpoint are as they were (the read models that
    // could fold the fact went on)
    const name = String(because.values?.name);
    const after = await readModelState([name]);
    expect(Object.keys(after).length).toBeGreaterThan(1);
    for (const [key, value] of Object.entries(after)) expect([key, value]).toEqual([key, before[key]]);
  });

  it('names the batch’s positions and keeps the cause when no fact is at fault', async () => {
    const failing: EventProjection = {
      name: 'apply-error-probe',
      tables: [],
      handles: new Set(['BetPlaced']),
      async apply(_db: PoolClient) {
        throw new Error('the probe refuses every batch');
      },
    };
    const projector = new Projector(runtime.pool, runtime.store, [failing], { batchSize: 50 });
    const error = await projector.catchUp().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProjectionApplyError);
    const because = (error as ProjectionApplyError).because;
    expect(because.key).toBe('projector.applyFailed');
    expect(because.values).toMatchObject({ name: 'apply-error-probe', error: 'the probe refuses every batch' });
    expect(Number(because.values?.events)).toBeGreaterThan(0);
    expect(BigInt(String(because.values?.from))).toBeLessThanOrEqual(BigInt(String(because.values?.to)));
    expect(((error as Error & { cause?: Error }).cause as Error).message).toBe('the probe refuses every batch');
    const c = await readCheckpoint(runtime.pool, 'apply-error-probe');
    expect(c.events).toBe(0);
  });
});
