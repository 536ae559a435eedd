/**
 * The shape of the sample kept in ./house-edge.data.ts: `sampleCasinoHoldem` (./house-edge.ts) draws it and the
 * data file holds it, so both import it from here (no circle between the draw and its data).
 */
import type { BankOutcome } from '../../core/poker/bank';
import type { Category } from '../../core/poker/evaluate';

export interface SampledClass {
  readonly category: Category;
  readonly outcome: BankOutcome;
  readonly weight: number;
  /** the first deal of the class: the player's two cards, the bank's two, the five board cards */
  readonly player: readonly string[];
  readonly bank: readonly string[];
  readonly board: readonly string[];
}

export interface CasinoHoldemSample {
  readonly seed: number;
  readonly deals: number;
  readonly classes: readonly SampledClass[];
}
