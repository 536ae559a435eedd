import { codes, judge } from '../../core/testing';
import { cantabriaCheckedDown, cantabriaPreflop as preflopOf, circleEnv, circlePropertySuite, expectedPayouts, H } from '../../core/circle/spec-support';
import { rules as RULES } from './rules';

const E = circleEnv(RULES, 'euskadi'); // seats numbered from the croupier's right, clockwise: descending seat numbers
const C = circleEnv(RULES, 'cantabria'); // No. 1 on the croupier's left, clockwise: ascending seat numbers

/** cantabria: mano 1, small blind 2, big blind 3, seat 4 speaks first. */
const cantabriaPreflop = () => preflopOf({ 1: 10000, 2: 10000, 3: 10000, 4: 10000 }, ['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC']);

describe('circle-poker-texas-holdem — forced bets (Δ games.md: euskadi ante, cantabria blinds)', () => {
  it('cantabria: small blind ½ min left of the mano, big blind = min (cantabria L6293–6300)', () => {
    const played = [...cantabriaPreflop(), H.act(4, 'call', 200), H.act(1, 'call', 200), H.act(2, 'call', 100), H.act(3, 'check')];
    expect(codes(judge(RULES, C, played))).toEqual([]);
    const wrong = played.map((f) => (f.type === 'BetPlaced' && f.data.seat === 2 ? { ...f, data: { ...f.data, amount: 200 } } : f));
    expect(codes(judge(RULES, C, wrong))).toContain('BET_ABOVE_MAXIMUM');
  });

  it('cantabria: the first interval starts after the big blind; seat 1 speaking first is out of turn', () => {
    const played = [...cantabriaPreflop(), H.act(1, 'call', 200)];
    const j = judge(RULES, C, played);
    expect(j.discrepancies.map((d) => d.rule)).toContain('circle-poker-texas-holdem/action-out-of-turn');
  });

  it('euskadi: blinds are not the forced bet (ante, euskadi L12402–12407) → BET_NOT_ALLOWED', () => {
    const played = [...H.open(4, [1, 2, 3, 4]), H.bet(3, 'small-blind', 100)];
    expect(codes(judge(RULES, E, played))).toContain('BET_NOT_ALLOWED');
  });

  it('euskadi: ante at most 50 % of the table minimum (euskadi L11227–11231)', () => {
    expect(codes(judge(RULES, E, [...H.open(4, [1, 2, 3, 4]), H.bet(3, 'ante', 100)]))).toEqual([]);
    expect(codes(judge(RULES, E, [...H.open(4, [1, 2, 3, 4]), H.bet(3, 'ante', 200)]))).toContain('BET_ABOVE_MAXIMUM');
  });
});

describe('circle-poker-texas-holdem — betting', () => {
  it('a raise below the previous raise is BET_BELOW_MINIMUM (minimum-raise)', () => {
    const played = [...cantabriaPreflop(), H.act(4, 'raise', 600), H.act(1, 'raise', 800)];
    const d = judge(RULES, C, played).discrepancies;
    expect(d.map((x) => [x.code, x.rule])).toContainEqual(['BET_BELOW_MINIMUM', 'circle-poker-texas-holdem/minimum-raise']);
  });

  it('a check facing a bet is a SEQUENCE_VIOLATION', () => {
    const played = [...cantabriaPreflop(), H.act(4, 'check')];
    expect(judge(RULES, C, played).discrepancies.map((d) => d.rule)).toContain('circle-poker-texas-holdem/check-facing-bet');
  });

  it('pot limit: a raise above the pot is BET_ABOVE_MAXIMUM (euskadi L11233–11243)', () => {
    const env = circleEnv(RULES, 'cantabria', { options: { structure: 'pot-limit' } });
    // pot 300 + call 200 = 500: seat 4 may raise by at most 500
    const ok = [...cantabriaPreflop(), H.act(4, 'raise', 700)];
    const over = [...cantabriaPreflop(), H.act(4, 'raise', 800)];
    expect(codes(judge(RULES, env, ok))).toEqual([]);
    expect(codes(judge(RULES, env, over))).toContain('BET_ABOVE_MAXIMUM');
  });

  it("euskadi: action passes clockwise, i.e. to the lower seat number (seats from the croupier's right, index.md OQ-40)", () => {
    const base = [
      ...H.open(4, [1, 2, 3, 4]),
      ...[1, 2, 3, 4].map((s) => H.bet(s, 'ante', 100)),
      H.close(),
      ...['2H', 'KD', '9S', 'AS', '2C', 'KC', '9H', 'AC'].map((c, i) => H.card(c, `seat:${[3, 2, 1, 4][i % 4]}`)),
    ];
    expect(codes(judge(RULES, E, [...base, H.act(3, 'check'), H.act(2, 'check')]))).toEqual([]);
    expect(judge(RULES, E, [...base, H.act(1, 'check')]).discrepancies.map((d) => d.rule)).toContain('circle-poker-texas-holdem/action-out-of-turn');
  });
});

describe('circle-poker-texas-holdem — showdown, side pots, split and cagnotte', () => {
  /** seat 4 all-in for 1000 with aces; seats 1 and 3 (both kings) build a side pot and split it */
  const allIn = cantabriaCheckedDown;

  it('main pot to the aces; the side pot split between the two equal kings (index.md OQ-08), odd chip to the first after the mano (OQ-09), 5 % cagnotte on each pot', () => {
    // contributions: 4: 1000, 1: 2000, 2: 100, 3: 2000 → main 3100 (1,3,4), side 2000 (1,3)
    // cagnotte: 5 % of 3100 = 155 → 100 (chip 100); 5 % of 2000 = 100; side net 1900 = 19 chips: seat 3 (first after mano 1) 10, seat 1 9
    const p = expectedPayouts(RULES, C, allIn());
    expect(p).toEqual({ '2': 0, '3': 1000, '4': 3000, '1': 900 });
  });

  it('a wrong award is PAYOUT_MISMATCH; a wrong cagnotte is CAGNOTTE_MISMATCH', () => {
    const good = [
      ...allIn(),
      H.settle(2, 'lose', 0),
      H.settle(3, 'win', 1000),
      H.settle(4, 'win', 3000),
      H.settle(1, 'win', 900),
      H.cagnotte(5100, 200),
      H.done(),
    ];
    expect(judge(RULES, C, good).verdict).toBe('consistent');
    const wrongAward = good.map((f) => (f.type === 'BetSettled' && f.data.betId === 'b1' ? { ...f, data: { ...f.data, payout: 950 } } : f));
    expect(codes(judge(RULES, C, wrongAward))).toEqual(['PAYOUT_MISMATCH']);
    const wrongCagnotte = good.map((f) => (f.type === 'CagnotteDeducted' ? { ...f, data: { ...f.data, amount: 255 } } : f));
    expect(codes(judge(RULES, C, wrongCagnotte))).toEqual(['CAGNOTTE_MISMATCH']);
  });

  it('a dealt river missing from a completed hand is DRAW_RULE_VIOLATION', () => {
    const noRiver = allIn().filter((f) => !(f.type === 'CardDealt' && f.data.card === 'JD'));
    expect(codes(judge(RULES, C, [...noRiver, H.done()]))).toContain('DRAW_RULE_VIOLATION');
  });

  it('a board card without its burn card is DRAW_RULE_VIOLATION (one burn before flop, turn and river)', () => {
    const noBurn = allIn().filter((f) => !(f.type === 'CardDealt' && f.data.card === '4S'));
    expect(judge(RULES, C, noBurn).discrepancies.map((d) => d.rule)).toContain('circle-poker-texas-holdem/burn');
  });
});

circlePropertySuite(RULES);
