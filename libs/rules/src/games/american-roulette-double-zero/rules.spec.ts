import { codes, envFor, judge } from '../../core/testing';
import type { Bet, Fact } from '../../core/types';
import { roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import type { GameRules } from '../../core/game';
import { rules as americanRouletteDoubleZero } from './rules';

const rules: GameRules = americanRouletteDoubleZero;

const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });
const env = () => envFor(rules, 'cantabria');

describe('american-roulette-double-zero (cantabria L592–618)', () => {
  it('00 is a pocket opposite 0 (cantabria L597–600); 37 and -1 are not', () => {
    expect(rules.refuse!(fact('WheelSpun', { result: '00' }), env())).toBeNull();
    expect(rules.refuse!(fact('WheelSpun', { result: 37 }), env())).toMatchObject({ field: 'data.result' });
  });
  it('straight on 00 pays 35:1', () => {
    expect(settleAfter(rules, env(), { betType: 'straight', selection: ['00'], amount: 100 }, '00')).toMatchObject({ outcome: 'win', payout: 3500 });
  });
  it('the five-number corner 0-00-1-2-3 pays 6:1 (cantabria L609–612)', () => {
    for (const pocket of [0, '00', 1, 2, 3]) {
      expect(settleAfter(rules, env(), { betType: 'corner', selection: [0, '00', 1, 2, 3], amount: 100 }, pocket)).toMatchObject({
        outcome: 'win',
        payout: 600,
        citation: 'cantabria L609–612',
      });
    }
    expect(settleAfter(rules, env(), { betType: 'corner', selection: [0, '00', 1, 2, 3], amount: 100 }, 4)).toMatchObject({ outcome: 'lose' });
  });
  it('the split 0-00 pays 17:1 (cantabria L614–618)', () => {
    const v = settleAfter(rules, env(), { betType: 'split', selection: [0, '00'], amount: 100 }, '00');
    expect(v).toMatchObject({ outcome: 'win', payout: 1700, citation: expect.stringContaining('cantabria L614–618') });
  });
  it.each([
    ['split', ['00', 3], true],
    ['split', ['00', 2], true],
    ['split', ['00', 1], false],
    ['street', ['00', 2, 3], true],
    ['corner', [0, 1, 2, 3], false],
    ['split', [0, 3], false],
  ])('%s %p real: %p', (betType, selection, real) => {
    const r = rules.refuse!(fact('BetPlaced', { betId: 'b', betType, selection, amount: 100 }), env());
    expect(r === null).toBe(real);
  });
  it('OQ-47: 0 and 00 on even chances lose half (as A.2)', () => {
    for (const pocket of [0, '00']) {
      expect(settleAfter(rules, env(), { betType: 'red', amount: 1000 }, pocket)).toMatchObject({
        outcome: 'half-lost',
        payout: 0,
        citation: 'cantabria L569–570, L594–595; 00 as 0: index.md OQ-47',
      });
    }
    const lose = envFor(rules, 'cantabria', { options: { zeroOnEvenChances: 'lose' } });
    expect(settleAfter(rules, lose, { betType: 'red', amount: 1000 }, '00')).toMatchObject({ outcome: 'lose' });
    expect(rules.refuseOptions!({ zeroOnEvenChances: 'prison' }, rules.rulebooks.cantabria)).toMatchObject({ field: 'options.zeroOnEvenChances' });
  });
  it('columns and dozens lose on 00', () => {
    expect(settleAfter(rules, env(), { betType: 'column', selection: 3, amount: 1000 }, '00')).toMatchObject({ outcome: 'lose' });
  });
  it('limits: single tier k = 20 (cantabria L360–375 via A.2); the 5-number corner at 5 × 20 × m', () => {
    const bet: Bet = { betId: 'b', betType: 'corner', selection: [0, '00', 1, 2, 3], amount: 0, eventId: 'e', late: false };
    expect(rules.betLimits!(bet, env()).max!.amount).toBe(10_000);
    const played = roundOf([{ betType: 'corner', selection: [0, '00', 1, 2, 3], amount: 10_100 }], 9, [], [{ outcome: 'lose', payout: 0 }]);
    expect(codes(judge(rules, env(), played))).toEqual(['BET_ABOVE_MAXIMUM']);
  });
  it('only cantabria has rules for it', () => expect(Object.keys(rules.rulebooks)).toEqual(['cantabria']));
});

wheelProperties(rules);
