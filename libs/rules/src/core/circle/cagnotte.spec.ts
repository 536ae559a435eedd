/**
 * The house benefit alone (`cagnotte.ts`) in its three modes (docs/games/circle-poker.md "House benefit"): 5 % of
 * each pot rounded down to the chip (cantabria L5336–5354), a fee per player of a share of the table minimum
 * (euskadi L10825–10828) and a session fee of a share of the table maximum or the seat's resto (index.md OQ-10).
 */
import { HOLDEM_VARIANT as HOLDEM, rules as HOLDEM_RULES } from '../../games/circle-poker-texas-holdem/rules';
import { chargeSessionFee, expectedCagnotte, feeBase, judgeSessionFee } from './cagnotte';
import { cantabriaAllIn, circleEnv, factOf, H, handAfter } from './spec-support';

const fee = (seat: number, base: number, amount: number) =>
  factOf({ type: 'SessionFeeCharged', data: { sessionId: 's-1', roundId: 'r-1', seat, base, amount } });
const RESTOS = { 1: 10_000, 2: 8_000, 3: 6_000, 4: 4_000 };

/** cantabria: seat 4 all-in for 1,000, seat 1 raises to 2,000, seat 2 folds, seat 3 calls */
const allIn = cantabriaAllIn;

describe('a percentage of each pot (the default)', () => {
  it('5 % of the main pot of 3,100 and of the side pot of 2,000, each rounded down to the chip of 100', () => {
    const env = circleEnv(HOLDEM_RULES, 'cantabria');
    expect(expectedCagnotte(HOLDEM, handAfter(HOLDEM_RULES, env, allIn()), env)).toMatchObject({
      base: 5_100,
      amount: 200,
      rule: 'circle-poker-texas-holdem/cagnotte-pot-percentage',
      explanation: '5 % of each pot (3100 → 100, 2000 → 100), rounded down to the smallest chip 100: 200',
    });
  });
});

describe('a fee per player (euskadi L10825–10828)', () => {
  it('20 % of the table minimum of 200 from each of the four players', () => {
    const env = circleEnv(HOLDEM_RULES, 'euskadi', { smallestChip: 10, options: { cagnotteMode: 'per-player-hand-fee', perPlayerFeeRate: 0.2 } });
    expect(expectedCagnotte(HOLDEM, handAfter(HOLDEM_RULES, env, H.open(4, [1, 2, 3, 4])), env)).toMatchObject({
      base: 800,
      amount: 160,
      rule: 'circle-poker-texas-holdem/cagnotte-per-player-hand-fee',
    });
  });
});

describe('a session fee (index.md OQ-10)', () => {
  it("10 % of the table maximum per seat charged, or of the seat's resto", () => {
    const env = circleEnv(HOLDEM_RULES, 'cantabria', { options: { cagnotteMode: 'session-fee' } });
    const opened = handAfter(HOLDEM_RULES, env, H.open(1, [1, 2, 3, 4], RESTOS));
    const charged = chargeSessionFee(chargeSessionFee(opened, fee(1, 20_000, 2_000)), fee(4, 20_000, 2_000));
    expect(charged.fees.map((f) => f.seat)).toEqual([1, 4]);
    expect(opened.fees).toEqual([]);
    expect(expectedCagnotte(HOLDEM, charged, env)).toMatchObject({ base: 40_000, amount: 4_000, rule: 'circle-poker-texas-holdem/cagnotte-session-fee' });
    const byResto = circleEnv(HOLDEM_RULES, 'cantabria', { options: { cagnotteMode: 'session-fee', sessionFeeBase: 'resto' } });
    expect(feeBase(charged, 4, 20_000, byResto)).toBe(4_000);
    expect(feeBase(charged, 9, 3_000, byResto)).toBe(3_000); // not dealt in: the base recorded
    expect(expectedCagnotte(HOLDEM, charged, byResto)).toMatchObject({ base: 14_000, amount: 1_400 });
  });

  it('a session fee where the house takes a percentage of the pot is CAGNOTTE_MISMATCH', () => {
    expect(judgeSessionFee(HOLDEM, fee(1, 20_000, 2_000), circleEnv(HOLDEM_RULES, 'cantabria'))).toMatchObject([
      { code: 'CAGNOTTE_MISMATCH', rule: 'circle-poker-texas-holdem/session-fee', recorded: 2_000 },
    ]);
    expect(judgeSessionFee(HOLDEM, fee(1, 20_000, 2_000), circleEnv(HOLDEM_RULES, 'cantabria', { options: { cagnotteMode: 'session-fee' } }))).toEqual([]);
  });
});
