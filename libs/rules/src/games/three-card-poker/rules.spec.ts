import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { rules as threeCardPoker } from './rules';

const rules: GameRules = threeCardPoker;
const BOTH: JurisdictionId[] = ['euskadi', 'cantabria'];
const BANK_QUEEN = 'QC 9D 4H';

function round(player: string, bank: string, opts: { play?: boolean; pairPlus?: number } = {}) {
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.pairPlus) s.bet(1, 'pair-plus', opts.pairPlus, 'pp');
  s.cards('seat:1', player).cards('dealer', bank);
  if (opts.play !== false) s.decide(1, 'play').bet(1, 'play', 1000, 'play');
  else s.decide(1, 'fold');
  return s.close();
}

describe.each(BOTH)('three-card-poker %s: main bets', (j) => {
  const env = envFor(rules, j);
  it('bank without a queen high does not qualify: ante 1:1, play returned', () => {
    const facts = round('2C 3D 9H', 'JC 9S 4D').facts;
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('player beats a qualifying bank: ante 1:1 and play 1:1', () => {
    const facts = round('KC 10D 4S', BANK_QUEEN).facts;
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'win', payout: 1000 });
  });
  it('the bank wins: both lost; identical hands: push (index.md OQ-25 for cantabria)', () => {
    expect(expectedOf(rules, env, round('QD 8D 4S', BANK_QUEEN).facts, 'play').outcome).toBe('lose');
    expect(expectedOf(rules, env, round('QD 9C 4S', BANK_QUEEN).facts, 'ante').outcome).toBe('push');
  });
  it('a straight beats a flush (three-card ranking)', () => {
    expect(expectedOf(rules, env, round('4C 5D 6H', 'AS KS 9S').facts, 'play').outcome).toBe('win');
  });
  it.each([
    ['straight', '4C 5D 6H', 1],
    ['three of a kind', '7C 7D 7H', 4],
    ['straight flush', '4C 5C 6C', 5],
    ['royal (paid as a straight flush, index.md OQ-25)', 'AD KD QD', 5],
  ])('ante bonus on a %s: %i:1, even when the bank wins', (_n, player, odds) => {
    const facts = round(player, 'AS AH AC').facts;
    expect(rules.handsToSettle!(stateOf(facts), betOf(facts, 'ante'), env)).toEqual([undefined, 'ante-bonus']);
    expect(expectedOf(rules, env, facts, 'ante', 'ante-bonus')).toMatchObject({ outcome: 'win', payout: 1000 * odds });
  });
  it('no ante bonus after a fold (index.md OQ-27)', () => {
    const facts = round('7C 7D 7H', 'AS AH AC', { play: false }).facts;
    expect(rules.handsToSettle!(stateOf(facts), betOf(facts, 'ante'), env)).toEqual([undefined]);
  });
  it('a fold loses the pair plus with the ante: the croupier takes the folded box\'s bets and cards (euskadi L9901–9906, cantabria L4580–4585); option "settled" keeps it', () => {
    const facts = round('8C 8D 2H', BANK_QUEEN, { play: false, pairPlus: 500 }).facts;
    expect(expectedOf(rules, env, facts, 'pp')).toMatchObject({ outcome: 'lose', payout: 0 });
    expect(expectedOf(rules, env, facts, 'ante').outcome).toBe('lose');
    const settled = envFor(rules, env.rulebook.jurisdiction, { options: { pairPlusOnFold: 'settled' } });
    expect(expectedOf(rules, settled, facts, 'pp')).toMatchObject({ outcome: 'win', payout: 500 });
  });
  it('the play bet must equal the ante', () => {
    const s = new Script().bet(1, 'ante', 1000).cards('seat:1', '2C 3D 9H').bet(1, 'play', 2000);
    expect(codes(judge(rules, env, s.facts))).toEqual(['BET_NOT_ALLOWED']);
  });
  it('max 50 × the minimum (euskadi L9866–9877, cantabria L4563–4565)', () => {
    const e = envFor(rules, j, { limits: { min: 100, max: 1_000_000 } });
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 5000).facts))).toEqual([]);
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 5100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
  });
});

function stateOf(facts: ReturnType<Script['close']>['facts']) {
  const env = envFor(rules, 'euskadi');
  let s = rules.initialState(env);
  facts.forEach((f, i) => (s = rules.evolve(s, { eventId: `e${i}`, type: f.type, data: f.data }, env)));
  return s;
}
const betOf = (facts: ReturnType<Script['close']>['facts'], betId: string) => stateOf(facts).bets.find((b: { betId: string }) => b.betId === betId);

describe('three-card-poker: pair plus tables', () => {
  const hands: Array<[string, string]> = [
    ['royal-flush', 'AD KD QD'],
    ['straight-flush', '4C 5C 6C'],
    ['three-of-a-kind', '7C 7D 7H'],
    ['straight', '4C 5D 6H'],
    ['flush', 'AH 9H 4H'],
    ['pair', '8C 8D 2H'],
    ['high-card', 'KC 9D 2H'],
  ];
  const tables: Array<[JurisdictionId, string, number[]]> = [
    ['euskadi', '1', [50, 40, 30, 6, 3, 1, 0]],
    ['cantabria', '1', [50, 40, 30, 6, 3, 1, 0]],
    ['cantabria', '2', [40, 40, 30, 6, 4, 1, 0]], // royal as a straight flush (docs/decisions/open-questions.md#oq-25)
    ['cantabria', '3', [35, 35, 33, 6, 4, 1, 0]], // straight flush 35 (docs/decisions/open-questions.md#oq-26)
  ];
  const cases = tables.flatMap(([j, t, odds]) => hands.map(([cat, cards], i) => [j, t, cat, cards, odds[i]] as const));
  it.each(cases)('Δ %s table %s: %s (%s) pays %i:1', (j, t, _cat, cards, n) => {
    const env = envFor(rules, j, { options: { pairPlusTable: t } });
    expect(expectedOf(rules, env, round(cards, BANK_QUEEN, { pairPlus: 500 }).facts, 'pp')).toMatchObject({ outcome: n ? 'win' : 'lose', payout: 500 * n });
  });
  it('Δ only cantabria offers tables 2 and 3', () => {
    expect(rules.refuseOptions!({ pairPlusTable: '2' }, rules.rulebooks.euskadi!)).not.toBeNull();
    expect(rules.refuseOptions!({ pairPlusTable: '3' }, rules.rulebooks.cantabria!)).toBeNull();
  });
  it('Δ cantabria caps pair plus at 10 × the ante minimum, from ½ the minimum (L4663–4667); euskadi by the table limits', () => {
    const bets = (amount: number) => new Script().bet(1, 'pair-plus', amount).facts;
    expect(codes(judge(rules, envFor(rules, 'cantabria'), bets(1100)))).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(codes(judge(rules, envFor(rules, 'cantabria'), bets(50)))).toEqual([]);
    expect(codes(judge(rules, envFor(rules, 'euskadi'), bets(1100)))).toEqual([]);
    expect(codes(judge(rules, envFor(rules, 'euskadi'), bets(50)))).toEqual(['BET_BELOW_MINIMUM']);
  });
});

describe('three-card-poker: regional differences on players', () => {
  it.each([
    ['euskadi', 2],
    ['cantabria', 4],
  ] as const)('Δ bets per box: %s allows %i', (j, max) => {
    const s = new Script();
    for (let i = 0; i <= max; i++) s.bet(1, 'ante', 100, `a${i}`, i ? { onBehalfOf: `p${i}` } : {});
    const found = judge(rules, envFor(rules, j), s.facts).discrepancies.filter((d) => d.rule === 'three-card-poker/bets-per-box');
    expect(found.map((d) => d.betId)).toEqual([`a${max}`]);
  });
  it('a fourth card to a box is a DRAW_RULE_VIOLATION', () => {
    const s = round('2C 3D 9H', BANK_QUEEN).cards('seat:1', '5S');
    expect(codes(judge(rules, envFor(rules, 'euskadi'), s.facts))).toContain('DRAW_RULE_VIOLATION');
  });
});

propertySuite(rules, BOTH, { deck: DECK_52, removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'] });
propertySuite(rules, ['cantabria'], { deck: DECK_52, removedCard: ['OUTCOME_MISSING'], ctx: { options: { pairPlusTable: '3' } }, numRuns: 50 });
