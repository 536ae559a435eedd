/**
 * Credential formats. API keys with Node's crypto; people's tokens with `jose` (a maintained JOSE
 * library: no hand-written JWT code).
 *
 *   API key (table terminals):  cak_<16 hex id>_<43 base64url secret>    (256-bit secret)
 *     stored: the id and sha256(secret); shown once at issue.
 *   Token (people):             a JWT, HS256, with the signing key's `kid` in its header
 *     payload: { iss: "casino-audit", jti, sub, roles, casino?, iat, exp }
 *     signed with the deployment's signing key (signing-keys.ts: from the environment or a file, or
 *     generated in the database by default); stored: the jti, the claims and sha256(token). A valid
 *     signature is not enough: the jti must be on file and not revoked (checked on every request).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { KeyedError, keyedError } from './keyed-error';

export const API_KEY_PREFIX = 'cak_';
const API_KEY = /^cak_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;
export const TOKEN_ISSUER = 'casino-audit';
export const TOKEN_ALGORITHM = 'HS256';

export interface TokenClaims {
  readonly iss: string;
  readonly jti: string;
  readonly sub: string;
  readonly roles: string[];
  readonly casino?: string;
  readonly iat: number;
  readonly exp: number;
}

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

/**
 * The key as jose wants it: a Uint8Array of this realm (a Buffer read from pg or from a file may come
 * from another realm under Jest, where jose's `instanceof Uint8Array` would refuse it).
 */
const keyBytes = (key: Uint8Array) => Uint8Array.from(key);

export function signToken(claims: TokenClaims, key: Uint8Array, kid: string): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid }).sign(keyBytes(key));
}

export type TokenRefusal = 'malformed' | 'bad-signature' | 'expired';
/** A refusal's reason as a key of the `errors` catalogue (`auth.*`) and its values, for the HTTP answer to word in the caller's language (issue 16). */
export interface RefusalWords {
  readonly key: string;
  readonly values?: Readonly<Record<string, string>>;
}

export type TokenCheck = { ok: true; claims: TokenClaims; kid: string } | { ok: false; reason: string; refusal: TokenRefusal; because: RefusalWords };

/** A token's key id, read from its header without trusting anything yet; null unless it is an HS256 JWS with a kid. */
export function tokenKeyId(token: string): string | null {
  if (token.split('.').length !== 3) return null;
  try {
    const header = decodeProtectedHeader(token);
    return header.alg === TOKEN_ALGORITHM && typeof header.kid === 'string' ? header.kid : null;
  } catch {
    return null;
  }
}

/** Check a token's signature with the key (HS256 only), then its issuer, claims and time window. */
export async function verifyToken(token: string, key: Uint8Array, now = Date.now()): Promise<TokenCheck> {
  let claims: TokenClaims;
  try {
    const verified = await jwtVerify(token, keyBytes(key), {
      algorithms: [TOKEN_ALGORITHM],
      issuer: TOKEN_ISSUER,
      currentDate: new Date(now),
      requiredClaims: ['jti', 'sub', 'iat', 'exp'],
    });
    claims = verified.payload as unknown as TokenClaims;
  } catch (error) {
    // jose's stable error codes (not instanceof: a class of another realm under Jest would not match)
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED')
      return { ok: false, reason: 'invalid token signature', refusal: 'bad-signature', because: { key: 'auth.badSignature' } };
    if (code === 'ERR_JWT_EXPIRED') {
      const exp = (error as { payload?: { exp?: unknown } }).payload?.exp;
      const at = typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null;
      return {
        ok: false,
        reason: at ? `token expired at ${at}` : 'token expired',
        refusal: 'expired',
        because: at ? { key: 'auth.tokenExpiredAt', values: { at } } : { key: 'auth.tokenExpired' },
      };
    }
    if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED')
      return { ok: false, reason: 'token claims are incomplete', refusal: 'malformed', because: { key: 'auth.incompleteClaims' } };
    if (code === 'ERR_JOSE_ALG_NOT_ALLOWED')
      return {
        ok: false,
        reason: `token algorithm not allowed (${TOKEN_ALGORITHM} only)`,
        refusal: 'malformed',
        because: { key: 'auth.algorithm', values: { algorithm: TOKEN_ALGORITHM } },
      };
    return { ok: false, reason: 'malformed token', refusal: 'malformed', because: { key: 'auth.malformedToken' } };
  }
  if (
    typeof claims.jti !== 'string' ||
    typeof claims.sub !== 'string' ||
    !Array.isArray(claims.roles) ||
    typeof claims.exp !== 'number' ||
    typeof claims.iat !== 'number'
  ) {
    return { ok: false, reason: 'token claims are incomplete', refusal: 'malformed', because: { key: 'auth.incompleteClaims' } };
  }
  return { ok: true, claims, kid: tokenKeyId(token) ?? '' };
}

/**
 * Tokens whose signature and claims were checked, kept so that a terminal presenting the same token on every
 * request is not checked again (jose's HS256 check was 3 % of the server's event loop at 7,500 events/s:
 * bench/results.md, load probes of 2026-12-01). An entry holds only for the same key material and until the
 * token's own expiry; revocation and the credential's row are still read on every request (AccessService.verify).
 */
export class CheckedTokens {
  private readonly checked = new Map<string, { claims: TokenClaims; kid: string; key: Uint8Array }>();

  constructor(private readonly capacity = 1000) {}

  /** The claims of `token` if it was checked with this very key and has not expired at `now`. */
  find(token: string, key: Uint8Array, now: number): TokenCheck | undefined {
    const hit = this.checked.get(token);
    if (!hit) return undefined;
    if (hit.key !== key || now >= hit.claims.exp * 1000) {
      this.checked.delete(token);
      return undefined;
    }
    return { ok: true, claims: hit.claims, kid: hit.kid };
  }

  /** Keep a successful check (the oldest entry makes room when full). */
  keep(token: string, key: Uint8Array, check: TokenCheck): void {
    if (!check.ok) return;
    if (this.checked.size >= this.capacity) this.checked.delete(this.checked.keys().next().value as string);
    this.checked.set(token, { claims: check.claims, kid: check.kid, key });
  }
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** A lifetime that is not one: the reason keyed (`errors:credential.duration*`). */
export class DurationError extends KeyedError {}

/** "8h", "30m", "7d", "90s", "2w" → milliseconds; "never" → null. */
export function parseDuration(text: string): number | null {
  if (text === 'never') return null;
  const m = /^(\d+)\s*(s|m|h|d|w)$/.exec(text.trim());
  if (!m) throw keyedError(DurationError, 'credential.duration', { text });
  const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 }[m[2] as 's' | 'm' | 'h' | 'd' | 'w'];
  const ms = Number(m[1]) * unit;
  if (ms <= 0) throw keyedError(DurationError, 'credential.durationPositive');
  return ms;
}
