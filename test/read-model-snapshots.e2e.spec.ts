/**
 * Read models rebuilt once months are out of the store (issue 23 §4, docs/scaling.md §4): three simulated gaming
 * days in three months of a partitioned store, each month closed by its turn; before a month is dropped every read
 * model's snapshot is taken at its closing seal (snapshots.ts), and a rebuild afterwards starts from it. Every table
 * of every read model, rebuilt after one drop and after two, is row for row the live one (which read every month as
 * it came) and the one a full rebuild gave before any drop. What cannot be right is refused and named: a read model
 * without a snapshot, a snapshot whose tables no longer have the live columns, a seal an older transaction still
 * hides.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PoolClient } from 'pg';
import { backupStore, BackupFileError } from '../libs/backup/src';
import { archivedMonths } from '../libs/event-store/src/postgres/month-drop';
import { turnMonth } from '../libs/event-store/src/postgres/month-turn';
import { verifyStore } from '../libs/event-store/src/postgres/postgres-verifier';
import { Runtime, startRuntime } from '../libs/platform/src';
import { Projector, rebuildProjection, RebuildRefusedError, rebuildStarts } from '../libs/projections/src';
import { readModelSnapshots, SnapshotRefusedError } from '../libs/projections/src/snapshot-tables';
import { closingSealCheckpoint, refuseLiveBehind, takeSnapshots } from '../libs/projections/src/snapshots';
import { loadAdvantagePlay } from '../libs/projections/src/players/advantage-play-report';
import { advantagePlayInspectorRows, advantagePlayText } from '../libs/reports/src/advantage-play-format';
import { exportCheckAndDrop } from './support/drop-month';
import { createTestDatabase, TestDatabase } from './support/database';
import { recordSimulatedDay } from './support/simulated-day';

jest.setTimeout(300_000);

let db: TestDatabase;
let runtime: Runtime;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-snapshots-'));
/** every read model's tables as a full rebuild left them before any month was dropped */
let beforeDrop: Record<string, string>;

const day = (gamingDay: string, seed: number) =>
  recordSimulatedDay(runtime.ingestion, { tables: 4, rounds: 12, seed, errorRate: 0.05, gamingDay, casinoId: 'casino-snapshots' });

/** Each table of each read model: its row count and the md5 of its rows in a fixed order. */
async function readModelTables(suffix = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const p of runtime.projections) {
    for (const table of p.tables) {
      const r = await runtime.pool.query(
        `SELECT count(*)::int AS n, md5(coalesce(string_agg(row_to_json(t)::text, ',' ORDER BY row_to_json(t)::text), '')) AS sum FROM ${table}${suffix} t`,
      );
      out[table] = `${r.rows[0].n} ${r.rows[0].sum}`;
    }
  }
  return out;
}

async function rebuildAll(): Promise<void> {
  for (const p of runtime.projections) await rebuildProjection(runtime.pool, runtime.store, p);
}

/** `month` written to its file, checked against its closing seal, and dropped, as `archive MONTH --drop` does. */
const drop = (month: string) => exportCheckAndDrop(runtime.pool, month, dir);

beforeAll(async () => {
  db = await createTestDatabase('ca_snapshots');
  runtime = await startRuntime({ databaseUrl: db.url, projectorBatchSize: 97 });
  await day('2026-10-30', 41);
  await turnMonth(runtime.pool, '2026-10');
  await day('2026-11-12', 42);
  await turnMonth(runtime.pool, '2026-11');
  await day('2026-12-03', 43);
  await runtime.projector.catchUp();
  await rebuildAll();
  beforeDrop = await readModelTables();
});

afterAll(async () => {
  await runtime?.close();
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('read models after archive --drop', () => {
  it('takes each read model’s snapshot at the closing seal: what the feed held up to it, and nothing after', async () => {
    const seal = await closingSealCheckpoint(runtime.pool, '2026-10');
    const outcomes = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2026-10');
    expect(outcomes.map((o) => [o.projection, o.outcome])).toEqual(runtime.projections.map((p) => [p.name, 'taken']));
    // the events up to the seal in the feed's order (transaction, position), counted apart from the projector
    const upToSeal = Number(
      (
        await runtime.pool.query(`SELECT count(*)::int AS n FROM ca_events WHERE (transaction_id, global_position) <= ($1::text::xid8, $2::bigint)`, [
          seal.transactionId.toString(),
          seal.globalPosition.toString(),
        ])
      ).rows[0].n,
    );
    const october = Number(
      (await runtime.pool.query(`SELECT count(*)::int AS n FROM ca_events WHERE global_position < $1`, [seal.globalPosition.toString()])).rows[0].n,
    );
    expect(upToSeal).toBe(october + 1); // the month and its closing seal
    for (const s of (await readModelSnapshots(runtime.pool)).values()) {
      expect(s).toMatchObject({ month: '2026-10', checkpoint: seal, events: upToSeal });
    }
    // the table books of the snapshot are October's sessions, and only theirs
    const days = await runtime.pool.query('SELECT gaming_day, count(*)::int AS n FROM table_books__snapshot GROUP BY 1');
    expect(days.rows).toEqual([{ gaming_day: '2026-10-30', n: 4 }]);
    // taken again (a drop tried again): kept as it is
    const again = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2026-10');
    expect(new Set(again.map((o) => o.outcome))).toEqual(new Set(['kept']));
  });

  it('rebuilds every read model after October is dropped: row for row the live tables and the full rebuild before the drop', async () => {
    await drop('2026-10');
    const live = await readModelTables();
    expect(live).toEqual(beforeDrop);
    const { starts } = await rebuildStarts(
      runtime.pool,
      runtime.projections.map((p) => p.name),
    );
    expect([...starts.values()].every((s) => s?.month === '2026-10')).toBe(true);
    await rebuildAll();
    expect(await readModelTables()).toEqual(beforeDrop);
  });

  it('does not test stakes against the count on a day with facts out of the store, and names the sessions and the month', async () => {
    const sessions = (
      await runtime.pool.query(
        "SELECT DISTINCT session_id FROM table_books WHERE gaming_day = '2026-10-30' AND casino_id = 'casino-snapshots' ORDER BY session_id",
      )
    ).rows.map((r) => r.session_id as string);
    expect(sessions.length).toBeGreaterThan(0);
    const october = await loadAdvantagePlay(runtime, { gamingDay: '2026-10-30', casinoId: 'casino-snapshots' });
    expect(october.archived).toEqual({ sessions, months: [{ month: '2026-10', file: (await archivedMonths(runtime.pool))[0].file }] });
    expect([october.players, october.tested, october.findings, october.untested]).toEqual([[], [], [], 0]);
    // said in every form the report takes, never an empty section that reads as a clean day
    expect(advantagePlayText(october)).toContain('not tested');
    expect(advantagePlayText(october, 'es')).toContain('sin examinar');
    expect(advantagePlayInspectorRows([october])[0]).toEqual([
      'advantage-play',
      'casino-snapshots',
      '',
      sessions.join(' '),
      '',
      '',
      'not tested',
      expect.stringContaining('2026-10'),
    ]);
    // a day whose facts are all online is tested as before
    const november = await loadAdvantagePlay(runtime, { gamingDay: '2026-11-12', casinoId: 'casino-snapshots' });
    expect(november.archived).toBeNull();
    expect(advantagePlayText(november)).not.toContain('not tested');
  });

  it('goes on after the drop: live and rebuilt alike, and a second month out carries the snapshot forward', async () => {
    await day('2026-12-04', 44);
    await runtime.projector.catchUp();
    const live = await readModelTables();
    expect(live).not.toEqual(beforeDrop);
    await rebuildAll();
    expect(await readModelTables()).toEqual(live);

    // November's snapshot is October's read on to November's closing seal: the feed before it is gone
    const outcomes = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2026-11');
    expect(new Set(outcomes.map((o) => o.outcome))).toEqual(new Set(['taken']));
    // the second month out: its file checks from the heads October's drop kept (the seal stream's among them)
    await drop('2026-11');
    expect((await verifyStore(runtime.pool)).ok).toBe(true);
    await rebuildAll();
    expect(await readModelTables()).toEqual(live);
  });

  it('refuses the rebuild of a read model without a snapshot at the last month out, and leaves its rows as they are', async () => {
    const live = await readModelTables();
    await runtime.pool.query(`UPDATE ca_read_model_snapshots SET month = '2026-10' WHERE projection = 'jackpots'`);
    try {
      await expect(rebuildStarts(runtime.pool, ['table-book', 'jackpots'])).rejects.toThrow(RebuildRefusedError);
      const jackpots = runtime.projections.find((p) => p.name === 'jackpots')!;
      const refused = await rebuildProjection(runtime.pool, runtime.store, jackpots).catch((e: RebuildRefusedError) => e);
      expect(refused).toBeInstanceOf(RebuildRefusedError);
      expect((refused as RebuildRefusedError).because).toEqual({
        key: 'rebuild.archivedMonths',
        values: { name: 'jackpots', months: '2026-10, 2026-11', last: '2026-11' },
      });
      // nor is the store backed up: its restore could not rebuild the read model
      const file = path.join(dir, 'refused.backup');
      const backup = await backupStore({
        pool: runtime.pool,
        file,
        readModelTables: runtime.projections.flatMap((p) => p.tables),
        readModels: runtime.projections.map((p) => p.name),
        source: { embedded: false, database: db.name },
        software: 'test',
      }).catch((e: BackupFileError) => e);
      expect(backup).toBeInstanceOf(BackupFileError);
      expect((backup as BackupFileError).because.values?.reason).toEqual({
        key: 'backupFile.archivedMonths',
        values: { months: '2026-10, 2026-11', names: 'jackpots' },
      });
      expect(fs.existsSync(file)).toBe(false);
      expect((refused as Error).message).toContain(
        "jackpots is not rebuilt: 2026-10, 2026-11 were taken out of the store (archive --drop) and it has no snapshot at 2026-11's closing seal",
      );
      // and the next month's snapshots name it, not guess it
      await turnMonth(runtime.pool, '2026-12');
      const outcomes = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2026-12');
      const missing = outcomes.filter((o) => o.outcome === 'missing');
      expect(missing).toEqual([
        { projection: 'jackpots', outcome: 'missing', reason: { key: 'snapshot.noBase', values: { name: 'jackpots', last: '2026-11' } } },
      ]);
      expect(outcomes.filter((o) => o.outcome === 'taken')).toHaveLength(runtime.projections.length - 1);
    } finally {
      await runtime.pool.query(`UPDATE ca_read_model_snapshots SET month = '2026-11' WHERE projection = 'jackpots'`);
    }
    expect(await readModelTables()).toEqual(live);
  });

  it('refuses a snapshot whose tables no longer have the live columns, naming the table', async () => {
    const live = await readModelTables();
    const tableBook = runtime.projections.find((p) => p.name === 'table-book')!;
    const [first] = tableBook.tables;
    const column = (await runtime.pool.query(`SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum = 2`, [first])).rows[0].attname;
    const restore = await runtime.pool.query(`SELECT * FROM ${first}__snapshot`);
    await runtime.pool.query(`ALTER TABLE ${first}__snapshot DROP COLUMN ${column}`);
    try {
      const refused = await rebuildProjection(runtime.pool, runtime.store, tableBook).catch((e: SnapshotRefusedError) => e);
      expect(refused).toBeInstanceOf(SnapshotRefusedError);
      expect((refused as SnapshotRefusedError).because).toEqual({
        key: 'snapshot.shape',
        values: { name: 'table-book', table: first, snapshot: `${first}__snapshot` },
      });
      expect(await readModelTables()).toEqual(live);
    } finally {
      // the snapshot back as it was, for the cases after this one
      await runtime.pool.query(`DROP TABLE ${first}__snapshot`);
      await runtime.pool.query(`CREATE TABLE ${first}__snapshot (LIKE ${first} INCLUDING ALL)`);
      for (const row of restore.rows) {
        const names = Object.keys(row);
        await runtime.pool.query(
          `INSERT INTO ${first}__snapshot (${names.map((n) => `"${n}"`).join(', ')}) SELECT * FROM json_populate_record(NULL::${first}__snapshot, $1)`,
          [JSON.stringify(row)],
        );
      }
    }
  });

  it('refuses a snapshot while a transaction older than the closing seal is still open, keeping the one before', async () => {
    const held: PoolClient = await runtime.pool.connect();
    try {
      // a transaction that began before the turn and has not ended: the feed cannot be read up to the seal yet
      await held.query('BEGIN');
      await held.query('SELECT pg_current_xact_id()');
      await day('2027-01-02', 45);
      await turnMonth(runtime.pool, '2027-01');
      const before = await readModelSnapshots(runtime.pool);
      const refused = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2027-01', { horizonWaitMs: 300 }).catch((e: Error) => e);
      expect(refused).toBeInstanceOf(SnapshotRefusedError);
      expect((refused as SnapshotRefusedError).because.key).toBe('snapshot.unreachable');
      expect(await readModelSnapshots(runtime.pool)).toEqual(before);
      const leftovers = await runtime.pool.query(`SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE '%\\_\\_snapshot\\_next'`);
      expect(leftovers.rows[0].n).toBe(0);
    } finally {
      await held.query('ROLLBACK');
      held.release();
    }
    // once it ends, the snapshot is taken
    const outcomes = await takeSnapshots(runtime.pool, runtime.store, runtime.projections, '2027-01');
    expect(outcomes.filter((o) => o.outcome === 'taken').length).toBeGreaterThan(0);
  });

  it('refuses to drop a month while a live read model has not read up to its closing seal', async () => {
    await runtime.projector.catchUp();
    const saved = (await runtime.pool.query(`SELECT * FROM ca_projection_checkpoints WHERE name = 'jackpots'`)).rows[0];
    await runtime.pool.query(`DELETE FROM ca_projection_checkpoints WHERE name = 'jackpots'`);
    try {
      const refused = await refuseLiveBehind(runtime.pool, runtime.projections, '2027-01').catch((e: SnapshotRefusedError) => e);
      expect(refused).toBeInstanceOf(SnapshotRefusedError);
      expect((refused as SnapshotRefusedError).because).toEqual({ key: 'snapshot.liveBehind', values: { names: 'jackpots', month: '2027-01' } });
    } finally {
      await runtime.pool.query(`INSERT INTO ca_projection_checkpoints SELECT * FROM json_populate_record(NULL::ca_projection_checkpoints, $1)`, [
        JSON.stringify(saved),
      ]);
    }
    await expect(refuseLiveBehind(runtime.pool, runtime.projections, '2027-01')).resolves.toBeUndefined();
  });

  it('does not feed a live read model that never read the feed once months are out, and its rebuild starts it from its snapshot', async () => {
    await runtime.projector.catchUp();
    const live = await readModelTables();
    const jackpots = runtime.projections.find((p) => p.name === 'jackpots')!;
    // as a read model added after the drop, or whose checkpoint a migration removed, finds the store
    await runtime.pool.query(`DELETE FROM ca_projection_checkpoints WHERE name = 'jackpots'`);
    for (const table of jackpots.tables) await runtime.pool.query(`DELETE FROM ${table}`);
    const told: Array<[string, readonly string[]]> = [];
    const projector = new Projector(runtime.pool, runtime.store, [jackpots], { onUnfed: (name, months) => told.push([name, months]) });
    expect(await projector.catchUp()).toBe(0);
    expect(await projector.catchUp()).toBe(0);
    expect(told).toEqual([['jackpots', ['2026-10', '2026-11']]]);
    for (const table of jackpots.tables) expect((await runtime.pool.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n).toBe(0);
    await rebuildProjection(runtime.pool, runtime.store, jackpots);
    expect(await readModelTables()).toEqual(live);
  });

  it('refuses to swap in a rebuild during which a month left the store', async () => {
    const tableBook = runtime.projections.find((p) => p.name === 'table-book')!;
    const live = await readModelTables();
    // the month dropped as the rebuild reads its first page (its start chosen before)
    let dropped: Promise<unknown> | undefined;
    const store = new Proxy(runtime.store, {
      get(target, prop, receiver) {
        const v = Reflect.get(target, prop, receiver);
        if (prop !== 'readFeedOf') return typeof v === 'function' ? v.bind(target) : v;
        return async (...args: Parameters<typeof target.readFeedOf>) => {
          dropped ??= drop('2026-12');
          await dropped;
          return target.readFeedOf(...args);
        };
      },
    });
    const refused = await rebuildProjection(runtime.pool, store, tableBook).catch((e: RebuildRefusedError) => e);
    expect(dropped).toBeDefined();
    expect(refused).toBeInstanceOf(RebuildRefusedError);
    expect((refused as RebuildRefusedError).because).toEqual({
      key: 'rebuild.droppedMeanwhile',
      values: { name: 'table-book', months: '2026-10, 2026-11, 2026-12' },
    });
    expect(await readModelTables()).toEqual(live);
    // rebuilt again, from its snapshot at December's seal: the same rows
    await rebuildProjection(runtime.pool, runtime.store, tableBook);
    expect(await readModelTables()).toEqual(live);
  });

  it('refuses a month without a closing seal', async () => {
    const refused = await closingSealCheckpoint(runtime.pool, '2027-02').catch((e: SnapshotRefusedError) => e);
    expect(refused).toBeInstanceOf(SnapshotRefusedError);
    expect((refused as SnapshotRefusedError).message).toBe('2027-02 has no closing seal in the store: close it first (`seal --close-month 2027-02`)');
  });
});
