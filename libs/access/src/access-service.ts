/**
 * Credentials and the access log over PostgreSQL: issue, revoke, list, verify; record and report who
 * read what. Pure service: no HTTP, no CLI. Its tables are migrated by the service itself on first
 * use, through the one migration runner (advisory-locked, its own migrations table).
 */
import type { ReasonKey } from '../../i18n/src/reasons';
import type { Pool } from 'pg';
import { runMigrationsOnPool, sqlMigrations, versionLedger } from '../../database/src/migrations';
import { EventStore, PostgresEventStore } from '../../event-store/src';
import { archivedCasinosOf } from '../../event-store/src/postgres/archived-reads';
import { KeyRing, KeyRotation } from './key-ring';
import { RecordWriter } from './record-writer';
import { ACCESS_MIGRATIONS } from './migrations';
import {
  LoggedRefusal,
  LoginThrottle,
  LoginThrottleSettings,
  loginThrottleSettings,
  RefusalCode,
  recordRefusal,
  RefusalOutcome,
  RefusalTally,
  RefusedAttempt,
  refusedCredentials,
} from './refusals';
import { KeyedError, keyedError } from './keyed-error';
import { isRole, Role, ROLES } from './roles';
import { fromStorableJson, storableText, toStorableJson } from './storable';
import {
  CheckedTokens,
  newApiKey,
  newCredentialId,
  parseApiKey,
  type RefusalWords,
  sameDigest,
  sha256,
  signToken,
  TOKEN_ISSUER,
  tokenKeyId,
  verifyToken,
} from './tokens';

/**
 * The casino of a stream whose first fact left the store in a month that kept no owner of it (casinosOfStreams): not
 * an id (an id cannot hold a space or a parenthesis), so never equal to a credential's casino.
 */
export const OWNER_OUT_OF_STORE = '(out of the store)';

/** What the access service is given besides its pool (tests pass these; a deployment sets the environment). */
export interface AccessOptions {
  /** where `CASINO_AUDIT_SIGNING_KEY(_FILE)` and the throttle's settings are read (default: the process's environment) */
  readonly env?: NodeJS.ProcessEnv;
  /** the failed-login throttle (default: from the environment, refusals.ts) */
  readonly loginThrottle?: LoginThrottleSettings;
}

/** An arbitrary constant, distinct from the event store's: serialises the access migrations. */
const ACCESS_MIGRATION_LOCK = 7_411_305_077;
/** People's tokens always expire: 8 hours unless said otherwise, at most a year. */
export const DEFAULT_TOKEN_LIFETIME_MS = 8 * 3_600_000;
export const MAX_TOKEN_LIFETIME_MS = 366 * 86_400_000;
export const BOOTSTRAP_SUBJECT = 'bootstrap-admin';

export type CredentialKind = 'api-key' | 'token';

/** Who is calling: what the guard attaches to a request. */
export interface Principal {
  readonly credentialId: string;
  readonly kind: CredentialKind;
  readonly subject: string;
  readonly roles: Role[];
  /** the one casino this credential is scoped to; absent = every casino */
  readonly casinoId?: string;
  /** for terminals: the tables it may write to */
  readonly tableIds: string[];
  readonly expiresAt: string | null;
}

export interface CredentialInfo extends Principal {
  /** = credentialId: what `credentials revoke` takes */
  readonly id: string;
  readonly issuedAt: string;
  readonly issuedBy: string;
  readonly revokedAt: string | null;
  readonly revokedBy: string | null;
  readonly revokeReason: string | null;
  readonly status: 'active' | 'revoked' | 'expired';
}

export interface IssueInput {
  readonly roles: readonly string[];
  readonly subject: string;
  readonly casinoId?: string;
  readonly tableIds?: readonly string[];
  /** milliseconds from now; null = never (API keys only); undefined = the default (tokens 8 h, keys never) */
  readonly expiresInMs?: number | null;
  readonly issuedBy: string;
}

export interface Issued {
  /** the API key or the token: shown once, never stored */
  readonly secret: string;
  readonly credential: CredentialInfo;
}

export type Verification =
  | { ok: true; principal: Principal }
  | {
      ok: false;
      reason: string;
      /** the reason as a key of the `errors` catalogue and its values (issue 16) */
      because: RefusalWords;
      refusal: Exclude<RefusalCode, 'throttled'>;
      /** the credential id the caller claimed (an API key's id, a token's jti), unverified; null when none could be read */
      claimedId: string | null;
    };

export interface AccessRecordInput {
  /** who: a verified principal, or the command line's operator (`cli:<user>`, no credential) */
  readonly principal: { readonly subject: string; readonly roles: readonly string[]; readonly credentialId?: string } | null;
  readonly kind: string;
  readonly method: string;
  readonly route: string;
  readonly path: string;
  readonly params?: Record<string, unknown>;
  readonly query?: Record<string, unknown>;
  readonly format: string;
  readonly outcome: 'allowed' | 'denied';
  readonly reason?: string;
  /** the answer's HTTP status (none from the command line) */
  readonly status?: number;
  /** the caller's address as the server saw it */
  readonly address?: string;
  /** the request's id (X-Request-Id), to match the record with the request's log lines */
  readonly requestId?: string;
}

export interface AccessRecord {
  readonly id: string;
  readonly at: string;
  readonly credentialId: string | null;
  readonly subject: string;
  readonly roles: string[];
  readonly kind: string;
  readonly method: string;
  readonly route: string;
  readonly path: string;
  readonly params: Record<string, unknown>;
  readonly query: Record<string, unknown>;
  readonly format: string;
  readonly outcome: 'allowed' | 'denied';
  readonly reason: string | null;
  /** refused credentials (kind `credential`): the caller's address, the id it claimed, how many times this minute, the last one */
  readonly address: string | null;
  readonly claimedCredentialId: string | null;
  readonly attempts: number;
  readonly lastAt: string | null;
  /** the HTTP status answered (null for records older than it, and the command line's) */
  readonly status: number | null;
  readonly requestId: string | null;
}

/** One page of the access log, oldest first (keyset on the record id). */
export interface AccessLogPage {
  readonly records: AccessRecord[];
  /** the id of the last record when more follow in the window, else null */
  readonly nextAfter: number | null;
  readonly total: number;
  readonly totalIsEstimate: boolean;
}

/** Exact totals up to this many records in a window; above, the planner's estimate (a count would read them all). */
const EXACT_TOTAL_UP_TO = 100_000;

/** A credential that cannot be issued or revoked as asked: the reason keyed (`errors:credential.*`). */
export class CredentialError extends KeyedError {}

function accessRecord(r: any): AccessRecord {
  return {
    id: String(r.id),
    at: r.at.toISOString(),
    credentialId: r.credential_id,
    subject: r.subject,
    roles: r.roles,
    kind: r.kind,
    method: r.method,
    route: r.route,
    path: r.path,
    params: fromStorableJson(r.params),
    query: fromStorableJson(r.query),
    format: r.format,
    outcome: r.outcome,
    reason: r.reason,
    address: r.address,
    claimedCredentialId: r.claimed_credential_id,
    attempts: r.attempts,
    lastAt: r.last_at ? r.last_at.toISOString() : null,
    status: r.status,
    requestId: r.request_id,
  };
}

/** A refused verification; the claimed id is kept only when it has the shape of one of ours (never arbitrary text from the caller). */
const refused = (refusal: Exclude<RefusalCode, 'throttled'>, reason: string, because: RefusalWords, claimedId?: string | null): Verification => ({
  ok: false,
  reason,
  because,
  refusal,
  claimedId: claimedId && /^[0-9a-f]{16}$/.test(claimedId) ? claimedId : null,
});

const ID = /^[A-Za-z0-9][A-Za-z0-9._:@\-/]{0,127}$/;

export class AccessService {
  private readiness?: Promise<void>;
  private readonly keyRing: KeyRing;
  private readonly throttleSettings: LoginThrottleSettings;
  /** made on the first refusal: only a process that refuses credentials keeps the limiter (and its clean-up timer) */
  private throttle?: LoginThrottle;
  private readonly tally: RefusalTally;
  /** the access log's writer, made on the first record */
  private records?: RecordWriter;
  /** tokens whose signature was checked (until they expire, with the same key) */
  private readonly checkedTokens = new CheckedTokens();

  constructor(
    private readonly pool: Pool,
    private readonly now: () => number = Date.now,
    options: AccessOptions = {},
  ) {
    this.keyRing = new KeyRing(pool, options.env ?? process.env);
    // read now: a bad value stops the start, not the first refusal
    this.throttleSettings = options.loginThrottle ?? loginThrottleSettings(options.env ?? process.env);
    this.tally = new RefusalTally(pool);
  }

  /** Apply the access migrations and load the signing key (once per service; safe across processes). */
  ready(): Promise<void> {
    this.readiness ??= this.migrate().catch((error) => {
      this.readiness = undefined;
      throw error;
    });
    return this.readiness;
  }

  private async migrate(): Promise<void> {
    // the one runner (libs/database/src/migrations.ts); the first signing key is made under the same lock
    await runMigrationsOnPool(this.pool, {
      lock: ACCESS_MIGRATION_LOCK,
      ledger: versionLedger('ca_access_migrations'),
      migrations: sqlMigrations(ACCESS_MIGRATIONS),
      then: (client) => this.keyRing.prepare(client),
    });
    await this.keyRing.load();
  }

  /** Where the token signing key comes from (said by `serve` at start). */
  async signingKeySource(): Promise<string> {
    await this.ready();
    return this.keyRing.describe();
  }

  /** The same, as a key and values for the reader's language. */
  async signingKeySourceKeyed(): Promise<ReasonKey> {
    await this.ready();
    return this.keyRing.source();
  }

  /** A new signing key signs from now on; the previous ones verify the tokens they signed until those expire. */
  async rotateSigningKey(): Promise<KeyRotation> {
    await this.ready();
    return this.keyRing.rotate(ACCESS_MIGRATION_LOCK);
  }

  /** Issue a credential: an API key for a terminal, a signed token for a person. The secret is returned once. */
  async issue(input: IssueInput): Promise<Issued> {
    await this.ready();
    const roles = [...new Set(input.roles)];
    const bad = roles.filter((r) => !isRole(r));
    if (!roles.length) throw keyedError(CredentialError, 'credential.noRole');
    if (bad.length) throw keyedError(CredentialError, 'credential.unknownRoles', { roles: bad.join(', '), known: ROLES.join(', ') });
    const subject = input.subject?.trim();
    if (!subject || subject.length > 200) throw keyedError(CredentialError, 'credential.subject');
    if (input.casinoId !== undefined && !ID.test(input.casinoId)) throw keyedError(CredentialError, 'credential.casinoId', { id: input.casinoId });
    const tableIds = [...new Set(input.tableIds ?? [])];
    for (const t of tableIds) if (!ID.test(t)) throw keyedError(CredentialError, 'credential.tableId', { id: t });
    const terminal = roles.includes('terminal');
    if (terminal && roles.length > 1) throw keyedError(CredentialError, 'credential.terminalOnly');
    if (terminal && (!input.casinoId || !tableIds.length)) throw keyedError(CredentialError, 'credential.terminalBound');
    if (!terminal && tableIds.length) throw keyedError(CredentialError, 'credential.tablesOnlyTerminal');
    const kind: CredentialKind = terminal ? 'api-key' : 'token';
    let lifetime = input.expiresInMs === undefined ? (kind === 'token' ? DEFAULT_TOKEN_LIFETIME_MS : null) : input.expiresInMs;
    if (kind === 'token' && lifetime === null) throw keyedError(CredentialError, 'credential.tokensExpire');
    if (lifetime !== null && (lifetime <= 0 || lifetime > MAX_TOKEN_LIFETIME_MS)) throw keyedError(CredentialError, 'credential.lifetime');
    const issuedAtMs = Math.floor(this.now() / 1000) * 1000;
    const expiresAtMs = lifetime === null ? null : Math.floor((issuedAtMs + lifetime) / 1000) * 1000;
    const id = newCredentialId();
    let secret: string;
    let secretHash: string;
    if (kind === 'api-key') {
      secret = newApiKey(id);
      secretHash = sha256(parseApiKey(secret)!.secret);
    } else {
      const key = this.keyRing.signingKey();
      secret = await signToken(
        {
          iss: TOKEN_ISSUER,
          jti: id,
          sub: subject,
          roles,
          ...(input.casinoId ? { casino: input.casinoId } : {}),
          iat: issuedAtMs / 1000,
          exp: expiresAtMs! / 1000,
        },
        key.secret,
        key.kid,
      );
      secretHash = sha256(secret);
    }
    const row = (
      await this.pool.query(
        `INSERT INTO ca_credentials (id, kind, subject, roles, casino_id, table_ids, secret_hash, issued_at, issued_by, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
        [
          id,
          kind,
          subject,
          roles,
          input.casinoId ?? null,
          tableIds,
          secretHash,
          new Date(issuedAtMs),
          input.issuedBy,
          expiresAtMs === null ? null : new Date(expiresAtMs),
        ],
      )
    ).rows[0];
    return { secret, credential: this.info(row) };
  }

  /** Put a credential on the revocation list (checked on every request). */
  async revoke(id: string, by: string, reason?: string): Promise<CredentialInfo> {
    await this.ready();
    const current = (await this.pool.query('SELECT * FROM ca_credentials WHERE id = $1', [id])).rows[0];
    if (!current) throw keyedError(CredentialError, 'credential.unknown', { id });
    if (current.revoked_at) return this.info(current);
    const row = (
      await this.pool.query(
        'UPDATE ca_credentials SET revoked_at = clock_timestamp(), revoked_by = $2, revoke_reason = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING *',
        [id, by, reason ?? null],
      )
    ).rows[0];
    return this.info(row ?? (await this.pool.query('SELECT * FROM ca_credentials WHERE id = $1', [id])).rows[0]);
  }

  /** Every credential (without secrets), newest first; only the active ones unless `all`. */
  async list(options: { all?: boolean } = {}): Promise<CredentialInfo[]> {
    await this.ready();
    const rows = (await this.pool.query('SELECT * FROM ca_credentials ORDER BY issued_at DESC, id')).rows;
    const infos = rows.map((r) => this.info(r));
    return options.all ? infos : infos.filter((c) => c.status === 'active');
  }

  /** Check a presented API key or token: known, authentic, not revoked, not expired. */
  async verify(presented: string): Promise<Verification> {
    await this.ready();
    const text = presented.trim();
    if (text.startsWith('cak_')) {
      const key = parseApiKey(text);
      if (!key) return refused('malformed', 'malformed API key', { key: 'auth.malformedApiKey' }, /^cak_([0-9a-f]{16})_/.exec(text)?.[1]);
      const row = await this.row(key.id);
      if (!row || row.kind !== 'api-key' || !sameDigest(row.secret_hash, sha256(key.secret)))
        return refused('unknown', 'unknown API key', { key: 'auth.unknownApiKey' }, key.id);
      return this.standing(row);
    }
    const kid = tokenKeyId(text);
    if (!kid) return refused('malformed', 'malformed credential: neither an API key (cak_…) nor a token', { key: 'auth.malformedCredential' });
    const claimedId = this.unverifiedJti(text);
    const signingKey = await this.keyRing.find(kid);
    if (!signingKey) return refused('bad-signature', 'token signed with an unknown key', { key: 'auth.unknownSigningKey' }, claimedId);
    const now = this.now();
    let checked = this.checkedTokens.find(text, signingKey.secret, now);
    if (!checked) {
      checked = await verifyToken(text, signingKey.secret, now);
      this.checkedTokens.keep(text, signingKey.secret, checked);
    }
    // a revoked token is reported as revoked even when it has also expired
    const row = await this.row(checked.ok ? checked.claims.jti : claimedId);
    if (!checked.ok) {
      if (row && row.kind === 'token' && sameDigest(row.secret_hash, sha256(text)) && row.revoked_at) return this.standing(row);
      return refused(checked.refusal, checked.reason, checked.because, claimedId);
    }
    if (signingKey.retiredAt && checked.claims.iat * 1000 > signingKey.retiredAt.getTime()) {
      return refused(
        'bad-signature',
        `token signed with key ${signingKey.kid} after it was retired at ${signingKey.retiredAt.toISOString()}`,
        { key: 'auth.retiredSigningKey', values: { kid: signingKey.kid, at: signingKey.retiredAt.toISOString() } },
        claimedId,
      );
    }
    if (!row || row.kind !== 'token' || !sameDigest(row.secret_hash, sha256(text)))
      return refused('unknown', 'unknown token', { key: 'auth.unknownToken' }, claimedId);
    return this.standing(row);
  }

  /**
   * A presented credential was refused: record it in the access log (one row per minute, address,
   * claimed id and reason, its count growing), count it in the metrics, and count it against the
   * address's limit. Past the limit the attempt is recorded as throttled and the caller told when to
   * try again.
   */
  async refused(attempt: RefusedAttempt): Promise<RefusalOutcome> {
    await this.ready();
    this.throttle ??= new LoginThrottle(this.pool, this.throttleSettings);
    const retryAfterSeconds = await this.throttle.refused(attempt.address);
    if (retryAfterSeconds === null) {
      refusedCredentials.inc({ reason: attempt.refusal });
      await recordRefusal(this.pool, attempt);
      return { throttled: false };
    }
    const { failures, windowSeconds } = this.throttle.settings;
    const reason = `throttled: more than ${failures} refused credential(s) from this address within ${windowSeconds} s`;
    refusedCredentials.inc({ reason: 'throttled' });
    // one row a minute for the address, whatever it claims (a flood cannot fill the log with made-up ids),
    // counted here and written within a second (refusals.ts, RefusalTally)
    this.tally.add({ ...attempt, claimedId: null, reason, status: 429 });
    return { throttled: true, retryAfterSeconds, reason, failures, windowSeconds };
  }

  /**
   * A request that named nobody (no credential, no such route, refused before its route): one more
   * attempt on its minute's row for the address and reason, counted here and written within a second,
   * so a flood of them adds a row a minute. Not counted against the address's limit: presenting no
   * credential guesses nothing (a page before its login does it).
   */
  anonymous(attempt: Omit<LoggedRefusal, 'kind'>): void {
    this.tally.add({ ...attempt, kind: 'anonymous' });
  }

  /** Write the throttled attempts this process has counted and not yet written (within a second anyway). */
  flushRefusals(): Promise<void> {
    return this.tally.flush();
  }

  /** Is there an admin credential that can still be used? */
  async hasActiveAdmin(): Promise<boolean> {
    await this.ready();
    const r = await this.pool.query(
      `SELECT 1 FROM ca_credentials WHERE 'admin' = ANY (roles) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $1) LIMIT 1`,
      [new Date(this.now())],
    );
    return r.rows.length > 0;
  }

  /**
   * For `serve` on a fresh machine: when no admin credential is active, issue one admin token
   * (24 h) and return it for printing once; otherwise null.
   */
  async bootstrapAdmin(lifetimeMs = 24 * 3_600_000): Promise<Issued | null> {
    if (await this.hasActiveAdmin()) return null;
    return this.issue({ roles: ['admin'], subject: BOOTSTRAP_SUBJECT, expiresInMs: lifetimeMs, issuedBy: 'serve (no active admin credential)' });
  }

  /** Record one access (a replay, a report, an export, or a refused attempt at one). */
  async record(entry: AccessRecordInput): Promise<void> {
    await this.ready();
    const p = entry.principal;
    // grouped with the records of other requests answered meanwhile (record-writer.ts): one commit for the group
    this.records ??= new RecordWriter(this.pool);
    // whatever bytes the request carried: recording must never be what fails (storable.ts)
    await this.records.write([
      p?.credentialId ?? null,
      storableText(p?.subject ?? '(anonymous)'),
      (p?.roles ?? []).map(storableText),
      entry.kind,
      storableText(entry.method),
      storableText(entry.route),
      storableText(entry.path),
      JSON.stringify(toStorableJson(entry.params ?? {})),
      JSON.stringify(toStorableJson(entry.query ?? {})),
      storableText(entry.format),
      entry.outcome,
      entry.reason === undefined ? null : storableText(entry.reason),
      entry.status ?? null,
      entry.address === undefined ? null : storableText(entry.address),
      entry.requestId ?? null,
    ]);
  }

  /** The access log between two instants (inclusive), oldest first: every record (a page at a time underneath). */
  /** `casinoId`: only what credentials scoped to that casino did (a casino-scoped reader's view). */
  async accessLog(options: { from?: Date; to?: Date; casinoId?: string } = {}): Promise<AccessRecord[]> {
    const records: AccessRecord[] = [];
    let after: number | undefined;
    for (;;) {
      const page = await this.accessLogPage({ ...options, after, limit: 1000, withTotal: false });
      records.push(...page.records);
      if (page.nextAfter === null) return records;
      after = page.nextAfter;
    }
  }

  /**
   * One page of the access log: the records after the record id `after` (keyset: a page costs the same
   * at any depth), at most `limit`, and the total in the window (exact up to 100,000 records, the
   * planner's estimate above).
   */
  async accessLogPage(options: { from?: Date; to?: Date; casinoId?: string; after?: number; limit: number; withTotal?: boolean }): Promise<AccessLogPage> {
    await this.ready();
    await this.flushRefusals();
    // a casino-scoped reader sees what its casino's credentials did, and the refused attempts that claimed one of them
    const where = `($1::timestamptz IS NULL OR at >= $1) AND ($2::timestamptz IS NULL OR at <= $2)
           AND ($3::text IS NULL OR credential_id IN (SELECT id FROM ca_credentials WHERE casino_id = $3)
                OR claimed_credential_id IN (SELECT id FROM ca_credentials WHERE casino_id = $3))`;
    const filters = [options.from ?? null, options.to ?? null, options.casinoId ?? null];
    const rows = (
      await this.pool.query(`SELECT * FROM ca_access_log WHERE ${where} AND ($4::bigint IS NULL OR id > $4) ORDER BY id LIMIT $5`, [
        ...filters,
        options.after ?? null,
        options.limit + 1,
      ])
    ).rows;
    const more = rows.length > options.limit;
    const records = rows.slice(0, options.limit).map(accessRecord);
    let total = -1;
    let totalIsEstimate = false;
    if (options.withTotal !== false) {
      total = Number(
        (await this.pool.query(`SELECT count(*) AS n FROM (SELECT 1 FROM ca_access_log WHERE ${where} LIMIT ${EXACT_TOTAL_UP_TO + 1}) capped`, filters)).rows[0]
          .n,
      );
      if (total > EXACT_TOTAL_UP_TO) {
        const plan = (await this.pool.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM ca_access_log WHERE ${where}`, filters)).rows[0]['QUERY PLAN'];
        total = Math.max(EXACT_TOTAL_UP_TO + 1, Math.round(plan[0].Plan['Plan Rows']));
        totalIsEstimate = true;
      }
    }
    return { records, nextAfter: more ? Number(records[records.length - 1].id) : null, total, totalIsEstimate };
  }

  /**
   * The casino of each stream that exists (its first event's casinoId: sessions and jackpot pools; where that event
   * left the store, what the drop kept, or OWNER_OUT_OF_STORE).
   * `record`: ask the store of record instead of this database's log (writes with EventStoreDB, whose
   * copy here may not hold a session opened a moment ago).
   */
  async casinosOfStreams(streamIds: readonly string[], record?: EventStore): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    if (!streamIds.length) return out;
    if (record && !(record instanceof PostgresEventStore && record.pool === this.pool)) {
      for (const streamId of new Set(streamIds)) {
        const [first] = await record.readStream(streamId, 1, 1);
        if (first) out.set(streamId, typeof first.data.casinoId === 'string' ? first.data.casinoId : null);
      }
      return out;
    }
    const rows = (
      await this.pool.query(`SELECT stream_id, data->>'casinoId' AS casino FROM ca_events WHERE stream_id = ANY ($1::text[]) AND stream_version = 1`, [
        [...new Set(streamIds)],
      ])
    ).rows;
    for (const r of rows) out.set(r.stream_id, r.casino);
    // a stream whose first fact left the store (archive --drop): its casino as the drop kept it, or OWNER_OUT_OF_STORE
    // (a scoped credential is refused then: which casino it is cannot be told, and a guess would let any casino in)
    const gone = [...new Set(streamIds)].filter((id) => !out.has(id));
    for (const [id, casino] of await archivedCasinosOf(this.pool, gone)) out.set(id, casino === 'unknown' ? OWNER_OUT_OF_STORE : casino);
    return out;
  }

  private unverifiedJti(token: string): string {
    try {
      const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
      return typeof claims?.jti === 'string' ? claims.jti : '';
    } catch {
      return '';
    }
  }

  private async row(id: string): Promise<any | undefined> {
    if (!/^[0-9a-f]{16}$/.test(id)) return undefined;
    return (await this.pool.query('SELECT * FROM ca_credentials WHERE id = $1', [id])).rows[0];
  }

  private standing(row: any): Verification {
    if (row.revoked_at)
      return refused(
        'revoked',
        `credential ${row.id} was revoked at ${row.revoked_at.toISOString()}${row.revoke_reason ? ` (${row.revoke_reason})` : ''}`,
        { key: 'auth.revoked', values: { id: row.id, at: row.revoked_at.toISOString(), why: row.revoke_reason ?? 'none' } },
        row.id,
      );
    if (row.expires_at && row.expires_at.getTime() <= this.now())
      return refused(
        'expired',
        `credential ${row.id} expired at ${row.expires_at.toISOString()}`,
        { key: 'auth.expired', values: { id: row.id, at: row.expires_at.toISOString() } },
        row.id,
      );
    return { ok: true, principal: this.principal(row) };
  }

  private principal(row: any): Principal {
    return {
      credentialId: row.id,
      kind: row.kind,
      subject: row.subject,
      roles: row.roles.filter(isRole),
      ...(row.casino_id ? { casinoId: row.casino_id } : {}),
      tableIds: row.table_ids,
      expiresAt: row.expires_at ? row.expires_at.toISOString() : null,
    };
  }

  private info(row: any): CredentialInfo {
    const status = row.revoked_at ? 'revoked' : row.expires_at && row.expires_at.getTime() <= this.now() ? 'expired' : 'active';
    return {
      id: row.id,
      ...this.principal(row),
      issuedAt: row.issued_at.toISOString(),
      issuedBy: row.issued_by,
      revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
      revokedBy: row.revoked_by,
      revokeReason: row.revoke_reason,
      status,
    };
  }
}
