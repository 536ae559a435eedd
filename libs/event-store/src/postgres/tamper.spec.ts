/**
 * Tamper evidence (docs/security.md): what the database refuses, and what `verify` names when an
 * intruder with the owner's rights switches the triggers off (ALTER TABLE … DISABLE TRIGGER) and
 * edits, deletes, reorders, truncates, removes a stream, rewrites history, or restores an old backup.
 * Each scenario runs in a fresh database.
 */
import { randomUUID } from 'node:crypto';
import { Client, Pool, PoolClient } from 'pg';
import { createTestDatabase, migratedStore, TestDatabase } from '../../../../test/support/database';
import { chainHash, contentHash, GENESIS } from '../canonical';
import { NewEvent } from '../port';
import { refusalInLanguage } from '../../../i18n/src/reasons';
import { createSeal, latestReceipt, parseReceipt, SEAL_STREAM, sealIfGamingDayClosed, SealRefusedError } from '../seal';
import type { VerifyReport } from '../verify';
import { PostgresEventStore } from './postgres-event-store';
import { streamSizes, verifyStore } from './postgres-verifier';
import { planStreamRanges } from './verify-range';
import { walkStreamRanges } from './verify-threads';
import { writerRoleGrants } from './schema';

jest.setTimeout(60_000);

const event = (streamId: string, data: Record<string, unknown> = {}, type = 'Something'): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type,
  data,
  metadata: { recordedBy: 'terminal:T-1' },
  occurredAt: '2026-11-21T20:00:00.000Z',
});

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await Promise.all(databases.map((db) => db.drop()));
});

async function fresh(): Promise<{ db: TestDatabase; pool: Pool; store: PostgresEventStore }> {
  const db = await createTestDatabase('ca_tamper');
  databases.push(db);
  const { pool, store } = await migratedStore(db.url, 4);
  // other test files on the same server may terminate idle connections: an idle client's error is not ours
  pool.on('error', () => undefined);
  pools.push(pool);
  return { db, pool, store };
}

/** Three streams: s-a (5 events), s-b (4), s-c (3). */
async function populate(store: PostgresEventStore) {
  const batch: NewEvent[] = [];
  for (const [s, n] of [
    ['s-a', 5],
    ['s-b', 4],
    ['s-c', 3],
  ] as const)
    for (let i = 1; i <= n; i++) batch.push(event(s, { i }));
  await store.append(batch);
}

/**
 * Each break carries its reason's key (issue 16): worded in English it is the `reason` the JSON keeps,
 * word for word; in the other languages no sentence of the English is left.
 */
function expectWorded(report: VerifyReport) {
  expect(report.breaks.length).toBeGreaterThan(0);
  for (const b of report.breaks) {
    expect(b.reasonKey).toMatch(/^(chain|seal|receipt)\./);
    expect(refusalInLanguage(b, 'en').reason).toBe(b.reason);
    for (const lang of ['es', 'eu', 'ca', 'gl'] as const) {
      const worded = refusalInLanguage(b, lang).reason;
      expect(worded).not.toMatch(/(?<!\p{L})(the|was|is|were|stream|recorded|version)(?!\p{L})/u);
      expect(worded).not.toMatch(/^(chain|seal|receipt)\./); // a key left unworded
    }
  }
}

/**
 * As the intruder: triggers off, the SQL, triggers back on. (The heads, `ca_streams`, are a view of each
 * stream's last event since schema migration 6: removing events moves them, there is nothing else to rewrite.)
 */
async function asIntruder(pool: Pool, fn: (c: PoolClient) => Promise<void>) {
  const c = await pool.connect();
  try {
    await c.query('ALTER TABLE ca_event_rows DISABLE TRIGGER USER');
    await fn(c);
  } finally {
    await c.query('ALTER TABLE ca_event_rows ENABLE TRIGGER USER');
    c.release();
  }
}

const sqlState = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'no error';
  } catch (error) {
    return String((error as { code?: string }).code);
  }
};

describe('the database refuses changes', () => {
  it('to a role with only the documented grants: UPDATE, DELETE, TRUNCATE and direct INSERT are denied, appends work', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    const role = `ca_writer_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
    const c = await pool.connect();
    try {
      await c.query(`CREATE ROLE ${role} NOLOGIN`);
      // the working data's blanket grant (docs/security.md) does not reach the events' own tables: the grants revoke them
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
      await c.query(writerRoleGrants(role));
      await c.query(`SET ROLE ${role}`);
      // reading and appending, through ca_append, is what the app needs
      expect(Number((await c.query('SELECT count(*) FROM ca_events')).rows[0].count)).toBe(12);
      const [appended] = await store.appendWith(c, [event('s-a', { i: 6 })]);
      expect(appended).toMatchObject({ streamId: 's-a', streamVersion: 6, status: 'appended' });
      // changing anything is not
      expect(await sqlState(c.query(`UPDATE ca_events SET data = '{"i": 99}' WHERE stream_id = 's-a'`))).toBe('42501');
      expect(await sqlState(c.query(`DELETE FROM ca_events WHERE stream_id = 's-a'`))).toBe('42501');
      expect(await sqlState(c.query('TRUNCATE ca_event_rows'))).toBe('42501');
      expect(await sqlState(c.query(`UPDATE ca_stream_ids SET stream_id = 's-x' WHERE stream_id = 's-a'`))).toBe('42501');
      // nor a partition named directly (store migration 13), nor what an archived month left (migration 14), which it may read
      expect(await sqlState(c.query('INSERT INTO ca_event_rows_history SELECT * FROM ca_event_rows_history LIMIT 1'))).toBe('42501');
      expect(await sqlState(c.query('SELECT count(*) FROM ca_event_rows_history'))).toBe('42501');
      expect(await sqlState(c.query(`INSERT INTO ca_archived_heads VALUES (1, 99, '\\x00')`))).toBe('42501');
      expect(await sqlState(c.query(`INSERT INTO ca_archived_event_ids VALUES (gen_random_uuid(), '\\x00', 1, 1, 1)`))).toBe('42501');
      expect(Number((await c.query('SELECT count(*) FROM ca_archived_heads')).rows[0].count)).toBe(0);
      expect(await sqlState(c.query(`UPDATE ca_streams SET version = 1 WHERE stream_id = 's-a'`))).toBe('42501');
      expect(await sqlState(c.query(`DELETE FROM ca_streams WHERE stream_id = 's-a'`))).toBe('42501');
      expect(
        await sqlState(
          c.query(`INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, content_hash, prev_hash, hash)
                   VALUES ('s-a', 7, gen_random_uuid(), 'Forged', '{}', 'x', 'x', 'x')`),
        ),
      ).toBe('42501');
      expect(await sqlState(c.query('ALTER TABLE ca_event_rows DISABLE TRIGGER USER'))).toBe('42501');
      expect(
        await sqlState(
          c.query(`INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, content_hash, hash)
                                      VALUES (1, 7, 1, gen_random_uuid(), '{}', 'Forged', 'x', 'x')`),
        ),
      ).toBe('42501');
      expect(await sqlState(c.query(`INSERT INTO ca_stream_ids (stream_id) VALUES ('s-forged')`))).toBe('42501');
      await c.query('RESET ROLE');
      // a role without the grants may not even append (EXECUTE on ca_append is revoked from PUBLIC)
      await c.query(`CREATE ROLE ${role}_nobody NOLOGIN`);
      await c.query(`GRANT USAGE ON SCHEMA public TO ${role}_nobody`);
      await c.query(`SET ROLE ${role}_nobody`);
      expect(await sqlState(store.appendWith(c, [event('s-a', { i: 7 })]))).toBe('42501');
    } finally {
      await c.query('RESET ROLE');
      for (const r of [role, `${role}_nobody`]) {
        await c.query(`DROP OWNED BY ${r}`).catch(() => undefined);
        await c.query(`DROP ROLE IF EXISTS ${r}`);
      }
      c.release();
    }
    expect((await verifyStore(pool)).ok).toBe(true);
  });

  it('to the owner itself: the triggers refuse UPDATE, DELETE and TRUNCATE of events and any write of a head', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    expect(await sqlState(pool.query(`UPDATE ca_events SET data = '{"i": 99}' WHERE stream_id = 's-a' AND stream_version = 2`))).toBe('CA003');
    expect(await sqlState(pool.query(`DELETE FROM ca_events WHERE stream_id = 's-a' AND stream_version = 5`))).toBe('CA003');
    expect(await sqlState(pool.query('TRUNCATE ca_event_rows CASCADE'))).toBe('CA003');
    // the numbers the rows carry in place of stream ids and metadata (store migration 10) never change either
    expect(await sqlState(pool.query(`UPDATE ca_stream_ids SET stream_id = 's-x' WHERE stream_id = 's-a'`))).toBe('CA003');
    expect(await sqlState(pool.query(`DELETE FROM ca_event_metadata`))).toBe('CA003');
    expect(await sqlState(pool.query('TRUNCATE ca_stream_ids, ca_event_metadata'))).toBe('CA003');
    expect(await sqlState(pool.query(`UPDATE ca_streams SET version = 4 WHERE stream_id = 's-a'`))).toBe('CA003');
    expect(await sqlState(pool.query(`UPDATE ca_streams SET head_hash = 'x' WHERE stream_id = 's-a'`))).toBe('CA003');
    expect(await sqlState(pool.query(`DELETE FROM ca_streams WHERE stream_id = 's-a'`))).toBe('CA003');
    expect(await sqlState(pool.query(`INSERT INTO ca_streams VALUES ('s-a', 4, 'x')`))).toBe('CA003');
    // the heads are a view of the events: there is no table to truncate
    expect(await sqlState(pool.query('TRUNCATE ca_streams'))).toBe('42809');
    expect(Number((await pool.query('SELECT count(*) FROM ca_events')).rows[0].count)).toBe(12);
    expect((await verifyStore(pool)).ok).toBe(true);
  });
});

describe('ca_append keeps the chain itself', () => {
  /** ca_append called directly, as a writer could: one stream's events with the links given. */
  const append = (pool: Pool, rows: Array<{ streamId: string; version: number; prev: string; hash?: string; metadata?: string }>) =>
    pool.query(
      'SELECT * FROM ca_append($1::text[], $2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[], $6::text[], $7::text[], $8::integer[], $9::text[], $10::text[], $11::jsonb)',
      [
        rows.map((r) => r.streamId),
        rows.map(() => randomUUID()),
        rows.map(() => 'Forged'),
        rows.map(() => '{}'),
        rows.map((r) => r.metadata ?? '{}'),
        rows.map(() => null),
        rows.map(() => 'cc'), // hex: the store keeps hashes as bytes (migration 8)
        rows.map((r) => r.version),
        rows.map((r) => r.prev),
        rows.map((r, i) => r.hash ?? `e${i}`),
        '{}',
      ],
    );
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
      return 'no error';
    } catch (error) {
      const e = error as { code?: string; message?: string };
      return `${e.code}: ${e.message}`;
    }
  };

  it("refuses an event that does not follow its stream's last stored event, a batch whose links are broken, and a version already taken", async () => {
    const { pool, store } = await fresh();
    await populate(store);
    const head = (await pool.query(`SELECT version, head_hash FROM ca_streams WHERE stream_id = 's-a'`)).rows[0];
    expect(head.version).toBe(5);
    // a wrong link to the stored head, a version past the head, a stream started elsewhere than version 1 with a link
    expect(await refusal(append(pool, [{ streamId: 's-a', version: 6, prev: 'not-the-head' }]))).toBe('CA002: stream s-a is at version 5, expected 5');
    expect(await refusal(append(pool, [{ streamId: 's-a', version: 7, prev: head.head_hash }]))).toBe('CA002: stream s-a is at version 5, expected 6');
    expect(await refusal(append(pool, [{ streamId: 's-new', version: 1, prev: 'x' }]))).toBe('CA002: stream s-new is at version 0, expected 0');
    // the batch's own links: a gap, a link to something else, on one stream and across streams
    expect(
      await refusal(
        append(pool, [
          { streamId: 's-a', version: 6, prev: head.head_hash, hash: 'a6' },
          { streamId: 's-a', version: 8, prev: 'a6' },
        ]),
      ),
    ).toMatch(/^CA004: /);
    expect(
      await refusal(
        append(pool, [
          { streamId: 's-a', version: 6, prev: head.head_hash, hash: 'a6' },
          { streamId: 's-a', version: 7, prev: 'a5' },
        ]),
      ),
    ).toMatch(/^CA004: /);
    expect(
      await refusal(
        append(pool, [
          { streamId: 's-a', version: 6, prev: head.head_hash, hash: 'a6' },
          { streamId: 's-x', version: 1, prev: '', hash: 'f1' },
          { streamId: 's-a', version: 7, prev: 'f1' },
        ]),
      ),
    ).toMatch(/^CA004: /);
    // a version already stored (another writer's): the unique constraint
    const v4 = (await pool.query(`SELECT encode(hash, 'hex') AS hash FROM ca_events WHERE stream_id = 's-a' AND stream_version = 4`)).rows[0].hash;
    expect(await refusal(append(pool, [{ streamId: 's-a', version: 5, prev: v4 }]))).toMatch(/^23505: .*ca_events_stream_version/);
    expect(Number((await pool.query('SELECT count(*) FROM ca_events')).rows[0].count)).toBe(12);
    // what does follow is taken, across streams too
    await append(pool, [
      { streamId: 's-a', version: 6, prev: head.head_hash, hash: 'a6' },
      { streamId: 's-x', version: 1, prev: '', hash: 'f1' },
      { streamId: 's-a', version: 7, prev: 'a6' },
    ]);
    expect((await pool.query(`SELECT stream_id, version FROM ca_streams WHERE stream_id IN ('s-a', 's-x') ORDER BY 1`)).rows).toEqual([
      { stream_id: 's-a', version: 7 },
      { stream_id: 's-x', version: 1 },
    ]);
  });
  // Store migration 17 checks a call of several streams (every grouped call) in one statement: the same refusals,
  // and each row given its own stream's and metadata's numbers
  it('several streams in one call: a stream whose first event does not follow is refused as CA002 and nothing is stored; the rows keep their own streams and metadata', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    const heads = new Map<string, string>(
      (await pool.query(`SELECT stream_id, head_hash FROM ca_streams`)).rows.map((r: { stream_id: string; head_hash: string }) => [r.stream_id, r.head_hash]),
    );
    const count = async () => Number((await pool.query('SELECT count(*) FROM ca_events')).rows[0].count);
    const hb = { streamId: 's-b', version: 5, prev: heads.get('s-b')! };
    const refused: Array<[Parameters<typeof append>[1], string | RegExp]> = [
      // the wrong stream first, last, or a new stream linked to something: the refusal names it
      [[{ streamId: 's-a', version: 6, prev: 'not-the-head' }, hb], 'CA002: stream s-a is at version 5, expected 5'],
      [
        [{ streamId: 's-x', version: 1, prev: '' }, hb, { streamId: 's-c', version: 5, prev: heads.get('s-c')! }],
        'CA002: stream s-c is at version 3, expected 4',
      ],
      [[hb, { streamId: 's-new', version: 1, prev: 'x' }], 'CA002: stream s-new is at version 0, expected 0'],
      // a version another writer took, on one of the streams: the unique key
      [[hb, { streamId: 's-a', version: 1, prev: '' }], /^23505: .*ca_events_stream_version/],
    ];
    for (const [rows, expected] of refused) {
      const answer = await refusal(append(pool, rows));
      if (typeof expected === 'string') expect(answer).toBe(expected);
      else expect(answer).toMatch(expected);
    }
    expect(await count()).toBe(12);
    // taken: new and known streams mixed, several events of one stream, one metadata for all and one each
    await append(pool, [
      { streamId: 's-y', version: 1, prev: '', hash: 'e1', metadata: '{"recordedBy": "terminal:T-9"}' },
      { streamId: 's-a', version: 6, prev: heads.get('s-a')!, hash: 'a6', metadata: '{"recordedBy": "terminal:T-1"}' },
      { streamId: 's-y', version: 2, prev: 'e1', hash: 'e2', metadata: '{"recordedBy": "terminal:T-9"}' },
      { streamId: 's-b', version: 5, prev: heads.get('s-b')!, hash: 'b5', metadata: '{}' },
    ]);
    await append(pool, [
      { streamId: 's-z', version: 1, prev: '', hash: 'f1', metadata: '{"recordedBy": "terminal:T-7"}' },
      { streamId: 's-a', version: 7, prev: 'a6', hash: 'a7', metadata: '{"recordedBy": "terminal:T-7"}' },
    ]);
    const rows = (
      await pool.query(
        `SELECT stream_id, stream_version, metadata, encode(hash, 'hex') AS hash FROM ca_events WHERE event_type = 'Forged' ORDER BY global_position`,
      )
    ).rows;
    expect(rows).toEqual([
      { stream_id: 's-y', stream_version: 1, metadata: { recordedBy: 'terminal:T-9' }, hash: 'e1' },
      { stream_id: 's-a', stream_version: 6, metadata: { recordedBy: 'terminal:T-1' }, hash: 'a6' },
      { stream_id: 's-y', stream_version: 2, metadata: { recordedBy: 'terminal:T-9' }, hash: 'e2' },
      { stream_id: 's-b', stream_version: 5, metadata: {}, hash: 'b5' },
      { stream_id: 's-z', stream_version: 1, metadata: { recordedBy: 'terminal:T-7' }, hash: 'f1' },
      { stream_id: 's-a', stream_version: 7, metadata: { recordedBy: 'terminal:T-7' }, hash: 'a7' },
    ]);
  });

  it("several streams in one call: a stream's first event may follow its archived head, and must follow it", async () => {
    const { pool, store } = await fresh();
    await populate(store);
    // s-old's month left the store (month-drop.ts keeps its head, ca_archived_heads): numbered, nothing online
    const number = (await pool.query(`INSERT INTO ca_stream_ids (stream_id) VALUES ('s-old') RETURNING stream_number`)).rows[0].stream_number;
    await pool.query(`INSERT INTO ca_archived_heads (stream_number, stream_version, hash) VALUES ($1, 9, decode('0a09', 'hex'))`, [number]);
    const headB = (await pool.query(`SELECT head_hash FROM ca_streams WHERE stream_id = 's-b'`)).rows[0].head_hash;
    expect(
      await refusal(
        append(pool, [
          { streamId: 's-b', version: 5, prev: headB },
          { streamId: 's-old', version: 10, prev: '0a08' },
        ]),
      ),
    ).toBe('CA002: stream s-old is at version 9, expected 9');
    await append(pool, [
      { streamId: 's-b', version: 5, prev: headB, hash: 'b5' },
      { streamId: 's-old', version: 10, prev: '0a09', hash: '0a10' },
    ]);
    expect((await pool.query(`SELECT stream_id, version FROM ca_streams WHERE stream_id IN ('s-b', 's-old') ORDER BY 1`)).rows).toEqual([
      { stream_id: 's-b', version: 5 },
      { stream_id: 's-old', version: 10 },
    ]);
  });
});

describe('verify names the tampering', () => {
  it('an edited event', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await asIntruder(pool, (c) => c.query(`UPDATE ca_events SET data = '{"i": 300}' WHERE stream_id = 's-b' AND stream_version = 3`).then(() => undefined));
    const report = await verifyStore(pool);
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([expect.objectContaining({ streamId: 's-b', streamVersion: 3, reason: expect.stringMatching(/edited/) })]);
    expectWorded(report);
  });

  it('an event deleted in the middle of its stream', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await asIntruder(pool, (c) => c.query(`DELETE FROM ca_events WHERE stream_id = 's-a' AND stream_version = 3`).then(() => undefined));
    const report = await verifyStore(pool);
    expect(report.breaks).toEqual([expect.objectContaining({ streamId: 's-a', streamVersion: 4, reason: expect.stringMatching(/version 3 is missing/) })]);
    expectWorded(report);
  });

  it('reordered events', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await asIntruder(pool, async (c) => {
      await c.query(`UPDATE ca_events SET stream_version = -3 WHERE stream_id = 's-a' AND stream_version = 3`);
      await c.query(`UPDATE ca_events SET stream_version = 3 WHERE stream_id = 's-a' AND stream_version = 4`);
      await c.query(`UPDATE ca_events SET stream_version = 4 WHERE stream_id = 's-a' AND stream_version = -3`);
    });
    const report = await verifyStore(pool);
    // since store migration 10 an event's link to the one before it is read from that event, not stored beside it:
    // the moved event is named where it lies, its chain hash made for another position
    expect(report.breaks).toEqual([expect.objectContaining({ streamId: 's-a', streamVersion: 3, reasonKey: 'chain.hashMismatch' })]);
    expectWorded(report);
  });

  it('a stream truncated (its head, the last event, follows): invisible to the chains, named by the seal', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    const truncate = (c: PoolClient) => c.query(`DELETE FROM ca_events WHERE stream_id = 's-a' AND stream_version > 3`).then(() => undefined);

    // without a seal the chains alone cannot tell (this is why seals exist)
    const unsealed = await fresh();
    await populate(unsealed.store);
    await asIntruder(unsealed.pool, truncate);
    expect((await verifyStore(unsealed.pool)).ok).toBe(true);

    const { seal } = await createSeal(pool, { gamingDay: '2026-11-21' });
    expect(seal).toMatchObject({ sequence: 1, streamCount: 3, heads: { 's-a': { version: 5 }, 's-b': { version: 4 }, 's-c': { version: 3 } } });
    await asIntruder(pool, truncate);
    const report = await verifyStore(pool);
    expect(report.ok).toBe(false);
    expect(report.breaks).toEqual([
      expect.objectContaining({
        streamId: 's-a',
        streamVersion: 4,
        reason: expect.stringMatching(
          /seal #1 \(gaming day 2026-11-21, .*\) recorded this stream at version 5 but it ends at version 3: events were removed from its end and its head rewritten to match/,
        ),
      }),
    ]);
    expectWorded(report);
    // and the store refuses to seal over the loss
    await expect(createSeal(pool)).rejects.toBeInstanceOf(SealRefusedError);
  });

  it('a whole stream deleted, events and head', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await createSeal(pool);
    await store.append([event('s-a', { i: 6 })]);
    await asIntruder(pool, async (c) => {
      await c.query(`DELETE FROM ca_events WHERE stream_id = 's-b'`);
    });
    const report = await verifyStore(pool);
    expect(report.breaks).toEqual([
      expect.objectContaining({
        streamId: 's-b',
        streamVersion: 1,
        reason: expect.stringMatching(/recorded this stream at version 4 but none of its events is stored and its head is gone: the whole stream was deleted/),
      }),
    ]);
    expectWorded(report);
  });

  it('a stream rewritten after it was sealed, every hash recomputed to look intact', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await createSeal(pool);
    await asIntruder(pool, async (c) => {
      const rows = (await c.query(`SELECT * FROM ca_events WHERE stream_id = 's-c' ORDER BY stream_version`)).rows;
      let prev = GENESIS;
      for (const r of rows) {
        const data = r.stream_version === 2 ? { i: 2000 } : r.data;
        const content = contentHash({ streamId: r.stream_id, eventId: r.event_id, type: r.event_type, data, metadata: r.metadata, occurredAt: r.occurred_at });
        const hash = chainHash(prev, r.stream_id, r.stream_version, content);
        await c.query(
          `UPDATE ca_events SET data = $1, content_hash = decode($2, 'hex'), prev_hash = decode($3, 'hex'), hash = decode($4, 'hex') WHERE global_position = $5`,
          [data, content, prev, hash, r.global_position],
        );
        prev = hash;
      }
    });
    const report = await verifyStore(pool);
    expect(report.breaks).toEqual([
      expect.objectContaining({
        streamId: 's-c',
        streamVersion: 3,
        reason: expect.stringMatching(/is not the event seal #1 .* recorded at this version: the stream was rewritten/),
      }),
    ]);
    expectWorded(report);
  });

  it('a seal edited in place', async () => {
    const { pool, store } = await fresh();
    await populate(store);
    await createSeal(pool);
    await asIntruder(pool, (c) =>
      c.query(`UPDATE ca_events SET data = jsonb_set(data::jsonb, '{heads,s-a,version}', '3') WHERE stream_id = $1`, [SEAL_STREAM]).then(() => undefined),
    );
    const report = await verifyStore(pool);
    expect(report.breaks).toEqual([expect.objectContaining({ streamId: SEAL_STREAM, streamVersion: 1, reason: expect.stringMatching(/edited/) })]);
    expectWorded(report);
  });

  it('a database restored from an older backup: behind the seal receipt handed out', async () => {
    const { db, store } = await fresh();
    let pool = pools[pools.length - 1];
    await populate(store);
    const first = await createSeal(pool, { gamingDay: '2026-11-21' });
    expect(first.receipt).toMatch(/^ca-seal:1:[0-9a-f]{64}$/);
    // the nightly backup: a copy of the database as it is now
    await pool.end();
    const backup = `${db.name}_backup`;
    const admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${backup} TEMPLATE ${db.name}`);
    await admin.end();
    databases.push({
      name: backup,
      url: db.url.replace(db.name, backup),
      drop: async () => {
        const c = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${backup} WITH (FORCE)`);
        await c.end();
      },
    });
    // the next day is played and sealed; its receipt goes to the regulator
    pool = new Pool({ connectionString: db.url, max: 4 });
    pool.on('error', () => undefined);
    pools.push(pool);
    const live = new PostgresEventStore(pool);
    await live.append([event('s-a', { i: 6 }), event('s-d', { i: 1 })]);
    const second = await createSeal(pool, { gamingDay: '2026-11-22' });
    expect(second.receipt).toBe(await latestReceipt(pool));
    expect(second.seal).toMatchObject({
      sequence: 2,
      previousSealHash: first.seal.sealHash,
      streamCount: 4,
      heads: { 's-a': { version: 6 }, 's-d': { version: 1 } },
    });
    expect(Object.keys(second.seal.heads)).toHaveLength(2);
    expect((await verifyStore(pool, { receipt: second.receipt })).ok).toBe(true);

    // then the backup is restored in its place
    const restored = new Pool({ connectionString: db.url.replace(db.name, backup), max: 2 });
    restored.on('error', () => undefined);
    pools.push(restored);
    expect((await verifyStore(restored)).ok).toBe(true); // consistent in itself: only the receipt can tell
    expect((await verifyStore(restored, { receipt: first.receipt })).ok).toBe(true);
    const report = await verifyStore(restored, { receipt: second.receipt });
    expect(report.ok).toBe(false);
    expect(report.seals?.receipt).toMatchObject({ ok: false, sequence: 2 });
    expect(report.breaks).toEqual([
      expect.objectContaining({
        streamId: SEAL_STREAM,
        streamVersion: 2,
        reason: expect.stringMatching(/receipt names seal #2 but the store's latest seal is #1 \(gaming day 2026-11-21.*restored from an older backup/),
      }),
    ]);
    expectWorded(report);
    // the bare hash (or a 16-digit prefix) works too; a receipt of the same number with another hash means a rewrite
    expect((await verifyStore(restored, { receipt: second.seal.sealHash.slice(0, 16) })).breaks[0].reason).toMatch(
      /no seal in the store has the receipt's hash/,
    );
    const forged = `ca-seal:1:${second.seal.sealHash}`;
    expect((await verifyStore(restored, { receipt: forged })).breaks[0].reason).toMatch(/store's seal #1 has hash .*rewritten/);
    expect(parseReceipt(JSON.stringify({ receipt: first.receipt }))).toEqual({ sequence: 1, sealHash: first.seal.sealHash });
    expect(() => parseReceipt('not-a-receipt')).toThrow(/not a seal receipt/);
  });
});

describe('verify walks ranges of streams in threads (issue 23 §3)', () => {
  /** twelve streams of 3 to 14 events, three of them tampered with in different ways */
  async function tamperedStore() {
    const { db, pool, store } = await fresh();
    const batch: NewEvent[] = [];
    for (let s = 1; s <= 12; s++) for (let i = 1; i <= s + 2; i++) batch.push(event(`s-${String(s).padStart(2, '0')}`, { i }));
    await store.append(batch);
    await asIntruder(pool, async (c) => {
      await c.query(`UPDATE ca_events SET data = '{"i": 300}' WHERE stream_id = 's-02' AND stream_version = 2`);
      await c.query(`DELETE FROM ca_events WHERE stream_id = 's-07' AND stream_version = 3`);
      await c.query(`UPDATE ca_events SET occurred_at = '2026-11-21T21:00:00.000Z' WHERE stream_id = 's-11' AND stream_version = 9`);
    });
    return { db, pool };
  }

  it('names the same breaks, in the same order, as one thread walking the whole store', async () => {
    const { pool } = await tamperedStore();
    const progress: number[] = [];
    const one = await verifyStore(pool, { threads: 1 });
    const four = await verifyStore(pool, { threads: 4, onProgress: (n) => progress.push(n) });
    expect(four).toEqual(one);
    expect(one.events).toBe(12 * 2 + 78 - 1);
    expect(one.streams).toBe(12);
    expect(one.breaks.map((b) => [b.streamId, b.streamVersion, b.reasonKey])).toEqual([
      ['s-02', 2, 'chain.edited'],
      ['s-07', 4, 'chain.versionMissing'],
      ['s-11', 9, 'chain.edited'],
    ]);
    // the progress adds up every range's pages, whichever thread walked them
    expect(progress[progress.length - 1]).toBe(one.events);
  });

  it('a thread that cannot reach the store fails the verify: it never reports the ranges it did not walk as intact', async () => {
    const { db, pool } = await tamperedStore();
    const sizes = await streamSizes(pool);
    const unreachable = db.url.replace(/\/[^/?]+(\?|$)/, '/ca_no_such_database$1');
    const walk = walkStreamRanges(
      pool,
      true,
      planStreamRanges(sizes, 4),
      { heads: new Map(), sealed: new Map(), latestSealedVersion: new Map() },
      {
        threads: 2,
        connectionString: unreachable,
      },
    );
    await expect(walk).rejects.toThrow(/verify thread: .*ca_no_such_database/);
  });
});

describe('seals', () => {
  it('are written at a gaming day close once every session of the day is closed, and chain to each other', async () => {
    const { pool, store } = await fresh();
    const opened = (s: string) => event(`session-${s}`, { sessionId: s, gamingDay: '2026-11-21' }, 'TableSessionOpened');
    const closed = (s: string) => event(`session-${s}`, { sessionId: s }, 'TableSessionClosed');
    await store.append([opened('x'), opened('y'), closed('x')]);
    expect(await sealIfGamingDayClosed(pool, '2026-11-21')).toBeNull();
    await store.append([closed('y')]);
    const sealed = await sealIfGamingDayClosed(pool, '2026-11-21');
    expect(sealed?.seal).toMatchObject({ sequence: 1, gamingDay: '2026-11-21', reason: 'gaming-day-close', streamCount: 2 });
    // nothing new: the same day is not sealed twice
    expect((await sealIfGamingDayClosed(pool, '2026-11-21'))?.seal.sequence).toBe(1);
    const onDemand = await createSeal(pool);
    expect(onDemand.seal).toMatchObject({ sequence: 2, reason: 'on-demand', previousSealHash: sealed!.seal.sealHash, heads: {}, streamCount: 2 });
    const report = await verifyStore(pool, { receipt: onDemand.receipt });
    expect(report).toMatchObject({ ok: true, seals: { count: 2, unsealedEvents: 0, receipt: { ok: true, sequence: 2 } } });
    await store.append([event('session-z', {})]);
    expect((await verifyStore(pool)).seals?.unsealedEvents).toBe(1);
  });
});
