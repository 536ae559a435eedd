/**
 * Where the keys that sign people's tokens come from (issue 20 §4).
 *
 * A key kept in a table of the same database is read by whoever reads a backup or a replica of it, so
 * a deployment supplies its key from outside: `CASINO_AUDIT_SIGNING_KEY` (the environment) or
 * `CASINO_AUDIT_SIGNING_KEY_FILE` (a file, e.g. a mounted secret). Either holds one key or several:
 * the first signs, the others only verify the tokens they signed (the previous keys, kept until those
 * tokens have expired). A key is at least 32 random bytes, written in base64url or base64.
 * Without either, a key generated in the database (`ca_access_signing_keys`) is the embedded default.
 *
 * A key's id (`kid`, in every token's header) is derived from the key itself — the start of its RFC
 * 7638 thumbprint — so every node finds the same id without any shared state.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { calculateJwkThumbprint } from 'jose';
import { setting } from '../../platform/src/config';
import { KeyedError, keyedError } from './keyed-error';

export const SIGNING_KEY_ENV = 'CASINO_AUDIT_SIGNING_KEY' as const;
export const SIGNING_KEY_FILE_ENV = 'CASINO_AUDIT_SIGNING_KEY_FILE' as const;
/** 256 bits: HS256's own strength; anything shorter is refused as a truncated or weak key. */
export const MIN_SIGNING_KEY_BYTES = 32;

/** A signing key that cannot be used: the reason keyed (`errors:signingKey.*`). */
export class SigningKeyError extends KeyedError {}

export interface SigningKey {
  readonly kid: string;
  readonly secret: Uint8Array;
  /** tokens issued after this instant are refused (a retired database key); null for external keys */
  readonly retiredAt: Date | null;
}

/** The keys supplied from outside the database: the first signs. */
export interface ExternalSigningKeys {
  /** `CASINO_AUDIT_SIGNING_KEY` or `CASINO_AUDIT_SIGNING_KEY_FILE=<path>` */
  readonly source: string;
  readonly file?: string;
  readonly keys: SigningKey[];
}

/** One key per line (or separated by commas or spaces in the environment); `#` starts a comment. */
function keyTexts(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*$/, ''))
    .flatMap((line) => line.split(/[\s,]+/))
    .filter(Boolean);
}

function decodeKey(text: string, where: string, index: number): Uint8Array {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) throw keyedError(SigningKeyError, 'signingKey.notBase64', { where, index: String(index + 1) });
  const bytes = Buffer.from(text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, ''), 'base64url');
  if (bytes.length < MIN_SIGNING_KEY_BYTES) {
    throw keyedError(SigningKeyError, 'signingKey.short', { where, index: String(index + 1), bytes: String(bytes.length), min: String(MIN_SIGNING_KEY_BYTES) });
  }
  return Uint8Array.from(bytes);
}

export async function keyId(secret: Uint8Array): Promise<string> {
  return `x${(await calculateJwkThumbprint({ kty: 'oct', k: Buffer.from(secret).toString('base64url') })).slice(0, 16)}`;
}

/** The keys named by the environment, or null when the database's key is to be used. */
export async function externalSigningKeys(env: NodeJS.ProcessEnv = process.env): Promise<ExternalSigningKeys | null> {
  const inline = setting(SIGNING_KEY_ENV, env);
  const file = setting(SIGNING_KEY_FILE_ENV, env);
  if (inline && file) throw keyedError(SigningKeyError, 'signingKey.both', { inline: SIGNING_KEY_ENV, file: SIGNING_KEY_FILE_ENV });
  if (!inline && !file) return null;
  let text: string;
  const source = file ? `${SIGNING_KEY_FILE_ENV}=${file}` : SIGNING_KEY_ENV;
  if (file) {
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      throw keyedError(SigningKeyError, 'signingKey.unreadable', { source, error: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
    }
  } else {
    text = inline!;
  }
  const texts = keyTexts(text);
  if (!texts.length) throw keyedError(SigningKeyError, 'signingKey.empty', { source });
  const keys: SigningKey[] = [];
  for (const [i, t] of texts.entries()) {
    const secret = decodeKey(t, source, i);
    keys.push({ kid: await keyId(secret), secret, retiredAt: null });
  }
  return { source, ...(file ? { file } : {}), keys };
}

/** A fresh key, as written in the environment or the file. */
export const newSigningKeyText = () => randomBytes(MIN_SIGNING_KEY_BYTES).toString('base64url');

/**
 * Put a new key first in the key file (atomically: a new file renamed over the old one, same mode),
 * keeping the previous keys below it so that the tokens they signed still verify.
 */
export function prependKeyToFile(file: string, keyText: string, note: string): void {
  const old = fs.readFileSync(file, 'utf8');
  const mode = fs.statSync(file).mode & 0o777;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  fs.writeFileSync(temporary, `# ${note}\n${keyText}\n${old}`, { mode });
  fs.renameSync(temporary, file);
}
