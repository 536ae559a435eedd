/**
 * The course of a circle-poker hand, phase by phase: the cards a phase owes (burn, each seat's share or its
 * draw, the board), then its betting interval. A phase completely dealt opens its interval, a closed interval
 * lets the next phase be dealt, and after the last interval the hand goes to the showdown. Both the dealing and
 * the betting move the hand on through here, so neither needs the other.
 */
import type { HandChange } from './hand-change';
import type { CircleEnv } from './options';
import { canAct, CirclePhase, CircleState, CircleVariant, firstToAct, inHand, LIVE, seatKey, SeatState } from './state';

// the phases are a function of the env, asked several times per card: built once per variant and env
const phasesByVariant = new WeakMap<CircleVariant, WeakMap<CircleEnv, readonly CirclePhase[]>>();

/** The variant's phases for this round's env. */
export function phasesOf(variant: CircleVariant, env: CircleEnv): readonly CirclePhase[] {
  let byEnv = phasesByVariant.get(variant);
  if (!byEnv) phasesByVariant.set(variant, (byEnv = new WeakMap()));
  let phases = byEnv.get(env);
  if (!phases) byEnv.set(env, (phases = variant.phases(env)));
  return phases;
}

/** The cards a seat in the hand is due in a phase: its share, or after a draw as many as it discarded (-1: not declared yet). */
export const seatDue = (phase: CirclePhase, s: SeatState) => (phase.draw ? (s.owed ?? -1) : phase.seat.length);

/** Whether the current phase has every card it owes (asked after every card: reads the state without building a list). */
export function phaseComplete(variant: CircleVariant, st: CircleState, env: CircleEnv): boolean {
  const phase = phasesOf(variant, env)[st.phase];
  if (!phase) return false;
  const p = st.progress;
  if (p.burn < phase.burn) return false;
  for (const seat of st.order) {
    const s = st.seats[seatKey(seat)];
    if (!s || s.folded) continue;
    const due = seatDue(phase, s);
    if (due < 0 || (p.seats[seatKey(s.seat)] ?? 0) < due) return false;
  }
  for (let b = 0; b < variant.boards; b++) if ((p.board[b] ?? 0) < phase.board) return false;
  return true;
}

/** The cards the current phase still owes (burn, seats, board), described for a finding; null when none. */
export function owedCards(variant: CircleVariant, st: CircleState, env: CircleEnv): { expected: string; recorded: string } | null {
  const phase = phasesOf(variant, env)[st.phase];
  if (!phase || st.handOver) return null;
  const owed: string[] = [];
  const dealt: string[] = [];
  if (st.progress.burn < phase.burn) {
    owed.push(`${phase.burn} burn card(s)`);
    dealt.push(`${st.progress.burn} burned`);
  }
  // seat by seat in the order of their numbers (a record's integer keys), as the finding has always listed them
  const seatNeed: Record<string, number> = {};
  for (const s of inHand(st)) seatNeed[seatKey(s.seat)] = seatDue(phase, s);
  for (const [k, need] of Object.entries(seatNeed)) {
    const got = st.progress.seats[k] ?? 0;
    if (need >= 0 && got < need) {
      owed.push(`${need} card(s) to seat ${k}`);
      dealt.push(`${got} to seat ${k}`);
    }
  }
  for (let b = 0; b < variant.boards; b++) {
    const got = st.progress.board[b] ?? 0;
    if (got < phase.board) {
      owed.push(`${phase.board} board card(s)${variant.boards > 1 ? ` on board ${b + 1}` : ''}`);
      dealt.push(`${got} on the board`);
    }
  }
  return owed.length ? { expected: owed.join(', '), recorded: dealt.join(', ') } : null;
}

/** Who speaks first in interval `index` by the rulebook (its last entry repeats). */
export function firstToActKind(env: CircleEnv, index: number) {
  const kinds = env.rulebook.firstToAct.value;
  return kinds[Math.min(index, kinds.length - 1)];
}

/** The interval of the phase just dealt opens: the street resets (not in the first), and nobody has spoken yet. */
function openInterval(change: HandChange, env: CircleEnv) {
  const st = change.st;
  const index = st.phase - 1;
  const first = index === 0;
  for (const k of Object.keys(st.seats)) {
    const s = st.seats[k];
    if ((first || s.street === 0) && !s.acted && !s.checked && s.raises === 0) continue; // nothing to reset: stays shared
    const w = change.seat(k) as SeatState;
    if (!first) w.street = 0;
    w.acted = false;
    w.checked = false;
    w.raises = 0;
  }
  let toMatch = 0;
  for (const k of Object.keys(st.seats)) toMatch = Math.max(toMatch, st.seats[k].street);
  const actors = inHand(st).filter(canAct);
  const behind = actors.some((s) => s.street < toMatch);
  if (actors.length < 2 && !behind) {
    st.interval = null;
    st.intervalsDone += 1;
    return;
  }
  // live forced bets (blinds, openings, ciegas): the first interval starts after the last of them (cantabria L6302–6323, euskadi L12015–12034)
  const kind = index === 0 && st.forced.some((f) => LIVE.has(f.kind)) ? 'after-forced' : firstToActKind(env, index);
  // built whole: firstToAct does not read the interval
  st.interval = { index, toMatch, lastIncrement: Number(env.ctx.limits.min), turn: firstToAct(st, kind, env), aggressor: null, opener: null };
}

/** After a phase is dealt: its interval opens; after the last interval (or when nobody can bet) the hand ends. */
export function advance(variant: CircleVariant, change: HandChange, env: CircleEnv) {
  const st = change.st;
  const total = phasesOf(variant, env).length;
  while (!st.handOver && !st.interval && st.phase < total && phaseComplete(variant, st, env)) {
    st.phase += 1;
    st.progress = { burn: 0, seats: {}, board: [0, 0] };
    openInterval(change, env);
  }
  if (!st.handOver && !st.interval && st.phase >= total && st.intervalsDone >= total) st.handOver = 'showdown';
}

/** The interval in progress closes: its aggressor and opener are remembered, and the next phase may be dealt. */
export function closeInterval(variant: CircleVariant, change: HandChange, env: CircleEnv) {
  const st = change.st;
  const iv = st.interval;
  if (!iv) return;
  if (iv.index === 0 && env.rulebook.openers.value && iv.toMatch === 0) {
    // nobody opened: "mano en blanco", the pot passes to the next deal (cantabria L5963–5998)
    st.handOver = 'blank';
  }
  st.lastAggressor = iv.aggressor;
  if (iv.index === 0) st.opener = iv.opener;
  st.interval = null;
  st.intervalsDone += 1;
  advance(variant, change, env);
}
