/**
 * The load benchmark's profile (issue 23 §1): statements classed as the projector and the store send them, the
 * PostgreSQL profile, the batch phases and the rate sweep rendered from fixed inputs, and the sampler run against
 * real PostgreSQL on a scratch database with backends held in known states. No benchmark run.
 */
import { Client } from 'pg';
import { parseBatchLog, renderBatchPhases } from '../bench/batch-phases';
import { renderSweep, SweepRow, sweepOptions } from '../bench/load';
import { BENCH_APPLICATION_NAME, PgProfile, renderPgProfile, serverThreadCores, startPgSampler, statementClass } from '../bench/pg-sampler';
import { PROMISE_NO_APPEND } from '../libs/event-store/src/postgres/schema';
import { createTestDatabase } from './support/database';

const tableRows = (markdown: string, firstCell: string) => markdown.split('\n').filter((l) => l.startsWith(`| ${firstCell}`));

describe('statement classes', () => {
  it('names the append, the feed read, the batch opening and a transaction end', () => {
    expect(statementClass('SELECT * FROM ca_append($1::jsonb, $2)')).toBe('append');
    expect(statementClass('SELECT e.* FROM ca_events e WHERE (e.transaction_id, e.global_position) < ca_feed_horizon() LIMIT 500')).toBe('feed');
    // the projector's opening as projector.ts sends it: begin, no-append promise and batch lock in one round trip
    expect(statementClass(`BEGIN; SET LOCAL synchronous_commit = off; ${PROMISE_NO_APPEND}; SELECT pg_advisory_xact_lock(12345)`)).toBe('batch opening');
    expect(statementClass('COMMIT')).toBe('COMMIT');
    expect(statementClass('')).toBe('—');
    expect(statementClass(null)).toBe('—');
  });

  it('names other statements by their verb and the table they write, or read first', () => {
    expect(statementClass('INSERT INTO table_books (casino_id, day) VALUES ($1, $2) ON CONFLICT (casino_id) DO UPDATE SET day = excluded.day')).toBe(
      'INSERT table_books',
    );
    expect(statementClass('UPDATE "ca_projection_checkpoints" SET events = events + $1 WHERE name = $2')).toBe('UPDATE ca_projection_checkpoints');
    expect(statementClass('DELETE FROM round_verdicts WHERE round_id = ANY($1)')).toBe('DELETE round_verdicts');
    expect(statementClass('SELECT name, events FROM ca_projection_checkpoints WHERE name = $1 FOR UPDATE')).toBe('SELECT ca_projection_checkpoints');
    expect(statementClass('WITH x AS (SELECT 1) INSERT INTO performance_sessions SELECT * FROM x')).toBe('INSERT performance_sessions');
  });
});

describe('the PostgreSQL profile, rendered', () => {
  const threads = (main: number, worker: number) => ({ '700': { name: 'node', ticks: main }, '701': { name: 'V8Worker', ticks: worker } });
  const profile: PgProfile = {
    samples: 200,
    serverPid: 700,
    activity: [
      { state: 'idle in transaction', wait: 'Client/ClientRead', statement: 'INSERT table_books', count: 120 },
      { state: 'active', wait: 'IO/WALSync', statement: 'COMMIT', count: 50 },
      { state: 'active', wait: 'CPU', statement: 'append', count: 30 },
    ],
    snapshots: [
      {
        t: 0,
        wal: { records: 1000, fpi: 100, bytes: 5_000_000, buffersFull: 2 },
        bgwriter: { checkpointsTimed: 3, checkpointsRequested: 1, buffersCheckpoint: 10, buffersClean: 0, buffersBackend: 5 },
        threads: threads(1000, 50),
      },
      {
        t: 10_000,
        wal: { records: 3000, fpi: 400, bytes: 15_000_000, buffersFull: 2 },
        bgwriter: { checkpointsTimed: 3, checkpointsRequested: 1, buffersCheckpoint: 10, buffersClean: 0, buffersBackend: 5 },
        threads: threads(1500, 90),
      },
      {
        t: 20_000,
        wal: { records: 5000, fpi: 500, bytes: 25_000_000, buffersFull: 7 },
        bgwriter: { checkpointsTimed: 4, checkpointsRequested: 2, buffersCheckpoint: 810, buffersClean: 20, buffersBackend: 305 },
        threads: threads(2800, 150),
      },
    ],
  };
  const markdown = renderPgProfile(profile, 40_000);

  it('tables where the backends were: share of samples = average backends, largest first', () => {
    expect(tableRows(markdown, 'idle in transaction')).toEqual(['| idle in transaction | Client/ClientRead | INSERT table_books | 0.600 |']);
    expect(tableRows(markdown, 'active')).toEqual(['| active | IO/WALSync | COMMIT | 0.250 |', '| active | CPU | append | 0.150 |']);
    expect(markdown).toContain('200 samples');
    expect(markdown).toContain('add up to 1.00 backends busy on average');
    expect(markdown).toContain('is PostgreSQL waiting for the server (Node) between statements of an open transaction');
  });

  it('gives the WAL rate, bytes per event, full-page images, checkpoints and who wrote buffers, from first to last snapshot', () => {
    // 20 MB in 20 s, over 40,000 events; 400 of 4,000 records with a full-page image
    expect(markdown).toContain('1.00 MB/s, 20 MB in all, 500 bytes per event appended (40,000 events)');
    expect(markdown).toContain('4,000 records, of which 400 full-page images (10 %); the WAL buffers were full 5 time(s)');
    expect(markdown).toContain('1 timed, 1 requested; buffers written by the checkpointer 800, by the background writer 20, by backends themselves 300');
  });

  it("gives the server's main thread and its others in cores", () => {
    // 1,800 ticks of the main thread and 100 of the worker in 20 s, at 100 ticks a second
    expect(serverThreadCores(profile)).toEqual({ main: 0.9, others: [{ name: 'V8Worker', cores: 0.05 }] });
    expect(markdown).toContain("The server's main thread (the event loop) used 0.90 core(s), its other threads 0.05 (V8Worker 0.05)");
  });

  it('says what was not measured', () => {
    const bare = renderPgProfile({ samples: 0, serverPid: 1, activity: [], snapshots: [{ t: 0, threads: {} }] }, 0);
    expect(bare).toContain('No backend of the bench database was found busy in any sample.');
    expect(bare).toContain('- WAL: not measured');
    expect(bare).toContain('- Checkpoints and buffer writes: not measured');
    expect(bare).toContain("- The server's threads: not measured");
  });
});

describe("the projector's batch phases, from the server's log", () => {
  const batch = (readModel: string, events: number, read: number, connect: number, lock: number, apply: number, commit: number) =>
    JSON.stringify({
      level: 'debug',
      pid: 1,
      readModel,
      events,
      ms: read + connect + lock + apply + commit,
      readMs: read,
      connectMs: connect,
      lockMs: lock,
      applyMs: apply,
      commitMs: commit,
      msg: 'projector batch applied',
    });
  const log = [
    '{"level":"info","msg":"listening on http://127.0.0.1:1"}',
    batch('table-book', 50, 2, 0, 1, 4, 3),
    'not json: projector batch applied',
    batch('table-book', 100, 4, 0, 3, 6, 7),
    batch('table-book', 50, 6, 0, 2, 500, 5),
    JSON.stringify({ level: 'debug', readModel: 'jackpots', events: 50, ms: 9, msg: 'projector batch applied' }), // no phases: an older server
    batch('jackpots', 200, 10, 20, 30, 40, 60),
  ].join('\n');
  const lines = parseBatchLog(log);

  it('reads the batch lines with their phases and skips the others', () => {
    expect(lines.map((x) => [x.readModel, x.events, x.phases.apply])).toEqual([
      ['table-book', 50, 4],
      ['table-book', 100, 6],
      ['table-book', 50, 500],
      ['jackpots', 200, 40],
    ]);
  });

  it('tables each read model: batches, events, and each phase median / p99 / sum', () => {
    const markdown = renderBatchPhases(lines);
    expect(tableRows(markdown, '`jackpots`')).toEqual([
      '| `jackpots` | 1 | 200 | 0.2 s | 10.0 ms / 10.0 ms / 0.0 s | 20.0 ms / 20.0 ms / 0.0 s | 30.0 ms / 30.0 ms / 0.0 s | 40.0 ms / 40.0 ms / 0.0 s | 60.0 ms / 60.0 ms / 0.1 s |',
    ]);
    expect(tableRows(markdown, '`table-book`')).toEqual([
      '| `table-book` | 3 | 200 | 0.5 s | 4.00 ms / 6.00 ms / 0.0 s | 0.00 ms / 0.00 ms / 0.0 s | 2.00 ms / 3.00 ms / 0.0 s | 6.00 ms / 500 ms / 0.5 s | 5.00 ms / 7.00 ms / 0.0 s |',
    ]);
    // 550 ms of apply in the phases' 703 ms; 75 of commit, 36 of lock, 22 of feed read, 20 of pool wait
    expect(markdown).toContain('All read models: apply 0.6 s (78 %), commit 0.1 s (11 %), lock 0.0 s (5 %), feed read 0.0 s (3 %), pool wait 0.0 s (3 %)');
  });

  it('says when the log had no batch line', () => {
    expect(renderBatchPhases(parseBatchLog('{"msg":"listening"}'))).toContain('held no `projector batch applied` line');
  });
});

describe('the rate sweep', () => {
  const row = (rate: number, uptimeBefore: string, changes: Partial<SweepRow> = {}): SweepRow => ({
    rate,
    achieved: rate,
    requests: rate / 5,
    errors: 0,
    notSent: 0,
    requestP99: 20,
    tableBookLagP99: 150,
    tableBookUnseen: 0,
    allLagP99: 900,
    allUnseen: 0,
    behindAtEnd: 0,
    heapAfterDrain: 60 * 2 ** 20,
    serverCores: 0.5,
    mainThreadCores: 0.4,
    pgCores: 0.2,
    topWaits: [
      { row: { state: 'idle in transaction', wait: 'Client/ClientRead', statement: 'INSERT table_books', count: 300 }, share: 0.3 },
      { row: { state: 'active', wait: 'CPU', statement: 'append', count: 100 }, share: 0.1 },
    ],
    uptimeBefore,
    uptimeAfter: ' 18:00:00 up 1:00,  0 user,  load average: 1.90, 1.00, 0.50',
    ...changes,
  });
  const markdown = renderSweep(
    [
      row(1000, ' 18:00:00 up 1:00,  0 user,  load average: 0.40, 0.30, 0.20'),
      row(10000, ' 18:02:00 up 1:02,  0 user,  load average: 3.10, 2.00, 1.00', {
        achieved: 7421.4,
        errors: 3,
        notSent: 12,
        tableBookLagP99: 4000,
        allUnseen: 250,
        allLagP99: 61_000,
        behindAtEnd: 123_456,
      }),
    ],
    60,
    2,
  );

  it('tables every rate: asked, achieved, errors, latency, lags, backlog, heap, CPU, where the backends were', () => {
    expect(markdown).toContain('## Sustained HTTP load: rate sweep, 1,000, 10,000 events/s');
    expect(tableRows(markdown, '1,000 |')).toEqual([
      '| 1,000 | 1,000 | 0 of 200 | 20.0 ms | 150 ms | 900 ms | 0 | 60.0 MiB | 0.50 (0.40) | 0.20 | idle in transaction · Client/ClientRead · INSERT table_books 0.30; active · CPU · append 0.10 |',
    ]);
    expect(tableRows(markdown, '10,000 |')[0]).toMatch(
      /^\| 10,000 \| 7,421 \| 3 of 2,000 \(12 not sent\) \| 20\.0 ms \| 4000 ms \| 61000 ms \(250 never seen\) \| 123,456 \|/,
    );
  });

  it('says for each rate whether the machine was idle when it started, from `uptime` before and after', () => {
    expect(markdown).toContain('- 1,000 events/s: the machine was idle when it started (1-minute load average 0.40 on 2 CPUs; 1.90 after it');
    expect(markdown).toContain('- 10,000 events/s: the machine was **busy with other work** when it started (1-minute load average 3.10 on 2 CPUs');
  });

  it('takes its rates and duration from the environment, and none when BENCH_LOAD_RATES is unset', () => {
    expect(sweepOptions({})).toBeUndefined();
    expect(sweepOptions({ BENCH_LOAD_RATES: '1000, 3000,6000,10000' })).toEqual({ rates: [1000, 3000, 6000, 10000], seconds: 60 });
    expect(sweepOptions({ BENCH_LOAD_RATES: '100', BENCH_LOAD_SWEEP_SECONDS: '8' })).toEqual({ rates: [100], seconds: 8 });
    expect(() => sweepOptions({ BENCH_LOAD_RATES: '1000,fast' })).toThrow(/BENCH_LOAD_RATES/);
    expect(() => sweepOptions({ BENCH_LOAD_RATES: '1000', BENCH_LOAD_SWEEP_SECONDS: '0' })).toThrow(/BENCH_LOAD_SWEEP_SECONDS/);
  });
});

describe('the sampler, on real PostgreSQL', () => {
  it("counts the database's busy backends by state, wait and statement, and leaves out the bench's own", async () => {
    const db = await createTestDatabase('ca_pg_sampler');
    const open = async (applicationName: string) => {
      const c = new Client({ connectionString: db.url, application_name: applicationName });
      await c.connect();
      return c;
    };
    const inTransaction = await open('projector');
    const sleeping = await open('projector');
    const bench = await open(BENCH_APPLICATION_NAME);
    try {
      await inTransaction.query('BEGIN');
      await inTransaction.query('SELECT count(*) FROM pg_class');
      const sleep = sleeping.query('SELECT pg_sleep(2)');
      const benchSleep = bench.query('SELECT pg_sleep(2)');
      const sampler = await startPgSampler(process.env.TEST_ADMIN_DATABASE_URL!, db.name, process.pid);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const profile = await sampler.stop();
      await Promise.all([sleep, benchSleep]);

      expect(profile.samples).toBeGreaterThanOrEqual(5);
      const rows = new Map(profile.activity.map((x) => [`${x.state} | ${x.wait} | ${x.statement}`, x.count]));
      // one backend in each state in every sample; the bench's own sleep is not among them
      expect([...rows.keys()].sort()).toEqual(['active | Timeout/PgSleep | SELECT pg_sleep(2)', 'idle in transaction | Client/ClientRead | SELECT pg_class']);
      expect(rows.get('idle in transaction | Client/ClientRead | SELECT pg_class')).toBe(profile.samples);
      expect(rows.get('active | Timeout/PgSleep | SELECT pg_sleep(2)')).toBe(profile.samples);
      // the counters read at the start and the stop, and this process's threads
      expect(profile.snapshots.length).toBeGreaterThanOrEqual(2);
      expect(profile.snapshots[0].wal?.bytes).toBeGreaterThan(0);
      expect(Object.keys(profile.snapshots[0].threads)).toContain(String(process.pid));
      expect(serverThreadCores(profile).main).toBeGreaterThanOrEqual(0);
    } finally {
      await Promise.all([inTransaction, sleeping, bench].map((c) => c.end().catch(() => undefined)));
      await db.drop();
    }
  });
});
