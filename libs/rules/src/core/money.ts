/**
 * Money is integer minor units everywhere (contract §1.2). Amounts computed from a rate are exact, and
 * rounded down to the smallest chip of the session float where they are not whole (contract §7).
 */

/** The session's smallest chip, the unit amounts are rounded to (contract §7); 1 where the float named none. */
export const chipUnit = (ctx: { readonly smallestChip: number }): number => (ctx.smallestChip > 0 ? ctx.smallestChip : 1);

/** `base × rate`, rounded down to a multiple of `unit` (the smallest chip). */
export function applyRate(base: number, rate: number, unit = 1): number {
  if (base <= 0 || rate <= 0) return 0;
  // rates are decimal fractions such as 0.05 or 0.0125: scale to avoid 1000 × 0.95 = 949.9999…
  const exact = Math.round(base * rate * 1e6) / 1e6;
  return roundDownTo(exact, unit);
}

export function roundDownTo(amount: number, unit = 1): number {
  const u = unit > 0 ? unit : 1;
  return Math.floor(amount / u + 1e-9) * u;
}

/** "N to 1" net odds: stake × N (N may be a fraction such as 1/2 for "1 to 2"), rounded down to the unit. */
export function payOdds(stake: number, toOne: number, unit = 1): number {
  return roundDownTo(Math.round(stake * toOne * 1e6) / 1e6, unit);
}

export function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Total of a chip inventory `{ "<denomination>": count }`. */
export function inventoryTotal(chips: Readonly<Record<string, number>> | undefined | null): number {
  if (!chips) return 0;
  let total = 0;
  for (const [denomination, count] of Object.entries(chips)) total += Number(denomination) * count;
  return total;
}

/** Smallest denomination of a float, the rounding unit for rate-derived amounts (contract §7). */
export function smallestDenomination(chips: Readonly<Record<string, number>> | undefined | null, fallback = 1): number {
  const denominations = Object.keys(chips ?? {})
    .map(Number)
    .filter((d) => Number.isInteger(d) && d > 0);
  return denominations.length ? Math.min(...denominations) : fallback;
}
