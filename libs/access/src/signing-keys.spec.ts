/**
 * The token signing key from outside the database, and its rotation (issue 20 §4), over PostgreSQL.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../../../test/support/database';
import { AccessService } from './access-service';
import { signToken } from './tokens';

const KEY_A = Buffer.alloc(32, 1).toString('base64url');
const KEY_B = Buffer.alloc(48, 2).toString('base64');

describe('token signing keys', () => {
  let db: TestDatabase;
  let pool: Pool;
  let dir: string;

  beforeAll(async () => {
    db = await createTestDatabase('ca_signing_keys');
    pool = new Pool({ connectionString: db.url, max: 5 });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ca-keys-'));
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const service = (env: NodeJS.ProcessEnv, now?: () => number) => new AccessService(pool, now, { env });
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).kid as string;
  const issue = (access: AccessService) => access.issue({ roles: ['compliance'], subject: 'grace', issuedBy: 'spec' });

  it('signs with the key from the environment, never stores it, and says where it comes from', async () => {
    const access = service({ CASINO_AUDIT_SIGNING_KEY: KEY_A });
    const { secret } = await issue(access);
    expect(kidOf(secret)).toMatch(/^x[A-Za-z0-9_-]{16}$/);
    expect(await access.verify(secret)).toMatchObject({ ok: true });
    // nothing in the database can verify it: the key is not there
    expect((await pool.query('SELECT count(*)::int AS n FROM ca_access_signing_keys')).rows[0].n).toBe(0);
    expect(await service({}).verify(secret)).toMatchObject({ ok: false, refusal: 'bad-signature', reason: 'token signed with an unknown key' });
    expect(await access.signingKeySource()).toMatch(new RegExp(`token signing key ${kidOf(secret)} from CASINO_AUDIT_SIGNING_KEY`));
    // the database default says what it is
    expect(await service({}).signingKeySource()).toMatch(/generated in the database \(the embedded default/);
    // another node with the same key verifies it (the kid is derived from the key, not stored)
    expect(await service({ CASINO_AUDIT_SIGNING_KEY: KEY_A }).verify(secret)).toMatchObject({ ok: true });
  });

  it('refuses a short, truncated, undecodable or doubly given key at start', async () => {
    await expect(service({ CASINO_AUDIT_SIGNING_KEY: Buffer.alloc(16, 1).toString('base64url') }).ready()).rejects.toThrow(
      /key 1 is 16 bytes; a signing key is at least 32/,
    );
    await expect(service({ CASINO_AUDIT_SIGNING_KEY: KEY_A.slice(0, 40) }).ready()).rejects.toThrow(/key 1 is 30 bytes/);
    await expect(service({ CASINO_AUDIT_SIGNING_KEY: `${KEY_A},${'*'.repeat(44)}` }).ready()).rejects.toThrow(/key 2 is not base64url or base64/);
    await expect(service({ CASINO_AUDIT_SIGNING_KEY: KEY_A, CASINO_AUDIT_SIGNING_KEY_FILE: '/x' }).ready()).rejects.toThrow(/both set/);
    await expect(service({ CASINO_AUDIT_SIGNING_KEY_FILE: path.join(dir, 'missing') }).ready()).rejects.toThrow(/cannot read the key file \(ENOENT\)/);
  });

  it('rotates a key file: the new key signs, the tokens of the previous one still verify, on every node', async () => {
    const file = path.join(dir, 'signing-key');
    fs.writeFileSync(file, `# the deployment's key\n${KEY_B}\n`, { mode: 0o600 });
    const node1 = service({ CASINO_AUDIT_SIGNING_KEY_FILE: file });
    const node2 = service({ CASINO_AUDIT_SIGNING_KEY_FILE: file });
    const before = await issue(node1);
    expect(await node2.verify(before.secret)).toMatchObject({ ok: true });
    const rotation = await node1.rotateSigningKey();
    expect(rotation).toMatchObject({ previousKid: kidOf(before.secret), source: `CASINO_AUDIT_SIGNING_KEY_FILE=${file}` });
    expect(rotation.kid).not.toBe(rotation.previousKid);
    const lines = fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(KEY_B);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const after = await issue(node1);
    expect(kidOf(after.secret)).toBe(rotation.kid);
    // node2 has never seen the new key: it reads the file again for an unknown kid
    expect(await node2.verify(after.secret)).toMatchObject({ ok: true });
    expect(await node2.verify(before.secret)).toMatchObject({ ok: true });
    expect(await node1.verify(before.secret)).toMatchObject({ ok: true });
  });

  it("rotates a key given in the environment by saying the variable's new value", async () => {
    const access = service({ CASINO_AUDIT_SIGNING_KEY: KEY_A });
    const old = await issue(access);
    const rotation = await access.rotateSigningKey();
    expect(rotation.environmentValue?.split(',')).toEqual([expect.any(String), KEY_A]);
    const next = service({ CASINO_AUDIT_SIGNING_KEY: rotation.environmentValue });
    const token = await issue(next);
    expect(kidOf(token.secret)).toBe(rotation.kid);
    expect(await next.verify(old.secret)).toMatchObject({ ok: true });
    expect(await next.verify(token.secret)).toMatchObject({ ok: true });
  });

  it('rotates the database key: the retired key verifies what it signed before, not what is signed with it after', async () => {
    const fresh = await createTestDatabase('ca_signing_rotate');
    const p = new Pool({ connectionString: fresh.url, max: 3 });
    try {
      const access = new AccessService(p, undefined, { env: {} });
      const old = await issue(access);
      const oldKid = kidOf(old.secret);
      const rotation = await access.rotateSigningKey();
      expect(rotation).toMatchObject({ previousKid: oldKid, source: 'database' });
      const fresh2 = await issue(access);
      expect(kidOf(fresh2.secret)).toBe(rotation.kid);
      const other = new AccessService(p, undefined, { env: {} }); // another node, started after the rotation
      expect(await other.verify(old.secret)).toMatchObject({ ok: true });
      expect(await other.verify(fresh2.secret)).toMatchObject({ ok: true });
      // whoever kept the old key cannot sign with it any more: its retirement is a date
      const { secret: oldSecret } = (await p.query('SELECT secret FROM ca_access_signing_keys WHERE kid = $1', [oldKid])).rows[0];
      const claims = JSON.parse(Buffer.from(old.secret.split('.')[1], 'base64url').toString());
      const late = await signToken({ ...claims, iat: Math.floor(Date.now() / 1000) + 5 }, oldSecret, oldKid);
      expect(await other.verify(late)).toMatchObject({
        ok: false,
        refusal: 'bad-signature',
        reason: expect.stringMatching(new RegExp(`signed with key ${oldKid} after it was retired`)),
      });
      expect((await p.query('SELECT count(*)::int AS n FROM ca_access_signing_keys WHERE retired_at IS NULL')).rows[0].n).toBe(1);
    } finally {
      await p.end();
      await fresh.drop();
    }
  });
});
