/**
 * The months of a store out of it, as the operator and then an inspector run it (issue 23 §4, docs/scaling.md
 * §2–§3): three months written and sealed by today's code, each closed by its turn (`seal --close-month`),
 * written out with `casino-audit archive MONTH`, then checked by `casino-audit verify-archive FILE… --receipt R`
 * without any database. One receipt, the last month's closing seal's, covers the three; an edit in one month, a
 * damaged copy, a month left out, and arguments that are not what they must be are each named, with the exit
 * code a script can act on.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { readBackup } from '../libs/backup/src';
import { archiveText, readArchive, type MonthArchive } from '../libs/event-store/src/archive';
import { chainHash, contentHash } from '../libs/event-store/src/canonical';
import { exportMonth } from '../libs/event-store/src/postgres/month-export';
import { turnMonth, type MonthTurn } from '../libs/event-store/src/postgres/month-turn';
import type { StoredEvent } from '../libs/event-store/src/port';
import { createSeal, formatReceipt } from '../libs/event-store/src/seal';
import { fact, sha256Of } from './support/archive-facts';
import { cli } from './support/cli';
import { createTestDatabase, migratedStore, type TestDatabase } from './support/database';

jest.setTimeout(120_000);

let db: TestDatabase;
let pool: Pool;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-verify-archive-'));
const files: Record<string, string> = {};
let closingOfOctober: MonthTurn;
let closingOfNovember: { stdout: string; code: number | null };
let closingOfDecember: MonthTurn;
let archivedOctober: { stdout: string; stderr: string; code: number | null };

// each fact as the contract has it (the read models read them: `archive --drop` brings them up to date)
const sessionOf = (table: string, day: string) => `session-${table}-${day}`;
const opened = (table: string, day: string) =>
  fact(
    sessionOf(table, day),
    'TableSessionOpened',
    {
      sessionId: sessionOf(table, day),
      casinoId: 'C1',
      tableId: table,
      gamingDay: day,
      game: 'french-roulette',
      jurisdiction: 'euskadi',
      limits: { min: 100, max: 360000 },
      openingFloat: { '10000': 10, '500': 100 },
      staff: { inspector: 'insp-1', croupiers: ['cr-1'] },
    },
    `${day}T21:00:00.000Z`,
  );
const bet = (table: string, day: string, amount: number) =>
  fact(sessionOf(table, day), 'BetPlaced', { sessionId: sessionOf(table, day), roundId: `${table}-${day}-r1`, amount }, `${day}T21:05:00.000Z`);
const closed = (table: string, day: string, at = `${day}T23:59:00.000Z`) =>
  fact(sessionOf(table, day), 'TableSessionClosed', { sessionId: sessionOf(table, day) }, at);
const contribution = (amount: number, at: string) => fact('jackpot-J1', 'JackpotContributed', { poolId: 'J1', amount }, at);

const run = (...args: string[]) => cli(['verify-archive', ...args], {});
const inDir = (name: string) => path.join(dir, name);

/** A copy of `file` changed by `change`, its sha256 recomputed (as anyone who rewrites a file can) unless `keepSum`. */
function altered(file: string, change: (a: MonthArchive) => MonthArchive, keepSum = false): string {
  const copy = inDir(`altered-${randomUUID()}`);
  fs.mkdirSync(copy);
  const target = path.join(copy, path.basename(file));
  fs.writeFileSync(target, archiveText(change(readArchive(fs.readFileSync(file, 'utf8')))));
  fs.writeFileSync(`${target}.sha256`, keepSum ? fs.readFileSync(`${file}.sha256`) : `${sha256Of(target)}  ${path.basename(target)}\n`);
  return target;
}

beforeAll(async () => {
  db = await createTestDatabase('ca_verify_archive');
  let store;
  ({ pool, store } = await migratedStore(db.url, 4));
  const operator = (...args: string[]) => cli(args, { DATABASE_URL: db.url });
  // October, the store's first month: a day sealed at its close, a session of the 31st still open at the turn
  await store.append([
    opened('RF-01', '2026-10-30'),
    bet('RF-01', '2026-10-30', 25),
    closed('RF-01', '2026-10-30'),
    contribution(5, '2026-10-30T21:05:00.000Z'),
  ]);
  await createSeal(pool, { gamingDay: '2026-10-30' });
  await store.append([opened('RF-02', '2026-10-31'), bet('RF-02', '2026-10-31', 40)]);
  closingOfOctober = await turnMonth(pool, '2026-10');
  // November: the session of October 31 closes after the turn; the jackpot goes on; the month closed by the operator
  await store.append([closed('RF-02', '2026-10-31', '2026-11-01T04:00:00.000Z'), contribution(7, '2026-11-01T04:00:00.000Z')]);
  await store.append([opened('RF-01', '2026-11-30'), bet('RF-01', '2026-11-30', 60), closed('RF-01', '2026-11-30')]);
  closingOfNovember = await operator('seal', '--close-month', '2026-11');
  // December, then January online
  await store.append([
    opened('RF-03', '2026-12-31'),
    bet('RF-03', '2026-12-31', 10),
    closed('RF-03', '2026-12-31'),
    contribution(3, '2026-12-31T21:05:00.000Z'),
  ]);
  closingOfDecember = await turnMonth(pool, '2026-12');
  await store.append([opened('RF-01', '2027-01-01'), contribution(4, '2027-01-01T21:05:00.000Z')]);

  archivedOctober = await operator('archive', '2026-10', '--dir', dir);
  files.october = path.join(dir, '2026-10.ndjson');
  files.november = (await exportMonth(pool, '2026-11', dir)).file;
  files.december = (await exportMonth(pool, '2026-12', dir)).file;
});

afterAll(async () => {
  await pool?.end().catch(() => undefined);
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const months = () => [files.october, files.november, files.december];

describe('the operator: seal --close-month and archive', () => {
  it('closes a month: its seal is the next month’s first event', () => {
    expect(closingOfNovember.code).toBe(0);
    expect(closingOfNovember.stdout).toMatch(/^seal #3: 4 streams \(3 changed since the previous seal\)\nreceipt: ca-seal:3:[0-9a-f]{64}\n/);
    expect(closingOfNovember.stdout).toContain(
      '2026-11 closed: this seal is the first event of 2026-12, whose positions start at 32400000000000; `casino-audit archive 2026-11` can now write it out',
    );
  });

  it('writes a closed month with its sha256, reads it back and checks it against the closing seal', () => {
    expect(archivedOctober.stderr).toBe('');
    expect(archivedOctober.code).toBe(0);
    const receipt = formatReceipt(closingOfOctober.closingSeal.seal);
    expect(archivedOctober.stdout.split('\n').filter(Boolean)).toEqual([
      `2026-10: 7 events written to ${files.october} (${fs.statSync(files.october).size} bytes), sha256 ${sha256Of(files.october)}`,
      `read back and checked against its closing seal #2: intact. Keep the file, and the receipt ${receipt} apart from it; check them with \`casino-audit verify-archive\``,
      "the month's events stay in the store; `archive 2026-10 --drop` takes them out once its file checks (docs/scaling.md §3)",
    ]);
    expect(fs.readFileSync(`${files.october}.sha256`, 'utf8')).toBe(`${sha256Of(files.october)}  2026-10.ndjson\n`);
  });

  it('refuses a month not closed yet, and what is not a month', async () => {
    const open = await cli(['archive', '2027-01', '--dir', dir], { DATABASE_URL: db.url });
    expect([open.code, open.stdout]).toEqual([2, '']);
    expect(open.stderr).toBe(
      'casino-audit: 2027-01 is not closed: no turn has moved the store to 2027-02 (seal --close-month 2027-01), so its range may still grow\n',
    );
    expect(fs.existsSync(path.join(dir, '2027-01.ndjson'))).toBe(false);
    const again = await cli(['seal', '--close-month', '2026-11'], { DATABASE_URL: db.url });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^casino-audit: refusing to close 2026-11: the store's positions are already at \d+ \(in 2027-01\)/);
    const notMonth = await cli(['archive', '2026-13'], { DATABASE_URL: db.url });
    expect(notMonth.code).not.toBe(0);
    expect(notMonth.stderr).toContain('expected a month YYYY-MM from 2000-01 to 9000-12, got "2026-13"');
  });
});

describe('the operator: archive --drop', () => {
  it('takes October out of the store once its file checks: verify still passes with the latest receipt, and the month cannot be written again', async () => {
    const operator = (...args: string[]) => cli(args, { DATABASE_URL: db.url });
    const onlineBefore = Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    const dropped = await operator('archive', '2026-10', '--dir', inDir('dropped'), '--drop');
    expect(dropped.stderr).toBe('');
    expect(dropped.code).toBe(0);
    const lines = dropped.stdout.split('\n').filter(Boolean);
    expect(lines[1]).toMatch(/^read back and checked against its closing seal #2: intact/);
    // every read model's snapshot at October's closing seal, taken before the month left
    expect(lines[2]).toBe("read models' snapshots at 2026-10's closing seal: 9 taken, 0 there already");
    expect(lines[3]).toMatch(
      /^2026-10 taken out of the store: partition ca_event_rows_history detached and dropped \(7 events\); \d+ stream heads and every event id kept online/,
    );
    // the file written by this run is the same month as the one written before the drop
    expect(fs.readFileSync(inDir('dropped/2026-10.ndjson'), 'utf8')).toBe(fs.readFileSync(files.october, 'utf8'));
    expect(Number((await pool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n)).toBe(onlineBefore - 7);
    const verify = await operator('verify', '--receipt', closingOfDecember.closingSeal.receipt);
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    const again = await operator('archive', '2026-10', '--dir', inDir('again'), '--drop');
    expect([again.code, again.stdout]).toEqual([2, '']);
    expect(again.stderr).toBe(`casino-audit: 2026-10 was taken out of the store already; its file is ${inDir('dropped/2026-10.ndjson')}\n`);
    // December cannot leave before November: months leave in order
    const early = await operator('archive', '2026-12', '--dir', inDir('dropped'), '--drop');
    expect(early.code).toBe(2);
    expect(early.stderr).toBe('casino-audit: 2026-12 is not taken out of the store: an earlier month is still in it; months leave in order\n');
    expect((await operator('verify')).code).toBe(0);

    // the drop brought the read models up to date first; they rebuild from their snapshots: October's table books
    // (one of them closed in November) are there, row for row as before
    const books = async () => (await pool.query(`SELECT row_to_json(t)::text AS row, session_id FROM table_books t ORDER BY session_id`)).rows;
    const live = await books();
    expect(live.map((b) => b.session_id)).toEqual([
      'session-RF-01-2026-10-30',
      'session-RF-01-2026-11-30',
      'session-RF-01-2027-01-01',
      'session-RF-02-2026-10-31',
      'session-RF-03-2026-12-31',
    ]);
    const rebuild = await operator('projections', 'rebuild');
    expect(rebuild.stderr).toBe('');
    expect(rebuild.code).toBe(0);
    expect(await books()).toEqual(live);

    // backed up and restored into an empty database: what the store kept of October and the read models'
    // snapshots come along; verify passes with the latest receipt and the read models rebuild to the same rows
    const backup = await operator('backup', inDir('after-drop.ndjson.gz'));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const manifest = await readBackup(inDir('after-drop.ndjson.gz'));
    expect(manifest.archivedMonths).toEqual(['2026-10']);
    expect(manifest.tables).toMatchObject({ ca_archived_months: 1, ca_read_model_snapshots: 9, table_books__snapshot: 2 });
    const target = await createTestDatabase('ca_verify_archive_restored');
    try {
      const there = (...args: string[]) => cli(args, { DATABASE_URL: target.url });
      const restore = await there('restore', inDir('after-drop.ndjson.gz'), '--receipt', closingOfDecember.closingSeal.receipt);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      const restoredVerify = await there('verify', '--receipt', closingOfDecember.closingSeal.receipt);
      expect(restoredVerify.stderr).toBe('');
      expect(restoredVerify.code).toBe(0);
      const restoredPool = new Pool({ connectionString: target.url });
      try {
        const restoredBooks = (await restoredPool.query(`SELECT row_to_json(t)::text AS row, session_id FROM table_books t ORDER BY session_id`)).rows;
        expect(restoredBooks).toEqual(live);
        // the jackpot pools October left (none here: J1's contributions name a pool never configured, which the fold
        // counts for nothing) and its mark that it kept them (store migration 15) came with it
        const pools = 'SELECT pool_id, configuration::text AS configuration, value::text AS value FROM ca_archived_jackpot_pools ORDER BY pool_id';
        expect((await restoredPool.query(pools)).rows).toEqual((await pool.query(pools)).rows);
        expect((await restoredPool.query('SELECT month, jackpot_pools_carried, states_carried FROM ca_archived_months')).rows).toEqual([
          { month: '2026-10', jackpot_pools_carried: true, states_carried: true },
        ]);
        // and each session's state October left (store migration 16), under its stream's id
        const states = `SELECT s.stream_id, a.stream_version, a.state::text AS state FROM ca_archived_stream_states a
          JOIN ca_stream_ids s USING (stream_number) ORDER BY s.stream_id`;
        const keptStates = (await pool.query(states)).rows;
        expect(keptStates.length).toBeGreaterThan(0);
        expect((await restoredPool.query(states)).rows).toEqual(keptStates);
        // it goes on as the original does: November leaves the restored store too, and its read models rebuild
        const november = await there('archive', '2026-11', '--dir', inDir('restored'), '--drop');
        expect(november.stderr).toBe('');
        expect(november.code).toBe(0);
        expect((await there('projections', 'rebuild')).code).toBe(0);
        expect((await restoredPool.query(`SELECT row_to_json(t)::text AS row, session_id FROM table_books t ORDER BY session_id`)).rows).toEqual(live);
        expect((await there('verify')).code).toBe(0);
      } finally {
        await restoredPool.end();
      }
    } finally {
      await target.drop();
    }
  });
});

describe('casino-audit verify-archive', () => {
  it('checks three consecutive months against the receipt of the last closing seal, in any order given', async () => {
    const r = await run(...months(), '--receipt', closingOfDecember.closingSeal.receipt);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toEqual([
      `${files.october}: 2026-10 intact: 8 events in 4 streams, closed by seal #2, proved by the seal that opened 2026-11`,
      '  sha256 matches 2026-10.ndjson.sha256',
      // each count holds the month's closing seal; November's and December's the seal that opened them too (their first event)
      `${files.november}: 2026-11 intact: 7 events in 4 streams, closed by seal #3, proved by the seal that opened 2026-12`,
      '  sha256 matches 2026-11.ndjson.sha256',
      `${files.december}: 2026-12 intact: 6 events in 3 streams, closed by seal #4, the receipt's seal`,
      '  sha256 matches 2026-12.ndjson.sha256',
      "3 archived month(s) intact, up to the receipt's seal #4",
    ]);
    const reversed = await run(...months().reverse(), '--receipt', closingOfDecember.closingSeal.receipt);
    expect([reversed.code, reversed.stdout]).toEqual([0, r.stdout]);
  });

  it('--json: each month, what covered it, its positions and its sha256', async () => {
    const receiptFile = inDir('receipt.txt');
    fs.writeFileSync(receiptFile, `${closingOfDecember.closingSeal.receipt}\n`);
    const r = await run(...months(), '--receipt', receiptFile, '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.ok).toBe(true);
    expect(
      report.months.map((m: { month: string; coveredBy: string; openingSeal: number | null; closingSeal: number; receiptSeal: number | null }) => [
        m.month,
        m.coveredBy,
        m.openingSeal,
        m.closingSeal,
        m.receiptSeal,
      ]),
    ).toEqual([
      ['2026-10', 'next-month', null, 2, 2],
      ['2026-11', 'next-month', 2, 3, 3],
      ['2026-12', 'receipt', 3, 4, 4],
    ]);
    expect(report.months[1]).toMatchObject({
      file: files.november,
      ok: true,
      problems: [],
      sha256: { file: '2026-11.ndjson.sha256', ok: true, actual: sha256Of(files.november) },
    });
    expect(BigInt(report.months[1].firstPosition)).toBe(BigInt(closingOfOctober.closingSeal.seal.globalPosition));
  });

  it('a month alone is checked against its own closing seal only: an earlier receipt or a later month’s does not cover it', async () => {
    expect((await run(files.december, '--receipt', closingOfDecember.closingSeal.receipt)).code).toBe(0);
    const november = await run(files.november, '--receipt', closingOfDecember.closingSeal.receipt);
    expect(november.code).toBe(1);
    expect(november.stdout).toContain(`${files.november}: 2026-11 BROKEN: 1 problem(s)`);
    expect(november.stdout).toMatch(/stream seal-store version 4: the receipt ca-seal:4:[0-9a-f]+… names none of the good seals here \(#3\)/);
    expect(november.stdout).toContain('ARCHIVE BROKEN: 1 of 1 month(s) fail their check');
    const october = await run(files.october, '--receipt', closingOfOctober.closingSeal.receipt);
    expect(october.code).toBe(0);
  });

  it('an event edited in November, its hashes recomputed: November is named, and October, which only November’s opening seal could prove, is not covered', async () => {
    const edited = altered(files.november, (a) => {
      let prev = '';
      const events: StoredEvent[] = a.events.map((e) => {
        if (e.streamId !== 'session-RF-01-2026-11-30') return e;
        const data = e.type === 'BetPlaced' ? { ...e.data, amount: 6000 } : e.data;
        const content = contentHash({ ...e, data });
        prev = chainHash(prev, e.streamId, e.streamVersion, content);
        return { ...e, data, contentHash: content, hash: prev };
      });
      return { ...a, events };
    });
    const r = await run(files.october, edited, files.december, '--receipt', closingOfDecember.closingSeal.receipt);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n').filter(Boolean);
    expect(lines[0]).toBe(`${files.october}: 2026-10 BROKEN: 1 problem(s)`);
    expect(lines[1]).toMatch(
      /^ {2}stream seal-store version 2: not covered by the receipt: 2026-11, the month after, failed its check, so the seal that closed 2026-10 is not proved$/,
    );
    expect(lines).toContain(`${edited}: 2026-11 BROKEN: 1 problem(s)`);
    expect(lines.find((l) => l.includes('session-RF-01-2026-11-30'))).toMatch(
      /stream session-RF-01-2026-11-30 version 3: is not the event seal #3 .* recorded at this version: the stream was rewritten/,
    );
    expect(lines).toContain(`${files.december}: 2026-12 intact: 6 events in 3 streams, closed by seal #4, the receipt's seal`);
    expect(lines[lines.length - 1]).toBe('ARCHIVE BROKEN: 2 of 3 month(s) fail their check');
  });

  it('a copy whose bytes changed but whose content did not fails on the sha256 beside it; without one, the receipt still proves the content', async () => {
    const copyDir = inDir('damaged');
    fs.mkdirSync(copyDir);
    const damaged = path.join(copyDir, '2026-11.ndjson');
    fs.writeFileSync(damaged, `${fs.readFileSync(files.november, 'utf8')}\n`);
    fs.copyFileSync(`${files.november}.sha256`, `${damaged}.sha256`);
    const r = await run(files.october, damaged, files.december, '--receipt', closingOfDecember.closingSeal.receipt);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`${damaged}: 2026-11 BROKEN: 1 problem(s)`);
    expect(r.stdout).toContain(
      `  the file: the file's sha256 is ${sha256Of(damaged)}, 2026-11.ndjson.sha256 says ${sha256Of(files.november)}: the file was damaged or changed`,
    );
    expect(r.stdout).toContain('ARCHIVE BROKEN: 1 of 3 month(s)');

    fs.rmSync(`${damaged}.sha256`);
    const unsummed = await run(files.october, damaged, files.december, '--receipt', closingOfDecember.closingSeal.receipt);
    expect(unsummed.code).toBe(0);
    expect(unsummed.stdout).toContain("  no 2026-11.ndjson.sha256 beside it: the file's transport is not checked (the receipt still proves its content)");
  });

  it('a month left out between two: the later one does not open with the earlier one’s closing seal', async () => {
    const r = await run(files.october, files.december, '--receipt', closingOfDecember.closingSeal.receipt);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '  stream seal-store version 3: 2026-12 does not open with the seal that closed 2026-10 (seal #2; 2026-12 opens with seal #3): the months are not consecutive, or a file was altered',
    );
    expect(r.stdout).toMatch(
      /2026-10 BROKEN: 1 problem\(s\)\n {2}stream seal-store version \d+: the receipt ca-seal:3:[0-9a-f]+… names none of the good seals here \(#1, #2\)/,
    );
  });

  it('a month given twice is named', async () => {
    const copyDir = inDir('twice');
    fs.mkdirSync(copyDir);
    fs.copyFileSync(files.december, path.join(copyDir, '2026-12.ndjson'));
    const r = await run(files.november, files.december, path.join(copyDir, '2026-12.ndjson'), '--receipt', closingOfDecember.closingSeal.receipt);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('2026-12 is given twice');
  });

  it('refuses with exit 2, naming what: a missing file, a file that is not an archive, a bad receipt, no receipt', async () => {
    const missing = await run(inDir('2026-09.ndjson'), '--receipt', closingOfDecember.closingSeal.receipt);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(`casino-audit: no such file: ${inDir('2026-09.ndjson')}\n`);
    expect(missing.stdout).toBe('');

    const notArchive = inDir('events.ndjson');
    fs.writeFileSync(notArchive, '{"type":"TableSessionOpened"}\n');
    const wrong = await run(files.november, notArchive, '--receipt', closingOfDecember.closingSeal.receipt);
    expect([wrong.code, wrong.stdout]).toEqual([2, '']);
    expect(wrong.stderr).toBe(`casino-audit: ${notArchive}: not a casino-audit-month-archive file, version 1\n`);

    const truncated = inDir('truncated.ndjson');
    fs.writeFileSync(truncated, fs.readFileSync(files.november, 'utf8').split('\n').slice(0, 3).join('\n'));
    const cut = await run(truncated, '--receipt', closingOfDecember.closingSeal.receipt);
    expect([cut.code, cut.stderr]).toEqual([2, `casino-audit: ${truncated}: the archive does not end with its closing seal\n`]);

    const badReceipt = await run(files.november, '--receipt', 'ca-seal:x');
    expect(badReceipt.code).toBe(2);
    expect(badReceipt.stderr).toMatch(/^casino-audit: --receipt: not a seal receipt/);

    const noReceipt = await run(files.november);
    expect(noReceipt.code).not.toBe(0);
    expect(noReceipt.stderr).toContain('--receipt');
  });

  it('speaks the operator’s language', async () => {
    const r = await cli(['--lang', 'es', 'verify-archive', ...months(), '--receipt', closingOfDecember.closingSeal.receipt], {});
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${files.november}: 2026-11 intacto: 7 hechos en 4 flujos, cerrado por el sello n.º 3, probado por el sello que abrió 2026-12`);
    expect(r.stdout).toContain('3 meses archivados intactos, hasta el sello n.º 4 del resguardo');
    const gl = await cli(['--lang', 'gl', 'verify-archive', files.november, '--receipt', closingOfDecember.closingSeal.receipt], {});
    expect(gl.stdout).toContain('o resgardo ca-seal:4:');
    expect(gl.stdout).toContain('non nomea ningún dos selos válidos de aquí (#3)');
  });
});
