/**
 * Two readings (issue 14 §5): the baccarat à deux tableaux rulebooks against the independent reading of the
 * original texts (docs/games/readings/baccarat-two-tables.json, written by a reader who never saw the
 * rulebooks), value by value, and the reading's behavioural rules as rounds the judge must get right. Where the
 * two readings differed, docs/games/readings/baccarat-two-tables.resolutions.md quotes both and the lines.
 */
import { CHEMIN_BANKER_TABLE, compareHands, handTotal } from '../../core/baccarat';
import { coupFacts, shoeScenarios } from '../../core/baccarat-testing';
import { PlayedFact, RoundEnv } from '../../core/game';
import { asFacts, codes, envFor, judge } from '../../core/testing';
import { JurisdictionId, SessionContext } from '../../core/types';
import { expectReadingAgrees, ReadingEntry, ReadingMap, readingOf } from '../../core/reading-testing';
import { BaccaratTwoTablesRulebook } from './rulebook';
import { rules as game, TWO_TABLES_SPEC } from './rules';

const READING = readingOf('baccarat-two-tables');
const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const;
const env = (j: JurisdictionId, o: Partial<SessionContext> = {}) =>
  envFor(game, j, { limits: { min: 100, max: 100_000 }, smallestChip: 1, ...o }) as RoundEnv<BaccaratTwoTablesRulebook>;
type Cards = ReadonlyArray<readonly [string, string]>;
/** Paño 1, paño 2, banker, twice (euskadi L6249–6251), then the third cards. */
const deal = (p1: readonly string[], p2: readonly string[], b: readonly string[], third: Cards = []): Cards => [
  ['player:1', p1[0]],
  ['player:2', p2[0]],
  ['banker', b[0]],
  ['player:1', p1[1]],
  ['player:2', p2[1]],
  ['banker', b[1]],
  ...third,
];
const ids = { sessionId: 's-1', roundId: 'r-t' };
type Stake = { betId: string; amount: number; selection: 1 | 2 | 'both' };
function coup(cards: Cards, bets: Stake[] = [], before: PlayedFact[] = [], tail: PlayedFact[] = [], bank = 10_000): PlayedFact[] {
  const facts = coupFacts(
    cards,
    bets.map((b) => ({ ...b, betType: 'player' })),
    tail,
  );
  facts.splice(1, 0, { type: 'BankPut', data: { ...ids, seat: 'banker', amount: bank } });
  facts.splice(
    facts.findIndex((f) => f.type === 'CardDealt'),
    0,
    ...before.map((f) => ({ type: f.type, data: { ...ids, ...f.data } })),
  );
  return facts;
}
const askTable: PlayedFact = { type: 'BankerTableRequested', data: {} };
const drawing = (facts: PlayedFact[], e: RoundEnv<BaccaratTwoTablesRulebook>) =>
  codes(judge(game, e, facts)).filter((c) => c === 'DRAW_RULE_VIOLATION' || c === 'SEQUENCE_VIOLATION');
const stateOf = (facts: PlayedFact[], e: RoundEnv<BaccaratTwoTablesRulebook>) => asFacts(facts).reduce((s, f) => game.evolve(s, f, e), game.initialState(e));

// -------------------------------------------------------------------------------------------------
// Values
// -------------------------------------------------------------------------------------------------

const NOT_ENCODED = (why: string) => ({ notEncoded: why });
const cell = (c: string) => (c === 'T' ? 'draw' : c === 'P' ? 'stand' : 'optional');
const absent = (e: ReadingEntry) => (e as { absent?: boolean }).absent === true || e.value === null;

const VALUES: ReadingMap<BaccaratTwoTablesRulebook> = {
  'shoe.decks': (rb, e) => ({ reading: e.value, rulebook: rb.decks.value, cite: rb.decks.cite }),
  'shoe.device': NOT_ENCODED('equipment (the shoe as for blackjack): no fact records it'),
  'players.min-per-table': (rb, e) => ({ reading: e.value, rulebook: rb.minimumPlayersPerPano.value, cite: rb.minimumPlayersPerPano.cite }),
  'players.per-coup': (rb, e) => ({ reading: e.value, rulebook: TWO_TABLES_SPEC(rb, env(rb.jurisdiction)).puntos.length }),
  'stop-card.cards-below': (rb, e) => ({ reading: e.value, rulebook: rb.stopCardFromEnd.value, cite: rb.stopCardFromEnd.cite }),
  'stop-card.coups-after': (rb, e) => ({ reading: e.value, rulebook: rb.coupsAfterStop.value, cite: rb.coupsAfterStop.cite }),
  'commission.cagnotte.rate.limited-bank': (rb, e) => ({ reading: e.value, rulebook: rb.cagnotteRates.value.limited, cite: rb.cagnotteRates.cite }),
  'commission.cagnotte.rate.free-bank': (rb, e) => ({ reading: e.value, rulebook: rb.cagnotteRates.value.free, cite: rb.cagnotteRates.cite }),
  'commission.cagnotte.condition': (rb, e) => {
    // the reader: taken when the banker wins on both paños or wins more on one than he loses on the other
    const e1 = env(rb.jurisdiction);
    const bets: Stake[] = [
      { betId: 'b1', amount: 1_000, selection: 1 },
      { betId: 'b2', amount: 600, selection: 2 },
    ];
    // paño 1 (6) loses to the banker's 7, paño 2 (natural 9) wins: net +400
    const plus = game.expectedCagnotte!(stateOf(coup(deal(['3S', '3D'], ['9S', 'KD'], ['KH', '7H']), bets), e1), e1);
    // the same stakes reversed: net −400, nothing taken
    const minus = game.expectedCagnotte!(
      stateOf(
        coup(deal(['3S', '3D'], ['9S', 'KD'], ['KH', '7H']), [
          { ...bets[0], amount: 600 },
          { ...bets[1], amount: 1_000 },
        ]),
        e1,
      ),
      e1,
    );
    return {
      reading: /wins on both tableaux, or (his|its) gain on one exceeds (his|its) loss on the other/.test(String(e.value))
        ? 'only when the net of the coup is a gain'
        : e.value,
      rulebook: plus?.base === 400 && minus === null ? 'only when the net of the coup is a gain' : { plus, minus },
      cite: rb.cagnotteBase.cite,
    };
  },
  'limits.stakes': NOT_ENCODED('set by the authorisation: the session declares it (TableSessionOpened.limits)'),
  'limits.bank.limited': NOT_ENCODED("the bank's own maximum and minimum are set by the authorisation: no fact declares them"),
  'limits.bank.free': (rb, e) => ({
    reading: String(e.value).includes("no maximum on players' stakes") ? 'no maximum on the stakes' : e.value,
    rulebook:
      game.betLimits!(
        { betId: 'x', betType: 'player', selection: 1, amount: 1, eventId: 'x', late: false },
        env(rb.jurisdiction, { options: { bankMode: 'free' } }),
      ).max!.amount === Number.MAX_SAFE_INTEGER
        ? 'no maximum on the stakes'
        : 'capped',
    cite: rb.bankModes.cite,
  }),
  'free-bank.tables-max': NOT_ENCODED('one free-bank table per casino: a casino-wide count no session fact gives'),
  'free-bank.sessions-max': NOT_ENCODED('two sessions a day: a casino-wide count no session fact gives'),
  'drawing.player.total-0-4': (rb, e) => ({
    reading: String(e.value).startsWith('draw') ? 'draw' : e.value,
    rulebook: [0, 1, 2, 3, 4].every((t) => rb.puntoRule.value[t as 0] === 'T') ? 'draw' : 'other',
    cite: rb.puntoRule.cite,
  }),
  'drawing.player.total-5': (rb, e) => ({ reading: e.value, rulebook: cell(rb.puntoRule.value[5]), cite: rb.puntoRule.cite }),
  // euskadi and cantabria: not restated with two paños; the chemin-de-fer rule applies with general character
  // (L6108–6111), as the reader itself read it for illes-balears and galicia (resolutions.md §2)
  'drawing.player.total-6-7': (rb, e) => ({
    reading: absent(e) || String(e.value).startsWith('stand') ? 'stand' : e.value,
    rulebook: rb.puntoRule.value[6] === 'P' && rb.puntoRule.value[7] === 'P' ? 'stand' : 'other',
  }),
  'drawing.player.total-8-9': (rb, e) => ({
    reading: String(e.value).startsWith('must show') ? [8, 9] : e.value,
    rulebook: rb.natural.value,
    cite: rb.natural.cite,
  }),
  'drawing.player.banco-exempt': (rb, e) => ({
    reading: String(e.value).includes('exempt') ? 'always' : e.value,
    rulebook: rb.bancoFreeDraw.value,
    cite: rb.bancoFreeDraw.cite,
  }),
  // the reader: "free to draw or stand"; the rulebook keeps the chemin-de-fer exception, on 0 he must draw
  // (resolutions.md §1): the two agree on every total but 0
  'drawing.banker.free': (rb, e) => ({
    reading: e.value === 'free to draw or stand' ? { free: [1, 2, 3, 4, 5, 6, 7], zero: 'free (reader) / must draw (rulebook, by L6108–6111)' } : e.value,
    rulebook:
      rb.bankerFreedom.value === 'free-except-zero' && rb.options!.bankerDrawing.value === 'free'
        ? { free: [1, 2, 3, 4, 5, 6, 7], zero: 'free (reader) / must draw (rulebook, by L6108–6111)' }
        : rb.bankerFreedom.value,
    cite: rb.bankerFreedom.cite,
  }),
  'drawing.banker.bound-when': (rb, e) => {
    const e1 = env(rb.jurisdiction);
    return {
      reading: { afterAskingWhereTheTableSaysTheSameForBothPanos: /same|"this"/.test(String(e.value)), restoredCoups: 'not judged' },
      rulebook: {
        afterAskingWhereTheTableSaysTheSameForBothPanos:
          TWO_TABLES_SPEC(rb, e1, { tableRequested: true }).bankerMode === 'table' && TWO_TABLES_SPEC(rb, e1, { tableRequested: false }).bankerMode === 'free',
        restoredCoups: 'not judged',
      },
      cite: rb.bankerFreedom.cite,
    };
  },
  'drawing.banker.table': (rb, e) => ({
    reading: /chemin de fer table/.test(String(e.value)) ? 'the chemin-de-fer table' : e.value,
    rulebook: rb.bankerTable.value === CHEMIN_BANKER_TABLE ? 'the chemin-de-fer table' : 'other',
    cite: rb.bankerTable.cite,
  }),
  'ranking.two-card-8-vs-three-card-8-9': (rb, e) => ({
    reading: e.value === 'two-card 8 wins' ? 'punto' : e.value,
    rulebook: rb.naturalBeatsThreeCards.value ? compareHands(['5S', '3S'], ['2S', '2D', '5C']) : 'other',
    cite: rb.naturalBeatsThreeCards.cite,
  }),
  'banco.null-repeats': NOT_ENCODED('a repeated coup is a new round; which rounds repeat a banco is not recorded'),
  'line-bets.player-zone': NOT_ENCODED("a stake on the line of the player's zone is recorded as the amount that plays"),
  'line-bets.between-tables.odd-unit': (rb, e) => ({
    reading: String(e.value).startsWith('larger part to the first') ? 'half-each-larger-to-first' : e.value,
    rulebook: rb.lineBetSplit.value,
    cite: rb.lineBetSplit.cite,
  }),
  'burn.count': (rb, e) => ({ reading: absent(e) ? 'not-regulated' : e.value, rulebook: rb.burn.value }),
};

describe('baccarat à deux tableaux: every value the reader found agrees with the rulebook', () => {
  it('andalucia: no rules, no rulebook', () => {
    expect(READING.jurisdictions.andalucia ?? null).toBeNull();
    expect(game.rulebooks.andalucia).toBeUndefined();
  });
  it.each(JURISDICTIONS)('%s', (j) => expectReadingAgrees(READING.jurisdictions[j]!, game.rulebooks[j]!, j, VALUES));
  it.each(JURISDICTIONS)('%s: the one value decided against the reader — the banker on 0 must draw (resolutions.md §1)', (j) => {
    expect(READING.jurisdictions[j]!.values!['drawing.banker.free'].value).toBe('free to draw or stand');
    const e = env(j);
    expect(drawing(coup(deal(['3S', '3D'], ['3H', '4H'], ['KC', 'QC'])), e)).toEqual(['DRAW_RULE_VIOLATION']);
    expect(judge(game, e, coup(deal(['3S', '3D'], ['3H', '4H'], ['KC', 'QC']))).discrepancies[0].citation).toBe(game.rulebooks[j]!.bankerFreedom.cite);
  });
});

// -------------------------------------------------------------------------------------------------
// Behaviour: the reader's rules as rounds
// -------------------------------------------------------------------------------------------------

const NO_FACT = 'no fact records it';
const NOT_JUDGED: Record<string, string> = {
  'layout-two-tables': 'the layout: judged only as the line bet between the paños (line-bets)',
  'bet-priority': `priorities between bettors: ${NO_FACT}`,
  'banco-both-tables-draw': `the draw of lots: ${NO_FACT}`,
  'card-handling-rotation': `who holds the cards: ${NO_FACT}`,
  'bank-award': `the award and the deposit: ${NO_FACT}`,
  'banker-leaves': "the banker's withdrawals are not recorded",
  'bank-broken': 'a new deposit is the next BankPut; not judged against the first',
  'bank-reoffer': `re-offers and auctions: ${NO_FACT}`,
  'free-bank-restrictions': 'tables and sessions per casino: no session fact counts them',
  'no-association': `associations: ${NO_FACT}`,
  betting: 'where a stake lies on the cloth is not recorded',
  'err-early-draw': `cards drawn early: ${NO_FACT}`,
  'err-exposed-from-shoe': `a discarded exposed card: ${NO_FACT}`,
  'err-stuck-cards': 'a null coup is recorded as RoundVoided; not judged further',
  'err-card-falls': 'a fallen card keeps its value: the CardDealt stands',
  'err-wrong-holder': `who holds the cards: ${NO_FACT}`,
  'err-banker-irregular-deal': 'judged as the deal order (SEQUENCE_VIOLATION); its correction is the next facts',
  'err-banker-card-to-no': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'err-tableau-exposed': 'CardDealt.faceUp does not say who exposed a card, or when',
  'err-cards-into-basket': `cards into the basket: ${NO_FACT}`,
  'banker-restored-one-abates': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'banker-restored-same': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'banker-restored-split': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'err-player-no-under-5': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'err-player-asks-6-plus': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'err-player-changes-word': `announcements: ${NO_FACT}`,
  'err-player-no-on-natural': `announcements: ${NO_FACT}`,
  'err-second-table-same': 'restored coups: which coups were restored is not recorded (resolutions.md §3)',
  'err-slow': `timing: ${NO_FACT}`,
  'err-advice': `advice: ${NO_FACT}`,
  'err-thrown-unshown': `cards into the basket: ${NO_FACT}`,
  'err-banker-wrong-point': `announcements: ${NO_FACT}`,
  'no-claims-after-settlement': 'claims are RoundDisputed facts, outside the round judge',
  unforeseen: 'the inspector decides: nothing to judge',
};
const JUDGED = [
  'bank-modalities',
  'limits',
  'cagnotte',
  'cdf-rules-apply',
  'two-players',
  'player-rules',
  'banker-free-unless-table',
  'natural-8-beats-three-card',
  'banco-once-both-tables',
  'stop-card',
  'line-bets',
  'deal-order',
  'min-players',
];

describe('baccarat à deux tableaux: every behavioural rule of the reading is judged below, or said why not', () => {
  it.each(JURISDICTIONS)('%s', (j) => {
    const ids = READING.jurisdictions[j]!.behaviour!.map((b) => b.id);
    expect(ids.filter((id) => !JUDGED.includes(id) && !(id in NOT_JUDGED))).toEqual([]);
  });
});

describe.each(JURISDICTIONS)("baccarat à deux tableaux, %s: the reader's rounds", (j) => {
  const e = env(j);
  const settled = (betId: string, outcome: string, payout = 0, hand?: number): PlayedFact => ({
    type: 'BetSettled',
    data: { ...ids, betId, outcome, payout, ...(hand ? { hand } : {}) },
  });

  it('bank-modalities: a limited bank of 10,000 answers only for what is on the table; a free bank answers every stake', () => {
    const bets: Stake[] = [
      { betId: 'b1', amount: 8_000, selection: 1 },
      { betId: 'b2', amount: 6_000, selection: 2 },
    ];
    const facts = coup(deal(['3S', '3D'], ['3C', '3H'], ['KH', '6H']), bets, [], [settled('b1', 'push'), settled('b2', 'push')]);
    expect(judge(game, e, facts).discrepancies).toMatchObject([{ code: 'BET_ABOVE_MAXIMUM', betId: 'b2', expected: 2_000 }]);
    expect(codes(judge(game, env(j, { options: { bankMode: 'free' } }), facts))).toEqual([]);
  });
  it('limits: in a free bank the casino may fix no maximum on the stakes', () => {
    const facts = coup(deal(['3S', '3D'], ['3C', '3H'], ['KH', '6H']), [{ betId: 'b1', amount: 500_000, selection: 1 }], [], [settled('b1', 'push')]);
    expect(codes(judge(game, env(j, { options: { bankMode: 'free' } }), facts))).toEqual([]);
  });
  it('cagnotte: the banker wins 1,000 on paño 1 and loses 600 on paño 2: 2 % of the net 400 in a limited bank, 1.25 % in a free one', () => {
    const bets: Stake[] = [
      { betId: 'b1', amount: 1_000, selection: 1 },
      { betId: 'b2', amount: 600, selection: 2 },
    ];
    const facts = (amount: number) =>
      coup(
        deal(['3S', '3D'], ['9S', 'KD'], ['KH', '7H']),
        bets,
        [],
        [settled('b1', 'lose'), settled('b2', 'win', 600), { type: 'CagnotteDeducted', data: { ...ids, base: 400, amount } }],
      );
    expect(judge(game, e, facts(8)).verdict).toBe('consistent');
    expect(judge(game, env(j, { options: { bankMode: 'free' } }), facts(5)).verdict).toBe('consistent');
    expect(codes(judge(game, e, facts(20)))).toEqual(['CAGNOTTE_MISMATCH']);
  });
  it('cdf-rules-apply: card values and a tie as in chemin de fer — 6 against 6 returns the stake', () => {
    expect(handTotal(['9S', '7S'])).toBe(6);
    const facts = coup(deal(['9S', '7S'], ['3C', '4H'], ['KH', '6H']), [{ betId: 'b1', amount: 1_000, selection: 1 }], [], [settled('b1', 'push')]);
    expect(judge(game, e, facts).verdict).toBe('consistent');
  });
  it("two-players: one hand on each paño against the banker's one hand", () => {
    expect(TWO_TABLES_SPEC(game.rulebooks[j]!, e).puntos).toEqual(['player:1', 'player:2']);
    expect(game.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: '2S', to: 'player:3' } }, e)).toMatchObject({ field: 'data.to' });
  });
  it('player-rules: paño 1 holding 4 who says "no" breaks the rule; 5 is his option', () => {
    expect(drawing(coup(deal(['2S', '2D'], ['3C', '4H'], ['KH', '7H'])), e)).toEqual(['DRAW_RULE_VIOLATION']);
    expect(drawing(coup(deal(['2S', '3D'], ['3C', '4H'], ['KH', '7H'])), e)).toEqual([]);
  });
  it('banker-free-unless-table: asked for the table, banker 4 against third cards 2 and 8 stays free; against 2 and 2 he must draw', () => {
    const split: Cards = [
      ['player:1', '2H'],
      ['player:2', '8H'],
    ];
    expect(drawing(coup(deal(['2S', '3D'], ['AC', '2C'], ['2D', '2C'], split), [], [askTable]), e)).toEqual([]);
    expect(drawing(coup(deal(['2S', '3D'], ['AC', '2C'], ['2D', '2C'], [...split, ['banker', '5S']]), [], [askTable]), e)).toEqual([]);
    const same: Cards = [
      ['player:1', '2H'],
      ['player:2', '2S'],
    ];
    expect(drawing(coup(deal(['2S', '3D'], ['AC', '2C'], ['2D', '2C'], same), [], [askTable]), e)).toEqual(['DRAW_RULE_VIOLATION']);
    // without asking he is free there too
    expect(drawing(coup(deal(['2S', '3D'], ['AC', '2C'], ['2D', '2C'], same)), e)).toEqual([]);
  });
  it("natural-8-beats-three-card: banker 8 on two cards (5+3) beats paño 1's 9 made with three (2+2+5)", () => {
    const facts = coup(
      deal(['2S', '2D'], ['3C', '3H'], ['5H', '3S'], [['player:1', '5C']]),
      [{ betId: 'b1', amount: 1_000, selection: 1 }],
      [],
      [settled('b1', 'lose')],
    );
    // the banker's natural stops both paños: paño 1's third card is itself a violation; the settlement still follows the ranking
    expect(judge(game, e, facts).discrepancies.filter((d) => d.code !== 'DRAW_RULE_VIOLATION' && d.code !== 'CAGNOTTE_MISMATCH')).toEqual([]);
    expect(compareHands(['2S', '2D', '5C'], ['5H', '3S'])).toBe('banker');
  });
  it('banco-once-both-tables: the player who goes banco plays both paños free of the punto rule', () => {
    const banco: PlayedFact = { type: 'BancoCalled', data: { seat: 3 } };
    // paño 1 stands on 4, paño 2 stands on 3
    expect(drawing(coup(deal(['2S', '2D'], ['AC', '2H'], ['KH', '7H']), [], [banco]), e)).toEqual([]);
    expect(drawing(coup(deal(['2S', '2D'], ['AC', '2H'], ['KH', '7H'])), e)).toEqual(['DRAW_RULE_VIOLATION', 'DRAW_RULE_VIOLATION']);
  });
  it('stop-card: ten cards below it; the coup in progress is the last', () => {
    const s = shoeScenarios(game, e);
    expect([s.asRequired, s.coupBeforeStop]).toEqual([[], null]);
    expect(s.oneCardShort).toMatchObject([{ code: 'SESSION_RULE_VIOLATION' }]);
    expect(s.coupAfterStop).toMatchObject({ code: 'SEQUENCE_VIOLATION' });
  });
  it('line-bets: 3 units on the line between the paños play 2 on paño 1 and 1 on paño 2', () => {
    // a unit of 100: paño 1 (7) beats the banker's 6 and pays its 200, paño 2 (6) ties and returns its 100
    const unit = env(j, { smallestChip: 100 });
    const facts = (paid: number) =>
      coup(
        deal(['3S', '4D'], ['3C', '3H'], ['KH', '6H']),
        [{ betId: 'b1', amount: 300, selection: 'both' }],
        [],
        [settled('b1', 'win', paid, 1), settled('b1', 'push', 0, 2)],
      );
    expect(judge(game, unit, facts(200)).discrepancies).toEqual([]);
    expect(codes(judge(game, unit, facts(100)))).toEqual(['PAYOUT_MISMATCH']);
  });
  it('min-players: paño 2 has only one player (PlayersSeated) — a coup dealt then is a finding on paño 2; two at each paño is not', () => {
    const seated = (data: Record<string, unknown>): PlayedFact => ({ type: 'PlayersSeated', data });
    const cards = deal(['3S', '3D'], ['3C', '4H'], ['KH', '7H']);
    expect(judge(game, e, coup(cards, [], [seated({ seats: { 1: [1, 2], 2: [5] } })])).discrepancies).toMatchObject([
      {
        code: 'SESSION_RULE_VIOLATION',
        rule: 'baccarat-two-tables/minimum-players',
        expected: 2,
        recorded: 1,
        citation: `${j} ${READING.jurisdictions[j]!.values!['players.min-per-table'].lines}`,
        message: expect.stringContaining('paño 2'),
      },
    ]);
    expect(codes(judge(game, e, coup(cards, [], [seated({ seats: { 1: [1, 2], 2: [5, 6] } })])))).toEqual([]);
    // never recorded: not judged
    expect(codes(judge(game, e, coup(cards)))).toEqual([]);
  });
  it('deal-order: c1 and c4 to paño 1, c2 and c5 to paño 2, c3 and c6 to the banker', () => {
    expect(drawing(coup(deal(['3S', '3D'], ['3C', '4H'], ['KH', '7H'])), e)).toEqual([]);
    expect(
      drawing(
        coup([
          ['player:1', '3S'],
          ['banker', 'KH'],
          ['player:2', '3C'],
          ['player:1', '3D'],
          ['player:2', '4H'],
          ['banker', '7H'],
        ]),
        e,
      ),
    ).toContain('SEQUENCE_VIOLATION');
  });
});
