import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout, roundFacts } from '../../core/testing';
import type { ExpectedSettlement, JurisdictionId, SessionContext } from '../../core/types';
import { BlackjackRulebook } from '../../core/blackjack-rulebook';
import { rules as blackjack } from './rules';
import { bet, card, cards, closed, completed, coup, decide, fact, settled, settlementOf, start } from '../../core/blackjack-testing';

const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const;
const LIMITS = { min: 1000, max: 100_000 };
const env = (j: JurisdictionId, overrides: Partial<SessionContext> = {}) =>
  envFor(blackjack, j, { limits: LIMITS, ...overrides }) as RoundEnv<BlackjackRulebook>;

const expectSettlement = (j: JurisdictionId, facts: PlayedFact[], betId = 'b1', hand?: number, e = env(j)) =>
  settlementOf(blackjack, e, facts, betId, hand) as ExpectedSettlement;

describe('blackjack payouts (games.md blackjack, Play and payouts)', () => {
  describe.each(JURISDICTIONS)('%s', (j) => {
    it.each([
      ['win 1:1', ['10H', '9S'], ['10D', '8C'], 'win', 1000],
      ['blackjack 3:2', ['AH', 'KS'], ['10D', '8C'], 'win', 1500],
      ['blackjack beats a 21 of three cards', ['AH', 'KS'], ['10D', '5C', '6S'], 'win', 1500],
      ['blackjack against blackjack: push', ['AH', 'KS'], ['AD', 'QC'], 'push', 0],
      ['dealer blackjack beats a 21 of three cards', ['5H', '6S', '10C'], ['AD', 'QC'], 'lose', 0],
      ['tie: push', ['10H', '8S'], ['10D', '8C'], 'push', 0],
      ['lose', ['10H', '7S'], ['10D', '8C'], 'lose', 0],
      ['bust loses even if the dealer busts', ['10H', '6S', '9C'], ['10D', '6C', '9H'], 'lose', 0],
      ['dealer bust pays 1:1', ['10H', '2S'], ['10D', '6C', '9H'], 'win', 1000],
    ])('%s', (_name, player, dealer, outcome, payout) => {
      expect(expectSettlement(j, coup(player, dealer))).toMatchObject({ outcome, payout });
    });

    it('double: 1:1 on twice the stake', () => {
      const facts = coup(['6H', '5S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double')] });
      expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'win', payout: 2000 });
    });

    it('split: settled per hand; a split ace with a ten is 21, not a blackjack, paid 1:1', () => {
      // box 7 holds the second hand in play (cantabria L754–755, galicia L264): 20, stands, wins against 18
      const facts = [
        start(),
        bet('b1', 1, 'main', 1000),
        bet('b7', 7, 'main', 1000),
        card('AH', 'seat:1'),
        card('KD', 'seat:7'),
        card('9D', 'dealer'),
        card('AS', 'seat:1'),
        card('QD', 'seat:7'),
        closed(),
        decide(1, 'split'),
        card('KC', 'seat:1:hand:1'),
        card('5C', 'seat:1:hand:2'),
        card('9S', 'dealer'),
        settled('b7', 'win', 1000),
      ];
      expect(expectSettlement(j, facts, 'b1', 1)).toMatchObject({ outcome: 'win', payout: 1000 });
      expect(expectSettlement(j, facts, 'b1', 2)).toMatchObject({ outcome: 'lose', payout: 0 });
      const mainBet = { betId: 'b1', betType: 'main', amount: 1000, eventId: '', late: false, seat: 1 };
      expect(blackjack.handsToSettle!(blackjack.initialState(env(j)), mainBet, env(j))).toEqual([undefined]);
      const afterSplit = facts.reduce(
        (st, p, i) => blackjack.evolve(st, { eventId: `${i}`, type: p.type, data: p.data }, env(j)),
        blackjack.initialState(env(j)),
      );
      expect(blackjack.handsToSettle!(afterSplit, mainBet, env(j))).toEqual([1, 2]);
      const judged = judge(blackjack, env(j), [...facts, settled('b1', 'win', 1000, 1), completed()]);
      expect(codes(judged)).toEqual(['UNSETTLED_BET']);
    });

    it('insurance pays 2:1 against a dealer blackjack, is lost otherwise', () => {
      const ins = [bet('i1', 1, 'insurance', 500)];
      expect(expectSettlement(j, coup(['10H', '9S'], ['AD', 'KC'], { before: ins }), 'i1')).toMatchObject({ outcome: 'win', payout: 1000 });
      expect(expectSettlement(j, coup(['10H', '9S'], ['AD', '5C', '3S'], { before: ins }), 'i1')).toMatchObject({ outcome: 'lose', payout: 0 });
    });

    it('even money on a blackjack against an ace: 1:1', () => {
      const facts = coup(['AH', 'KS'], ['AD', 'KC'], { before: [decide(1, 'even-money')] });
      expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'win', payout: 1000 });
    });

    it('surrender: half lost', () => {
      const facts = coup(['10H', '6S'], ['10D'], { decisions: [decide(1, 'surrender')] });
      expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'half-lost', payout: 0 });
      expect(codes(judge(blackjack, env(j), [...facts, settled('b1', 'half-lost', 0), completed()]))).toEqual([]);
    });

    it('surrender is refused against a dealer ace', () => {
      const facts = coup(['10H', '6S'], ['AD', '8S'], { decisions: [decide(1, 'surrender')] });
      expect(codes(judge(blackjack, env(j), [...facts, settled('b1', 'half-lost', 0), completed()]))).toContain('BET_NOT_ALLOWED');
    });

    it('3:2 on an odd stake is exact in minor units (contract §7)', () => {
      const facts = [start(), bet('b1', 1, 'main', 1500), card('AH', 'seat:1'), card('9D', 'dealer'), card('KS', 'seat:1'), closed(), card('8C', 'dealer')];
      expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'win', payout: 2250 });
    });
  });
});

describe('drawing rules (DRAW_RULE_VIOLATION)', () => {
  const judged = (j: JurisdictionId, facts: PlayedFact[], outcome = 'win', payout = 1000) =>
    codes(judge(blackjack, env(j), [...facts, settled('b1', outcome, payout), completed()]));

  describe.each(JURISDICTIONS)('%s', (j) => {
    it('the dealer stands on 17', () => expect(judged(j, coup(['10H', '9S'], ['10D', '7C', '2S']), 'lose', 0)).toContain('DRAW_RULE_VIOLATION'));
    it('the dealer stands on soft 17', () => expect(judged(j, coup(['10H', '9S'], ['AD', '6C', '2S']), 'win', 1000)).toContain('DRAW_RULE_VIOLATION'));
    it('the dealer draws on 16', () => expect(judged(j, coup(['10H', '9S'], ['10D', '6C']), 'win', 1000)).toContain('DRAW_RULE_VIOLATION'));
    it('a correct dealer: 16 draws, 17 stands', () => expect(judged(j, coup(['10H', '9S'], ['10D', '6C', 'AS']), 'win', 1000)).toEqual([]));
    it('every box bust: the dealer need not draw (euskadi L1613–1615, cantabria L817–819); standing is no finding', () =>
      expect(judged(j, coup(['10H', '6S', 'KC'], ['10D']), 'lose', 0)).toEqual([]));
    it('the dealer draws only after the deal: a dealer card before every hand has its two cards', () => {
      const early = [
        start(),
        bet('b1', 1, 'main', 1000),
        bet('b7', 7, 'main', 1000),
        card('10H', 'seat:1'),
        card('10C', 'seat:7'),
        card('10D', 'dealer'),
        card('9S', 'seat:1'),
        card('7D', 'dealer'),
        card('9C', 'seat:7'),
        closed(),
      ];
      expect(codes(judge(blackjack, env(j), [...early, settled('b1', 'win', 1000), settled('b7', 'win', 1000), completed()]))).toContain('DRAW_RULE_VIOLATION');
    });
    it('no card to a hand of 21', () => expect(judged(j, coup(['10H', '5S', '6C', '2D'], ['10D', '8C']), 'lose', 0)).toContain('DRAW_RULE_VIOLATION'));
    it('split aces take one card each', () => {
      const facts = [
        start(),
        bet('b1', 1, 'main', 1000),
        card('AH', 'seat:1'),
        card('9D', 'dealer'),
        card('AS', 'seat:1'),
        closed(),
        decide(1, 'split'),
        card('2C', 'seat:1:hand:1'),
        card('3C', 'seat:1:hand:1'),
        card('5C', 'seat:1:hand:2'),
        card('8S', 'dealer'),
      ];
      expect(codes(judge(blackjack, env(j), [...facts, settled('b1', 'lose', 0, 1), settled('b1', 'lose', 0, 2), completed()]))).toContain(
        'DRAW_RULE_VIOLATION',
      );
    });
    it('a doubled hand takes one card only', () => {
      const facts = coup(['2H', '3S', '4C', '5D'], ['10D', '8C'], { decisions: [decide(1, 'double')] });
      expect(judged(j, facts, 'lose', 0)).toContain('DRAW_RULE_VIOLATION');
    });
    it('a new shoe burns its first 5 cards', () => {
      const shoe = { shoeId: 'sh-1', decks: 6, dealt: {} };
      const good = [start(), ...cards('burn', '2H', '3H', '4H', '5H', '6H'), ...coup(['10H', '9S'], ['10D', '8C']).slice(1)];
      expect(codes(judge(blackjack, env(j, { shoe }), [...good, settled('b1', 'win', 1000), completed()]))).toEqual([]);
      const short = [start(), ...cards('burn', '2H', '3H', '4H', '5H'), ...coup(['10H', '9S'], ['10D', '8C']).slice(1)];
      expect(codes(judge(blackjack, env(j, { shoe }), [...short, settled('b1', 'win', 1000), completed()]))).toContain('DRAW_RULE_VIOLATION');
    });
    it('a shoe of more than 6 decks', () => {
      const facts = coup(['10H', '9S'], ['10D', '8C']);
      expect(
        codes(judge(blackjack, env(j, { shoe: { shoeId: 'sh', decks: 8, dealt: { '2H': 1 } } }), [...facts, settled('b1', 'win', 1000), completed()])),
      ).toContain('CARD_COUNT_EXCEEDED');
    });
    it('insurance only against a dealer ace, at most half the bet', () => {
      expect(judged(j, coup(['10H', '9S'], ['10D', '8C'], { before: [bet('i1', 1, 'insurance', 500)] }))).toContain('BET_NOT_ALLOWED');
      const over = codes(
        judge(blackjack, env(j), [
          ...coup(['10H', '9S'], ['AD', '7C'], { before: [bet('i1', 1, 'insurance', 600)] }),
          settled('b1', 'win', 1000),
          settled('i1', 'lose', 0),
          completed(),
        ]),
      );
      expect(over).toContain('BET_ABOVE_MAXIMUM');
    });
    it('a bet on a box after the deal has started', () => {
      const facts = coup(['10H', '9S'], ['10D', '8C'], { before: [bet('b2', 2, 'main', 1000)] });
      expect(codes(judge(blackjack, env(j), [...facts, settled('b1', 'win', 1000), settled('b2', 'void', 0), completed()]))).toContain('BET_AFTER_CLOSE');
    });
    it('refuses a card or a box that does not exist', () => {
      const e = env(j);
      expect(blackjack.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'JK', to: 'seat:1' } }, e)).toMatchObject({ field: 'data.card' });
      expect(blackjack.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'board' } }, e)).toMatchObject({ field: 'data.to' });
      expect(blackjack.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'dealer:play:2' } }, e)).toMatchObject({ field: 'data.to' });
      expect(blackjack.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'fold' } }, e)).toMatchObject({ field: 'data.decision' });
      expect(blackjack.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'AS', to: 'seat:7' } }, e)).toBeNull();
    });
    it("a hand sent as null is the box's only hand, as if not sent (contract: a missing optional field may be null)", () => {
      const e = env(j);
      // refused before as "a hand is numbered from 1": Number(null) is 0
      expect(blackjack.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'double', hand: null } }, e)).toBeNull();
      expect(blackjack.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'double', hand: 0 } }, e)).toMatchObject({
        field: 'data.hand',
      });
      const round = (hand: null | undefined) => {
        const h = hand === null ? { hand: null } : {};
        return [
          ...coup(['6H', '5S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double', h)] }),
          fact('BetSettled', { betId: 'b1', outcome: 'win', payout: 2000, ...h }),
          completed(),
        ];
      };
      // the double is on hand 1: twice the stake, paid 1:1, whether the hand is left out or sent as null
      expect(expectSettlement(j, round(null))).toMatchObject({ outcome: 'win', payout: 2000 });
      expect(codes(judge(blackjack, e, round(null)))).toEqual(codes(judge(blackjack, e, round(undefined))));
      expect(codes(judge(blackjack, e, round(null)))).toEqual([]);
    });
  });
});

describe('regional differences (Δ rows of games.md blackjack)', () => {
  const judgeBets = (j: JurisdictionId, bets: PlayedFact[], e = env(j)) => codes(judge(blackjack, e, [start(), ...bets]));

  it('Δ boxes: euskadi up to 9 (L1486–1488); cantabria, galicia, illes-balears 7, illes-balears "a nou" 9 as option', () => {
    const box9 = { eventId: 'x', type: 'BetPlaced', data: { betId: 'b', seat: 9, betType: 'main', amount: 1000 } };
    expect(blackjack.refuse!(box9, env('euskadi'))).toBeNull();
    for (const j of ['cantabria', 'illes-balears', 'galicia'] as const) expect(blackjack.refuse!(box9, env(j))).toMatchObject({ field: 'data.seat' });
    expect(blackjack.refuse!(box9, env('illes-balears', { options: { boxes: 9 } }))).toBeNull();
  });

  it('Δ bettors per box: euskadi 4 (L1490–1498), cantabria and galicia 3 (L774–775, L272), illes-balears not limited', () => {
    const bets = [1, 2, 3, 4].map((n) => bet(`b${n}`, 1, 'main', 1000));
    expect(judgeBets('euskadi', bets)).toEqual([]);
    expect(judgeBets('euskadi', [...bets, bet('b5', 1, 'main', 1000)])).toEqual(['BET_NOT_ALLOWED']);
    expect(judgeBets('cantabria', bets)).toEqual(['BET_NOT_ALLOWED']);
    expect(judgeBets('galicia', bets)).toEqual(['BET_NOT_ALLOWED']);
    expect(judgeBets('illes-balears', [...bets, bet('b5', 1, 'main', 1000)])).toEqual([]);
  });

  it('Δ max per hand: the sum of the bets on one hand may not pass the maximum (all four, euskadi L2120–2122)', () => {
    for (const j of JURISDICTIONS) {
      expect(judgeBets(j, [bet('b1', 1, 'main', 60_000), bet('b2', 1, 'main', 50_000)])).toEqual(['BET_ABOVE_MAXIMUM']);
      expect(judgeBets(j, [bet('b1', 1, 'main', 60_000), bet('b2', 2, 'main', 50_000)])).toEqual([]);
    }
  });

  it('Δ several hands held by one seated player: the maximum is per hand and may be exceeded across them, in every text (cantabria L995–998, galicia L318, illes-balears L659–660 read "per mà i pot", euskadi L2120–2122 per hand only)', () => {
    // illes-balears L659–660: "El màxim s'entén per mà i pot ser sobrepassat en el supòsit d'un jugador assegut,
    // titular de diverses mans d'altres jugadors" (the OCR merged "mà i" into "mai", which inverted the rule):
    // a seated player holding two hands stakes 60,000 and 50,000 under a 100,000 maximum: legal
    const bets = [bet('b1', 1, 'main', 60_000, { onBehalfOf: 'p-1' }), bet('b2', 2, 'main', 50_000, { onBehalfOf: 'p-1' })];
    for (const j of JURISDICTIONS) expect(judgeBets(j, bets)).toEqual([]);
    // still per hand: the same two stakes on ONE hand pass the maximum
    for (const j of JURISDICTIONS)
      expect(judgeBets(j, [bet('b1', 1, 'main', 60_000, { onBehalfOf: 'p-1' }), bet('b2', 1, 'main', 50_000, { onBehalfOf: 'p-2' })])).toEqual([
        'BET_ABOVE_MAXIMUM',
      ]);
  });

  it('Δ maximum multiple: at most 200 × the minimum whatever the session says (euskadi L2116–2118, cantabria L991–993, illes-balears L656–657, galicia L318)', () => {
    for (const j of JURISDICTIONS) {
      const e = env(j, { limits: { min: 1000, max: 500_000 } });
      expect(judgeBets(j, [bet('b1', 1, 'main', 200_000)], e)).toEqual([]);
      expect(judgeBets(j, [bet('b1', 1, 'main', 201_000)], e)).toEqual(['BET_ABOVE_MAXIMUM']);
    }
  });

  it('Δ double: any total in euskadi, cantabria, illes-balears; only on 9, 10 or 11 in galicia (L308–310)', () => {
    const facts = coup(['6H', '2S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double')] });
    const run = (j: JurisdictionId) => codes(judge(blackjack, env(j), [...facts, settled('b1', 'push', 0), completed()]));
    expect(run('euskadi')).toEqual([]);
    expect(run('cantabria')).toEqual([]);
    expect(run('illes-balears')).toEqual([]);
    expect(run('galicia')).toEqual(['BET_NOT_ALLOWED']);
    const eleven = coup(['6H', '5S', 'KC'], ['10D', '8C'], { decisions: [decide(1, 'double')] });
    expect(codes(judge(blackjack, env('galicia'), [...eleven, settled('b1', 'win', 2000), completed()]))).toEqual([]);
  });

  it('Δ OQ-12 euskadi: an ace in a doubled hand counts 1 (index.md OQ-12); soft as usual elsewhere and with the option off', () => {
    // A+5 doubled, takes a 5: 11 in euskadi (loses to 18), 21 elsewhere (wins)
    const facts = coup(['AH', '5S', '5C'], ['10D', '8C'], { decisions: [decide(1, 'double')] });
    expect(expectSettlement('euskadi', facts)).toMatchObject({ outcome: 'lose', payout: 0 });
    expect(expectSettlement('euskadi', facts, 'b1', undefined, env('euskadi', { options: { doubleAceCountsOne: false } }))).toMatchObject({
      outcome: 'win',
      payout: 2000,
    });
    // galicia does not allow doubling a soft 6 at all (9–11 only); the other two count the ace 11
    for (const j of ['cantabria', 'illes-balears'] as const) expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'win', payout: 2000 });
  });

  it('Δ three 7s pay 2:1 in cantabria unless the dealer makes them too (L850–852); 1:1 elsewhere', () => {
    const facts = coup(['7H', '7S', '7C'], ['10D', '8C']);
    expect(expectSettlement('cantabria', facts)).toMatchObject({ outcome: 'win', payout: 2000 });
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectSettlement('cantabria', coup(['7H', '7S', '7C'], ['7D', '7C', '7S']))).toMatchObject({ outcome: 'push', payout: 0 });
    // the dealer's 21 of other cards neither wins nor equals it "de la misma manera": still 2:1
    expect(expectSettlement('cantabria', coup(['7H', '7S', '7C'], ['10D', '5C', '6S']))).toMatchObject({ outcome: 'win', payout: 2000 });
  });

  it('cantabria: three 7s LOSE to a dealer blackjack (L845–847: a blackjack always beats a 21 of more than two cards; L850–852: 2:1 only "siempre que la banca no gane")', () => {
    const facts = coup(['7H', '7S', '7C'], ['AD', 'KC']);
    for (const j of JURISDICTIONS) expect(expectSettlement(j, facts)).toMatchObject({ outcome: 'lose', payout: 0 });
    expect(codes(judge(blackjack, env('cantabria'), [...facts, settled('b1', 'lose', 0), completed()]))).toEqual([]);
    expect(codes(judge(blackjack, env('cantabria'), [...facts, settled('b1', 'win', 2000), completed()]))).toEqual(['PAYOUT_MISMATCH']);
  });

  it("the sevens side bet depends only on the player's cards (euskadi L1897–1899, cantabria L930–932): three 7s win 200:1 even against a dealer blackjack", () => {
    const facts = coup(['7H', '7S', '7C'], ['AD', 'KC'], { bets: [bet('s1', 1, 'sevens', 500)] });
    for (const j of ['euskadi', 'cantabria'] as const) expect(expectSettlement(j, facts, 's1')).toMatchObject({ outcome: 'win', payout: 100_000 });
  });

  it('Δ insurance minimum: half the table minimum in cantabria (L854–874); none elsewhere', () => {
    const ins = coup(['10H', '9S'], ['AD', '7C'], { before: [bet('i1', 1, 'insurance', 400)] });
    const run = (j: JurisdictionId) => codes(judge(blackjack, env(j), [...ins, settled('b1', 'win', 1000), settled('i1', 'lose', 0), completed()]));
    expect(run('cantabria')).toEqual(['BET_BELOW_MINIMUM']);
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(run(j)).toEqual([]);
  });

  describe('Δ pairs side bet: euskadi only (L1777–1891)', () => {
    it.each([
      ['perfect pair 25:1', ['KH', 'KH'], 'win', 25_000],
      ['colour pair 12:1', ['QC', 'QS'], 'win', 12_000],
      ['mixed pair 6:1', ['7H', '7C'], 'win', 6_000],
      ['no pair', ['7H', '8C'], 'lose', 0],
    ])('euskadi %s', (_n, player, outcome, payout) => {
      const facts = coup([...player], ['10D', '8C'], { bets: [bet('p1', 1, 'pairs', 1000)] });
      expect(expectSettlement('euskadi', facts, 'p1')).toMatchObject({ outcome, payout });
    });
    it('not a bet in cantabria, illes-balears, galicia', () => {
      for (const j of ['cantabria', 'illes-balears', 'galicia'] as const)
        expect(judgeBets(j, [bet('b1', 1, 'main', 1000), bet('p1', 1, 'pairs', 1000)])).toEqual(['BET_NOT_ALLOWED']);
    });
    it('euskadi: min ½ table min, max 30 × min, a main bet on the box, not switched off by the casino (L2024–2028)', () => {
      expect(judgeBets('euskadi', [bet('b1', 1, 'main', 1000), bet('p1', 1, 'pairs', 400)])).toEqual(['BET_BELOW_MINIMUM']);
      expect(judgeBets('euskadi', [bet('b1', 1, 'main', 1000), bet('p1', 1, 'pairs', 31_000)])).toEqual(['BET_ABOVE_MAXIMUM']);
      expect(judgeBets('euskadi', [bet('p1', 2, 'pairs', 1000)])).toEqual(['BET_NOT_ALLOWED']);
      expect(judgeBets('euskadi', [bet('b1', 1, 'main', 1000), bet('p1', 1, 'pairs', 1000)], env('euskadi', { options: { pairsAllowed: false } }))).toEqual([
        'BET_NOT_ALLOWED',
      ]);
    });
  });

  describe('Δ sevens jackpot side bet', () => {
    const sevens = (player: string[]) => coup(player, ['10D', '8C'], { bets: [bet('s1', 1, 'sevens', 500)] });
    it.each([
      ['first card 7: 2:1', ['7H', '2C', '5D'], 1000],
      ['two 7s of different suits: 10:1', ['7H', '7C', '5D'], 5000],
      ['two 7s of the same suit: 50:1 (index.md OQ-13)', ['7H', '7H', '5D'], 25_000],
      ['three 7s of different suits: 200:1', ['7H', '7C', '7D'], 100_000],
      ['first card not a 7: lost', ['2H', '7C', '7D'], 0],
    ])('euskadi and cantabria: %s', (_n, player, payout) => {
      for (const j of ['euskadi', 'cantabria'] as const) expect(expectSettlement(j, sevens([...player]), 's1')).toMatchObject({ payout });
    });
    it('three suited 7s: the whole jackpot, at least 2,000 × the stake in euskadi (L1996–1999), 5,000 × in cantabria (L926–976)', () => {
      expect(expectSettlement('euskadi', sevens(['7H', '7H', '7H']), 's1')).toMatchObject({ outcome: 'win', payout: 1_000_000 });
      expect(expectSettlement('cantabria', sevens(['7H', '7H', '7H']), 's1')).toMatchObject({ outcome: 'win', payout: 2_500_000 });
      const more = settlementOf(blackjack, env('euskadi'), sevens(['7H', '7H', '7H']), 's1', undefined, { outcome: 'win', payout: 3_000_000 });
      expect(more).toMatchObject({ payout: 3_000_000 });
    });
    it('OQ-13 option: the Basque 10:1 for two suited 7s', () => {
      const e = env('euskadi', { options: { sevensSuitedPairPays: 10 } });
      expect(expectSettlement('euskadi', sevens(['7H', '7H', '5D']), 's1', undefined, e)).toMatchObject({ payout: 5000 });
    });
    it('illes-balears: no prize table, unverifiable without one (index.md OQ-52); galicia: not a bet', () => {
      expect(settlementOf(blackjack, env('illes-balears'), sevens(['7H', '7C', '5D']), 's1')).toMatchObject({ unverifiable: true });
      const configured = env('illes-balears', {
        options: { sevensPrizes: { odds: { seven: 3, 'two-sevens': 15, 'two-suited-sevens': 60, 'three-sevens': 300 }, jackpotFloor: 1000 } },
      });
      expect(expectSettlement('illes-balears', sevens(['7H', '7C', '5D']), 's1', undefined, configured)).toMatchObject({ payout: 7500 });
      expect(judgeBets('galicia', [bet('b1', 1, 'main', 1000), bet('s1', 1, 'sevens', 500)])).toEqual(['BET_NOT_ALLOWED']);
    });
    it('euskadi and cantabria: the stake at most half the table minimum', () => {
      for (const j of ['euskadi', 'cantabria'] as const)
        expect(judgeBets(j, [bet('b1', 1, 'main', 1000), bet('s1', 1, 'sevens', 600)])).toEqual(['BET_ABOVE_MAXIMUM']);
    });
    describe('three suited 7s where the table plays a sevens pool: "el valor total de la apuesta acumulada, que en ningún caso podrá ser inferior a 2.000 veces el valor de la apuesta" (euskadi L1996–1999)', () => {
      // stake 500: the floor is 1,000,000; the pool pays its whole value (JackpotWon), the table what the pool lacks of it
      const withPool = (current: number) =>
        env('euskadi', { jackpotPools: { P: { poolId: 'P', current, contributionAmount: 100, prizes: { 'three-suited-sevens': { share: 1 } } } } });
      const round = (current: number, tablePays: number, contributed = 0) => {
        const won = current + contributed;
        const facts = coup(['7H', '7H', '7H'], ['10D', '8C'], {
          bets: [bet('s1', 1, 'sevens', 500), ...(contributed ? [fact('JackpotContributed', { poolId: 'P', amount: contributed })] : [])],
        });
        return codes(
          judge(blackjack, withPool(current), [
            ...facts,
            settled('b1', 'win', 1000),
            settled('s1', 'win', tablePays),
            fact('JackpotWon', { poolId: 'P', seat: 1, hand: 'three-suited-sevens', amount: won }),
            completed(),
          ]),
        );
      };
      it('a pool at or above the floor pays it all: the table pays nothing on the bet', () => {
        expect(round(1_000_000, 0)).toEqual([]);
        expect(round(5_000_000, 0)).toEqual([]);
        expect(round(5_000_000, 1_000)).toEqual(['PAYOUT_MISMATCH']);
      });
      it('a pool below the floor: the table pays what it lacks, at least; less is a finding', () => {
        expect(round(200_000, 800_000)).toEqual([]);
        expect(round(200_000, 900_000)).toEqual([]);
        expect(round(200_000, 0)).toEqual(['PAYOUT_MISMATCH']);
        expect(round(200_000, 799_500)).toEqual(['PAYOUT_MISMATCH']);
      });
      it("what the round put into the pool before the prize counts: the table's share is that much less", () => {
        expect(round(200_000, 799_900, 100)).toEqual([]);
        expect(round(200_000, 799_800, 100)).toEqual(['PAYOUT_MISMATCH']);
      });
    });
    it('jackpotHand names the highest sevens combination of the box', () => {
      const e = env('euskadi');
      const state = blackjack.initialState(e);
      const after = sevens(['7H', '7H', '7H']).reduce((s, f, i) => blackjack.evolve(s, { eventId: `${i}`, type: f.type, data: f.data }, e), state);
      expect(blackjack.jackpotHand!(after, 1, e)).toBe('three-suited-sevens');
      expect(blackjack.jackpotHand!(after, 2, e)).toBeNull();
    });
  });

  it('Δ surrender optional per casino in euskadi (L2024–2028): refused when the table does not accept it', () => {
    const facts = coup(['10H', '6S'], ['10D'], { decisions: [decide(1, 'surrender')] });
    expect(codes(judge(blackjack, env('euskadi', { options: { surrender: false } }), [...facts, settled('b1', 'half-lost', 0), completed()]))).toEqual([
      'BET_NOT_ALLOWED',
    ]);
  });
});

describe('options, replay state and narrative', () => {
  it('dealerHitsSoft17: a session may make the dealer draw on soft 17', () => {
    const e = env('cantabria', { options: { dealerHitsSoft17: true } });
    const facts = coup(['10H', '9S'], ['AD', '6C', '2S']);
    expect(codes(judge(blackjack, e, [...facts, settled('b1', 'push', 0), completed()]))).toEqual([]);
    const stood = coup(['10H', '9S'], ['AD', '6C']);
    const found = judge(blackjack, e, [...stood, settled('b1', 'win', 1000), completed()]).discrepancies;
    expect(found.map((d) => [d.code, d.citation])).toContainEqual(['DRAW_RULE_VIOLATION', 'session option dealerHitsSoft17 (cantabria L805–819)']);
  });
  it('describe gives cards and totals per box and hand; narrate the running total', () => {
    const facts = [
      ...coup(['AH', 'AS'], ['9D'], { decisions: [decide(1, 'split')], alone: true }),
      card('KC', 'seat:1:hand:1'),
      card('5C', 'seat:1:hand:2'),
      card('9S', 'dealer'),
    ];
    const j = judge(blackjack, env('euskadi'), facts);
    const last = j.steps[j.steps.length - 1];
    expect(last.state).toMatchObject({
      game: {
        dealer: { cards: ['9D', '9S'], total: 18 },
        boxes: [
          {
            seat: 1,
            hands: [
              { hand: 1, cards: ['AH', 'KC'], total: 21 },
              { hand: 2, cards: ['AS', '5C'], total: 16 },
            ],
          },
        ],
      },
    });
    expect(last.narrative).toBe('9S to the dealer: 18');
    expect(j.steps[j.steps.length - 3].narrative).toBe('KC to box 1 hand 1: 21');
  });
});

describe('property: the croupier plays by the rules, and every single change is caught', () => {
  const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });
  const playOne = (j: JurisdictionId, s: number) => {
    const e = env(j);
    return roundFacts(blackjack.play!({ env: e, sessionId: 's-1', roundId: `r-${s}`, random: seededRandom(s), seats: [1, 2, 3, 4, 5], memory: {} }));
  };

  describe.each(JURISDICTIONS)('%s', (j) => {
    it('a played round is consistent', () => {
      fc.assert(
        fc.property(seed, (s) => judge(blackjack, env(j), playOne(j, s)).verdict === 'consistent'),
        { numRuns: 150 },
      );
    });
    it('a changed payout is PAYOUT_MISMATCH', () => {
      fc.assert(
        fc.property(seed, fc.nat(), fc.constantFrom(-100, 100, 1000), (s, i, delta) => {
          const mutated = mutatePayout(playOne(j, s), i, delta);
          return mutated === null || codes(judge(blackjack, env(j), mutated)).includes('PAYOUT_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });
    it("a dealer's draw removed or added is DRAW_RULE_VIOLATION", () => {
      fc.assert(
        fc.property(seed, fc.boolean(), (s, remove) => {
          const facts = playOne(j, s);
          const dealerAt = facts
            .map((f, i) => [f, i] as const)
            .filter(([f]) => f.type === 'CardDealt' && f.data.to === 'dealer')
            .map(([, i]) => i);
          const out = [...facts];
          if (remove) {
            if (dealerAt.length < 2) return true;
            out.splice(dealerAt[dealerAt.length - 1], 1);
          } else {
            out.splice(dealerAt[dealerAt.length - 1] + 1, 0, fact('CardDealt', { card: '2C', to: 'dealer' }));
          }
          return codes(judge(blackjack, env(j), out)).includes('DRAW_RULE_VIOLATION');
        }),
        { numRuns: 100 },
      );
    });
    it('a cagnotte is CAGNOTTE_MISMATCH (blackjack takes none); a commission is COMMISSION_MISMATCH', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const facts = playOne(j, s);
          const cagnotte = codes(judge(blackjack, env(j), mutateCagnotte(facts, 100))).includes('CAGNOTTE_MISMATCH');
          const at = facts.findIndex((f) => f.type === 'RoundCompleted');
          const betId = facts.find((f) => f.type === 'BetSettled')!.data.betId;
          const withCommission = [...facts.slice(0, at), fact('CommissionCharged', { betId, amount: 100 }), ...facts.slice(at)];
          return cagnotte && codes(judge(blackjack, env(j), withCommission)).includes('COMMISSION_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });
    it('a bet over the maximum is BET_ABOVE_MAXIMUM', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const mutated = mutateOverMaximum(playOne(j, s), LIMITS.max);
          return mutated === null || codes(judge(blackjack, env(j), mutated)).includes('BET_ABOVE_MAXIMUM');
        }),
        { numRuns: 100 },
      );
    });
  });
});

describe('the dealer drawing with no live hand (issue 14 §3): a finding only where the text requires a competitor', () => {
  // every box bust; the dealer (10) draws 6 and 7 anyway
  const allBust = coup(['10H', '6S', 'KC'], ['10D', '6C', '7S']);
  const run = (j: JurisdictionId) => judge(blackjack, env(j), [...allBust, settled('b1', 'lose', 0), completed()]).discrepancies;
  it('cantabria L805–807: "se dará a sí mismo una o varias cartas, siempre que tenga competidor"', () => {
    const draw = { code: 'DRAW_RULE_VIOLATION', rule: 'blackjack/dealer-draw', citation: 'cantabria L805–807' };
    expect(run('cantabria')).toMatchObject([draw, draw]);
  });
  it('euskadi L1613–1615 ("no necesitará tomar más cartas": he need not, he may), illes-balears L561–569 and galicia L284–286 (silent): no finding', () => {
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(run(j)).toEqual([]);
  });
  it('the rulebook value and its citation per jurisdiction', () => {
    const value = (j: JurisdictionId) => blackjack.rulebooks[j]!.dealerDrawsOnlyAgainstLiveHand;
    expect(value('cantabria')).toEqual({ value: true, cite: 'cantabria L805–807' });
    expect(value('euskadi')).toEqual({ value: false, cite: 'euskadi L1613–1615' });
    expect(value('illes-balears')).toEqual({ value: false, cite: 'illes-balears L561–569' });
    expect(value('galicia')).toEqual({ value: false, cite: 'galicia L284–286' });
  });
  it('even where he may draw, a dealer who draws must still stand on 17 (euskadi L1604–1607)', () => {
    const past17 = coup(['10H', '6S', 'KC'], ['10D', '7C', '2S']);
    const found = (j: JurisdictionId) => judge(blackjack, env(j), [...past17, settled('b1', 'lose', 0), completed()]).discrepancies.map((d) => d.message);
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as const) expect(found(j)).toEqual(['dealer has 17 and must stand on 17 or more']);
    expect(found('cantabria')).toEqual(['dealer drew with no hand left to compete with', 'dealer has 17 and must stand on 17 or more']);
  });
});

describe('at least two hands in play (cantabria L754–755, galicia L264; not in euskadi nor illes-balears)', () => {
  const run = (j: JurisdictionId, facts: PlayedFact[]) => judge(blackjack, env(j), [...facts, settled('b1', 'win', 1000), completed()]);
  const minimumHands = (j: JurisdictionId, facts: PlayedFact[]) => run(j, facts).discrepancies.filter((d) => d.rule === 'blackjack/minimum-hands');

  it('"No podrá iniciarse o continuar la partida con menos de dos manos apostadas": a coup dealt to one hand', () => {
    const one = coup(['10H', '9S'], ['10D', '8C'], { alone: true });
    for (const j of ['cantabria', 'galicia'] as const) {
      expect(minimumHands(j, one)).toMatchObject([
        { code: 'SESSION_RULE_VIOLATION', citation: j === 'cantabria' ? 'cantabria L754–755' : 'galicia L264', expected: 2, recorded: 1 },
      ]);
    }
    for (const j of ['euskadi', 'illes-balears'] as const) expect(codes(run(j, one))).toEqual([]);
  });

  it('hands, not players: one seated player on two boxes plays two hands (legal)', () => {
    const twoBoxes = coup(['10H', '9S'], ['10D', '8C']).map((f) =>
      f.type === 'BetPlaced' && f.data.betId === 'b7' ? bet('b7', 7, 'main', 1000, { onBehalfOf: 'p-1' }) : f,
    );
    for (const j of JURISDICTIONS) expect(codes(run(j, twoBoxes))).toEqual([]);
  });

  it('two players betting on one box are still one hand (cantabria L747–752, L774–775)', () => {
    const oneBoxTwoBettors = coup(['10H', '9S'], ['10D', '8C'], { alone: true, bets: [bet('b2', 1, 'main', 1000, { onBehalfOf: 'standing' })] });
    const judged = judge(blackjack, env('cantabria'), [...oneBoxTwoBettors, settled('b1', 'win', 1000), settled('b2', 'win', 1000), completed()]);
    expect(codes(judged)).toEqual(['SESSION_RULE_VIOLATION']);
  });

  it('the rule bites when the coup is dealt: one bet and no card yet is no finding', () => {
    for (const j of ['cantabria', 'galicia'] as const) expect(codes(judge(blackjack, env(j), [start(), bet('b1', 1, 'main', 1000)]))).toEqual([]);
  });

  it('the croupier never deals to fewer than two hands: a lone seated player also bets a vacant box (cantabria L745–747)', () => {
    for (const j of JURISDICTIONS) {
      for (let s = 1; s <= 30; s++) {
        const facts = roundFacts(blackjack.play!({ env: env(j), sessionId: 's-1', roundId: `r-${s}`, random: seededRandom(s), seats: [3], memory: {} }));
        expect(judge(blackjack, env(j), facts).verdict).toBe('consistent');
        const boxes = new Set(facts.filter((f) => f.type === 'BetPlaced' && f.data.betType === 'main').map((f) => f.data.seat));
        expect(boxes.size).toBe(j === 'cantabria' || j === 'galicia' ? 2 : 1);
      }
    }
  });
});

describe('shoeRules: six decks, the cut card leaves at least one deck, the coup in which it comes out is the last', () => {
  it.each([
    ['euskadi', 'euskadi L1335–1337', 'euskadi L2150–2153', 'euskadi L2164–2167'],
    ['cantabria', 'cantabria L632–634', 'cantabria L1025–1028', 'cantabria L1035–1039'],
    ['illes-balears', 'illes-balears L474–477', 'illes-balears L673–675', 'illes-balears L681–683'],
    ['galicia', 'galicia L246', 'galicia L324', 'galicia L328'],
  ] as const)('%s', (j, decks, cut, last) => {
    expect(blackjack.shoeRules!(env(j))).toEqual({
      decks: { value: [6], cite: decks },
      cardsBehindCut: { value: { atLeast: 52 }, cite: cut },
      coupsAfterCut: { value: 0, cite: last },
    });
  });
  it('the croupier places the cut card one deck from the end', () => {
    const memory = {};
    const facts = blackjack.play!({ env: env('galicia'), sessionId: 's-1', roundId: 'r-1', random: seededRandom(7), seats: [1, 2], memory });
    const shoe = facts.find((f) => f.type === 'ShoeStarted')!;
    expect(shoe.data).toMatchObject({ decks: 6, cutCardPosition: 6 * 52 - 52 });
  });
});

describe('session options the text forbids are accepted and flagged, never refused nor silent (issue 14 §3, contract §1.1)', () => {
  const opening = (options: Record<string, unknown>, limits = LIMITS) => ({ limits, options, eventId: 'open-1' });
  const judgeOpening = (j: JurisdictionId, options: Record<string, unknown>, limits = LIMITS) =>
    blackjack.judgeOpening!(opening(options, limits), env(j, { options, limits }));

  it('a plain opening: no finding', () => {
    for (const j of JURISDICTIONS) expect(judgeOpening(j, {})).toEqual([]);
  });

  it.each([
    ['euskadi', 'euskadi L1604–1616'],
    ['cantabria', 'cantabria L805–819'],
    ['illes-balears', 'illes-balears L561–569'],
    ['galicia', 'galicia L284–286'],
  ] as const)('%s: dealerHitsSoft17 true is accepted, recorded and flagged (the ace counts 11 once that makes 17: %s)', (j, cite) => {
    expect(blackjack.refuseOptions!({ dealerHitsSoft17: true }, blackjack.rulebooks[j]!)).toBeNull();
    expect(judgeOpening(j, { dealerHitsSoft17: true })).toEqual([
      expect.objectContaining({
        code: 'SESSION_RULE_VIOLATION',
        rule: 'blackjack/dealer-soft-17',
        citation: cite,
        expected: false,
        recorded: true,
        eventId: 'open-1',
      }),
    ]);
    expect(judgeOpening(j, { dealerHitsSoft17: false })).toEqual([]);
  });

  describe('sevens prizes are minimums ("como mínimo": euskadi L1981–1999, cantabria L949–967)', () => {
    const sevens = (player: string[]) => coup(player, ['10D', '8C'], { bets: [bet('s1', 1, 'sevens', 500)] });
    const above = { odds: { seven: 3, 'two-sevens': 15, 'two-suited-sevens': 60, 'three-sevens': 250 }, jackpotFloor: 6000 };
    const below = { odds: { seven: 1, 'two-sevens': 10, 'two-suited-sevens': 50, 'three-sevens': 150 }, jackpotFloor: 1000 };
    const roundWith = (j: JurisdictionId, options: Record<string, unknown>, player: string[], payout: number) =>
      codes(judge(blackjack, env(j, { options }), [...sevens(player), settled('b1', 'win', 1000), settled('s1', 'win', payout), completed()]));

    it('a table above the minimum is legal: no finding, and its payouts are the correct ones', () => {
      for (const j of ['euskadi', 'cantabria'] as const) {
        expect(judgeOpening(j, { sevensPrizes: above })).toEqual([]);
        expect(expectSettlement(j, sevens(['7H', '2C', '10D']), 's1', undefined, env(j, { options: { sevensPrizes: above } }))).toMatchObject({
          outcome: 'win',
          payout: 1500,
        });
        expect(roundWith(j, { sevensPrizes: above }, ['7H', '7C', '5D'], 7500)).toEqual([]);
        // paying only the regulated minimum under a higher posted table underpays the player
        expect(roundWith(j, { sevensPrizes: above }, ['7H', '7C', '5D'], 5000)).toEqual(['PAYOUT_MISMATCH']);
      }
    });

    it('a table below the minimum: accepted, flagged per prize on the session, and every win judged at the minimum', () => {
      for (const j of ['euskadi', 'cantabria'] as const) {
        expect(blackjack.refuseOptions!({ sevensPrizes: below }, blackjack.rulebooks[j]!)).toBeNull();
        const found = judgeOpening(j, { sevensPrizes: below });
        expect(found.map((f) => [f.code, f.rule, f.recorded])).toEqual([
          ['SESSION_RULE_VIOLATION', 'blackjack/sevens-prizes', 1],
          ['SESSION_RULE_VIOLATION', 'blackjack/sevens-prizes', 150],
          ['SESSION_RULE_VIOLATION', 'blackjack/sevens-prizes', 1000],
        ]);
        expect(found[0].citation).toBe(blackjack.rulebooks[j]!.sevens.cite);
        const e = env(j, { options: { sevensPrizes: below } });
        // a first 7 pays at least 2:1; the table's 1:1 is an underpayment
        expect(expectSettlement(j, sevens(['7H', '2C', '10D']), 's1', undefined, e)).toMatchObject({ payout: 1000 });
        expect(roundWith(j, { sevensPrizes: below }, ['7H', '2C', '10D'], 500)).toEqual(['PAYOUT_MISMATCH']);
        // the prizes at or above the minimum are paid as posted
        expect(expectSettlement(j, sevens(['7H', '7C', '10D']), 's1', undefined, e)).toMatchObject({ payout: 5000 });
      }
    });

    it('illes-balears has no minimum (index.md OQ-52): any posted table is paid as posted, nothing flagged', () => {
      expect(judgeOpening('illes-balears', { sevensPrizes: below })).toEqual([]);
      expect(
        expectSettlement('illes-balears', sevens(['7H', '2C', '10D']), 's1', undefined, env('illes-balears', { options: { sevensPrizes: below } })),
      ).toMatchObject({ payout: 500 });
    });

    it('OQ-13 is a reading, not a prize: sevensSuitedPairPays 10 (the Basque text, eu L1922–1924) sets the minimum, unflagged', () => {
      expect(judgeOpening('euskadi', { sevensSuitedPairPays: 10 })).toEqual([]);
      expect(judgeOpening('euskadi', { sevensSuitedPairPays: 10, sevensPrizes: { ...above, odds: { ...above.odds, 'two-suited-sevens': 20 } } })).toEqual([]);
      expect(judgeOpening('euskadi', { sevensPrizes: { ...above, odds: { ...above.odds, 'two-suited-sevens': 20 } } })).toMatchObject([
        { rule: 'blackjack/sevens-prizes', citation: 'index.md OQ-13', recorded: 20 },
      ]);
    });

    it('a table of the wrong shape is refused at ingestion (it cannot be judged with)', () => {
      expect(blackjack.refuseOptions!({ sevensPrizes: { odds: { seven: 'two' } } }, blackjack.rulebooks.euskadi!)).toMatchObject({
        field: 'options.sevensPrizes.odds.seven',
      });
      expect(blackjack.refuseOptions!({ dealerHitsSoft17: 'yes' }, blackjack.rulebooks.euskadi!)).toMatchObject({ field: 'options.dealerHitsSoft17' });
    });
  });

  it('boxes above the table\'s most (euskadi 9, L1485–1488; illes-balears "a nou" 9, L527–531; cantabria, galicia 7) and a maximum above 200 × the minimum', () => {
    expect(judgeOpening('illes-balears', { boxes: 9 })).toEqual([]);
    expect(judgeOpening('cantabria', { boxes: 9 })).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', rule: 'blackjack/boxes', citation: 'cantabria L683–685' },
    ]);
    expect(judgeOpening('galicia', {}, { min: 1000, max: 250_000 })).toMatchObject([
      { code: 'SESSION_RULE_VIOLATION', rule: 'blackjack/maximum-multiple', citation: 'galicia L318', recorded: 250_000 },
    ]);
    expect(judgeOpening('galicia', {}, { min: 1000, max: 200_000 })).toEqual([]);
  });
});
