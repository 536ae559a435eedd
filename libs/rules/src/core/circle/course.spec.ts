/**
 * The course of a hand alone (`course.ts`): the phases, what the current one still owes, and an interval opening
 * after its phase is dealt and closing into the next phase, the showdown or a blank hand. Cantabria Texas
 * Hold'em (cantabria L6280–6360) and cantabria five-card draw (nobody opens: "mano en blanco", L5963–5998).
 */
import { DRAW_VARIANT as DRAW, rules as DRAW_RULES } from '../../games/circle-poker-five-card-draw/rules';
import { HOLDEM_PHASES, HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { advance, closeInterval, firstToActKind, owedCards, phaseComplete, phasesOf, seatDue } from './course';
import { HandChange } from './hand-change';
import { circleEnv, H, handAfter } from './spec-support';
import type { CircleVariant } from './state';

const C = circleEnv(HOLDEM_RULES, 'cantabria');
const D = circleEnv(DRAW_RULES, 'cantabria');

const blinds = () => [
  ...H.open(1, [1, 2, 3, 4]),
  H.bet(2, 'small-blind', 100),
  H.bet(3, 'big-blind', 200),
  H.bet(4, 'seat', 0),
  H.bet(1, 'seat', 0),
  H.close(),
];
const HOLE = ['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC'].map((c, i) => H.card(c, `seat:${[2, 3, 4, 1][i % 4]}`));
const checks = [2, 3, 4, 1].map((s) => H.act(s, 'check'));
/** every interval called or checked through, the river dealt and its interval open */
const toRiver = () => [
  ...blinds(),
  ...HOLE,
  H.act(4, 'call', 200),
  H.act(1, 'call', 200),
  H.act(2, 'call', 100),
  H.act(3, 'check'),
  H.card('4S', 'burn'),
  ...H.cards('board', '7C', '8D', 'JS'),
  ...checks,
  H.card('5S', 'burn'),
  H.card('2D', 'board'),
  ...checks,
  H.card('6S', 'burn'),
  H.card('QD', 'board'),
];

describe('the phases', () => {
  it('are asked of the variant once per env', () => {
    let asked = 0;
    const counted: CircleVariant = { ...HOLDEM, phases: (env) => (asked++, HOLDEM.phases(env)) };
    expect(phasesOf(counted, C)).toBe(HOLDEM_PHASES);
    expect(phasesOf(counted, C)).toBe(HOLDEM_PHASES);
    expect(asked).toBe(1);
    phasesOf(counted, circleEnv(HOLDEM_RULES, 'euskadi'));
    expect(asked).toBe(2);
  });

  it('a seat is due its share, or after a draw as many cards as it discarded (-1 before it declares)', () => {
    const seat = handAfter(HOLDEM_RULES, C, H.open(1, [1, 2, 3, 4])).seats['1'];
    expect(seatDue(HOLDEM_PHASES[0], seat)).toBe(2);
    expect(seatDue(HOLDEM_PHASES[1], seat)).toBe(0);
    expect(seatDue({ burn: 0, seat: [], board: 0, draw: true }, seat)).toBe(-1);
    expect(seatDue({ burn: 0, seat: [], board: 0, draw: true }, { ...seat, owed: 3 })).toBe(3);
  });

  it('the phase is complete with its last card; until then the cards owed are named', () => {
    const short = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE.slice(0, 6)]);
    expect(phaseComplete(HOLDEM, short, C)).toBe(false);
    expect(owedCards(HOLDEM, short, C)).toEqual({ expected: '2 card(s) to seat 1, 2 card(s) to seat 4', recorded: '1 to seat 1, 1 to seat 4' });
    const full = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE]);
    // the deal completed and moved on: the flop's phase owes its burn and three board cards
    expect(full.phase).toBe(1);
    expect(owedCards(HOLDEM, full, C)).toEqual({ expected: '1 burn card(s), 3 board card(s)', recorded: '0 burned, 0 on the board' });
  });

  it('who speaks first in each interval by the rulebook (its last entry repeats)', () => {
    expect([0, 1, 5].map((i) => firstToActKind(D, i))).toEqual(['after-mano', 'opener', 'opener']);
    expect(firstToActKind(C, 3)).toBe('after-mano');
  });
});

describe('intervals opening and closing', () => {
  it("the river's interval closing sends the hand to the showdown", () => {
    const river = handAfter(HOLDEM_RULES, C, toRiver());
    expect(river.interval).toMatchObject({ index: 3, turn: 2 });
    const change = new HandChange(river);
    closeInterval(HOLDEM, change, C);
    expect(change.st).toMatchObject({ interval: null, intervalsDone: 4, handOver: 'showdown', phase: 4 });
    expect(river.handOver).toBeNull();
  });

  it("the flop's interval opens from the seat after the mano, with nothing to match", () => {
    const dealt = handAfter(HOLDEM_RULES, C, toRiver().slice(0, blinds().length + HOLE.length + 8));
    expect(dealt.interval).toMatchObject({ index: 1, toMatch: 0, turn: 2, lastIncrement: 200 });
    expect(Object.values(dealt.seats).map((s) => s.street)).toEqual([0, 0, 0, 0]);
  });

  it('advance waits for the cards owed: nothing happens before the phase is complete', () => {
    const owed = handAfter(HOLDEM_RULES, C, toRiver().slice(0, blinds().length + HOLE.length + 5));
    const change = new HandChange(owed);
    advance(HOLDEM, change, C);
    expect(change.st).toEqual(owed);
  });

  it('nobody opening the first interval of the draw is a blank hand (cantabria L5963–5998)', () => {
    const HANDS: Record<number, string[]> = {
      1: ['AS', 'AD', 'KC', 'KD', 'QH'],
      2: ['9S', '9D', '9C', '2H', '3H'],
      3: ['JS', 'JD', '4C', '5D', '6H'],
      4: ['10S', '10D', '7C', '7D', '2C'],
    };
    const played = [...H.open(4, [1, 2, 3, 4]), ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let k = 0; k < 5; k++) for (const s of [1, 2, 3, 4]) played.push(H.card(HANDS[s][k], `seat:${s}`));
    const st = handAfter(DRAW_RULES, D, [...played, ...[1, 2, 3].map((s) => H.act(s, 'check'))]);
    const change = new HandChange(st);
    closeInterval(DRAW, change, D);
    expect(change.st.handOver).toBe('blank');
    expect(handAfter(DRAW_RULES, D, [...played, ...[1, 2, 3, 4].map((s) => H.act(s, 'check'))]).handOver).toBe('blank');
  });
});
