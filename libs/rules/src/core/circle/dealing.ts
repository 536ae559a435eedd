/**
 * The dealing of a circle-poker hand: which deck, each card judged against the phase that owes it (one deck per
 * hand, burns first, each seat's share and its face, the board, nothing once the hand is won or every card is
 * out) and folded into the hand, the draw (discards declared, as many cards owed), and the cards a hand that
 * ended was never dealt. A phase completely dealt moves the hand on to its betting (`course.ts`).
 */
import { copiesPerDeck, DECK_28, DECK_32, DECK_52, DeckSpec, parseCard } from '../cards';
import { findingsOf } from '../findings';
import { phrase, type Phrase } from '../phrase';
import type { Fact, Finding, Refusal } from '../types';
import { advance, phaseComplete, phasesOf, seatDue } from './course';
import type { HandChange } from './hand-change';
import type { CircleEnv } from './options';
import { CircleState, CircleVariant, holeCards, seatKey, SeatState } from './state';

/** The deck of the session's size (52 unless the game's text allows 32 or 28 and the session says so). */
export function deckFor(env: CircleEnv): DeckSpec {
  const n = Number(env.options.deckSize ?? 52);
  return n === 28 ? DECK_28 : n === 32 ? DECK_32 : DECK_52;
}

/** Where a card went, as the catalogue names it: a seat (`seat:N`), the board (`board`, `board:N`), the burn. */
const placeOf = (to: string): Phrase => phrase('finding.circle.place', { place: to.split(':')[0], n: to.split(':')[1] ?? 'none' });

/** A CardDealt the game cannot read: a card not of the deck, or a place that is not a seat, a board or the burn. */
export function refuseCard(variant: CircleVariant, fact: Fact, env: CircleEnv): Refusal | null {
  const d = fact.data ?? {};
  const c = parseCard(String(d.card));
  if (!c || copiesPerDeck(deckFor(env), c) === 0) return { field: 'data.card', reason: `${d.card} is not a card of the ${deckFor(env).name} deck` };
  const to = String(d.to ?? '');
  const boards = variant.boards === 2 ? ['board:1', 'board:2'] : ['board'];
  if (!(to === 'burn' || boards.includes(to) || /^seat:\d+$/.test(to)))
    return { field: 'data.to', reason: `cards go to "seat:N", ${boards.map((b) => `"${b}"`).join(', ')} or "burn"` };
  return null;
}

/** A card against the phase that owes it (the state before the card). */
export function judgeCard(variant: CircleVariant, st: CircleState, fact: Fact, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data;
  const to = String(d.to ?? '');
  const code = parseCard(String(d.card))?.code ?? String(d.card);
  const out: Finding[] = [];
  const dealCite = env.rulebook.source;
  if (!env.ctx.shoe) {
    const copies = (st.dealt[code] ?? 0) + 1;
    const allowed = copiesPerDeck(deckFor(env), parseCard(code) ?? { code, rank: 'JK', suit: null, value: 0 });
    if (copies > allowed)
      out.push(
        finding({
          code: 'CARD_COUNT_EXCEEDED',
          rule: 'deck-composition',
          citation: `one ${deckFor(env).name} deck per hand (${dealCite})`,
          expected: allowed,
          recorded: copies,
          message: `${code} dealt ${copies} times from one deck`,
          messagePhrase: phrase('finding.circle.deckCopies', { card: code, copies }),
        }),
      );
  }
  if (st.handOver === 'folds' || st.handOver === 'blank')
    return [
      ...out,
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'deal-after-hand-won',
        citation: dealCite,
        expected: 'no card once the hand is won',
        recorded: code,
        message: `${code} dealt to ${to} after the hand was decided`,
        messagePhrase: phrase('finding.circle.dealtAfterHand', { card: code, place: placeOf(to) }),
      }),
    ];
  if (st.interval)
    out.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'deal-before-betting-closed',
        citation: env.rulebook.firstToAct.cite,
        expected: 'the betting interval closed first',
        recorded: code,
        message: `${code} dealt to ${to} while the betting interval was still open (seat ${st.interval.turn} to speak)`,
        messagePhrase: phrase('finding.circle.dealtDuringBetting', { card: code, place: placeOf(to), turn: String(st.interval.turn) }),
      }),
    );
  const phase = phasesOf(variant, env)[st.phase];
  if (!phase)
    return [
      ...out,
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'extra-card',
        citation: dealCite,
        expected: 'no more cards',
        recorded: code,
        message: `${code} dealt to ${to} after every card of the hand was dealt`,
        messagePhrase: phrase('finding.circle.extraCard', { card: code, place: placeOf(to) }),
      }),
    ];
  if (to === 'burn') {
    if (st.progress.burn >= phase.burn)
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'burn',
          citation: dealCite,
          expected: `${phase.burn} burn card(s) before this phase`,
          recorded: st.progress.burn + 1,
          message: `an extra card burned before phase ${st.phase + 1}`,
          messagePhrase: phrase('finding.circle.extraBurn', { phase: st.phase + 1 }),
        }),
      );
    return out;
  }
  if (to.startsWith('board')) {
    const b = to === 'board' ? 0 : Number(to.split(':')[1]) - 1;
    if (st.progress.burn < phase.burn)
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'burn',
          citation: dealCite,
          expected: `${phase.burn} burn card(s) first`,
          recorded: st.progress.burn,
          message: `${code} dealt to the board without burning a card first`,
          messagePhrase: phrase('finding.circle.noBurn', { card: code }),
        }),
      );
    if ((st.progress.board[b] ?? 0) >= phase.board)
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'extra-board-card',
          citation: dealCite,
          expected: phase.board,
          recorded: (st.progress.board[b] ?? 0) + 1,
          message: `${code}: more than ${phase.board} board card(s) in this phase`,
          messagePhrase: phrase('finding.circle.extraBoard', { card: code, max: phase.board }),
        }),
      );
    return out;
  }
  const seat = Number(to.split(':')[1]);
  const s = st.seats[seatKey(seat)];
  if (!s || s.folded)
    return [
      ...out,
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'card-to-inactive-seat',
        citation: dealCite,
        expected: 'cards only to seats in the hand',
        recorded: to,
        message: `${code} dealt to seat ${seat}, which is not in the hand`,
        messagePhrase: phrase('finding.circle.cardToInactive', { card: code, seat }),
      }),
    ];
  // a seat kept from an earlier HandOpened but not dealt into this one is due nothing
  const need = st.order.includes(s.seat) ? seatDue(phase, s) : 0;
  const have = st.progress.seats[seatKey(seat)] ?? 0;
  if (phase.draw && s.owed === null)
    out.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'draw-before-discard',
        citation: env.rulebook.maxDiscard.cite,
        expected: 'the discards first',
        recorded: code,
        message: `seat ${seat} receives ${code} before declaring its discards`,
        messagePhrase: phrase('finding.circle.drawBeforeDiscard', { seat, card: code }),
      }),
    );
  else if (have >= need)
    out.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'extra-card',
        citation: dealCite,
        expected: need,
        recorded: have + 1,
        message: `seat ${seat} receives ${have + 1} cards in this phase; ${need} are due`,
        messagePhrase: phrase('finding.circle.seatExtra', { seat, got: have + 1, due: need }),
      }),
    );
  else if (!phase.draw && d.faceUp !== undefined) {
    const dueUp = phase.seat[have] === 'up';
    if (Boolean(d.faceUp) !== dueUp)
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'card-face',
          citation: dealCite,
          expected: dueUp ? 'face up' : 'face down',
          recorded: d.faceUp ? 'face up' : 'face down',
          message: `${code} to seat ${seat} dealt ${d.faceUp ? 'face up' : 'face down'}; it is due ${dueUp ? 'face up' : 'face down'} (misdeal rules)`,
          messagePhrase: phrase('finding.circle.cardFace', { card: code, seat, up: d.faceUp ? 'yes' : 'no', dueUp: dueUp ? 'yes' : 'no' }),
        }),
      );
  }
  return out;
}

/** A card folded into the hand: to the burn, a board or a seat; a phase completely dealt opens its interval. */
export function applyCard(variant: CircleVariant, change: HandChange, fact: Fact, env: CircleEnv): void {
  const st = change.st;
  const d = fact.data;
  const to = String(d.to ?? '');
  const code = parseCard(String(d.card))?.code ?? String(d.card);
  st.dealt = { ...st.dealt, [code]: (st.dealt[code] ?? 0) + 1 };
  const phase = phasesOf(variant, env)[st.phase];
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
  if (st.interval && phaseComplete(variant, st, env)) {
    // dealt before the interval closed (already a finding): the next interval starts
    st.interval = null;
    st.intervalsDone += 1;
  }
  advance(variant, change, env);
}

/** A seat's draw (its discards) against the rulebook: only in the draw phase, at most `maxDiscard`, only cards it holds. */
export function judgeDraw(variant: CircleVariant, st: CircleState, s: SeatState, fact: Fact, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data;
  const seat = Number(d.seat);
  const out: Finding[] = [];
  const phase = phasesOf(variant, env)[st.phase];
  const discards: string[] = Array.isArray(d.discards) ? d.discards.map(String) : [];
  if (!phase?.draw || st.interval || st.handOver)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'draw-out-of-phase',
        citation: env.rulebook.maxDiscard.cite,
        expected: 'a draw after the first interval',
        recorded: 'draw',
        message: `seat ${seat} draws outside the draw`,
        messagePhrase: phrase('finding.circle.drawOutOfPhase', { seat }),
      }),
    );
  if (discards.length > env.rulebook.maxDiscard.value)
    out.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'maximum-discard',
        citation: env.rulebook.maxDiscard.cite,
        expected: env.rulebook.maxDiscard.value,
        recorded: discards.length,
        message: `seat ${seat} changes ${discards.length} cards; at most ${env.rulebook.maxDiscard.value} may be changed`,
        messagePhrase: phrase('finding.circle.maxDiscard', { seat, count: discards.length, max: env.rulebook.maxDiscard.value }),
      }),
    );
  const held = holeCards(s);
  const foreign = discards.filter((c) => !held.includes(String(parseCard(c)?.code)));
  if (foreign.length)
    out.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'discard-not-held',
        citation: env.rulebook.maxDiscard.cite,
        expected: held,
        recorded: foreign,
        message: `seat ${seat} discards ${foreign.join(', ')}, which it does not hold`,
        messagePhrase: phrase('finding.circle.discardNotHeld', { seat, cards: foreign.join(', ') }),
      }),
    );
  return out;
}

/** A draw folded into the hand: the discards it holds leave its hand, and it is owed as many cards as it declared. */
export function applyDraw(variant: CircleVariant, change: HandChange, s: SeatState, fact: Fact, env: CircleEnv): void {
  const d = fact.data;
  const discards: string[] = Array.isArray(d.discards) ? d.discards.map((c: unknown) => String(parseCard(String(c))?.code ?? c)) : [];
  const held = holeCards(s);
  s.discards = [...s.discards, ...discards.filter((c) => held.includes(c))];
  s.owed = discards.length;
  advance(variant, change, env);
}

/** A hand that ended before it was decided: the cards of the phases never dealt. */
export function judgeDealEnd(variant: CircleVariant, st: CircleState, env: CircleEnv): Finding[] {
  if (st.handOver) return [];
  const { finding } = findingsOf(variant.game);
  const phases = phasesOf(variant, env);
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
    finding({
      code: 'DRAW_RULE_VIOLATION',
      rule: 'deal-incomplete',
      citation: env.rulebook.source,
      expected: `phases ${st.phase + 1}–${phases.length} dealt`,
      recorded: `${st.phase} of ${phases.length} phases dealt`,
      message: `the hand ended without every required card: ${missing.join(', ')} never dealt`,
      messagePhrase: phrase('finding.circle.dealIncomplete', { missing: { list: missingPhrases } }),
    }),
  ];
}
