/**
 * Reproducible identifiers: UUIDs (version 4 layout) drawn from the simulation's seeded generator.
 * `stream` (0–15) tells apart the ids of the simulation's generators: they are Mulberry32 streams with
 * derived seeds, all on one cycle of 2³² states, so one can replay another's draws a few million steps
 * later (a day of 40 tables drew the same UUID for a CroupierChanged and a CardDealt: the bench's store
 * refused it). The first digit carries the stream, so equal draws of two generators never give one id.
 */
export function seededUuid(random: () => number, stream = 0): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16));
  hex[0] = (parseInt(hex[0], 16) ^ stream).toString(16);
  hex[12] = '4';
  hex[16] = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}
