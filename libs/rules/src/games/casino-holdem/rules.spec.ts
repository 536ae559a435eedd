import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import { rules as casinoHoldem } from './rules';

const rules: GameRules = casinoHoldem;
const env = envFor(rules, 'euskadi');

/** ante 1000, optional txb 100, hole cards, bank cards, flop, decision, turn + river. */
function round(hole: string, bank: string, board: string, opts: { play?: boolean; txb?: boolean; playAmount?: number } = {}) {
  const [f1, f2, f3, turn, river] = board.split(' ');
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.txb) s.bet(1, 'txb', 100, 'txb');
  s.cards('seat:1', hole).cards('dealer', bank).cards('board', `${f1} ${f2} ${f3}`);
  if (opts.play !== false) s.decide(1, 'play').bet(1, 'play', opts.playAmount ?? 2000, 'play');
  else s.decide(1, 'fold');
  return s.close().cards('board', `${turn} ${river}`);
}

describe('casino-holdem (euskadi): ante pay table when the player beats a qualifying bank', () => {
  // the bank holds a pair of 4s with the board below
  const bank = '4C 4D';
  it.each([
    ['royal-flush', 'AS KS', 'QS JS 10S 2D 7C', 100],
    ['straight-flush', '9H 8H', '7H 6H 5H 2D KC', 20],
    ['four-of-a-kind', 'QC QD', 'QH QS 3C 2D 7C', 10],
    ['full-house', '8C 8D', '8H KS KC 2D 7C', 3],
    ['flush', 'AD 9D', '7D 5D 3D 2S KC', 2],
    ['straight', '10C 9D', '8H 7C 6D 2S KC', 1],
    ['three-of-a-kind', '7C 7D', '7H KS 3C 2D 9C', 1],
    ['two-pair', 'JC JD', '6H 6S AC 2D 9C', 1],
    ['pair', '9S 9C', 'AH KH 3C 2D 7D', 1],
  ])('%s: ante %i:1… and the play bet 1:1', (category, hole, board, n) => {
    const facts = round(hole, bank, board).facts;
    const ante = expectedOf(rules, env, facts, 'ante');
    expect(ante).toMatchObject({ outcome: 'win', payout: 1000 * n });
    expect(ante.explanation).toContain(category);
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'win', payout: 2000 });
  });
});

describe('casino-holdem (euskadi): bank qualifier, ties, fold', () => {
  it('the bank without a pair of 4s: ante by the pay table, play stays (push)', () => {
    const facts = round('AD 9D', '3C 3H', '7D 5D 2D KS QC').facts; // player flush, bank pair of 3s
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 2000 });
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
  });
  it('the bank wins: both lost; identical hands: push', () => {
    expect(expectedOf(rules, env, round('2C 3H', '4C 4D', '9S JH KD 6C 8S').facts, 'play').outcome).toBe('lose');
    const tie = round('2C 3H', '2D 3S', 'AS AH KD KC QS').facts; // both play the board
    expect(expectedOf(rules, env, tie, 'ante').outcome).toBe('push');
    expect(expectedOf(rules, env, tie, 'play').outcome).toBe('push');
  });
  it('a fold loses the ante and the TXB, whatever the TXB hand', () => {
    const facts = round('AC AD', '4C 4D', 'AH 9S 2C KD 7H', { play: false, txb: true }).facts;
    expect(expectedOf(rules, env, facts, 'ante').outcome).toBe('lose');
    expect(expectedOf(rules, env, facts, 'txb').outcome).toBe('lose');
  });
  it('the play bet is 2 × ante (index.md OQ-28); option playMultiple 1 for the other reading', () => {
    expect(codes(judge(rules, env, round('AC AD', '4C 4D', 'AH 9S 2C KD 7H', { playAmount: 1000 }).facts))).toEqual(['BET_NOT_ALLOWED']);
    const single = envFor(rules, 'euskadi', { options: { playMultiple: 1 } });
    expect(codes(judge(rules, single, round('AC AD', '4C 4D', 'AH 9S 2C KD 7H', { playAmount: 1000 }).facts))).toEqual([]);
    expect(rules.refuseOptions!({ playMultiple: 3 }, rules.rulebooks.euskadi!)).not.toBeNull();
  });
});

describe('casino-holdem (euskadi): Texas Bonus on two cards and the flop', () => {
  it.each([
    ['a pair of aces', 'AC 9D', 'AH 5S 2C', 7],
    ['two pair', '9C 9D', '5H 5S 2C', 7],
    ['three of a kind', '9C 9D', '9H 5S 2C', 7],
    ['a straight', '9C 8D', '7H 6S 5C', 7],
    ['a flush', 'AC 9C', '7C 5C 2C', 25],
    ['a full house', '9C 9D', '9H 5S 5C', 25],
    ['four of a kind', '9C 9D', '9H 9S 2C', 25],
    ['a straight flush', '9C 8C', '7C 6C 5C', 25],
    ['a pair of kings (no prize)', 'KC 9D', 'KH 5S 2C', 0],
    ['ace high (no prize)', 'AC 9D', 'KH 5S 2C', 0],
  ])('%s pays %i:1', (_name, hole, flop, n) => {
    const facts = round(hole, '4C 4D', `${flop} JD QH`.replace(/\s+/g, ' '), { txb: true }).facts;
    expect(expectedOf(rules, env, facts, 'txb')).toMatchObject({ outcome: n ? 'win' : 'lose', payout: 100 * n });
  });
  it('turn and river do not count for the TXB', () => {
    const facts = round('AC 9D', '4C 4D', 'KH 5S 2C AS AH', { txb: true }).facts;
    expect(expectedOf(rules, env, facts, 'txb').outcome).toBe('lose');
  });
});

describe('casino-holdem (euskadi): limits and cards', () => {
  it('max 50 × the minimum; 2 bets per box', () => {
    const e = envFor(rules, 'euskadi', { limits: { min: 100, max: 1_000_000 } });
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 5100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
    const box = new Script().bet(1, 'ante', 100, 'a').bet(1, 'ante', 100, 'b', { onBehalfOf: 'x' }).bet(1, 'ante', 100, 'c', { onBehalfOf: 'y' });
    expect(judge(rules, env, box.facts).discrepancies.map((d) => d.betId)).toEqual(['c']);
  });
  it('a sixth board card is a DRAW_RULE_VIOLATION', () => {
    expect(codes(judge(rules, env, round('AC 9D', '4C 4D', 'KH 5S 2C AS AH').cards('board', '3D').facts))).toContain('DRAW_RULE_VIOLATION');
  });
});

propertySuite(rules, ['euskadi'], { deck: DECK_52, removedCard: ['OUTCOME_MISSING'], numRuns: 150 });
