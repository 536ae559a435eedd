/**
 * The shape of the counts kept in ./house-edge.data.ts: `caribbeanCounts` (./house-edge.ts) computes them and the
 * data file holds them, so both import it from here (no circle between the computation and its data).
 */
import type { BankOutcome } from '../../core/poker/bank';
import type { Category } from '../../core/poker/evaluate';

export interface DealClassCount {
  readonly category: Category;
  readonly outcome: BankOutcome;
  /** (player hand, bank hand) pairs of the class */
  readonly weight: number;
  /** one of them */
  readonly player: readonly string[];
  readonly bank: readonly string[];
}

export interface CaribbeanCounts {
  readonly ranking: string;
  readonly classes: readonly DealClassCount[];
  /** player hands by category (the insurance and the jackpot look at the player's five cards only) */
  readonly hands: ReadonlyArray<{ category: Category; weight: number; player: readonly string[] }>;
}
