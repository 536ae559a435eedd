/**
 * What the judge shows of a hand, alone (`description.ts`): the state described, with the award once the hand is
 * decided, and facts narrated in a line. A cantabria Texas Hold'em hand won by folds before the flop.
 */
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { describeHand, narrateFact } from './description';
import { cantabriaPreflop, circleEnv, factOf, H, handAfter } from './spec-support';

const C = circleEnv(HOLDEM_RULES, 'cantabria');
const dealt = () => cantabriaPreflop({ 1: 10_000, 2: 10_000, 3: 10_000, 4: 10_000 }, ['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC']);

describe('a hand described', () => {
  it('during the first interval: the pot, whose turn, no award yet', () => {
    const d = describeHand(HOLDEM, handAfter(HOLDEM_RULES, C, dealt()), C);
    expect(d).toMatchObject({ mano: 1, pot: 300, board: [], phase: 1, interval: { index: 1, turn: 4, toMatch: 200 }, handOver: null, pots: undefined });
    expect(d.seats.map((s) => [s.seat, s.cards, s.contributed])).toEqual([
      [1, ['AS', 'AC'], 0],
      [2, ['2H', '2C'], 100],
      [3, ['KD', 'KC'], 200],
      [4, ['9S', '9H'], 0],
    ]);
  });

  it('won by folds: the big blind receives the pot (its uncalled 100 back)', () => {
    const d = describeHand(HOLDEM, handAfter(HOLDEM_RULES, C, [...dealt(), H.act(4, 'fold'), H.act(1, 'fold'), H.act(2, 'fold')]), C);
    expect(d.handOver).toBe('folds');
    expect(d.seats.find((s) => s.seat === 3)?.receives).toBe(300);
    expect(d.pots).toEqual([{ index: 0, gross: 200, cagnotte: 0, net: 200, eligible: [3], shares: { 3: 200 } }]);
  });
});

describe('facts narrated', () => {
  it('a decision with the pot after it, and the interval closing', () => {
    const before = handAfter(HOLDEM_RULES, C, [...dealt(), H.act(4, 'call', 200), H.act(1, 'call', 200), H.act(2, 'call', 100)]);
    const check = H.act(3, 'check');
    const after = handAfter(HOLDEM_RULES, C, [...dealt(), H.act(4, 'call', 200), H.act(1, 'call', 200), H.act(2, 'call', 100), check]);
    expect(narrateFact(factOf(check), before, after)).toBe('seat 3 check (pot 800) — the betting interval closes');
    expect(narrateFact(factOf(H.open(1, [1, 2, 3, 4])[1]), before, after)).toBe('hand opened: seats 1, 2, 3, 4, mano at seat 1');
    expect(narrateFact(factOf(H.act(2, 'draw', undefined, { discards: ['2H', '3H'] })), before, after)).toBe('seat 2 changes 2 card(s)');
    expect(narrateFact(factOf(H.close()), before, after)).toBeUndefined();
  });
});
