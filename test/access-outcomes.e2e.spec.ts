/**
 * The access log records the answer each request got (issue 20 §1, §2): its status and, when refused,
 * why — also when the route itself refuses after the guard let it through (a cursor of another list,
 * an unknown round, the code search's 503), exactly once per request, written before the answer ends;
 * requests with no credential and to no route are recorded too, aggregated per minute and address;
 * and a record that cannot be written never fails the request.
 */
import type { INestApplication } from '@nestjs/common';
import { encodeCursor } from '../apps/api/src/pagination';
import { parseNdjson } from '../libs/ledger/src';
import { metricsRegistry } from '../libs/platform/src/metrics';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { sampleLines } from './support/sample';
import { serveOnLoopback } from './support/served';

describe('the access log records the answer of every request', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let inspector: TestCredential;

  beforeAll(async () => {
    db = await createTestDatabase('ca_access_outcomes');
    runtime = await startRuntime({ databaseUrl: db.url });
    ({ app, base } = await serveOnLoopback(runtime));
    inspector = await issueCredential(runtime, 'inspector', { subject: 'outcome-inspector' });
    // facts recorded, the table books built, the round verdicts read model not: a code search is a 503
    expect((await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')))).ok).toBe(true);
    await runtime.projector.catchUp(runtime.projections.filter((p) => p.name === 'table-book'));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const lastId = async () => Number((await runtime.pool.query('SELECT coalesce(max(id), 0) AS id FROM ca_access_log')).rows[0].id);
  /** the rows written since `id`, read as soon as the answer is whole (the record is written before its end) */
  const rowsSince = async (id: number) =>
    (await runtime.pool.query(`SELECT * FROM ca_access_log WHERE id > $1 AND refusal_minute IS NULL ORDER BY id`, [id])).rows;
  const get = (path: string, headers: Record<string, string> = inspector.headers) => fetch(`${base}${path}`, { headers });
  /** the reason the log keeps: the status, the field and the English reason the refusal carried (an English caller is answered it as it is) */
  const englishReason = (status: number, body: any) =>
    `${status} ${Array.isArray(body.refusals) ? body.refusals.map((r: any) => [r.in && `${r.in} parameter`, r.field, r.reason].filter(Boolean).join(' ')).join('; ') : [body.field, body.reason].filter(Boolean).join(' ')}`;

  it.each([
    ['a cursor of another list', () => `/api/v1/rounds?cursor=${encodeCursor('sessions', {}, ['2026-11-21', 'c', 't', 's'])}`, 400, 'report', 'cursor'],
    ['an unknown round', () => '/api/v1/rounds/no-such-round/replay', 404, 'replay', 'roundId'],
    ['an unknown session', () => '/api/v1/sessions/no-such-session/table-book?format=csv', 404, 'export', 'sessionId'],
    ['a code search before the verdicts read model is built', () => '/api/v1/rounds?code=PAYOUT_MISMATCH', 503, 'report', 'code'],
  ])("a route's own refusal — %s — is recorded as that refusal, once, in English whatever the caller reads", async (_what, path, status, kind, field) => {
    // an English caller's answer says what the record must keep
    const english = await get(path(), { ...inspector.headers, 'accept-language': 'en' });
    expect(english.status).toBe(status);
    const body = (await english.json()) as any;
    expect(body.field).toBe(field);

    const since = await lastId();
    const res = await get(path(), { ...inspector.headers, 'accept-language': 'eu' });
    expect(res.status).toBe(status);
    await res.text();
    const rows = await rowsSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'outcome-inspector',
      kind,
      outcome: 'denied',
      status,
      reason: englishReason(status, body),
      address: '127.0.0.1',
      request_id: res.headers.get('x-request-id'),
    });
    expect(rows[0].reason).toMatch(new RegExp(`^${status} ${field} \\S`));
  });

  it("records an allowed read as allowed with its status, and the guard's refusals with theirs, each once", async () => {
    const terminal = await issueCredential(runtime, 'terminal');
    const cases: Array<[string, Record<string, string>, number, RegExp | null]> = [
      ['/api/v1/sessions?limit=1', inspector.headers, 200, null],
      ['/api/v1/rounds?casino=%00', inspector.headers, 400, /^400 query parameter casino \S/],
      ['/api/v1/sessions', terminal.headers, 403, /^403 role terminal may not call GET \/api\/v1\/sessions/],
    ];
    for (const [path, headers, status, reason] of cases) {
      const since = await lastId();
      const res = await get(path, { ...headers, 'accept-language': 'en' });
      expect(res.status).toBe(status);
      const body = JSON.parse(await res.text());
      const rows = await rowsSince(since);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status, outcome: status < 400 ? 'allowed' : 'denied', reason: reason ? englishReason(status, body) : null });
      if (reason) expect(rows[0].reason).toMatch(reason);
    }
  });

  it('records writes with their outcome, and a body refused before its route as an attempt without a principal', async () => {
    const terminal = await issueCredential(runtime, 'terminal', { casinoId: 'casino-donostia', tableIds: ['RF-01'] });
    const since = await lastId();
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${base}/api/v1/events`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body });
    // a fact sent again (a duplicate, 200), then one that is not a fact (400)
    expect((await post(`[${sampleLines()[1]}]`, terminal.headers)).status).toBe(200);
    expect((await post('[{"type": 1}]', terminal.headers)).status).toBe(400);
    const rows = await rowsSince(since);
    expect(rows.map((r) => [r.kind, r.status, r.outcome])).toEqual([
      ['write', 200, 'allowed'],
      ['write', 400, 'denied'],
    ]);
    expect(rows[1].reason).toMatch(/^400 /);

    const before = await attemptsOf('refused before its route (a body that is not valid JSON or UTF-8)');
    expect((await post('[{', terminal.headers)).status).toBe(400);
    expect(await attemptsOf('refused before its route (a body that is not valid JSON or UTF-8)')).toBe(before + 1);
  });

  /** attempts on the anonymous rows with this reason; the app tallies them in memory, and reading the log through it writes the tally first */
  const attemptsOf = async (reason: string) => {
    await (await get('/api/v1/access-log?limit=1')).text();
    return Number(
      (await runtime.pool.query(`SELECT coalesce(sum(attempts), 0) AS n FROM ca_access_log WHERE kind = 'anonymous' AND reason = $1`, [reason])).rows[0].n,
    );
  };

  it('records requests with no credential and to no route, a row a minute per address and reason, each attempt counted', async () => {
    const noCredential = await attemptsOf('no credential');
    const noRoute = await attemptsOf('no such route');
    for (let i = 0; i < 25; i++) expect((await get('/api/v1/rounds?casino=%00', {})).status).toBe(401);
    for (let i = 0; i < 7; i++) expect((await get(`/api/v1/nothing-here/${i}`, {})).status).toBe(404);
    expect((await get('/api/v1/nothing-here', inspector.headers)).status).toBe(404);
    expect((await fetch(`${base}/api/v1/rounds`, { method: 'DELETE', headers: inspector.headers })).status).toBe(404);
    expect(await attemptsOf('no credential')).toBe(noCredential + 25);
    expect(await attemptsOf('no such route')).toBe(noRoute + 9);
    const rows = (await runtime.pool.query(`SELECT * FROM ca_access_log WHERE kind = 'anonymous' AND reason IN ('no credential', 'no such route')`)).rows;
    // a row a minute (two when the minute turned during the test)
    expect(rows.length).toBeLessThanOrEqual(4);
    expect(rows.every((r) => r.address === '127.0.0.1' && r.outcome === 'denied' && r.credential_id === null)).toBe(true);
    expect(rows.filter((r) => r.reason === 'no credential').every((r) => r.status === 401)).toBe(true);
    expect(rows.filter((r) => r.reason === 'no such route').every((r) => r.status === 404 && r.route === '(no route)')).toBe(true);
    // and the API shows them
    const log = (await (await get(`/api/v1/access-log?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&limit=1000`)).json()) as any;
    expect(log.records.filter((r: any) => r.kind === 'anonymous').map((r: any) => r.reason)).toEqual(
      expect.arrayContaining(['no credential', 'no such route']),
    );
  });

  it("describes it in the served OpenAPI document: every list's limit, cursor and next, every operation's 400 and 429", async () => {
    const spec = (await (await fetch(`${base}/api/docs-json`)).json()) as any;
    const lists: string[] = [];
    for (const [path, methods] of Object.entries<any>(spec.paths)) {
      for (const [method, op] of Object.entries<any>(methods)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, badRequest: op.responses['400']?.description }).toEqual({ where, badRequest: expect.stringMatching(/query or path parameter/) });
        expect({ where, retryAfter: op.responses['429']?.headers?.['Retry-After']?.schema }).toEqual({ where, retryAfter: { type: 'integer', minimum: 1 } });
        const params = Object.fromEntries((op.parameters ?? []).map((p: any) => [p.name, p]));
        if (!params.cursor) continue;
        lists.push(path);
        expect({ where, limit: params.limit?.schema }).toEqual({ where, limit: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 1000 }) });
        expect({ where, next: op.responses['200']?.content?.['application/json']?.schema?.properties?.next?.nullable }).toEqual({ where, next: true });
      }
    }
    expect(lists).toEqual(expect.arrayContaining(['/api/v1/rounds', '/api/v1/sessions', '/api/v1/access-log']));
    expect(spec.paths['/api/v1/access-log'].get.responses['200'].content['application/json'].schema.properties.timeZone).toMatchObject({ type: 'string' });
  });

  it('holds the end of every answer until its record is written: a JSON body, a CSV, and a PDF that goes out with its length', async () => {
    // each record is written half a second late; a caller who has its whole answer must still find its row
    await runtime.pool.query(`CREATE FUNCTION ca_test_slow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$;
      CREATE TRIGGER ca_test_slow BEFORE INSERT ON ca_access_log FOR EACH ROW EXECUTE FUNCTION ca_test_slow()`);
    try {
      const session = ((await (await get('/api/v1/sessions?limit=1')).json()) as any).sessions[0].sessionId as string;
      for (const [path, type] of [
        ['/api/v1/sessions?limit=1', 'application/json'],
        [`/api/v1/sessions/${session}/table-book?format=csv`, 'text/csv'],
        // a PDF is a file Nest pipes with its Content-Length: its last byte is not the answer's end
        [`/api/v1/sessions/${session}/table-book?format=pdf`, 'application/pdf'],
      ]) {
        const since = await lastId();
        const res = await get(path);
        expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 200, type: expect.stringContaining(type) });
        expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
        const rows = await rowsSince(since);
        expect({ path, rows: rows.map((r) => [r.path, r.status, r.request_id]) }).toEqual({
          path,
          rows: [[path.split('?')[0], 200, res.headers.get('x-request-id')]],
        });
      }
    } finally {
      await runtime.pool.query('DROP TRIGGER ca_test_slow ON ca_access_log; DROP FUNCTION ca_test_slow()');
    }
  });

  it('answers even when the record cannot be written, and says so in the log and the metrics', async () => {
    const failures = async () => (await metricsRegistry.getSingleMetric('casino_audit_access_log_write_failures_total')!.get()).values[0]?.value ?? 0;
    const before = await failures();
    await runtime.pool.query(`CREATE FUNCTION ca_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full'; END $$;
      CREATE TRIGGER ca_test_refuse BEFORE INSERT ON ca_access_log FOR EACH ROW EXECUTE FUNCTION ca_test_refuse()`);
    try {
      const res = await get('/api/v1/sessions?limit=1');
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).sessions).toHaveLength(1);
      expect(await failures()).toBe(before + 1);
    } finally {
      await runtime.pool.query('DROP TRIGGER ca_test_refuse ON ca_access_log; DROP FUNCTION ca_test_refuse()');
    }
  });
});
