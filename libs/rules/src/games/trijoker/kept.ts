/**
 * The shape of the classes kept in ./house-edge.data.ts: `countedClasses` (./house-edge.ts) counts them and the
 * data file holds them, so both import it from here (no circle between the count and its data).
 */

export interface TrijokerClass {
  readonly weight: number;
  /** the final hand's class (its category, whether it pays) */
  readonly group: string;
  readonly keepsFirst: boolean;
  readonly keepsSecond: boolean;
  readonly own: readonly string[];
  readonly common: readonly string[];
}
