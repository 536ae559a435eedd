/**
 * The betting alone (`betting.ts`): forced bets and decisions judged against the state before them and folded
 * into a hand, on cantabria Texas Hold'em hands (blinds ½ the minimum and the minimum left of the mano, the
 * first interval after the big blind: cantabria L6293–6323) and euskadi's ante (L11227–11231).
 */
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { allowedForced, applyDecision, fixedLimitBet, forcedBetLimits, holdsPairOf, judgeDecision, judgeForcedBet, maxRaise, refuseBetting } from './betting';
import { HandChange } from './hand-change';
import { cantabriaPreflop, circleEnv, factOf, H, handAfter } from './spec-support';

const C = circleEnv(HOLDEM_RULES, 'cantabria'); // seats ascending from the croupier's left, clockwise
const E = circleEnv(HOLDEM_RULES, 'euskadi');
const bet = (seat: number, betType: string, amount: number) => ({ betId: `b${seat}`, seat, betType, amount, eventId: `e${seat}`, late: false });

/** cantabria: mano 1, small blind 2, big blind 3, two cards each; seat 4 speaks first. */
const preflop = () => cantabriaPreflop({ 1: 10_000, 2: 10_000, 3: 10_000, 4: 1_000 }, ['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC']);

describe('forced bets', () => {
  it('the kinds each structure uses', () => {
    expect(allowedForced(C)).toEqual(['small-blind', 'big-blind', 'seat']);
    expect(allowedForced(E)).toEqual(['ante']);
    expect(allowedForced(circleEnv(HOLDEM_RULES, 'euskadi', { options: { forcedBets: 'openings' } }))).toEqual(['opening', 'double-opening', 'ciega', 'seat']);
  });

  it('blinds of ½ the minimum and the minimum (cantabria L6293–6300); an ante of at most ½ the minimum (euskadi L11227–11231)', () => {
    expect(forcedBetLimits(HOLDEM, bet(2, 'small-blind', 100), C)).toEqual({
      min: { amount: 100, rule: 'circle-poker-texas-holdem/small-blind', citation: 'cantabria L6293–6300' },
      max: { amount: 100, rule: 'circle-poker-texas-holdem/small-blind', citation: 'cantabria L6293–6300' },
    });
    expect(forcedBetLimits(HOLDEM, bet(3, 'big-blind', 200), C).max?.amount).toBe(200);
    expect(forcedBetLimits(HOLDEM, bet(3, 'ante', 100), E)).toEqual({
      max: { amount: 100, rule: 'circle-poker-texas-holdem/ante-maximum', citation: 'euskadi L11227–11231' },
    });
  });

  it('the small blind is posted by the seat after the mano; a blind at an ante table is not allowed', () => {
    const opened = handAfter(HOLDEM_RULES, C, H.open(1, [1, 2, 3, 4]));
    expect(judgeForcedBet(HOLDEM, bet(2, 'small-blind', 100), opened, C)).toEqual([]);
    expect(judgeForcedBet(HOLDEM, bet(3, 'small-blind', 100), opened, C)).toMatchObject([
      { code: 'SEQUENCE_VIOLATION', rule: 'circle-poker-texas-holdem/forced-bet-position', expected: 'seat 2', recorded: 'seat 3', betId: 'b3' },
    ]);
    // euskadi plays clockwise from the croupier's right: seat 4 follows the mano 1
    expect(judgeForcedBet(HOLDEM, bet(4, 'small-blind', 100), handAfter(HOLDEM_RULES, E, H.open(1, [1, 2, 3, 4])), E)).toMatchObject([
      { code: 'BET_NOT_ALLOWED', rule: 'circle-poker-texas-holdem/forced-bets', expected: ['ante'], recorded: 'small-blind' },
    ]);
  });

  it('refuses a kind of entry or decision circle poker does not have, and chips that are not whole minor units', () => {
    expect(refuseBetting(factOf(H.bet(1, 'straddle', 400)))).toMatchObject({ field: 'data.betType' });
    expect(refuseBetting(factOf(H.act(1, 'surrender')))).toMatchObject({ field: 'data.decision' });
    expect(refuseBetting(factOf(H.act(1, 'bet', 250.5)))).toMatchObject({ field: 'data.amount' });
    expect(refuseBetting(factOf(H.act(1, 'bet', 400)))).toBeNull();
  });
});

describe('decisions judged against the interval in progress', () => {
  const st = handAfter(HOLDEM_RULES, C, preflop());

  it('the interval opens after the big blind with the big blind to match', () => {
    expect(st.interval).toMatchObject({ index: 0, toMatch: 200, turn: 4, lastIncrement: 200 });
  });

  it('seat 4 calling the big blind is right; seat 1 speaking first is out of turn', () => {
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'call', 200)), C)).toEqual([]);
    expect(judgeDecision(HOLDEM, st, factOf(H.act(1, 'call', 200)), C)).toMatchObject([
      { code: 'SEQUENCE_VIOLATION', rule: 'circle-poker-texas-holdem/action-out-of-turn', expected: 'seat 4', recorded: 'seat 1' },
    ]);
  });

  it('a check facing the big blind, a call of the wrong amount, a raise below the minimum', () => {
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'check')), C).map((f) => f.rule)).toEqual(['circle-poker-texas-holdem/check-facing-bet']);
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'call', 300)), C)).toMatchObject([
      { rule: 'circle-poker-texas-holdem/call-amount', expected: 200, recorded: 300 },
    ]);
    // a raise of 100 over the big blind: the minimum increment is the table minimum, 200
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'raise', 300)), C)).toMatchObject([
      { code: 'BET_BELOW_MINIMUM', rule: 'circle-poker-texas-holdem/minimum-raise', expected: 200, recorded: 100 },
    ]);
  });

  it('table stakes: seat 4 has 1,000 and cannot put in more', () => {
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'raise', 1_200)), C)).toMatchObject([
      { rule: 'circle-poker-texas-holdem/table-stakes', expected: 1_000, recorded: 1_200 },
    ]);
    expect(judgeDecision(HOLDEM, st, factOf(H.act(4, 'all-in', 1_000)), C)).toEqual([]);
  });

  it('pot limit: the pot after the call (300 + 200) is the most a raise adds (euskadi L11233–11243)', () => {
    const env = circleEnv(HOLDEM_RULES, 'cantabria', { options: { structure: 'pot-limit' } });
    const pot = handAfter(HOLDEM_RULES, env, preflop());
    expect(maxRaise(HOLDEM, pot, pot.seats['4'], env)).toMatchObject({ amount: 500, name: 'pot-limit' });
    expect(judgeDecision(HOLDEM, pot, factOf(H.act(4, 'raise', 700)), env)).toEqual([]);
    expect(judgeDecision(HOLDEM, pot, factOf(H.act(4, 'raise', 800)), env)).toMatchObject([
      { code: 'BET_ABOVE_MAXIMUM', rule: 'circle-poker-texas-holdem/pot-limit', expected: 500, recorded: 600 },
    ]);
    expect(maxRaise(HOLDEM, st, st.seats['4'], C)).toBeNull(); // no limit
  });

  it('fixed limit: the minimum in the first two of four intervals, twice it after (INDUSTRY-STANDARD)', () => {
    const env = circleEnv(HOLDEM_RULES, 'cantabria', { options: { structure: 'fixed' } });
    const fixed = handAfter(HOLDEM_RULES, env, preflop());
    expect(fixedLimitBet(HOLDEM, fixed, env)).toBe(200);
    expect(fixedLimitBet(HOLDEM, { ...fixed, interval: { ...fixed.interval!, index: 2 } }, env)).toBe(400);
    expect(judgeDecision(HOLDEM, fixed, factOf(H.act(4, 'raise', 600)), env)).toMatchObject([
      { code: 'BET_ABOVE_MAXIMUM', rule: 'circle-poker-texas-holdem/fixed-limit', expected: 200, recorded: 400 },
    ]);
  });
});

describe('decisions folded into the hand', () => {
  it('a raise reopens the betting for the seats that had spoken and passes the turn; the state before is not written', () => {
    const st = handAfter(HOLDEM_RULES, C, [...preflop(), H.act(4, 'call', 200), H.act(1, 'call', 200)]);
    expect(st.seats['4'].acted).toBe(true);
    const change = new HandChange(st);
    applyDecision(HOLDEM, change, factOf(H.act(2, 'raise', 500)), C);
    expect(change.st.interval).toMatchObject({ toMatch: 600, lastIncrement: 400, aggressor: 2, opener: 2, turn: 3 });
    expect(change.st.seats['2']).toMatchObject({ contributed: 600, street: 600, acted: true, raises: 1 });
    expect([1, 4].map((s) => change.st.seats[s].acted)).toEqual([false, false]);
    expect(st.interval).toMatchObject({ toMatch: 200, turn: 2 });
    expect(st.seats['4'].acted).toBe(true);
  });

  it('the last call closes the interval; the flop is owed next', () => {
    const st = handAfter(HOLDEM_RULES, C, [...preflop(), H.act(4, 'call', 200), H.act(1, 'call', 200), H.act(2, 'call', 100)]);
    const change = new HandChange(st);
    applyDecision(HOLDEM, change, factOf(H.act(3, 'check')), C);
    expect(change.st.interval).toBeNull();
    expect(change.st.intervalsDone).toBe(1);
    expect(change.st.handOver).toBeNull();
  });

  it('everybody else folding wins the hand by folds', () => {
    const st = handAfter(HOLDEM_RULES, C, [...preflop(), H.act(4, 'fold'), H.act(1, 'fold')]);
    const change = new HandChange(st);
    applyDecision(HOLDEM, change, factOf(H.act(2, 'fold')), C);
    expect(change.st.handOver).toBe('folds');
    expect(change.st.interval).toBeNull();
  });
});

describe('openers (cantabria draw: jacks or better)', () => {
  it('a pair of the rank or better, or any better category', () => {
    expect(holdsPairOf(['JS', 'JD', '4C', '5D', '6H'], 11)).toBe(true);
    expect(holdsPairOf(['10S', '10D', '4C', '5D', '6H'], 11)).toBe(false);
    expect(holdsPairOf(['10S', '10D', '4C', '4D', '6H'], 11)).toBe(true);
    expect(holdsPairOf(['AS', 'KD', '4C', '5D', '6H'], 11)).toBe(false);
    expect(holdsPairOf(['JS', 'JD'], 11)).toBe(false);
  });
});
