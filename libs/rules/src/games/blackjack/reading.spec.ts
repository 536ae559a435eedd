/**
 * Two readings (issue 14 §5): the blackjack rulebooks against the independent reading of the original texts
 * (docs/games/readings/blackjack.json), value by value, and the reading's behavioural rules as rounds the judge
 * must get right. Where the readings differed, docs/games/readings/blackjack.resolutions.md gives both, the
 * original lines and the decision.
 */
import { readFileSync } from 'fs';
import { join } from 'path';
import { DEALER_STANDS_ON } from '../../core/blackjack-hand';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor, judge } from '../../core/testing';
import type { ExpectedSettlement, JurisdictionId, SessionContext } from '../../core/types';
import { BlackjackRulebook } from '../../core/blackjack-rulebook';
import { rules as blackjack } from './rules';
import { bet, card, closed, completed, coup, decide, settled, settlementOf, start } from '../../core/blackjack-testing';

interface ReadValue {
  readonly value?: unknown;
  readonly absent?: boolean;
  readonly lines?: string;
}
const reading = JSON.parse(readFileSync(join(__dirname, '../../../../../docs/games/readings/blackjack.json'), 'utf8')) as {
  jurisdictions: Record<string, { values: Record<string, ReadValue>; behaviour: { id: string }[] } | null>;
};
const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const;
const read = (j: JurisdictionId) => reading.jurisdictions[j]!.values;
const rb = (j: JurisdictionId) => blackjack.rulebooks[j]!;
/** the reading's value, or null where it found the text silent */
const valueOf = (j: JurisdictionId, key: string): unknown => {
  const v = read(j)[key];
  return v === undefined || v.absent ? null : v.value;
};
const env = (j: JurisdictionId, overrides: Partial<SessionContext> = {}) =>
  envFor(blackjack, j, { limits: { min: 1000, max: 100_000 }, ...overrides }) as RoundEnv<BlackjackRulebook>;

describe('every value the reader found agrees with the rulebook', () => {
  it('andalucia lists blackjack without rules: no rulebook', () => {
    expect(reading.jurisdictions.andalucia ?? null).toBeNull();
    expect(blackjack.rulebooks.andalucia).toBeUndefined();
  });

  describe.each(JURISDICTIONS)('%s', (j) => {
    const book = rb(j);
    it('the shoe: decks, cut card, burnt cards, the coup after the cut card', () => {
      expect(book.decks.value).toBe(valueOf(j, 'shoe.decks'));
      expect(valueOf(j, 'cut-card.reserve')).toBe('at least one deck (52 cards)');
      expect(52 * book.cutCardReserveDecks.value).toBe(52);
      expect(book.burnCards.value).toBe(valueOf(j, 'burn.count'));
      expect(valueOf(j, 'cut-card.coups-after')).toBe('the coup in progress is the last');
      expect(book.coupsAfterCut.value).toBe(0);
    });
    it('the table: boxes, bettors per box, hands in play', () => {
      expect(book.boxes.value).toBe(valueOf(j, 'seats.max'));
      expect(book.betsPerBox.value).toBe(valueOf(j, 'bets-per-box.max') ?? valueOf(j, 'bettors-per-box.max'));
      expect(book.minimumHands.value).toBe(valueOf(j, 'hands.min'));
    });
    it('the dealer: stands on 17, soft 17 too, no hole card, draws with no competitor only where the text forbids it', () => {
      expect(DEALER_STANDS_ON).toBe(valueOf(j, 'dealer.stands-on'));
      expect(valueOf(j, 'dealer.soft-17')).toBe('stand');
      expect(book.dealerHitsSoft17.value).toBe(false);
      expect(book.dealerDrawsOnlyAgainstLiveHand.value).toBe(valueOf(j, 'dealer.draws-only-with-competitor') === true);
    });
    it('payouts: 1:1, blackjack 3:2, insurance 2:1 up to half the stake (cantabria: at least half the table minimum), three 7s', () => {
      expect(book.winPays.value).toBe(valueOf(j, 'payout.win'));
      expect(book.blackjackPays.value).toBe(valueOf(j, 'payout.blackjack'));
      expect(valueOf(j, 'ranking.blackjack-vs-multicard-21')).toBe('blackjack wins');
      expect(book.insurancePays.value).toBe(valueOf(j, 'payout.insurance'));
      expect(book.insuranceMaxShare.value).toBe(valueOf(j, 'insurance.max'));
      expect(book.insuranceMinShareOfTableMin.value).toBe(valueOf(j, 'insurance.min'));
      expect(book.threeSevensPays.value).toBe(valueOf(j, 'payout.three-sevens-21'));
    });
    it('double, split, surrender', () => {
      const allowedOn = valueOf(j, 'double.allowed-on');
      expect(book.doubleOnTotals.value).toEqual(allowedOn === 'any first two cards' ? null : allowedOn);
      expect(valueOf(j, 'double.cards')).toBe(1);
      expect(book.doubleAfterSplit.value).toBe(String(valueOf(j, 'double.after-split')).startsWith('allowed'));
      expect(env(j).options.doubleAceCountsOne ?? false).toBe(valueOf(j, 'double.ace-counts-one') ?? false);
      expect(valueOf(j, 'split.aces.cards')).toBe(1);
      expect(book.splitAcesOneCard.value).toBe(true);
      expect(valueOf(j, 'surrender.loss')).toBe(0.5);
      expect(env(j).options.surrender).toBe(true);
    });
    it('the maximum: its tiers × the minimum, per hand, exceeded across the hands one seated player holds except in euskadi, where the text is silent', () => {
      expect(book.maxTiers.value).toEqual(valueOf(j, 'limits.max'));
      expect(book.maxMultipleOfMin.value).toBe(Math.max(...(valueOf(j, 'limits.max') as number[])));
      expect(book.maxIsPerHandSum.value).toBe(true);
      expect(book.maxAcrossControlledHands.value).toBe(false);
    });
  });

  it('euskadi pairs: 25, 12, 6 to 1, from half the table minimum, up to 10, 20 or 30 × it, four per box', () => {
    const p = rb('euskadi').pairs.value!;
    expect([p.perfect, p.colour, p.mixed]).toEqual([
      valueOf('euskadi', 'side.pairs.payout.perfect'),
      valueOf('euskadi', 'side.pairs.payout.colour'),
      valueOf('euskadi', 'side.pairs.payout.mixed'),
    ]);
    expect(p.minShareOfTableMin).toBe(valueOf('euskadi', 'side.pairs.min'));
    expect(p.maxMultipleOfMin).toBe(Math.max(...(valueOf('euskadi', 'side.pairs.max') as number[])));
    expect(p.betsPerBox).toBe(4);
    for (const j of ['cantabria', 'illes-balears', 'galicia'] as const) expect(rb(j).pairs.value).toBeNull();
  });

  it('the sevens prizes (minimums) and stake: euskadi and cantabria; illes-balears authorises accumulated prizes with no table', () => {
    const keys = (j: JurisdictionId) => (j === 'euskadi' ? 'side.sevens.' : 'side.jackpot.');
    for (const j of ['euskadi', 'cantabria'] as const) {
      const s = rb(j).sevens.value!;
      const k = keys(j);
      expect(s.maxShareOfTableMin).toBe(valueOf(j, `${k}stake.max`));
      expect(s.prizes!.odds).toEqual({
        seven: valueOf(j, `${k}first-card-7`),
        'two-sevens': valueOf(j, `${k}two-7s-offsuit`),
        'two-suited-sevens': valueOf(j, `${k}two-7s-suited`),
        'three-sevens': valueOf(j, `${k}three-7s-offsuit`),
      });
      expect(valueOf(j, `${k}three-7s-suited`)).toContain(s.prizes!.jackpotFloor.toLocaleString('en'));
      expect(valueOf(j, `${k}only-highest`)).toBe(true);
    }
    expect(rb('illes-balears').sevens.value).toEqual({ maxShareOfTableMin: null, prizes: null });
    expect(rb('galicia').sevens.value).toBeNull();
  });

  it('even money: offered in euskadi, cantabria, illes-balears; galicia does not state it (accepted as insurance of a blackjack, resolutions)', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) expect(valueOf(j, 'even-money.option')).toBeTruthy();
    expect(valueOf('galicia', 'even-money.option')).toBeNull();
    for (const j of JURISDICTIONS) expect(rb(j).evenMoney.value).toBe(true);
  });
});

// ---- the reader's rounds, judged ----------------------------------------------------------------

const outcome = (j: JurisdictionId, facts: PlayedFact[], betId = 'b1', hand?: number, e = env(j)) =>
  settlementOf(blackjack, e, facts, betId, hand) as ExpectedSettlement;
const found = (j: JurisdictionId, facts: PlayedFact[], e = env(j)) => codes(judge(blackjack, e, [...facts, completed()]));

describe.each(JURISDICTIONS)("%s: the reader's rounds", (j) => {
  it('settlement: dealer 19; hands 18, 19, 20 lose, push, win', () => {
    expect(outcome(j, coup(['10H', '8S'], ['10D', '9C']))).toMatchObject({ outcome: 'lose', payout: 0 });
    expect(outcome(j, coup(['10H', '9S'], ['10D', '9C']))).toMatchObject({ outcome: 'push', payout: 0 });
    expect(outcome(j, coup(['10H', 'QS'], ['10D', '9C']))).toMatchObject({ outcome: 'win', payout: 1000 });
  });

  it("payouts: stake 100, A+K against 10+5+6 is paid 150; the dealer's A+K beats 7+7+7", () => {
    expect(outcome(j, coup(['AH', 'KS'], ['10D', '5C', '6S'], { stake: 100 }))).toMatchObject({ outcome: 'win', payout: 150 });
    expect(outcome(j, coup(['7H', '7S', '7C'], ['AD', 'KC'], { stake: 100 }))).toMatchObject({ outcome: 'lose', payout: 0 });
  });

  it('player draws: a hand over 21 loses at once, whatever the dealer makes; no card on 21', () => {
    expect(outcome(j, coup(['10H', '6S', '9C'], ['10D', '6C', 'KS']))).toMatchObject({ outcome: 'lose' });
    expect(found(j, [...coup(['7H', '4S', 'KC', '2C'], ['10D', '8C']), settled('b1', 'lose', 0)])).toContain('DRAW_RULE_VIOLATION');
  });

  it('the dealer stands on 6 + A (soft 17), and drawing on it is a violation', () => {
    expect(found(j, [...coup(['10H', '9S'], ['6D', 'AC']), settled('b1', 'win', 1000)])).toEqual([]);
    expect(found(j, [...coup(['10H', '9S'], ['6D', 'AC', '2S']), settled('b1', 'push', 0)])).toEqual(['DRAW_RULE_VIOLATION']);
  });

  it('every hand bust: the dealer does not draw (no finding); drawing is a finding only in cantabria', () => {
    expect(found(j, [...coup(['10H', '6S', 'KC'], ['10D']), settled('b1', 'lose', 0)])).toEqual([]);
    expect(found(j, [...coup(['10H', '6S', 'KC'], ['10D', '2C', '5S']), settled('b1', 'lose', 0)])).toEqual(
      j === 'cantabria' ? ['DRAW_RULE_VIOLATION', 'DRAW_RULE_VIOLATION'] : [],
    );
  });

  it('insurance: stake 100, dealer A, insures 50, draws K: the insurance wins 100; 60 is above the maximum', () => {
    const insured = (amount: number) => coup(['10H', '9S'], ['AD', 'KC'], { stake: 100, before: [bet('i1', 1, 'insurance', amount)] });
    expect(outcome(j, insured(50), 'i1', undefined, env(j, { limits: { min: 10, max: 1000 } }))).toMatchObject({ outcome: 'win', payout: 100 });
    expect(found(j, [...insured(60), settled('b1', 'lose', 0), settled('i1', 'win', 120)], env(j, { limits: { min: 10, max: 1000 } }))).toContain(
      'BET_ABOVE_MAXIMUM',
    );
  });

  it('split aces: one card each; A + K after a split is 21, paid even money', () => {
    const split = [
      start(),
      bet('b1', 1, 'main', 100),
      bet('b7', 7, 'main', 100),
      card('AH', 'seat:1'),
      card('10C', 'seat:7'),
      card('9D', 'dealer'),
      card('AS', 'seat:1'),
      card('QC', 'seat:7'),
      closed(),
      decide(1, 'split'),
      card('KC', 'seat:1:hand:1'),
      card('5C', 'seat:1:hand:2'),
      card('9S', 'dealer'),
    ];
    expect(outcome(j, split, 'b1', 1)).toMatchObject({ outcome: 'win', payout: 100 });
    expect(
      found(j, [
        ...split.slice(0, -1),
        card('2D', 'seat:1:hand:2'),
        card('9S', 'dealer'),
        settled('b1', 'win', 100, 1),
        settled('b1', 'lose', 0, 2),
        settled('b7', 'win', 100),
      ]),
    ).toContain('DRAW_RULE_VIOLATION');
  });

  it('surrender: against a 10, 10+6 gives up half; against an ace it is not allowed', () => {
    const tenUp = coup(['10H', '6S'], ['10D'], { stake: 100, decisions: [decide(1, 'surrender')] });
    expect(outcome(j, tenUp)).toMatchObject({ outcome: 'half-lost', payout: 0 });
    expect(found(j, [...coup(['10H', '6S'], ['AD', '7C'], { decisions: [decide(1, 'surrender')] }), settled('b1', 'half-lost', 0)])).toContain(
      'BET_NOT_ALLOWED',
    );
  });
});

describe("the reader's rounds where the texts differ", () => {
  it('euskadi: a fifth bet on a box (L1490–1493); cantabria and galicia: a fourth (L774–775, L272)', () => {
    const bets = (n: number) => Array.from({ length: n }, (_, i) => bet(`b${i + 1}`, 3, 'main', 1000));
    expect(codes(judge(blackjack, env('euskadi'), [start(), ...bets(5)]))).toEqual(['BET_NOT_ALLOWED']);
    for (const j of ['cantabria', 'galicia'] as const) expect(codes(judge(blackjack, env(j), [start(), ...bets(4)]))).toEqual(['BET_NOT_ALLOWED']);
    expect(codes(judge(blackjack, env('illes-balears'), [start(), ...bets(5)]))).toEqual([]);
  });

  it('limits: minimum 10, maximum 1,000; one seated player on three hands with 800 each is legal everywhere; 800 + 300 on one hand is not', () => {
    const e = (j: JurisdictionId) => env(j, { limits: { min: 10, max: 1000 } });
    const three = [1, 2, 3].map((s) => bet(`b${s}`, s, 'main', 800, { onBehalfOf: 'p-1' }));
    for (const j of JURISDICTIONS) {
      expect(codes(judge(blackjack, e(j), [start(), ...three]))).toEqual([]);
      expect(codes(judge(blackjack, e(j), [start(), bet('b1', 3, 'main', 800), bet('b2', 3, 'main', 300, { onBehalfOf: 'standing' })]))).toEqual([
        'BET_ABOVE_MAXIMUM',
      ]);
    }
  });

  it("the maximum is one of the text's tiers × the minimum: 120 × is none (euskadi L2116–2118, cantabria L991–993, illes-balears L656–657, galicia L318)", () => {
    const opening = (j: JurisdictionId, max: number) =>
      blackjack.judgeOpening!({ limits: { min: 10, max }, options: {} }, env(j, { limits: { min: 10, max } }));
    for (const j of JURISDICTIONS) {
      expect(opening(j, 1200)).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', rule: 'blackjack/maximum-tier', citation: rb(j).maxTiers.cite }]);
      expect(opening(j, 1000)).toEqual([]);
    }
    // 20 × is a tier in illes-balears and galicia only; 25 × not in cantabria
    expect(opening('galicia', 200)).toEqual([]);
    expect(opening('euskadi', 200)).toHaveLength(1);
    expect(opening('cantabria', 250)).toHaveLength(1);
  });

  it('euskadi: A+7 doubled draws a 2: the ace counts 1, the hand is 10 (L1771–1773)', () => {
    const doubled = coup(['AH', '7S', '2C'], ['10D', '8C'], { stake: 100, decisions: [decide(1, 'double')] });
    expect(outcome('euskadi', doubled)).toMatchObject({ outcome: 'lose', payout: 0 });
  });

  it('galicia: doubling 6+2 is a violation, 5+5 is not (L308)', () => {
    expect(found('galicia', [...coup(['6H', '2S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double')] }), settled('b1', 'push', 0)])).toEqual([
      'BET_NOT_ALLOWED',
    ]);
    expect(found('galicia', [...coup(['5H', '5S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double')] }), settled('b1', 'win', 2000)])).toEqual([]);
  });

  it('cantabria three 7s (L849–852): dealer 19 → 2:1; dealer 10+4+7 → 2:1 (not "de la misma manera"); dealer 7+7+7 → push; dealer A+K → lost', () => {
    const vs = (dealer: string[]) => outcome('cantabria', coup(['7H', '7S', '7C'], dealer, { stake: 100 }));
    expect(vs(['10D', '9C'])).toMatchObject({ outcome: 'win', payout: 200 });
    expect(vs(['10D', '4C', '7S'])).toMatchObject({ outcome: 'win', payout: 200 });
    expect(vs(['7D', '7C', '7S'])).toMatchObject({ outcome: 'push', payout: 0 });
    expect(vs(['AD', 'KC'])).toMatchObject({ outcome: 'lose', payout: 0 });
  });

  it('cantabria: insurance of 4 at a table minimum of 10 is below the minimum of 5 (L871–874)', () => {
    const facts = coup(['10H', '9S'], ['AD', '7C'], { stake: 100, before: [bet('i1', 1, 'insurance', 4)] });
    expect(found('cantabria', [...facts, settled('b1', 'win', 100), settled('i1', 'lose', 0)], env('cantabria', { limits: { min: 10, max: 1000 } }))).toEqual([
      'BET_BELOW_MINIMUM',
    ]);
  });

  it('even money: euskadi only before the first third card (L1731–1734); cantabria and illes-balears set no deadline (L876–878, L604–605): until the dealer draws', () => {
    // box 1 blackjack against the dealer's ace; box 2 draws a third card; then box 1 takes even money
    const late = [
      start(),
      bet('b1', 1, 'main', 1000),
      bet('b2', 2, 'main', 1000),
      card('AH', 'seat:1'),
      card('10C', 'seat:2'),
      card('AD', 'dealer'),
      card('KS', 'seat:1'),
      card('2C', 'seat:2'),
      closed(),
      decide(2, 'hit'),
      card('7C', 'seat:2'),
      decide(1, 'even-money'),
      card('9S', 'dealer'),
      settled('b1', 'win', 1000),
      settled('b2', 'lose', 0),
    ];
    for (const j of ['cantabria', 'illes-balears'] as const) expect(found(j, late)).toEqual([]);
    // galicia takes it as the insurance of a blackjack (L296–298): before the first third card, as insurance
    for (const j of ['euskadi', 'galicia'] as const) expect(found(j, late)).toEqual(['BET_NOT_ALLOWED']);
    // once the dealer has drawn, his hand is decided: no even money anywhere
    const afterDealer = [...late.slice(0, 11), card('KD', 'dealer'), decide(1, 'even-money'), settled('b1', 'win', 1000), settled('b2', 'lose', 0)];
    for (const j of JURISDICTIONS) expect(found(j, afterDealer)).toContain('BET_NOT_ALLOWED');
  });

  it('cantabria and galicia: one box bet on is a coup that may not be dealt (L754–755, L264)', () => {
    for (const j of JURISDICTIONS) {
      const one = found(j, [...coup(['10H', '9S'], ['10D', '8C'], { alone: true }), settled('b1', 'win', 1000)]);
      expect(one).toEqual(j === 'cantabria' || j === 'galicia' ? ['SESSION_RULE_VIOLATION'] : []);
    }
  });

  it('cantabria jackpot: stake 5, three 7s of diamonds: the whole jackpot, at least 25,000 (L964–967)', () => {
    const facts = coup(['7D', '7D', '7D'], ['10S', '8C'], { bets: [bet('s1', 1, 'sevens', 5)] });
    expect(outcome('cantabria', facts, 's1', undefined, env('cantabria', { limits: { min: 10, max: 1000 } }))).toMatchObject({
      outcome: 'win',
      payout: 25_000,
    });
  });

  it("illes-balears: accumulated prizes need the casino's table; without one the bet is unverifiable (L640–645)", () => {
    const facts = coup(['7D', '7C', '5D'], ['10S', '8C'], { bets: [bet('s1', 1, 'sevens', 5)] });
    expect(settlementOf(blackjack, env('illes-balears'), facts, 's1')).toMatchObject({ unverifiable: true });
  });

  it('the shoe: six decks, at least one deck behind the cut card, the coup in which it appears is the last', () => {
    for (const j of JURISDICTIONS)
      expect(blackjack.shoeRules!(env(j))).toMatchObject({ decks: { value: [6] }, cardsBehindCut: { value: { atLeast: 52 } }, coupsAfterCut: { value: 0 } });
  });
});
