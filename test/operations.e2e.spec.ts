/**
 * Operating it (issue 18 §2), as an operator meets it: `casino-audit serve` run as a user runs it logs
 * JSON lines with a request id, answers /metrics with the listed families after some traffic, on the
 * API's port with an admin credential and on the ops listener without one; readiness goes not-ready
 * when a read model lags beyond the limit or the store cannot be reached, while liveness stays up; a
 * bad configuration value stops the start with the variable named.
 */
import type { INestApplication } from '@nestjs/common';
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as http from 'node:http';
import { Client } from 'pg';
import { createHttpApp } from '../apps/api/src/http-app';
import { createOpsApp } from '../apps/api/src/ops-app';
import { Runtime, startRuntime } from '../libs/platform/src';
import { BIN, cli, inEnglish, ROOT } from './support/cli';
import { createTestDatabase, migratedStore, TestDatabase } from './support/database';
import { asInputs, opened, sampleLines } from './support/sample';
import { getKeptAlive } from './support/keep-alive';

interface Served {
  readonly child: ChildProcessWithoutNullStreams;
  readonly api: string;
  readonly ops: string;
  readonly token: string;
  stderr(): string;
}

/** `casino-audit serve` on free ports, as a user starts it; resolves once both listeners are up. */
function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [BIN, ...inEnglish(['serve', '--port', '0'], env)], {
    cwd: ROOT,
    env: { ...process.env, ...env, CASINO_AUDIT_OPS_PORT: '0' },
  });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${stdout}${stderr}`)), 60_000);
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
    child.stdout.on('data', (d) => {
      stdout += d;
      const api = /listening on (http:\/\/[\d.]+:\d+)\//.exec(stdout)?.[1];
      const ops = /ops listener on (http:\/\/[\d.]+:\d+)\//.exec(stdout)?.[1];
      const token = /it is shown once:\n(\S+)\n/.exec(stdout)?.[1];
      if (api && ops && token) {
        clearTimeout(timer);
        resolve({ child, api, ops, token, stderr: () => stderr });
      }
    });
  });
}

const stop = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

/** The JSON log lines a process wrote (every line must be one). */
const logLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });

describe('operating it: logs, metrics, probes, configuration (served as a user runs it)', () => {
  let db: TestDatabase;
  let served: Served;

  beforeAll(async () => {
    db = await createTestDatabase();
    served = await serve({ DATABASE_URL: db.url });
  }, 90_000);
  afterAll(async () => {
    if (served) expect(await stop(served.child)).toBe(0);
    await db.drop();
  });

  it('logs each request as one JSON line with its request id, route, status and credential, never the credential itself', async () => {
    const auth = { authorization: `Bearer ${served.token}` };
    const given = await fetch(`${served.api}/api/v1/health`, { headers: { ...auth, 'x-request-id': 'lb-7f3a.42' } });
    expect(given.status).toBe(200);
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a.42');
    const made = await fetch(`${served.api}/api/v1/sessions/nope/table-book`, { headers: { ...auth, 'x-request-id': 'not {a} token' } });
    const madeId = made.headers.get('x-request-id')!;
    expect(madeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await new Promise((r) => setTimeout(r, 200)); // the line is written once the answer has finished

    const lines = logLines(served.stderr());
    const first = lines.find((l) => l.req?.id === 'lb-7f3a.42');
    expect(first).toMatchObject({
      level: 'info',
      req: { method: 'GET', url: '/api/v1/health' },
      res: { statusCode: 200 },
      route: '/api/v1/health',
      credential: expect.any(String),
    });
    expect(typeof first.time).toBe('string');
    expect(typeof first.responseTime).toBe('number');
    expect(lines.find((l) => l.req?.id === madeId)).toMatchObject({ route: '/api/v1/sessions/:sessionId/table-book', res: { statusCode: made.status } });
    expect(served.stderr()).not.toContain(served.token);
    expect(served.stderr()).not.toContain(served.token.split('.')[2]);
  });

  it('serves /metrics with the listed families after some traffic: on the ops listener without a credential, on the API port to admin only', async () => {
    const auth = { authorization: `Bearer ${served.token}` };
    const posted = await fetch(`${served.api}/api/v1/events`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-ndjson' },
      body: sampleLines().join('\n'),
    });
    expect(posted.status).toBe(200);
    expect(await fetch(`${served.api}/api/v1/rounds?gamingDay=2026-11-21`, { headers: auth }).then((r) => r.status)).toBe(200);
    // verify and seal, run as commands of their own, are reported by the server
    expect((await cli(['verify'], { DATABASE_URL: db.url })).code).toBe(0);
    expect((await cli(['seal'], { DATABASE_URL: db.url })).code).toBe(0);

    const scrape = await fetch(`${served.ops}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await scrape.text();
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    expect(value(/^casino_audit_events_appended_total\{type="BetPlaced"\} (\d+)$/m)).toBeGreaterThan(0);
    expect(value(/^casino_audit_events_appended_total\{type="TableSessionOpened"\} (\d+)$/m)).toBe(1);
    expect(value(/^casino_audit_append_duration_seconds_count (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^casino_audit_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/events",status="200"\} (\d+)$/m)).toBe(1);
    expect(text).toMatch(/^casino_audit_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/rounds",status="200"\} 1$/m);
    for (const readModel of ['table-book', 'reconciliation', 'jackpots', 'round-verdicts', 'inspector-log']) {
      expect(text).toMatch(new RegExp(`^casino_audit_projection_lag_events\\{read_model="${readModel}"\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^casino_audit_projection_lag_seconds\\{read_model="${readModel}"\\} [\\d.e-]+$`, 'm'));
    }
    expect(text).toMatch(/^casino_audit_judge_backlog \d+$/m);
    expect(value(/^casino_audit_last_check_ok\{check="verify"\} (\d)$/m)).toBe(1);
    expect(value(/^casino_audit_last_check_ok\{check="seal"\} (\d)$/m)).toBe(1);
    expect(value(/^casino_audit_last_check_age_seconds\{check="verify"\} ([\d.e-]+)$/m)).toBeLessThan(120);
    expect(value(/^casino_audit_last_check_age_seconds\{check="seal"\} ([\d.e-]+)$/m)).toBeLessThan(120);
    expect(value(/^casino_audit_database_embedded (\d)$/m)).toBe(0);
    expect(value(/^casino_audit_db_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^casino_audit_db_pool_max (\d+)$/m)).toBe(10);
    expect(text).toMatch(/^process_resident_memory_bytes \d+$/m);
    // unlabelled traffic never becomes a label: a path is reported by its route's pattern
    expect(text).not.toMatch(/route="\/api\/v1\/sessions\/nope/);

    expect((await fetch(`${served.api}/metrics`)).status).toBe(401);
    const admin = await fetch(`${served.api}/metrics`, { headers: auth });
    expect(admin.status).toBe(200);
    expect(await admin.text()).toMatch(/^casino_audit_events_appended_total\{type="BetPlaced"\}/m);
  });

  it('answers liveness and readiness in the form of @nestjs/terminus on both listeners', async () => {
    const live = await fetch(`${served.ops}/api/v1/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', details: { process: { status: 'up' } } });
    const ready = await fetch(`${served.ops}/api/v1/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      details: { store: { status: 'up' }, migrations: { status: 'up' }, projections: { status: 'up' } },
    });
    expect((await fetch(`${served.api}/api/v1/health/ready`)).status).toBe(401);
    expect((await fetch(`${served.api}/api/v1/health/ready`, { headers: { authorization: `Bearer ${served.token}` } })).status).toBe(200);
  });

  it('keeps idle connections 65 s on both listeners of serve, and says so in the Keep-Alive hint (keep-alive.ts)', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await getKeptAlive(agent, `${served.ops}/api/v1/health/live`)).toMatchObject({ status: 200, keepAlive: 'timeout=65' });
      const api = await getKeptAlive(agent, `${served.api}/api/v1/health/ready`, { authorization: `Bearer ${served.token}` });
      expect(api).toMatchObject({ status: 200, keepAlive: 'timeout=65' });
    } finally {
      agent.destroy();
    }
  });

  it('refuses to start on a bad configuration value, naming the variable and the reason (exit 2)', async () => {
    const bad = await cli(['serve', '--port', '0'], { DATABASE_URL: db.url, CA_PROJECTOR_BATCH_SIZE: 'lots', CASINO_AUDIT_READY_MAX_LAG_SECONDS: '-3' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('CA_PROJECTOR_BATCH_SIZE must be a whole number ≥ 1, not "lots"');
    expect(bad.stderr).toContain('CASINO_AUDIT_READY_MAX_LAG_SECONDS must be a number of seconds above 0, not "-3"');
    expect(bad.stdout).toBe('');
    const url = await cli(['verify'], { DATABASE_URL: 'mysql://root:hunter2@db/casino' });
    expect(url.code).toBe(2);
    expect(url.stderr).toContain('DATABASE_URL must start with postgres:// or postgresql://');
    expect(url.stderr).not.toContain('hunter2');
  });
});

describe('readiness: not ready while a read model lags beyond the limit or the store is out of reach', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let api: INestApplication;
  let ops: INestApplication;
  let opsUrl: string;
  const saved = process.env.CASINO_AUDIT_READY_MAX_LAG_EVENTS;

  beforeAll(async () => {
    db = await createTestDatabase();
    runtime = await startRuntime({ databaseUrl: db.url });
    api = await createHttpApp(runtime);
    ops = await createOpsApp(runtime);
    await ops.listen(0, '127.0.0.1');
    opsUrl = (await ops.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.CASINO_AUDIT_READY_MAX_LAG_EVENTS;
    else process.env.CASINO_AUDIT_READY_MAX_LAG_EVENTS = saved;
    await ops.close();
    await api.close();
    await runtime.close();
    await db.drop();
  });

  const ready = async () => {
    const res = await fetch(`${opsUrl}/api/v1/health/ready`);
    return { status: res.status, body: (await res.json()) as { error: Record<string, { message: string }> } };
  };

  it('goes not-ready when a read model is more events behind than the limit, and ready once it has caught up', async () => {
    process.env.CASINO_AUDIT_READY_MAX_LAG_EVENTS = '5';
    expect((await ready()).status).toBe(200);
    // appended, but no projector runs here: every read model falls behind
    expect((await runtime.ingestion.ingest(asInputs([opened('ops-lag')]))).ok).toBe(true);
    expect((await ready()).status).toBe(200); // 1 event behind: within the limit
    const more = await runtime.ingestion.ingest(asInputs(sampleLines().map((l) => JSON.parse(l))));
    expect(more.appended).toBeGreaterThan(5);

    const lagging = await ready();
    expect(lagging.status).toBe(503);
    expect(lagging.body).toMatchObject({
      status: 'error',
      error: { projections: { status: 'down' } },
      details: { store: { status: 'up' }, migrations: { status: 'up' } },
    });
    expect(lagging.body.error.projections.message).toMatch(/table-book is \d+ events \([\d.]+ s\) behind the store.*the limit is 5 events or 30 s/);

    await runtime.projector.catchUp();
    expect((await ready()).status).toBe(200);
  });

  it('goes not-ready when the store cannot be reached, while liveness stays up', async () => {
    const admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [db.name]);
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body).toMatchObject({ status: 'error', error: { store: { status: 'down' } } });
      expect(down.body.error.store.message).toMatch(/not currently accepting connections|terminat|connect/i);
      const live = await fetch(`${opsUrl}/api/v1/health/live`);
      expect(live.status).toBe(200);
    } finally {
      await admin.query(`ALTER DATABASE ${db.name} ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect((await ready()).status).toBe(200);
  });
});

describe('readiness with the store of record elsewhere (EventStoreDB in production; a second PostgreSQL here)', () => {
  it('goes not-ready when the store of record cannot be reached, though the copy answers', async () => {
    const recordDb = await createTestDatabase();
    const copyDb = await createTestDatabase();
    const record = await migratedStore(recordDb.url, 4);
    const runtime = await startRuntime({ databaseUrl: copyDb.url, recordStore: record.store });
    const ops = await createOpsApp(runtime);
    await ops.listen(0, '127.0.0.1');
    const url = `${(await ops.getUrl()).replace('[::1]', '127.0.0.1')}/api/v1/health/ready`;
    const admin = new Client({ connectionString: process.env.TEST_ADMIN_DATABASE_URL });
    await admin.connect();
    try {
      const up = await fetch(url);
      expect(up.status).toBe(200);
      expect(await up.json()).toMatchObject({ details: { record: { status: 'up' }, store: { status: 'up' } } });
      await admin.query(`ALTER DATABASE ${recordDb.name} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [recordDb.name]);
      const down = await fetch(url);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'error', error: { record: { status: 'down' } }, info: { store: { status: 'up' } } });
    } finally {
      await admin.query(`ALTER DATABASE ${recordDb.name} ALLOW_CONNECTIONS true`);
      await admin.end();
      await ops.close();
      await runtime.close();
      await record.pool.end();
      await recordDb.drop();
      await copyDb.drop();
    }
  });
});
