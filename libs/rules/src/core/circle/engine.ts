/**
 * The one circle-poker engine: every variant (draw, Omaha, hi-lo, Hold'em, double board, studs,
 * sintético) is this decider configured by a `CircleVariant` and a per-jurisdiction `CircleRulebook`.
 * It folds the hand's facts (forced bets, cards, betting decisions, draws), judges the betting (turn,
 * minimum raise, pot/split limit, check-raise, raise cap, openers), the dealing (cards per phase, burns,
 * cards after the hand is won) and the pot awards, and plays a correct hand as a croupier.
 */
import { DECK_28, DECK_32, DECK_52, DeckSpec, parseCard, copiesPerDeck } from '../cards';
import { FactTypeSpec, GameRules, optionCite, RoundEnv } from '../game';
import { applyRate } from '../money';
import { findingsOf, undecided } from '../findings';
import { bestOf, rankSymbol } from '../poker/evaluate';
import { Bet, ExpectedLevy, Fact, Finding, Refusal, SettlementQuery, SettlementVerdict } from '../types';
import { judgeCircleOpening } from './opening';
import { CircleOptions, CircleRulebook } from './rulebook';
import { awardHand, HandAward, shareAward, showdownCite } from './showdown';
import { amount, phrase, term, type Phrase, type PhraseValue } from '../phrase';
import {
  after,
  canAct,
  CirclePhase,
  CircleState,
  CircleVariant,
  DECISIONS,
  directionOrder,
  emptyState,
  firstToAct,
  FORCED_KINDS,
  ForcedKind,
  holeCards,
  inHand,
  Interval,
  LIVE,
  PhaseProgress,
  seatKey,
  SeatState,
  totalPot,
} from './state';

export const CIRCLE_FACTS: Readonly<Record<string, FactTypeSpec>> = {
  HandOpened: {
    description: 'the seats dealt into the hand, the mano (button) and each seat\'s resto (stack) at the start of the hand',
    required: ['roundId', 'mano', 'seats'],
    roundScoped: true,
  },
  PotAwarded: {
    description: 'a pot (0 = main, then side pots) paid after the cagnotte: its net amount and the seats sharing it',
    required: ['roundId', 'potIndex', 'seats', 'amount'],
    roundScoped: true,
  },
  SessionFeeCharged: {
    description: 'house benefit by session fee (cagnotteMode "session-fee"): a seat pays rate × base for the session (index.md OQ-10)',
    required: ['roundId', 'seat', 'base', 'amount'],
    roundScoped: true,
  },
};

type Env = RoundEnv<CircleRulebook>;
const opts = (env: Env) => env.options as unknown as CircleOptions;

export function deckFor(env: Env): DeckSpec {
  const n = Number(env.options.deckSize ?? 52);
  return n === 28 ? DECK_28 : n === 32 ? DECK_32 : DECK_52;
}

/**
 * One fact folded into a hand, copy on write. `st` starts as a shallow copy of the state before; a seat
 * (with the seats record), the interval and the phase progress are copied the first time the fact
 * changes them, and lists (cards, discards, burns, boards, forced bets, fees) and the dealt tally are
 * replaced, never pushed to. Whatever the fact leaves alone stays shared with the state before, which is
 * never written: evolve is pure and replay keeps every state. A seat or interval read before it is
 * changed is the old object: read it again through `st` after changing it.
 */
class HandChange {
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

/** The forced-bet kinds the session's structure uses. */
function allowedForced(env: Env): ForcedKind[] {
  switch (opts(env).forcedBets) {
    case 'blinds':
      return ['small-blind', 'big-blind', 'seat'];
    case 'openings':
      return ['opening', 'double-opening', 'ciega', 'seat'];
    default:
      return ['ante'];
  }
}

export interface CircleHooks {
  /** extra facts of the round judged by the variant (none so far) */
  readonly name?: string;
}

export function circleGame(variant: CircleVariant, rulebooks: Partial<Record<string, CircleRulebook>>): GameRules<CircleState, CircleRulebook> {
  const G = variant.game;
  const rule = (r: string) => `${G}/${r}`;
  const { finding } = findingsOf(G);
  // the phases are a function of the env, asked several times per card: built once per env
  const phasesByEnv = new WeakMap<Env, readonly CirclePhase[]>();
  const phasesOf = (env: Env) => {
    let phases = phasesByEnv.get(env);
    if (!phases) phasesByEnv.set(env, (phases = variant.phases(env)));
    return phases;
  };

  // ---------- dealing ----------
  /** The cards a seat in the hand is due in a phase: its share, or after a draw as many as it discarded (-1: not declared yet). */
  const seatDue = (phase: CirclePhase, s: SeatState) => (phase.draw ? (s.owed ?? -1) : phase.seat.length);

  const needs = (st: CircleState, env: Env) => {
    const phase = phasesOf(env)[st.phase];
    if (!phase) return null;
    const seatNeed: Record<string, number> = {};
    for (const s of inHand(st)) seatNeed[seatKey(s.seat)] = seatDue(phase, s);
    return { phase, burn: phase.burn, seatNeed, board: phase.board };
  };

  // asked after every card: reads the state without building `needs`
  const phaseComplete = (st: CircleState, env: Env): boolean => {
    const phase = phasesOf(env)[st.phase];
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
  };

  /** The cards the current phase still owes (burn, seats, board), described for a finding; null when none. */
  const owedCards = (st: CircleState, env: Env): { expected: string; recorded: string } | null => {
    const n = needs(st, env);
    if (!n || st.handOver) return null;
    const owed: string[] = [];
    const dealt: string[] = [];
    if (st.progress.burn < n.burn) {
      owed.push(`${n.burn} burn card(s)`);
      dealt.push(`${st.progress.burn} burned`);
    }
    for (const [k, need] of Object.entries(n.seatNeed)) {
      const got = st.progress.seats[k] ?? 0;
      if (need >= 0 && got < need) {
        owed.push(`${need} card(s) to seat ${k}`);
        dealt.push(`${got} to seat ${k}`);
      }
    }
    for (let b = 0; b < variant.boards; b++) {
      const got = st.progress.board[b] ?? 0;
      if (got < n.board) {
        owed.push(`${n.board} board card(s)${variant.boards > 1 ? ` on board ${b + 1}` : ''}`);
        dealt.push(`${got} on the board`);
      }
    }
    return owed.length ? { expected: owed.join(', '), recorded: dealt.join(', ') } : null;
  };

  const openInterval = (change: HandChange, env: Env) => {
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
  };

  /** After a phase is dealt: its interval opens; after the last interval (or when nobody can bet) the hand ends. */
  const advance = (change: HandChange, env: Env) => {
    const st = change.st;
    const total = phasesOf(env).length;
    while (!st.handOver && !st.interval && st.phase < total && phaseComplete(st, env)) {
      st.phase += 1;
      st.progress = { burn: 0, seats: {}, board: [0, 0] };
      openInterval(change, env);
    }
    if (!st.handOver && !st.interval && st.phase >= total && st.intervalsDone >= total) st.handOver = 'showdown';
  };

  const closeInterval = (change: HandChange, env: Env) => {
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
    advance(change, env);
  };

  const nextTurn = (change: HandChange, env: Env, from: number) => {
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
      closeInterval(change, env);
      return;
    }
    (change.interval() as Interval).turn = next;
  };

  // ---------- judging helpers ----------

  const maxIncrement = (st: CircleState, s: SeatState, env: Env) => maxRaise(variant, st, s, env);
  const fixedBet = (st: CircleState, env: Env) => fixedLimitBet(variant, st, env);

  const judgeDecision = (st: CircleState, fact: Fact, env: Env): Finding[] => {
    const d = fact.data;
    const decision = String(d.decision);
    const seat = Number(d.seat);
    const s = st.seats[seatKey(seat)];
    const out: Finding[] = [];
    const bettingCite = env.rulebook.firstToAct.cite;
    if (!s) return [finding({ code: 'SEQUENCE_VIOLATION', rule: 'seat-not-in-hand', citation: env.rulebook.source, expected: 'a seat dealt into the hand', recorded: seat, message: `seat ${seat} is not in this hand`, messagePhrase: phrase('finding.circle.notInHand', { seat }) })];
    if (decision === 'draw') {
      const phase = phasesOf(env)[st.phase];
      const discards: string[] = Array.isArray(d.discards) ? d.discards.map(String) : [];
      if (!phase?.draw || st.interval || st.handOver) out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'draw-out-of-phase', citation: env.rulebook.maxDiscard.cite, expected: 'a draw after the first interval', recorded: decision, message: `seat ${seat} draws outside the draw`, messagePhrase: phrase('finding.circle.drawOutOfPhase', { seat }) }));
      if (discards.length > env.rulebook.maxDiscard.value)
        out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'maximum-discard', citation: env.rulebook.maxDiscard.cite, expected: env.rulebook.maxDiscard.value, recorded: discards.length, message: `seat ${seat} changes ${discards.length} cards; at most ${env.rulebook.maxDiscard.value} may be changed`, messagePhrase: phrase('finding.circle.maxDiscard', { seat, count: discards.length, max: env.rulebook.maxDiscard.value }) }));
      const held = holeCards(s);
      const foreign = discards.filter((c) => !held.includes(String(parseCard(c)?.code)));
      if (foreign.length) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'discard-not-held', citation: env.rulebook.maxDiscard.cite, expected: held, recorded: foreign, message: `seat ${seat} discards ${foreign.join(', ')}, which it does not hold`, messagePhrase: phrase('finding.circle.discardNotHeld', { seat, cards: foreign.join(', ') }) }));
      return out;
    }
    if (st.handOver) return [finding({ code: 'SEQUENCE_VIOLATION', rule: 'action-after-hand', citation: bettingCite, expected: 'no action once the hand is decided', recorded: decision, message: `seat ${seat} ${decision} after the hand was decided`, messagePhrase: phrase('finding.circle.afterHand', { seat, decision: term('decision', decision) }) })];
    const iv = st.interval;
    if (!iv) {
      // a phase whose cards were not all dealt: the missing card is the fault (once), not every decision after it
      const owed = owedCards(st, env);
      if (owed && st.dealShort) return [];
      if (owed)
        return [finding({ code: 'DRAW_RULE_VIOLATION', rule: 'card-not-dealt', citation: env.rulebook.source, expected: owed.expected, recorded: owed.recorded, message: `seat ${seat} ${decision} before every card of phase ${st.phase + 1} was dealt: owed ${owed.expected}; dealt ${owed.recorded}`, messagePhrase: phrase('finding.circle.cardNotDealt', { seat, decision: term('decision', decision), phase: st.phase + 1 }) })];
      return [finding({ code: 'SEQUENCE_VIOLATION', rule: 'action-before-deal', citation: bettingCite, expected: 'the cards of the phase before its interval', recorded: decision, message: `seat ${seat} ${decision} before the cards of this betting interval were dealt`, messagePhrase: phrase('finding.circle.beforeDeal', { seat, decision: term('decision', decision) }) })];
    }
    if (!canAct(s)) return [finding({ code: 'SEQUENCE_VIOLATION', rule: 'inactive-seat-acts', citation: bettingCite, expected: 'an active seat', recorded: decision, message: `seat ${seat} acts after folding or going all-in`, messagePhrase: phrase('finding.circle.inactiveActs', { seat }) })];
    if (iv.turn !== null && iv.turn !== seat)
      out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'action-out-of-turn', citation: `${bettingCite}; index.md OQ-40 (${optionCite(env, 'direction')})`, expected: `seat ${iv.turn}`, recorded: `seat ${seat}`, message: `seat ${seat} acted out of turn: seat ${iv.turn} was to speak (the out-of-turn bet stands, euskadi L11852–11912)`, messagePhrase: phrase('finding.circle.outOfTurn', { seat, turn: String(iv.turn) }) }));
    const amount = Math.max(0, Number(d.amount ?? 0));
    const remaining = s.resto === null ? Number.POSITIVE_INFINITY : s.resto - s.contributed;
    const toCall = iv.toMatch - s.street;
    const newStreet = s.street + amount;
    const allIn = decision === 'all-in' || amount >= remaining;
    const forcedOpener = env.rulebook.openerMustOpen.value && iv.index === 0 && iv.toMatch === 0 && iv.aggressor === null && firstToActKind(env, 0) === 'lowest-showing';
    if (amount > remaining)
      out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'table-stakes', citation: env.rulebook.tableStakes.cite, expected: remaining, recorded: amount, message: `seat ${seat} puts in ${amount} with only ${remaining} left of its resto`, messagePhrase: phrase('finding.circle.tableStakes', { seat, put: money(amount), left: money(remaining) }) }));
    if (decision === 'fold' || decision === 'check') {
      if (forcedOpener && iv.turn === seat)
        out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'bring-in', citation: env.rulebook.openerMustOpen.cite, expected: 'an opening bet', recorded: decision, message: `seat ${seat} shows the lowest up-card and must open; it may not ${decision}`, messagePhrase: phrase('finding.circle.bringIn', { seat, decision: term('decision', decision) }) }));
      if (decision === 'check' && toCall > 0)
        out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'check-facing-bet', citation: bettingCite, expected: `call ${toCall}, raise or fold`, recorded: 'check', message: `seat ${seat} checks facing a bet of ${toCall}: checking is allowed only when nobody has bet`, messagePhrase: phrase('finding.circle.checkFacingBet', { seat, toCall: money(toCall) }) }));
      return out;
    }
    if (decision === 'call' && !allIn && amount !== toCall)
      out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'call-amount', citation: bettingCite, expected: toCall, recorded: amount, message: `a call must equal the bet: ${toCall}, not ${amount}`, messagePhrase: phrase('finding.circle.callAmount', { toCall: money(toCall), put: money(amount) }) }));
    if (newStreet > iv.toMatch && decision !== 'call') {
      const increment = newStreet - iv.toMatch;
      const minimum = Math.max(iv.lastIncrement, Number(env.ctx.limits.min));
      const cap = maxIncrement(st, s, env);
      if (!allIn && opts(env).structure === 'fixed' && increment !== fixedBet(st, env))
        out.push(finding({ code: increment < fixedBet(st, env) ? 'BET_BELOW_MINIMUM' : 'BET_ABOVE_MAXIMUM', rule: 'fixed-limit', citation: optionCite(env, 'structure'), expected: fixedBet(st, env), recorded: increment, message: `a fixed-limit bet or raise is ${fixedBet(st, env)} in this interval, not ${increment}`, messagePhrase: phrase('finding.circle.fixedLimit', { due: money(fixedBet(st, env)), increment: money(increment) }), betId: s.betId }));
      else if (!allIn && increment < minimum)
        out.push(finding({ code: 'BET_BELOW_MINIMUM', rule: 'minimum-raise', citation: `${bettingCite}; INDUSTRY-STANDARD (a raise at least the previous bet or raise)`, expected: minimum, recorded: increment, message: `seat ${seat} ${iv.toMatch ? 'raises' : 'bets'} by ${increment}, below the minimum of ${minimum}`, messagePhrase: phrase('finding.circle.minimumRaise', { seat, raises: iv.toMatch ? 'yes' : 'no', increment: money(increment), minimum: money(minimum) }), betId: s.betId }));
      if (cap && opts(env).structure !== 'fixed' && increment > cap.amount)
        out.push(finding({ code: 'BET_ABOVE_MAXIMUM', rule: cap.name, citation: cap.cite, expected: cap.amount, recorded: increment, message: `${cap.name}: seat ${seat} may raise by at most ${cap.amount}, not ${increment}`, messagePhrase: phrase('finding.circle.raiseCap', { cap: cap.name, seat, max: money(cap.amount), increment: money(increment) }), betId: s.betId }));
      const limit = env.rulebook.raiseCapPerPlayer.value;
      const headsUp = inHand(st).length === 2 && env.rulebook.headsUpUncapped.value;
      if (limit !== null && !headsUp && iv.toMatch > 0 && s.raises >= limit)
        out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'raise-cap', citation: env.rulebook.raiseCapPerPlayer.cite, expected: limit, recorded: s.raises + 1, message: `seat ${seat} raises ${s.raises + 1} times in one interval; at most ${limit}`, messagePhrase: phrase('finding.circle.raises', { seat, raises: s.raises + 1, limit }) }));
      if (s.checked && !env.rulebook.checkRaise.value)
        out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'check-raise', citation: env.rulebook.checkRaise.cite, expected: `call exactly ${toCall}`, recorded: `raise by ${increment}`, message: `seat ${seat} checked ("se reservó") and must now call exactly; it may not raise`, messagePhrase: phrase('finding.circle.checkRaise', { seat }) }));
      const openers = env.rulebook.openers.value;
      if (openers && iv.index === 0 && iv.toMatch === 0) {
        const needed = openers[Math.min(st.blankHands, openers.length - 1)];
        if (!holdsPairOf(holeCards(s), needed))
          out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'openers', citation: env.rulebook.openers.cite, expected: `a pair of ${rankName(needed)} or better`, recorded: holeCards(s), message: `seat ${seat} opens without a pair of ${rankName(needed)} or better (false openers)`, messagePhrase: phrase('finding.circle.falseOpeners', { seat, rank: rankSymbol(needed) }) }));
      }
    } else if ((decision === 'raise' || decision === 'bet' || decision === 'bring-in') && !allIn && newStreet <= iv.toMatch) {
      out.push(finding({ code: 'BET_BELOW_MINIMUM', rule: 'minimum-raise', citation: bettingCite, expected: iv.toMatch - s.street + Math.max(iv.lastIncrement, Number(env.ctx.limits.min)), recorded: amount, message: `seat ${seat} announces a ${decision} of ${amount}, which does not exceed the bet to call`, messagePhrase: phrase('finding.circle.notAboveCall', { seat, decision: term('decision', decision), put: money(amount) }), betId: s.betId }));
    }
    return out;
  };

  const applyDecision = (change: HandChange, fact: Fact, env: Env) => {
    const st = change.st;
    const d = fact.data;
    const seat = Number(d.seat);
    const s = change.seat(seatKey(seat));
    if (!s) return;
    const decision = String(d.decision);
    if (decision !== 'draw' && !st.interval && owedCards(st, env)) st.dealShort = true;
    if (decision === 'draw') {
      const discards: string[] = Array.isArray(d.discards) ? d.discards.map((c: unknown) => String(parseCard(String(c))?.code ?? c)) : [];
      const held = holeCards(s);
      s.discards = [...s.discards, ...discards.filter((c) => held.includes(c))];
      s.owed = discards.length;
      advance(change, env);
      return;
    }
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
    nextTurn(change, env, seat);
  };

  const judgeCard = (st: CircleState, fact: Fact, env: Env): Finding[] => {
    const d = fact.data;
    const to = String(d.to ?? '');
    const code = parseCard(String(d.card))?.code ?? String(d.card);
    const out: Finding[] = [];
    const dealCite = env.rulebook.source;
    if (!env.ctx.shoe) {
      const copies = (st.dealt[code] ?? 0) + 1;
      const allowed = copiesPerDeck(deckFor(env), parseCard(code) ?? { code, rank: 'JK', suit: null, value: 0 });
      if (copies > allowed)
        out.push(finding({ code: 'CARD_COUNT_EXCEEDED', rule: 'deck-composition', citation: `one ${deckFor(env).name} deck per hand (${dealCite})`, expected: allowed, recorded: copies, message: `${code} dealt ${copies} times from one deck`, messagePhrase: phrase('finding.circle.deckCopies', { card: code, copies }) }));
    }
    if (st.handOver === 'folds' || st.handOver === 'blank')
      return [...out, finding({ code: 'DRAW_RULE_VIOLATION', rule: 'deal-after-hand-won', citation: dealCite, expected: 'no card once the hand is won', recorded: code, message: `${code} dealt to ${to} after the hand was decided`, messagePhrase: phrase('finding.circle.dealtAfterHand', { card: code, place: placeOf(to) }) })];
    if (st.interval)
      out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'deal-before-betting-closed', citation: env.rulebook.firstToAct.cite, expected: 'the betting interval closed first', recorded: code, message: `${code} dealt to ${to} while the betting interval was still open (seat ${st.interval.turn} to speak)`, messagePhrase: phrase('finding.circle.dealtDuringBetting', { card: code, place: placeOf(to), turn: String(st.interval.turn) }) }));
    const phase = phasesOf(env)[st.phase];
    if (!phase) return [...out, finding({ code: 'DRAW_RULE_VIOLATION', rule: 'extra-card', citation: dealCite, expected: 'no more cards', recorded: code, message: `${code} dealt to ${to} after every card of the hand was dealt`, messagePhrase: phrase('finding.circle.extraCard', { card: code, place: placeOf(to) }) })];
    if (to === 'burn') {
      if (st.progress.burn >= phase.burn) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'burn', citation: dealCite, expected: `${phase.burn} burn card(s) before this phase`, recorded: st.progress.burn + 1, message: `an extra card burned before phase ${st.phase + 1}`, messagePhrase: phrase('finding.circle.extraBurn', { phase: st.phase + 1 }) }));
      return out;
    }
    if (to.startsWith('board')) {
      const b = to === 'board' ? 0 : Number(to.split(':')[1]) - 1;
      if (st.progress.burn < phase.burn) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'burn', citation: dealCite, expected: `${phase.burn} burn card(s) first`, recorded: st.progress.burn, message: `${code} dealt to the board without burning a card first`, messagePhrase: phrase('finding.circle.noBurn', { card: code }) }));
      if ((st.progress.board[b] ?? 0) >= phase.board) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'extra-board-card', citation: dealCite, expected: phase.board, recorded: (st.progress.board[b] ?? 0) + 1, message: `${code}: more than ${phase.board} board card(s) in this phase`, messagePhrase: phrase('finding.circle.extraBoard', { card: code, max: phase.board }) }));
      return out;
    }
    const seat = Number(to.split(':')[1]);
    const s = st.seats[seatKey(seat)];
    if (!s || s.folded) return [...out, finding({ code: 'DRAW_RULE_VIOLATION', rule: 'card-to-inactive-seat', citation: dealCite, expected: 'cards only to seats in the hand', recorded: to, message: `${code} dealt to seat ${seat}, which is not in the hand`, messagePhrase: phrase('finding.circle.cardToInactive', { card: code, seat }) })];
    // a seat kept from an earlier HandOpened but not dealt into this one is due nothing
    const need = st.order.includes(s.seat) ? seatDue(phase, s) : 0;
    const have = st.progress.seats[seatKey(seat)] ?? 0;
    if (phase.draw && s.owed === null) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'draw-before-discard', citation: env.rulebook.maxDiscard.cite, expected: 'the discards first', recorded: code, message: `seat ${seat} receives ${code} before declaring its discards`, messagePhrase: phrase('finding.circle.drawBeforeDiscard', { seat, card: code }) }));
    else if (have >= need) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'extra-card', citation: dealCite, expected: need, recorded: have + 1, message: `seat ${seat} receives ${have + 1} cards in this phase; ${need} are due`, messagePhrase: phrase('finding.circle.seatExtra', { seat, got: have + 1, due: need }) }));
    else if (!phase.draw && d.faceUp !== undefined) {
      const dueUp = phase.seat[have] === 'up';
      if (Boolean(d.faceUp) !== dueUp) out.push(finding({ code: 'DRAW_RULE_VIOLATION', rule: 'card-face', citation: dealCite, expected: dueUp ? 'face up' : 'face down', recorded: d.faceUp ? 'face up' : 'face down', message: `${code} to seat ${seat} dealt ${d.faceUp ? 'face up' : 'face down'}; it is due ${dueUp ? 'face up' : 'face down'} (misdeal rules)`, messagePhrase: phrase('finding.circle.cardFace', { card: code, seat, up: d.faceUp ? 'yes' : 'no', dueUp: dueUp ? 'yes' : 'no' }) }));
    }
    return out;
  };

  const applyCard = (change: HandChange, fact: Fact, env: Env) => {
    const st = change.st;
    const d = fact.data;
    const to = String(d.to ?? '');
    const code = parseCard(String(d.card))?.code ?? String(d.card);
    st.dealt = { ...st.dealt, [code]: (st.dealt[code] ?? 0) + 1 };
    const phase = phasesOf(env)[st.phase];
    if (to === 'burn') {
      st.burns = [...st.burns, code];
      change.progress().burn += 1;
    } else if (to.startsWith('board')) {
      const b = to === 'board' ? 0 : Number(to.split(':')[1]) - 1;
      const boards = [...st.boards];
      boards[b] = [...(st.boards[b] ?? []), code];
      st.boards = boards;
      const p = change.progress();
      const board = [...p.board];
      board[b] = (p.board[b] ?? 0) + 1;
      p.board = board;
    } else {
      const key = seatKey(to.split(':')[1]);
      if (!st.seats[key]) return;
      const s = change.seat(key) as SeatState;
      const have = st.progress.seats[seatKey(s.seat)] ?? 0;
      const faceUp = d.faceUp !== undefined ? Boolean(d.faceUp) : phase && !phase.draw ? phase.seat[have] === 'up' : false;
      s.cards = [...s.cards, { card: code, faceUp }];
      const p = change.progress();
      p.seats = { ...p.seats, [seatKey(s.seat)]: have + 1 };
    }
    if (st.interval && phaseComplete(st, env)) {
      // dealt before the interval closed (already a finding): the next interval starts
      st.interval = null;
      st.intervalsDone += 1;
    }
    advance(change, env);
  };

  // ---------- the GameRules ----------
  const rules: GameRules<CircleState, CircleRulebook> = {
    game: G,
    family: 'circle-poker',
    rulebooks: rulebooks as Partial<Record<CircleRulebook['jurisdiction'], CircleRulebook>>,
    factTypes: CIRCLE_FACTS,
    deck: (env) => deckFor(env),

    refuseOptions(options, rulebook) {
      const mode = options.cagnotteMode;
      if (mode !== undefined && !rulebook.cagnotteModes.value.includes(mode as never))
        return { field: 'options.cagnotteMode', reason: `${rulebook.jurisdiction} allows ${rulebook.cagnotteModes.value.join(', ')} (${rulebook.cagnotteModes.cite})` };
      const rate = options.cagnotteRate;
      if (rate !== undefined && (typeof rate !== 'number' || rate < 0 || rate > rulebook.maxCagnotteRate.value))
        return { field: 'options.cagnotteRate', reason: `at most ${rulebook.maxCagnotteRate.value} (${rulebook.maxCagnotteRate.cite})` };
      const range = (name: string, r: readonly [number, number] | null, cite: string): Refusal | null => {
        const v = options[name];
        if (v === undefined) return null;
        if (!r) return { field: `options.${name}`, reason: `${rulebook.jurisdiction} has no such house benefit (${cite})` };
        return typeof v === 'number' && v >= r[0] && v <= r[1] ? null : { field: `options.${name}`, reason: `between ${r[0]} and ${r[1]} (${cite})` };
      };
      const fee = range('sessionFeeRate', rulebook.sessionFeeRange.value, rulebook.sessionFeeRange.cite) ?? range('perPlayerFeeRate', rulebook.perPlayerFeeRange.value, rulebook.perPlayerFeeRange.cite);
      if (fee) return fee;
      if (options.splitPot !== undefined && !['equal', 'proportional-to-resto'].includes(String(options.splitPot)))
        return { field: 'options.splitPot', reason: 'equal or proportional-to-resto (index.md OQ-08)' };
      if (options.direction !== undefined && !['clockwise', 'counter-clockwise'].includes(String(options.direction)))
        return { field: 'options.direction', reason: 'clockwise or counter-clockwise (index.md OQ-40)' };
      if (options.structure !== undefined && !['no-limit', 'pot-limit', 'split-limit', 'fixed'].includes(String(options.structure)))
        return { field: 'options.structure', reason: 'no-limit, pot-limit, split-limit or fixed (euskadi L11233–11243)' };
      if (options.deckSize !== undefined && !rulebook.deckSizes.value.includes(options.deckSize as number))
        return { field: 'options.deckSize', reason: `this game is played with ${rulebook.deckSizes.value.join(' or ')} cards (${rulebook.deckSizes.cite})` };
      if (options.forcedBets !== undefined && !['ante', 'blinds', 'openings'].includes(String(options.forcedBets)))
        return { field: 'options.forcedBets', reason: 'ante, blinds or openings' };
      return null;
    },

    judgeOpening: (opening, env) => judgeCircleOpening(G, opening, env),

    refuse(fact, env) {
      const d = fact.data ?? {};
      if (fact.type === 'CardDealt') {
        const c = parseCard(String(d.card));
        if (!c || copiesPerDeck(deckFor(env), c) === 0) return { field: 'data.card', reason: `${d.card} is not a card of the ${deckFor(env).name} deck` };
        const to = String(d.to ?? '');
        const boards = variant.boards === 2 ? ['board:1', 'board:2'] : ['board'];
        if (!(to === 'burn' || boards.includes(to) || /^seat:\d+$/.test(to))) return { field: 'data.to', reason: `cards go to "seat:N", ${boards.map((b) => `"${b}"`).join(', ')} or "burn"` };
      }
      if (fact.type === 'PlayerDecision' && !(DECISIONS as readonly string[]).includes(String(d.decision)))
        return { field: 'data.decision', reason: `circle-poker decisions are ${DECISIONS.join(', ')}` };
      if (fact.type === 'PlayerDecision' && d.amount !== undefined && !(Number.isInteger(d.amount) && d.amount >= 0))
        return { field: 'data.amount', reason: 'chips put in: a non-negative integer in minor units' };
      if (fact.type === 'BetPlaced' && !(FORCED_KINDS as readonly string[]).includes(String(d.betType)))
        return { field: 'data.betType', reason: `a circle-poker seat enters the hand with ${FORCED_KINDS.join(', ')}` };
      if (fact.type === 'HandOpened' && (!Array.isArray(d.seats) || !d.seats.map(Number).includes(Number(d.mano))))
        return { field: 'data.mano', reason: 'the mano must be one of the seats dealt in' };
      return null;
    },

    carry(carried, fact, env) {
      const c = (carried ?? { lastMano: null, blankHands: 0, carriedPot: 0, hand: null }) as {
        lastMano: number | null;
        blankHands: number;
        carriedPot: number;
        hand: CircleState | null;
      };
      if (fact.type === 'HandOpened') return { ...c, lastMano: Number(fact.data.mano), hand: env.rulebook.openers.value ? rules.evolve(rules.initialState(env), fact, env) : null };
      if (!env.rulebook.openers.value || !c.hand) return c;
      if (fact.type === 'RoundCompleted') {
        const blank = c.hand.handOver === 'blank';
        return { ...c, hand: null, blankHands: blank ? c.blankHands + 1 : 0, carriedPot: blank ? totalPot(c.hand) : 0 };
      }
      if (fact.type === 'RoundVoided') return { ...c, hand: null };
      return { ...c, hand: rules.evolve(c.hand, fact, env) };
    },

    initialState(env) {
      const st = emptyState();
      const c = env.ctx.carried as { blankHands?: number; carriedPot?: number } | undefined;
      if (env.rulebook.openers.value && c) {
        st.blankHands = c.blankHands ?? 0;
        st.carriedPot = c.carriedPot ?? 0;
      }
      return st;
    },

    evolve(before, fact, env) {
      const d = fact.data ?? {};
      switch (fact.type) {
        case 'HandOpened': {
          // seats already dealt in stay shared; new ones join a copy of the record
          const st = { ...before, seats: { ...before.seats } };
          st.opened = true;
          st.mano = Number(d.mano);
          st.order = directionOrder((d.seats as unknown[]).map(Number), env);
          for (const s of st.order) {
            const resto = d.restos?.[String(s)];
            st.seats[seatKey(s)] = st.seats[seatKey(s)] ?? {
              seat: s,
              resto: resto === undefined ? null : Number(resto),
              contributed: 0,
              street: 0,
              folded: false,
              allIn: false,
              cards: [],
              discards: [],
              acted: false,
              checked: false,
              raises: 0,
              owed: null,
            };
          }
          return st;
        }
        case 'BetPlaced': {
          const change = new HandChange(before);
          const st = change.st;
          const seat = Number(d.seat);
          const s = change.seat(seatKey(seat));
          if (!s) return st;
          const kind = String(d.betType) as ForcedKind;
          const amount = Number(d.amount ?? 0);
          s.betId = String(d.betId);
          s.contributed += amount;
          if (LIVE.has(kind)) s.street += amount;
          if (s.resto !== null && amount > 0 && s.contributed >= s.resto) s.allIn = true;
          if (kind !== 'seat') st.forced = [...st.forced, { seat, kind, amount }];
          return st;
        }
        case 'CardDealt': {
          const change = new HandChange(before);
          applyCard(change, fact, env);
          return change.st;
        }
        case 'PlayerDecision': {
          const change = new HandChange(before);
          applyDecision(change, fact, env);
          return change.st;
        }
        case 'SessionFeeCharged':
          return { ...before, fees: [...before.fees, { seat: Number(d.seat), base: Number(d.base ?? 0), amount: Number(d.amount ?? 0), eventId: fact.eventId }] };
        case 'RoundCompleted': {
          const st = { ...before, completed: true };
          // the award does not depend on `completed`: the hand is not ranked again for the final checks
          shareAward(before, st);
          return st;
        }
        default:
          return before;
      }
    },

    judgeFact(before, fact, env) {
      const d = fact.data ?? {};
      switch (fact.type) {
        case 'HandOpened': {
          const out: Finding[] = [];
          const seats = Array.isArray(d.seats) ? d.seats.map(Number) : [];
          const min = env.rulebook.minPlayers;
          // a maximum only where the text sets one (omaha 5 cards, synthetic illes-balears and andalucia)
          const max = env.rulebook.maxPlayers.value;
          if (seats.length < min.value) out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'minimum-players', citation: min.cite, expected: min.value, recorded: seats.length, message: `a hand needs at least ${min.value} players; ${seats.length} were dealt in`, messagePhrase: phrase('finding.circle.minPlayers', { min: min.value, dealt: seats.length }) }));
          if (max !== null && seats.length > max) out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'maximum-players', citation: env.rulebook.maxPlayers.cite, expected: max, recorded: seats.length, message: `at most ${max} players; ${seats.length} were dealt in`, messagePhrase: phrase('finding.circle.maxPlayers', { max, dealt: seats.length }) }));
          const last = (env.ctx.carried as { lastMano?: number | null } | undefined)?.lastMano;
          if (last !== null && last !== undefined && seats.length) {
            const expected = after(directionOrder(seats, env), last, env)[0];
            if (expected !== Number(d.mano))
              out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'button-rotation', citation: `${env.rulebook.seatNumbering.cite}; index.md OQ-40 (${optionCite(env, 'direction')})`, expected, recorded: Number(d.mano), message: `the mano passes from seat ${last} to seat ${expected} in the direction of play, not to seat ${d.mano}`, messagePhrase: phrase('finding.circle.manoRotation', { last, expected, mano: String(d.mano) }) }));
          }
          return out;
        }
        case 'PlayerDecision':
          return judgeDecision(before, fact, env);
        case 'CardDealt':
          return judgeCard(before, fact, env);
        case 'PotAwarded': {
          if (!before.handOver && !before.completed) {
            if (before.interval || !before.opened) return [finding({ code: 'OUTCOME_MISSING', rule: 'pot-award', citation: showdownCite(env), expected: 'the end of the betting', recorded: d.potIndex, message: `pot ${d.potIndex} awarded before the hand was decided`, messagePhrase: phrase('finding.circle.potEarly', { pot: String(d.potIndex) }) })];
          }
          const award = awardHand(before, variant, env);
          const pot = award.pots[Number(d.potIndex)];
          const seats = (Array.isArray(d.seats) ? d.seats.map(Number) : []).sort((a: number, b: number) => a - b);
          if (!pot) return [finding({ code: 'PAYOUT_MISMATCH', rule: 'pot-award', citation: showdownCite(env), expected: award.pots.length, recorded: Number(d.potIndex), message: `there is no pot ${d.potIndex}: the hand has ${award.pots.length} pot(s)`, messagePhrase: phrase('finding.circle.noSuchPot', { pot: String(d.potIndex), pots: award.pots.length }) })];
          const winners = [...pot.shares.entries()].filter(([, a]) => a > 0).map(([s]) => s).sort((a, b) => a - b);
          if (pot.net !== Number(d.amount) || winners.join(',') !== seats.join(','))
            return [finding({ code: 'PAYOUT_MISMATCH', rule: 'pot-award', citation: showdownCite(env), expected: { amount: pot.net, seats: winners }, recorded: { amount: Number(d.amount), seats }, message: pot.explanation, messagePhrase: phrase('finding.circle.potAward', { pot: String(pot.index), gross: money(pot.gross), levy: pot.cagnotte ? money(pot.cagnotte) : 'none', net: money(pot.net), seats: winners.join(', ') }) })];
          return [];
        }
        case 'SessionFeeCharged': {
          if (opts(env).cagnotteMode !== 'session-fee')
            return [finding({ code: 'CAGNOTTE_MISMATCH', rule: 'session-fee', citation: optionCite(env, 'cagnotteMode'), expected: 'no session fee in this mode', recorded: Number(d.amount), message: `a session fee was charged but the table's house benefit is ${opts(env).cagnotteMode}`, messagePhrase: phrase('finding.circle.sessionFee', { mode: String(opts(env).cagnotteMode) }) })];
          return [];
        }
      }
      return [];
    },

    judgeBet(bet, st, env) {
      const out: Finding[] = [];
      const kind = bet.betType as ForcedKind;
      const seat = Number(bet.seat);
      if (!allowedForced(env).includes(kind))
        out.push(finding({ code: 'BET_NOT_ALLOWED', rule: 'forced-bets', citation: optionCite(env, 'forcedBets'), expected: allowedForced(env), recorded: kind, message: `${kind} is not a forced bet of this table (${opts(env).forcedBets})`, messagePhrase: phrase('finding.circle.forcedBet', { kind: term('betType', kind), allowed: String(opts(env).forcedBets) }), betId: bet.betId }));
      if (st.opened && !st.seats[seatKey(seat)]) out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'seat-not-in-hand', citation: env.rulebook.source, expected: st.order, recorded: seat, message: `seat ${seat} posts a bet but was not dealt in`, messagePhrase: phrase('finding.circle.postNotIn', { seat }), betId: bet.betId }));
      if (st.mano !== null && ['small-blind', 'big-blind', 'opening', 'double-opening', 'ciega'].includes(kind)) {
        const ring = [st.mano, ...after(st.order, st.mano, env).filter((s) => s !== st.mano)];
        const lastForced = st.forced.filter((f) => LIVE.has(f.kind));
        const previous = lastForced.length ? lastForced[lastForced.length - 1].seat : null;
        const expectedSeat =
          kind === 'small-blind' ? ring[1] : kind === 'big-blind' ? ring[2 % ring.length] : kind === 'opening' ? ring[0] : kind === 'double-opening' ? ring[1] : previous === null ? null : after(st.order, previous, env)[0];
        if (expectedSeat !== null && expectedSeat !== seat)
          out.push(finding({ code: 'SEQUENCE_VIOLATION', rule: 'forced-bet-position', citation: optionCite(env, 'forcedBets'), expected: `seat ${expectedSeat}`, recorded: `seat ${seat}`, message: `the ${kind} is posted by seat ${expectedSeat}, not seat ${seat}`, messagePhrase: phrase('finding.circle.forcedPosition', { kind: term('betType', kind), expected: expectedSeat, seat }), betId: bet.betId }));
        if (kind === 'ciega') {
          const prior = lastForced.length ? lastForced[lastForced.length - 1].amount : 0;
          if (bet.amount < 2 * prior) out.push(finding({ code: 'BET_BELOW_MINIMUM', rule: 'ciega', citation: 'euskadi L12015–12034', expected: 2 * prior, recorded: bet.amount, message: `a ciega is at least double the previous blind (${2 * prior})`, messagePhrase: phrase('finding.circle.ciega', { min: money(2 * prior) }), betId: bet.betId }));
        }
      }
      return out;
    },

    betLimits(bet, env) {
      const min = Number(env.ctx.limits.min);
      const lim = (amount: number, r: string, citation: string) => ({ amount, rule: rule(r), citation });
      switch (bet.betType as ForcedKind) {
        case 'ante': {
          const rb = env.rulebook;
          const fixed = opts(env).ante;
          if (rb.anteIsMinimum.value) return { min: lim(min, 'ante', rb.anteIsMinimum.cite), max: lim(min, 'ante', rb.anteIsMinimum.cite) };
          const max = Math.floor(min * rb.anteMaxShare.value);
          if (fixed !== null && fixed !== undefined) return { min: lim(Number(fixed), 'ante', optionCite(env, 'ante')), max: lim(Math.min(Number(fixed), max), 'ante', `${optionCite(env, 'ante')}; ${rb.anteMaxShare.cite}`) };
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
    },

    settle(st, query, env) {
      return settleSeat(st, query, env);
    },

    expectedCagnotte(st, env) {
      const o = opts(env);
      const unit = env.ctx.smallestChip;
      if (o.cagnotteMode === 'per-player-hand-fee') {
        const n = st.order.length;
        const each = applyRate(Number(env.ctx.limits.min), Number(o.perPlayerFeeRate), unit);
        return {
          base: Number(env.ctx.limits.min) * n,
          amount: each * n,
          rule: rule('cagnotte-per-player-hand-fee'),
          citation: optionCite(env, 'perPlayerFeeRate'),
          explanation: `${o.perPlayerFeeRate * 100} % of the table minimum ${env.ctx.limits.min} = ${each} from each of ${n} players at the first interval`,
          explanationPhrase: phrase('finding.circle.levy.perPlayer', { percent: o.perPlayerFeeRate * 100, min: money(Number(env.ctx.limits.min)), each: money(each), players: n }),
        };
      }
      if (o.cagnotteMode === 'session-fee') {
        const amount = st.fees.reduce((t, f) => t + applyRate(feeBase(st, f.seat, f.base, env), Number(o.sessionFeeRate), unit), 0);
        const base = st.fees.reduce((t, f) => t + feeBase(st, f.seat, f.base, env), 0);
        return {
          base,
          amount,
          rule: rule('cagnotte-session-fee'),
          citation: `${optionCite(env, 'sessionFeeRate')}; index.md OQ-10`,
          explanation: `session fee ${o.sessionFeeRate * 100} % of the ${o.sessionFeeBase} for ${st.fees.length} seat(s) = ${amount}`,
          explanationPhrase: phrase('finding.circle.levy.sessionFee', { percent: o.sessionFeeRate * 100, base: String(o.sessionFeeBase), seats: st.fees.length, fee: money(amount) }),
        };
      }
      if (st.handOver === 'blank') {
        return { base: 0, amount: 0, rule: rule('cagnotte-pot-percentage'), citation: optionCite(env, 'cagnotteRate'), explanation: 'blank hand: the pot passes to the next deal; the cagnotte is taken when it is won', explanationPhrase: phrase('finding.circle.levy.blank') };
      }
      const award = awardHand(st, variant, env);
      return {
        base: award.potBase,
        amount: award.cagnotte,
        rule: rule('cagnotte-pot-percentage'),
        citation: `${optionCite(env, 'cagnotteRate')}${o.cagnotteCap !== null ? `; cap ${o.cagnotteCap} (${optionCite(env, 'cagnotteCap')})` : ''}`,
        explanation: `${Number(o.cagnotteRate) * 100} % of each pot (${award.pots.map((p) => `${p.gross} → ${p.cagnotte}`).join(', ')}), rounded down to the smallest chip ${unit}: ${award.cagnotte}`,
        explanationPhrase: phrase('finding.circle.levy.pots', {
          percent: Number(o.cagnotteRate) * 100,
          pots: { list: award.pots.map((p) => phrase('finding.circle.levy.pot', { gross: money(p.gross), levy: money(p.cagnotte) })) },
          unit: money(unit),
          total: money(award.cagnotte),
        }),
      };
    },

    isDecided(st) {
      return st.handOver !== null || (st.completed && st.opened && !st.interval);
    },

    judgeEnd(st, env) {
      if (st.handOver) return [];
      const phases = phasesOf(env);
      const missing: string[] = [];
      const missingPhrases: Phrase[] = [];
      for (let p = st.phase; p < phases.length; p++) {
        const ph = phases[p];
        if (ph.burn) missing.push(`${ph.burn} burn`);
        if (ph.board) missing.push(`${ph.board} board card(s)`);
        if (ph.seat.length) missing.push(`${ph.seat.length} card(s) per seat`);
        if (ph.draw) missing.push('the draw');
        if (ph.burn) missingPhrases.push(phrase('finding.circle.missing.burn', { count: ph.burn }));
        if (ph.board) missingPhrases.push(phrase('finding.circle.missing.board', { count: ph.board }));
        if (ph.seat.length) missingPhrases.push(phrase('finding.circle.missing.seat', { count: ph.seat.length }));
        if (ph.draw) missingPhrases.push(phrase('finding.circle.missing.draw'));
      }
      return [
        finding({ code: 'DRAW_RULE_VIOLATION', rule: 'deal-incomplete', citation: env.rulebook.source, expected: `phases ${st.phase + 1}–${phases.length} dealt`, recorded: `${st.phase} of ${phases.length} phases dealt`, message: `the hand ended without every required card: ${missing.join(', ')} never dealt`, messagePhrase: phrase('finding.circle.dealIncomplete', { missing: { list: missingPhrases } }) }),
      ];
    },

    describe(st, env) {
      const award = st.handOver && st.handOver !== 'blank' ? awardHand(st, variant, env) : null;
      return {
        mano: st.mano,
        pot: totalPot(st),
        board: variant.boards === 2 ? st.boards : st.boards[0],
        phase: st.phase,
        interval: st.interval ? { index: st.interval.index + 1, turn: st.interval.turn, toMatch: st.interval.toMatch } : null,
        seats: st.order.map((s) => {
          const x = st.seats[seatKey(s)];
          return {
            seat: s,
            cards: holeCards(x),
            contributed: x.contributed,
            folded: x.folded,
            allIn: x.allIn,
            hand: award?.hands.get(s)?.name,
            receives: award?.received.get(s),
          };
        }),
        handOver: st.handOver,
        pots: award?.pots.map((p) => ({ index: p.index, gross: p.gross, cagnotte: p.cagnotte, net: p.net, eligible: p.eligible, shares: Object.fromEntries(p.shares) })),
      };
    },

    narrate(fact, before, after2) {
      const d = fact.data ?? {};
      if (fact.type === 'HandOpened') return `hand opened: seats ${(d.seats ?? []).join(', ')}, mano at seat ${d.mano}`;
      if (fact.type === 'PotAwarded') return `pot ${d.potIndex} (${d.amount}) to seat ${(d.seats ?? []).join(' and ')}`;
      if (fact.type === 'PlayerDecision' && d.decision === 'draw') return `seat ${d.seat} changes ${(d.discards ?? []).length} card(s)`;
      if (fact.type === 'PlayerDecision') {
        const closed = before.interval && !after2.interval ? ' — the betting interval closes' : '';
        return `seat ${d.seat} ${d.decision}${d.amount ? ' ' + d.amount : ''} (pot ${totalPot(after2)})${closed}`;
      }
      return undefined;
    },
  };

  function settleSeat(st: CircleState, query: SettlementQuery, env: Env): SettlementVerdict {
    const seat = Number(query.bet.seat);
    const s = st.seats[seatKey(seat)];
    if (!s) return undecided(`seat ${seat} was not dealt into the hand`);
    if (st.handOver === 'blank')
      return { outcome: 'lose', payout: 0, rule: rule('blank-hand'), citation: env.rulebook.openers.cite, explanation: 'nobody opened ("mano en blanco"): the pot stays for the next deal, nothing is paid', explanationPhrase: phrase('circle.blankHand') };
    if (!st.handOver && (st.interval || !st.opened)) return undecided('the betting is not over');
    const award: HandAward = awardHand(st, variant, env);
    if (award.incomplete && !st.handOver) return undecided('a seat in the showdown holds too few cards');
    const won = award.won.get(seat) ?? 0;
    const received = award.received.get(seat) ?? 0;
    const returned = award.uncalled?.seat === seat ? award.uncalled.amount : 0;
    const mine = award.pots.filter((p) => (p.shares.get(seat) ?? 0) > 0);
    const hand = award.hands.get(seat)?.name;
    const explanation =
      won > 0
        ? `seat ${seat} (put in ${s.contributed}) receives ${received}: ${mine.map((p) => `${p.shares.get(seat)} of ${p.explanation}`).join('; ')}${returned ? `; plus its uncalled ${returned} back` : ''}`
        : `seat ${seat} ${s.folded ? 'folded' : `loses${hand ? ` with ${hand}` : ''}`} (put in ${s.contributed})${returned ? `; its uncalled ${returned} is returned` : ''}: receives ${received}`;
    // in other languages the seat's account (what it put in, what it receives); the pots' English detail stays in `explanation` (issue 16)
    const account = { seat: String(seat), contributed: amount(s.contributed), received: amount(received), uncalled: returned ? amount(returned) : 'none' };
    const explanationPhrase = won > 0 ? phrase('circle.receives', account) : phrase('circle.loses', { ...account, folded: s.folded ? 'yes' : 'no' });
    return { outcome: won > 0 ? 'win' : 'lose', payout: received, rule: rule('pot-award'), citation: showdownCite(env), explanation, explanationPhrase };
  }

  return rules;
}

/** The largest raise increment the betting structure allows (null: no limit). */
export function maxRaise(variant: CircleVariant, st: CircleState, s: SeatState, env: Env): { amount: number; name: string; cite: string } | null {
  const iv = st.interval;
  if (!iv) return null;
  const structure = opts(env).structure;
  const potAfterCall = totalPot(st) + (iv.toMatch - s.street);
  const cite = optionCite(env, 'structure');
  if (structure === 'pot-limit') return { amount: potAfterCall, name: 'pot-limit', cite };
  if (structure === 'split-limit') return { amount: Math.floor(potAfterCall / 2), name: 'split-limit', cite };
  if (structure === 'fixed') return { amount: fixedLimitBet(variant, st, env), name: 'fixed-limit', cite };
  return null;
}

/** Fixed limit: the small bet (table minimum) in the first half of the intervals, twice that after (INDUSTRY-STANDARD). */
export function fixedLimitBet(variant: CircleVariant, st: CircleState, env: Env): number {
  const min = Number(env.ctx.limits.min);
  return (st.interval?.index ?? 0) < Math.ceil(variant.phases(env).length / 2) ? min : 2 * min;
}

export function feeBase(st: CircleState, seat: number, recorded: number, env: Env): number {
  const o = opts(env);
  if (o.sessionFeeBase === 'resto') return st.seats[seatKey(seat)]?.resto ?? recorded;
  return Number(env.ctx.limits.max);
}

export function firstToActKind(env: Env, index: number) {
  const kinds = env.rulebook.firstToAct.value;
  return kinds[Math.min(index, kinds.length - 1)];
}

/** An amount in a finding's phrase (`amount` is a common local name here). */
const money = (minor: number): PhraseValue => amount(minor);
/** Where a card went, as the catalogue names it: a seat (`seat:N`), the board (`board`, `board:N`), the burn. */
const placeOf = (to: string): Phrase => phrase('finding.circle.place', { place: to.split(':')[0], n: to.split(':')[1] ?? 'none' });

const RANK_NAMES: Record<number, string> = { 11: 'jacks', 12: 'queens', 13: 'kings', 14: 'aces' };
const rankName = (v: number) => RANK_NAMES[v] ?? `${v}s`;

export function holdsPairOf(cards: readonly string[], rank: number): boolean {
  if (cards.length < 5) return false;
  // a pair of the rank or better: that pair or higher, or any better category (INDUSTRY-STANDARD)
  const v = bestOf(cards, 5);
  if (v.category === 'high-card') return false;
  return v.category !== 'pair' || v.ranks[0] >= rank;
}

export type { Bet, ExpectedLevy };
