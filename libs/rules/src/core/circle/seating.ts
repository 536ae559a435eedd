/**
 * Who is dealt into a circle-poker hand (HandOpened): the seats in the direction of play with their restos, the
 * mano among them, the table's least and most players, and the mano passing to the next seat from one hand to the
 * next (docs/decisions/open-questions.md#oq-40).
 */
import { gameFactData, optionCite } from '../game';
import { findingsOf } from '../findings';
import { phrase } from '../phrase';
import type { Fact, Finding, Refusal } from '../types';
import { CIRCLE_FACTS } from './facts';
import type { CircleEnv } from './options';
import { after, CircleState, CircleVariant, directionOrder, seatKey } from './state';

/** A HandOpened whose mano is not one of its seats. */
export function refuseHandOpened(fact: Fact): Refusal | null {
  const d = fact.data ?? {};
  if (!Array.isArray(d.seats) || !d.seats.map(Number).includes(Number(d.mano)))
    return { field: 'data.mano', reason: 'the mano must be one of the seats dealt in' };
  return null;
}

/** The hand opened: its seats in the direction of play; seats already dealt in stay shared, new ones join a copy of the record. */
export function openHand(before: CircleState, fact: Fact, env: CircleEnv): CircleState {
  const d = gameFactData(CIRCLE_FACTS, 'HandOpened', fact)!;
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

/** The seats dealt in against the table's least and most players, and the mano against the last hand's. */
export function judgeHandOpened(variant: CircleVariant, fact: Fact, env: CircleEnv): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data ?? {};
  const out: Finding[] = [];
  const seats = Array.isArray(d.seats) ? d.seats.map(Number) : [];
  const min = env.rulebook.minPlayers;
  // a maximum only where the text sets one (omaha 5 cards, synthetic illes-balears and andalucia)
  const max = env.rulebook.maxPlayers.value;
  if (seats.length < min.value)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'minimum-players',
        citation: min.cite,
        expected: min.value,
        recorded: seats.length,
        message: `a hand needs at least ${min.value} players; ${seats.length} were dealt in`,
        messagePhrase: phrase('finding.circle.minPlayers', { min: min.value, dealt: seats.length }),
      }),
    );
  if (max !== null && seats.length > max)
    out.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        rule: 'maximum-players',
        citation: env.rulebook.maxPlayers.cite,
        expected: max,
        recorded: seats.length,
        message: `at most ${max} players; ${seats.length} were dealt in`,
        messagePhrase: phrase('finding.circle.maxPlayers', { max, dealt: seats.length }),
      }),
    );
  const last = (env.ctx.carried as { lastMano?: number | null } | undefined)?.lastMano;
  if (last !== null && last !== undefined && seats.length) {
    const expected = after(directionOrder(seats, env), last, env)[0];
    if (expected !== Number(d.mano))
      out.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          rule: 'button-rotation',
          citation: `${env.rulebook.seatNumbering.cite}; index.md OQ-40 (${optionCite(env, 'direction')})`,
          expected,
          recorded: Number(d.mano),
          message: `the mano passes from seat ${last} to seat ${expected} in the direction of play, not to seat ${d.mano}`,
          messagePhrase: phrase('finding.circle.manoRotation', { last, expected, mano: String(d.mano) }),
        }),
      );
  }
  return out;
}
