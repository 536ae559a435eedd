/**
 * The rulebook against the independent reading of the texts (`docs/games/readings/pai-gow-poker.json`): each value
 * mapped by hand to the rulebook field it is, and each behaviour rule of the reading as a round the judge must get
 * right. Disagreements and their resolutions: `docs/games/readings/pai-gow-poker.resolutions.md`.
 */
import { deckCards, DECK_52, withJokers } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, Script } from '../../core/poker/bank-testing';
import { compareHands, evaluateFive, PAI_GOW } from '../../core/poker/evaluate';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { evaluateTwo, rules as paiGowPoker } from './rules';
import type { PaiGowRulebook } from './rulebook';

const rules: GameRules = paiGowPoker;
const reading = readingOf('pai-gow-poker');
const h = (s: string) => s.split(' ');

/** A bet of 10000 on box 1, seven cards each, the player's and the bank's low hands (the player sets first). */
function round(player: string, playerLow: string, bank: string, bankLow: string, amount = 10_000) {
  const s = new Script().bet(1, 'main', amount, 'm').close().cards('seat:1', player).cards('dealer', bank);
  s.decide(1, 'set-hands', { low: h(playerLow) });
  s.facts.push({ type: 'BankSetHands', data: { low: h(bankLow) } });
  return s;
}

/** Each value the reader recorded, as the rulebook holds it: a check, or why the rulebook has no such value. */
const VALUES: Record<string, (rb: PaiGowRulebook, read: ReadValue, j: JurisdictionId) => void> = {
  decks(rb, read) {
    expect(read.value).toBe(1);
    expect(deckCards(withJokers(DECK_52, rb.jokers.value))).toHaveLength(53);
    expect(rules.deck!(envFor(rules, rb.jurisdiction))).toEqual(withJokers(DECK_52, 1));
    expect(citesLines(rb.jokers.cite, read.lines!)).toBe(true);
  },
  jokers(rb, read) {
    expect(rb.jokers.value).toBe(read.value);
    expect(citesLines(rb.jokers.cite, read.lines!)).toBe(true);
  },
  'cards-per-player'(rb, read) {
    // seven cards: a two-card low hand and a five-card high hand
    expect(rb.cardsPerHand.value).toBe(read.value);
    expect(rb.lowCards.value).toBe(2);
    expect(citesLines(rb.cardsPerHand.cite, read.lines!)).toBe(true);
  },
  'players.seated.maximum'(rb, read) {
    expect(rb.boxes.value).toBe(read.value);
    expect(citesLines(rb.boxes.cite, read.lines!)).toBe(true);
  },
  'hands-dealt'(rb) {
    // "tantas «manos» de siete cartas … como jugadores haya": seven to the bank and to each box in play
    expect(rb.cardsPerHand.value).toBe(7);
  },
  dice(rb, read) {
    expect(rb.dice.value).toBe(read.value);
    expect(citesLines(rb.dice.cite, read.lines!)).toBe(true);
  },
  'banker-position'() {
    // not modelled: the croupier holds the bank (docs/decisions/open-questions.md#oq-35), and no fact names the table's seven positions, so
    // the box the dice send the first hand to is not judged (resolutions §3)
  },
  'payout.win'(rb, read) {
    expect(rb.winOdds.value).toBe(read.value);
    expect(citesLines(rb.outcomes.cite, read.lines!)).toBe(true);
  },
  'commission.maximum'(rb, read) {
    expect(rb.maxCommission.value).toBe(read.value);
    expect(rb.options!.commissionRate.value).toBe(read.value);
    expect(citesLines(rb.maxCommission.cite, read.lines!)).toBe(true);
  },
  'top-hands'() {
    // two aces the best low hand, five aces the best high hand (four aces and the joker)
    expect(compareHands(evaluateTwo(h('AS AH')), evaluateTwo(h('KS KH')))).toBeGreaterThan(0);
    expect(evaluateTwo(h('AS JK'))).toMatchObject({ category: 'pair', ranks: [14] });
    expect(evaluateFive(h('AS AH AD AC JK'), PAI_GOW).category).toBe('five-of-a-kind');
    expect(compareHands(evaluateFive(h('AS AH AD AC JK'), PAI_GOW), evaluateFive(h('AH KH QH JH 10H'), PAI_GOW))).toBeGreaterThan(0);
  },
  'ranking.second-highest-straight'() {
    const wheel = evaluateFive(h('AS 2D 3H 4C 5S'), PAI_GOW);
    expect(compareHands(wheel, evaluateFive(h('KS QD JH 10C 9S'), PAI_GOW))).toBeGreaterThan(0);
    expect(compareHands(wheel, evaluateFive(h('AS KD QH JC 10S'), PAI_GOW))).toBeLessThan(0);
  },
  limits(_rb, read) {
    // the text leaves the amounts to the casino's band: no ratio to hold the table to
    expect(read.absent).toBe(true);
  },
};

const JURISDICTIONS = (Object.keys(reading.jurisdictions) as JurisdictionId[]).filter((j) => reading.jurisdictions[j]);

describe.each(JURISDICTIONS)('pai-gow-poker %s: the rulebook holds the values the reader read', (j) => {
  const read = reading.jurisdictions[j]!;
  const rb = rules.rulebooks[j] as PaiGowRulebook;
  it('has a rulebook for every jurisdiction the reader found the game in, and the reader read the section it cites', () => {
    expect(rb).toBeDefined();
    expect(citesLines(rb.source, read.section!.lines)).toBe(true);
  });
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](rb, read.values[key], j);
  });
});

it('galicia: no rulebook, as the reader found no pai gow text there', () => {
  expect(reading.jurisdictions.galicia).toBeNull();
  expect(rules.rulebooks.galicia).toBeUndefined();
});

describe.each(['euskadi', 'cantabria'] as const)("pai-gow-poker %s: the reader's rounds", (j) => {
  const env = envFor(rules, j);

  it("joker-as-ace: four aces and the joker are five aces, above the bank's straight flush (L9237–9238 / L4256–4257)", () => {
    const facts = round('AS AD AH AC JK 4D 3D', '4D 3D', 'KS QS JS 10S 9S 3C 2C', '3C 2C').facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'win', payout: 9_500 });
  });

  it('joker-completes-straight-flush: 9-10-J-Q of spades and the joker is the king-high straight flush', () => {
    expect(evaluateFive(h('9S 10S JS QS JK'), PAI_GOW)).toMatchObject({ category: 'straight-flush', ranks: [13] });
  });

  it('joker-in-flush (ambiguous in the text): A-J-8-4 of hearts and the joker lose to A-K-Q-6-2 of clubs by default, win as a second ace', () => {
    // the reader's round; the lows (Q-Q against J-10) go to the player
    const facts = round('AH JH 8H 4H JK QD QS', 'QD QS', 'AC KC QC 6C 2C JD 10D', 'JD 10D').facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'push' });
    expect(expectedOf(rules, envFor(rules, j, { options: { jokerInFlush: 'ace' } }), facts, 'm')).toMatchObject({ outcome: 'win', payout: 9_500 });
  });

  it('hand-order: a high hand of J-high below a low pair of queens is foul and loses the whole bet', () => {
    const facts = round('2C 3D 7H 9S JC QD QS', 'QD QS', '9C 9D KH 7S 3C 8D 4C', '8D 4C').facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'lose', rule: 'pai-gow-poker/foul-hand' });
  });

  it('settlement-cases, case 3: the high hand wins (full house against two pair), the low ties (J-9 each): a push', () => {
    const facts = round('8C 8D 8H KS KC JD 9C', 'JD 9C', '5S 5H 2C 2D AS JH 9D', 'JH 9D', 100).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'push', payout: 0 });
  });

  it('settlement-cases, case 5: both hands tie: the bank wins the ties, the player loses', () => {
    const facts = round('8C 8D KH 7S 3C JD 9C', 'JD 9C', '8H 8S KC 7D 3D JH 9D', 'JH 9D', 100).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'lose' });
  });

  it('win-both: a bet of 100 wins both hands: paid at par less 5 %, +95', () => {
    const facts = round('AC AD 5H 6S 2C KS KD', 'KS KD', '9C 9D KH 7S 3C QD JC', 'QD JC', 100).facts;
    expect(expectedOf(rules, envFor(rules, j, { smallestChip: 1 }), facts, 'm')).toMatchObject({ outcome: 'win', payout: 95, commission: 5 });
  });

  it('joker in the low hand: joker and king are ace-king, not a pair', () => {
    expect(evaluateTwo(h('JK KC'))).toMatchObject({ category: 'high-card', ranks: [14, 13] });
  });

  it('players.seated.maximum: a bet on a seventh box is not a bet the layout takes', () => {
    const s = new Script().bet(7, 'main', 100, 'm7');
    expect(codes(judge(rules, env, s.facts))).toEqual(['BET_NOT_ALLOWED']);
    expect(judge(rules, env, s.facts).discrepancies[0]).toMatchObject({ rule: 'pai-gow-poker/box' });
    expect(codes(judge(rules, env, new Script().bet(6, 'main', 100, 'm6').facts))).toEqual([]);
  });

  it('setting-order: the croupier sets his hands only after every player has set his (L9404–9409 / L4372–4379)', () => {
    const s = new Script().bet(1, 'main', 10_000, 'm').close().cards('seat:1', 'AC AD 5H 6S 2C KS KD').cards('dealer', '9C 9D KH 7S 3C QD JC');
    s.facts.push({ type: 'BankSetHands', data: { low: ['QD', 'JC'] } });
    s.decide(1, 'set-hands', { low: ['KS', 'KD'] });
    const j1 = judge(rules, env, s.settle('m', 'win', 9_500).commission('m', 500).complete().facts);
    expect(codes(j1)).toEqual(['SEQUENCE_VIOLATION']);
    expect(j1.discrepancies[0]).toMatchObject({ rule: 'pai-gow-poker/setting-order', citation: rules.rulebooks[j]!.settingOrder.cite });
    const inOrder = round('AC AD 5H 6S 2C KS KD', 'KS KD', '9C 9D KH 7S 3C QD JC', 'QD JC').settle('m', 'win', 9_500).commission('m', 500).complete();
    expect(codes(judge(rules, env, inOrder.facts))).toEqual([]);
  });
});
