/**
 * The showdown alone (`showdown.ts`): the award of a hand, the recorded pot awards judged against it and each
 * seat's settlement. A cantabria Texas Hold'em hand with a short all-in: the main pot to the aces, the side pot
 * split between two equal kings (index.md OQ-08) with the odd chip to the first from the mano (OQ-09), 5 % of
 * each pot to the house (cantabria L5336–5354).
 */
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { awardHand, judgePotAwarded, settleSeat } from './showdown';
import { cantabriaAllIn, cantabriaCheckedDown, circleEnv, factOf, H, handAfter } from './spec-support';

const C = circleEnv(HOLDEM_RULES, 'cantabria');
const query = (seat: number) => ({ bet: { betId: `b${seat}`, seat, betType: 'seat', amount: 0, eventId: `e${seat}`, late: false } });
const award = (potIndex: number, seats: number[], amount: number) =>
  factOf({ type: 'PotAwarded', data: { sessionId: 's-1', roundId: 'r-1', potIndex, seats, amount } });

/** seat 4 all-in for 1,000 with aces; seats 1 and 3 (both kings) go on to the river */
const preflop = cantabriaAllIn;
const toShowdown = cantabriaCheckedDown;

describe('the award', () => {
  const st = handAfter(HOLDEM_RULES, C, toShowdown());

  it('main pot 3,100 less 100 to the aces; side pot 2,000 less 100 split 1,000 / 900 from the mano', () => {
    const a = awardHand(st, HOLDEM, C);
    expect(a.pots.map((p) => [p.gross, p.cagnotte, p.net, Object.fromEntries(p.shares)])).toEqual([
      [3_100, 100, 3_000, { 4: 3_000 }],
      [2_000, 100, 1_900, { 3: 1_000, 1: 900 }],
    ]);
    expect(a.cagnotte).toBe(200);
    expect(a.potBase).toBe(5_100);
  });

  it('the recorded pot awards: right, a wrong amount, a pot that does not exist', () => {
    expect(judgePotAwarded(HOLDEM, st, award(0, [4], 3_000), C)).toEqual([]);
    expect(judgePotAwarded(HOLDEM, st, award(1, [1, 3], 1_900), C)).toEqual([]);
    expect(judgePotAwarded(HOLDEM, st, award(0, [4], 3_100), C)).toMatchObject([
      {
        code: 'PAYOUT_MISMATCH',
        rule: 'circle-poker-texas-holdem/pot-award',
        expected: { amount: 3_000, seats: [4] },
        recorded: { amount: 3_100, seats: [4] },
      },
    ]);
    expect(judgePotAwarded(HOLDEM, st, award(2, [1], 100), C)).toMatchObject([{ code: 'PAYOUT_MISMATCH', expected: 2, recorded: 2 }]);
  });

  it('a pot awarded while the betting goes on is OUTCOME_MISSING', () => {
    expect(judgePotAwarded(HOLDEM, handAfter(HOLDEM_RULES, C, preflop().slice(0, -1)), award(0, [4], 3_000), C)).toMatchObject([
      { code: 'OUTCOME_MISSING', rule: 'circle-poker-texas-holdem/pot-award' },
    ]);
  });
});

describe('settling a seat', () => {
  const st = handAfter(HOLDEM_RULES, C, toShowdown());

  it('each seat receives its pot shares; the folded small blind loses what it put in', () => {
    expect([1, 2, 3, 4].map((s) => settleSeat(HOLDEM, st, query(s), C)).map((v) => ('outcome' in v ? [v.outcome, v.payout] : v))).toEqual([
      ['win', 900],
      ['lose', 0],
      ['win', 1_000],
      ['win', 3_000],
    ]);
    expect(settleSeat(HOLDEM, st, query(2), C)).toMatchObject({
      rule: 'circle-poker-texas-holdem/pot-award',
      explanation: 'seat 2 folded (put in 100): receives 0',
    });
  });

  it('undecided while the betting goes on, and for a seat not dealt in', () => {
    expect(settleSeat(HOLDEM, handAfter(HOLDEM_RULES, C, preflop().slice(0, -1)), query(4), C)).toEqual({ undecided: true, reason: 'the betting is not over' });
    expect(settleSeat(HOLDEM, st, query(7), C)).toEqual({ undecided: true, reason: 'seat 7 was not dealt into the hand' });
  });

  it('a bet nobody called comes back to its bettor (everybody folds to the big blind)', () => {
    const played = [...preflop().slice(0, 15), H.act(4, 'fold'), H.act(1, 'fold'), H.act(2, 'fold')];
    const won = handAfter(HOLDEM_RULES, C, played);
    expect(won.handOver).toBe('folds');
    // the big blind's 200 against the small blind's 100: 100 is uncalled; 5 % of the pot of 200 is 10, below the chip of 100: nothing levied
    expect(settleSeat(HOLDEM, won, query(3), C)).toMatchObject({ outcome: 'win', payout: 300 });
  });
});
