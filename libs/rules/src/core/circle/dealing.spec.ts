/**
 * The dealing alone (`dealing.ts`): cards judged against the phase that owes them and folded into the hand, the
 * draw, and the cards a hand ended without. Cantabria Texas Hold'em (two hole cards, then flop, turn and river
 * each after one burn: cantabria L6280–6360) and cantabria five-card draw (jacks or better open, up to five cards
 * changed: cantabria L5963–6017, index.md OQ-44).
 */
import { DRAW_VARIANT as DRAW, rules as DRAW_RULES } from '../../games/circle-poker-five-card-draw/rules';
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { owedCards } from './course';
import { applyCard, applyDraw, deckFor, judgeCard, judgeDealEnd, judgeDraw, refuseCard } from './dealing';
import { HandChange } from './hand-change';
import { circleEnv, factOf, H, handAfter } from './spec-support';
import { holeCards } from './state';

const C = circleEnv(HOLDEM_RULES, 'cantabria');
const rules = (findings: { rule: string }[]) => findings.map((f) => f.rule.split('/')[1]);

const HOLE = ['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC'].map((c, i) => H.card(c, `seat:${[2, 3, 4, 1][i % 4]}`));
const blinds = () => [
  ...H.open(1, [1, 2, 3, 4]),
  H.bet(2, 'small-blind', 100),
  H.bet(3, 'big-blind', 200),
  H.bet(4, 'seat', 0),
  H.bet(1, 'seat', 0),
  H.close(),
];
/** the first interval played out: everybody in for 200, the flop owed */
const preflopDone = () => [...blinds(), ...HOLE, H.act(4, 'call', 200), H.act(1, 'call', 200), H.act(2, 'call', 100), H.act(3, 'check')];

describe('the deck and the places a card may go', () => {
  it('52 cards unless the session plays 32 or 28', () => {
    expect(deckFor(C).name).toBe(deckFor(circleEnv(DRAW_RULES, 'cantabria')).name);
    expect(deckFor(circleEnv(DRAW_RULES, 'cantabria', { options: { deckSize: 32 } })).name).toBe('32 cards (7 to ace)');
  });

  it('refuses a card not of the deck and a place that is not a seat, the board or the burn', () => {
    expect(refuseCard(HOLDEM, factOf(H.card('KD', 'seat:3')), C)).toBeNull();
    expect(refuseCard(HOLDEM, factOf(H.card('KD', 'board')), C)).toBeNull();
    expect(refuseCard(HOLDEM, factOf(H.card('KD', 'board:1')), C)).toMatchObject({ field: 'data.to' });
    expect(refuseCard(HOLDEM, factOf(H.card('1X', 'burn')), C)).toMatchObject({ field: 'data.card' });
    expect(refuseCard(DRAW, factOf(H.card('2H', 'seat:1')), circleEnv(DRAW_RULES, 'cantabria', { options: { deckSize: 32 } }))).toMatchObject({
      field: 'data.card',
    });
  });
});

describe('a card against the phase that owes it', () => {
  it('the hole cards in turn are right; a card twice from one deck is not', () => {
    const st = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE.slice(0, 3)]);
    expect(judgeCard(HOLDEM, st, factOf(HOLE[3]), C)).toEqual([]);
    expect(judgeCard(HOLDEM, st, factOf(H.card('KD', 'seat:1')), C)).toMatchObject([
      { code: 'CARD_COUNT_EXCEEDED', rule: 'circle-poker-texas-holdem/deck-composition', expected: 1, recorded: 2 },
    ]);
  });

  it('the flop dealt while the betting is open, without its burn', () => {
    const st = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE]);
    expect(rules(judgeCard(HOLDEM, st, factOf(H.card('7C', 'board')), C))).toEqual(['deal-before-betting-closed', 'burn']);
  });

  it('after the first interval: one burn, then the flop; a second burn or a card to a seat is one too many', () => {
    const st = handAfter(HOLDEM_RULES, C, preflopDone());
    expect(judgeCard(HOLDEM, st, factOf(H.card('4S', 'burn')), C)).toEqual([]);
    expect(judgeCard(HOLDEM, st, factOf(H.card('7C', 'board')), C)).toMatchObject([
      { code: 'DRAW_RULE_VIOLATION', rule: 'circle-poker-texas-holdem/burn', expected: '1 burn card(s) first', recorded: 0 },
    ]);
    expect(judgeCard(HOLDEM, st, factOf(H.card('7C', 'seat:2')), C)).toMatchObject([
      { rule: 'circle-poker-texas-holdem/extra-card', expected: 0, recorded: 1 },
    ]);
    const burned = handAfter(HOLDEM_RULES, C, [...preflopDone(), H.card('4S', 'burn')]);
    expect(judgeCard(HOLDEM, burned, factOf(H.card('5S', 'burn')), C)).toMatchObject([
      { rule: 'circle-poker-texas-holdem/burn', expected: '1 burn card(s) before this phase', recorded: 2 },
    ]);
  });

  it('no card to a seat that folded, nor once the hand is won', () => {
    const folded = handAfter(HOLDEM_RULES, C, [
      ...blinds(),
      ...HOLE,
      H.act(4, 'fold'),
      H.act(1, 'call', 200),
      H.act(2, 'call', 100),
      H.act(3, 'check'),
      H.card('4S', 'burn'),
    ]);
    expect(rules(judgeCard(HOLDEM, folded, factOf(H.card('7C', 'seat:4')), C))).toEqual(['card-to-inactive-seat']);
    const won = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE, H.act(4, 'fold'), H.act(1, 'fold'), H.act(2, 'fold')]);
    expect(won.handOver).toBe('folds');
    expect(rules(judgeCard(HOLDEM, won, factOf(H.card('4S', 'burn')), C))).toEqual(['deal-after-hand-won']);
  });
});

describe('a card folded into the hand', () => {
  it('the last hole card completes the deal: the first interval opens; the state before is not written', () => {
    const st = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE.slice(0, 7)]);
    expect(st.interval).toBeNull();
    const change = new HandChange(st);
    applyCard(HOLDEM, change, factOf(HOLE[7]), C);
    expect(change.st.phase).toBe(1);
    expect(change.st.progress).toEqual({ burn: 0, seats: {}, board: [0, 0] });
    expect(change.st.interval).toMatchObject({ index: 0, turn: 4, toMatch: 200 });
    expect(holeCards(change.st.seats['1'])).toEqual(['AS', 'AC']);
    expect(holeCards(st.seats['1'])).toEqual(['AS']);
    expect(st.progress.seats).toEqual({ 1: 1, 2: 2, 3: 2, 4: 2 });
  });

  it('the burn and the board are counted in the phase', () => {
    const st = handAfter(HOLDEM_RULES, C, [...preflopDone(), H.card('4S', 'burn'), H.card('7C', 'board')]);
    expect(st.burns).toEqual(['4S']);
    expect(st.boards[0]).toEqual(['7C']);
    expect(st.progress).toEqual({ burn: 1, seats: {}, board: [1, 0] });
    expect(owedCards(HOLDEM, st, C)).toEqual({ expected: '3 board card(s)', recorded: '1 on the board' });
  });
});

describe('the draw (cantabria five-card draw)', () => {
  const D = circleEnv(DRAW_RULES, 'cantabria'); // seats ascending; the mano 4, seat 1 speaks first
  const HANDS: Record<number, string[]> = {
    1: ['AS', 'AD', 'KC', 'KD', 'QH'],
    2: ['9S', '9D', '9C', '2H', '3H'],
    3: ['JS', 'JD', '4C', '5D', '6H'],
    4: ['10S', '10D', '7C', '7D', '2C'],
  };
  const dealt = () => {
    const played = [...H.open(4, [1, 2, 3, 4]), ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)), H.close()];
    for (let k = 0; k < 5; k++) for (const s of [1, 2, 3, 4]) played.push(H.card(HANDS[s][k], `seat:${s}`));
    return played;
  };
  /** seat 2 opens with three nines; everybody calls: the draw is next */
  const opened = () => [...dealt(), H.act(1, 'check'), H.act(2, 'bet', 200), H.act(3, 'call', 200), H.act(4, 'call', 200), H.act(1, 'call', 200)];

  it('a draw during the first interval is out of phase; after it, the discards must be cards the seat holds', () => {
    expect(
      rules(
        judgeDraw(
          DRAW,
          handAfter(DRAW_RULES, D, dealt()),
          handAfter(DRAW_RULES, D, dealt()).seats['1'],
          factOf(H.act(1, 'draw', undefined, { discards: ['QH'] })),
          D,
        ),
      ),
    ).toEqual(['draw-out-of-phase']);
    const st = handAfter(DRAW_RULES, D, opened());
    expect(st.interval).toBeNull();
    expect(judgeDraw(DRAW, st, st.seats['1'], factOf(H.act(1, 'draw', undefined, { discards: ['QH'] })), D)).toEqual([]);
    expect(judgeDraw(DRAW, st, st.seats['1'], factOf(H.act(1, 'draw', undefined, { discards: ['2S'] })), D)).toMatchObject([
      { rule: 'circle-poker-five-card-draw/discard-not-held', recorded: ['2S'] },
    ]);
    const six = ['AS', 'AD', 'KC', 'KD', 'QH', '2S'];
    expect(rules(judgeDraw(DRAW, st, st.seats['1'], factOf(H.act(1, 'draw', undefined, { discards: six })), D))).toEqual([
      'maximum-discard',
      'discard-not-held',
    ]);
  });

  it('a declared draw leaves the hand and is owed as many cards; when every seat has its cards the opener speaks first', () => {
    const st = handAfter(DRAW_RULES, D, [...opened(), H.act(1, 'draw', undefined, { discards: [] })]);
    const change = new HandChange(st);
    applyDraw(DRAW, change, change.seat('2')!, factOf(H.act(2, 'draw', undefined, { discards: ['2H', '3H'] })), D);
    expect(change.st.seats['2']).toMatchObject({ discards: ['2H', '3H'], owed: 2 });
    expect(holeCards(change.st.seats['2'])).toEqual(['9S', '9D', '9C']);
    expect(st.seats['2'].owed).toBeNull();
    const declared = handAfter(DRAW_RULES, D, [
      ...opened(),
      ...[1, 2, 3, 4].map((s) => H.act(s, 'draw', undefined, { discards: s === 2 ? ['2H', '3H'] : [] })),
    ]);
    expect(owedCards(DRAW, declared, D)).toEqual({ expected: '2 card(s) to seat 2', recorded: '0 to seat 2' });
    const drawn = handAfter(DRAW_RULES, D, [
      ...opened(),
      ...[1, 2, 3, 4].map((s) => H.act(s, 'draw', undefined, { discards: s === 2 ? ['2H', '3H'] : [] })),
      H.card('9H', 'seat:2'),
      H.card('8C', 'seat:2'),
    ]);
    expect(drawn.interval).toMatchObject({ index: 1, turn: 2 });
  });
});

describe('a hand that ended before every card was dealt', () => {
  it('names the phases never dealt (cantabria L6280–6360)', () => {
    expect(judgeDealEnd(HOLDEM, handAfter(HOLDEM_RULES, C, preflopDone()), C)).toMatchObject([
      {
        code: 'DRAW_RULE_VIOLATION',
        rule: 'circle-poker-texas-holdem/deal-incomplete',
        expected: 'phases 2–4 dealt',
        recorded: '1 of 4 phases dealt',
        message: 'the hand ended without every required card: 1 burn, 3 board card(s), 1 burn, 1 board card(s), 1 burn, 1 board card(s) never dealt',
      },
    ]);
    const won = handAfter(HOLDEM_RULES, C, [...blinds(), ...HOLE, H.act(4, 'fold'), H.act(1, 'fold'), H.act(2, 'fold')]);
    expect(judgeDealEnd(HOLDEM, won, C)).toEqual([]);
  });
});
