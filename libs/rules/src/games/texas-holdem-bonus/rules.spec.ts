import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import { rules as texasHoldemVsBank } from '../texas-holdem-vs-bank/rules';
import { bonusHand, rules as texasHoldemBonus } from './rules';

const bonusGame: GameRules = texasHoldemBonus;
const vsBank: GameRules = texasHoldemVsBank;

/** ante 1000 (+ bonus 100), hole cards, bank cards, flop bet 2000, burn, flop, turn bet, burn, turn, river bet, burn, river */
function round(hole: string, bank: string, board: string, opts: { fold?: boolean; turn?: boolean; river?: boolean; bonus?: boolean } = {}) {
  const [f1, f2, f3, turn, river] = board.split(' ');
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.bonus) s.bet(1, 'bonus', 100, 'bonus');
  s.cards('seat:1', hole).cards('dealer', bank);
  if (opts.fold) s.decide(1, 'fold');
  else s.bet(1, 'flop', 2000, 'flop');
  s.cards('burn', '2S').cards('board', `${f1} ${f2} ${f3}`);
  if (!opts.fold && opts.turn !== false) s.bet(1, 'turn', 1000, 'turn');
  s.cards('burn', '3S').cards('board', turn);
  if (!opts.fold && opts.river !== false) s.bet(1, 'river', 1000, 'river');
  return s.close().cards('burn', '4S').cards('board', river);
}

describe.each([
  ['texas-holdem-bonus', bonusGame],
  ['texas-holdem-vs-bank', vsBank],
] as const)('%s (cantabria): main bets', (_id, rules) => {
  const env = envFor(rules, 'cantabria');
  it('player wins with a straight or better: ante, flop, turn and river all 1:1', () => {
    const facts = round('9C 8D', 'KC KD', '7H 6S 5C JD QH').facts;
    for (const id of ['ante', 'flop', 'turn', 'river']) expect(expectedOf(rules, env, facts, id)).toMatchObject({ outcome: 'win' });
    expect(expectedOf(rules, env, facts, 'ante').payout).toBe(1000);
    expect(expectedOf(rules, env, facts, 'flop').payout).toBe(2000);
  });
  it('player wins below a straight: the ante is returned (index.md OQ-29), the streets paid', () => {
    const facts = round('AC AD', 'KC KD', '7H 6S 2C JD QH').facts;
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'push', payout: 0 });
    expect(expectedOf(rules, env, facts, 'river')).toMatchObject({ outcome: 'win', payout: 1000 });
    const lossy = envFor(rules, 'cantabria', { options: { anteBelowStraight: 'lose' } });
    expect(expectedOf(rules, lossy, facts, 'ante').outcome).toBe('lose');
  });
  it('no bank qualifier: a bank with nothing still beats a weaker nothing', () => {
    const facts = round('9C 3D', 'KC 4D', '7H 6S 2C JD QS').facts;
    expect(expectedOf(rules, env, facts, 'ante').outcome).toBe('lose');
    expect(expectedOf(rules, env, facts, 'flop').outcome).toBe('lose');
  });
  it('a tie returns every bet', () => {
    const facts = round('2C 3D', '2D 3H', 'AS AH KD KC QS').facts;
    for (const id of ['ante', 'flop', 'turn', 'river']) expect(expectedOf(rules, env, facts, id).outcome).toBe('push');
  });
  it('a fold loses the ante', () => {
    expect(expectedOf(rules, env, round('9C 3D', 'KC 4D', '7H 6S 2C JD QS', { fold: true }).facts, 'ante').outcome).toBe('lose');
  });
  it('flop = 2 × ante, turn and river = 1 × ante, each at its time, turn and river only after a flop bet', () => {
    const wrongAmount = new Script().bet(1, 'ante', 1000).cards('seat:1', '9C 3D').cards('dealer', 'KC 4D').bet(1, 'flop', 1000);
    expect(codes(judge(rules, env, wrongAmount.facts))).toEqual(['BET_NOT_ALLOWED']);
    const early = new Script().bet(1, 'ante', 1000).cards('seat:1', '9C 3D').cards('dealer', 'KC 4D').bet(1, 'flop', 2000).bet(1, 'turn', 1000);
    expect(judge(rules, env, early.facts).discrepancies.map((d) => d.rule)).toEqual([`${rules.game}/turn-timing`]);
    const noFlop = new Script()
      .bet(1, 'ante', 1000)
      .cards('seat:1', '9C 3D')
      .cards('dealer', 'KC 4D')
      .decide(1, 'fold')
      .cards('burn', '2S')
      .cards('board', '7H 6S 2C')
      .bet(1, 'turn', 1000);
    expect(judge(rules, env, noFlop.facts).discrepancies.map((d) => d.rule)).toEqual([`${rules.game}/turn-after-flop-bet`]);
  });
  it('one burn before the flop, the turn and the river: a missing burn or an extra one is a DRAW_RULE_VIOLATION', () => {
    const ok = round('9C 8D', 'KC KD', '7H 6S 5C JD QH')
      .settle('ante', 'win', 1000)
      .settle('flop', 'win', 2000)
      .settle('turn', 'win', 1000)
      .settle('river', 'win', 1000)
      .complete();
    expect(codes(judge(rules, env, ok.facts))).toEqual([]);
    const noBurn = ok.facts.filter((f) => !(f.type === 'CardDealt' && f.data.card === '3S'));
    expect(codes(judge(rules, env, noBurn))).toEqual(['DRAW_RULE_VIOLATION']);
    const extra = [...ok.facts.slice(0, -1), { type: 'CardDealt', data: { card: '5S', to: 'burn' } }, ok.facts[ok.facts.length - 1]];
    expect(codes(judge(rules, env, extra))).toEqual(['DRAW_RULE_VIOLATION']);
  });
  it('max ante 30 × the minimum (cantabria L4846–4849, L5150–5164); one bet per box', () => {
    const e = envFor(rules, 'cantabria', { limits: { min: 100, max: 1_000_000 } });
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 3000).facts))).toEqual([]);
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 3100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 100, 'a').bet(1, 'ante', 100, 'b', { onBehalfOf: 'x' }).facts))).toEqual(['BET_NOT_ALLOWED']);
  });
});

describe('texas-holdem-bonus (cantabria): Bonus on the player two cards', () => {
  const env = envFor(bonusGame, 'cantabria');
  it.each([
    ['A-A against the bank A-A', 'AC AD', 'AH AS', 1000],
    ['A-A', 'AC AD', 'KC KD', 30],
    ['A-K suited', 'AC KC', 'QS 4D', 25],
    ['A-Q suited', 'AC QC', 'KS 4D', 20],
    ['A-J suited', 'AH JH', 'KS 4D', 20],
    ['A-K offsuit', 'AC KD', 'QS 4D', 15],
    ['K-K', 'KC KD', 'QS 4D', 10],
    ['J-J', 'JC JD', 'QS 4D', 10],
    ['A-Q offsuit (index.md OQ-30)', 'AC QD', 'KS 4D', 5],
    ['A-J offsuit (index.md OQ-30)', 'AC JD', 'KS 4D', 5],
    ['10-10', '10C 10D', 'QS 4D', 3],
    ['2-2', '2C 2D', 'QS 4D', 3],
    ['A-10 (no prize)', 'AC 10D', 'QS 4D', 0],
    ['K-Q suited (no prize)', 'KC QC', 'JS 4D', 0],
  ])('%s pays %i:1, even after a fold', (_n, hole, bank, odds) => {
    const facts = round(hole, bank, '7H 6S 5D 9D 8H', { fold: true, bonus: true }).facts;
    expect(expectedOf(bonusGame, env, facts, 'bonus')).toMatchObject({ outcome: odds ? 'win' : 'lose', payout: 100 * odds });
  });
  it('the A-Q / A-J offsuit payout may be set by the session (index.md OQ-30)', () => {
    const e = envFor(bonusGame, 'cantabria', { options: { bonusAceQueenOrJackOffsuit: 6 } });
    expect(expectedOf(bonusGame, e, round('AC QD', 'KS 4D', '7H 6S 5D 9D 8H', { bonus: true }).facts, 'bonus').payout).toBe(600);
  });
  it('bonusHand waits for the bank when the player holds A-A', () => {
    expect(bonusHand(['AC', 'AD'], [])).toBe('undecided');
    expect(bonusHand(['9C', '2D'], [])).toBeNull();
  });
  it('Δ texas-holdem-vs-bank has no Bonus bet', () => {
    const s = new Script().bet(1, 'ante', 1000).bet(1, 'bonus', 100);
    expect(codes(judge(vsBank, envFor(vsBank, 'cantabria'), s.facts))).toEqual(['BET_NOT_ALLOWED']);
    expect(codes(judge(bonusGame, env, s.facts))).toEqual([]);
  });
});

propertySuite(bonusGame, ['cantabria'], { deck: DECK_52, removedCard: ['OUTCOME_MISSING'], numRuns: 150 });
propertySuite(vsBank, ['cantabria'], { deck: DECK_52, removedCard: ['OUTCOME_MISSING'], numRuns: 100 });
