/**
 * The state of one circle-poker hand as its facts are folded in: seats, forced bets, cards, the betting
 * interval in progress, whose turn it is, and how the hand ended. Shared by the judge and the croupier.
 */
import { parseCard } from '../cards';
import type { RoundEnv } from '../game';
import type { CircleOptions, CircleRulebook, FirstToAct } from './rulebook';

export interface CirclePhase {
  /** cards burned before this phase */
  readonly burn: number;
  /** cards each seat in the hand receives, face up or down */
  readonly seat: readonly ('up' | 'down')[];
  /** community cards per board */
  readonly board: number;
  /** a draw: each seat declares its discards and receives as many cards */
  readonly draw?: boolean;
}

export interface CircleVariant {
  readonly game: string;
  /** each phase is followed by a betting interval */
  phases(env: RoundEnv<CircleRulebook>): readonly CirclePhase[];
  readonly boards: 1 | 2;
  readonly split: 'high' | 'hi-lo';
  /** most seats the croupier deals in without running the deck out (its dead-card rules are not simulated) */
  readonly deckCapacity?: number;
}

export type ForcedKind = 'ante' | 'small-blind' | 'big-blind' | 'opening' | 'double-opening' | 'ciega' | 'seat';
export const FORCED_KINDS: readonly ForcedKind[] = ['ante', 'small-blind', 'big-blind', 'opening', 'double-opening', 'ciega', 'seat'];
/** live forced bets count toward the first interval's bet; an ante is dead money */
export const LIVE: ReadonlySet<ForcedKind> = new Set(['small-blind', 'big-blind', 'opening', 'double-opening', 'ciega']);

export const BETTING_DECISIONS = ['fold', 'check', 'call', 'bet', 'raise', 'all-in', 'bring-in'] as const;
export const DECISIONS = [...BETTING_DECISIONS, 'draw'] as const;

export interface SeatState {
  readonly seat: number;
  readonly resto: number | null;
  contributed: number;
  /** chips put in during the current interval */
  street: number;
  folded: boolean;
  allIn: boolean;
  cards: Array<{ card: string; faceUp: boolean }>;
  discards: string[];
  acted: boolean;
  checked: boolean;
  raises: number;
  /** draw phase: cards still owed after the declared discards (null: not declared yet) */
  owed: number | null;
  betId?: string;
}

export interface Interval {
  readonly index: number;
  toMatch: number;
  lastIncrement: number;
  turn: number | null;
  aggressor: number | null;
  opener: number | null;
}

export interface PhaseProgress {
  burn: number;
  seats: Record<string, number>;
  board: number[];
}

export interface CircleState {
  opened: boolean;
  mano: number | null;
  /** seat numbers of the hand in the direction of play */
  order: number[];
  seats: Record<string, SeatState>;
  forced: Array<{ seat: number; kind: ForcedKind; amount: number }>;
  boards: string[][];
  burns: string[];
  /** phases completely dealt */
  phase: number;
  progress: PhaseProgress;
  interval: Interval | null;
  intervalsDone: number;
  /** the last bettor of the previous interval (synthetic: opens the next one) */
  lastAggressor: number | null;
  /** the first bettor of the first interval (cantabria draw: speaks first after the draw) */
  opener: number | null;
  handOver: 'folds' | 'showdown' | 'blank' | null;
  completed: boolean;
  /** card code → copies dealt in this hand */
  dealt: Record<string, number>;
  /** pot carried from blank hands (cantabria draw "mano en blanco") */
  carriedPot: number;
  blankHands: number;
  fees: Array<{ seat: number; base: number; amount: number; eventId: string }>;
  /** a decision came while cards of the phase were still owed (reported once, as DRAW_RULE_VIOLATION) */
  dealShort: boolean;
}

export const seatKey = (s: unknown) => String(Number(s));

/** Seat numbers in the direction of play: numbering side × direction (docs/decisions/open-questions.md#oq-40). */
export function ascending(env: RoundEnv<CircleRulebook>): boolean {
  const clockwise = (env.options.direction as CircleOptions['direction']) !== 'counter-clockwise';
  // seen from above, with the croupier facing the players, clockwise runs from his left to his right
  const fromLeft = env.rulebook.seatNumbering.value === 'from-croupier-left';
  return clockwise === fromLeft;
}

export function directionOrder(seats: readonly number[], env: RoundEnv<CircleRulebook>): number[] {
  const sorted = [...new Set(seats.map(Number))].sort((a, b) => a - b);
  return ascending(env) ? sorted : sorted.reverse();
}

/** Seats after `from` in the direction of play (cyclic), `from` itself last if present. */
export function after(order: readonly number[], from: number, env: RoundEnv<CircleRulebook>): number[] {
  const asc = ascending(env);
  const later = order.filter((s) => (asc ? s > from : s < from));
  const earlier = order.filter((s) => (asc ? s < from : s > from));
  return [...later, ...earlier, ...order.filter((s) => s === from)];
}

export function emptyState(): CircleState {
  return {
    opened: false,
    mano: null,
    order: [],
    seats: {},
    forced: [],
    boards: [[], []],
    burns: [],
    phase: 0,
    progress: { burn: 0, seats: {}, board: [0, 0] },
    interval: null,
    intervalsDone: 0,
    lastAggressor: null,
    opener: null,
    handOver: null,
    completed: false,
    dealt: {},
    carriedPot: 0,
    blankHands: 0,
    fees: [],
    dealShort: false,
  };
}

export const inHand = (st: CircleState) => st.order.map((s) => st.seats[seatKey(s)]).filter((s) => s && !s.folded);
export const canAct = (s: SeatState) => !s.folded && !s.allIn;
export const totalPot = (st: CircleState) => st.carriedPot + Object.values(st.seats).reduce((t, s) => t + s.contributed, 0);
export const holeCards = (s: SeatState) => s.cards.map((c) => c.card).filter((c) => !s.discards.includes(c));
export const upCards = (s: SeatState) => s.cards.filter((c) => c.faceUp && !s.discards.includes(c.card)).map((c) => c.card);

/** Stud: value of the up-cards showing (no straights or flushes under five cards): [category, ranks…]. */
export function showingValue(cards: readonly string[]): number[] {
  const values = cards.map((c) => parseCard(c)?.value ?? 0);
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map((g) => g[1]).join('');
  const category = shape.startsWith('4') ? 6 : shape.startsWith('3') ? 4 : shape.startsWith('22') ? 3 : shape.startsWith('2') ? 2 : 1;
  return [category, ...groups.map((g) => g[0])];
}

export function compareVectors(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

/** The seat that speaks first in an interval by the rulebook's rule for that interval. */
export function firstToAct(st: CircleState, kind: FirstToAct, env: RoundEnv<CircleRulebook>): number | null {
  const mano = st.mano ?? st.order[0];
  const fromMano = after(st.order, mano, env);
  const actors = fromMano.filter((s) => canAct(st.seats[seatKey(s)]));
  if (!actors.length) return null;
  const firstFrom = (seat: number | null, inclusive: boolean) => {
    if (seat === null) return actors[0];
    const ring = after(st.order, seat, env);
    const list = inclusive ? [seat, ...ring.filter((s) => s !== seat)] : ring;
    return list.find((s) => canAct(st.seats[seatKey(s)])) ?? actors[0];
  };
  switch (kind) {
    case 'mano':
      return firstFrom(mano, true);
    case 'after-mano':
      return firstFrom(mano, false);
    case 'after-forced': {
      const live = st.forced.filter((f) => LIVE.has(f.kind));
      return firstFrom(live.length ? live[live.length - 1].seat : mano, false);
    }
    case 'last-aggressor':
      return st.lastAggressor === null ? firstFrom(mano, true) : firstFrom(st.lastAggressor, true);
    case 'opener':
      return st.opener === null ? firstFrom(mano, false) : firstFrom(st.opener, true);
    case 'highest-showing':
    case 'lowest-showing': {
      const sign = kind === 'highest-showing' ? 1 : -1;
      let best: number | null = null;
      for (const s of actors) {
        if (best === null || sign * compareVectors(showingValue(upCards(st.seats[seatKey(s)])), showingValue(upCards(st.seats[seatKey(best)]))) > 0) best = s;
      }
      return best;
    }
  }
}
