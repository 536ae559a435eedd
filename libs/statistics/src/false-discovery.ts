/**
 * Many tables, one night: at 1 % per test, a 30-table casino would see a false finding every few nights.
 * Benjamini–Hochberg (1995) keeps the expected share of false findings among the findings at q instead.
 */

export interface Discovery {
  /** the BH-adjusted p-value (the smallest q at which this test would be a finding) */
  readonly adjustedP: number;
  readonly finding: boolean;
}

/** The step-up procedure: reject the k smallest p where k is the largest with p₍ₖ₎ ≤ k·q/m. */
export function benjaminiHochberg(pValues: readonly number[], q: number): Discovery[] {
  if (!(q > 0 && q < 1)) throw new RangeError(`the false discovery rate is in (0, 1) (got ${q})`);
  const m = pValues.length;
  const order = pValues.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const { p, i } = order[rank - 1];
    running = Math.min(running, (p * m) / rank);
    adjusted[i] = running;
  }
  return adjusted.map((adjustedP) => ({ adjustedP, finding: adjustedP <= q }));
}
