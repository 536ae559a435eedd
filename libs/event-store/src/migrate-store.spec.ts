/**
 * migrate-store's copy logic, PostgreSQL → PostgreSQL (a second fresh database): no EventStoreDB server
 * is available here, and the target is only ever used through the `EventStore` port, so this is the code
 * path `migrate-store --to eventstoredb` runs.
 */
import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../test/support/database';
import { EsdbImitation } from './contract/esdb-imitation';
import { EventStoreDbEventStore } from './eventstoredb/eventstoredb-event-store';
import { verifyEventStoreDb } from './eventstoredb/eventstoredb-verifier';
import { MigrationDivergenceError, MigrationProgress, migrateStore } from './migrate-store';
import { FEED_START, type EventStore, type NewEvent, type StoredEvent } from './port';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { verifyPostgresStore } from './postgres/postgres-verifier';

const event = (streamId: string, data: Record<string, unknown>, extra: Partial<NewEvent> = {}): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'BetPlaced',
  data,
  metadata: { recordedBy: 'terminal:RF-01' },
  occurredAt: '2026-11-21T21:04:05.120Z',
  ...extra,
});

/**
 * The whole feed, once `expected` events are visible: the gap-safe feed shows a commit only when every
 * older transaction on the server (other test files' too) has ended, so a fresh commit may lag a little.
 */
async function feed(store: EventStore, expected = 0): Promise<StoredEvent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const out: StoredEvent[] = [];
    for (let cp = FEED_START; ;) {
      const page = await store.readFeed(cp, 1000);
      if (!page.events.length) break;
      out.push(...page.events);
      cp = page.checkpoint;
    }
    if (out.length >= expected || Date.now() > deadline) return out;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('migrate-store (PostgreSQL → PostgreSQL)', () => {
  let sourceDb: TestDatabase;
  let source: PostgresEventStore;
  let sourcePool: Pool;
  const targets: Array<{ db: TestDatabase; store: PostgresEventStore; pool: Pool }> = [];

  const freshTarget = async () => {
    const db = await createTestDatabase('ca_migrate_to');
    const { store, pool } = await migratedStore(db.url, 5);
    targets.push({ db, store, pool });
    return { store, pool };
  };

  beforeAll(async () => {
    sourceDb = await createTestDatabase('ca_migrate_from');
    ({ store: source, pool: sourcePool } = await migratedStore(sourceDb.url, 5));
    // interleaved streams, multi-stream batches, events without occurredAt or metadata
    for (let i = 0; i < 12; i++) {
      await source.append([event('session-a', { i, k: 1 }), event('jackpot-p', { i }, { type: 'JackpotContributed' }), event('session-a', { i, k: 2 })]);
      await source.append([event(`session-b${i % 3}`, { i }, { occurredAt: undefined, metadata: undefined })]);
    }
  });
  afterAll(async () => {
    for (const t of targets) {
      await t.store.close();
      await t.db.drop();
    }
    await source.close();
    await sourceDb.drop();
  });

  it('copies every event in global order with ids, data, metadata and occurredAt, then verifies the copy', async () => {
    const { store: target, pool } = await freshTarget();
    const progress: MigrationProgress[] = [];
    const report = await migrateStore(source, target, (p) => progress.push(p), { batchSize: 7 });

    expect(report).toMatchObject({ events: 48, appended: 48, duplicate: 0 });
    expect(report.verification).toMatchObject({ ok: true, streams: 5, events: 48, breaks: [], extraInTarget: 0 });
    expect(progress.filter((p) => p.phase === 'copy').map((p) => p.events)).toEqual([7, 14, 21, 28, 35, 42, 48]);
    expect(progress[progress.length - 1]).toMatchObject({ phase: 'verify', streams: 5, totalStreams: 5 });

    const from = await feed(source, 48);
    const to = await feed(target, 48);
    const strip = (e: StoredEvent) => [e.eventId, e.streamId, e.streamVersion, e.type, e.data, e.metadata, e.occurredAt, e.contentHash, e.hash];
    expect(to.map(strip)).toEqual(from.map(strip)); // same global order, same content, same chain
    expect((await verifyPostgresStore(pool)).ok).toBe(true);
  });

  it('is idempotent and resumable: a re-run appends nothing; a run cut short finishes on the next', async () => {
    const { store: target } = await freshTarget();
    // a first run that "died" after 20 events (a crash mid-copy)
    const first = await feed(source, 48);
    for (const e of first.slice(0, 20)) {
      await target.append([
        { streamId: e.streamId, eventId: e.eventId, type: e.type, data: e.data, metadata: e.metadata, ...(e.occurredAt ? { occurredAt: e.occurredAt } : {}) },
      ]);
    }
    const resumed = await migrateStore(source, target, undefined, { batchSize: 10 });
    expect(resumed).toMatchObject({ events: 48, appended: 28, duplicate: 20 });
    expect(resumed.verification?.ok).toBe(true);

    const again = await migrateStore(source, target);
    expect(again).toMatchObject({ events: 48, appended: 0, duplicate: 48 });

    // resuming from a reported checkpoint reads only what follows it
    let checkpoint = FEED_START;
    await migrateStore(
      source,
      target,
      (p) => {
        if (p.phase === 'copy' && p.events === 30) checkpoint = p.checkpoint;
      },
      { batchSize: 30, skipVerify: true },
    );
    const tail = await migrateStore(source, target, undefined, { startAfter: checkpoint, skipVerify: true });
    expect(tail).toMatchObject({ events: 18, appended: 0, duplicate: 18, verification: null });
  });

  it('copies into the EventStoreDB adapter (over the in-memory client imitation, not a server) in runs of one stream', async () => {
    const target = new EventStoreDbEventStore(new EsdbImitation().asClient());
    const report = await migrateStore(source, target, undefined, { batchSize: 9 });
    expect(report).toMatchObject({ events: 48, appended: 48, duplicate: 0, verification: { ok: true, streams: 5, events: 48 } });
    expect(await migrateStore(source, target)).toMatchObject({ appended: 0, duplicate: 48 });
    const from = await feed(source, 48);
    const to = await feed(target, 48);
    const strip = (e: StoredEvent) => [e.eventId, e.streamId, e.streamVersion, e.data, e.metadata, e.occurredAt, e.contentHash, e.hash];
    expect(to.map(strip)).toEqual(from.map(strip));
    expect((await verifyEventStoreDb(target)).ok).toBe(true);
    await target.close();
  });

  it('stops, naming the event, when a target stream already holds other events', async () => {
    const { store: target } = await freshTarget();
    await target.append([event('session-b1', { squatter: true })]);
    await expect(migrateStore(source, target)).rejects.toBeInstanceOf(MigrationDivergenceError);
  });

  it('reports source events altered before the copy: their content no longer matches the recorded hash', async () => {
    const { store: target } = await freshTarget();
    const victim = (await source.readStream('session-b2'))[1];
    const client = await sourcePool.connect();
    try {
      await client.query('ALTER TABLE ca_event_rows DISABLE TRIGGER ca_events_no_update');
      await client.query(`UPDATE ca_events SET data = '{"i": 999}' WHERE event_id = $1`, [victim.eventId]);
      await client.query('ALTER TABLE ca_event_rows ENABLE TRIGGER ca_events_no_update');
    } finally {
      client.release();
    }
    const report = await migrateStore(source, target);
    expect(report.appended).toBe(48);
    expect(report.verification?.ok).toBe(false);
    expect(report.verification?.breaks).toEqual([
      expect.objectContaining({ streamId: 'session-b2', streamVersion: 2, eventId: victim.eventId, reason: expect.stringMatching(/altered/) }),
    ]);
  });
});
