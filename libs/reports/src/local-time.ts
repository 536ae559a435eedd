/**
 * Local time (issue 20 §6). Instants are stored as recorded (UTC or with the sender's offset); people
 * read them in the casino's own time zone, with the offset, so that the hour repeated when daylight
 * saving ends (Europe/Madrid: 02:00–02:59 twice on the last Sunday of October) stays two hours apart
 * and the hour skipped in March (02:00–02:59 never happens) shows as the jump it is.
 *
 * Each casino's zone is a setting, read from the configuration (libs/platform/src/config.ts):
 * `CASINO_AUDIT_TIME_ZONE` for every casino (default Europe/Madrid, the zone of the five regions),
 * `CASINO_AUDIT_CASINO_TIME_ZONES` (`casino-a=Atlantic/Canary,casino-b=Europe/Madrid`) per casino. What
 * needs no setting is in time-zone.ts (the pages use that alone).
 */
import { setting } from '../../platform/src/config';
import { formatLocal, type TimeZones } from './time-zone';

export * from './time-zone';

/** The time zone settings of `env` (the process's by default); an unknown zone is a ConfigError naming its variable. */
export function timeZonesFrom(env: NodeJS.ProcessEnv = process.env): TimeZones {
  const fallback = setting('CASINO_AUDIT_TIME_ZONE', env);
  const byCasino = setting('CASINO_AUDIT_CASINO_TIME_ZONES', env) ?? {};
  return { default: fallback, byCasino, of: (casinoId) => (casinoId && byCasino[casinoId]) || fallback };
}

let settings: TimeZones | undefined;
/** The process's settings, read once. */
export function timeZones(): TimeZones {
  return (settings ??= timeZonesFrom());
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
