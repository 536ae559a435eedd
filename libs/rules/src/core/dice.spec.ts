import { absorbingOutcomes, allThrows, countFace, diceTotal, isDouble, isTriple, payRatio, pickStake, ratio, refuseDice, rollDice, toOne } from './dice';
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
  it('enumerates every ordered throw once', () => {
    expect(allThrows(2)).toHaveLength(36);
    const three = allThrows(3);
    expect(three).toHaveLength(216);
    expect(new Set(three.map((t) => t.join(''))).size).toBe(216);
  });
  it('weights a bet lasting several throws exactly (absorbing chain): a 6 before a 7 is 5 in 11', () => {
    const outcomes = absorbingOutcomes<string>(
      'placed',
      (s) => s,
      () => allThrows(2).map((d) => (d[0] + d[1] === 6 ? { weight: 1, back: 2 } : d[0] + d[1] === 7 ? { weight: 1, back: 0 } : { weight: 1, next: 'placed' })),
    );
    const total = outcomes.reduce((t, o) => t + o.weight, 0);
    expect(total).toBeCloseTo(1, 12);
    expect(outcomes.filter((o) => o.back === 2).reduce((t, o) => t + o.weight, 0)).toBeCloseTo(5 / 11, 12);
  });
  it('follows a bet through its states: the pass line wins 244 in 495', () => {
    type S = number | null;
    const outcomes = absorbingOutcomes<S>(
      null,
      (s) => String(s),
      (point) =>
        allThrows(2).map((d) => {
          const t = d[0] + d[1];
          if (point === null) return t === 7 || t === 11 ? { weight: 1, back: 2 } : [2, 3, 12].includes(t) ? { weight: 1, back: 0 } : { weight: 1, next: t };
          return t === point ? { weight: 1, back: 2 } : t === 7 ? { weight: 1, back: 0 } : { weight: 1, next: point };
        }),
    );
    expect(outcomes.filter((o) => o.back === 2).reduce((t, o) => t + o.weight, 0)).toBeCloseTo(244 / 495, 12);
  });
});
