import { countFace, diceTotal, isDouble, isTriple, payRatio, pickStake, ratio, refuseDice, rollDice, toOne } from './dice';
import { seededRandom } from './cards';

describe('core/dice', () => {
  it.each([
    [[1, 7], 2, 'data.dice[1]'],
    [[0, 3], 2, 'data.dice[0]'],
    [[1.5, 3], 2, 'data.dice[0]'],
    [[1, 2, 3], 2, 'data.dice'],
    [[1, 2], 3, 'data.dice'],
    ['6-6', 2, 'data.dice'],
  ])('refuses %j for a %i-dice game (%s)', (dice, count, field) => {
    expect(refuseDice(dice, count)).toMatchObject({ field });
  });
  it('accepts real throws', () => {
    expect(refuseDice([6, 6], 2)).toBeNull();
    expect(refuseDice([1, 2, 3], 3)).toBeNull();
  });
  it('totals, doubles, triples, faces', () => {
    expect(diceTotal([4, 5, 6])).toBe(15);
    expect(isDouble([3, 3])).toBe(true);
    expect(isDouble([3, 4])).toBe(false);
    expect(isTriple([2, 2, 2])).toBe(true);
    expect(isTriple([2, 2, 3])).toBe(false);
    expect(countFace([6, 1, 6], 6)).toBe(2);
  });
  it.each([
    [1000, toOne(61), 1, 61_000],
    [600, ratio(7, 6), 1, 700],
    [1000, ratio(7, 6), 1, 1166],
    [1000, ratio(7, 6), 100, 1100],
    [1000, ratio(5, 11), 1, 454],
    [1000, ratio(1, 2), 1, 500],
  ])('pays %i at %j (unit %i) = %i', (stake, r, unit, payout) => {
    expect(payRatio(stake, r, unit)).toBe(payout);
  });
  it('the croupier rolls faces 1–6 and stakes within bounds in whole steps', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 500; i++) {
      expect(refuseDice(rollDice(random, 3), 3)).toBeNull();
      const s = pickStake(random, 100, 5000, 500)!;
      expect(s % 500).toBe(0);
      expect(s).toBeGreaterThanOrEqual(500);
      expect(s).toBeLessThanOrEqual(5000);
    }
    expect(pickStake(random, 100, 400, 500)).toBeNull();
  });
});
