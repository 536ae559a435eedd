import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { spawn } from 'node:child_process';
import { BIN, cli, inEnglish, ROOT } from './support/cli';
import { createTestDatabase, TestDatabase } from './support/database';
import { envelope, opened, SAMPLE_FILE, SAMPLE_SESSION } from './support/sample';

describe('casino-audit command line', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-cli-'));

  beforeAll(async () => {
    db = await createTestDatabase();
    env = { DATABASE_URL: db.url };
  });
  afterAll(async () => {
    await db.drop();
  });

  it('imports a session, reports its table book as JSON and CSV, and re-imports as duplicates', async () => {
    const first = await cli(['import', SAMPLE_FILE], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/appended 37 · duplicate 0 · refused 0/);

    const json = await cli(['report', 'table-book', '--session', SAMPLE_SESSION, '--json'], env);
    expect(json.code).toBe(0);
    const book = JSON.parse(json.stdout);
    expect(book).toMatchObject({ sessionId: SAMPLE_SESSION, drop: 170000, win: 210000, status: 'closed' });

    const csv = await cli(['report', 'table-book', '--session', SAMPLE_SESSION, '--csv'], env);
    expect(csv.stdout.split('\n')[0]).toBe('field,value,detail');
    expect(csv.stdout).toMatch(/^win,210000,/m);

    const again = await cli(['import', SAMPLE_FILE, '--json'], env);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ appended: 0, duplicate: 37, refused: 0 });
  });

  it('serves until SIGTERM, then stops the projector, closes and exits 0', async () => {
    const child = spawn(process.execPath, [BIN, ...inEnglish(['serve', '--port', '0'], env)], { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`serve did not start: ${output}`)), 60_000);
      const onData = (d: Buffer) => {
        output += d;
        if (/listening on/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
  }, 90_000);

  it('exits 1 on a file with a bad line, names line and field, and stores nothing', async () => {
    const file = path.join(tmp, 'bad.ndjson');
    fs.writeFileSync(file, [opened('cli-bad'), envelope('CashExchanged', { sessionId: 'cli-bad', amount: -5 })].map((e) => JSON.stringify(e)).join('\n'));
    const result = await cli(['import', file], env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/line 2: data\.amount: must not be negative|line 2: data\.amount: must be greater than zero/);
    expect(result.stderr).toMatch(/nothing of this file was stored/);
    const report = await cli(['report', 'table-book', '--session', 'cli-bad', '--json'], env);
    expect(report.code).toBe(1);
  });

  it('verify passes on an intact store and names the first broken position after an edit in SQL', async () => {
    const ok = await cli(['verify'], env);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/chain is intact/);

    // an insider with database rights edits a payout behind the application's back
    const client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query('ALTER TABLE ca_event_rows DISABLE TRIGGER ca_events_no_update');
    const target = await client.query(
      `UPDATE ca_events SET data = jsonb_set(data::jsonb, '{payout}', '350000') WHERE event_type = 'BetSettled' AND data->>'betId' = 'b-1' RETURNING stream_id, stream_version, global_position`,
    );
    await client.query('ALTER TABLE ca_event_rows ENABLE TRIGGER ca_events_no_update');
    await client.end();
    const { stream_id, stream_version, global_position } = target.rows[0];

    const broken = await cli(['verify', '--json'], env);
    expect(broken.code).toBe(1);
    const report = JSON.parse(broken.stdout);
    expect(report.ok).toBe(false);
    expect(report.breaks[0]).toMatchObject({
      streamId: stream_id,
      streamVersion: stream_version,
      globalPosition: String(global_position),
      reason: expect.stringMatching(/edited/),
    });
    const text = await cli(['verify'], env);
    expect(text.stdout).toMatch(new RegExp(`first broken position: stream ${stream_id} version ${stream_version}`));
  });

  it('rebuilds the projections from the first event with a progress line', async () => {
    const result = await cli(['projections', 'rebuild'], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/table-book: rebuilt from \d+ events/);
    const json = await cli(['report', 'table-book', '--session', SAMPLE_SESSION, '--json'], env);
    expect(JSON.parse(json.stdout)).toMatchObject({ win: 210000 });
  });

  it('a simulated day played again from the same seed with other options is refused with what to change, and nothing of it stored', async () => {
    // its own store: the simulated day must not mix with the sample session the tests above read
    const own = await createTestDatabase('ca_cli_seed');
    try {
      const at = { DATABASE_URL: own.url };
      const first = await cli(['simulate', '--tables', '2', '--rounds', '3', '--seed', '5'], at);
      expect(first.code).toBe(0);
      const count = async () => {
        const c = new Client({ connectionString: own.url });
        await c.connect();
        const n = Number((await c.query('SELECT count(*) AS n FROM ca_events')).rows[0].n);
        await c.end();
        return n;
      };
      const stored = await count();
      // the same options again: every event a duplicate, as any re-sent fact
      expect((await cli(['simulate', '--tables', '2', '--rounds', '3', '--seed', '5'], at)).stdout).toMatch(/0 new, \d+ duplicate/);
      // other options, the same seed: the same ids would name other facts
      const other = await cli(['simulate', '--tables', '3', '--rounds', '3', '--seed', '5'], at);
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/already holds the simulated gaming day 2026-11-21 of casino-sim from seed 5, played with other options/);
      expect(other.stderr).toMatch(/Choose another --seed, or another store/);
      expect(other.stderr).not.toMatch(/bug in the simulator/);
      expect(await count()).toBe(stored);
    } finally {
      await own.drop();
    }
  });

  it('refuses a one-table demo, naming the option and the rule a single table cannot keep, and more tables than its floor has', async () => {
    const one = await cli(['demo', '--tables', '1', '--no-serve'], env);
    expect(one.code).not.toBe(0);
    expect(one.stderr).toMatch(/--tables/);
    expect(one.stderr).toMatch(
      /expected a whole number ≥ 2: the demo's casino, in Euskadi, must keep a roulette and a card table in service \(euskadi L12952–12958\), got "1"/,
    );
    const many = await cli(['demo', '--tables', '16', '--no-serve'], env);
    expect(many.code).not.toBe(0);
    expect(many.stderr).toMatch(/expected a whole number from 2 to 15: the demo's floor has 15 tables, got "16"/);
  });
});
