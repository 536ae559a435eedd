import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { AccessService } from './access-service';
import { ACCESS_MIGRATIONS } from './migrations';
import { mayWrite, writersOf } from './policy';
import { ROLES } from './roles';
import { CheckedTokens, parseDuration, signToken, type TokenClaims } from './tokens';
import { accessLogWindow, WindowError } from './window';
import { ROLES as DECORATOR_ROLES } from '../../../apps/api/src/auth/roles';

describe('access service (credentials over PostgreSQL)', () => {
  let db: TestDatabase;
  let pool: Pool;
  let access: AccessService;

  beforeAll(async () => {
    db = await createTestDatabase('ca_access');
    pool = new Pool({ connectionString: db.url, max: 5 });
    access = new AccessService(pool);
    await access.ready();
    // the store's table is read for casino scope: a session of casino-2
    await pool.query(`CREATE TABLE IF NOT EXISTS ca_events (stream_id text, stream_version int, data jsonb)`);
    await pool.query(`INSERT INTO ca_events VALUES ('session-s2', 1, '{"casinoId":"casino-2"}'), ('session-s2', 2, '{}')`);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('migrates once, even from several services at the same time', async () => {
    await Promise.all([new AccessService(pool).ready(), new AccessService(pool).ready()]);
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_access_migrations')).rows[0].n).toBe(ACCESS_MIGRATIONS.length);
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_access_signing_keys')).rows[0].n).toBe(1);
  });

  it('issues an API key to a terminal, stores only its hash, and verifies it', async () => {
    const { secret, credential } = await access.issue({
      roles: ['terminal'],
      subject: 'terminal RF01',
      casinoId: 'casino-1',
      tableIds: ['RF01'],
      issuedBy: 'spec',
    });
    expect(secret).toMatch(/^cak_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(credential).toMatchObject({ kind: 'api-key', roles: ['terminal'], casinoId: 'casino-1', tableIds: ['RF01'], expiresAt: null, status: 'active' });
    const stored = (await pool.query('SELECT * FROM ca_credentials WHERE id = $1', [credential.id])).rows[0];
    expect(JSON.stringify(stored)).not.toContain(secret.slice(-43));
    expect(await access.verify(secret)).toEqual({
      ok: true,
      principal: expect.objectContaining({ credentialId: credential.id, subject: 'terminal RF01', roles: ['terminal'], tableIds: ['RF01'] }),
    });
    expect(await access.verify(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)).toEqual({
      ok: false,
      reason: 'unknown API key',
      refusal: 'unknown',
      claimedId: credential.id,
      because: { key: 'auth.unknownApiKey' },
    });
    expect(await access.verify('cak_nonsense')).toEqual({
      ok: false,
      reason: 'malformed API key',
      refusal: 'malformed',
      claimedId: null,
      because: { key: 'auth.malformedApiKey' },
    });
    expect(await access.verify(secret.slice(0, -3))).toEqual({
      ok: false,
      reason: 'malformed API key',
      refusal: 'malformed',
      claimedId: credential.id,
      because: { key: 'auth.malformedApiKey' },
    });
  });

  it('issues a signed token to a person, with an 8 h default lifetime', async () => {
    const { secret, credential } = await access.issue({ roles: ['pit', 'finance'], subject: 'alice', issuedBy: 'spec' });
    expect(secret.split('.')).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(secret.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ iss: 'casino-audit', jti: credential.id, sub: 'alice', roles: ['pit', 'finance'] });
    expect(claims.exp - claims.iat).toBe(8 * 3600);
    const v = await access.verify(secret);
    expect(v).toMatchObject({ ok: true, principal: { subject: 'alice', roles: ['pit', 'finance'], tableIds: [] } });
  });

  it('refuses a forged or altered token', async () => {
    const { secret } = await access.issue({ roles: ['pit'], subject: 'bob', issuedBy: 'spec' });
    const [h, p, s] = secret.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const promoted = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'] })).toString('base64url');
    const badSignature = {
      ok: false,
      reason: 'invalid token signature',
      refusal: 'bad-signature',
      claimedId: claims.jti,
      because: { key: 'auth.badSignature' },
    };
    expect(await access.verify(`${h}.${promoted}.${s}`)).toEqual(badSignature);
    const kid = JSON.parse(Buffer.from(h, 'base64url').toString()).kid;
    const forged = await signToken({ ...claims, roles: ['admin'] }, Buffer.alloc(32, 7), kid);
    expect(await access.verify(forged)).toEqual(badSignature);
    expect(await access.verify('not-a-credential')).toMatchObject({ ok: false, refusal: 'malformed', reason: expect.stringMatching(/malformed/) });
    // alg none (unsigned), an empty or a wrong signature, a truncated one, another algorithm: all refused
    const header = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    expect(await access.verify(`${header({ alg: 'none', typ: 'JWT', kid })}.${promoted}.`)).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await access.verify(`${header({ alg: 'none', typ: 'JWT', kid })}.${p}.${s}`)).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await access.verify(`${h}.${p}.`)).toMatchObject({ ok: false, refusal: 'bad-signature' });
    expect(await access.verify(`${h}.${p}.${s.slice(0, -4)}`)).toMatchObject({ ok: false, refusal: 'bad-signature' });
    expect(await access.verify(`${h}.${p}.${'A'.repeat(s.length)}`)).toEqual(badSignature);
    expect(await access.verify(`${h}.${p}`)).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await access.verify(secret.slice(0, -10))).toMatchObject({ ok: false });
    expect(await access.verify(`${header({ alg: 'HS512', typ: 'JWT', kid })}.${p}.${s}`)).toMatchObject({ ok: false, refusal: 'malformed' });
    expect(await access.verify(`${header({ alg: 'HS256', typ: 'JWT', kid: 'k-none-such' })}.${p}.${s}`)).toMatchObject({
      ok: false,
      refusal: 'bad-signature',
      reason: 'token signed with an unknown key',
    });
    // the original still verifies
    expect(await access.verify(secret)).toMatchObject({ ok: true });
  });

  it('revokes: the revocation list is checked on every verification, and a credential is never edited or deleted', async () => {
    const token = await access.issue({ roles: ['inspector'], subject: 'carol', issuedBy: 'spec' });
    const key = await access.issue({ roles: ['terminal'], subject: 't2', casinoId: 'casino-1', tableIds: ['T2'], issuedBy: 'spec' });
    expect((await access.verify(token.secret)).ok).toBe(true);
    await access.revoke(token.credential.id, 'spec', 'left the company');
    await access.revoke(key.credential.id, 'spec');
    expect(await access.verify(token.secret)).toEqual({
      ok: false,
      reason: expect.stringMatching(/revoked at .* \(left the company\)/),
      refusal: 'revoked',
      claimedId: token.credential.id,
      because: { key: 'auth.revoked', values: expect.objectContaining({ why: 'left the company' }) },
    });
    expect(await access.verify(key.secret)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/revoked/),
      refusal: 'revoked',
      claimedId: key.credential.id,
      because: { key: 'auth.revoked' },
    });
    expect((await access.revoke(token.credential.id, 'spec again')).revokedBy).toBe('spec');
    await expect(access.revoke('0000000000000000', 'spec')).rejects.toThrow(/no credential/);
    await expect(pool.query('DELETE FROM ca_credentials WHERE id = $1', [token.credential.id])).rejects.toThrow(/never deleted/);
    await expect(pool.query(`UPDATE ca_credentials SET roles = '{admin}' WHERE id = $1`, [key.credential.id])).rejects.toThrow(/only be revoked/);
    await expect(pool.query(`UPDATE ca_credentials SET revoked_at = NULL WHERE id = $1`, [key.credential.id])).rejects.toThrow(/only be revoked/);
    const listed = await access.list();
    expect(listed.map((c) => c.id)).not.toContain(token.credential.id);
    expect((await access.list({ all: true })).find((c) => c.id === token.credential.id)).toMatchObject({ status: 'revoked', revokeReason: 'left the company' });
  });

  it('refuses expired tokens and keys, naming the expiry', async () => {
    const past = new AccessService(pool, () => Date.now() - 10 * 3_600_000);
    const token = await past.issue({ roles: ['pit'], subject: 'dave', issuedBy: 'spec' });
    const key = await past.issue({ roles: ['terminal'], subject: 't3', casinoId: 'casino-1', tableIds: ['T3'], expiresInMs: 3_600_000, issuedBy: 'spec' });
    expect(await access.verify(token.secret)).toEqual({
      ok: false,
      reason: expect.stringMatching(/token expired at/),
      refusal: 'expired',
      claimedId: token.credential.id,
      because: { key: 'auth.tokenExpiredAt', values: { at: expect.any(String) } },
    });
    expect(await access.verify(key.secret)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/expired at/),
      refusal: 'expired',
      claimedId: key.credential.id,
      because: { key: expect.stringMatching(/^auth\./) },
    });
    expect((await access.list({ all: true })).find((c) => c.id === token.credential.id)?.status).toBe('expired');
  });

  it('a token checked once is not trusted past its own expiry', async () => {
    let clock = Date.now();
    const timed = new AccessService(pool, () => clock);
    const token = await timed.issue({ roles: ['pit'], subject: 'erin', expiresInMs: 60_000, issuedBy: 'spec' });
    expect(await timed.verify(token.secret)).toMatchObject({ ok: true });
    expect(await timed.verify(token.secret)).toMatchObject({ ok: true }); // the kept check
    clock += 60_000;
    // refused by the token's own check (jose's words), not only by the credential's row
    expect(await timed.verify(token.secret)).toMatchObject({ ok: false, refusal: 'expired', reason: expect.stringMatching(/^token expired at/) });
  });

  it('keeps checked tokens for their key only, up to its capacity', () => {
    const kept = new CheckedTokens(2);
    const key = new Uint8Array([1]);
    const claims = { jti: 'j', sub: 's', roles: [], iat: 1, exp: 2_000_000_000 } as unknown as TokenClaims;
    kept.keep('a', key, { ok: true, claims, kid: 'k' });
    expect(kept.find('a', key, 0)).toEqual({ ok: true, claims, kid: 'k' });
    expect(kept.find('a', new Uint8Array([1]), 0)).toBeUndefined(); // other key material (a reloaded or rotated key)
    kept.keep('a', key, { ok: true, claims, kid: 'k' });
    kept.keep('b', key, { ok: true, claims, kid: 'k' });
    kept.keep('c', key, { ok: true, claims, kid: 'k' });
    expect(kept.find('a', key, 0)).toBeUndefined(); // the oldest made room
    expect(kept.find('c', key, 0)).toMatchObject({ ok: true });
    expect(kept.find('c', key, 2_000_000_000_000)).toBeUndefined(); // expired
    kept.keep('d', key, { ok: false, reason: 'x', refusal: 'malformed', because: { key: 'auth.malformedToken' } });
    expect(kept.find('d', key, 0)).toBeUndefined(); // refusals are never kept
  });

  it('checks what is issued', async () => {
    // deliberately ill-typed input: the service's own checks are what is under test
    const issue = (input: Record<string, unknown>) => access.issue({ issuedBy: 'spec', subject: 's', ...input } as Parameters<AccessService['issue']>[0]);
    await expect(issue({ roles: ['croupier'] })).rejects.toThrow(/unknown role/);
    await expect(issue({ roles: [] })).rejects.toThrow(/at least one role/);
    await expect(issue({ roles: ['pit'], subject: ' ' })).rejects.toThrow(/subject/);
    await expect(issue({ roles: ['terminal'], casinoId: 'c' })).rejects.toThrow(/at least one table/);
    await expect(issue({ roles: ['terminal', 'pit'], casinoId: 'c', tableIds: ['t'] })).rejects.toThrow(/terminal role only/);
    await expect(issue({ roles: ['pit'], tableIds: ['t'] })).rejects.toThrow(/only terminal/);
    await expect(issue({ roles: ['pit'], expiresInMs: null })).rejects.toThrow(/always expire/);
    await expect(issue({ roles: ['pit'], expiresInMs: 400 * 86_400_000 })).rejects.toThrow(/366 days/);
  });

  it('bootstraps one admin token only when no admin credential is active', async () => {
    const fresh = await createTestDatabase('ca_access_boot');
    const p = new Pool({ connectionString: fresh.url, max: 2 });
    try {
      const a = new AccessService(p);
      const first = await a.bootstrapAdmin();
      expect(first?.credential).toMatchObject({ roles: ['admin'], subject: 'bootstrap-admin', kind: 'token' });
      expect(await a.bootstrapAdmin()).toBeNull();
      await a.revoke(first!.credential.id, 'spec');
      expect(await a.bootstrapAdmin()).not.toBeNull();
    } finally {
      await p.end();
      await fresh.drop();
    }
  });

  it('records reads in an append-only log and reports them by time window', async () => {
    const { credential } = await access.issue({ roles: ['inspector'], subject: 'erin', issuedBy: 'spec' });
    const before = new Date(Date.now() - 1000);
    await access.record({
      principal: credential,
      kind: 'replay',
      method: 'GET',
      route: '/api/v1/rounds/:roundId/replay',
      path: '/api/v1/rounds/r-1/replay',
      params: { roundId: 'r-1' },
      query: { format: 'text' },
      format: 'text',
      outcome: 'allowed',
    });
    const log = await access.accessLog({ from: before, to: new Date(Date.now() + 1000) });
    expect(log).toEqual([
      expect.objectContaining({
        subject: 'erin',
        roles: ['inspector'],
        credentialId: credential.id,
        kind: 'replay',
        params: { roundId: 'r-1' },
        format: 'text',
        outcome: 'allowed',
      }),
    ]);
    expect(await access.accessLog({ from: new Date(Date.now() + 60_000) })).toEqual([]);
    await expect(pool.query('UPDATE ca_access_log SET subject = $1', ['nobody'])).rejects.toThrow(/append-only/);
    await expect(pool.query('DELETE FROM ca_access_log')).rejects.toThrow(/append-only/);
    await expect(pool.query('TRUNCATE ca_access_log')).rejects.toThrow(/append-only/);
  });

  it('knows the casino of a stream from its first event', async () => {
    expect([...(await access.casinosOfStreams(['session-s2', 'session-none']))]).toEqual([['session-s2', 'casino-2']]);
  });
});

describe('access policy and parsing', () => {
  it('has the roles of the route decorator', () => {
    expect([...ROLES]).toEqual([...DECORATOR_ROLES]);
  });

  it('says which role may send which event type', () => {
    expect(mayWrite(['terminal'], 'BetPlaced', false)).toBe(true);
    expect(mayWrite(['terminal'], 'CrapsPointEstablished', true)).toBe(true);
    expect(mayWrite(['terminal'], 'ChipsFilled', false)).toBe(false);
    expect(mayWrite(['terminal'], 'CorrectionRecorded', false)).toBe(false);
    expect(mayWrite(['pit'], 'TableLimitsChanged', false)).toBe(true);
    expect(mayWrite(['pit'], 'RoundVoided', false)).toBe(true);
    expect(mayWrite(['pit'], 'BetPlaced', false)).toBe(false);
    expect(mayWrite(['finance'], 'DropBoxCounted', false)).toBe(true);
    expect(mayWrite(['compliance'], 'CorrectionRecorded', false)).toBe(true);
    expect(mayWrite(['compliance'], 'CashExchanged', false)).toBe(false);
    expect(mayWrite(['inspector'], 'RoundDisputed', false)).toBe(false);
    expect(mayWrite(['admin'], 'anything', true)).toBe(true);
    expect(mayWrite(['pit', 'finance'], 'ChipsFilled', false)).toBe(true);
    expect(writersOf('ChipsFilled', false)).toEqual(['finance', 'admin']);
  });

  it('parses durations and access-log windows', () => {
    expect(parseDuration('8h')).toBe(8 * 3_600_000);
    expect(parseDuration('2w')).toBe(14 * 86_400_000);
    expect(parseDuration('never')).toBeNull();
    expect(() => parseDuration('8 hours')).toThrow(/not a duration/);
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(accessLogWindow('2026-11-21', '2026-11-21', now)).toEqual({ from: new Date('2026-11-21T00:00:00.000Z'), to: new Date('2026-11-21T23:59:59.999Z') });
    expect(accessLogWindow(undefined, undefined, now)).toEqual({ from: new Date('2026-11-21T10:00:00.000Z'), to: new Date(now) });
    expect(() => accessLogWindow('2026-11-23', '2026-11-22', now)).toThrow(WindowError);
    expect(() => accessLogWindow('2026-11-23', '2026-11-22', now)).toThrow(/after/);
  });
});
