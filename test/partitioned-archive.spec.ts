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
import { checkArchive, checkSegment, type SegmentCheck } from '../libs/event-store/src/archive-check';
import { chainHash, contentHash } from '../libs/event-store/src/canonical';
import { EVENT_COLUMNS, PostgresEventStore, toStoredEvent } from '../libs/event-store/src/postgres/postgres-event-store';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import type { NewEvent, StoredEvent } from '../libs/event-store/src/port';
import { createSeal, parseReceipt, SEAL_STREAM, SealRefusedError, type SealResult } from '../libs/event-store/src/seal';
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
let archived: StoredEvent[];
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

/** The events of the detached partition as `ca_events` showed them (stream ids and metadata looked up), in position order. */
async function readPartition(table: string): Promise<StoredEvent[]> {
  const { rows } = await pool.query(
    `SELECT e.global_position, e.transaction_id::text AS transaction_id, s.stream_id, e.stream_version, e.event_id, e.event_type, e.data, m.metadata,
            e.occurred_at, e.recorded_at, e.content_hash::text AS content_hash, ''::text AS prev_hash, e.hash::text AS hash
       FROM ${table} e JOIN ca_stream_ids s ON s.stream_number = e.stream_number JOIN ca_event_metadata m ON m.metadata_id = e.metadata_id
      ORDER BY e.global_position`,
  );
  return rows.map(toStoredEvent);
}

/** The month's archive: the partition's rows, the closing seal (December's first event), the heads it opened with. */
const archiveOf = (events: StoredEvent[], closingSeal: StoredEvent): MonthArchive => ({
  manifest: {
    format: 'casino-audit-month-archive',
    version: 1,
    month: NOVEMBER,
    firstPosition: events[0].globalPosition.toString(),
    lastPosition: events[events.length - 1].globalPosition.toString(),
    events: events.length,
    openingSeal: null, // the store's first month: its chains and seals start here
    openingHeads: {},
    sealStreamBefore: null,
    closingSeal: (closingSeal.data as { sequence: number }).sequence,
  },
  events,
  closingSeal,
});

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

  it('detaches November concurrently, writes it to a file with its sha256 and drops it', async () => {
    await pool.query(`ALTER TABLE ca_event_rows DETACH PARTITION ${PARTITION} CONCURRENTLY`);
    // detached, it loses the row trigger cloned from the parent (a table kept online must be given it again)
    const triggers = await pool.query(`SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1`, [PARTITION]);
    expect(triggers.rows.map((r) => r.tgname)).toEqual(['ca_events_no_truncate']);
    archived = await readPartition(PARTITION);
    expect(archived).toHaveLength(10);
    const closingSeal = (await readOnline())[0];
    expect(closingSeal).toMatchObject({ streamId: SEAL_STREAM, eventId: closing.seal.eventId });
    file = path.join(dir, `${NOVEMBER}.ndjson`);
    fs.writeFileSync(file, archiveText(archiveOf(archived, closingSeal)));
    fs.writeFileSync(`${file}.sha256`, `${sha256Of(file)}  ${path.basename(file)}\n`);
    await pool.query(`DROP TABLE ${PARTITION}`);
    expect((await pool.query(`SELECT count(*)::int AS n, min(global_position) AS first FROM ca_events`)).rows[0]).toEqual({ n: 5, first: DECEMBER.toString() });
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

    // a stream whose every event was archived, appended to again, starts over at version 1 (the shipped ca_append
    // sees no predecessor): the online check, knowing its archived head, names it
    await store.append([fact('session-RF-02-2026-11-30', 'CorrectionRecorded', { field: 'amount' }, '2026-12-02T11:00:00.000Z')]);
    expect(reasons(await onlineNow())).toEqual([
      expect.stringMatching(/^session-RF-02-2026-11-30 v1: version 4 is missing: the next stored event is version 1/),
    ]);
  });

  it('what the shipped verify and seal do not know yet: a dropped month reads as events removed (docs/scaling.md, "Not done yet")', async () => {
    // verify starts every chain and the seal chain at their first event: the streams that go on across the cut and
    // the seal stream are missing their start, and the receipt's seal cannot be reached
    const report = await verifyStore(pool, { receipt: closing.receipt });
    expect(report.ok).toBe(false);
    expect(report.breaks.map((b) => [b.streamId, b.reasonKey])).toEqual(
      expect.arrayContaining([
        [SEAL_STREAM, 'chain.versionMissing'],
        ['jackpot-J1', 'chain.versionMissing'],
        [SEAL_STREAM, 'receipt.newerThanStore'],
      ]),
    );
    // and a seal refuses to be written over a seal chain it cannot check from its start
    await expect(createSeal(pool, { gamingDay: '2026-12-02' })).rejects.toBeInstanceOf(SealRefusedError);
  });
});
