/**
 * Credential formats, with Node's crypto only.
 *
 *   API key (table terminals):  cak_<16 hex id>_<43 base64url secret>    (256-bit secret)
 *     stored: the id and sha256(secret); shown once at issue.
 *   Token (people):             a JWT, HS256: header.payload.signature (base64url)
 *     payload: { iss: "casino-audit", jti, sub, roles, casino?, iat, exp }
 *     signed with the deployment's signing key (ca_access_signing_keys, generated on first start);
 *     stored: the jti, the claims and sha256(token). A valid signature is not enough: the jti must be
 *     on file and not revoked (checked on every request).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const API_KEY_PREFIX = 'cak_';
const API_KEY = /^cak_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
export const TOKEN_ISSUER = 'casino-audit';

export interface TokenClaims {
  readonly iss: string;
  readonly jti: string;
  readonly sub: string;
  readonly roles: string[];
  readonly casino?: string;
  readonly iat: number;
  readonly exp: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function newCredentialId(): string {
  return randomBytes(8).toString('hex');
}

export function newApiKey(id: string): string {
  return `${API_KEY_PREFIX}${id}_${randomBytes(32).toString('base64url')}`;
}

/** Split an API key into its id and secret, or null when it is not one. */
export function parseApiKey(key: string): { id: string; secret: string } | null {
  const m = API_KEY.exec(key);
  return m ? { id: m[1], secret: m[2] } : null;
}

export function signToken(claims: TokenClaims, key: Buffer, kid: string): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid }));
  const payload = b64url(JSON.stringify(claims));
  const signature = createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export type TokenCheck = { ok: true; claims: TokenClaims; kid: string } | { ok: false; reason: string };

/** Parse a token's header (for its key id) without trusting anything yet. */
export function tokenKeyId(token: string): string | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    return header && header.alg === 'HS256' && typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}

/** Check a token's signature with the key, then its claims' shape and time window. */
export function verifyToken(token: string, key: Buffer, now = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed token' };
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid token signature' };
  let claims: TokenClaims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed token payload' };
  }
  if (!claims || claims.iss !== TOKEN_ISSUER || typeof claims.jti !== 'string' || typeof claims.sub !== 'string' || !Array.isArray(claims.roles) || typeof claims.exp !== 'number') {
    return { ok: false, reason: 'token claims are incomplete' };
  }
  if (claims.exp * 1000 <= now) return { ok: false, reason: `token expired at ${new Date(claims.exp * 1000).toISOString()}` };
  return { ok: true, claims, kid: tokenKeyId(token) ?? '' };
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** "8h", "30m", "7d", "90s", "2w" → milliseconds; "never" → null. */
export function parseDuration(text: string): number | null {
  if (text === 'never') return null;
  const m = /^(\d+)\s*(s|m|h|d|w)$/.exec(text.trim());
  if (!m) throw new Error(`"${text}" is not a duration: use e.g. 90s, 30m, 8h, 7d, 2w or never`);
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2] as 's' | 'm' | 'h' | 'd' | 'w'];
  const ms = Number(m[1]) * unit;
  if (ms <= 0) throw new Error('a duration must be positive');
  return ms;
}
