/**
 * The month's turn and the month's export (month-turn.ts, month-export.ts), on real PostgreSQL. What must hold:
 * the closing seal is the next month's first position and every append in flight at the turn lands before it,
 * every append that comes during it after it; a turn made twice, too late or over a missed month is refused and
 * leaves the sequence where it was; a failed turn puts the sequence back; a month is exported only once turned,
 * page by page, and the file checks against the closing seal's receipt.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Pool, PoolClient } from 'pg';
import { createTestDatabase, migratedStore, type TestDatabase } from '../../../../test/support/database';
import { lockWaiters } from '../../../../test/support/store-migration';
import { firstPositionOfMonth, readArchive } from '../archive';
import { checkArchive } from '../archive-check';
import { openArchiveFile } from '../archive-file';
import type { NewEvent } from '../port';
import { parseReceipt, SEAL_STREAM, SealRefusedError } from '../seal';
import { exportMonth } from './month-export';
import { lastDayOf, monthAfter, turnMonth } from './month-turn';
import { PostgresEventStore } from './postgres-event-store';
import { verifyStore } from './postgres-verifier';

jest.setTimeout(60_000);

const event = (streamId: string, n = 0): NewEvent => ({
  streamId,
  eventId: randomUUID(),
  type: 'Something',
  data: { n },
  occurredAt: '2026-11-30T14:00:00.000Z',
});

let db: TestDatabase;
let pool: Pool;
let store: PostgresEventStore;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-month-turn-'));

const nextPosition = async () => {
  const { rows } = await pool.query(`SELECT last_value::text AS last, is_called FROM ca_event_positions`);
  return rows[0].is_called ? BigInt(rows[0].last) + 1n : BigInt(rows[0].last);
};

beforeAll(async () => {
  db = await createTestDatabase('ca_month_turn');
  ({ pool, store } = await migratedStore(db.url, 8));
});
afterAll(async () => {
  await store.close();
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the month’s turn', () => {
  it('names months and their last days as the calendar does', () => {
    expect([monthAfter('2026-11'), monthAfter('2026-12')]).toEqual(['2026-12', '2027-01']);
    expect([lastDayOf('2026-11'), lastDayOf('2026-12'), lastDayOf('2028-02'), lastDayOf('2027-02')]).toEqual([
      '2026-11-30',
      '2026-12-31',
      '2028-02-29',
      '2027-02-28',
    ]);
  });

  it('waits for the append in flight, seals at the next month’s first position, and holds back the appends that come meanwhile', async () => {
    await store.append([event('table-1'), event('table-1', 1)]);
    // an append in flight: its transaction holds ROW EXCLUSIVE on the events until it commits
    const inFlight: PoolClient = await pool.connect();
    await inFlight.query('BEGIN');
    const [early] = await store.appendWith(inFlight, [event('table-2')]);
    const turning = turnMonth(pool, '2026-11');
    const turnWaits = await lockWaiters(pool, (pids) => (pids.length ? pids.length : undefined));
    expect(turnWaits).toBe(1);
    // an append that comes while the turn waits queues behind the turn's lock
    const late = store.append([event('table-1', 2)]);
    expect(await lockWaiters(pool, (pids) => (pids.length >= 2 ? pids.length : undefined))).toBe(2);
    await inFlight.query('COMMIT');
    inFlight.release();
    const turn = await turning;
    const [after] = await late;

    const december = firstPositionOfMonth('2026-12');
    expect(turn).toMatchObject({ month: '2026-11', next: '2026-12', firstPosition: december });
    expect(BigInt(turn.closingSeal.seal.globalPosition)).toBe(december);
    expect(turn.closingSeal.seal).toMatchObject({ gamingDay: '2026-11-30', reason: 'month-close' });
    expect(early.globalPosition).toBeLessThan(december);
    expect(after.globalPosition).toBe(december + 1n);
    // the closing seal committed to the append that was in flight
    expect(turn.closingSeal.seal.heads['table-2']).toMatchObject({ version: 1 });
    expect((await verifyStore(pool, { receipt: parseReceipt(turn.closingSeal.receipt) })).ok).toBe(true);
  });

  it('refuses a month closed already, a month too late and a month whose turn was missed, and leaves the sequence where it was', async () => {
    const before = await nextPosition();
    const refusal = async (month: string) => {
      const error = await turnMonth(pool, month).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SealRefusedError);
      return error as SealRefusedError;
    };
    expect((await refusal('2026-11')).because.key).toBe('turn.past');
    expect((await refusal('2026-10')).because.key).toBe('turn.past');
    const missed = await refusal('2027-01');
    expect(missed.message).toBe(
      "refusing to close 2027-01: the store's positions are still in 2026-12, whose turn to 2027-01 was never made: close 2026-12 first",
    );
    expect(await nextPosition()).toBe(before);
  });

  it('a turn whose seal is refused puts the sequence back before it lets appends go', async () => {
    // the seal stream altered behind the store's back (as its owner, the triggers off): no seal may be written over it
    const db2 = await createTestDatabase('ca_month_turn_refused');
    const { pool: p2, store: s2 } = await migratedStore(db2.url, 4);
    try {
      await s2.append([event('table-9')]);
      await turnMonth(p2, '2026-11');
      await s2.append([event('table-9', 1)]);
      await p2.query(`ALTER TABLE ca_event_rows DISABLE TRIGGER USER`);
      await p2.query(
        `UPDATE ca_event_rows SET data = jsonb_set(data::jsonb, '{gamingDay}', '"2026-11-29"')::json
                       WHERE stream_number = (SELECT stream_number FROM ca_stream_ids WHERE stream_id = $1)`,
        [SEAL_STREAM],
      );
      await p2.query(`ALTER TABLE ca_event_rows ENABLE TRIGGER USER`);
      const { rows } = await p2.query(`SELECT last_value::text AS last, is_called FROM ca_event_positions`);
      const error = await turnMonth(p2, '2026-12').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SealRefusedError);
      expect((error as SealRefusedError).because.key).toBe('seal.chainBroken');
      expect((await p2.query(`SELECT last_value::text AS last, is_called FROM ca_event_positions`)).rows).toEqual(rows);
      const [next] = await s2.append([event('table-9', 2)]);
      expect(next.globalPosition).toBeLessThan(firstPositionOfMonth('2027-01'));
    } finally {
      await s2.close();
      await db2.drop();
    }
  });
});

describe('the month’s export', () => {
  it('refuses a month whose turn is not made: its range may still grow', async () => {
    await expect(exportMonth(pool, '2026-12', dir)).rejects.toMatchObject({ because: { key: 'archive.notTurned' } });
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('writes the store’s first month and the next, page by page, and each checks against its closing seal’s receipt', async () => {
    await store.append(Array.from({ length: 23 }, (_, i) => event(`table-${i % 3}`, 10 + i)));
    const january = await turnMonth(pool, '2026-12');
    const first = await exportMonth(pool, '2026-11', dir, { pageSize: 2 });
    const second = await exportMonth(pool, '2026-12', dir, { pageSize: 7 });

    // November: the store's first month, from its first event; December: opened by November's closing seal
    expect(first.manifest).toMatchObject({ month: '2026-11', events: 3, openingSeal: null, openingHeads: {}, sealStreamBefore: null, closingSeal: 1 });
    expect(second.manifest).toMatchObject({ month: '2026-12', events: 25, openingSeal: 1, closingSeal: 2 });
    expect(Object.keys(second.manifest.openingHeads).sort()).toEqual(['table-1', 'table-2']);
    expect(second.manifest.firstPosition).toBe(firstPositionOfMonth('2026-12').toString());
    expect(fs.readdirSync(dir).sort()).toEqual(['2026-11.ndjson', '2026-11.ndjson.sha256', '2026-12.ndjson', '2026-12.ndjson.sha256']);

    const december = await openArchiveFile(second.file);
    expect(december.sha256).toMatchObject({ ok: true, actual: second.sha256 });
    expect(fs.statSync(second.file).size).toBe(second.bytes);
    const check = checkArchive(readArchive(fs.readFileSync(second.file, 'utf8')), parseReceipt(january.closingSeal.receipt));
    expect(check.problems).toEqual([]);
    expect(check.events).toBe(26);
    const previous = (await pool.query(`SELECT data FROM ca_events WHERE stream_id = $1 AND stream_version = 1`, [SEAL_STREAM])).rows[0].data;
    expect(checkArchive(readArchive(fs.readFileSync(first.file, 'utf8')), { sequence: 1, sealHash: previous.sealHash }).problems).toEqual([]);
  });
});
