/**
 * A correct circle-poker croupier: plays one hand from `ctx.random` by the rulebook (forced bets, the deal
 * phase by phase with its burns, betting in turn within the structure, the draw, the showdown) and
 * settles it with the engine's own award, settlement and cagnotte. Players act at random but legally.
 */
import { deckCards, shuffle } from '../cards';
import { GameRules, PlayContext, PlayedFact, RoundEnv } from '../game';
import { applyRate, chipUnit, roundDownTo } from '../money';
import { Bet, isUndecided, isUnverifiable } from '../types';
import { fixedLimitBet, holdsPairOf, maxRaise } from './betting';
import { firstToActKind } from './course';
import { deckFor } from './dealing';
import { optionsOf } from './options';
import type { CircleRulebook } from './rulebook';
import { awardHand } from './showdown';
import { after, canAct, CircleState, CircleVariant, directionOrder, holeCards, inHand, seatKey, totalPot } from './state';

type Env = RoundEnv<CircleRulebook>;

interface Memory {
  lastMano?: number;
  blankHands?: number;
  carriedPot?: number;
  feesCharged?: boolean;
}

export function playHand(rules: GameRules<CircleState, CircleRulebook>, variant: CircleVariant, ctx: PlayContext<CircleRulebook>): PlayedFact[] {
  const env = ctx.env as Env;
  const o = optionsOf(env);
  const R = ctx.random;
  const memory = ctx.memory as Memory;
  const min = Number(env.ctx.limits.min);
  const unit = chipUnit(env.ctx);
  const maxSeats = Math.min(env.rulebook.maxPlayers.value ?? Infinity, variant.deckCapacity ?? Infinity);
  const seats = directionOrder(ctx.seats.slice(0, maxSeats), env);
  const out: PlayedFact[] = [];
  let st = rules.initialState({ ...env, ctx: { ...env.ctx, carried: { blankHands: memory.blankHands ?? 0, carriedPot: memory.carriedPot ?? 0 } } });
  let n = 0;
  const base = { sessionId: ctx.sessionId, roundId: ctx.roundId };
  const emit = (type: string, data: Record<string, unknown>, fold = true) => {
    const fact = { type, data: { ...base, ...data } };
    out.push(fact);
    if (fold) st = rules.evolve(st, { eventId: `${ctx.roundId}-p${n++}`, type, data: fact.data }, env);
  };

  const mano = memory.lastMano !== undefined && seats.length ? after(seats, memory.lastMano, env)[0] : seats[Math.floor(R() * seats.length)];
  const restos: Record<string, number> = {};
  for (const s of seats) restos[String(s)] = min * (R() < 0.25 ? 3 + Math.floor(R() * 6) : 20 + Math.floor(R() * 80));

  out.push({ type: 'ShoeStarted', data: { sessionId: ctx.sessionId, shoeId: `${ctx.roundId}-deck`, decks: 1 } });
  emit('RoundStarted', {});
  emit('HandOpened', { mano, seats, restos });
  const ring = [mano, ...after(seats, mano, env).filter((s) => s !== mano)];
  const forced = new Map<number, { kind: string; amount: number }>();
  if (o.forcedBets === 'blinds') {
    forced.set(ring[1], { kind: 'small-blind', amount: Math.floor(min * env.rulebook.smallBlindShare.value) });
    forced.set(ring[2 % ring.length], { kind: 'big-blind', amount: Math.floor(min * env.rulebook.bigBlindShare.value) });
  } else if (o.forcedBets === 'openings') {
    forced.set(ring[0], { kind: 'opening', amount: Math.floor(min * env.rulebook.bigBlindShare.value) });
    forced.set(ring[1], { kind: 'double-opening', amount: 2 * min });
  }
  const ante = o.ante ?? (env.rulebook.anteIsMinimum.value ? min : roundDownTo(min * env.rulebook.anteMaxShare.value, unit));
  const bets: Bet[] = [];
  for (const s of after(seats, mano, env)) {
    const f = o.forcedBets === 'ante' ? { kind: 'ante', amount: ante } : (forced.get(s) ?? { kind: 'seat', amount: 0 });
    const betId = `${ctx.roundId}-s${s}`;
    emit('BetPlaced', { betId, seat: s, betType: f.kind, amount: f.amount });
    bets.push({ betId, seat: s, betType: f.kind, amount: f.amount, eventId: betId, late: false });
  }
  emit('BetsClosed', {});
  if (o.cagnotteMode === 'session-fee' && !memory.feesCharged) {
    for (const s of seats) {
      const feeBase = o.sessionFeeBase === 'resto' ? restos[String(s)] : Number(env.ctx.limits.max);
      emit('SessionFeeCharged', { seat: s, base: feeBase, amount: applyRate(feeBase, Number(o.sessionFeeRate), unit) });
    }
    memory.feesCharged = true;
  }

  const deck = shuffle(deckCards(deckFor(env)), R);
  const phases = variant.phases(env);
  const raisesIn = new Map<number, number>();
  for (let guard = 0; !st.handOver; guard++) {
    if (guard > 5000) throw new Error(`${variant.game}: the croupier did not finish the hand`);
    if (st.interval && st.interval.turn !== null) {
      act(st.interval.turn);
      continue;
    }
    const phase = phases[st.phase];
    if (!phase) break;
    if (st.progress.burn < phase.burn) {
      emit('CardDealt', { card: deck.pop(), to: 'burn', faceUp: false });
      continue;
    }
    const live = after(st.order, mano, env).filter((s) => !st.seats[seatKey(s)].folded);
    if (phase.draw) {
      const declaring = live.find((s) => st.seats[seatKey(s)].owed === null);
      if (declaring !== undefined) {
        // the croupier never runs the stub out (the reuse of discards, euskadi L12040–12119, is not simulated)
        const owedSoFar = live.reduce((t, x) => t + Math.max(0, (st.seats[seatKey(x)].owed ?? 0) - (st.progress.seats[seatKey(x)] ?? 0)), 0);
        const room = Math.max(0, deck.length - owedSoFar);
        emit('PlayerDecision', {
          seat: declaring,
          decision: 'draw',
          discards: chooseDiscards(holeCards(st.seats[seatKey(declaring)]), Math.min(env.rulebook.maxDiscard.value, room), R),
        });
        continue;
      }
      const owed = live.find((s) => (st.progress.seats[seatKey(s)] ?? 0) < (st.seats[seatKey(s)].owed ?? 0));
      if (owed !== undefined) {
        emit('CardDealt', { card: deck.pop(), to: `seat:${owed}`, faceUp: false });
        continue;
      }
    } else {
      // one card at a time around the table, starting after the mano
      let next: number | undefined;
      for (let k = 0; k < phase.seat.length && next === undefined; k++) next = live.find((s) => (st.progress.seats[seatKey(s)] ?? 0) === k);
      if (next !== undefined) {
        const k = st.progress.seats[seatKey(next)] ?? 0;
        emit('CardDealt', { card: deck.pop(), to: `seat:${next}`, faceUp: phase.seat[k] === 'up' });
        continue;
      }
    }
    const b = [0, 1].slice(0, variant.boards).find((i) => (st.progress.board[i] ?? 0) < phase.board);
    if (b !== undefined) {
      emit('CardDealt', { card: deck.pop(), to: variant.boards === 2 ? `board:${b + 1}` : 'board', faceUp: true });
      continue;
    }
    throw new Error(`${variant.game}: phase ${st.phase} complete but no interval opened`);
  }

  function act(seat: number) {
    const iv = st.interval as NonNullable<CircleState['interval']>;
    const s = st.seats[seatKey(seat)];
    const remaining = (s.resto ?? Infinity) - s.contributed;
    const toCall = iv.toMatch - s.street;
    const raises = raisesIn.get(iv.index) ?? 0;
    const mustOpen =
      env.rulebook.openerMustOpen.value && iv.index === 0 && iv.toMatch === 0 && iv.aggressor === null && firstToActKind(env, 0) === 'lowest-showing';
    const openers = env.rulebook.openers.value;
    const mayOpen = !(openers && iv.index === 0 && iv.toMatch === 0) || holdsPairOf(holeCards(s), openers[Math.min(st.blankHands, openers.length - 1)]);
    const headsUp = inHand(st).length === 2 && env.rulebook.headsUpUncapped.value;
    const cap = env.rulebook.raiseCapPerPlayer.value;
    const mayRaise =
      mayOpen &&
      raises < 4 &&
      !(s.checked && !env.rulebook.checkRaise.value) &&
      !(cap !== null && !headsUp && iv.toMatch > 0 && s.raises >= cap) &&
      inHand(st).filter(canAct).length > 1;
    const r = R();
    const aggressive = () => {
      const minInc = o.structure === 'fixed' ? fixedLimitBet(variant, st, env) : Math.max(iv.lastIncrement, min);
      const limit = maxRaise(variant, st, s, env);
      const top = limit ? limit.amount : remaining - toCall;
      let inc = o.structure === 'fixed' ? minInc : roundDownTo(Math.min(top, minInc * (1 + Math.floor(R() * 3))), unit);
      if (inc < minInc && toCall + inc < remaining) return passive();
      if (toCall + inc >= remaining) return { decision: 'all-in', amount: remaining };
      inc = Math.max(inc, minInc);
      raisesIn.set(iv.index, raises + 1);
      return { decision: toCall > 0 ? 'raise' : mustOpen ? 'bring-in' : 'bet', amount: toCall + inc };
    };
    const passive = (): { decision: string; amount?: number } => {
      if (toCall <= 0) return { decision: 'check' };
      if (remaining <= toCall) return { decision: 'all-in', amount: remaining };
      return { decision: 'call', amount: toCall };
    };
    let choice: { decision: string; amount?: number };
    if (mustOpen) choice = aggressive();
    else if (toCall <= 0) choice = mayRaise && r < 0.4 ? aggressive() : passive();
    else if (r < 0.18) choice = { decision: 'fold' };
    else if (r < 0.82 || !mayRaise) choice = passive();
    else choice = aggressive();
    if (mustOpen && choice.decision === 'check') choice = remaining > 0 ? { decision: 'all-in', amount: remaining } : choice;
    emit('PlayerDecision', { seat, ...choice });
  }

  if (st.handOver !== 'blank') {
    const award = awardHand(st, variant, env);
    for (const pot of award.pots) {
      const winners = [...pot.shares.entries()].filter(([, a]) => a > 0).map(([s]) => s);
      emit('PotAwarded', { potIndex: pot.index, seats: winners, amount: pot.net });
    }
  }
  for (const bet of bets) {
    const verdict = rules.settle(st, { bet }, env);
    if (isUndecided(verdict) || isUnverifiable(verdict)) throw new Error(`${variant.game}: bet ${bet.betId} not decided: ${JSON.stringify(verdict)}`);
    emit('BetSettled', { betId: bet.betId, outcome: verdict.outcome, payout: verdict.payout });
  }
  const levy = rules.expectedCagnotte?.(st, env);
  if (levy && levy.amount > 0) emit('CagnotteDeducted', { base: levy.base, amount: levy.amount });
  memory.lastMano = mano;
  memory.blankHands = st.handOver === 'blank' ? (memory.blankHands ?? 0) + 1 : 0;
  memory.carriedPot = st.handOver === 'blank' ? totalPot(st) : 0;
  emit('RoundCompleted', {});
  return out;
}

/** Keep pairs and better, change some of the rest (never more than the rulebook allows). */
function chooseDiscards(cards: readonly string[], max: number, R: () => number): string[] {
  const ranks = cards.map((c) => c.slice(0, -1));
  const singles = cards.filter((_, i) => ranks.filter((r) => r === ranks[i]).length === 1);
  const k = Math.min(max, singles.length, Math.floor(R() * (Math.min(max, singles.length) + 1)));
  return shuffle(singles, R).slice(0, k);
}
