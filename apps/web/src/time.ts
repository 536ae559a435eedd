/**
 * Times on the casino's clock with the offset (issue 20 §6), written as the chosen language writes a date
 * and a time (issue 16: `24/11/2026, 21:05 +01:00`), with the zone the API sends beside the instants
 * (`timeZone`, `timeZones` by casino). The offset keeps the hour repeated in October two hours apart.
 */
import type { Translator } from '../../../libs/i18n/src';
import { DEFAULT_TIME_ZONE, localParts } from '../../../libs/reports/src/time-zone';

/** `24/11/2026, 21:05 +01:00` on the zone's clock (the platform's default zone when none is given); '—' without an instant. */
export function localTime(tr: Translator, iso: string | null | undefined, zone: string | undefined): string {
  const z = zone ?? DEFAULT_TIME_ZONE;
  const p = iso ? localParts(iso, z) : null;
  return p ? `${tr.dateTime(iso!, z)} ${p.offset}` : (iso ?? '—');
}

/** A casino's zone from an answer's `timeZones` (the platform's default when the answer has none). */
export const zoneIn = (zones: Record<string, string> | undefined, casinoId: string | null | undefined) => (casinoId && zones?.[casinoId]) || DEFAULT_TIME_ZONE;

/** The time of day with its offset, `03:00:00 +02:00`, for a list within one day (the same in every language). */
export function clockTime(iso: string | null | undefined, zone: string | undefined): string {
  const p = iso ? localParts(iso, zone ?? DEFAULT_TIME_ZONE) : null;
  return p ? `${p.time} ${p.offset}` : '';
}
