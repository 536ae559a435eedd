import { DECK_52 } from '../../core/cards';
import type { GameRules } from '../../core/game';
import { expectedOf, propertySuite, Script } from '../../core/poker/bank-testing';
import { codes, envFor, judge } from '../../core/testing';
import { bankDiscards, rules as drawPokerVsBank } from './rules';

const rules: GameRules = drawPokerVsBank;
const env = envFor(rules, 'euskadi');

/** ante 1000, play 2000, the box's five cards, the bank's five, its discards and replacements */
function round(player: string, bank: string, bankDraw: { discards: string[]; replacements?: string } = { discards: [] }, opts: { jackpot?: boolean } = {}) {
  const s = new Script().bet(1, 'ante', 1000, 'ante');
  if (opts.jackpot) s.bet(1, 'jackpot', 50, 'jp');
  s.cards('seat:1', player).cards('dealer', bank).decide(1, 'play').bet(1, 'play', 2000, 'play').close();
  s.facts.push({ type: 'BankDiscarded', data: { discards: bankDraw.discards } });
  if (bankDraw.replacements) s.cards('dealer', bankDraw.replacements);
  return s;
}

describe('draw-poker-vs-bank (euskadi): the bank draw table (L8085–8175)', () => {
  it.each([
    [1, 'straight stands', '10C 9D 8H 7S 6C', []],
    [1, 'flush stands', 'AD 9D 7D 4D 2D', []],
    [2, 'trío: the two others go', '7C 7D 7H KS 2C', ['KS', '2C']],
    [3, 'two pairs: the odd card goes', 'JC JD 4H 4S AC', ['AC']],
    [4, 'one pair: the two lowest others go', '8C 8D KH 4S 2C', ['4S', '2C']],
    [5, 'four to a flush, even with four to a straight', '9H 8H 7H 2H 6C', ['6C']],
    [6, 'four consecutive values', '9C 8D 7H 6S 2C', ['2C']],
    [6, 'four consecutive with the ace low', 'AC 2D 3H 4S 9C', ['9C']],
    [7, 'otherwise the two lowest go', 'AC KD 9H 4S 2C', ['4S', '2C']],
  ])('rule %i: %s', (step, _name, five, expected) => {
    const due = bankDiscards(five.split(' '));
    expect(due.step).toBe(step);
    expect(due.discards.sort()).toEqual([...expected].sort());
  });
  it('a draw against the table is a DRAW_RULE_VIOLATION; a required draw never made too', () => {
    const wrong = round('JC JD 4H 4S AC', '8C 8D KH 4D 2C', { discards: ['KH', '2C'], replacements: '3S 5S' });
    expect(codes(judge(rules, env, wrong.facts))).toEqual(['DRAW_RULE_VIOLATION']);
    const none = new Script()
      .bet(1, 'ante', 1000, 'ante')
      .cards('seat:1', 'JC JD 4H 4S AC')
      .cards('dealer', '8C 8D KH 4D 2C')
      .decide(1, 'play')
      .bet(1, 'play', 2000, 'play')
      .close();
    none.settle('ante', 'lose', 0).settle('play', 'lose', 0).complete();
    expect(codes(judge(rules, env, none.facts))).toContain('DRAW_RULE_VIOLATION');
  });
});

describe('draw-poker-vs-bank (euskadi): settlement', () => {
  it.each([
    ['royal-flush', 'AS KS QS JS 10S', 100],
    ['straight-flush', '9H 8H 7H 6H 5H', 25],
    ['four-of-a-kind', 'QC QD QH QS 3C', 20],
    ['full-house', '10C 10D 10H KS KC', 7],
    ['flush', 'AD 9D 7D 4D 3D', 5],
    ['straight', '10C 9D 8H 7C 6D', 3],
    ['three-of-a-kind', '7C 7D 7H KS 3C', 2],
    ['two-pair', 'JC JD 4H 4S AC', 1],
    ['pair', 'AH AC KH 6S 2D', 1],
  ])('%s pays %i:1 on the play bet, ante 1:1', (_c, player, n) => {
    // the bank: a pair of 9s, drawing its two lowest others (rule 4), gets nothing better
    const facts = round(player, '9C 9S KD 5H 3H', { discards: ['5H', '3H'], replacements: '2H 4C' }).facts;
    expect(expectedOf(rules, env, facts, 'play')).toMatchObject({ outcome: 'win', payout: 2000 * n });
    expect(expectedOf(rules, env, facts, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
  });
  it('the bank qualifies with a pair of 8s after its draw, not with 7s: ante 1:1 and play returned (index.md OQ-06)', () => {
    const sevens = round('AH AC KH 6S 2D', '7C 7S KD 5H 3H', { discards: ['5H', '3H'], replacements: '2C 4C' }).facts;
    expect(expectedOf(rules, env, sevens, 'ante')).toMatchObject({ outcome: 'win', payout: 1000 });
    expect(expectedOf(rules, env, sevens, 'play')).toMatchObject({ outcome: 'push', payout: 0 });
    const eights = round('AH AC KH 6S 2D', '8C 8S KD 5H 3H', { discards: ['5H', '3H'], replacements: '2C 4C' }).facts;
    expect(expectedOf(rules, env, eights, 'play')).toMatchObject({ outcome: 'win', payout: 2000 });
  });
  it('the bank hand counts after its draw', () => {
    const facts = round('AH AC KH 6S 2D', '9C 9S KD 5H 3H', { discards: ['5H', '3H'], replacements: '9D 9H' }).facts;
    expect(expectedOf(rules, env, facts, 'play').outcome).toBe('lose');
  });
  it('without a recorded bank draw the coup is judged on the five cards held (the missing draw is flagged apart)', () => {
    const s = new Script()
      .bet(1, 'ante', 1000, 'ante')
      .cards('seat:1', 'AH AC KH 6S 2D')
      .cards('dealer', '9C 9S KD 5H 3H')
      .bet(1, 'play', 2000, 'play')
      .close();
    expect(expectedOf(rules, env, s.facts, 'play')).toMatchObject({ outcome: 'win', payout: 2000 });
  });
  it('a player changes at most two cards, and only after playing', () => {
    const three = new Script()
      .bet(1, 'ante', 1000)
      .cards('seat:1', 'AH AC KH 6S 2D')
      .bet(1, 'play', 2000)
      .decide(1, 'draw', { discards: ['KH', '6S', '2D'] });
    expect(codes(judge(rules, env, three.facts))).toEqual(['DRAW_RULE_VIOLATION']);
    const folded = new Script()
      .bet(1, 'ante', 1000)
      .cards('seat:1', 'AH AC KH 6S 2D')
      .decide(1, 'fold')
      .decide(1, 'draw', { discards: ['2D'] });
    expect(codes(judge(rules, env, folded.facts))).toEqual(['DRAW_RULE_VIOLATION']);
  });
  it('max initial bet 50 × the minimum, 4 bets per box, jackpot ≤ ½ the minimum and with an ante', () => {
    const e = envFor(rules, 'euskadi', { limits: { min: 100, max: 1_000_000 } });
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 5100).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(codes(judge(rules, e, new Script().bet(1, 'ante', 100).bet(1, 'jackpot', 60).facts))).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(codes(judge(rules, e, new Script().bet(1, 'jackpot', 50).facts))).toEqual(['BET_NOT_ALLOWED']);
  });
  it('jackpot hands: on the first five cards; after the draw only with option jackpotAfterDraw', () => {
    const state = (facts: ReturnType<typeof round>['facts'], e = env) => {
      let s = rules.initialState(e);
      facts.forEach((f, i) => (s = rules.evolve(s, { eventId: `e${i}`, type: f.type, data: f.data }, e)));
      return s;
    };
    const quads = round('QC QD QH QS 3C', '9C 9S KD 5H 3H', { discards: ['5H', '3H'], replacements: '2H 4C' }, { jackpot: true }).facts;
    expect(rules.jackpotHand!(state(quads), 1, env)).toBe('four-of-a-kind');
    const drawn = new Script()
      .bet(1, 'ante', 1000)
      .bet(1, 'jackpot', 50)
      .cards('seat:1', 'QC QD QH 2S 3C')
      .cards('dealer', '9C 9S KD 5H 3H')
      .bet(1, 'play', 2000)
      .decide(1, 'draw', { discards: ['2S', '3C'] })
      .cards('seat:1', 'QS 4D').facts;
    expect(rules.jackpotHand!(state(drawn), 1, env)).toBeNull();
    const optional = envFor(rules, 'euskadi', { options: { jackpotAfterDraw: true } });
    expect(rules.jackpotHand!(state(drawn, optional), 1, optional)).toBe('four-of-a-kind-after-draw');
  });
});

propertySuite(rules, ['euskadi'], { deck: DECK_52, removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'], numRuns: 150 });
propertySuite(rules, ['euskadi'], {
  deck: DECK_52,
  removedCard: ['OUTCOME_MISSING', 'DRAW_RULE_VIOLATION'],
  numRuns: 40,
  ctx: {
    options: { jackpotAfterDraw: true },
    jackpotPools: {
      p1: {
        poolId: 'p1',
        current: 200_000,
        contributionAmount: 25,
        prizes: {
          'four-of-a-kind': { share: 0.05 },
          'straight-flush': { share: 0.1 },
          'royal-flush': { share: 1 },
          'four-of-a-kind-after-draw': { share: 0.005 },
        },
      },
    },
  },
});
