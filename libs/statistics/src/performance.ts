/**
 * Actual against theoretical win (issue 21 §2), as sums a read model can keep incrementally: per round
 * the handle, the actual win (from the settlements), the theoretical win Σ stake × house edge and the
 * variance of the round's result; a session, a table, a croupier or a day is the sum of its rounds
 * (rounds are independent draws of the equipment), read as a z-score and a two-sided probability.
 *
 * Inside a round, bets are NOT independent: red and black on one spin move in opposite directions,
 * ten players on red move together. The variance of the round's result is Σᵢ Σⱼ Cov(Xᵢ, Xⱼ); where the
 * game supplies the round's joint law the exact figure is used, otherwise Cauchy–Schwarz bounds it by
 * (Σ stakeᵢ·σᵢ)² — never below the truth, so a z-score computed with it is never inflated: a table is
 * never accused on an underestimated spread (it may take longer to reach a finding).
 */
import { twoSidedP } from './normal';

/** A bet's figures per unit staked under its session's rulebook and settings. */
export interface BetFigure {
  readonly houseEdge: number;
  readonly variancePerUnit: number;
}

export interface RoundBet {
  readonly stake: number;
  /** undefined: no figure for this bet (unknown type, a setting not valued): counted apart, never guessed */
  readonly figure?: BetFigure;
}

export interface RoundFigures {
  readonly handle: number;
  readonly actualWin: number;
  readonly theoreticalWin: number;
  /** the variance of the round's house result used for the z-score */
  readonly variance: number;
  /** how `variance` was obtained */
  readonly varianceMethod: 'exact' | 'bound';
  /** stakes with no figure: in the handle and the actual win, not in the theoretical win */
  readonly unvaluedHandle: number;
}

/**
 * One round's figures. `exactVariance`: the variance of the round's total house result from the game's
 * joint law of the round (e.g. one spin settles every bet); without it, the Cauchy–Schwarz bound.
 */
export function roundFigures(bets: readonly RoundBet[], actualWin: number, exactVariance?: number): RoundFigures {
  let handle = 0;
  let theoreticalWin = 0;
  let spread = 0;
  let unvaluedHandle = 0;
  for (const b of bets) {
    handle += b.stake;
    if (!b.figure) {
      unvaluedHandle += b.stake;
      continue;
    }
    theoreticalWin += b.stake * b.figure.houseEdge;
    spread += b.stake * Math.sqrt(b.figure.variancePerUnit);
  }
  return exactVariance !== undefined
    ? { handle, actualWin, theoreticalWin, variance: exactVariance, varianceMethod: 'exact', unvaluedHandle }
    : { handle, actualWin, theoreticalWin, variance: spread * spread, varianceMethod: 'bound', unvaluedHandle };
}

/** The sums kept per session, table, croupier, day or casino. */
export interface PerformanceSums {
  readonly rounds: number;
  readonly handle: number;
  readonly actualWin: number;
  readonly theoreticalWin: number;
  readonly variance: number;
  readonly unvaluedHandle: number;
  /** rounds whose variance is the bound rather than exact */
  readonly boundedRounds: number;
}

export const NO_PLAY: PerformanceSums = { rounds: 0, handle: 0, actualWin: 0, theoreticalWin: 0, variance: 0, unvaluedHandle: 0, boundedRounds: 0 };

export function addRound(sums: PerformanceSums, round: RoundFigures): PerformanceSums {
  return {
    rounds: sums.rounds + 1,
    handle: sums.handle + round.handle,
    actualWin: sums.actualWin + round.actualWin,
    theoreticalWin: sums.theoreticalWin + round.theoreticalWin,
    variance: sums.variance + round.variance,
    unvaluedHandle: sums.unvaluedHandle + round.unvaluedHandle,
    boundedRounds: sums.boundedRounds + (round.varianceMethod === 'bound' ? 1 : 0),
  };
}

export interface PerformanceReading extends PerformanceSums {
  /** the standard deviation of the actual win around the theoretical */
  readonly sd: number;
  /** (actual − theoretical) / sd; negative: the house won less than expected */
  readonly z: number | null;
  /** probability of a result at least this far from theoretical, either way */
  readonly p: number | null;
  /** actual and theoretical win as shares of the handle */
  readonly holdPercent: number | null;
  readonly theoreticalHoldPercent: number | null;
}

export function readPerformance(sums: PerformanceSums): PerformanceReading {
  const sd = Math.sqrt(sums.variance);
  const valued = sums.handle - sums.unvaluedHandle;
  // the unvalued stakes' actual results are in the actual win: compare like with like only when all is valued
  const z = sd > 0 && sums.unvaluedHandle === 0 ? (sums.actualWin - sums.theoreticalWin) / sd : null;
  return {
    ...sums,
    sd,
    z,
    p: z === null ? null : twoSidedP(z),
    holdPercent: sums.handle > 0 ? (100 * sums.actualWin) / sums.handle : null,
    theoreticalHoldPercent: valued > 0 ? (100 * sums.theoreticalWin) / valued : null,
  };
}
