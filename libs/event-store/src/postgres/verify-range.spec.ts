/**
 * How `verify` cuts a store into ranges of streams to walk at once (issue 23 §3): every stream falls in
 * exactly one range whatever its number, the ranges follow each other, and they hold about equal events.
 */
import { defaultVerifyThreads } from './postgres-verifier';
import { planStreamRanges, StreamRange, WHOLE_STORE } from './verify-range';

const rangeOf = (ranges: readonly StreamRange[], n: number) => ranges.filter((r) => n > r.after && n <= r.through);

describe('planStreamRanges', () => {
  it('one part, one stream or an empty store: the whole store', () => {
    expect(planStreamRanges([[1, 10]], 8)).toEqual([WHOLE_STORE]);
    expect(planStreamRanges([], 8)).toEqual([WHOLE_STORE]);
    expect(
      planStreamRanges(
        [
          [1, 10],
          [2, 10],
        ],
        1,
      ),
    ).toEqual([WHOLE_STORE]);
  });

  it('covers every number once, in order, with ranges of about equal events', () => {
    // 100 streams of 1..100 events, numbered 3, 6, 9, … and given out of order
    const sizes = Array.from({ length: 100 }, (_, i) => [3 * (i + 1), i + 1] as const).reverse();
    const ranges = planStreamRanges(sizes, 8);
    expect(ranges.length).toBe(8);
    expect(ranges[0].after).toBe(WHOLE_STORE.after);
    expect(ranges[ranges.length - 1].through).toBe(WHOLE_STORE.through);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i].after).toBe(ranges[i - 1].through);
    // numbers with no stream (a head row lost, numbers between and beyond) still fall in exactly one range
    for (const n of [-5, 0, 1, 3, 4, 150, 300, 301, 2147483647]) expect(rangeOf(ranges, n)).toHaveLength(1);
    const total = 5050;
    for (const r of ranges) {
      const events = sizes.filter(([n]) => n > r.after && n <= r.through).reduce((s, [, e]) => s + e, 0);
      expect(events).toBeLessThanOrEqual(total / 8 + 100); // a share, and at most one stream more
    }
  });

  it('a stream longer than several shares takes them: no run of empty or one-stream slivers after it', () => {
    const sizes: Array<[number, number]> = [
      [1, 10],
      [2, 1000],
      [3, 10],
      [4, 10],
      [5, 10],
      [6, 10],
    ];
    const ranges = planStreamRanges(sizes, 4);
    expect(ranges.length).toBeLessThanOrEqual(4);
    expect(rangeOf(ranges, 2)).toHaveLength(1);
    expect(ranges.map((r) => r.through)).toEqual([2, WHOLE_STORE.through]);
  });
});

describe('CA_VERIFY_THREADS', () => {
  it("is a whole number ≥ 1 (1: walk in the command's thread), one a core up to 4 when unset, and named when it is not", () => {
    expect(defaultVerifyThreads({ CA_VERIFY_THREADS: '1' })).toBe(1);
    expect(defaultVerifyThreads({ CA_VERIFY_THREADS: '6' })).toBe(6);
    const unset = defaultVerifyThreads({});
    expect(unset).toBeGreaterThanOrEqual(1);
    expect(unset).toBeLessThanOrEqual(4);
    for (const bad of ['0', 'two'])
      expect(() => defaultVerifyThreads({ CA_VERIFY_THREADS: bad })).toThrow(`CA_VERIFY_THREADS must be a whole number ≥ 1, not "${bad}"`);
  });
});
