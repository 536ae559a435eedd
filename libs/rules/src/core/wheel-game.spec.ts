/**
 * The wheels engine itself, on a made-up three-cell wheel whose composite bets no text offers: what a
 * composite is paid when its winning chips earn exactly, or less than, what its other chips lose.
 */
import type { RulebookBase } from './game';
import { codes, judge, envFor } from './testing';
import { cited } from './types';
import { roundOf, settleAfter } from './wheel-testing';
import { SpinAdapter, spinGame } from './wheel-game';

const rulebook: RulebookBase = { game: 'three-cells', jurisdiction: 'euskadi', source: 'made up' };
const even = cited(1, 'made up 1:1');
const adapter: SpinAdapter<RulebookBase> = {
  game: 'three-cells',
  rulebooks: { euskadi: rulebook },
  vocabulary: ['pair', 'three'],
  parseResult: (raw) => (['a', 'b', 'c'].includes(String(raw)) ? String(raw) : null),
  results: () => ['a', 'b', 'c'].map((key) => ({ key, weight: 1, value: key })),
  // `pair`: chips on a and b at 1:1 (one wins exactly what the other loses); `three`: a, b and c at 1:1
  resolve: (betType) => ({
    evenChance: false,
    chips: (betType === 'pair' ? ['a', 'b'] : ['a', 'b', 'c']).map((k) => ({ label: `cell ${k}`, covered: [k], units: 1, odds: even })),
  }),
  offered: () => 'made up',
  randomBet: () => ({ betType: 'pair' }),
};
const rules = spinGame(adapter);
const env = envFor(rules, 'euskadi');

describe('wheels engine: composite bets whose winnings do not exceed the lost chips (issue 14 §1.1, docs/games/wheels.md)', () => {
  it('winnings equal to the lost chips: push, payout 0 (the whole stake comes back)', () => {
    expect(settleAfter(rules, env, { betType: 'pair', amount: 200 }, 'a')).toMatchObject({ outcome: 'push', payout: 0 });
    expect(judge(rules, env, roundOf([{ betType: 'pair', amount: 200 }], 'a', [], [{ outcome: 'push', payout: 0 }])).verdict).toBe('consistent');
  });
  it('winnings below the lost chips: never a negative payout; the bet is not allowed as one bet and its settlement is unverifiable', () => {
    // on a: 100 won, 200 lost: 200 of the 300 come back, which no BetSettled outcome records
    expect(settleAfter(rules, env, { betType: 'three', amount: 300 }, 'a')).toMatchObject({ unverifiable: true });
    const j = judge(rules, env, roundOf([{ betType: 'three', amount: 300 }], 'a', [], [{ outcome: 'lose', payout: 0 }]));
    expect(codes(j)).toEqual(['BET_NOT_ALLOWED']);
    expect(j.discrepancies[0].message).toContain('record its chips as separate bets');
  });
});
