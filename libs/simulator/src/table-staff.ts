/**
 * Who is at a simulated table (issue 21 §5): the croupiers dealing in turn (`CroupierChanged` at the
 * session's start and every 40 to 60 minutes of rounds) and the players, some of whom the casino's
 * admission register identifies (`playerRef` on their bets and cash exchanged). Drawn on a generator of
 * its own, taking no time at the table, so that the rest of the day stays as its seed made it.
 */
import type { PlayedFact } from '../../rules/src';
import type { TablePlan } from './table-plan';

/** A croupier's turn at one table: 40 to 60 minutes. */
const TURN_MS = [40 * 60_000, 60 * 60_000] as const;
/** The share of seated players whose admission number the table records. */
const IDENTIFIED_SHARE = 0.6;
/** How many players a casino's register holds for the simulation (so that one player is seen at several tables). */
const REGISTER_SIZE = 400;

export interface StaffFact {
  readonly type: 'CroupierChanged';
  readonly data: { croupierId: string };
}

export class TableStaff {
  private turnEndsAt = 0;
  private turn = -1;
  /** seat → the admission number of its player, when identified */
  private readonly players = new Map<number, string | null>();

  constructor(
    private readonly plan: TablePlan,
    private readonly random: () => number,
    private readonly register: string,
  ) {}

  /** The croupier who deals from the next round on, when a turn starts now (the first one at the opening). */
  beforeRound(clock: number): StaffFact[] {
    if (this.turn >= 0 && clock < this.turnEndsAt) return [];
    this.turn++;
    this.turnEndsAt = clock + TURN_MS[0] + Math.floor(this.random() * (TURN_MS[1] - TURN_MS[0]));
    const croupiers = this.plan.staff.croupiers;
    return [{ type: 'CroupierChanged', data: { croupierId: croupiers[this.turn % croupiers.length] } }];
  }

  /** The croupier dealing now (after the last `beforeRound`). */
  get croupier(): string {
    const croupiers = this.plan.staff.croupiers;
    return croupiers[Math.max(0, this.turn) % croupiers.length];
  }

  /** A known player sits at this seat for the session (a simulated injection's player, issue 21 §6). */
  seat(seat: number, playerRef: string): void {
    this.players.set(seat, playerRef);
  }

  /** The admission number of the player at a seat (drawn once per seat and session), or undefined. */
  playerAt(seat: unknown): string | undefined {
    const n = Number(seat);
    if (!Number.isInteger(n)) return undefined;
    if (!this.players.has(n)) {
      this.players.set(
        n,
        this.random() < IDENTIFIED_SHARE ? `${this.register}-${String(1 + Math.floor(this.random() * REGISTER_SIZE)).padStart(5, '0')}` : null,
      );
    }
    return this.players.get(n) ?? undefined;
  }

  /** The round's bets with their players' references. */
  withPlayers(facts: readonly PlayedFact[]): PlayedFact[] {
    return facts.map((f) => {
      if (f.type !== 'BetPlaced') return f;
      const playerRef = this.playerAt(f.data.seat);
      return playerRef ? { ...f, data: { ...f.data, playerRef } } : f;
    });
  }
}
