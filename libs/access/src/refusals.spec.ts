/**
 * Failed logins (issue 20 §2) over PostgreSQL: refused credentials are recorded, aggregated per minute,
 * counted in the metrics, and throttled per address across every node sharing the database.
 */
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { setting } from '../../platform/src/config';
import { metricsRegistry } from '../../platform/src/metrics';
import { AccessService } from './access-service';
import { ACCESS_MIGRATIONS } from './migrations';
import { loginThrottleSettings, REFUSAL_CODES, RefusalTally, RefusedAttempt } from './refusals';

describe('refused credentials', () => {
  let db: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('ca_refusals');
    pool = new Pool({ connectionString: db.url, max: 8 });
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const attempt = (address: string, n: number): RefusedAttempt => ({
    address,
    claimedId: (n % 3).toString(16).padStart(16, '0'),
    refusal: 'unknown',
    reason: 'unknown API key',
    method: 'POST',
    route: '/api/v1/events',
    path: '/api/v1/events',
    format: 'json',
  });
  const refusedCount = async (reason: string) =>
    (await metricsRegistry.getSingleMetric('casino_audit_refused_credentials_total')!.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;

  it('throttles an address past its limit on every node, records each attempt once, aggregated, and counts them', async () => {
    const settings = { failures: 10, windowSeconds: 60 };
    // two nodes of one deployment: two services over the same database
    const nodes = [
      new AccessService(pool, undefined, { env: {}, loginThrottle: settings }),
      new AccessService(pool, undefined, { env: {}, loginThrottle: settings }),
    ];
    const unknownBefore = await refusedCount('unknown');
    const throttledBefore = await refusedCount('throttled');
    const outcomes = [];
    for (let n = 0; n < 300; n++) outcomes.push(await nodes[n % 2].refused(attempt('203.0.113.7', n)));
    expect(outcomes.slice(0, 10).every((o) => !o.throttled)).toBe(true);
    expect(outcomes.slice(10).every((o) => o.throttled && o.retryAfterSeconds >= 1 && o.retryAfterSeconds <= 60)).toBe(true);
    // another address is not affected
    expect(await nodes[0].refused(attempt('198.51.100.2', 0))).toEqual({ throttled: false });

    // each node writes the throttled attempts it counted within a second; a reader flushes its own node
    await nodes[0].flushRefusals();
    const log = await nodes[1].accessLog({ from: new Date(Date.now() - 120_000) });
    const mine = log.filter((r) => r.address === '203.0.113.7');
    expect(mine.reduce((sum, r) => sum + r.attempts, 0)).toBe(300);
    // a row per minute, claimed id and reason: at most 3 ids + the throttled row, in at most two minutes
    expect(mine.length).toBeLessThanOrEqual(8);
    expect(mine).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'credential',
          outcome: 'denied',
          reason: 'unknown API key',
          claimedCredentialId: '0000000000000001',
          credentialId: null,
          subject: '(refused credential)',
          route: '/api/v1/events',
        }),
        expect.objectContaining({
          kind: 'credential',
          outcome: 'denied',
          reason: expect.stringMatching(/^throttled: more than 10 refused/),
          claimedCredentialId: null,
        }),
      ]),
    );
    expect(mine.filter((r) => r.reason === 'unknown API key').reduce((sum, r) => sum + r.attempts, 0)).toBe(10);
    expect((await refusedCount('unknown')) - unknownBefore).toBe(11);
    expect((await refusedCount('throttled')) - throttledBefore).toBe(290);
  });

  it('writes the throttled attempts it counted in one statement, and keeps them through a database that blinks', async () => {
    let down = true;
    // the real pool, cut off for the first flush
    const blinking = {
      query: (...args: unknown[]) => (down ? Promise.reject(new Error('connection lost')) : (pool.query as (...a: unknown[]) => Promise<unknown>)(...args)),
    } as unknown as Pool;
    const tally = new RefusalTally(blinking, 60_000);
    const throttled = { ...attempt('192.0.2.77', 0), claimedId: null, reason: 'throttled: test' };
    for (let i = 0; i < 250; i++) tally.add(throttled);
    await expect(tally.flush()).rejects.toThrow(/connection lost/);
    down = false;
    tally.add(throttled);
    await tally.flush();
    const rows = (await pool.query(`SELECT attempts FROM ca_access_log WHERE address = '192.0.2.77'`)).rows;
    expect(rows.map((r) => r.attempts)).toEqual([251]);
  });

  it("has written, when a flush returns, every attempt counted before it — also those the timer's flush was writing", async () => {
    // the real pool, a slow one: each write takes 300 ms more
    const slow = {
      query: async (...args: unknown[]) => (
        await new Promise((resolve) => setTimeout(resolve, 300)),
        (pool.query as (...a: unknown[]) => Promise<unknown>)(...args)
      ),
    } as unknown as Pool;
    const tally = new RefusalTally(slow, 60_000);
    const anonymous = { ...attempt('192.0.2.78', 0), claimedId: null, reason: 'no credential', kind: 'anonymous' as const };
    for (let i = 0; i < 3; i++) tally.add(anonymous);
    const underWay = tally.flush(); // as the timer's would be
    await tally.flush(); // a reader's, with nothing left to take: returns once the three are written
    const rows = async () => (await pool.query(`SELECT kind, status, attempts FROM ca_access_log WHERE address = '192.0.2.78'`)).rows;
    expect(await rows()).toEqual([{ kind: 'anonymous', status: 401, attempts: 3 }]);
    await underWay;
    tally.add(anonymous);
    await tally.flush();
    expect(await rows()).toEqual([{ kind: 'anonymous', status: 401, attempts: 4 }]);
  });

  it('keeps the log append-only but for the repeat count of a refused-credential row', async () => {
    const access = new AccessService(pool, undefined, { env: {}, loginThrottle: { failures: 100, windowSeconds: 60 } });
    await access.refused(attempt('192.0.2.1', 0));
    const row = (await pool.query(`SELECT id FROM ca_access_log WHERE address = '192.0.2.1'`)).rows[0];
    await expect(pool.query('UPDATE ca_access_log SET attempts = attempts + 1, last_at = clock_timestamp() WHERE id = $1', [row.id])).resolves.toBeDefined();
    await expect(pool.query('UPDATE ca_access_log SET attempts = 1 WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`UPDATE ca_access_log SET attempts = attempts + 1, reason = 'nothing' WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(pool.query(`UPDATE ca_access_log SET attempts = attempts + 1, address = '10.0.0.1' WHERE id = $1`, [row.id])).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM ca_access_log WHERE id = $1', [row.id])).rejects.toThrow(/append-only/);
  });

  it('upgrades an access log written before refused credentials were recorded: its records read back as before', async () => {
    const old = await createTestDatabase('ca_refusals_upgrade');
    const p = new Pool({ connectionString: old.url, max: 2 });
    try {
      // the database as the first version left it: migration 1 only, with a record in the log
      await p.query(`CREATE TABLE ca_access_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      await p.query(ACCESS_MIGRATIONS[0].sql);
      await p.query('INSERT INTO ca_access_migrations (version, name) VALUES (1, $1)', [ACCESS_MIGRATIONS[0].name]);
      await p.query(
        `INSERT INTO ca_access_log (subject, roles, kind, method, route, path, format, outcome) VALUES ('erin', '{inspector}', 'replay', 'GET', '/api/v1/rounds/:roundId/replay', '/api/v1/rounds/r-1/replay', 'json', 'allowed')`,
      );
      const access = new AccessService(p, undefined, { env: {}, loginThrottle: { failures: 5, windowSeconds: 60 } });
      const [record] = await access.accessLog({ from: new Date(Date.now() - 60_000) });
      expect(record).toMatchObject({ subject: 'erin', kind: 'replay', attempts: 1, address: null, claimedCredentialId: null, lastAt: null });
      await access.refused(attempt('192.0.2.9', 0));
      expect((await access.accessLog({ from: new Date(Date.now() - 60_000) })).map((r) => r.kind)).toEqual(['replay', 'credential']);
      // the old record is still beyond change
      await expect(p.query(`UPDATE ca_access_log SET attempts = 2, last_at = clock_timestamp() WHERE subject = 'erin'`)).rejects.toThrow(/append-only/);
    } finally {
      await p.end();
      await old.drop();
    }
  });

  it('exposes the count by reason in the shared metrics registry, every reason from the start', async () => {
    const text = await metricsRegistry.metrics();
    for (const reason of REFUSAL_CODES) expect(text).toMatch(new RegExp(`^casino_audit_refused_credentials_total\\{reason="${reason}"\\} \\d+$`, 'm'));
  });

  it('reads its settings from the environment, refusing nonsense', () => {
    expect(loginThrottleSettings({})).toEqual({ failures: 10, windowSeconds: 60 });
    expect(loginThrottleSettings({ CASINO_AUDIT_LOGIN_FAILURES: '25', CASINO_AUDIT_LOGIN_WINDOW_SECONDS: '300' })).toEqual({
      failures: 25,
      windowSeconds: 300,
    });
    expect(() => loginThrottleSettings({ CASINO_AUDIT_LOGIN_FAILURES: '0' })).toThrow(/CASINO_AUDIT_LOGIN_FAILURES must be a whole number from 1/);
    expect(() => loginThrottleSettings({ CASINO_AUDIT_LOGIN_WINDOW_SECONDS: '1m' })).toThrow(/CASINO_AUDIT_LOGIN_WINDOW_SECONDS/);
    // the proxies whose X-Forwarded-For names the caller
    expect(setting('CASINO_AUDIT_TRUST_PROXY', {})).toBeUndefined();
    expect(setting('CASINO_AUDIT_TRUST_PROXY', { CASINO_AUDIT_TRUST_PROXY: '1' })).toBe(1);
    expect(setting('CASINO_AUDIT_TRUST_PROXY', { CASINO_AUDIT_TRUST_PROXY: 'loopback, 10.0.0.0/8, fd00::1' })).toBe('loopback, 10.0.0.0/8, fd00::1');
    expect(() => setting('CASINO_AUDIT_TRUST_PROXY', { CASINO_AUDIT_TRUST_PROXY: 'the proxy' })).toThrow(/"the proxy" is not a proxy address/);
    expect(() => setting('CASINO_AUDIT_TRUST_PROXY', { CASINO_AUDIT_TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not a proxy address/);
  });
});
