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

/** The throttle's settings from the environment (defaults and checks: the configuration schema, libs/platform/src/config.ts). */
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

export type RefusalOutcome = { throttled: false } | { throttled: true; retryAfterSeconds: number; reason: string; failures: number; windowSeconds: number };

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

/**
 * An attempt kept as one row per minute, address, claimed id and reason: a refused credential (kind
 * `credential`, 401 or 429), or a request that named nobody (kind `anonymous`: no credential, no such
 * route, refused before its route; access-recorder.ts). The first of the minute gives the row its
 * method, route and path.
 */
export interface LoggedRefusal extends Omit<RefusedAttempt, 'refusal'> {
  /** `credential` unless said */
  readonly kind?: 'credential' | 'anonymous';
  /** the answer's status (401 unless said) */
  readonly status?: number;
}

const SUBJECT_OF_KIND = { credential: '(refused credential)', anonymous: '(no credential)' } as const;

/**
 * Write refused attempts to the access log, adding to the row of their minute for the same address,
 * claimed id and reason (`count` attempts at once, from the tally below).
 */
export async function recordRefusal(pool: Pool, attempt: LoggedRefusal, count = 1, minute = startOfMinute(Date.now())): Promise<void> {
  const kind = attempt.kind ?? 'credential';
  await pool.query(
    `INSERT INTO ca_access_log (credential_id, subject, roles, kind, method, route, path, format, outcome, reason, address, claimed_credential_id, attempts, last_at, refusal_minute, status)
     VALUES (NULL, $10, '{}', $11, $1, $2, $3, $4, 'denied', $5, $6, $7, $8, clock_timestamp(), $9, $12)
     ON CONFLICT (refusal_minute, (coalesce(address, '')), (coalesce(claimed_credential_id, '')), (coalesce(reason, ''))) WHERE refusal_minute IS NOT NULL
     DO UPDATE SET attempts = ca_access_log.attempts + excluded.attempts, last_at = clock_timestamp()`,
    // whatever bytes the request carried: recording must never be what fails (storable.ts)
    [
      storableText(attempt.method),
      storableText(attempt.route),
      storableText(attempt.path),
      storableText(attempt.format),
      storableText(attempt.reason),
      storableText(attempt.address),
      attempt.claimedId,
      count,
      new Date(minute),
      SUBJECT_OF_KIND[kind],
      kind,
      attempt.status ?? 401,
    ],
  );
}

const startOfMinute = (ms: number) => ms - (ms % 60_000);

/**
 * Throttled attempts, counted in memory and written once a second, one statement per address, reason
 * and minute. A flood is what gets throttled: written one by one, its attempts would queue on that one
 * row's lock (about 100 a second, each holding a pooled connection the valid requests need).
 * What a crash loses is the last second's count of attempts that were refused anyway.
 */
export class RefusalTally {
  private pending = new Map<string, { attempt: LoggedRefusal; minute: number; count: number }>();
  private timer?: NodeJS.Timeout;
  /** the write under way: a flush waits for it, so that what was counted before a flush is written when it returns */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: Pool,
    private readonly everyMs = 1000,
  ) {}

  add(attempt: LoggedRefusal, now = Date.now(), count = 1): void {
    const minute = startOfMinute(now);
    const key = JSON.stringify([minute, attempt.address, attempt.claimedId, attempt.reason]);
    const entry = this.pending.get(key);
    if (entry) entry.count += count;
    else this.pending.set(key, { attempt, minute, count });
    this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), this.everyMs).unref();
  }

  /**
   * Write what is counted (also what a reader of the log calls first, so that it sees this node's last
   * second). One write at a time: a flush called while the timer's is under way waits for it, and
   * returns once everything counted before it is written.
   */
  flush(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const [i, e] of entries.entries()) {
      try {
        await recordRefusal(this.pool, e.attempt, e.count, e.minute);
      } catch (error) {
        // kept for the next flush, added to what was counted meanwhile: counts are not dropped because the database blinked
        for (const back of entries.slice(i)) this.add(back.attempt, back.minute, back.count);
        throw error;
      }
    }
  }
}
