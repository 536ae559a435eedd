/**
 * Backup and restore a regulator can trust (issue 18 §4), through the built command line on real
 * databases: a simulated day backed up and restored into a new database verifies and gives every read
 * model back row for row; an older backup restored with a newer receipt is not served until the
 * operator acknowledges it; a damaged, cut-short or rewritten file and a non-empty target are refused.
 */
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { Pool } from 'pg';
import { AccessService } from '../libs/access/src';
import { readBackup, STORE_ROW_TABLES } from '../libs/backup/src';
import { createSeal } from '../libs/event-store/src/seal';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential } from './support/access';
import { assertBuilt, BIN, cli, inEnglish, ROOT } from './support/cli';
import { createTestDatabase, migratedStore, TestDatabase } from './support/database';
import { recordSimulatedDay } from './support/simulated-day';

jest.setTimeout(600_000); // each test runs the built CLI several times (each start migrates and may start an embedded server)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-audit-backup-'));
const DAY_1 = { tables: 4, rounds: 25, seed: 11, errorRate: 0.05, gamingDay: '2026-11-21' };
const DAY_2 = { tables: 2, rounds: 10, seed: 12, errorRate: 0.05, gamingDay: '2026-11-22' };

const databases: TestDatabase[] = [];
const pools: Pool[] = [];
async function database(): Promise<TestDatabase> {
  const db = await createTestDatabase('ca_backup');
  databases.push(db);
  return db;
}
function pool(url: string): Pool {
  const p = new Pool({ connectionString: url, max: 2 });
  p.on('error', () => undefined);
  pools.push(p);
  return p;
}
const at = (db: TestDatabase) => ({ DATABASE_URL: db.url });

/** Every row of a table as JSON text, sorted: two tables are equal when these are. */
async function rowsOf(p: Pool, table: string, columns = '*'): Promise<string[]> {
  const { rows } = await p.query(`SELECT row_to_json(t)::text AS j FROM (SELECT ${columns} FROM ${table}) t`);
  return rows.map((r) => r.j as string).sort();
}

/** The restored tables hold exactly the original's rows, read models included. */
async function expectSameStore(original: Pool, restored: Pool, readModelTables: readonly string[]) {
  // every column of the events but the writer's transaction id, which belongs to the old server
  const eventColumns =
    'global_position, stream_id, stream_version, event_id, event_type, data, metadata, occurred_at, recorded_at, content_hash, prev_hash, hash';
  expect(await rowsOf(restored, 'ca_events', eventColumns)).toEqual(await rowsOf(original, 'ca_events', eventColumns));
  for (const table of ['ca_streams', 'ca_credentials', 'ca_access_log']) expect(await rowsOf(restored, table)).toEqual(await rowsOf(original, table));
  const filled: string[] = [];
  for (const table of readModelTables) {
    const before = await rowsOf(original, table);
    if (before.length) filled.push(table);
    expect({ table, rows: await rowsOf(restored, table) }).toEqual({ table, rows: before });
  }
  // the day filled the main read models (a table of a kind the day never had, say jackpot wins, may stay empty)
  expect(filled).toEqual(expect.arrayContaining(['table_books', 'reconciliations', 'round_verdicts', 'inspector_log']));
}

/** `serve` until it says it listens (then stopped with SIGTERM), or until it exits by itself; in English, as `cli` runs every command here. */
function serveOnce(env: Record<string, string>): Promise<{ code: number | null; listening: boolean; stdout: string; stderr: string }> {
  assertBuilt();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...inEnglish(['serve', '--port', '0'], env)], {
      cwd: ROOT,
      env: { ...process.env, CASINO_AUDIT_BOOTSTRAP: 'off', ...env },
    });
    let stdout = '';
    let stderr = '';
    let listening = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      if (!listening && stdout.includes('listening on')) {
        listening = true;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, listening, stdout, stderr });
    });
  });
}

/** Rewrite a backup's uncompressed lines (an attacker with the file, or a damaged copy). */
function rewrite(from: string, to: string, edit: (lines: string[]) => string[]) {
  const lines = zlib.gunzipSync(fs.readFileSync(from)).toString('utf8').split('\n').filter(Boolean);
  fs.writeFileSync(to, zlib.gzipSync(Buffer.from(`${edit(lines).join('\n')}\n`)));
}

let original: TestDatabase;
let originalPool: Pool;
let readModelTables: string[];
let adminSecret: string;
const dayOneFile = path.join(dir, 'day-1.backup');

beforeAll(async () => {
  original = await database();
  const runtime: Runtime = await startRuntime({ databaseUrl: original.url });
  try {
    await recordSimulatedDay(runtime.ingestion, DAY_1);
    adminSecret = (await issueCredential(runtime, 'admin', { subject: 'alice' })).secret;
    await new AccessService(runtime.pool).record({
      principal: { subject: 'alice', roles: ['admin'] },
      kind: 'replay',
      method: 'GET',
      route: '/api/v1/rounds/:id/replay',
      path: '/api/v1/rounds/r-1/replay',
      format: 'json',
      outcome: 'allowed',
    });
    await runtime.projector.catchUp();
    readModelTables = runtime.projections.flatMap((p) => p.tables);
  } finally {
    await runtime.close();
  }
  originalPool = pool(original.url);
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end().catch(() => undefined)));
  await Promise.all(databases.map((d) => d.drop().catch(() => undefined)));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('a simulated day, backed up and restored into a new database: verify passes with its receipt, every read model equals the original, and the store takes new facts after the restored ones', async () => {
    const backup = await cli(['backup', dayOneFile], at(original));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    const manifest = await readBackup(dayOneFile);
    const events = Number((await originalPool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
    expect(manifest.events).toBe(events);
    // the day closed, so the store was sealed at its close; the backup's receipt is that seal
    expect(manifest.receipt).toMatch(/^ca-seal:1:[0-9a-f]{64}$/);
    expect(manifest.unsealedEvents).toBe(0);
    expect(manifest.tables).toMatchObject({ ca_events: events, ca_credentials: 1, ca_access_log: 1 });
    // each event once: the tables behind the store's views travel as its rows, not again as tables
    for (const table of STORE_ROW_TABLES) expect(manifest.tables).not.toHaveProperty(table);
    expect(manifest.readModels).toEqual(expect.arrayContaining(['table-book', 'round-verdicts']));
    expect(backup.stdout).toContain(`receipt: ${manifest.receipt}`);

    const restored = await database();
    const restore = await cli(['restore', dayOneFile, '--receipt', manifest.receipt!], at(restored));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`restored ${events} events`);

    const verify = await cli(['verify', '--receipt', manifest.receipt!], at(restored));
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain(`verified ${events} events`);
    expect(verify.stdout).toContain("holds the receipt's seal #1");

    const restoredPool = pool(restored.url);
    await expectSameStore(originalPool, restoredPool, readModelTables);
    // the credentials came along: a token issued before the backup opens the restored deployment
    expect((await new AccessService(restoredPool).verify(adminSecret)).ok).toBe(true);

    // the restored store goes on: the next day's facts land after the restored ones in this server's feed
    const runtime = await startRuntime({ databaseUrl: restored.url });
    try {
      const day2 = await recordSimulatedDay(runtime.ingestion, DAY_2);
      await runtime.projector.catchUp();
      const books = (await runtime.pool.query('SELECT session_id FROM table_books')).rows.map((r) => r.session_id);
      for (const s of day2.sessions) expect(books).toContain(s.sessionId);
      expect(books.length).toBe(DAY_1.tables + DAY_2.tables);
    } finally {
      await runtime.close();
    }
    expect((await cli(['verify'], at(restored))).code).toBe(0);
    const served = await serveOnce(at(restored));
    expect(served.stderr).not.toContain('refusing');
    expect(served.listening).toBe(true);
  });

  it('a backup written before the tables behind the store were left out (each event twice) restores the same store', async () => {
    // the file as casino-audit wrote it until 2026-12-02: the rows behind the views carried as tables too
    const older = path.join(dir, 'older.backup');
    const behind: string[] = [];
    for (const table of ['ca_stream_ids', 'ca_event_metadata', 'ca_event_rows']) {
      const rows = (await originalPool.query(`SELECT row_to_json(t)::text AS j FROM ${table} t`)).rows;
      expect(rows.length).toBeGreaterThan(0);
      behind.push(...rows.map((r) => JSON.stringify({ table, row: JSON.parse(r.j) })));
    }
    rewrite(dayOneFile, older, (lines) => {
      const body = [...lines.slice(0, -1), ...behind];
      const manifest = JSON.parse(lines[lines.length - 1]).manifest;
      for (const line of behind) {
        const { table } = JSON.parse(line);
        manifest.tables[table] = (manifest.tables[table] ?? 0) + 1;
      }
      manifest.bodySha256 = createHash('sha256')
        .update(body.map((l) => `${l}\n`).join(''))
        .digest('hex');
      return [...body, JSON.stringify({ manifest })];
    });
    const restored = await database();
    const restore = await cli(['restore', older], at(restored));
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    await expectSameStore(originalPool, pool(restored.url), readModelTables);
  });

  it('an older backup restored with a newer receipt: restore and serve refuse, naming the receipt and the missing seals, until the operator acknowledges', async () => {
    // the original goes on to a second day, sealed: the operator holds that receipt
    const runtime = await startRuntime({ databaseUrl: original.url });
    let receipt: string;
    try {
      await recordSimulatedDay(runtime.ingestion, DAY_2);
      receipt = (await createSeal(runtime.pool)).receipt;
    } finally {
      await runtime.close();
    }
    expect(receipt).toMatch(/^ca-seal:3:/); // #2 closed day 2, #3 on demand

    const target = await database();
    const restore = await cli(['restore', dayOneFile, '--receipt', receipt], at(target));
    expect(restore.code).toBe(1);
    expect(restore.stdout).toContain(`OLDER THAN YOUR RECEIPT ${receipt}`);
    expect(restore.stdout).toContain('seals #2–#3 and every event they covered');
    expect(restore.stderr).toContain('serve will refuse this database');

    const refused = await serveOnce(at(target));
    expect(refused.listening).toBe(false);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('refusing to serve this database');
    expect(refused.stderr).toContain(receipt);
    expect(refused.stderr).toContain('restored from an older backup');
    expect(refused.stderr).toContain(`casino-audit receipts acknowledge ${receipt}`);
    // verify says the same, and a receipt it is given is kept for serve too
    const verify = await cli(['verify', '--receipt', receipt], at(target));
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain('restored from an older backup');

    const blank = await cli(['receipts', 'acknowledge', receipt, '--reason', '  '], at(target));
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('--reason');
    const ack = await cli(['receipts', 'acknowledge', receipt, '--reason', 'the newer backup was lost with its disk'], at(target));
    expect(ack.code).toBe(0);
    const list = await cli(['receipts', 'list'], at(target));
    expect(list.stdout).toContain(`${receipt}  given to restore`);
    expect(list.stdout).toContain('MISSING, acknowledged');
    expect(list.stdout).toContain('the newer backup was lost with its disk');
    const served = await serveOnce(at(target));
    expect(served.listening).toBe(true);
  });

  it('refused before anything is written: a non-empty target, a file that is not a backup, damaged, cut short, or a bad receipt', async () => {
    const intoOriginal = await cli(['restore', dayOneFile], at(original));
    expect(intoOriginal.code).toBe(2);
    expect(intoOriginal.stderr).toMatch(/the target database is not empty: it holds \d+ events, \d+ stream heads, 1 credentials, 1 access-log entries/);
    expect(intoOriginal.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const damaged = path.join(dir, 'damaged.backup');
    // one digit more in the first amount of the file: the manifest's checksum no longer matches
    rewrite(dayOneFile, damaged, (lines) => {
      // (data as its writer sent it since store migration 12: compact, "amount":5; jsonb's print before, "amount": 5)
      const i = lines.findIndex((l) => /\\"amount\\": ?\d/.test(l));
      return lines.map((l, j) => (j === i ? l.replace(/(\\"amount\\": ?)(\d)/, '$19$2') : l));
    });
    const cutShort = path.join(dir, 'cut-short.backup');
    rewrite(dayOneFile, cutShort, (lines) => lines.slice(0, -1));
    const notBackup = path.join(dir, 'not-a-backup.backup');
    fs.writeFileSync(notBackup, 'hello\n');
    const target = await database();
    const cases: [string[], RegExp][] = [
      [['restore', damaged], /does not match the checksum in its manifest .*: the file was altered or damaged/],
      [['restore', cutShort], /has no manifest at its end: the backup was cut short/],
      [['restore', notBackup], /not a readable casino-audit backup/],
      [['restore', path.join(dir, 'missing.backup')], /missing\.backup: no such file/],
      [['restore', dayOneFile, '--receipt', 'ca-seal:x'], /--receipt: not a seal receipt/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args, at(target));
      expect({ args, code: r.code }).toEqual({ args, code: 2 });
      expect(r.stderr).toMatch(message);
    }
    const targetPool = pool(target.url);
    expect(Number((await targetPool.query('SELECT count(*) AS n FROM ca_events')).rows[0].n)).toBe(0);
    expect((await targetPool.query(`SELECT to_regclass('ca_restores') AS t`)).rows[0].t).toBeNull();
  });

  it('a backup rewritten by someone with the file (the checksum recomputed): the restore verifies the chain, fails naming the event, and serve refuses the database', async () => {
    const forged = path.join(dir, 'forged.backup');
    let edited = '';
    rewrite(dayOneFile, forged, (lines) => {
      const body = lines.slice(0, -1).map((l) => {
        const row = JSON.parse(l);
        if (!edited && row.table === 'ca_events' && row.row.event_type === 'BetSettled') {
          edited = row.row.event_id;
          row.row.data = row.row.data.replace(/"payout": ?(\d+)/, (_: string, n: string) => `"payout":${Number(n) + 100000}`);
        }
        return JSON.stringify(row);
      });
      const manifest = JSON.parse(lines[lines.length - 1]).manifest;
      manifest.bodySha256 = createHash('sha256')
        .update(body.map((l) => `${l}\n`).join(''))
        .digest('hex');
      return [...body, JSON.stringify({ manifest })];
    });
    expect(edited).not.toBe('');
    const target = await database();
    const restore = await cli(['restore', forged], at(target));
    expect(restore.code).toBe(1);
    expect(restore.stdout).toContain('RESTORE FAILED');
    expect(restore.stdout).toContain('content does not match its hash');
    const refused = await serveOnce(at(target));
    expect(refused.listening).toBe(false);
    expect(refused.stderr).toMatch(/the restore of .*forged\.backup .* failed: .*content does not match its hash/);
  });

  it("writers that overlapped (the feed's order is not the positions' order): the restored feed gives the events in the original feed's order", async () => {
    const source = await database();
    const { pool: sourcePool, store } = await migratedStore(source.url, 4);
    pools.push(sourcePool);
    const fact = (streamId: string, n: number) => ({ streamId, eventId: randomUUID(), type: 'OperatorNote', data: { n } });
    await store.append([fact('s-a', 1), fact('s-b', 1)]);
    // A takes its transaction id first; B appends and commits (later id, lower positions); then A appends (higher positions)
    const a = await sourcePool.connect();
    try {
      await a.query('BEGIN');
      await a.query('SELECT pg_current_xact_id()');
      await store.append([fact('s-b', 2), fact('s-b', 3)]);
      await store.appendWith(a, [fact('s-a', 2), fact('s-a', 3)]);
      await a.query('COMMIT');
    } finally {
      a.release();
    }
    await store.append([fact('s-a', 4)]);
    const feedOrder = 'SELECT event_id FROM ca_events ORDER BY transaction_id, global_position';
    const original = (await sourcePool.query(feedOrder)).rows.map((r) => r.event_id);
    const byPosition = (await sourcePool.query('SELECT event_id FROM ca_events ORDER BY global_position')).rows.map((r) => r.event_id);
    expect(byPosition).not.toEqual(original);

    const file = path.join(dir, 'overlapped.backup');
    expect((await cli(['backup', file, '--no-seal'], at(source))).code).toBe(0);
    const target = await database();
    const restore = await cli(['restore', file], at(target));
    expect(restore.code).toBe(0);
    const targetPool = pool(target.url);
    expect((await targetPool.query(feedOrder)).rows.map((r) => r.event_id)).toEqual(original);
    expect((await targetPool.query('SELECT event_id FROM ca_events ORDER BY global_position')).rows.map((r) => r.event_id)).toEqual(byPosition);
    // and what is appended next comes after all of them
    const next = await migratedStore(target.url, 2);
    pools.push(next.pool);
    const [appended] = await next.store.append([fact('s-c', 1)]);
    const after = (await targetPool.query(feedOrder)).rows.map((r) => r.event_id);
    expect(after).toEqual([...original, appended.eventId]);
  });

  it('restores into the embedded default as well (no DATABASE_URL), and verify passes there', async () => {
    // as root, the server's user cannot enter the private temporary directory: its cluster goes to a directory of its own
    const clusters = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-clusters-'));
    fs.chmodSync(clusters, 0o755);
    const env = { DATABASE_URL: '', CASINO_AUDIT_HOME: path.join(dir, 'embedded-home'), CASINO_AUDIT_CLUSTERS: clusters };
    try {
      const restore = await cli(['restore', dayOneFile], env, 240_000);
      expect(restore.code).toBe(0);
      const manifest = await readBackup(dayOneFile);
      expect(restore.stdout).toContain(`restored ${manifest.events} events`);
      const verify = await cli(['verify', '--receipt', manifest.receipt!], env, 240_000);
      expect(verify.code).toBe(0);
      expect(verify.stdout).toContain("holds the receipt's seal #1");
    } finally {
      fs.rmSync(clusters, { recursive: true, force: true });
    }
  });
});
