/**
 * Time zones and wall clocks (issue 20 §6), with nothing read from the environment: the zones' names checked,
 * an instant on a zone's clock with its offset. Imports nothing: the configuration schema
 * (libs/platform/src/config.ts) checks its variables with these, and the pages are bundled with them.
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

/** The zones people read each casino's instants in (local-time.ts reads them from the configuration). */
export interface TimeZones {
  /** the zone of every casino not named in `byCasino` */
  readonly default: string;
  readonly byCasino: Readonly<Record<string, string>>;
  /** the zone of a casino's times */
  of(casinoId: string | null | undefined): string;
}

/** The reason a zone setting is refused, and its key (`errors:config.…`) for the configuration to word it in the reader's language (issue 16). */
const refused = (reason: string, key: string, values: Record<string, string>) =>
  Object.assign(new Error(reason), { because: { key: `config.${key}`, values } });

/** `CASINO_AUDIT_TIME_ZONE`'s value checked: the zone, or throws the reason. */
export function parseTimeZone(value: string): string {
  if (!isTimeZone(value)) throw refused(`must be an IANA time zone such as Europe/Madrid, not "${value}"`, 'timeZone', { value });
  return value;
}

/** `CASINO_AUDIT_CASINO_TIME_ZONES`'s value (`casino-a=Atlantic/Canary,casino-b=Europe/Madrid`) checked: casino → zone, or throws the reason. */
export function parseCasinoZones(value: string): Record<string, string> {
  const byCasino: Record<string, string> = {};
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = entry.lastIndexOf('=');
    const casino = entry.slice(0, at).trim();
    const zone = entry.slice(at + 1).trim();
    if (at <= 0 || !isTimeZone(zone))
      throw refused(`must list casino=Zone pairs with IANA zones (e.g. casino-1=Europe/Madrid), not "${entry}"`, 'casinoZones', { value: entry });
    byCasino[casino] = zone;
  }
  return byCasino;
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
  const p = Object.fromEntries(
    formatter(zone)
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
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
