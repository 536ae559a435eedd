/**
 * The betting of a circle-poker hand: the forced bets (ante, blinds, openings, ciegas) judged against the table's
 * structure and limits and folded in, and each betting decision judged against the interval in progress (turn,
 * table stakes, check, call, the minimum raise, the pot, split or fixed limit, the raise cap, check-raise, the
 * openers) and folded in, passing the turn and closing the interval (`course.ts`). A draw decision is the
 * dealing's (`dealing.ts`).
 */
import { LimitCheck, optionCite } from '../game';
import { findingsOf } from '../findings';
import { bestOf, rankSymbol } from '../poker/evaluate';
import { amount as amountValue, phrase, term, type PhraseValue } from '../phrase';
import type { Bet, Fact, Finding, Refusal } from '../types';
import { closeInterval, firstToActKind, owedCards } from './course';
import { applyDraw, judgeDraw } from './dealing';
import type { HandChange } from './hand-change';
import { CircleEnv, optionsOf } from './options';
import {
  after,
  canAct,
  CircleState,
  CircleVariant,
  DECISIONS,
  FORCED_KINDS,
  ForcedKind,
  holeCards,
  inHand,
  Interval,
  LIVE,
  seatKey,
  SeatState,
  totalPot,
} from './state';

/** An amount in a finding's phrase (`amount` is a common local name here). */
const money = (minor: number): PhraseValue => amountValue(minor);

/** The forced-bet kinds the session's structure uses. */
export function allowedForced(env: CircleEnv): ForcedKind[] {
  switch (optionsOf(env).forcedBets) {
    case 'blinds':
      return ['small-blind', 'big-blind', 'seat'];
    case 'openings':
      return ['opening', 'double-opening', 'ciega', 'seat'];
    default:
      return ['ante'];
  }
}

/** A BetPlaced or PlayerDecision the game cannot read: an unknown kind of forced bet or decision, or chips that are not a whole amount. */
export function refuseBetting(fact: Fact): Refusal | null {
  const d = fact.data ?? {};
  if (fact.type === 'PlayerDecision' && !(DECISIONS as readonly string[]).includes(String(d.decision)))
    return { field: 'data.decision', reason: `circle-poker decisions are ${DECISIONS.join(', ')}` };
  if (fact.type === 'PlayerDecision' && d.amount !== undefined && !(typeof d.amount === 'number' && Number.isInteger(d.amount) && d.amount >= 0))
    return { field: 'data.amount', reason: 'chips put in: a non-negative integer in minor units' };
  if (fact.type === 'BetPlaced' && !(FORCED_KINDS as readonly string[]).includes(String(d.betType)))
    return { field: 'data.betType', reason: `a circle-poker seat enters the hand with ${FORCED_KINDS.join(', ')}` };
  return null;
}

/** A forced bet folded into the hand: the seat's chips in (a live bet counts toward the first interval), all-in if it takes the resto. */
export function applyForcedBet(change: HandChange, fact: Fact): void {
  const st = change.st;
  const d = fact.data ?? {};
  const seat = Number(d.seat);
  const s = change.seat(seatKey(seat));
  if (!s) return;
  const kind = String(d.betType) as ForcedKind;
  const amount = Number(d.amount ?? 0);
  s.betId = String(d.betId);
  s.contributed += amount;
  if (LIVE.has(kind)) s.street += amount;
  if (s.resto !== null && amount > 0 && s.contributed >= s.resto) s.allIn = true;
  if (kind !== 'seat') st.forced = [...st.forced, { seat, kind, amount }];
}

/** A forced bet against the table's structure: a kind the table uses, a seat dealt in, posted from the right seat (a ciega at least double the blind before). */
export function judgeForcedBet(variant: CircleVariant, bet: Bet, st: CircleState, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const out: Finding[] = [];
  const kind = bet.betType as ForcedKind;
  const seat = Number(bet.seat);
  if (!allowedForced(env).includes(kind))
    out.push(
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'forced-bets',
        citation: optionCite(env, 'forcedBets'),
        expected: allowedForced(env),
        recorded: kind,
        message: `${kind} is not a forced bet of this table (${optionsOf(env).forcedBets})`,
        messagePhrase: phrase('finding.circle.forcedBet', { kind: term('betType', kind), allowed: String(optionsOf(env).forcedBets) }),
        betId: bet.betId,
      }),
    );
  if (st.opened && !st.seats[seatKey(seat)])
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'seat-not-in-hand',
        citation: env.rulebook.source,
        expected: st.order,
        recorded: seat,
        message: `seat ${seat} posts a bet but was not dealt in`,
        messagePhrase: phrase('finding.circle.postNotIn', { seat }),
        betId: bet.betId,
      }),
    );
  if (st.mano !== null && ['small-blind', 'big-blind', 'opening', 'double-opening', 'ciega'].includes(kind)) {
    const ring = [st.mano, ...after(st.order, st.mano, env).filter((s) => s !== st.mano)];
    const lastForced = st.forced.filter((f) => LIVE.has(f.kind));
    const previous = lastForced.length ? lastForced[lastForced.length - 1].seat : null;
    const expectedSeat =
      kind === 'small-blind'
        ? ring[1]
        : kind === 'big-blind'
          ? ring[2 % ring.length]
          : kind === 'opening'
            ? ring[0]
            : kind === 'double-opening'
              ? ring[1]
              : previous === null
                ? null
                : after(st.order, previous, env)[0];
    if (expectedSeat !== null && expectedSeat !== seat)
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'forced-bet-position',
          citation: optionCite(env, 'forcedBets'),
          expected: `seat ${expectedSeat}`,
          recorded: `seat ${seat}`,
          message: `the ${kind} is posted by seat ${expectedSeat}, not seat ${seat}`,
          messagePhrase: phrase('finding.circle.forcedPosition', { kind: term('betType', kind), expected: expectedSeat, seat }),
          betId: bet.betId,
        }),
      );
    if (kind === 'ciega') {
      const prior = lastForced.length ? lastForced[lastForced.length - 1].amount : 0;
      if (bet.amount < 2 * prior)
        out.push(
          finding({
            code: 'BET_BELOW_MINIMUM',
            rule: 'ciega',
            citation: 'euskadi L12015–12034',
            expected: 2 * prior,
            recorded: bet.amount,
            message: `a ciega is at least double the previous blind (${2 * prior})`,
            messagePhrase: phrase('finding.circle.ciega', { min: money(2 * prior) }),
            betId: bet.betId,
          }),
        );
    }
  }
  return out;
}

/** The least and most a forced bet may be: the ante, blinds and openings as shares of the table minimum. */
export function forcedBetLimits(variant: CircleVariant, bet: Bet, env: CircleEnv): { min?: LimitCheck; max?: LimitCheck } {
  const rule = (r: string) => `${variant.game}/${r}`;
  const min = Number(env.ctx.limits.min);
  const lim = (amount: number, r: string, citation: string) => ({ amount, rule: rule(r), citation });
  switch (bet.betType as ForcedKind) {
    case 'ante': {
      const rb = env.rulebook;
      const fixed = optionsOf(env).ante;
      if (rb.anteIsMinimum.value) return { min: lim(min, 'ante', rb.anteIsMinimum.cite), max: lim(min, 'ante', rb.anteIsMinimum.cite) };
      const max = Math.floor(min * rb.anteMaxShare.value);
      if (fixed !== null && fixed !== undefined)
        return {
          min: lim(Number(fixed), 'ante', optionCite(env, 'ante')),
          max: lim(Math.min(Number(fixed), max), 'ante', `${optionCite(env, 'ante')}; ${rb.anteMaxShare.cite}`),
        };
      return { max: lim(max, 'ante-maximum', rb.anteMaxShare.cite) };
    }
    case 'small-blind': {
      const a = Math.floor(min * env.rulebook.smallBlindShare.value);
      return { min: lim(a, 'small-blind', env.rulebook.smallBlindShare.cite), max: lim(a, 'small-blind', env.rulebook.smallBlindShare.cite) };
    }
    case 'big-blind':
    case 'opening': {
      const a = Math.floor(min * env.rulebook.bigBlindShare.value);
      return { min: lim(a, bet.betType, env.rulebook.bigBlindShare.cite), max: lim(a, bet.betType, env.rulebook.bigBlindShare.cite) };
    }
    case 'double-opening':
      return { min: lim(2 * min, 'double-opening', 'euskadi L12015–12034'), max: lim(2 * min, 'double-opening', 'euskadi L12015–12034') };
    case 'ciega':
      return { max: lim(Number(env.ctx.limits.max), 'ciega', 'TableSessionOpened.limits (contract §3)') };
    case 'seat':
      return { max: lim(0, 'seat-entry', 'docs/games/circle-poker.md (a seat without a forced bet enters with 0)') };
    default:
      return {};
  }
}

/** A betting decision against the interval in progress (turn, table stakes, check, call, minimum and maximum raise, raise cap, check-raise, openers); a draw is the dealing's. */
export function judgeDecision(variant: CircleVariant, st: CircleState, fact: Fact, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data;
  const decision = String(d.decision);
  const seat = Number(d.seat);
  const s = st.seats[seatKey(seat)];
  const out: Finding[] = [];
  const bettingCite = env.rulebook.firstToAct.cite;
  if (!s)
    return [
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'seat-not-in-hand',
        citation: env.rulebook.source,
        expected: 'a seat dealt into the hand',
        recorded: seat,
        message: `seat ${seat} is not in this hand`,
        messagePhrase: phrase('finding.circle.notInHand', { seat }),
      }),
    ];
  if (decision === 'draw') return judgeDraw(variant, st, s, fact, env);
  if (st.handOver)
    return [
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'action-after-hand',
        citation: bettingCite,
        expected: 'no action once the hand is decided',
        recorded: decision,
        message: `seat ${seat} ${decision} after the hand was decided`,
        messagePhrase: phrase('finding.circle.afterHand', { seat, decision: term('decision', decision) }),
      }),
    ];
  const iv = st.interval;
  if (!iv) {
    // a phase whose cards were not all dealt: the missing card is the fault (once), not every decision after it
    const owed = owedCards(variant, st, env);
    if (owed && st.dealShort) return [];
    if (owed)
      return [
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'card-not-dealt',
          citation: env.rulebook.source,
          expected: owed.expected,
          recorded: owed.recorded,
          message: `seat ${seat} ${decision} before every card of phase ${st.phase + 1} was dealt: owed ${owed.expected}; dealt ${owed.recorded}`,
          messagePhrase: phrase('finding.circle.cardNotDealt', { seat, decision: term('decision', decision), phase: st.phase + 1 }),
        }),
      ];
    return [
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'action-before-deal',
        citation: bettingCite,
        expected: 'the cards of the phase before its interval',
        recorded: decision,
        message: `seat ${seat} ${decision} before the cards of this betting interval were dealt`,
        messagePhrase: phrase('finding.circle.beforeDeal', { seat, decision: term('decision', decision) }),
      }),
    ];
  }
  if (!canAct(s))
    return [
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'inactive-seat-acts',
        citation: bettingCite,
        expected: 'an active seat',
        recorded: decision,
        message: `seat ${seat} acts after folding or going all-in`,
        messagePhrase: phrase('finding.circle.inactiveActs', { seat }),
      }),
    ];
  if (iv.turn !== null && iv.turn !== seat)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'action-out-of-turn',
        citation: `${bettingCite}; index.md OQ-40 (${optionCite(env, 'direction')})`,
        expected: `seat ${iv.turn}`,
        recorded: `seat ${seat}`,
        message: `seat ${seat} acted out of turn: seat ${iv.turn} was to speak (the out-of-turn bet stands, euskadi L11852–11912)`,
        messagePhrase: phrase('finding.circle.outOfTurn', { seat, turn: String(iv.turn) }),
      }),
    );
  const amount = Math.max(0, Number(d.amount ?? 0));
  const remaining = s.resto === null ? Number.POSITIVE_INFINITY : s.resto - s.contributed;
  const toCall = iv.toMatch - s.street;
  const newStreet = s.street + amount;
  const allIn = decision === 'all-in' || amount >= remaining;
  const forcedOpener =
    env.rulebook.openerMustOpen.value && iv.index === 0 && iv.toMatch === 0 && iv.aggressor === null && firstToActKind(env, 0) === 'lowest-showing';
  if (amount > remaining)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'table-stakes',
        citation: env.rulebook.tableStakes.cite,
        expected: remaining,
        recorded: amount,
        message: `seat ${seat} puts in ${amount} with only ${remaining} left of its resto`,
        messagePhrase: phrase('finding.circle.tableStakes', { seat, put: money(amount), left: money(remaining) }),
      }),
    );
  if (decision === 'fold' || decision === 'check') {
    if (forcedOpener && iv.turn === seat)
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'bring-in',
          citation: env.rulebook.openerMustOpen.cite,
          expected: 'an opening bet',
          recorded: decision,
          message: `seat ${seat} shows the lowest up-card and must open; it may not ${decision}`,
          messagePhrase: phrase('finding.circle.bringIn', { seat, decision: term('decision', decision) }),
        }),
      );
    if (decision === 'check' && toCall > 0)
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'check-facing-bet',
          citation: bettingCite,
          expected: `call ${toCall}, raise or fold`,
          recorded: 'check',
          message: `seat ${seat} checks facing a bet of ${toCall}: checking is allowed only when nobody has bet`,
          messagePhrase: phrase('finding.circle.checkFacingBet', { seat, toCall: money(toCall) }),
        }),
      );
    return out;
  }
  if (decision === 'call' && !allIn && amount !== toCall)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'call-amount',
        citation: bettingCite,
        expected: toCall,
        recorded: amount,
        message: `a call must equal the bet: ${toCall}, not ${amount}`,
        messagePhrase: phrase('finding.circle.callAmount', { toCall: money(toCall), put: money(amount) }),
      }),
    );
  if (newStreet > iv.toMatch && decision !== 'call') {
    const increment = newStreet - iv.toMatch;
    const minimum = Math.max(iv.lastIncrement, Number(env.ctx.limits.min));
    const cap = maxRaise(variant, st, s, env);
    if (!allIn && optionsOf(env).structure === 'fixed' && increment !== fixedLimitBet(variant, st, env))
      out.push(
        finding({
          code: increment < fixedLimitBet(variant, st, env) ? 'BET_BELOW_MINIMUM' : 'BET_ABOVE_MAXIMUM',
          rule: 'fixed-limit',
          citation: optionCite(env, 'structure'),
          expected: fixedLimitBet(variant, st, env),
          recorded: increment,
          message: `a fixed-limit bet or raise is ${fixedLimitBet(variant, st, env)} in this interval, not ${increment}`,
          messagePhrase: phrase('finding.circle.fixedLimit', { due: money(fixedLimitBet(variant, st, env)), increment: money(increment) }),
          betId: s.betId,
        }),
      );
    else if (!allIn && increment < minimum)
      out.push(
        finding({
          code: 'BET_BELOW_MINIMUM',
          rule: 'minimum-raise',
          citation: `${bettingCite}; INDUSTRY-STANDARD (a raise at least the previous bet or raise)`,
          expected: minimum,
          recorded: increment,
          message: `seat ${seat} ${iv.toMatch ? 'raises' : 'bets'} by ${increment}, below the minimum of ${minimum}`,
          messagePhrase: phrase('finding.circle.minimumRaise', {
            seat,
            raises: iv.toMatch ? 'yes' : 'no',
            increment: money(increment),
            minimum: money(minimum),
          }),
          betId: s.betId,
        }),
      );
    if (cap && optionsOf(env).structure !== 'fixed' && increment > cap.amount)
      out.push(
        finding({
          code: 'BET_ABOVE_MAXIMUM',
          rule: cap.name,
          citation: cap.cite,
          expected: cap.amount,
          recorded: increment,
          message: `${cap.name}: seat ${seat} may raise by at most ${cap.amount}, not ${increment}`,
          messagePhrase: phrase('finding.circle.raiseCap', { cap: cap.name, seat, max: money(cap.amount), increment: money(increment) }),
          betId: s.betId,
        }),
      );
    const limit = env.rulebook.raiseCapPerPlayer.value;
    const headsUp = inHand(st).length === 2 && env.rulebook.headsUpUncapped.value;
    if (limit !== null && !headsUp && iv.toMatch > 0 && s.raises >= limit)
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'raise-cap',
          citation: env.rulebook.raiseCapPerPlayer.cite,
          expected: limit,
          recorded: s.raises + 1,
          message: `seat ${seat} raises ${s.raises + 1} times in one interval; at most ${limit}`,
          messagePhrase: phrase('finding.circle.raises', { seat, raises: s.raises + 1, limit }),
        }),
      );
    if (s.checked && !env.rulebook.checkRaise.value)
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'check-raise',
          citation: env.rulebook.checkRaise.cite,
          expected: `call exactly ${toCall}`,
          recorded: `raise by ${increment}`,
          message: `seat ${seat} checked ("se reservó") and must now call exactly; it may not raise`,
          messagePhrase: phrase('finding.circle.checkRaise', { seat }),
        }),
      );
    const openers = env.rulebook.openers.value;
    if (openers && iv.index === 0 && iv.toMatch === 0) {
      const needed = openers[Math.min(st.blankHands, openers.length - 1)];
      if (!holdsPairOf(holeCards(s), needed))
        out.push(
          finding({
            code: 'SEQUENCE_VIOLATION',
            rule: 'openers',
            citation: env.rulebook.openers.cite,
            expected: `a pair of ${rankName(needed)} or better`,
            recorded: holeCards(s),
            message: `seat ${seat} opens without a pair of ${rankName(needed)} or better (false openers)`,
            messagePhrase: phrase('finding.circle.falseOpeners', { seat, rank: rankSymbol(needed) }),
          }),
        );
    }
  } else if ((decision === 'raise' || decision === 'bet' || decision === 'bring-in') && !allIn && newStreet <= iv.toMatch) {
    out.push(
      finding({
        code: 'BET_BELOW_MINIMUM',
        rule: 'minimum-raise',
        citation: bettingCite,
        expected: iv.toMatch - s.street + Math.max(iv.lastIncrement, Number(env.ctx.limits.min)),
        recorded: amount,
        message: `seat ${seat} announces a ${decision} of ${amount}, which does not exceed the bet to call`,
        messagePhrase: phrase('finding.circle.notAboveCall', { seat, decision: term('decision', decision), put: money(amount) }),
        betId: s.betId,
      }),
    );
  }
  return out;
}

/** A decision folded into the hand: chips in, fold or all-in, a raise reopening the betting, then the next seat to speak or the interval closed. */
export function applyDecision(variant: CircleVariant, change: HandChange, fact: Fact, env: CircleEnv): void {
  const st = change.st;
  const d = fact.data;
  const seat = Number(d.seat);
  const s = change.seat(seatKey(seat));
  if (!s) return;
  const decision = String(d.decision);
  if (decision !== 'draw' && !st.interval && owedCards(variant, st, env)) st.dealShort = true;
  if (decision === 'draw') return applyDraw(variant, change, s, fact, env);
  if (decision === 'fold') s.folded = true;
  const amount = Math.max(0, Number(d.amount ?? 0));
  s.contributed += amount;
  s.street += amount;
  if (decision === 'all-in' || (s.resto !== null && s.contributed >= s.resto)) s.allIn = !s.folded && (decision === 'all-in' || amount > 0 || s.resto === 0);
  if (decision === 'check') s.checked = true;
  const iv = st.interval;
  if (!iv || st.handOver) {
    if (inHand(st).length <= 1 && st.opened) {
      st.handOver = 'folds';
      st.interval = null;
    }
    return;
  }
  s.acted = true;
  if (s.street > iv.toMatch) {
    const increment = s.street - iv.toMatch;
    const w = change.interval() as Interval;
    if (w.toMatch > 0) s.raises += 1;
    if (increment >= w.lastIncrement) w.lastIncrement = increment;
    w.toMatch = s.street;
    w.aggressor = seat;
    if (w.opener === null) w.opener = seat;
    // the others speak again (a seat that has not acted yet stays shared)
    for (const k of Object.keys(st.seats)) {
      const o = st.seats[k];
      if (o.seat !== seat && canAct(o) && o.acted) (change.seat(k) as SeatState).acted = false;
    }
  }
  nextTurn(variant, change, env, seat);
}

/** The next seat that still has to speak after `from`; none: the interval closes. One seat left: the hand is won by folds. */
function nextTurn(variant: CircleVariant, change: HandChange, env: CircleEnv, from: number): void {
  const st = change.st;
  const iv = st.interval;
  if (!iv) return;
  const hand = inHand(st);
  if (hand.length <= 1) {
    st.handOver = 'folds';
    st.interval = null;
    return;
  }
  const pending = (s: SeatState) => canAct(s) && (!s.acted || s.street < iv.toMatch);
  const actors = hand.filter(canAct);
  const next = after(st.order, from, env).find((s) => pending(st.seats[seatKey(s)]));
  if (next === undefined || (actors.length === 1 && actors[0].street >= iv.toMatch && actors[0].acted)) {
    closeInterval(variant, change, env);
    return;
  }
  (change.interval() as Interval).turn = next;
}

/** The largest raise increment the betting structure allows (null: no limit). */
export function maxRaise(variant: CircleVariant, st: CircleState, s: SeatState, env: CircleEnv): { amount: number; name: string; cite: string } | null {
  const iv = st.interval;
  if (!iv) return null;
  const structure = optionsOf(env).structure;
  const potAfterCall = totalPot(st) + (iv.toMatch - s.street);
  const cite = optionCite(env, 'structure');
  if (structure === 'pot-limit') return { amount: potAfterCall, name: 'pot-limit', cite };
  if (structure === 'split-limit') return { amount: Math.floor(potAfterCall / 2), name: 'split-limit', cite };
  if (structure === 'fixed') return { amount: fixedLimitBet(variant, st, env), name: 'fixed-limit', cite };
  return null;
}

/** Fixed limit: the small bet (table minimum) in the first half of the intervals, twice that after (INDUSTRY-STANDARD). */
export function fixedLimitBet(variant: CircleVariant, st: CircleState, env: CircleEnv): number {
  const min = Number(env.ctx.limits.min);
  return (st.interval?.index ?? 0) < Math.ceil(variant.phases(env).length / 2) ? min : 2 * min;
}

/** The openers' rank in the words of a finding. */
const RANK_NAMES: Record<number, string> = { 11: 'jacks', 12: 'queens', 13: 'kings', 14: 'aces' };
const rankName = (v: number) => RANK_NAMES[v] ?? `${v}s`;

/** Cantabria draw openers: whether five cards hold a pair of `rank` or better. */
export function holdsPairOf(cards: readonly string[], rank: number): boolean {
  if (cards.length < 5) return false;
  // a pair of the rank or better: that pair or higher, or any better category (INDUSTRY-STANDARD)
  const v = bestOf(cards, 5);
  if (v.category === 'high-card') return false;
  return v.category !== 'pair' || v.ranks[0] >= rank;
}
