/**
 * Failed logins over real HTTP (issue 20 §2, §3 for the access log): every refused credential is in the
 * access log with its address, claimed id and reason, aggregated per minute; past the limit an address
 * is answered 429 with Retry-After by every node of the deployment; a valid credential from that same
 * address is never throttled; the access log pages with a cursor, through the API and the CLI.
 */
import type { INestApplication } from '@nestjs/common';
import { createHttpApp } from '../apps/api/src/http-app';
import { AccessService } from '../libs/access/src';
import { metricsRegistry } from '../libs/platform/src/metrics';
import { Runtime, startRuntime } from '../libs/platform/src';
import { issueCredential, runCredentialCommand, TestCredential } from './support/access';
import { createTestDatabase, TestDatabase } from './support/database';
import { envelope, opened } from './support/sample';

const LIMIT = { failures: 10, windowSeconds: 60 };

describe('failed logins: recorded, aggregated, throttled on every node; the access log paged', () => {
  let db: TestDatabase;
  let runtime: Runtime;
  const nodes: Array<{ app: INestApplication; base: string; access: AccessService }> = [];
  let admin: TestCredential;
  let compliance: TestCredential;
  let terminal: TestCredential;
  let revoked: TestCredential;
  let expired: TestCredential;

  beforeAll(async () => {
    db = await createTestDatabase('ca_failed_logins');
    runtime = await startRuntime({ databaseUrl: db.url });
    // two nodes of one deployment: two apps, each with its own access service, over one database
    for (let i = 0; i < 2; i++) {
      const access = new AccessService(runtime.pool, undefined, { env: {}, loginThrottle: LIMIT });
      const app = await createHttpApp(runtime, { access });
      await app.listen(0, '127.0.0.1');
      nodes.push({ app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1'), access });
    }
    const access = new AccessService(runtime.pool, undefined, { env: {} });
    admin = await issueCredential(runtime, 'admin', { access });
    compliance = await issueCredential(runtime, 'compliance', { access });
    terminal = await issueCredential(runtime, 'terminal', { casinoId: 'casino-1', tableIds: ['T-FL'], access });
    revoked = await issueCredential(runtime, 'inspector', { subject: 'revoked-inspector', access });
    await access.revoke(revoked.id, 'test', 'left');
    expired = await issueCredential(runtime, 'pit', {
      subject: 'expired-pit',
      access: new AccessService(runtime.pool, () => Date.now() - 10 * 3_600_000, { env: {} }),
    });
    expect((await runtime.ingestion.ingest([{ value: opened('fl-1', { tableId: 'T-FL' }) }])).ok).toBe(true);
  });
  afterAll(async () => {
    for (const n of nodes) await n.app.close();
    await runtime?.close();
    await db?.drop();
  });

  // the refusals' reasons in English (issue 16: the answer follows Accept-Language, Spanish by default)
  const get = (node: number, path: string, headers: Record<string, string> = {}) =>
    fetch(`${nodes[node].base}${path}`, { headers: { 'accept-language': 'en', ...headers } });
  const refusedCount = async (reason: string) =>
    (await metricsRegistry.getSingleMetric('casino_audit_refused_credentials_total')!.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
  const logAs = async (who: TestCredential, query: string) => {
    const res = await get(0, `/api/v1/access-log?${query}`, who.headers);
    expect(res.status).toBe(200);
    return (await res.json()) as any;
  };

  it('records each kind of refused credential with the address, the claimed id and the reason, and counts it', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const [h, p, s] = admin.secret.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, roles: ['admin', 'compliance'] })).toString('base64url');
    const unknownKey = `cak_00112233445566ff_${'B'.repeat(43)}`;
    const before = await refusedCount('bad-signature');
    const attempts: Array<[Record<string, string>, RegExp, string | null]> = [
      [{ 'x-api-key': unknownKey }, /unknown API key/, '00112233445566ff'],
      [{ authorization: 'Bearer not-a-token' }, /malformed/, null],
      [{ authorization: 'Basic YTpi' }, /Bearer/, null],
      [revoked.headers, /revoked/, revoked.id],
      [expired.headers, /expired/, expired.id],
      [{ authorization: `Bearer ${h}.${promoted}.${s}` }, /invalid token signature/, admin.id],
    ];
    for (const [headers, reason] of attempts) {
      const res = await get(1, '/api/v1/sessions', headers);
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).reason).toMatch(reason);
    }
    expect((await refusedCount('bad-signature')) - before).toBe(1);
    const log = await logAs(compliance, `from=${encodeURIComponent(since)}`);
    const refused = log.records.filter((r: any) => r.kind === 'credential');
    for (const [, reason, claimedId] of attempts) {
      expect(refused).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            outcome: 'denied',
            address: '127.0.0.1',
            claimedCredentialId: claimedId,
            reason: expect.stringMatching(reason),
            attempts: 1,
            route: '/api/v1/sessions',
            credentialId: null,
          }),
        ]),
      );
    }
  });

  it('answers 429 with Retry-After past the limit, on both nodes, while a valid key from the same address is served', async () => {
    const since = new Date().toISOString();
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    const throttledBefore = await refusedCount('throttled');
    for (let n = 0; n < 300; n++) {
      const res = await fetch(`${nodes[n % 2].base}/api/v1/events`, {
        method: 'POST',
        headers: { 'x-api-key': `cak_${n.toString(16).padStart(16, '0')}_${'C'.repeat(43)}`, 'content-type': 'application/json', 'accept-language': 'en' },
        body: '[]',
      });
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after');
        expect(((await res.json()) as any).reason).toMatch(/throttled: more than 10 refused credential\(s\) from this address within 60 s: try again in \d+ s/);
      } else await res.text();
    }
    // 6 refusals in the previous test + 4 here reach the limit of 10: the rest are throttled, whichever node answers
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4).every((s) => s === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);
    expect((await refusedCount('throttled')) - throttledBefore).toBe(296);

    // a terminal with a valid key, from the same address, is never throttled: its events are recorded
    const cash = [envelope('CashExchanged', { sessionId: 'fl-1', amount: 500 }), envelope('CashExchanged', { sessionId: 'fl-1', amount: 700 })];
    for (const [i, event] of cash.entries()) {
      const res = await fetch(`${nodes[i % 2].base}/api/v1/events`, {
        method: 'POST',
        headers: { ...terminal.headers, 'content-type': 'application/json' },
        body: JSON.stringify([event]),
      });
      expect(res.status).toBe(200);
    }
    expect((await runtime.store.findEvents(cash.map((e) => e.eventId))).length).toBe(2);
    expect((await get(1, '/api/v1/sessions', compliance.headers)).status).toBe(200);

    // 300 tries are a handful of rows: one per claimed id until the limit, then one a minute for the throttled address
    // (each node writes the throttled attempts it counted within a second; reading the log flushes node 0's)
    await nodes[1].access.flushRefusals();
    const all = await logAs(compliance, `from=${encodeURIComponent(since)}&limit=1000`);
    const refused = all.records.filter((r: any) => r.kind === 'credential');
    expect(refused.reduce((sum: number, r: any) => sum + r.attempts, 0)).toBe(300);
    expect(refused.length).toBeLessThanOrEqual(4 + 2);
    expect(refused.filter((r: any) => /^throttled/.test(r.reason)).reduce((sum: number, r: any) => sum + r.attempts, 0)).toBe(296);
  });

  it("takes the caller's address from X-Forwarded-For only through a trusted proxy", async () => {
    const proxied = await createHttpApp(runtime, {
      access: new AccessService(runtime.pool, undefined, { env: {}, loginThrottle: { failures: 1000, windowSeconds: 60 } }),
      trustProxy: 'loopback',
    });
    await proxied.listen(0, '127.0.0.1');
    try {
      const bad = { 'x-api-key': `cak_00000000000000aa_${'E'.repeat(43)}` };
      const viaProxy = await fetch(`${(await proxied.getUrl()).replace('[::1]', '127.0.0.1')}/api/v1/sessions`, {
        headers: { ...bad, 'x-forwarded-for': '198.51.100.9' },
      });
      // a caller without a trusted proxy cannot choose its address (node 0 trusts none): still this socket's
      const spoofed = await fetch(`${nodes[0].base}/api/v1/sessions`, { headers: { ...bad, 'x-forwarded-for': '198.51.100.10' } });
      expect([viaProxy.status, spoofed.status]).toEqual([401, 429]);
    } finally {
      await proxied.close();
    }
    // (the spoofed attempt adds to this minute's throttled row of 127.0.0.1, which may have begun before `since`)
    const addresses = new Set(
      (await logAs(compliance, `from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}&limit=1000`)).records
        .filter((r: any) => r.kind === 'credential')
        .map((r: any) => r.address),
    );
    expect([...addresses].sort()).toEqual(['127.0.0.1', '198.51.100.9']);
  });

  it('writes the throttled attempts it counted when the app closes', async () => {
    const closing = await createHttpApp(runtime, {
      access: new AccessService(runtime.pool, undefined, { env: {}, loginThrottle: { failures: 1, windowSeconds: 60 } }),
      trustProxy: 'loopback',
    });
    await closing.listen(0, '127.0.0.1');
    const url = `${(await closing.getUrl()).replace('[::1]', '127.0.0.1')}/api/v1/sessions`;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await fetch(url, { headers: { 'x-api-key': `cak_00000000000000bb_${'F'.repeat(43)}`, 'x-forwarded-for': '203.0.113.50' } })).status);
    expect(statuses).toEqual([401, 429, 429, 429]);
    await closing.close();
    const rows = (await runtime.pool.query(`SELECT reason, attempts FROM ca_access_log WHERE address = '203.0.113.50' ORDER BY id`)).rows;
    expect(rows).toEqual([
      { reason: 'unknown API key', attempts: 1 },
      { reason: expect.stringMatching(/^throttled/), attempts: 3 },
    ]);
  });

  it('pages through the access log with a cursor that keeps its window, and refuses a bad limit or cursor naming it', async () => {
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const everything = await logAs(admin, `from=${encodeURIComponent(from)}&limit=1000`);
    expect(everything.next).toBeNull();
    expect(everything).toMatchObject({ totalIsEstimate: false, limit: 1000 });
    const ids: string[] = [];
    let page = await logAs(admin, `from=${encodeURIComponent(from)}&limit=3`);
    const first = page;
    expect(page.records).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(everything.total);
    for (let guard = 0; guard < 100; guard++) {
      ids.push(...page.records.map((r: any) => r.id));
      expect(page.from).toBe(first.from);
      expect(page.to).toBe(first.to); // the window of the first page, not "now" again
      if (!page.next) break;
      page = await logAs(admin, `from=${encodeURIComponent(from)}&limit=3&cursor=${page.next}`);
    }
    expect(page.next).toBeNull();
    // every record of the window once, in order; the reads made while paging came after `to`
    expect(ids.length).toBe(first.total);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort((a, b) => Number(a) - Number(b))).toEqual(ids);

    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=!!', 'cursor'],
      [`cursor=${Buffer.from('{"l":"sessions"}').toString('base64url')}`, 'cursor'],
      [`from=2026-01-01&cursor=${first.next}`, 'cursor'],
    ] as const) {
      const res = await get(0, `/api/v1/access-log?${query}`, admin.headers);
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
      expect({ query, body: await res.json() }).toEqual({ query, body: expect.objectContaining({ field, reason: expect.any(String) }) });
    }
  });

  it('pages the access log from the command line, and shows the refused attempts there', async () => {
    const run = (...args: string[]) => runCredentialCommand(runtime, ...args);
    const from = new Date(Date.now() - 3_600_000).toISOString();
    const one = JSON.parse((await run('access-log', '--from', from, '--limit', '2', '--json')).stdout);
    expect(one.records).toHaveLength(2);
    expect(one.next).toEqual(expect.any(String));
    const two = JSON.parse((await run('access-log', '--from', from, '--limit', '2', '--cursor', one.next, '--json')).stdout);
    expect(Number(two.records[0].id)).toBeGreaterThan(Number(one.records[1].id));
    expect(two.to).toBe(one.to);
    const all = JSON.parse((await run('access-log', '--from', from, '--all', '--json')).stdout);
    expect(all.next).toBeNull();
    expect(all.records.length).toBe(all.total);
    const text = (await run('access-log', '--from', from, '--all')).stdout;
    expect(text).toMatch(/REFUSED credential\s+127\.0\.0\.1 claimed 00112233445566ff\s+GET \/api\/v1\/sessions\s+— unknown API key/);
    expect(text).toMatch(/×\d+ until .* — throttled: more than 10/);
    const paged = await run('access-log', '--from', from, '--limit', '2');
    expect(paged.stderr).toMatch(/more: --cursor \S+/);
    const bad = await run('access-log', '--limit', '5000');
    expect(bad.stderr).toMatch(/--limit: must be a whole number from 1 to 1000/);
    process.exitCode = 0;
  });
});
