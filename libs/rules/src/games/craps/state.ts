/**
 * What craps carries between throws and folds within one, apart from the rules so that the house edge
 * (./house-edge.ts), which the rules import, can name them without importing the rules back.
 */
import type { Bet, Fact } from '../../core/types';

export type Seat = string | number;

/** A bet standing on the layout between throws. */
export interface StandingBet {
  readonly betId: string;
  readonly seat?: string | number;
  readonly betType: string;
  readonly selection?: unknown;
  readonly amount: number;
  /** come / don't come: the number the bet moved to (null before its first throw) */
  readonly point: number | null;
}

/** What `carry` hands to the next throw: the puck and the standing bets. */
export interface CrapsCarried {
  readonly point: number | null;
  readonly standing: readonly StandingBet[];
  /** the shooter as last named, until the seven-out passes the dice (undefined / null: not known) */
  readonly shooter?: Seat | null;
  /** the facts of the round in progress (applied at RoundCompleted, dropped at RoundVoided) */
  readonly pending?: { readonly roundId: string; readonly facts: readonly Fact[] };
}

export interface LayoutBet {
  readonly bet: Bet;
  /** re-stated from an earlier throw */
  readonly standing: boolean;
  /** own point before the throw (come / don't come); pass uses the puck */
  readonly point: number | null;
}

export interface CrapsState {
  /** the puck before this throw (null: come-out) */
  readonly point: number | null;
  readonly standing: Readonly<Record<string, StandingBet>>;
  readonly layout: Readonly<Record<string, LayoutBet>>;
  readonly closed: boolean;
  readonly dice: readonly number[] | null;
  readonly throws: number;
  /** who throws this round: named in it, or carried from the round that named him */
  readonly shooter: Seat | null;
}
