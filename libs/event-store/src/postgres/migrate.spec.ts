/**
 * Schema migration 6 (issue 17) on a store written under migration 5: the stream heads stop being rows
 * of their own, the append checks each event against its stored predecessor. An existing store migrates
 * in place: its chains and the receipts of its old seals still verify, the writer role keeps its grants,
 * and a store whose stored heads disagree with its events (evidence of tampering) is not migrated.
 */
import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../../test/support/database';
import { NewEvent } from '../port';
import { createSeal } from '../seal';
import { applySqlMigrations } from './migrate';
import { PostgresEventStore } from './postgres-event-store';
import { verifyStore } from './postgres-verifier';
import { EVENT_STORE_MIGRATIONS, writerRoleGrants } from './schema';

jest.setTimeout(60_000);

const event = (streamId: string, i: number): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'Something',
  data: { i },
  occurredAt: '2026-11-21T20:00:00.000Z',
});
const BEFORE = EVENT_STORE_MIGRATIONS.filter((m) => m.version <= 5);

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await Promise.all(databases.map((db) => db.drop()));
});

/** A store with the schema of migration 5 and three streams written through it. */
async function storeAtMigration5() {
  const db = await createTestDatabase('ca_migrate6');
  databases.push(db);
  const pool = new Pool({ connectionString: db.url, max: 4 });
  pool.on('error', () => undefined);
  pools.push(pool);
  await applySqlMigrations(pool, BEFORE);
  const store = new PostgresEventStore(pool);
  const batch: NewEvent[] = [];
  for (const [s, n] of [
    ['s-a', 5],
    ['s-b', 4],
    ['s-c', 3],
  ] as const)
    for (let i = 1; i <= n; i++) batch.push(event(s, i));
  await store.append(batch);
  await store.append([event('s-a', 6)], { expectedVersions: { 's-a': 5 } });
  return { pool, store };
}

const heads = async (pool: Pool) => (await pool.query('SELECT stream_id, version, head_hash FROM ca_streams ORDER BY stream_id')).rows;
const version = async (pool: Pool) => (await pool.query('SELECT max(version) AS v FROM ca_schema_migrations')).rows[0].v;

describe('schema migration 6 on an existing store', () => {
  it('migrates in place: the heads read the same, verify passes with the old receipt, the writer role keeps its grants, appends go on', async () => {
    const { pool } = await storeAtMigration5();
    const role = `ca_writer6_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    await pool.query(`CREATE ROLE ${role} NOLOGIN`);
    await pool.query(writerRoleGrants(role));
    const { receipt } = await createSeal(pool, { gamingDay: '2026-11-21' });
    const before = await heads(pool);
    expect(before.map((h) => [h.stream_id, h.version])).toEqual([
      ['s-a', 6],
      ['s-b', 4],
      ['s-c', 3],
      ['seal-store', 1],
    ]);

    expect(await applySqlMigrations(pool)).toBe(EVENT_STORE_MIGRATIONS.length - BEFORE.length);
    expect(await version(pool)).toBe(EVENT_STORE_MIGRATIONS[EVENT_STORE_MIGRATIONS.length - 1].version);
    expect(await heads(pool)).toEqual(before);
    const report = await verifyStore(pool, { receipt });
    expect(report).toMatchObject({ ok: true, events: 14, seals: { count: 1, receipt: { ok: true, sequence: 1 } } });

    const c = await pool.connect();
    try {
      await c.query(`SET ROLE ${role}`);
      const store = new PostgresEventStore(pool);
      const [appended] = await store.appendWith(c, [event('s-b', 5)]);
      expect(appended).toMatchObject({ streamId: 's-b', streamVersion: 5, status: 'appended' });
      expect((await c.query(`SELECT version FROM ca_streams WHERE stream_id = 's-b'`)).rows[0].version).toBe(5);
      await expect(c.query(`DELETE FROM ca_streams WHERE stream_id = 's-b'`)).rejects.toMatchObject({ code: '42501' });
    } finally {
      await c.query('RESET ROLE');
      c.release();
      await pool.query(`DROP OWNED BY ${role}`);
      await pool.query(`DROP ROLE ${role}`);
    }
    const fresh = new PostgresEventStore(pool);
    await fresh.append([event('s-c', 4), event('s-d', 1)]);
    expect(await fresh.streamVersions(['s-a', 's-b', 's-c', 's-d', 's-none'])).toEqual({ 's-a': 6, 's-b': 5, 's-c': 4, 's-d': 1, 's-none': 0 });
    expect(await fresh.streamIds()).toEqual(['s-a', 's-b', 's-c', 's-d', 'seal-store']);
    const second = await createSeal(pool);
    expect(second.seal).toMatchObject({ sequence: 2, heads: { 's-b': { version: 5 }, 's-c': { version: 4 }, 's-d': { version: 1 } } });
    expect((await verifyStore(pool, { receipt: second.receipt })).ok).toBe(true);
    expect((await verifyStore(pool, { receipt })).ok).toBe(true);
  });

  it('refuses to migrate a store whose stored head is past its events (its end was removed), and changes nothing', async () => {
    const { pool } = await storeAtMigration5();
    const c = await pool.connect();
    try {
      await c.query('ALTER TABLE ca_events DISABLE TRIGGER USER');
      await c.query(`DELETE FROM ca_events WHERE stream_id = 's-b' AND stream_version > 2`);
      await c.query('ALTER TABLE ca_events ENABLE TRIGGER USER');
    } finally {
      c.release();
    }
    await expect(applySqlMigrations(pool)).rejects.toMatchObject({
      code: 'CA003',
      message: expect.stringMatching(/stream s-b has its head at version 4 but its events end at version 2: run casino-audit verify/),
    });
    expect(await version(pool)).toBe(5);
    expect((await heads(pool)).find((h) => h.stream_id === 's-b')).toMatchObject({ version: 4 });
    expect((await verifyStore(pool)).breaks[0]).toMatchObject({
      streamId: 's-b',
      reason: expect.stringMatching(/head says version 4 but the chain ends at version 2/),
    });
  });
});
