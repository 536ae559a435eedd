import { withJokers, DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { evaluateTwo, houseWay, rules as paiGowPoker, setHands } from './rules';

const rules: GameRules = paiGowPoker;
const BOTH: JurisdictionId[] = ['euskadi', 'cantabria'];

/** a bet of 10000 on box 1, seven cards each, the player's and the bank's low hands */
function round(player: string, playerLow: string, bank: string, bankLow: string) {
  const s = new Script().bet(1, 'main', 10000, 'm').close().cards('seat:1', player).cards('dealer', bank);
  s.decide(1, 'set-hands', { low: playerLow.split(' ') });
  s.facts.push({ type: 'BankSetHands', data: { low: bankLow.split(' ') } });
  return s;
}

// bank: high = pair of 9s (9C 9D KH 7S 3C), low = Q-J
const BANK = '9C 9D KH 7S 3C QD JC';
const BANK_LOW = 'QD JC';

describe.each(BOTH)('pai-gow-poker %s: outcome table', (j) => {
  const env = envFor(rules, j);
  it('case 1: both hands higher — win 1:1 less 5 % commission', () => {
    const facts = round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'win', payout: 9500, commission: 500 });
  });
  it('cases 2: one hand higher, one lower — push ("partida nula")', () => {
    const facts = round('AC AD 5H 6S 2C 4S 3D', '4S 3D', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('case 3: one higher, one tied — push', () => {
    const facts = round('AC AH 5H 6S 2D QH JD', 'QH JD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('case 4: one lower, one tied — lose (the bank wins ties)', () => {
    const facts = round('8C 8D 5H 6S 2D QH JD', 'QH JD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm').outcome).toBe('lose');
  });
  it('case 5: both tied — lose', () => {
    const facts = round('9H 9S KC 7D 3D QH JD', 'QH JD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm').outcome).toBe('lose');
  });
  it('case 6: both lower — lose', () => {
    const facts = round('8C 8D 5H 6S 2D 4H 3S', '4H 3S', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm').outcome).toBe('lose');
  });
  it('a wrongly set hand always loses', () => {
    const facts = round('AC AD 5H 6S 2C KS 3D', 'AC AD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, env, facts, 'm')).toMatchObject({ outcome: 'lose', rule: 'pai-gow-poker/foul-hand' });
  });
  it('the commission is rounded down to the smallest chip (contract §7)', () => {
    const small = round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW).facts;
    expect(expectedOf(rules, envFor(rules, j, { smallestChip: 1000 }), small, 'm')).toMatchObject({ payout: 10000, commission: 0 });
  });
  it('commission is a session option up to 5 % (index.md OQ-36), recorded apart by CommissionCharged', () => {
    const e = envFor(rules, j, { options: { commissionRate: 0.04 } });
    const s = round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW);
    expect(expectedOf(rules, e, s.facts, 'm')).toMatchObject({ payout: 9600, commission: 400 });
    expect(rules.refuseOptions!({ commissionRate: 0.06 }, rules.rulebooks[j]!)).not.toBeNull();
    const separate = round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW).settle('m', 'win', 9500).commission('m', 500).complete();
    expect(codes(judge(rules, env, separate.facts))).toEqual([]);
    const wrong = round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW).settle('m', 'win', 9500).commission('m', 600).complete();
    expect(codes(judge(rules, env, wrong.facts))).toEqual(['COMMISSION_MISMATCH']);
  });
});

describe('pai-gow-poker: joker, ranking and hand setting', () => {
  it('the joker is an ace in the low hand', () => {
    expect(evaluateTwo(['JK', 'AS'])).toMatchObject({ category: 'pair', ranks: [14] });
    expect(evaluateTwo(['JK', 'KS'])).toMatchObject({ category: 'high-card', ranks: [14, 13] });
  });
  it('five aces beat a royal flush; A-2-3-4-5 is the second-highest straight', () => {
    const env = envFor(rules, 'euskadi');
    const fiveAces = round('AC AD AH AS JK 3C 2D', '3C 2D', 'KS QS JS 10S AS 4C 2C'.replace('AS', '9S'), '4C 2C');
    // the bank's high: K-Q-J-10-9 of spades (straight flush); low 4-2 loses to 3-2? no: 4 > 3, the bank low wins
    expect(expectedOf(rules, env, fiveAces.facts, 'm').outcome).toBe('push');
    const wheel = setHands(['AC', '2D', '3H', '4S', '5C', '9D', '8D'], ['9D', '8D'])!;
    const kingHigh = setHands(['KC', 'QD', 'JH', '10S', '9C', '3D', '2D'], ['3D', '2D'])!;
    expect(wheel.high.category).toBe('straight');
    expect(wheel.high.strength).toBe(kingHigh.high.strength);
    expect(wheel.high.ranks[0]).toBeGreaterThan(kingHigh.high.ranks[0]);
  });
  // euskadi L9026–9029, cantabria L4177–4181 name the joker's uses, not the card it is in a flush holding the
  // suit's ace: by default the highest card missing (the convention), a second ace only where the session says so
  it.each(BOTH)('%s: a joker completing A-K-7-4 of hearts is a queen, below a natural A-K-Q-9 flush (option jokerInFlush)', (j) => {
    const facts = round('AH KH 7H 4H JK QC QD', 'QC QD', 'AS KS QS 9S 2S JC 10D', 'JC 10D').facts;
    expect(expectedOf(rules, envFor(rules, j), facts, 'm')).toMatchObject({ outcome: 'push' });
    expect(expectedOf(rules, envFor(rules, j, { options: { jokerInFlush: 'ace' } }), facts, 'm')).toMatchObject({ outcome: 'win', payout: 9500 });
    expect(rules.rulebooks[j]!.options!.jokerInFlush).toMatchObject({ value: 'highest-missing' });
    expect(rules.refuseOptions!({ jokerInFlush: 'king' }, rules.rulebooks[j]!)).toMatchObject({ field: 'options.jokerInFlush' });
    expect(rules.refuseOptions!({ jokerInFlush: 'ace' }, rules.rulebooks[j]!)).toBeNull();
  });
  it('the house way never fouls', () => {
    const seven = ['AC', 'AD', '5H', '6S', '2C', 'KS', 'KD'];
    expect(setHands(seven, houseWay(seven))!.foul).toBeNull();
  });
  it('refuses a low hand of three cards and four dice', () => {
    const env = envFor(rules, 'euskadi');
    expect(rules.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'set-hands', low: ['AC', 'AD', '2C'] } }, env)).toMatchObject({
      field: 'data.low',
    });
    expect(rules.refuse!({ eventId: 'x', type: 'DiceThrown', data: { dice: [1, 2, 3, 4] } }, env)).toMatchObject({ field: 'data.dice' });
    expect(rules.refuse!({ eventId: 'x', type: 'CardDealt', data: { card: 'JK', to: 'seat:1' } }, env)).toBeNull();
  });
  it('an eighth card to a hand is a DRAW_RULE_VIOLATION; one bet per box', () => {
    const env = envFor(rules, 'cantabria');
    expect(codes(judge(rules, env, round('AC AD 5H 6S 2C KS KD', 'KS KD', BANK, BANK_LOW).cards('seat:1', '4D').facts))).toContain('DRAW_RULE_VIOLATION');
    expect(codes(judge(rules, env, new Script().bet(1, 'main', 100).bet(1, 'main', 100, 'x', { onBehalfOf: 'p' }).facts))).toEqual(['BET_NOT_ALLOWED']);
  });
});

propertySuite(rules, BOTH, { deck: withJokers(DECK_52, 1), removedCard: ['OUTCOME_MISSING'], commission: true, ctx: { smallestChip: 5 } });
