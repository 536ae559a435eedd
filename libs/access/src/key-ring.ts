/**
 * The keys that sign and verify people's tokens, by `kid`: the external ones (signing-keys.ts) and
 * those kept in `ca_access_signing_keys`. One signs; every other known key verifies the tokens it
 * signed until they expire (a retired database key only those issued before its retirement).
 */
import { randomBytes } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import { setting } from '../../platform/src/config';
import { keyedError } from './keyed-error';
import { wordReason, type ReasonKey } from '../../i18n/src/reasons';
import {
  ExternalSigningKeys,
  externalSigningKeys,
  keyId,
  newSigningKeyText,
  prependKeyToFile,
  SIGNING_KEY_ENV,
  SIGNING_KEY_FILE_ENV,
  SigningKey,
  SigningKeyError,
} from './signing-keys';

export interface KeyRotation {
  /** the key that signs from now on */
  readonly kid: string;
  /** the key it replaces (verifies the tokens it signed until they expire) */
  readonly previousKid: string | null;
  readonly source: 'database' | string;
  /** for a key given in the environment: the variable's new value (the new key first), to set on every node */
  readonly environmentValue?: string;
}

export class KeyRing {
  private readonly keys = new Map<string, SigningKey>();
  private signer?: string;
  private external: ExternalSigningKeys | null = null;
  private databaseKeys = 0;
  /** the re-read under way: tokens naming unknown kids at the same time share it */
  private reloading?: Promise<void>;

  constructor(
    private readonly pool: Pool,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Under the access migrations' lock: read the external keys, or make sure the database holds one. */
  async prepare(client: PoolClient): Promise<void> {
    this.external = await externalSigningKeys(this.env);
    if (this.external) return;
    const existing = await client.query('SELECT kid FROM ca_access_signing_keys WHERE retired_at IS NULL LIMIT 1');
    if (!existing.rows.length)
      await client.query('INSERT INTO ca_access_signing_keys (kid, secret) VALUES ($1, $2)', [`k${Date.now().toString(36)}`, randomBytes(32)]);
  }

  async load(): Promise<void> {
    if (this.external?.file) this.external = await externalSigningKeys(this.env); // a rotated file
    const rows = (await this.pool.query('SELECT kid, secret, retired_at FROM ca_access_signing_keys ORDER BY created_at')).rows;
    for (const r of rows) this.keys.set(r.kid, { kid: r.kid, secret: Uint8Array.from(r.secret), retiredAt: r.retired_at });
    this.databaseKeys = rows.length;
    for (const k of this.external?.keys ?? []) this.keys.set(k.kid, k);
    this.signer = this.external ? this.external.keys[0].kid : rows.filter((r) => !r.retired_at).pop()?.kid;
  }

  /** The key that signs now. */
  signingKey(): SigningKey {
    const key = this.signer && this.keys.get(this.signer);
    if (!key) throw keyedError(SigningKeyError, 'signingKey.none');
    return key;
  }

  /**
   * A key by its id; an unknown id re-reads the keys (one small query, and the key file) in case another
   * node rotated them — no dearer than the look-up an unknown API key costs.
   */
  async find(kid: string): Promise<SigningKey | undefined> {
    if (!this.keys.has(kid)) {
      // a key file being rewritten or unreadable a moment keeps the keys already known (the token is refused, not a 500)
      this.reloading ??= this.load()
        .catch(() => undefined)
        .finally(() => (this.reloading = undefined));
      await this.reloading;
    }
    return this.keys.get(kid);
  }

  /** Where the signing key comes from, for `serve` to say at start. */
  describe(): string {
    return wordReason(this.source(), 'en');
  }

  /** Where the signing key comes from, as a key of the command line's catalogue (`cli:serve.key*`) and its values (serve words it). */
  source(): ReasonKey {
    if (this.external) {
      const others = this.databaseKeys ? { key: 'cli:serve.keyExternalOthers', values: { count: this.databaseKeys } } : '';
      return {
        key: 'cli:serve.keyExternal',
        values: { kid: this.external.keys[0].kid, source: this.external.source, previous: this.external.keys.length - 1, others },
      };
    }
    return { key: 'cli:serve.keyDatabase', values: { kid: this.signer ?? '', env: SIGNING_KEY_ENV, fileEnv: SIGNING_KEY_FILE_ENV } };
  }

  /**
   * A new key signs from now on. In the database: the current key is retired (it verifies the tokens
   * it signed until they expire) and a new one generated. In a key file: a new key is written first,
   * the previous ones kept below it. In the environment: nothing can be written, so the new value of
   * the variable is returned, to be set on every node.
   */
  async rotate(lock: number): Promise<KeyRotation> {
    await this.load();
    const previousKid = this.signer ?? null;
    if (this.external?.file) {
      const text = newSigningKeyText();
      prependKeyToFile(this.external.file, text, `added by credentials rotate-key at ${new Date().toISOString()}; the keys below verify only`);
      await this.load();
      return { kid: this.signer!, previousKid, source: this.external.source };
    }
    if (this.external) {
      const text = newSigningKeyText();
      const current = (setting(SIGNING_KEY_ENV, this.env) ?? '').split(/[\s,]+/).filter(Boolean);
      return { kid: await keyId(Buffer.from(text, 'base64url')), previousKid, source: this.external.source, environmentValue: [text, ...current].join(',') };
    }
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1)', [lock]);
      await client.query('UPDATE ca_access_signing_keys SET retired_at = clock_timestamp() WHERE retired_at IS NULL');
      await client.query('INSERT INTO ca_access_signing_keys (kid, secret) VALUES ($1, $2)', [
        `k${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
        randomBytes(32),
      ]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    await this.load();
    return { kid: this.signer!, previousKid, source: 'database' };
  }
}
