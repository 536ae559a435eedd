/**
 * The long-run value of a bet under a rulebook and a session's settings, computed by enumerating the
 * game's physical outcomes (pockets, dice faces, card orderings…) through the game's own `settle`, so
 * that a misreading of a pay table shows up as a wrong edge, and a setting that hands the player the
 * edge is found when the table opens (issue 14 §4), never by a person doing sums by hand.
 *
 * A game implements `GameRules.houseEdges(env)`; this module only turns weighted settlements into
 * figures, the same way for every game.
 */
import type { ExpectedSettlement, SettlementVerdict } from './types';
import { isUndecided, isUnverifiable } from './types';

/**
 * How a figure was obtained:
 * - `exact-enumeration`: every physical outcome (pocket, throw, ordering of the cards that decide it) weighted
 *   exactly — the bet involves no decision of the player's;
 * - `exact-combinatorial`: the same, the outcomes counted by class rather than dealt one by one;
 * - `exact-strategy`: exact for the player decisions named in `strategy` (the optimal one, or a stated
 *   simpler one): another strategy gives another figure;
 * - `sampled`: a sample mean, with its standard error.
 */
export type EdgeMethod = 'exact-enumeration' | 'exact-combinatorial' | 'exact-strategy' | 'sampled';

export interface BetEdge {
  /** the bet type as recorded in `BetPlaced.betType` */
  readonly betType: string;
  /** the selection valued, where the figure depends on it (a number, a total, a cell) */
  readonly selection?: unknown;
  /** expected amount back per unit staked, stake included: 1 is break-even, above 1 favours the player */
  readonly returnPerUnit: number;
  /** 1 − returnPerUnit: what the house keeps per unit staked (≤ 0 is a player edge) */
  readonly houseEdge: number;
  /**
   * variance of the net result per unit staked (E[X²] − E[X]², X the net result of one bet of one unit), for
   * the dispersion of a table's win: Σ stake² × variancePerUnit over independent bets
   */
  readonly variancePerUnit: number;
  readonly method: EdgeMethod;
  /** for `exact-strategy` (and a sampled figure that plays): the player's decisions the figure assumes */
  readonly strategy?: string;
  /** for a sampled figure: the standard error of `houseEdge` */
  readonly standardError?: number;
  /**
   * the bets the player adds later in the coup that this figure already counts, per unit of this bet (a
   * caribbean stud ante's figure includes its play bet): a recorded bet of these types adds no figure of its own
   */
  readonly covers?: readonly string[];
  /** the pay-table line(s) the figure rests on */
  readonly citation: string;
  /** the settings it was computed under where they matter (commission rate, pay table…) */
  readonly settings?: Readonly<Record<string, unknown>>;
  /**
   * The regulation itself prices this bet at true odds (the citation): its edge is exactly 0 by design —
   * craps' odds, taken only behind a line or come bet that carries the house's edge — so a zero here is
   * no setting to flag. A negative edge is flagged all the same.
   */
  readonly trueOdds?: string;
}

/**
 * What a settled stake brings back, stake included, per the contract (§3: `payout` is paid on top of the
 * returned stake, net of any commission unless the commission is charged separately).
 * `commissionSeparate`: the session charges commission in its own `CommissionCharged` fact.
 */
export function amountBack(stake: number, settlement: ExpectedSettlement, commissionSeparate = false): number {
  const commission = commissionSeparate ? (settlement.commission ?? 0) : 0;
  switch (settlement.outcome) {
    case 'win':
      return stake + settlement.payout - commission;
    case 'push':
    case 'void':
      return stake + settlement.payout - commission;
    case 'half-lost':
      return stake / 2;
    case 'lose':
      return 0;
    case 'prison':
      // an imprisoned bet is valued by the game itself (its chances on the next spins); the caller
      // must not pass one here
      throw new Error('a bet en prison has no immediate value: value it through the prison rules');
  }
}

/** One physical outcome's weight and what the bet gets there. */
export interface WeightedReturn {
  readonly weight: number;
  /** amount back per unit staked, stake included */
  readonly back: number;
}

/** Mean and variance of the net result per unit from weighted outcomes. */
export function edgeFrom(outcomes: Iterable<WeightedReturn>, figure: Omit<BetEdge, 'returnPerUnit' | 'houseEdge' | 'variancePerUnit'>): BetEdge {
  let total = 0;
  let mean = 0;
  let square = 0;
  for (const o of outcomes) {
    total += o.weight;
    const net = o.back - 1;
    mean += o.weight * net;
    square += o.weight * net * net;
  }
  if (!(total > 0)) throw new Error(`no outcomes to value ${figure.betType}`);
  mean /= total;
  square /= total;
  return { ...figure, returnPerUnit: 1 + mean, houseEdge: -mean, variancePerUnit: square - mean * mean };
}

/** A settlement verdict as an amount back per unit, or the reason it cannot be valued. */
export function backPerUnit(stake: number, verdict: SettlementVerdict, commissionSeparate = false): number {
  if (isUndecided(verdict)) throw new Error(`cannot value an undecided bet: ${verdict.reason}`);
  if (isUnverifiable(verdict)) throw new Error(`cannot value an unverifiable bet: ${verdict.reason}`);
  return amountBack(stake, verdict, commissionSeparate) / stake;
}

/**
 * The bets whose house edge is not positive: a setting the product must flag (issue 14 §4). A bet the
 * regulation prices at true odds (`trueOdds`) is left out only while its edge is exactly 0.
 */
export const playerEdges = (edges: readonly BetEdge[], tolerance = 1e-12): BetEdge[] =>
  edges.filter((e) => e.houseEdge <= tolerance && !(e.trueOdds !== undefined && Math.abs(e.houseEdge) <= tolerance));
