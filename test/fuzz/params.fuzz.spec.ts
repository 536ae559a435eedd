/**
 * Fuzzing the query parameters, path parameters and headers of every route (issue 20 §1), over real
 * HTTP against one app and one PostgreSQL database holding a recorded day. The routes are discovered
 * from the app and their parameters read from the OpenAPI document, so a new route or parameter is
 * fuzzed without touching this file. Each case: a route, a caller (every role, a casino-scoped one, or
 * a forged credential), values for its path and query parameters (valid, hostile — NUL, control
 * characters, lone surrogates, bytes that are not UTF-8, broken percent-encoding, markup, huge — or
 * absent), unknown and repeated parameters, and hostile headers. Sent in batches of 16 at once.
 *
 * Properties, for every request: never a 5xx; a 400 for its parameters names a field and a reason; and
 * every attempt is in the access log exactly once — each request whose credential was accepted is one
 * row, found by its request id, with exactly the path, parameters and query it carried and the status
 * it was answered (a route's own refusal too); each refused credential, each request without one and
 * each body refused before its route one more attempt on an aggregated row. Only allowed health checks
 * are not recorded.
 */
import type { INestApplication } from '@nestjs/common';
import * as fc from 'fast-check';
import * as http from 'node:http';
import * as querystring from 'node:querystring';
import { Pool } from 'pg';
import { UNAUDITED_ROUTES } from '../../apps/api/src/auth/access.guard';
import { ROLES } from '../../apps/api/src/auth/roles';
import { routeRoles, RouteRoles } from '../../apps/api/src/auth/route-roles';
import { createHttpApp } from '../../apps/api/src/http-app';
import { AccessService, fromStorableJson } from '../../libs/access/src';
import { parseNdjson } from '../../libs/ledger/src';
import { Runtime, startRuntime } from '../../libs/platform/src';
import { declaredParameters, PARAMETER_FIXTURES } from '../support/parameters';
import { issueCredential, TestCredential } from '../support/access';
import { createTestDatabase, TestDatabase } from '../support/database';
import { sampleLines } from '../support/sample';

/** batches of BATCH requests sent at once: CA_FUZZ_PARAMS_RUNS × BATCH cases (625 × 16 = 10,000 by default) */
const BATCH = Number(process.env.CA_FUZZ_PARAMS_BATCH) || 16;
const RUNS = Number(process.env.CA_FUZZ_PARAMS_RUNS) || 625;

// ── generators ──────────────────────────────────────────────────────────────────────────────────────

const hostileUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('\u0000', '\u0001', '\n', '\r', '\t', '\u007f', '\u0085', '\u2028', '\ufeff', '\ud800', '\udfff', '\udc00\ud800') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '%',
      '&',
      '=',
      '#',
      '?',
      '/',
      '\\',
      '..',
      "'",
      '"',
      '<',
      '>',
      ' ',
      '+',
      ';',
      '[',
      ']',
      '{',
      '}',
      '$',
      '*',
      ',',
      '€',
      '🎰',
      'é',
      'ß',
      '漢',
    ),
  },
  { weight: 4, arbitrary: fc.constantFrom(...'aZ09-._:@'.split('')) },
  // any code point (surrogates included); mapped by hand: fast-check's 'binary' unit rebuilds a reverse table of all of Unicode for every string it slices
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).map((cp) => String.fromCodePoint(cp)) },
);
const hostileValue = fc.oneof(
  { weight: 5, arbitrary: fc.string({ unit: hostileUnit, maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'null',
      'true',
      '-1',
      '0',
      '1e309',
      'NaN',
      '2026-02-30',
      '9999-99-99',
      '25:61',
      '23:59:60',
      "' OR 1=1 --",
      '__proto__',
      'constructor',
      '..',
      '.',
      'a'.repeat(129),
      'x'.repeat(3000),
      '2026-11-21T25:00:00Z',
    ),
  },
  { weight: 3, arbitrary: fc.constantFrom(...Object.values(PARAMETER_FIXTURES)) },
);
/** broken percent-encoding, put on the wire as it is */
const brokenEscape = fc.constantFrom('%', '%G1', '%E0%A4', '%C0%AF', '%ED%A0%80', '%FF', '%0', '%%');
const unknownName = fc.oneof(
  fc.constantFrom('casinoid', 'Casino', 'format[]', 'a[b]', '__proto__', 'constructor', 'toString', 'x', ''),
  fc.string({ unit: hostileUnit, minLength: 1, maxLength: 12 }),
);

/** visible ASCII, tab and Latin-1: what an HTTP client can put in a header value */
const headerText = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((c) => String.fromCharCode(c)),
  maxLength: 60,
});
const HEADER_NAMES = [
  'accept',
  'accept-language',
  'accept-encoding',
  'content-type',
  'x-forwarded-for',
  'x-forwarded-proto',
  'forwarded',
  'x-real-ip',
  'referer',
  'origin',
  'user-agent',
  'cookie',
  'if-none-match',
  'if-modified-since',
  'range',
  'x-http-method-override',
  'x-request-id',
  'x-casino',
  'x-role',
];
const hostileHeaders = fc.dictionary(fc.constantFrom(...HEADER_NAMES), headerText, { maxKeys: 4 });

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
/** credentials that are not one: malformed, unknown, forged tokens with hostile claims, two at once */
const forgedCredential = fc.oneof(
  headerText.map((t): Record<string, string> => ({ authorization: `Bearer ${t}` })),
  headerText.map((t): Record<string, string> => ({ 'x-api-key': `cak_${t}` })),
  headerText.map((t): Record<string, string> => ({ authorization: t })),
  fc
    .tuple(fc.string({ unit: hostileUnit, maxLength: 20 }), fc.string({ unit: hostileUnit, maxLength: 20 }), fc.constantFrom('HS256', 'none', 'RS256', 'hs256'))
    .map(([kid, jti, alg]): Record<string, string> => ({
      authorization: `Bearer ${b64(JSON.stringify({ alg, typ: 'JWT', kid }))}.${b64(JSON.stringify({ iss: 'casino-audit', jti, sub: jti, roles: ['admin'], exp: 4102444800 }))}.${b64(kid)}`,
    })),
  fc.constant<Record<string, string>>({ authorization: 'Bearer a.b.c', 'x-api-key': 'cak_0123456789abcdef_x' }),
);

interface Case {
  route: number;
  caller: string;
  forged: Record<string, string>;
  path: Record<string, { value: string; broken?: string }>;
  query: Array<{ name: string; value: string; broken?: string }>;
  headers: Record<string, string>;
}

// ── the wire ────────────────────────────────────────────────────────────────────────────────────────

/** Percent-encode every UTF-16 code unit; a lone surrogate as the three bytes that are not UTF-8 (as a careless client would). */
function wire(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (/[A-Za-z0-9\-._~]/.test(s[i])) {
      out += s[i];
      continue;
    }
    let bytes: number[];
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
    if (pair) bytes = [...Buffer.from(s.slice(i, ++i + 1), 'utf8')];
    else if (c >= 0xd800 && c <= 0xdfff) bytes = [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)];
    else bytes = [...Buffer.from(s[i], 'utf8')];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const withBroken = (value: string, broken?: string) => (broken ? `${wire(value.slice(0, 5))}${broken}${wire(value.slice(5))}` : wire(value));

function request(base: URL, method: string, path: string, headers: Record<string, string>): Promise<{ status: number; body: string; requestId: string }> {
  return new Promise((resolve, reject) => {
    const body = method === 'POST' ? '[]' : undefined;
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers: { ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8'), requestId: String(res.headers['x-request-id']) }));
        res.on('error', (e) => reject(new Error(`${method} ${path.slice(0, 200)}: ${e.message}`)));
      },
    );
    req.on('error', (e) => reject(new Error(`${method} ${path.slice(0, 200)}: ${e.message}`)));
    req.end(body);
  });
}
const agent = new http.Agent({ keepAlive: true, maxSockets: BATCH });

/** JSON with sorted keys: the access log's jsonb does not keep key order */
const canonical = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical((v as any)[k])}`)
          .join(',')}}`
      : JSON.stringify(v);

const decodeSegment = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw; // kept as sent (params/undecodable-path.ts)
  }
};

describe('fuzz: query parameters, path parameters and headers of every route', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  let app: INestApplication;
  let base: URL;
  let spec: any;
  let routes: RouteRoles[];
  let access: AccessService;
  const callers: Record<string, TestCredential & { subject: string }> = {};
  const stats = { requests: 0, statuses: new Map<number, number>(), recorded: 0, aggregated: 0 };

  beforeAll(async () => {
    db = await createTestDatabase('ca_fuzz_params');
    // every request appends to the access log: not waiting for each commit's WAL flush keeps 10,000 of
    // them quick on a busy machine, and changes nothing a request sees (only what a crash would keep)
    const tuning = new Pool({ connectionString: db.url, max: 1 });
    await tuning.query(`ALTER DATABASE ${db.name} SET synchronous_commit = off`);
    await tuning.end();
    runtime = await startRuntime({ databaseUrl: db.url });
    access = new AccessService(runtime.pool);
    app = await createHttpApp(runtime, { access });
    await app.listen(0, '127.0.0.1');
    // the client keeps its sockets between batches: the server must not close one as the client reuses it
    // (Node's 5 s keep-alive, shorter than a batch's checks on a loaded machine, answers that with a hang-up)
    app.getHttpServer().keepAliveTimeout = 600_000;
    base = new URL((await app.getUrl()).replace('[::1]', '127.0.0.1'));
    for (const role of ROLES)
      callers[role] = {
        ...(await issueCredential(runtime, role, {
          access,
          subject: `fuzz-${role}`,
          ...(role === 'terminal' ? { casinoId: 'casino-donostia', tableIds: ['RF-01'] } : {}),
        })),
        subject: `fuzz-${role}`,
      };
    callers.scoped = {
      ...(await issueCredential(runtime, 'inspector', { access, subject: 'fuzz-scoped', casinoId: 'casino-donostia' })),
      subject: 'fuzz-scoped',
    };
    expect((await runtime.ingestion.ingest(parseNdjson(sampleLines().join('\n')))).ok).toBe(true);
    await runtime.projector.catchUp();
    spec = await (await fetch(`${base.origin}/api/docs-json`)).json();
    routes = routeRoles(app);
  });
  afterAll(async () => {
    console.log(
      `parameter fuzz: ${stats.requests} requests on ${routes?.length} routes; ${stats.recorded} access-log rows and ${stats.aggregated} aggregated attempts (refused or no credential, body refused before its route) checked; statuses ${[
        ...stats.statuses,
      ]
        .sort()
        .map(([k, v]) => `${k}×${v}`)
        .join(', ')}`,
    );
    agent.destroy();
    await app?.close();
    await runtime?.close();
    await db?.drop();
  });

  /** The cases of route `r` (built once per route: generating is a good share of the run's work). */
  const casesOf = (r: number): fc.Arbitrary<Case> => {
    const declared = declaredParameters(spec, routes[r]);
    const pathNames = declared.filter((p) => p.in === 'path').map((p) => p.name);
    const queryNames = declared.filter((p) => p.in === 'query').map((p) => p.name);
    // a valid request, to reach the handlers: fixtures, and each of an enum's values
    const validValue = (name: string) => {
      const values = declared.find((p) => p.name === name)?.schema?.enum as string[] | undefined;
      return values?.length ? fc.constantFrom(...values) : fc.constant(PARAMETER_FIXTURES[name]);
    };
    const validQuery = fc
      .subarray(declared.filter((p) => p.in === 'query' && !p.required).map((p) => p.name))
      .chain((names) =>
        fc.tuple(
          ...[...declared.filter((p) => p.in === 'query' && p.required).map((p) => p.name), ...names].map((name) =>
            validValue(name).map((value) => ({ name, value })),
          ),
        ),
      );
    const valid = fc.record({
      route: fc.constant(r),
      caller: fc.constantFrom(...ROLES, 'scoped'),
      forged: fc.constant({}),
      path: fc.constant(Object.fromEntries(pathNames.map((n) => [n, { value: PARAMETER_FIXTURES[n] }]))),
      query: validQuery.filter((q) => !q.some((x) => x.name === 'cursor')),
      headers: fc.constant({}),
    });
    const pathValue = fc.record({ value: hostileValue.filter((v) => v !== ''), broken: fc.option(brokenEscape, { nil: undefined, freq: 6 }) });
    const queryItem = fc.record({
      name: queryNames.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...queryNames) }, { weight: 1, arbitrary: unknownName }) : unknownName,
      value: hostileValue,
      broken: fc.option(brokenEscape, { nil: undefined, freq: 8 }),
    });
    const hostile = fc.record({
      route: fc.constant(r),
      caller: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...ROLES, 'scoped') }, { weight: 1, arbitrary: fc.constant('forged') }),
      forged: forgedCredential,
      path: fc.record(
        Object.fromEntries(
          pathNames.map((n) => [n, fc.oneof({ weight: 1, arbitrary: fc.constant({ value: PARAMETER_FIXTURES[n] }) }, { weight: 3, arbitrary: pathValue })]),
        ),
      ) as fc.Arbitrary<Case['path']>,
      query: fc.array(queryItem, { maxLength: 5 }),
      headers: hostileHeaders,
    });
    return fc.oneof({ weight: 1, arbitrary: valid as fc.Arbitrary<Case> }, { weight: 3, arbitrary: hostile });
  };

  it(`${RUNS * BATCH} requests: never a 5xx, every parameter refusal named, every attempt in the access log`, async () => {
    // throttled and anonymous attempts are tallied in memory and written once a second (issue 20 §2): write them first
    const aggregatedAttempts = async () => {
      await access.flushRefusals();
      return Number((await runtime.pool.query(`SELECT coalesce(sum(attempts), 0) AS n FROM ca_access_log WHERE refusal_minute IS NOT NULL`)).rows[0].n);
    };
    const lastId = async () => Number((await runtime.pool.query('SELECT coalesce(max(id), 0) AS id FROM ca_access_log')).rows[0].id);

    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(...routes.map((_, r) => casesOf(r))), { minLength: BATCH, maxLength: BATCH }), async (cases) => {
        const since = await lastId();
        const attemptsBefore = await aggregatedAttempts();
        const sent = cases.map((c) => {
          const route = routes[c.route];
          const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, n) => withBroken(c.path[n].value, c.path[n].broken));
          const qs = c.query.map((q) => `${wire(q.name)}=${withBroken(q.value, q.broken)}`).join('&');
          const headers = { ...c.headers, ...(c.caller === 'forged' ? c.forged : callers[c.caller].headers) };
          return { c, route, path, qs, url: qs ? `${path}?${qs}` : path, headers };
        });
        const answers = await Promise.all(sent.map((s) => request(base, s.route.method, s.url, s.headers)));

        // every row of this batch, by the request id each answer carried back (a caller's own X-Request-Id may repeat)
        const rows = (await runtime.pool.query(`SELECT * FROM ca_access_log WHERE id > $1 AND refusal_minute IS NULL ORDER BY id`, [since])).rows;
        const unmatched = rows.map((r) => ({
          requestId: r.request_id as string,
          row: canonical({
            subject: r.subject,
            route: r.route,
            path: r.path,
            params: fromStorableJson(r.params),
            query: fromStorableJson(r.query),
            status: r.status,
            outcome: r.outcome,
          }),
        }));
        let aggregated = 0;
        answers.forEach((a, i) => {
          const s = sent[i];
          const what = `${s.route.method} ${s.url.slice(0, 300)} as ${s.c.caller} ${JSON.stringify(s.headers).slice(0, 200)}`;
          stats.requests++;
          stats.statuses.set(a.status, (stats.statuses.get(a.status) ?? 0) + 1);
          if (a.status >= 500) throw new Error(`${a.status} for ${what}: ${a.body.slice(0, 300)}`);
          let json: any = null;
          try {
            json = JSON.parse(a.body);
          } catch {
            /* CSV, PDF, text */
          }
          const parameterRefusal = a.status === 400 && Array.isArray(json?.refusals) && json.refusals.every((r: any) => r.in === 'path' || r.in === 'query');
          if (parameterRefusal && !json.refusals.every((r: any) => typeof r.field === 'string' && r.field && typeof r.reason === 'string' && r.reason))
            throw new Error(`a parameter refusal without field or reason for ${what}: ${a.body.slice(0, 300)}`);
          if (a.status === 401 || a.status === 429) {
            // a refused credential, or none: one attempt on its minute's row
            aggregated++;
            return;
          }
          if (s.c.caller === 'forged') throw new Error(`a forged credential was not refused: ${a.status} for ${what}`);
          // an allowed health check is the one request not recorded
          if (UNAUDITED_ROUTES.includes(s.route.path) && a.status < 400) return;
          const params = Object.fromEntries(Object.keys(s.c.path).map((n) => [n, decodeSegment(withBroken(s.c.path[n].value, s.c.path[n].broken))]));
          const expected = canonical({
            subject: callers[s.c.caller].subject,
            route: s.route.path,
            path: s.path,
            params,
            query: { ...querystring.parse(s.qs) },
            status: a.status,
            outcome: a.status < 400 ? 'allowed' : 'denied',
          });
          const at = unmatched.findIndex((u) => u.requestId === a.requestId && u.row === expected);
          if (at >= 0) {
            unmatched.splice(at, 1);
            return;
          }
          // no row: only a body refused before its route (a hostile Content-Type on a POST) names nobody
          if (s.route.method !== 'POST' || a.status < 400)
            throw new Error(
              `no access-log row ${expected.slice(0, 400)} (request ${a.requestId}) for ${what}; rows ${JSON.stringify(unmatched).slice(0, 600)}`,
            );
          aggregated++;
        });
        expect(unmatched).toEqual([]);
        expect((await aggregatedAttempts()) - attemptsBefore).toBe(aggregated);
        stats.recorded += rows.length;
        stats.aggregated += aggregated;
      }),
      // a failing batch is reported as it is: shrinking sixteen requests against a database takes longer than the run
      { numRuns: RUNS, seed: Number(process.env.CA_FUZZ_SEED) || undefined, endOnFailure: true },
    );
    expect(stats.requests).toBeGreaterThanOrEqual(RUNS * BATCH);
  }, 600_000);
});
