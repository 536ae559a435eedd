/**
 * A trijoker round's state, apart from the rules so that the house edge (./house-edge.ts), which the rules
 * import, can name it without importing the rules back.
 */
import type { BankPokerState } from '../../core/poker/bank';

export interface TrijokerState extends BankPokerState {
  /** common cards revealed so far (0, 1, 2) */
  readonly revealed: number;
  /** bets withdrawn in time (a late withdrawal is flagged and the bet stays in play) */
  readonly withdrawn: readonly string[];
}
