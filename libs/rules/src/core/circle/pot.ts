/**
 * Circle poker money: the pot and its side pots built from all-in contributions, the uncalled excess
 * returned to its bettor, the house benefit (cagnotte) taken from each pot before it is paid, and the
 * award of each pot to its winners with an equal split (docs/decisions/open-questions.md#oq-08) and odd chips to the first
 * tied winner from the mano in the direction of play (docs/decisions/open-questions.md#oq-09). Pure functions, integer minor units.
 */
import { applyRate, roundDownTo } from '../money';

export type Seat = number;

/** What one seat put into the hand, and whether it can still win (a folded seat only feeds the pots). */
export interface Contribution {
  readonly seat: Seat;
  readonly amount: number;
  readonly folded: boolean;
}

export interface Pot {
  /** 0 = main pot, then the side pots in the order the all-ins cap them */
  readonly index: number;
  readonly amount: number;
  /** seats that can win it (not folded, contributed up to its level) */
  readonly eligible: readonly Seat[];
}

export interface PotLayout {
  readonly pots: readonly Pot[];
  /** a bet nobody matched goes back to its bettor; it is never part of a pot nor levied */
  readonly uncalled: { readonly seat: Seat; readonly amount: number } | null;
}

/**
 * Slice the contributions into pots at each distinct contribution level; consecutive slices with the
 * same eligible seats are one pot. The top slice that only one seat reached is the uncalled excess.
 * `carried` (a blank hand's pot, cantabria draw) joins the main pot.
 */
export function buildPots(contributions: readonly Contribution[], carried = 0): PotLayout {
  const levels = [...new Set(contributions.map((c) => c.amount).filter((a) => a > 0))].sort((a, b) => a - b);
  const slices: Array<{ amount: number; eligible: Seat[]; reached: Seat[] }> = [];
  let previous = 0;
  for (const level of levels) {
    const amount = contributions.reduce((t, c) => t + Math.max(0, Math.min(c.amount, level) - Math.min(c.amount, previous)), 0);
    const reached = contributions.filter((c) => c.amount >= level).map((c) => c.seat);
    const eligible = contributions.filter((c) => c.amount >= level && !c.folded).map((c) => c.seat);
    slices.push({ amount, eligible, reached });
    previous = level;
  }
  let uncalled: PotLayout['uncalled'] = null;
  const top = slices[slices.length - 1];
  if (top && top.reached.length === 1) {
    uncalled = { seat: top.reached[0], amount: top.amount };
    slices.pop();
  }
  const pots: Array<{ amount: number; eligible: Seat[] }> = [];
  for (const s of slices) {
    const last = pots[pots.length - 1];
    if (last && sameSeats(last.eligible, s.eligible)) last.amount += s.amount;
    else if (s.eligible.length === 0 && last)
      last.amount += s.amount; // chips only folded seats reached stay with the pot below
    else pots.push({ amount: s.amount, eligible: [...s.eligible] });
  }
  if (carried > 0) {
    if (pots.length) pots[0].amount += carried;
    else if (uncalled) pots.push({ amount: carried, eligible: [uncalled.seat] });
  }
  return { pots: pots.map((p, index) => ({ index, ...p })), uncalled };
}

const sameSeats = (a: readonly Seat[], b: readonly Seat[]) => a.length === b.length && a.every((s) => b.includes(s));

export type CagnotteMode = 'pot-percentage' | 'session-fee' | 'per-player-hand-fee';

/**
 * The pot-percentage levy on each pot (rounded down to the smallest chip, contract §7); an optional cap
 * on the hand's total is reached pot by pot, main pot first.
 */
export function levyPots(pots: readonly Pot[], rate: number, unit: number, cap?: number | null): number[] {
  let room = cap !== undefined && cap !== null && cap >= 0 ? cap : Number.POSITIVE_INFINITY;
  return pots.map((p) => {
    const due = Math.min(applyRate(p.amount, rate, unit), room);
    const taken = roundDownTo(due, unit);
    room -= taken;
    return taken;
  });
}

export type SplitRule = 'equal' | 'proportional-to-resto';

/**
 * Share `amount` among `winners` (already in the direction of play from the mano, docs/decisions/open-questions.md#oq-09): equal
 * shares in whole smallest chips, one odd chip each to the first winners, any sub-chip residue to the
 * first. `proportional-to-resto` (docs/decisions/open-questions.md#oq-08 literal reading) weights the shares by each starting resto.
 */
export function splitAmount(
  amount: number,
  winners: readonly Seat[],
  unit: number,
  rule: SplitRule = 'equal',
  restos: Readonly<Record<string, number>> = {},
): Map<Seat, number> {
  const shares = new Map<Seat, number>();
  if (!winners.length || amount <= 0) return shares;
  const u = unit > 0 ? unit : 1;
  const weights = winners.map((s) => (rule === 'proportional-to-resto' ? Math.max(0, restos[String(s)] ?? 0) : 1));
  const totalWeight = weights.reduce((t, w) => t + w, 0) || winners.length;
  const chips = Math.floor(amount / u + 1e-9);
  let given = 0;
  winners.forEach((s, i) => {
    const share = Math.floor((chips * weights[i]) / totalWeight + 1e-9);
    shares.set(s, share * u);
    given += share;
  });
  let odd = chips - given;
  for (let i = 0; odd > 0; i = (i + 1) % winners.length, odd--) shares.set(winners[i], (shares.get(winners[i]) ?? 0) + u);
  const residue = amount - chips * u;
  if (residue > 0) shares.set(winners[0], (shares.get(winners[0]) ?? 0) + residue);
  return shares;
}

/** A pot's award as the judge expects it: who gets what, and why. */
export interface PotAward {
  readonly index: number;
  readonly gross: number;
  readonly cagnotte: number;
  readonly net: number;
  readonly eligible: readonly Seat[];
  readonly shares: ReadonlyMap<Seat, number>;
  readonly explanation: string;
}

export const addShares = (into: Map<Seat, number>, from: ReadonlyMap<Seat, number>) => {
  for (const [s, a] of from) into.set(s, (into.get(s) ?? 0) + a);
};
