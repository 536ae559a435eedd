import { defaultJudgeThreads } from './round-verdicts/judge-pool';
import { readAheadPages } from './rebuild';

describe('projector settings from the environment', () => {
  it('reads CA_READ_AHEAD as a whole number of pages ≥ 1, 3 when unset, and names it when it is not', () => {
    expect(readAheadPages({})).toBe(3);
    expect(readAheadPages({ CA_READ_AHEAD: '' })).toBe(3);
    expect(readAheadPages({ CA_READ_AHEAD: '5' })).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => readAheadPages({ CA_READ_AHEAD: bad })).toThrow(`CA_READ_AHEAD must be a whole number ≥ 1, not "${bad}"`);
  });

  it('reads CA_JUDGE_WORKERS as a whole number ≥ 0 (0: judge in the projector thread), and names it when it is not', () => {
    expect(defaultJudgeThreads({ CA_JUDGE_WORKERS: '0' })).toBe(0);
    expect(defaultJudgeThreads({ CA_JUDGE_WORKERS: '3' })).toBe(3);
    const unset = defaultJudgeThreads({});
    expect(unset).toBeGreaterThanOrEqual(1);
    expect(unset).toBeLessThanOrEqual(4);
    expect(() => defaultJudgeThreads({ CA_JUDGE_WORKERS: 'two' })).toThrow('CA_JUDGE_WORKERS must be a whole number ≥ 0, not "two"');
  });
});
