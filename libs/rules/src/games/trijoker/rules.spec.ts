import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { rules as trijoker } from './rules';

const rules: GameRules = trijoker;
const ALL: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears'];

/** three bets of 1000 on box 1; own three cards; the two common cards, revealed in turn */
function round(own: string, common: string, withdraw: { first?: boolean; second?: boolean; late?: boolean } = {}) {
  const [left, right] = common.split(' ');
  const s = new Script()
    .bet(1, 'bet-1', 1000, 'b1')
    .bet(1, 'bet-2', 1000, 'b2')
    .bet(1, 'bet-3', 1000, 'b3')
    .close()
    .cards('seat:1', own)
    .cards('board', common);
  if (withdraw.first) s.decide(1, 'withdraw-bet', { betId: 'b1' });
  s.facts.push({ type: 'CommonCardRevealed', data: { index: 1, card: left } });
  if (withdraw.second) s.decide(1, 'withdraw-bet', { betId: 'b2' });
  if (withdraw.late) s.decide(1, 'withdraw-bet', { betId: 'b1' });
  s.facts.push({ type: 'CommonCardRevealed', data: { index: 2, card: right } });
  return s;
}

describe.each(ALL)('trijoker %s: pay table on each bet in play', (j) => {
  const env = envFor(rules, j);
  it.each([
    ['pair of jacks', 'JC JD 4H', '9S 2C', 1],
    ['two pair', 'JC JD 4H', '4S 2C', 2],
    ['three of a kind', '7C 7D 7H', 'KS 2C', 3],
    ['straight', '10C 9D 8H', '7S 6C', 5],
    ['flush', 'AD 9D 7D', '4D 2D', 8],
    ['full house', '8C 8D 8H', 'KS KC', 11],
    ['four of a kind', 'QC QD QH', 'QS 3C', 50],
    ['straight flush', '9H 8H 7H', '6H 5H', 200],
    ['royal flush', 'AS KS QS', 'JS 10S', 500],
    ['pair of tens (below jacks)', '10C 10D 4H', '9S 2C', 0],
  ])('%s pays %i:1', (_n, own, common, n) => {
    const facts = round(own, common).facts;
    for (const b of ['b1', 'b2', 'b3']) expect(expectedOf(rules, env, facts, b)).toMatchObject({ outcome: n ? 'win' : 'lose', payout: 1000 * n });
  });
  it('withdrawn bets are returned; the others are paid', () => {
    const facts = round('JC JD 4H', '9S 2C', { first: true, second: true }).facts;
    expect(expectedOf(rules, env, facts, 'b1').outcome).toBe('void');
    expect(expectedOf(rules, env, facts, 'b2').outcome).toBe('void');
    expect(expectedOf(rules, env, facts, 'b3')).toMatchObject({ outcome: 'win', payout: 1000 });
  });
  it('bet 1 withdrawn after the left card, or bet 3 at all, is a SEQUENCE_VIOLATION and the bet stays in play', () => {
    const late = round('JC JD 4H', '9S 2C', { late: true });
    expect(codes(judge(rules, env, late.facts))).toEqual(['SEQUENCE_VIOLATION']);
    expect(expectedOf(rules, env, late.facts, 'b1').outcome).toBe('win');
    const third = new Script().bet(1, 'bet-1', 100, 'b1').bet(1, 'bet-2', 100, 'b2').bet(1, 'bet-3', 100, 'b3').decide(1, 'withdraw-bet', { betId: 'b3' });
    expect(codes(judge(rules, env, third.facts))).toEqual(['SEQUENCE_VIOLATION']);
  });
  it('the three bets are equal; one box per player', () => {
    expect(codes(judge(rules, env, new Script().bet(1, 'bet-1', 100).bet(1, 'bet-2', 200).facts))).toEqual(['BET_NOT_ALLOWED']);
    expect(codes(judge(rules, env, new Script().bet(1, 'bet-1', 100).bet(1, 'bet-1', 100, 'x', { onBehalfOf: 'p' }).facts))).toEqual(['BET_NOT_ALLOWED']);
  });
});

describe('trijoker: regional differences', () => {
  it.each([
    ['euskadi', 30],
    ['cantabria', 30],
    ['illes-balears', 25],
  ] as const)('Δ max per box: %s %i × the minimum', (j, m) => {
    const env = envFor(rules, j, { limits: { min: 100, max: 1_000_000 } });
    expect(codes(judge(rules, env, new Script().bet(1, 'bet-1', 100 * m).facts))).toEqual([]);
    expect(codes(judge(rules, env, new Script().bet(1, 'bet-1', 100 * m + 100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
  });
  it('a third common card is a DRAW_RULE_VIOLATION', () => {
    expect(codes(judge(rules, envFor(rules, 'euskadi'), round('JC JD 4H', '9S 2C').cards('board', '3D').facts))).toContain('DRAW_RULE_VIOLATION');
  });
  it('refuses a third common card index and a withdrawal without a bet id', () => {
    const env = envFor(rules, 'euskadi');
    expect(rules.refuse!({ eventId: 'x', type: 'CommonCardRevealed', data: { index: 3 } }, env)).toMatchObject({ field: 'data.index' });
    expect(rules.refuse!({ eventId: 'x', type: 'PlayerDecision', data: { seat: 1, decision: 'withdraw-bet' } }, env)).toMatchObject({ field: 'data.betId' });
  });
});

propertySuite(rules, ALL, { deck: DECK_52, removedCard: ['OUTCOME_MISSING'] });
