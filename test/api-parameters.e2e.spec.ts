/**
 * Query and path parameters, and the security headers (issue 20 §1, §5), over real HTTP and
 * PostgreSQL. Every route is discovered from the app, and each parameter it declares (read from the
 * OpenAPI document the declaration writes) is sent with a NUL, a lone surrogate, bad characters, an
 * over-long or repeated value: each is a 400 naming the parameter, never a 500, and each attempt is in
 * the access log with exactly the bytes it carried.
 */
import type { INestApplication } from '@nestjs/common';
import { Command } from 'commander';
import * as net from 'node:net';
import { registerCredentialCommands } from '../apps/cli/src/credential-commands';
import { createHttpApp } from '../apps/api/src/http-app';
import { routeRoles, RouteRoles } from '../apps/api/src/auth/route-roles';
import { HSTS_MAX_AGE } from '../apps/api/src/security-headers';
import { AccessService, fromStorableJson } from '../libs/access/src';
import { parseNdjson } from '../libs/ledger/src';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { declaredParameters, fixture, urlFor } from './support/parameters';
import { SAMPLE_SESSION, sampleLines } from './support/sample';

/** Who may call a route: admin where allowed, else the first role it names. */
const callerOf = (route: RouteRoles) => (route.roles!.includes('admin') ? 'admin' : route.roles![0]);

describe('parameters and headers over HTTP', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: string;
  let spec: any;
  let routes: RouteRoles[];
  const as: Record<string, TestCredential> = {};

  beforeAll(async () => {
    db = await createTestDatabase('ca_params_e2e');
    runtime = await startRuntime({ databaseUrl: db.url });
    const access = new AccessService(runtime.pool);
    app = await createHttpApp(runtime, { access, behindTls: false });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
    for (const role of ['admin', 'finance', 'pit', 'compliance', 'inspector'] as const) as[role] = await issueCredential(runtime, role, { access });
    as.scoped = await issueCredential(runtime, 'inspector', { casinoId: 'casino-donostia', subject: 'scoped-inspector', access });
    expect((await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')))).ok).toBe(true);
    await runtime.projector.catchUp();
    spec = await (await fetch(`${base}/api/docs-json`)).json();
    routes = routeRoles(app);
  });
  afterAll(async () => {
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  const lastLogId = async () => Number((await runtime.pool.query('SELECT coalesce(max(id), 0) AS id FROM ca_access_log')).rows[0].id);
  const logSince = async (id: number) => (await runtime.pool.query('SELECT * FROM ca_access_log WHERE id > $1 ORDER BY id', [id])).rows;
  // the reasons asserted below are the English ones: asked for in English (Spanish is the default, test/languages.e2e.spec.ts)
  const send = (method: string, url: string, given: Record<string, string>) => {
    const headers = { ...given, 'accept-language': 'en' };
    return fetch(`${base}${url}`, {
      method,
      headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
      body: method === 'POST' ? '[]' : undefined,
    });
  };

  it('answers GET /rounds?casino=%00 with 400 naming the parameter, and records the attempt with the NUL', async () => {
    const before = await lastLogId();
    const res = await send('GET', '/api/v1/rounds?casino=%00', as.admin.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      statusCode: 400,
      field: 'casino',
      reason: expect.stringMatching(/casino id.*U\+0000/),
      refusals: [{ in: 'query', field: 'casino' }],
    });
    const [row, ...more] = await logSince(before);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      route: '/api/v1/rounds',
      outcome: 'denied',
      subject: 'test-admin',
      reason: expect.stringMatching(/^400 query parameter casino/),
    });
    expect(fromStorableJson(row.query)).toEqual({ casino: '\u0000' });
  });

  it('refuses hostile bytes in every declared parameter of every route with 400 naming it, and records each attempt as sent', async () => {
    const HOSTILE: Array<[string, string]> = [
      ['a NUL', '%00'],
      ['a NUL inside', 'ab%00cd'],
      ['a lone surrogate', '%ED%A0%80'],
      ['a control character', 'x%0Ay'],
      ['markup', '%3Cscript%3E'],
      ['a quote', "x'%20OR%201=1"],
      ['an over-long value', 'a'.repeat(3000)],
      ['bytes that are not UTF-8', '%FF%FE'],
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const who = as[callerOf(route)] ?? as.admin;
      for (const p of declaredParameters(spec, route)) {
        for (const [what, raw] of HOSTILE) {
          const url = p.in === 'path' ? urlFor(spec, route, { path: { [p.name]: raw } }) : urlFor(spec, route, { rawQuery: [[p.name, raw]] });
          const before = await lastLogId();
          const res = await send(route.method, url, who.headers);
          const body = await res.text();
          checked++;
          const name = `${route.method} ${route.path} ${p.in} ${p.name} with ${what}`;
          if (res.status !== 400) {
            failures.push(`${name}: ${res.status} ${body.slice(0, 200)}`);
            continue;
          }
          const json = JSON.parse(body);
          if (json.field !== p.name || typeof json.reason !== 'string' || !json.reason) failures.push(`${name}: refusal ${body.slice(0, 200)}`);
          const rows = await logSince(before);
          if (rows.length !== 1 || rows[0].outcome !== 'denied' || rows[0].route !== route.path)
            failures.push(`${name}: access log ${JSON.stringify(rows).slice(0, 300)}`);
          else {
            // exactly what Express decoded from the request, whatever the bytes
            const sent = p.in === 'path' ? fromStorableJson(rows[0].params)[p.name] : fromStorableJson(rows[0].query)[p.name];
            const expected = p.in === 'path' ? safeDecode(raw) : new URLSearchParams(`x=${raw}`).get('x');
            if (p.in === 'query' && sent !== expected && !(typeof sent === 'string' && sent.includes('\ufffd')))
              failures.push(`${name}: recorded ${JSON.stringify(sent)}, sent ${JSON.stringify(expected)}`);
            if (p.in === 'path' && expected !== null && sent !== expected)
              failures.push(`${name}: recorded ${JSON.stringify(sent)}, sent ${JSON.stringify(expected)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(8 * 20);
  });

  it('refuses an unknown or repeated parameter on every route, and a missing required one', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const who = as[callerOf(route)] ?? as.admin;
      const unknown = await send(route.method, urlFor(spec, route, { query: [['zz-not-a-parameter', '1']] }), who.headers);
      const u: any = await unknown.json();
      if (unknown.status !== 400 || u.field !== 'zz-not-a-parameter' || !/unknown parameter/.test(u.reason))
        failures.push(`${route.method} ${route.path} unknown: ${unknown.status} ${JSON.stringify(u)}`);
      for (const p of declaredParameters(spec, route).filter((x) => x.in === 'query')) {
        const twice = await send(
          route.method,
          urlFor(spec, route, {
            query: [
              [p.name, fixture(p.name)],
              [p.name, fixture(p.name)],
            ],
          }),
          who.headers,
        );
        const t: any = await twice.json();
        if (twice.status !== 400 || t.field !== p.name || !/once/.test(t.reason))
          failures.push(`${route.method} ${route.path} ${p.name} twice: ${twice.status} ${JSON.stringify(t)}`);
        if (p.required) {
          const without = await send(route.method, urlFor(spec, route).replace(new RegExp(`[?&]${p.name}=[^&]*`), ''), who.headers);
          const w: any = await without.json();
          if (without.status !== 400 || w.field !== p.name || !/required/.test(w.reason))
            failures.push(`${route.method} ${route.path} without ${p.name}: ${without.status} ${JSON.stringify(w)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('still answers valid parameters, and a casino-scoped credential is still kept to its casino', async () => {
    expect((await send('GET', `/api/v1/rounds?gamingDay=2026-11-21&table=RF-01&casino=casino-donostia&code=PAYOUT_MISMATCH`, as.admin.headers)).status).toBe(
      200,
    );
    expect((await send('GET', '/api/v1/rounds/r-0001/replay?full=true&format=text', as.pit.headers)).status).toBe(200);
    expect((await send('GET', `/api/v1/sessions/${SAMPLE_SESSION}/table-book?format=csv`, as.pit.headers)).status).toBe(200);
    expect((await send('GET', '/api/v1/jackpots?points=2', as.pit.headers)).status).toBe(200);
    expect((await send('GET', '/api/v1/reports/inspector?gamingDay=2026-11-21&casinoId=casino-donostia', as.scoped.headers)).status).toBe(200);
    const other = await send('GET', '/api/v1/reports/inspector?gamingDay=2026-11-21&casino=casino-9', as.scoped.headers);
    expect(other.status).toBe(403);
    // dates that are not on the calendar (one threw in the check itself: found by the fuzz test)
    for (const day of ['9999-99-99', '2026-02-30', '2026-13-01']) {
      const res = await send('GET', `/api/v1/reconciliation?gamingDay=${day}`, as.finance.headers);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ field: 'gamingDay', reason: expect.stringMatching(/calendar date/) });
    }
    // an empty optional parameter is absent, as a form sends it
    expect((await send('GET', '/api/v1/sessions?gamingDay=&casino=', as.pit.headers)).status).toBe(200);
  });

  it('refuses a path that cannot be percent-decoded with 400 naming the parameter, and records the attempt', async () => {
    const before = await lastLogId();
    const res = await send('GET', '/api/v1/rounds/%E0%A4%A/replay', as.admin.headers);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: 'roundId', reason: expect.stringMatching(/percent-encoding/) });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const rows = await logSince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: '/api/v1/rounds/%E0%A4%A/replay', outcome: 'denied', subject: 'test-admin', reason: expect.stringMatching(/^400 /) });
  });

  it('answers bytes an HTTP client cannot send (NUL, line breaks in a header or the path) with 400 from Node, and keeps serving', async () => {
    const raw = (bytes: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(new URL(base).port), '127.0.0.1');
        let answer = '';
        socket.on('data', (d) => (answer += d.toString('latin1')));
        socket.on('end', () => resolve(answer));
        socket.on('error', reject);
        socket.end(bytes);
      });
    const bearer = as.admin.headers.authorization;
    const requests = [
      Buffer.from(`GET /api/v1/rounds?casino=a\u0000b HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer}\r\nConnection: close\r\n\r\n`, 'latin1'),
      Buffer.from(`GET /api/v1/rounds HTTP/1.1\r\nHost: x\r\nAuthorization: ${bearer}\u0000\r\nConnection: close\r\n\r\n`, 'latin1'),
      Buffer.from(`GET /api/v1/rounds HTTP/1.1\r\nHost: x\r\nX-Api-Key: a\rb\r\nConnection: close\r\n\r\n`, 'latin1'),
      Buffer.from(`GET /api/v1/ro unds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'),
    ];
    for (const bytes of requests) expect(await raw(bytes)).toMatch(/^HTTP\/1\.1 400 /);
    expect((await send('GET', '/api/v1/rounds', as.admin.headers)).status).toBe(200);
  });

  it('lists the access log on the command line one line per record: a hostile value can neither forge a line nor drive the terminal', async () => {
    const since = new Date().toISOString(); // the two requests below, and nothing before them
    const forged = encodeURIComponent('x\n2026-01-01T00:00:00.000Z  report     forged-admin [admin]  GET /api/v1/rounds\u001b[2J\u001b]0;owned\u0007');
    expect((await send('GET', `/api/v1/rounds?casino=${forged}`, as.admin.headers)).status).toBe(400);
    expect((await send('GET', `/api/v1/sessions?${forged}=1`, as.admin.headers)).status).toBe(400);
    const program = new Command().exitOverride();
    registerCredentialCommands(program, <T>(_: Command, fn: (r: Runtime) => Promise<T>) => fn(runtime));
    let stdout = '';
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => ((stdout += chunk), true));
    try {
      await program.parseAsync(['access-log', '--from', since], { from: 'user' });
    } finally {
      spy.mockRestore();
    }
    const lines = stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.startsWith(new Date().toISOString().slice(0, 4)) && !l.startsWith('2026-01-01T00:00:00'))).toBe(true);
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
    expect(lines[0]).toContain('casino=x\\u000a2026-01-01T00:00:00.000Z');
    expect(lines[0]).toContain('\\u001b[2J\\u001b]0;owned\\u0007');
  });

  it('documents every parameter with its schema and the 400 it may answer', () => {
    for (const route of routes) {
      const operation = spec.paths[route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')][route.method.toLowerCase()];
      expect({ route: route.path, description: operation.responses['400']?.description }).toEqual({
        route: route.path,
        description: expect.stringMatching(/query or path parameter/),
      });
      for (const p of declaredParameters(spec, route)) {
        const s = p.schema ?? {};
        expect({ route: route.path, name: p.name, constrained: !!(s.pattern || s.enum || s.maximum || s.format) }).toEqual({
          route: route.path,
          name: p.name,
          constrained: true,
        });
      }
    }
    const rounds = declaredParameters(
      spec,
      routes.find((r) => r.path === '/api/v1/rounds')!,
    );
    expect(rounds.find((p) => p.name === 'casino')!.schema).toMatchObject({ type: 'string', maxLength: 128, pattern: expect.any(String) });
  });

  describe('security headers', () => {
    it('sends no X-Powered-By, a Referrer-Policy, and no-store on every API answer, refusals included', async () => {
      const answers = [
        await send('GET', '/api/v1/health', as.admin.headers),
        await send('GET', `/api/v1/sessions/${SAMPLE_SESSION}/table-book`, as.admin.headers),
        await send('GET', '/api/v1/reconciliation?gamingDay=2026-11-21', as.finance.headers),
        await send('GET', '/api/v1/rounds?casino=%00', as.admin.headers),
        await send('GET', '/api/v1/rounds', {}),
        await send('GET', '/api/v1/nowhere', as.admin.headers),
      ];
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 400, 401, 404]);
      for (const res of answers) {
        expect(res.headers.get('x-powered-by')).toBeNull();
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers.get('strict-transport-security')).toBeNull();
        expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
        expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
        expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(res.headers.get('origin-agent-cluster')).toBe('?1');
      }
    });

    it("keeps the pages' Content-Security-Policy, and lets the pages be cached", async () => {
      const page = await fetch(`${base}/`);
      expect(page.headers.get('x-powered-by')).toBeNull();
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.headers.get('content-security-policy')).toBe(
        "default-src 'self';img-src 'self' data: blob:;style-src 'self' 'unsafe-inline';connect-src 'self';frame-ancestors 'none'",
      );
      expect(page.headers.get('cache-control')).toBe('public, max-age=3600');
      const docs = await fetch(`${base}/api/docs-json`);
      expect(docs.status).toBe(200);
      expect(docs.headers.get('cache-control')).toBe('no-store');
    });

    it('sends Strict-Transport-Security when the deployment says it is behind TLS', async () => {
      const tls = await createHttpApp(runtime, { behindTls: true });
      await tls.listen(0, '127.0.0.1');
      try {
        const url = (await tls.getUrl()).replace('[::1]', '127.0.0.1');
        for (const path of ['/', '/api/v1/health']) {
          const res = await fetch(`${url}${path}`, { headers: as.admin.headers });
          expect(res.headers.get('strict-transport-security')).toBe(`max-age=${HSTS_MAX_AGE}; includeSubDomains`);
        }
      } finally {
        await tls.close();
      }
    });
  });
});

function safeDecode(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
