/**
 * One fact folded into a hand, copy on write: the dealing, the betting and the assembly each write a fact's
 * changes through it, so that evolve stays pure and replay keeps every earlier state as it was.
 */
import type { CircleState, Interval, PhaseProgress, SeatState } from './state';

/**
 * `st` starts as a shallow copy of the state before; a seat (with the seats record), the interval and the phase
 * progress are copied the first time the fact changes them, and lists (cards, discards, burns, boards, forced
 * bets, fees) and the dealt tally are replaced, never pushed to. Whatever the fact leaves alone stays shared with
 * the state before, which is never written. A seat or interval read before it is changed is the old object: read
 * it again through `st` after changing it.
 */
export class HandChange {
  readonly st: CircleState;

  // what `st` holds that is not the state before's is this fact's own (a copy, or new): it may be written
  constructor(private readonly before: CircleState) {
    this.st = { ...before };
  }

  /** The seat, writable (undefined: not in the seats record). */
  seat(key: string): SeatState | undefined {
    const s = this.st.seats[key];
    if (!s || s !== this.before.seats[key]) return s;
    if (this.st.seats === this.before.seats) this.st.seats = { ...this.st.seats };
    return (this.st.seats[key] = { ...s });
  }

  /** The interval in progress, writable. */
  interval(): Interval | null {
    const iv = this.st.interval;
    if (!iv || iv !== this.before.interval) return iv;
    return (this.st.interval = { ...iv });
  }

  /** The current phase's progress, writable (its seats record and board counts are replaced, not written). */
  progress(): PhaseProgress {
    const p = this.st.progress;
    if (p !== this.before.progress) return p;
    return (this.st.progress = { ...p });
  }
}
