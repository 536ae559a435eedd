/**
 * Local time (issue 20 §6). Instants are stored as recorded (UTC or with the sender's offset); people
 * read them in the casino's own time zone, with the offset, so that the hour repeated when daylight
 * saving ends (Europe/Madrid: 02:00–02:59 twice on the last Sunday of October) stays two hours apart
 * and the hour skipped in March (02:00–02:59 never happens) shows as the jump it is.
 *
 * Each casino's zone is a setting: `CASINO_AUDIT_TIME_ZONE` for every casino (default Europe/Madrid, the
 * zone of the five regions), `CASINO_AUDIT_CASINO_TIME_ZONES` (`casino-a=Atlantic/Canary,casino-b=Europe/Madrid`)
 * per casino. Imports nothing, so the configuration schema (libs/platform/src/config.ts) checks with it.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Madrid';

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The time zone settings read from the environment; an unknown zone is an error that names its variable. */
export interface TimeZones {
  /** the zone of every casino not named in `byCasino` */
  readonly default: string;
  readonly byCasino: Readonly<Record<string, string>>;
  /** the zone of a casino's times */
  of(casinoId: string | null | undefined): string;
}

/** `CASINO_AUDIT_TIME_ZONE`'s value checked: the zone, or throws the reason. */
export function parseTimeZone(value: string): string {
  if (!isTimeZone(value)) throw new Error(`must be an IANA time zone such as Europe/Madrid, not "${value}"`);
  return value;
}

/** `CASINO_AUDIT_CASINO_TIME_ZONES`'s value (`casino-a=Atlantic/Canary,casino-b=Europe/Madrid`) checked: casino → zone, or throws the reason. */
export function parseCasinoZones(value: string): Record<string, string> {
  const byCasino: Record<string, string> = {};
  for (const entry of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const casino = entry.slice(0, at).trim();
    const zone = entry.slice(at + 1).trim();
    if (at <= 0 || !isTimeZone(zone)) throw new Error(`must list casino=Zone pairs with IANA zones (e.g. casino-1=Europe/Madrid), not "${entry}"`);
    byCasino[casino] = zone;
  }
  return byCasino;
}

/** The environment, where there is one (this module is bundled into the pages too, where there is none). */
type Env = Readonly<Record<string, string | undefined>>;
const processEnv = (): Env => (globalThis as { process?: { env: Env } }).process?.env ?? {};

export function timeZonesFrom(env: Env = processEnv()): TimeZones {
  const read = <T>(name: string, parse: (v: string) => T, fallback: T): T => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    try {
      return parse(raw);
    } catch (error) {
      throw new Error(`${name} ${(error as Error).message}`);
    }
  };
  const fallback = read('CASINO_AUDIT_TIME_ZONE', parseTimeZone, DEFAULT_TIME_ZONE);
  const byCasino = read('CASINO_AUDIT_CASINO_TIME_ZONES', parseCasinoZones, {});
  return { default: fallback, byCasino, of: (casinoId) => (casinoId && byCasino[casinoId]) || fallback };
}

let settings: TimeZones | undefined;
/** The process's settings, read once. */
export function timeZones(): TimeZones {
  return (settings ??= timeZonesFrom());
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The wall clock and offset of an instant in a zone. */
export function localParts(instant: string | Date, zone: string): { date: string; time: string; offset: string } | null {
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(at.getTime())) return null;
  const p = Object.fromEntries(formatter(zone).formatToParts(at).map((x) => [x.type, x.value]));
  // longOffset reads "GMT+01:00", or "GMT" at offset zero
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName.replace('GMT', '').replace('\u2212', '-');
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}`, offset };
}

/** `2026-03-29 03:00:00 +02:00`: an instant on the zone's wall clock with its offset; '—' when there is none. */
export function formatLocal(instant: string | Date | null | undefined, zone: string): string {
  if (instant === null || instant === undefined || instant === '') return '—';
  const p = localParts(instant, zone);
  return p ? `${p.date} ${p.time} ${p.offset}` : String(instant);
}

/** The zone of each of these casinos, for an answer that carries instants (`timeZones` beside them). */
export function zonesOf(casinoIds: Iterable<string | null | undefined>, zones: TimeZones = timeZones()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const id of casinoIds) if (id) out[id] = zones.of(id);
  return out;
}

/** A casino's instant as people read it: `formatLocal` in the casino's zone. */
export function casinoTime(instant: string | Date | null | undefined, casinoId: string | null | undefined, zones: TimeZones = timeZones()): string {
  return formatLocal(instant, zones.of(casinoId));
}
