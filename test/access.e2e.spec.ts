/**
 * Access (issue 6): every route of the Nest app × every role (+ no credential, malformed, revoked,
 * expired, wrong table, other casino), over real HTTP and PostgreSQL. The routes are discovered from
 * the app itself (its controllers and the Express router), so a new route cannot escape this test.
 */
import { Controller, Get, INestApplication, Module } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import { AccessGuard, UNAUDITED_ROUTES } from '../apps/api/src/auth/access.guard';
import { createHttpApp } from '../apps/api/src/http-app';
import { READERS, Role, ROLES } from '../apps/api/src/auth/roles';
import { routeRoles, RouteRoles } from '../apps/api/src/auth/route-roles';
import { announceBootstrapCredential } from '../apps/cli/src/credential-commands';
import { AccessService } from '../libs/access/src';
import { parseNdjson } from '../libs/ledger/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential, runCredentialCommand, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { asInputs, envelope, opened, SAMPLE_SESSION, sampleLines } from './support/sample';

/** What contract §5 and issue 6 say about the routes known today (new routes are checked against the rules below). */
const CONTRACT: Record<string, readonly Role[]> = {
  'POST /api/v1/events': ['terminal', 'pit', 'finance', 'compliance', 'admin'],
  'GET /api/v1/health': ROLES,
  'GET /api/v1/sessions/:sessionId/table-book': READERS,
  'GET /api/v1/rounds/:roundId/replay': READERS,
  'GET /api/v1/access-log': ['admin', 'compliance', 'inspector'],
};

const DAY = '2026-11-21';
const SESSION = 'acc-1'; // casino-1, table T-1
/** Values for path and query parameters, by name (a new required parameter needs one here). */
const FIXTURES: Record<string, string> = {
  sessionId: SESSION,
  roundId: 'r-0001',
  gamingDay: DAY,
  day: DAY,
  date: DAY,
  from: DAY,
  to: DAY,
  casinoId: 'casino-1',
  casino: 'casino-1',
  tableId: 'T-1',
  table: 'T-1',
};

describe('access: credentials, roles and the access log over HTTP', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let access: AccessService;
  let spec: any;
  const as: Partial<Record<Role, TestCredential>> = {};
  let revoked: TestCredential;
  let expired: TestCredential;
  let expiredKey: TestCredential;

  beforeAll(async () => {
    db = await createTestDatabase('ca_access_e2e');
    runtime = await startRuntime({ databaseUrl: db.url });
    // the route × role matrix presents some hundred refused credentials from this one address: not throttled here (failed-logins.e2e.spec.ts is)
    access = new AccessService(runtime.pool, undefined, { loginThrottle: { failures: 1_000_000, windowSeconds: 60 } });
    app = await createHttpApp(runtime, { access });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    for (const role of ROLES) as[role] = await issueCredential(runtime, role, { access });
    revoked = await issueCredential(runtime, 'admin', { subject: 'revoked-admin', access });
    await access.revoke(revoked.id, 'test', 'lost laptop');
    const past = new AccessService(runtime.pool, () => Date.now() - 10 * 3_600_000);
    expired = await issueCredential(runtime, 'admin', { subject: 'expired-admin', access: past });
    expiredKey = await issueCredential(runtime, 'terminal', { subject: 'expired-terminal', expiresInMs: 3_600_000, access: past });

    expect((await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')))).ok).toBe(true);
    const setup = [
      opened(SESSION, { tableId: 'T-1', casinoId: 'casino-1' }),
      opened('acc-2', { tableId: 'T-2', casinoId: 'casino-1' }),
      opened('acc-9', { tableId: 'T-9', casinoId: 'casino-9' }),
    ];
    expect((await runtime.ingestion.ingest(asInputs(setup))).ok).toBe(true);
    await runtime.projector.catchUp();
    spec = await (await fetch(`${base}/api/docs-json`)).json();
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  // the reasons asserted here are the English ones (Spanish is the default: test/languages.e2e.spec.ts)
  const request = (method: string, path: string, given: Record<string, string> = {}, body?: unknown) => {
    const headers = { ...given, 'accept-language': 'en' };
    return fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  /** A body each writing role may send (fresh event ids every time). */
  const writeBody = (role: Role | undefined): unknown[] => {
    switch (role) {
      case 'pit':
        return [envelope('TableLimitsChanged', { sessionId: SESSION, limits: { min: 100, max: 360000 } })];
      case 'finance':
        return [envelope('ChipsFilled', { sessionId: SESSION, slipId: `fill-${Math.random()}`, chips: { '500': 10 } })];
      case 'compliance':
        return [envelope('RoundDisputed', { roundId: 'r-0001', raisedBy: 'player seat 2', claim: 'short paid' })];
      default:
        return [envelope('CashExchanged', { sessionId: SESSION, amount: 1000 })];
    }
  };

  /** Bodies for the other write routes (a new write route needs one here). */
  const BODIES: Record<string, () => unknown> = {
    'POST /api/v1/sessions/:sessionId/counts': () => ({ drop: 1000, countedBy: ['counter-1', 'counter-2'] }),
  };
  const bodyFor = (route: RouteRoles, role?: Role): unknown => {
    if (route.method === 'GET' || route.method === 'DELETE' || route.method === 'HEAD') return undefined;
    if (route.path === '/api/v1/events') return writeBody(role);
    const body = BODIES[`${route.method} ${route.path}`];
    if (!body) throw new Error(`no body for ${route.method} ${route.path}: add one to BODIES`);
    return body();
  };

  /** Call a discovered route with fixtures for its parameters, as this credential. */
  const callRoute = (route: RouteRoles, headers: Record<string, string>, role?: Role) => {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name) => {
      if (!(name in FIXTURES)) throw new Error(`no fixture for the path parameter "${name}" of ${route.method} ${route.path}: add one to FIXTURES`);
      return encodeURIComponent(FIXTURES[name]);
    });
    const operation = spec.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const query = new URLSearchParams();
    for (const p of operation?.parameters ?? []) {
      // required, or `casino`, which a route of one casino's figures (advantage-play) asks of a credential of every casino
      if (p.in !== 'query' || !(p.required || p.name === 'casino')) continue;
      if (!(p.name in FIXTURES)) throw new Error(`no fixture for the query parameter "${p.name}" of ${route.method} ${route.path}: add one to FIXTURES`);
      query.set(p.name, FIXTURES[p.name]);
    }
    const url = `${path}${query.size ? `?${query}` : ''}`;
    return request(route.method, url, headers, bodyFor(route, role));
  };

  it('discovers every route from the app, and every one declares its roles as the rules say', () => {
    const routes = routeRoles(app);
    const express = app
      .getHttpAdapter()
      .getInstance()
      .router.stack.filter((layer: any) => layer.route);
    const served = express.flatMap((layer: any) =>
      Object.keys(layer.route.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${layer.route.path}`),
    );
    const known = new Set(routes.map((r) => `${r.method} ${r.path}`));
    // every route Express serves is a Nest route (guarded) or the public OpenAPI document
    expect(served.filter((r: string) => !known.has(r) && !/^GET \/api\/docs/.test(r))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(CONTRACT).length);
    for (const r of routes) {
      const name = `${r.method} ${r.path}`;
      expect({ name, roles: r.roles }).toEqual({ name, roles: expect.any(Array) }); // deny by default: none may be left without
      if (CONTRACT[name]) expect({ name, roles: [...r.roles!].sort() }).toEqual({ name, roles: [...CONTRACT[name]].sort() });
      // the rules of issue 6 for any route: an inspector writes nothing; a terminal reads nothing but health
      if (r.method !== 'GET') expect({ name, inspector: r.roles!.includes('inspector') }).toEqual({ name, inspector: false });
      // (health, its probes and the metrics are not reads of the record: the guard's UNAUDITED_ROUTES)
      if (r.method === 'GET' && !UNAUDITED_ROUTES.includes(r.path))
        expect({ name, terminal: r.roles!.includes('terminal') }).toEqual({ name, terminal: false });
    }
    for (const name of Object.keys(CONTRACT)) expect(known).toContain(name);
  });

  it('walks the route × role matrix: 401 without a valid credential, 403 for a role not allowed, 2xx for one allowed', async () => {
    const failures: string[] = [];
    let checked = 0;
    const expectStatus = (what: string, status: number, ok: (s: number) => boolean, body: string) => {
      checked++;
      if (!ok(status)) failures.push(`${what}: ${status} ${body.slice(0, 200)}`);
    };
    for (const route of routeRoles(app)) {
      const name = `${route.method} ${route.path}`;
      const invalid: Array<[string, Record<string, string>, RegExp]> = [
        ['no credential', {}, /no credential/],
        ['malformed bearer', { authorization: 'Bearer not-a-token' }, /malformed/],
        ['not a bearer', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, /Bearer/],
        ['unknown API key', { 'x-api-key': `cak_0123456789abcdef_${'A'.repeat(43)}` }, /unknown API key/],
        ['revoked token', revoked.headers, /revoked .*lost laptop/],
        ['expired token', expired.headers, /expired/],
        ['expired API key', expiredKey.headers, /expired/],
      ];
      for (const [what, headers, reason] of invalid) {
        const res = await callRoute(route, headers);
        const body = await res.text();
        expectStatus(`${name} with ${what}`, res.status, (s) => s === 401, body);
        if (res.status === 401 && !reason.test(JSON.parse(body).reason))
          failures.push(`${name} with ${what}: reason "${JSON.parse(body).reason}" does not match ${reason}`);
      }
      for (const role of ROLES) {
        const res = await callRoute(route, as[role]!.headers, role);
        const body = await res.text();
        if (route.roles?.includes(role)) {
          expectStatus(`${name} as ${role}`, res.status, (s) => s >= 200 && s < 300, body);
        } else {
          expectStatus(`${name} as ${role}`, res.status, (s) => s === 403, body);
          if (res.status === 403 && !JSON.parse(body).reason.includes(`role ${role} may not call ${route.method}`))
            failures.push(`${name} as ${role}: 403 without naming the role: ${body}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(routeRoles(app).length * (7 + ROLES.length));
    expect(checked).toBeGreaterThanOrEqual(Object.keys(CONTRACT).length * (7 + ROLES.length));
  });

  it('refuses a route without @Roles to everyone (deny by default)', async () => {
    @Controller('api/v1/unmarked')
    class UnmarkedController {
      @Get()
      open() {
        return { leaked: true };
      }
    }
    @Module({ controllers: [UnmarkedController] })
    class UnmarkedModule {}
    const bare = await NestFactory.create(UnmarkedModule, { logger: false });
    bare.useGlobalGuards(new AccessGuard(bare.get(Reflector), access, runtime.store));
    await bare.listen(0, '127.0.0.1');
    try {
      const url = `${(await bare.getUrl()).replace('[::1]', '127.0.0.1')}/api/v1/unmarked`;
      expect((await fetch(url)).status).toBe(401);
      const res = await fetch(url, { headers: as.admin!.headers });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ reason: expect.stringMatching(/declares no roles: refused by default/) });
    } finally {
      await bare.close();
    }
  });

  it('refuses a terminal writing to another table, and stores nothing of the request', async () => {
    const own = envelope('CashExchanged', { sessionId: SESSION, amount: 700 });
    const other = envelope('CashExchanged', { sessionId: 'acc-2', amount: 800 });
    const res = await request('POST', '/api/v1/events', as.terminal!.headers, [own, other]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      refused: 1,
      refusals: [{ index: 1, field: 'data.sessionId', reason: expect.stringMatching(/may write only to table T-1/) }],
    });
    expect(await runtime.store.findEvents([own.eventId, other.eventId])).toEqual([]);

    const foreignTable = opened('acc-3', { tableId: 'T-3', casinoId: 'casino-1' });
    const opening = await request('POST', '/api/v1/events', as.terminal!.headers, [foreignTable]);
    expect(opening.status).toBe(403);
    expect(await opening.json()).toMatchObject({ refusals: [{ index: 0, field: 'data.tableId' }] });
    expect(await runtime.store.findEvents([foreignTable.eventId])).toEqual([]);

    const ownTable = await request('POST', '/api/v1/events', as.terminal!.headers, [own]);
    expect(ownTable.status).toBe(200);
    expect(await ownTable.json()).toMatchObject({ appended: 1 });
  });

  it('refuses an event type the role may not send, naming the event index and type', async () => {
    const cash = envelope('CashExchanged', { sessionId: SESSION, amount: 100 });
    const fill = envelope('ChipsFilled', { sessionId: SESSION, slipId: 'F-77', chips: { '500': 2 } });
    const res = await request('POST', '/api/v1/events', as.terminal!.headers, [cash, fill]);
    expect(res.status).toBe(403);
    const body = await res.json();
    expect(body).toMatchObject({
      refused: 1,
      refusals: [
        { index: 1, eventId: fill.eventId, field: 'type', reason: 'event 1 (ChipsFilled): role terminal may not send ChipsFilled (allowed: finance, admin)' },
      ],
    });
    expect(await runtime.store.findEvents([cash.eventId, fill.eventId])).toEqual([]);

    const correction = envelope('CorrectionRecorded', { correctsEventId: cash.eventId, reason: 'x', approvedBy: ['a', 'b'] });
    const byPit = await request('POST', '/api/v1/events', as.pit!.headers, [correction]);
    expect(byPit.status).toBe(403);
    expect(((await byPit.json()) as any).refusals[0].reason).toMatch(/role pit may not send CorrectionRecorded \(allowed: compliance, admin\)/);
  });

  it('lets an inspector read everything and write nothing', async () => {
    const fact = envelope('CashExchanged', { sessionId: SESSION, amount: 100 });
    const res = await request('POST', '/api/v1/events', as.inspector!.headers, [fact]);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ reason: expect.stringMatching(/role inspector may not call POST \/api\/v1\/events/) });
    expect(await runtime.store.findEvents([fact.eventId])).toEqual([]);
    expect((await request('GET', `/api/v1/sessions/${SAMPLE_SESSION}/table-book`, as.inspector!.headers)).status).toBe(200);
  });

  it('keeps a casino-scoped credential within its casino, reading and writing', async () => {
    const pit = await issueCredential(runtime, 'pit', { subject: 'pit-casino-1', casinoId: 'casino-1', access });
    expect((await request('GET', `/api/v1/sessions/${SESSION}/table-book`, pit.headers)).status).toBe(200);
    const replay = await request('GET', '/api/v1/rounds/r-0001/replay', pit.headers); // a round of casino-donostia
    expect(replay.status).toBe(403);
    expect(await replay.json()).toMatchObject({ reason: expect.stringMatching(/scoped to casino casino-1.*casino-donostia/) });
    expect((await request('GET', `/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=csv`, pit.headers)).status).toBe(403);
    const limits = envelope('TableLimitsChanged', { sessionId: SAMPLE_SESSION, limits: { min: 100, max: 1000 } });
    const write = await request('POST', '/api/v1/events', pit.headers, [limits]);
    expect(write.status).toBe(403);
    expect(((await write.json()) as any).refusals[0]).toMatchObject({ index: 0, reason: expect.stringMatching(/belongs to casino casino-donostia/) });
    const open = await request('POST', '/api/v1/events', pit.headers, [opened('acc-4', { casinoId: 'casino-9' })]);
    expect(open.status).toBe(403);
    expect(((await open.json()) as any).refusals[0]).toMatchObject({ field: 'data.casinoId' });
  });

  it("narrows the lists and the access log to a casino-scoped credential's casino", async () => {
    await runtime.projector.catchUp();
    const inspector = await issueCredential(runtime, 'inspector', { subject: 'inspector-casino-1', casinoId: 'casino-1', access });
    const sessions = (await (await request('GET', '/api/v1/sessions', inspector.headers)).json()) as any;
    expect(sessions.sessions.length).toBeGreaterThan(0);
    expect(new Set(sessions.sessions.map((x: any) => x.casinoId))).toEqual(new Set(['casino-1']));
    const everyone = (await (await request('GET', '/api/v1/sessions', as.inspector!.headers)).json()) as any;
    expect(new Set(everyone.sessions.map((x: any) => x.casinoId))).toContain('casino-donostia');
    expect((await request('GET', '/api/v1/sessions?casino=casino-donostia', inspector.headers)).status).toBe(403);

    const rounds = (await (await request('GET', '/api/v1/rounds', inspector.headers)).json()) as any;
    expect(rounds.rounds.every((r: any) => !r.roundId.startsWith('r-'))).toBe(true); // r-0001… are casino-donostia's
    const allRounds = (await (await request('GET', '/api/v1/rounds', as.inspector!.headers)).json()) as any;
    expect(allRounds.rounds.some((r: any) => r.roundId === 'r-0001')).toBe(true);
    expect((await request('GET', '/api/v1/rounds?casino=casino-donostia', inspector.headers)).status).toBe(403);

    // the access log: what credentials of casino-1 did, not what the unscoped ones did
    const since = new Date(Date.now() - 60_000).toISOString();
    const scopedLog = (await (await request('GET', `/api/v1/access-log?from=${encodeURIComponent(since)}`, inspector.headers)).json()) as any;
    expect(scopedLog.records.length).toBeGreaterThan(0);
    const ofCasino1 = new Set((await runtime.pool.query(`SELECT id FROM ca_credentials WHERE casino_id = 'casino-1'`)).rows.map((r) => r.id as string));
    expect(scopedLog.records.map((r: any) => r.subject)).toContain('inspector-casino-1');
    // and the refused attempts that claimed one of casino-1's credentials (kind `credential`, unverified claim)
    expect(scopedLog.records.filter((r: any) => !ofCasino1.has(r.credentialId ?? r.claimedCredentialId))).toEqual([]);
    const fullLog = (await (await request('GET', `/api/v1/access-log?from=${encodeURIComponent(since)}`, as.compliance!.headers)).json()) as any;
    expect(fullLog.records.some((r: any) => !ofCasino1.has(r.credentialId))).toBe(true);
  });

  it('refuses two different credentials in one request', async () => {
    const res = await request('GET', '/api/v1/health', { ...as.admin!.headers, 'x-api-key': as.terminal!.secret });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ reason: expect.stringMatching(/two different credentials/) });
    // an API key may also be sent as a bearer
    expect((await request('GET', '/api/v1/health', { authorization: `Bearer ${as.terminal!.secret}` })).status).toBe(200);
  });

  it('records who replayed and who exported what, and reports it to admin, compliance and inspector only', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    expect((await request('GET', '/api/v1/rounds/r-0001/replay?format=text', as.inspector!.headers)).status).toBe(200);
    expect((await request('GET', `/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=csv`, as.finance!.headers)).status).toBe(200);
    expect((await request('GET', '/api/v1/rounds/r-0001/replay', as.terminal!.headers)).status).toBe(403);
    expect((await request('GET', '/api/v1/health', as.pit!.headers)).status).toBe(200);

    const res = await request('GET', `/api/v1/access-log?from=${encodeURIComponent(since)}`, as.compliance!.headers);
    expect(res.status).toBe(200);
    const log = (await res.json()) as any;
    const mine = log.records.filter((r: any) => r.at >= since);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          subject: 'test-inspector',
          roles: ['inspector'],
          credentialId: as.inspector!.id,
          kind: 'replay',
          method: 'GET',
          route: '/api/v1/rounds/:roundId/replay',
          params: { roundId: 'r-0001' },
          query: { format: 'text' },
          format: 'text',
          outcome: 'allowed',
        }),
        expect.objectContaining({
          subject: 'test-finance',
          roles: ['finance'],
          kind: 'export',
          route: '/api/v1/sessions/:sessionId/table-book',
          params: { sessionId: SAMPLE_SESSION },
          format: 'csv',
          outcome: 'allowed',
        }),
        expect.objectContaining({ subject: 'test-terminal', kind: 'replay', outcome: 'denied', reason: expect.stringMatching(/role terminal may not call/) }),
      ]),
    );
    expect(mine.every((r: any) => !r.at || typeof r.at === 'string')).toBe(true);
    // health is not a read of the record (a refused credential presented to it is, kind `credential`)
    expect(mine.some((r: any) => r.route === '/api/v1/health' && r.kind !== 'credential')).toBe(false);

    // reading the log is itself recorded
    const again = (await (await request('GET', `/api/v1/access-log?from=${encodeURIComponent(since)}`, as.admin!.headers)).json()) as any;
    expect(again.records).toEqual(expect.arrayContaining([expect.objectContaining({ subject: 'test-compliance', kind: 'access-log' })]));

    expect((await request('GET', '/api/v1/access-log', as.pit!.headers)).status).toBe(403);
    const bad = await request('GET', '/api/v1/access-log?from=yesterday', { ...as.admin!.headers, 'accept-language': 'en' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'from', reason: expect.stringMatching(/YYYY-MM-DD/) });
  });

  const run = (...args: string[]) => runCredentialCommand(runtime, ...args);

  it('issues, lists and revokes credentials and reports the access log from the command line', async () => {
    const key = await run(
      'credentials',
      'issue',
      '--role',
      'terminal',
      '--subject',
      'terminal RF-01',
      '--casino',
      'casino-donostia',
      '--table',
      'RF-01',
      '--table',
      'RF-02',
    );
    const apiKey = key.stdout.trim();
    expect(apiKey).toMatch(/^cak_/);
    expect(key.stderr).toMatch(/X-Api-Key/);
    expect((await request('GET', '/api/v1/health', { 'x-api-key': apiKey })).status).toBe(200);

    const issued = JSON.parse((await run('credentials', 'issue', '--role', 'pit,finance', '--subject', 'zoe', '--expires-in', '2h', '--json')).stdout);
    expect(issued).toMatchObject({ kind: 'token', roles: ['pit', 'finance'], subject: 'zoe', status: 'active' });
    expect(Date.parse(issued.expiresAt) - Date.parse(issued.issuedAt)).toBe(2 * 3_600_000);
    const headers = { authorization: `Bearer ${issued.secret}` };
    expect((await request('GET', '/api/v1/rounds/r-0001/replay', headers)).status).toBe(200);

    const listed = JSON.parse((await run('credentials', 'list', '--json')).stdout);
    expect(listed.find((c: any) => c.id === issued.id)).toMatchObject({ subject: 'zoe' });
    expect(JSON.stringify(listed)).not.toContain(issued.secret);

    expect((await run('credentials', 'revoke', issued.id, '--reason', 'test over')).stdout).toMatch(/revoked .*zoe/);
    expect((await request('GET', '/api/v1/health', headers)).status).toBe(401);
    expect((await run('credentials', 'list')).stdout).not.toContain('zoe');
    expect((await run('credentials', 'list', '--all')).stdout).toMatch(/revoked.*zoe/);

    // every page: each request of this file is in the log by now (writes and refusals too), more than a page's 100
    const log = JSON.parse((await run('access-log', '--all', '--json')).stdout);
    expect(log.records).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: 'zoe', kind: 'replay', route: '/api/v1/rounds/:roundId/replay', status: 200 })]),
    );
    expect((await run('access-log', '--all')).stdout).toMatch(/replay\s+zoe \[pit,finance\]/);

    const wrong = await run('credentials', 'issue', '--role', 'croupier', '--subject', 'x');
    expect(wrong.stderr).toMatch(/unknown role/);
    process.exitCode = 0;
  });

  it('rotates the signing key from the command line: the new key signs, the tokens of the old one still work; serve says where the key comes from', async () => {
    const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid as string;
    const before = as.compliance!;
    const lines: string[] = [];
    await announceBootstrapCredential(runtime, (line) => lines.push(line));
    expect(lines[0]).toMatch(
      new RegExp(
        `^token signing key ${kidOf(before.secret)} generated in the database \\(the embedded default: whoever reads a backup or a replica reads it too; set CASINO_AUDIT_SIGNING_KEY or CASINO_AUDIT_SIGNING_KEY_FILE\\)$`,
      ),
    );
    // serve says it in its language (issue 16): Spanish unless told otherwise
    const spanish: string[] = [];
    await announceBootstrapCredential(runtime, (line) => spanish.push(line), 'es');
    expect(spanish[0]).toBe(
      `clave de firma de tokens ${kidOf(before.secret)} generada en la base de datos (lo predeterminado del modo integrado: quien lea una copia de seguridad o una réplica también la lee; defina CASINO_AUDIT_SIGNING_KEY o CASINO_AUDIT_SIGNING_KEY_FILE)`,
    );
    expect(spanish.slice(1).join('\n')).toMatch(
      /^toda ruta exige una credencial: `casino-audit credentials issue --role <rol> --subject <quién>` la emite$|solo se muestra esta vez:/,
    );

    const rotated = await run('credentials', 'rotate-key');
    expect(rotated.stdout).toMatch(
      new RegExp(`^key (\\S+) signs from now on \\(database\\); ${kidOf(before.secret)} verifies the tokens it signed until they expire`),
    );
    const newKid = /^key (\S+)/.exec(rotated.stdout)![1];
    const issued = JSON.parse((await run('credentials', 'issue', '--role', 'compliance', '--subject', 'after-rotation', '--json')).stdout);
    expect(kidOf(issued.secret)).toBe(newKid);
    // the running server knew only the old key: it finds the new one on the first token that names it
    expect((await request('GET', '/api/v1/access-log?limit=1', { authorization: `Bearer ${issued.secret}` })).status).toBe(200);
    expect((await request('GET', '/api/v1/access-log?limit=1', before.headers)).status).toBe(200);
    process.exitCode = 0;
  });

  it("documents the access log's page and the 429 in OpenAPI", () => {
    const op = spec.paths['/api/v1/access-log'].get;
    expect(op.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['from', 'to', 'limit', 'cursor']));
    expect(op.responses['200'].content['application/json'].schema.properties).toEqual(
      expect.objectContaining({ next: expect.objectContaining({ nullable: true }), total: expect.any(Object), totalIsEstimate: expect.any(Object) }),
    );
    for (const [path, methods] of Object.entries<any>(spec.paths)) {
      for (const [method, operation] of Object.entries<any>(methods)) {
        expect({ route: `${method} ${path}`, retryAfter: !!operation.responses['429']?.headers?.['Retry-After'] }).toEqual({
          route: `${method} ${path}`,
          retryAfter: true,
        });
      }
    }
  });
});
