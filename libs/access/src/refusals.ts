/**
 * Failed logins (issue 20 §2): every refused credential is written to the access log, counted in the
 * metrics and throttled per address.
 *
 * - The access log keeps one row of kind `credential` per (minute, address, claimed credential id,
 *   reason), its `attempts` growing with each repeat, so a flood adds a row a minute, not a row a try.
 * - The throttle counts refused credentials per address in a window, in a table every node shares
 *   (rate-limiter-flexible's PostgreSQL store): past the limit the address is answered 429 with
 *   `Retry-After` until the window ends. Only refusals count: a valid credential never consumes
 *   anything and is never throttled, even from an address that is, so a terminal behind the same NAT
 *   as a misconfigured one keeps recording its table (the secrets are 256-bit: the throttle is there to
 *   stop floods and make them visible, not to make guessing harder than it already is).
 */
import type { Pool } from 'pg';
import { Counter } from 'prom-client';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { setting } from '../../platform/src/config';
import { metricsRegistry } from '../../platform/src/metrics';
import { storableText } from './storable';

/** Why a presented credential was refused (the `reason` label of the metric). */
export type RefusalCode = 'malformed' | 'unknown' | 'bad-signature' | 'revoked' | 'expired' | 'throttled';
export const REFUSAL_CODES: readonly RefusalCode[] = ['malformed', 'unknown', 'bad-signature', 'revoked', 'expired', 'throttled'];

export const refusedCredentials = new Counter({
  name: 'casino_audit_refused_credentials_total',
  help: 'Credentials refused by the API (unknown, malformed, revoked, expired, bad signature), and attempts throttled',
  labelNames: ['reason'],
  registers: [metricsRegistry],
});
// every reason present from the start at 0, so that a rate or an alert sees the first refusal
for (const reason of REFUSAL_CODES) refusedCredentials.inc({ reason }, 0);

export const LOGIN_FAILURES_ENV = 'CASINO_AUDIT_LOGIN_FAILURES' as const;
export const LOGIN_WINDOW_ENV = 'CASINO_AUDIT_LOGIN_WINDOW_SECONDS' as const;

export interface LoginThrottleSettings {
  /** refused credentials one address may present in a window before it is answered 429 */
  readonly failures: number;
  readonly windowSeconds: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleSettings = { failures: 10, windowSeconds: 60 };

/** The throttle's settings from the environment (the configuration schema refuses a bad value, naming it). */
export function loginThrottleSettings(env: NodeJS.ProcessEnv = process.env): LoginThrottleSettings {
  return { failures: setting(LOGIN_FAILURES_ENV, env), windowSeconds: setting(LOGIN_WINDOW_ENV, env) };
}

export interface RefusedAttempt {
  /** the caller's address as the server sees it (`req.ip`) */
  readonly address: string;
  /** the credential id the caller claimed (an API key's id, a token's jti), unverified; null when none could be read */
  readonly claimedId: string | null;
  readonly refusal: Exclude<RefusalCode, 'throttled'>;
  readonly reason: string;
  readonly method: string;
  readonly route: string;
  readonly path: string;
  readonly format: string;
}

export type RefusalOutcome = { throttled: false } | { throttled: true; retryAfterSeconds: number; reason: string };

/** Counts refusals per address across every node; says when an address is over its limit. */
export class LoginThrottle {
  private readonly limiter: RateLimiterPostgres;

  constructor(
    pool: Pool,
    readonly settings: LoginThrottleSettings,
  ) {
    this.limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: 'ca_access_login_failures',
      tableCreated: true, // by the access migrations
      keyPrefix: 'refused',
      points: settings.failures,
      duration: settings.windowSeconds,
      // once over the limit, this node answers 429 from memory until the window ends (no query per try)
      inMemoryBlockOnConsumed: settings.failures + 1,
      clearExpiredByTimeout: true,
    });
  }

  /** Count one refusal from this address: null while under the limit, else the seconds until it may try again. */
  async refused(address: string): Promise<number | null> {
    try {
      await this.limiter.consume(address, 1);
      return null;
    } catch (result) {
      if (result instanceof RateLimiterRes) return Math.max(1, Math.ceil(result.msBeforeNext / 1000));
      // the shared store could not be reached: the refusal is still a 401 and still recorded
      return null;
    }
  }
}

/** Write a refused attempt to the access log, adding to this minute's row for the same address, claimed id and reason. */
export async function recordRefusal(pool: Pool, attempt: Omit<RefusedAttempt, 'refusal'>): Promise<void> {
  await pool.query(
    `INSERT INTO ca_access_log (credential_id, subject, roles, kind, method, route, path, format, outcome, reason, address, claimed_credential_id, attempts, last_at, refusal_minute)
     VALUES (NULL, '(refused credential)', '{}', 'credential', $1, $2, $3, $4, 'denied', $5, $6, $7, 1, clock_timestamp(), date_trunc('minute', clock_timestamp()))
     ON CONFLICT (refusal_minute, (coalesce(address, '')), (coalesce(claimed_credential_id, '')), (coalesce(reason, ''))) WHERE refusal_minute IS NOT NULL
     DO UPDATE SET attempts = ca_access_log.attempts + 1, last_at = clock_timestamp()`,
    // whatever bytes the request carried: recording must never be what fails (storable.ts)
    [storableText(attempt.method), storableText(attempt.route), storableText(attempt.path), storableText(attempt.format), storableText(attempt.reason), storableText(attempt.address), attempt.claimedId],
  );
}
