/**
 * Times on the casino's clock with the offset (issue 20 §6): the same formatting as the reports, with
 * the zone the API sends beside the instants (`timeZone`, `timeZones` by casino).
 */
import { DEFAULT_TIME_ZONE, formatLocal, localParts } from '../../../libs/reports/src/local-time';

/** `2026-03-29 03:00:00 +02:00` on the zone's clock (the platform's default zone when none is given). */
export const localTime = (iso: string | null | undefined, zone: string | undefined) => formatLocal(iso, zone ?? DEFAULT_TIME_ZONE);

/** A casino's zone from an answer's `timeZones` (the platform's default when the answer has none). */
export const zoneIn = (zones: Record<string, string> | undefined, casinoId: string | null | undefined) => (casinoId && zones?.[casinoId]) || DEFAULT_TIME_ZONE;

/** The time of day with its offset, `03:00:00 +02:00`, for a list within one day. */
export function clockTime(iso: string | null | undefined, zone: string | undefined): string {
  const p = iso ? localParts(iso, zone ?? DEFAULT_TIME_ZONE) : null;
  return p ? `${p.time} ${p.offset}` : '';
}
