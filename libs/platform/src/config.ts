/**
 * Every environment variable the platform reads, declared once (issue 18 §2). Each part reads its
 * settings from `config()` (or `setting(NAME, env)` where a caller passes its own environment), never
 * from `process.env`; `casino-audit` checks the whole schema before any command runs, so a bad value
 * stops the start with the variable named and the reason, instead of being ignored or guessed.
 *
 * Adding a variable is one line in `CONFIG_SCHEMA` (and one row in the README's configuration table:
 * `config.spec.ts` checks that the table lists exactly these). This module imports nothing of the
 * platform, so any library may read it.
 */
import { DEFAULT_TIME_ZONE, parseCasinoZones, parseTimeZone } from '../../reports/src/time-zone';

import * as fs from 'node:fs';
import { isIP } from 'node:net';
import * as path from 'node:path';
import { INSTRUMENTS } from '../../rules/src/core/legal-sources';
import { because, keyed, type KeyedReason, type ReasonKey } from '../../i18n/src/reasons';

/** A variable's reader: `undefined` (unset, or empty) gives the default; a value it cannot use throws the reason. */
export interface Variable<T> {
  read(raw: string | undefined): T;
  /** shown in the README's table; `undefined` when there is no default */
  readonly fallback?: string;
}

/** A value refused: its reason keyed (`errors:config.*`), so the command line words it in its language (issue 16). */
class Refused extends Error {
  constructor(readonly because: ReasonKey) {
    super(keyed(because).reason);
  }
}

/** A variable at fault: its English `reason`, and the key and values that word it otherwise. */
export type ConfigProblem = { readonly variable: string } & KeyedReason;

function variable<T>(parse: (value: string) => T, fallback: T, shown?: string): Variable<T> {
  return {
    read: (raw) => (raw === undefined || raw.trim() === '' ? fallback : parse(raw.trim())),
    fallback: shown ?? (fallback === undefined ? undefined : String(fallback)),
  };
}

const refuse = (key: string, values?: Record<string, string | number | ReasonKey>): never => {
  throw new Refused(because(`config.${key}`, values));
};

/** `a or b or c`, each language's word for "or" between every two. */
const eitherOf = (items: readonly string[]): string | ReasonKey =>
  items.length < 2 ? (items[0] ?? '') : because('config.or', { first: items[0], rest: eitherOf(items.slice(1)) });

/** Free text (a path, a name). */
export const text = <D extends string | undefined = undefined>(fallback?: D) => variable<string | D>((v) => v, fallback as D);

/**
 * The folder of the official regulation texts: refused at start unless it holds each instrument's file
 * (libs/rules/src/core/legal-sources.ts), so that a finding's cited sentence can never fail a request later.
 */
const checkedTexts = new Set<string>(); // read at every finding worded: the folder is looked at once
export const regulationTexts = () =>
  variable<string | undefined>((v) => {
    if (checkedTexts.has(v)) return v;
    if (!fs.existsSync(v) || !fs.statSync(v).isDirectory()) refuse('notFolder', { path: v });
    const missing = Object.values(INSTRUMENTS).filter((i) => !fs.existsSync(path.join(v, i.file)));
    if (missing.length) refuse('lacksTexts', { files: missing.map((i) => `${i.file} (${i.jurisdiction})`).join(', ') });
    checkedTexts.add(v);
    return v;
  }, undefined);

/** A whole number ≥ min (and ≤ max when given). */
export function whole<D extends number | undefined = undefined>(range: { min: number; max?: number }, fallback?: D): Variable<number | D> {
  return variable<number | D>((v) => {
    const n = Number(v);
    if (!/^-?\d+$/.test(v) || !Number.isSafeInteger(n) || n < range.min || (range.max !== undefined && n > range.max))
      refuse('wholeNumber', { min: String(range.min), max: range.max === undefined ? 'none' : String(range.max), value: v });
    return n;
  }, fallback as D);
}

/** A positive number of seconds (decimals allowed). */
export const seconds = (fallback: number) =>
  variable<number>((v) => {
    const n = Number(v);
    if (!/^\d+(\.\d+)?$/.test(v) || !(n > 0)) refuse('seconds', { value: v });
    return n;
  }, fallback);

/** A TCP port (0: any free port). */
export const port = <D extends number | undefined = undefined>(fallback?: D) => whole({ min: 0, max: 65535 }, fallback);

/** One of a few words (case-insensitive); `aliases` map other spellings to them. */
export function oneOf<W extends string, D extends W | undefined = undefined>(
  words: readonly W[],
  fallback?: D,
  aliases: Record<string, NoInfer<W>> = {},
): Variable<W | D> {
  return variable<W | D>((v) => {
    const w = v.toLowerCase();
    const found = (words as readonly string[]).includes(w) ? (w as W) : aliases[w];
    return found ?? refuse('oneOf', { words: words.map((x) => `"${x}"`).join(', '), value: v });
  }, fallback as D);
}

/** on/off (also true/false, yes/no, 1/0). */
export const onOff = (fallback: boolean) =>
  variable<boolean>(
    (v) => {
      const w = v.toLowerCase();
      if (['on', 'true', 'yes', '1'].includes(w)) return true;
      if (['off', 'false', 'no', '0'].includes(w)) return false;
      return refuse('onOff', { value: v });
    },
    fallback,
    fallback ? 'on' : 'off',
  );

/**
 * A connection string with one of these schemes. Only the scheme is checked: the drivers accept more
 * than a WHATWG URL does (EventStoreDB's `esdb://es1:2113,es2:2113,…` lists several hosts). The
 * message never repeats the value: it may hold a password.
 */
export const url = (schemes: readonly string[]) =>
  variable<string | undefined>((v) => {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\/\S+$/i.exec(v)?.[1].toLowerCase();
    if (!scheme) refuse('notUrl', { forms: eitherOf(schemes.map((s) => `${s}://…`)) });
    if (!schemes.includes(scheme!)) refuse('scheme', { schemes: eitherOf(schemes.map((s) => `${s}://`)), scheme: scheme! });
    return v;
  }, undefined);

/**
 * Express's `trust proxy`: whose `X-Forwarded-For` names the caller (the access log's address, the
 * failed-login throttle). A hop count, or addresses and subnets (and `loopback`, `linklocal`,
 * `uniquelocal`), comma-separated. Unset: nobody's — a caller cannot choose its own address.
 */
export const trustedProxies = () =>
  variable<number | string | undefined>((v) => {
    if (/^\d{1,2}$/.test(v)) return Number(v);
    for (const item of v.split(',').map((x) => x.trim())) {
      if (['loopback', 'linklocal', 'uniquelocal'].includes(item)) continue;
      const [address, bits, more] = item.split('/');
      const family = isIP(address);
      const prefixOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
      if (!family || more !== undefined || !prefixOk) refuse('proxy', { item });
    }
    return v;
  }, undefined);

/** A share strictly between 0 and 1, written as a fraction (`0.01`) or a percentage (`1%`). */
export const share = (fallback: number, shown?: string) =>
  variable<number>(
    (v) => {
      const percent = v.endsWith('%');
      const n = Number(percent ? v.slice(0, -1) : v) / (percent ? 100 : 1);
      if (!/^\d*\.?\d+%?$/.test(v) || !(n > 0 && n < 1)) refuse('share', { value: v });
      return n;
    },
    fallback,
    shown,
  );

/** A value `parse` reads or refuses (it throws the reason: worded by the parser, or keyed as `because`). */
export const parsed = <T>(parse: (value: string) => T, fallback: T, shown?: string) =>
  variable<T>(
    (v) => {
      try {
        return parse(v);
      } catch (error) {
        const keyedBy = (error as { because?: ReasonKey }).because;
        throw new Refused(keyedBy ?? because('config.asWritten', { reason: (error as Error).message }));
      }
    },
    fallback,
    shown,
  );

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * The schema: variable → reader. Keep the README's configuration table in step (config.spec.ts).
 * The three prefixes are history: `CASINO_AUDIT_` for new variables.
 */
export const CONFIG_SCHEMA = {
  // storage
  DATABASE_URL: url(['postgres', 'postgresql']),
  CASINO_AUDIT_HOME: text('.casino-audit'),
  CASINO_AUDIT_CLUSTERS: text('/var/lib/casino-audit/clusters'),
  EVENT_STORE: oneOf(['postgres', 'eventstoredb'] as const, 'postgres', { postgresql: 'postgres', esdb: 'eventstoredb', kurrentdb: 'eventstoredb' }),
  EVENTSTORE_CONNECTION_STRING: url(['esdb', 'esdb+discover', 'kurrentdb', 'kurrentdb+discover', 'kdb', 'kdb+discover']),
  // serving
  PORT: port(3000),
  CASINO_AUDIT_BOOTSTRAP: onOff(true),
  /** on: clients reach the server over HTTPS (a TLS proxy in front): answers carry Strict-Transport-Security */
  CASINO_AUDIT_BEHIND_TLS: onOff(false),
  CASINO_AUDIT_TRUST_PROXY: trustedProxies(),
  /** the key that signs people's tokens, from outside the database (libs/access/src/signing-keys.ts); one of the two, or neither */
  CASINO_AUDIT_SIGNING_KEY: text(),
  CASINO_AUDIT_SIGNING_KEY_FILE: text(),
  /** refused credentials one address may present within the window before it is answered 429 (libs/access/src/refusals.ts) */
  CASINO_AUDIT_LOGIN_FAILURES: whole({ min: 1, max: 1_000_000 }, 10),
  CASINO_AUDIT_LOGIN_WINDOW_SECONDS: whole({ min: 1, max: 86_400 }, 60),
  CASINO_AUDIT_OPS_PORT: port(),
  CASINO_AUDIT_OPS_HOST: text('127.0.0.1'),
  CASINO_AUDIT_READY_MAX_LAG_EVENTS: whole({ min: 0 }, 50_000),
  CASINO_AUDIT_READY_MAX_LAG_SECONDS: seconds(30),
  // logs
  CASINO_AUDIT_LOG_LEVEL: oneOf(LOG_LEVELS), // unset: info from the command line, warn for a library caller (logger.ts)
  CASINO_AUDIT_LOG_FORMAT: oneOf(['json', 'pretty'] as const, undefined),
  // local time: each casino's zone (libs/reports/src/local-time.ts reads these two)
  CASINO_AUDIT_TIME_ZONE: parsed(parseTimeZone, DEFAULT_TIME_ZONE),
  CASINO_AUDIT_CASINO_TIME_ZONES: parsed<Record<string, string> | undefined>(parseCasinoZones, undefined),
  /** the folder of the official regulation texts (as shared/regulations/texts): cited sentences beside findings (libs/reports/src/regulation-texts.ts) */
  CASINO_AUDIT_REGULATIONS: regulationTexts(),
  /** the false discovery rate of the equipment findings across a casino's tables (Benjamini–Hochberg, issue 21 §4) */
  CASINO_AUDIT_EQUIPMENT_FDR: share(0.01, '1%'),
  // projectors
  /**
   * most events per read model's batch (its transaction). Near the feed's head a page holds only what has arrived;
   * behind it, a batch's fixed costs (the page's round trips, the connection, the lock, the commit, the state rows a
   * batch reads and writes once whatever its size) are shared by more events: at 6,000 events/s on 2 CPUs every read
   * model's lag p99 was 20 s with 1,000 and under a second with 4,000 (bench/results.md, "Load probes of 2026-11-30
   * night"); 8,000 did little better and held 20 MiB more in the feed windows
   */
  CA_PROJECTOR_BATCH_SIZE: whole({ min: 1 }, 4000),
  /**
   * read models' batches in flight at once while following the feed (projector.ts, catchUp): 7, the width that kept
   * every read model's lag p99 under a second at 3,000 events/s on 2 CPUs where 3 did not (bench/results.md, load sweeps
   * of 2026-11-30 afternoon)
   */
  CA_PROJECTOR_CONCURRENCY: whole({ min: 1, max: 9 }, 7),
  CA_JUDGE_WORKERS: whole({ min: 0 }),
  /** threads that walk the chains in `verify` (issue 23 §3); 1 walks them in the command's own thread */
  CA_VERIFY_THREADS: whole({ min: 1 }),
  CA_READ_AHEAD: whole({ min: 1 }, 3),
  // actual against theoretical win (issue 21 §3, libs/projections/src/performance)
  /** the false discovery rate of a gaming day's findings per session, table and croupier (Benjamini–Hochberg) */
  CASINO_AUDIT_PERFORMANCE_FDR: share(0.01, '1%'),
  /** rounds a session, table or croupier needs in the day before its result can be a finding */
  CASINO_AUDIT_PERFORMANCE_MIN_ROUNDS: whole({ min: 1 }, 200),
  /** the leak, a share of the handle, the cross-day CUSUM per table and croupier looks for */
  CASINO_AUDIT_PERFORMANCE_LEAK: share(0.01, '1%'),
  /** an honest table's (or croupier's) CUSUM alarms once in this many gaming days on average */
  CASINO_AUDIT_PERFORMANCE_ALARM_DAYS: whole({ min: 10 }, 3650),
  // test and benchmark hooks
  CA_TEST_PAUSE_IN_BATCH_MS: whole({ min: 0 }),
  CASINO_AUDIT_HEAP_PROBE: onOff(false),
  TEST_DATABASE_URL: url(['postgres', 'postgresql']),
  CHROMIUM_PATH: text(),
} satisfies Record<string, Variable<unknown>>;

export type ConfigSchema = typeof CONFIG_SCHEMA;
export type SettingName = keyof ConfigSchema;
export type Config = { readonly [K in SettingName]: ReturnType<ConfigSchema[K]['read']> };

/** A configuration that cannot be used: every variable at fault, each with its reason. */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<ConfigProblem>) {
    super(`configuration refused: ${problems.map((p) => `${p.variable} ${p.reason}`).join('; ')}`);
    this.name = 'ConfigError';
  }
}

/** One variable, read and checked (`env` defaults to the process's). */
export function setting<K extends SettingName>(name: K, env: NodeJS.ProcessEnv = process.env): Config[K] {
  try {
    return CONFIG_SCHEMA[name].read(env[name]) as Config[K];
  } catch (error) {
    if (error instanceof Refused) throw new ConfigError([{ variable: name, ...keyed(error.because) }]);
    throw error;
  }
}

/** Rules that join two variables. */
function crossChecks(c: Config): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (c.EVENT_STORE === 'eventstoredb' && !c.EVENTSTORE_CONNECTION_STRING) {
    problems.push({
      variable: 'EVENTSTORE_CONNECTION_STRING',
      ...keyed(because('config.esdbRequired', { example: 'esdb://es1:2113,es2:2113,es3:2113?tls=false' })),
    });
  }
  return problems;
}

/** The whole configuration, checked: throws a `ConfigError` naming every variable at fault. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: ConfigProblem[] = [];
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(CONFIG_SCHEMA) as SettingName[]) {
    try {
      out[name] = CONFIG_SCHEMA[name].read(env[name]);
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      problems.push({ variable: name, ...keyed(error.because) });
    }
  }
  if (!problems.length) problems.push(...crossChecks(out as Config));
  if (problems.length) throw new ConfigError(problems);
  return out as Config;
}

/** The process's configuration (read again on each call: cheap, and a test may change the environment). */
export const config = (): Config => readConfig(process.env);
