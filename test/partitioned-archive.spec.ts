/**
 * Issue 23 §4, at small scale (docs/scaling.md): a store written and sealed by today's code over two months, its
 * rows partitioned by position as the shipped store keeps them (store migration 13: the rows before the first turn
 * are the first partition, `ca_event_rows_history`; the month's turn attaches December's), the first month's
 * partition detached, written to a file with its sha256 and dropped. Then (a) the month checks from the file
 * alone against its closing seal's receipt, (b) a file altered in any way that matters fails that check, (c) the
 * online store checks from the heads the archive hands over and takes appends. The detach, the file and the drop
 * are made here by SQL (`archive` does not detach yet); the last case records what the shipped verify and seal do
 * not know yet about an archived month.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { archiveText, firstPositionOfMonth, readArchive, type MonthArchive } from '../libs/event-store/src/archive';
import { checkArchive, checkArchiveSource, checkSegment, type SegmentCheck } from '../libs/event-store/src/archive-check';
import { openArchiveFile } from '../libs/event-store/src/archive-file';
import { EventIdConflictError } from '../libs/event-store/src/errors';
import { chainHash, contentHash } from '../libs/event-store/src/canonical';
import { EVENT_COLUMNS, PostgresEventStore, toStoredEvent } from '../libs/event-store/src/postgres/postgres-event-store';
import { dropMonth } from '../libs/event-store/src/postgres/month-drop';
import { exportMonth } from '../libs/event-store/src/postgres/month-export';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import type { NewEvent, StoredEvent } from '../libs/event-store/src/port';
import { createSeal, parseReceipt, sealOf, type SealResult } from '../libs/event-store/src/seal';
import { fact, sha256Of } from './support/archive-facts';
import { createTestDatabase, migratedStore, TestDatabase } from './support/database';

jest.setTimeout(60_000);

const NOVEMBER = '2026-11';
const DECEMBER = firstPositionOfMonth('2026-12');
/** November's rows: the store's first month, so the rows before its first turn (store migration 13) */
const PARTITION = 'ca_event_rows_history';

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
let daily: SealResult;
let closing: SealResult;
let file: string;
let archived: readonly StoredEvent[];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-archive-'));

/** A session of one table's gaming day: opened, a bet, closed. */
const session = (table: string, gamingDay: string): NewEvent[] => {
  const s = `session-${table}-${gamingDay}`;
  const at = `${gamingDay}T21:00:00.000Z`;
  return [
    fact(s, 'TableSessionOpened', { sessionId: s, casinoId: 'C1', tableId: table, gamingDay }, at),
    fact(s, 'BetPlaced', { sessionId: s, roundId: `${s}-r1`, amount: 25 }, at),
    fact(s, 'TableSessionClosed', { sessionId: s }, at),
  ];
};
const contribution = (amount: number, at: string) => fact('jackpot-J1', 'JackpotContributed', { poolId: 'J1', amount }, at);

const readOnline = async (): Promise<StoredEvent[]> =>
  (await pool.query(`SELECT ${EVENT_COLUMNS} FROM ca_events ORDER BY global_position`)).rows.map(toStoredEvent);

const reasons = (check: SegmentCheck) => check.problems.map((p) => `${p.streamId} v${p.streamVersion}: ${p.reason}`);

beforeAll(async () => {
  db = await createTestDatabase('ca_archive');
  ({ pool, store } = await migratedStore(db.url, 4));

  // November: two gaming days, a jackpot fed across both, the first day sealed at its close
  await store.append([...session('RF-01', '2026-11-01'), contribution(5, '2026-11-01T21:00:00.000Z')]);
  await store.append([contribution(7, '2026-11-01T22:00:00.000Z')]);
  daily = await createSeal(pool, { gamingDay: '2026-11-01' });
  await store.append([...session('RF-02', '2026-11-30'), contribution(3, '2026-11-30T21:00:00.000Z')]);

  // the turn: December's partition attached, the sequence moved to its first position, November's closing seal its first event
  closing = (await turnMonth(pool, NOVEMBER)).closingSeal;

  // December, on the jackpot that goes on and on a new session
  await store.append([...session('RF-01', '2026-12-01'), contribution(4, '2026-12-01T21:00:00.000Z')]);
});

afterAll(async () => {
  await pool?.end().catch(() => undefined);
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('a month partitioned by position, archived and checked from its file', () => {
  it('the closing seal is the first event of the next month, in the partition the turn attached, and the store verifies', async () => {
    expect(BigInt(closing.seal.globalPosition)).toBe(DECEMBER);
    expect(BigInt(daily.seal.globalPosition)).toBeLessThan(DECEMBER);
    const partitions = (await pool.query(`SELECT inhrelid::regclass::text AS p FROM pg_inherits WHERE inhparent = 'ca_event_rows'::regclass ORDER BY 1`)).rows;
    expect(partitions.map((r) => r.p)).toEqual(['ca_event_rows_2026_12', PARTITION]);
    const counts = (
      await pool.query(
        `SELECT count(*) FILTER (WHERE global_position < $1)::int AS nov, count(*) FILTER (WHERE global_position >= $1)::int AS dec FROM ca_events`,
        [DECEMBER.toString()],
      )
    ).rows[0];
    expect(counts).toEqual({ nov: 10, dec: 5 }); // Nov: 2 sessions × 3, 3 contributions, the daily seal; Dec: the closing seal, a session, a contribution
    const after = await verifyStore(pool, { receipt: closing.receipt });
    expect(after.breaks).toEqual([]);
    expect(after.events).toBe(15);

    // the parent's triggers reach the partitions; the open month refuses a second version under its own key
    await expect(pool.query(`DELETE FROM ca_event_rows WHERE global_position = $1`, [closing.seal.globalPosition])).rejects.toMatchObject({ code: 'CA003' });
    await expect(pool.query(`UPDATE ${PARTITION} SET event_type = 'x'`)).rejects.toMatchObject({ code: 'CA003' });
    await expect(pool.query(`TRUNCATE ${PARTITION}`)).rejects.toMatchObject({ code: 'CA003' });
    await expect(
      pool.query(
        `INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, content_hash, hash)
                  SELECT stream_number, stream_version, metadata_id, gen_random_uuid(), data, event_type, content_hash, hash FROM ca_event_rows WHERE global_position = $1`,
        [closing.seal.globalPosition],
      ),
    ).rejects.toMatchObject({ code: '23505', constraint: 'ca_event_rows_2026_12_stream_version' });
  });

  it('archive --drop: November written, read back and checked, then its partition detached and dropped, what the store must know of it kept', async () => {
    const written = await exportMonth(pool, NOVEMBER, dir);
    file = written.file;
    const closingSeal = sealOf(written.closingSeal);
    const check = await checkArchiveSource(await openArchiveFile(file), { sequence: closingSeal.sequence, sealHash: closingSeal.sealHash });
    expect(check.ok).toBe(true);
    archived = readArchive(fs.readFileSync(file, 'utf8')).events;
    expect(archived).toHaveLength(10);

    // a drop that cannot have its lock (a reader holds the events): refused after the ids were copied ahead of the
    // lock; the month stays online and whole, a re-sent event of it is answered as before, verify passes
    const reader = await pool.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT 1 FROM ca_events LIMIT 1');
      await expect(dropMonth(pool, { file, sha256: written.sha256, manifest: written.manifest, check }, { lockTimeoutMs: 200 })).rejects.toMatchObject({
        because: { key: 'archive.dropBusy' },
      });
    } finally {
      await reader.query('ROLLBACK');
      reader.release();
    }
    expect((await pool.query(`SELECT count(*)::int AS n FROM ca_archived_event_ids`)).rows[0].n).toBe(10);
    expect((await pool.query(`SELECT count(*)::int AS n FROM ${PARTITION}`)).rows[0].n).toBe(10);
    const bet = archived.find((e) => e.type === 'BetPlaced')!;
    const [dup] = await store.append([
      { streamId: bet.streamId, eventId: bet.eventId, type: bet.type, data: bet.data, metadata: bet.metadata, occurredAt: bet.occurredAt ?? undefined },
    ]);
    expect(dup).toMatchObject({ status: 'duplicate', streamVersion: bet.streamVersion, globalPosition: bet.globalPosition });
    expect((await verifyStore(pool)).ok).toBe(true);

    const dropped = await dropMonth(pool, { file, sha256: written.sha256, manifest: written.manifest, check });
    expect(dropped).toMatchObject({ month: NOVEMBER, partition: PARTITION, events: 10, heads: 4 }); // three streams and the seal stream
    expect(dropped.lockedMs).toBeGreaterThan(0);
    expect((await pool.query(`SELECT to_regclass($1) AS t`, [PARTITION])).rows[0].t).toBeNull();
    expect((await pool.query(`SELECT count(*)::int AS n, min(global_position) AS first FROM ca_events`)).rows[0]).toEqual({ n: 5, first: DECEMBER.toString() });
    expect((await pool.query(`SELECT month, events::int, closing_seal FROM ca_archived_months`)).rows).toEqual([
      { month: NOVEMBER, events: 10, closing_seal: 2 },
    ]);
    expect((await pool.query(`SELECT count(*)::int AS n FROM ca_archived_event_ids`)).rows[0].n).toBe(10);
    // what is kept is kept: not edited, removed or emptied, by the owner either
    for (const sql of [
      'UPDATE ca_archived_event_ids SET stream_version = 1',
      'DELETE FROM ca_archived_months',
      'TRUNCATE ca_archived_heads',
      'UPDATE ca_archived_heads SET stream_version = stream_version - 1',
    ]) {
      await expect(pool.query(sql)).rejects.toMatchObject({ code: 'CA003' });
    }
    // a second drop of the month, or of the open one, is refused with the reason
    await expect(dropMonth(pool, { file, sha256: written.sha256, manifest: written.manifest, check })).rejects.toMatchObject({
      because: { key: 'archive.dropNotOnline' },
    });
  });

  it("(a) the archived month checks from its file alone against its closing seal's receipt", () => {
    expect(fs.readFileSync(`${file}.sha256`, 'utf8').split(' ')[0]).toBe(sha256Of(file));
    const check = checkArchive(readArchive(fs.readFileSync(file, 'utf8')), parseReceipt(closing.receipt));
    expect(reasons(check)).toEqual([]);
    expect(check.ok).toBe(true);
    expect(check.events).toBe(11); // the month's 10 and its closing seal
    expect(check.seals.map((s) => s.sequence)).toEqual([1, 2]);
    expect(check.receiptSeal?.sequence).toBe(2);
    // what the archive hands over: every head as November left them, and the seal stream's head before the closing seal
    expect(Object.fromEntries([...check.closingHeads].map(([s, h]) => [s, h.version]))).toEqual({
      'jackpot-J1': 3,
      'session-RF-01-2026-11-01': 3,
      'session-RF-02-2026-11-30': 3,
    });
    expect(check.sealStreamHead).toEqual({ version: 1, hash: archived.find((e) => e.eventId === daily.seal.eventId)!.hash });
  });

  describe('(b) a file altered in a way that matters fails the check', () => {
    const altered = (change: (archive: MonthArchive) => MonthArchive, receipt = closing.receipt) => {
      const text = archiveText(change(readArchive(fs.readFileSync(file, 'utf8'))));
      const copy = path.join(dir, `altered-${randomUUID()}.ndjson`);
      fs.writeFileSync(copy, text);
      expect(sha256Of(copy)).not.toBe(fs.readFileSync(`${file}.sha256`, 'utf8').split(' ')[0]);
      return checkArchive(readArchive(fs.readFileSync(copy, 'utf8')), parseReceipt(receipt));
    };
    const editing = (archive: MonthArchive, match: (e: StoredEvent) => boolean, edit: (e: StoredEvent) => StoredEvent | null): MonthArchive => {
      const events = archive.events.flatMap((e) => (match(e) ? [edit(e)].filter((x): x is StoredEvent => x !== null) : [e]));
      return { ...archive, events, manifest: { ...archive.manifest, events: events.length } };
    };
    const bet = (e: StoredEvent) => e.type === 'BetPlaced' && e.streamId === 'session-RF-02-2026-11-30';

    it('an event edited', () => {
      const check = altered((a) => editing(a, bet, (e) => ({ ...e, data: { ...e.data, amount: 2500 } })));
      expect(check.ok).toBe(false);
      expect(check.problems[0]).toMatchObject({ streamId: 'session-RF-02-2026-11-30', streamVersion: 2, reasonKey: 'chain.edited' });
    });

    it('an event edited with its content hash and every later link of its stream recomputed', () => {
      const check = altered((a) => {
        const events: StoredEvent[] = [];
        let prev = '';
        for (const e of a.events) {
          if (e.streamId !== 'session-RF-02-2026-11-30') {
            events.push(e);
            continue;
          }
          const data = bet(e) ? { ...e.data, amount: 2500 } : e.data;
          const content = contentHash({ ...e, data });
          prev = chainHash(prev, e.streamId, e.streamVersion, content);
          events.push({ ...e, data, contentHash: content, hash: prev });
        }
        return { ...a, events };
      });
      expect(check.ok).toBe(false);
      expect(check.problems[0]).toMatchObject({ streamId: 'session-RF-02-2026-11-30', streamVersion: 3, reasonKey: 'chain.rewrittenAfterSeal' });
    });

    it('the last event of a stream removed', () => {
      const check = altered((a) =>
        editing(
          a,
          (e) => e.type === 'TableSessionClosed' && e.streamId === 'session-RF-01-2026-11-01',
          () => null,
        ),
      );
      expect(check.problems[0]).toMatchObject({ streamId: 'session-RF-01-2026-11-01', streamVersion: 3, reasonKey: 'chain.cutAfterSeal' });
    });

    it('a whole stream removed', () => {
      const check = altered((a) =>
        editing(
          a,
          (e) => e.streamId === 'session-RF-02-2026-11-30',
          () => null,
        ),
      );
      expect(reasons(check)).toEqual([
        expect.stringMatching(/^session-RF-02-2026-11-30 v1: seal #2 .* recorded this stream at version 3 but none of its events after version 0 is here$/),
      ]);
    });

    it('the closing seal edited, or checked with another receipt than its own', () => {
      const edited = altered((a) => ({ ...a, closingSeal: { ...a.closingSeal, data: { ...a.closingSeal.data, gamingDay: '2026-11-29' } } }));
      expect(edited.problems.map((p) => p.reasonKey)).toContain('seal.edited');
      expect(edited.ok).toBe(false);
      const earlier = altered((a) => editing(a, bet, (e) => ({ ...e, data: { ...e.data, amount: 2500 } })), daily.receipt);
      expect(reasons(earlier)).toContain(
        `seal-store v2: the receipt names seal #1, not the month's closing seal #2: only the closing seal's receipt covers the whole month`,
      );
    });
  });

  it('(c) the online store checks from the heads the archive handed over, and takes appends', async () => {
    const handover = checkArchive(readArchive(fs.readFileSync(file, 'utf8')), parseReceipt(closing.receipt));
    const onlineNow = async () =>
      checkSegment({
        openingSeal: closing.seal.sequence,
        openingHeads: Object.fromEntries(handover.closingHeads),
        sealStreamBefore: handover.sealStreamHead,
        events: await readOnline(),
        closingSeal: null,
      });
    expect(reasons(await onlineNow())).toEqual([]);
    // heads handed over that are not those the opening seal committed to are refused, whatever the events say
    const forged = checkSegment({
      openingSeal: closing.seal.sequence,
      openingHeads: {
        ...Object.fromEntries(handover.closingHeads),
        'jackpot-J1': { version: 2, hash: archived.find((e) => e.streamId === 'jackpot-J1' && e.streamVersion === 2)!.hash },
      },
      sealStreamBefore: handover.sealStreamHead,
      events: await readOnline(),
      closingSeal: null,
    });
    expect(reasons(forged)[0]).toBe(`seal-store v2: the opening heads given are not the 3 heads seal #2 committed to`);

    // appends go on: the jackpot whose chain crosses the cut, December's session, a new stream
    await store.append([contribution(9, '2026-12-02T21:00:00.000Z')], { expectedVersions: { 'jackpot-J1': 4 } });
    await store.append([fact('session-RF-01-2026-12-01', 'CorrectionRecorded', { field: 'amount' }, '2026-12-02T10:00:00.000Z')], {
      expectedVersions: { 'session-RF-01-2026-12-01': 3 },
    });
    await store.append(session('RF-03', '2026-12-02'));
    const check = await onlineNow();
    expect(reasons(check)).toEqual([]);
    expect(check.events).toBe(5 + 5);
    expect(
      Number(
        (
          await pool.query(
            `SELECT min(global_position) AS p FROM ca_event_rows_2026_12 WHERE stream_number = (SELECT stream_number FROM ca_stream_ids WHERE stream_id = 'session-RF-03-2026-12-02')`,
          )
        ).rows[0].p,
      ),
    ).toBeGreaterThan(Number(DECEMBER));

    // a stream whose every event was archived goes on from its archived head: a writer that never saw it (no cached
    // head) reads version 3 from ca_streams and appends version 4, linked to the archived event
    const newcomer = new PostgresEventStore(pool);
    expect(await newcomer.streamVersions(['session-RF-02-2026-11-30'])).toEqual({ 'session-RF-02-2026-11-30': 3 });
    const [late] = await newcomer.append([fact('session-RF-02-2026-11-30', 'CorrectionRecorded', { field: 'amount' }, '2026-12-02T11:00:00.000Z')], {
      expectedVersions: { 'session-RF-02-2026-11-30': 3 },
    });
    expect(late).toMatchObject({ status: 'appended', streamVersion: 4 });
    expect(reasons(await onlineNow())).toEqual([]);
    // a writer still holding an older head (version 2, archived) is refused, not given a second version 3
    const stale = archived.find((e) => e.streamId === 'session-RF-02-2026-11-30' && e.streamVersion === 2)!;
    await expect(
      pool.query(
        `SELECT * FROM ca_append(ARRAY['session-RF-02-2026-11-30'], ARRAY[$1::uuid], ARRAY['CorrectionRecorded'], ARRAY['{}']::json[], ARRAY['{}']::jsonb[],
                                 ARRAY[NULL]::text[], ARRAY[$2], ARRAY[3], ARRAY[$3], ARRAY[$4], '{}')`,
        [randomUUID(), 'ab'.repeat(32), stale.hash, 'cd'.repeat(32)],
      ),
    ).rejects.toMatchObject({ code: 'CA002', message: 'stream session-RF-02-2026-11-30 is at version 4, expected 2' });
  });

  it('after the drop: verify passes with the closing receipt, seals go on, and a re-sent November event is still a duplicate', async () => {
    // the chains and the seal chain start from what the archive left; the closing seal is the first seal online
    const report = await verifyStore(pool, { receipt: closing.receipt });
    expect(report.breaks).toEqual([]);
    expect(report).toMatchObject({ ok: true, events: 11, seals: { count: 1, receipt: { ok: true, sequence: 2 } } });
    const next = await createSeal(pool, { gamingDay: '2026-12-02' });
    expect(next.seal.sequence).toBe(3);
    expect(await verifyStore(pool, { receipt: next.receipt })).toMatchObject({ ok: true, seals: { count: 2, receipt: { ok: true } } });

    // a re-send of an archived event: a duplicate, where it was stored; other content under its id: a conflict
    const bet = archived.find((e) => e.type === 'BetPlaced')!;
    const again: NewEvent = {
      streamId: bet.streamId,
      eventId: bet.eventId,
      type: bet.type,
      data: bet.data,
      metadata: bet.metadata,
      occurredAt: bet.occurredAt ?? undefined,
    };
    const [dup] = await new PostgresEventStore(pool).append([again]);
    expect(dup).toMatchObject({ status: 'duplicate', streamVersion: bet.streamVersion, globalPosition: bet.globalPosition });
    await expect(new PostgresEventStore(pool).append([{ ...again, data: { ...again.data, amount: 2500 } }])).rejects.toBeInstanceOf(EventIdConflictError);
    expect((await verifyStore(pool)).ok).toBe(true);

    // an archived head or the closing seal altered behind the store's back is found
    await pool.query(`ALTER TABLE ca_archived_heads DISABLE TRIGGER USER`);
    await pool.query(
      `UPDATE ca_archived_heads SET hash = sha256(hash) WHERE stream_number = (SELECT stream_number FROM ca_stream_ids WHERE stream_id = 'jackpot-J1')`,
    );
    const broken = await verifyStore(pool);
    expect(broken.ok).toBe(false);
    expect(broken.breaks.map((b) => b.reasonKey)).toContain('archive.openingHeads');
  });
});
