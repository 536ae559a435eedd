/**
 * The performance fold and its findings without the database: a croupier change by the contract's shape,
 * Benjamini–Hochberg on a synthetic day, the cross-day CUSUM and its detection statement.
 */
import { cusumRunLength, leakIncrements, normalCdf } from '../../../statistics/src';
import { betFigures } from '../../../rules/src';
import { addToSums, emptySums, foldPerformance, openSession, PerformanceFact, PerformanceSumsRow } from './performance-fold';
import {
  chainCells,
  cusumAddRound,
  cusumDesign,
  detectionStatement,
  judgePerformanceDay,
  newCusum,
  PerformanceSettings,
  spreadFloorOf,
  worstStretch,
} from './performance-findings';

const SETTINGS: PerformanceSettings = { fdr: 0.01, minRounds: 200, leak: 0.01, alarmDays: 3650 };

describe('croupiers', () => {
  const fact = (type: string, data: Record<string, unknown>): PerformanceFact => ({ type, data: { sessionId: 's', ...data } });
  const spin = (roundId: string) => [
    fact('RoundStarted', { roundId }),
    fact('BetPlaced', { roundId, betId: `${roundId}-b`, seat: 1, betType: 'red', amount: 100 }),
    fact('BetSettled', { roundId, betId: `${roundId}-b`, outcome: 'lose', payout: 0 }),
    fact('RoundCompleted', { roundId }),
  ];
  const opening = fact('TableSessionOpened', {
    casinoId: 'c',
    tableId: 'T',
    gamingDay: '2026-12-01',
    game: 'american-roulette-single-zero',
    jurisdiction: 'cantabria',
    staff: { croupiers: ['ana', 'bea'] },
  });

  it('the opening croupier (marked as such) until CroupierChanged: from the next round started, or from its roundId', () => {
    const s = openSession(opening, 100);
    const rounds: Array<[string, string | null, boolean]> = [];
    const run = (facts: PerformanceFact[]) => {
      for (const f of facts) {
        const w = foldPerformance(s, f).weighed;
        if (w) rounds.push([w.round.round_id, w.round.croupier_id, w.round.croupier_recorded]);
      }
    };
    run(spin('r1'));
    // mid-round, without roundId: r2 stays ana's, r3 is bea's
    run(spin('r2').slice(0, 2));
    run([fact('CroupierChanged', { croupierId: 'bea' })]);
    run(spin('r2').slice(2));
    run(spin('r3'));
    // with the roundId of the round under way: that round already
    run(spin('r4').slice(0, 1));
    run([fact('CroupierChanged', { croupierId: 'cai', roundId: 'r4' })]);
    run(spin('r4').slice(1));
    // with the roundId of a round already completed: it keeps its croupier, the change holds from now on
    run([fact('CroupierChanged', { croupierId: 'dan', roundId: 'r3' })]);
    run(spin('r5'));
    expect(rounds).toEqual([
      ['r1', 'ana', false],
      ['r2', 'ana', false],
      ['r3', 'bea', true],
      ['r4', 'cai', true],
      ['r5', 'dan', true],
    ]);
  });
});

describe('an imprisoned bet (trente et quarante: placed again with selection { prison })', () => {
  const fact = (type: string, data: Record<string, unknown>): PerformanceFact => ({ type, data: { sessionId: 't', ...data } });
  const coup = (roundId: string, betId: string, selection: unknown, outcome: string) => [
    fact('RoundStarted', { roundId }),
    fact('BetPlaced', { roundId, betId, seat: 1, betType: 'red', amount: 100, ...(selection ? { selection } : {}) }),
    fact('BetSettled', { roundId, betId, outcome, payout: 0 }),
    fact('RoundCompleted', { roundId }),
  ];
  const play = (second: string) => {
    const s = openSession(
      fact('TableSessionOpened', { casinoId: 'c', tableId: 'TQ', gamingDay: '2026-12-01', game: 'trente-et-quarante', jurisdiction: 'euskadi', staff: {} }),
      100,
    );
    const sums = emptySums('c', '2026-12-01', 'session', 't');
    for (const f of [...coup('q1', 'b1', null, 'prison'), ...coup('q2', 'b1-again', { prison: 'b1' }, second)]) {
      const w = foldPerformance(s, f).weighed;
      if (w) addToSums(sums, w, s.game);
    }
    return sums;
  };
  const edge = betFigures('trente-et-quarante', 'euskadi', {}, { smallestChip: 100 }).figureOf('red')!.houseEdge;

  it('counted once: its stake once in the handle, its worth in prison (half, as the figure takes the refait) when it goes there, the rest when it comes out', () => {
    const freed = play('push');
    expect(freed.handle).toBe(100);
    expect(freed.unvalued_handle).toBe(0);
    // 50 kept at the refait, then the 50 given back when freed: the house kept nothing, as the cash says
    expect(freed.actual_win).toBe(0);
    expect(freed.theoretical_win).toBeCloseTo(100 * edge, 12);
    const lost = play('lose');
    expect(lost.handle).toBe(100);
    expect(lost.actual_win).toBe(100);
    expect(lost.theoretical_win).toBeCloseTo(100 * edge, 12);
  });
});

describe('findings held to a false discovery rate', () => {
  const row = (subject: string, z: number, rounds = 400): PerformanceSumsRow => ({
    ...emptySums('c', '2026-12-01', 'table', subject),
    table_id: subject,
    rounds,
    handle: 100_000,
    theoretical_win: 2_000,
    variance: 1_000_000,
    actual_win: 2_000 + z * 1_000,
  });
  const p = (z: number) => 2 * normalCdf(-Math.abs(z));

  it('Benjamini–Hochberg at 1 % over 30 tables: the step-up by hand', () => {
    // 27 ordinary tables, and three with z = −4.2, −3.4 and 2.9 (p ≈ 2.7e-5, 6.7e-4, 3.7e-3)
    const zs = [...Array.from({ length: 27 }, (_, i) => -1.5 + (3 * i) / 26), -4.2, -3.4, 2.9];
    const rows = zs.map((z, i) => row(`T-${String(i).padStart(2, '0')}`, z));
    const findings = judgePerformanceDay(rows, SETTINGS);
    // by hand: sorted p, the largest k with p₍ₖ₎ ≤ k·0.01/30 — k = 1: 2.7e-5 ≤ 3.3e-4 yes; k = 2: 6.7e-4 ≤ 6.7e-4? p(3.4) = 6.74e-4 > 6.67e-4 no;
    // k = 3: 3.7e-3 ≤ 1e-3 no. So only the first is a finding, although −3.4 alone is far below 1 %.
    expect(p(3.4)).toBeGreaterThan((2 * 0.01) / 30);
    expect(p(4.2)).toBeLessThan(0.01 / 30);
    expect(findings.map((f) => [f.subject, f.direction])).toEqual([['T-27', 'house-below']]);
    expect(findings[0].adjustedP).toBeCloseTo(p(4.2) * 30, 12);
    expect(findings[0].tested).toBe(30);
    // the family's threshold the page shows beside the p: k = 1 of 30 at 1 %
    expect(findings[0].discoveries).toBe(1);
    expect(findings[0].threshold).toBeCloseTo(0.01 / 30, 15);
    // at 5 %: k = 2 passes (6.7e-4 ≤ 3.3e-3), k = 3: 3.7e-3 ≤ 5e-3 passes too
    const at5 = judgePerformanceDay(rows, { ...SETTINGS, fdr: 0.05 });
    expect(at5.map((f) => f.subject)).toEqual(['T-27', 'T-28', 'T-29']);
    for (const f of at5) {
      expect(f.threshold).toBeCloseTo((3 / 30) * 0.05, 15);
      expect(f.p).toBeLessThanOrEqual(f.threshold!);
    }
  });

  it("above a theoretical that assumes the players' best decisions is no finding; below it is", () => {
    const strategy = (subject: string, z: number) => ({ ...row(subject, z), strategy_handle: 50_000 });
    expect(judgePerformanceDay([strategy('BJ-1', 7.4)], SETTINGS)).toEqual([]);
    expect(judgePerformanceDay([strategy('BJ-1', -7.4)], SETTINGS).map((f) => f.direction)).toEqual(['house-below']);
    expect(judgePerformanceDay([row('RA-1', 7.4)], SETTINGS).map((f) => f.direction)).toEqual(['house-above']);
  });

  it('a croupier whose rounds rest on the opening staff (no CroupierChanged) is shown, never tested', () => {
    const croupier = (staff: number) => ({ ...row('cr-1', -8), level: 'croupier' as const, table_id: null, staff_rounds: staff });
    expect(judgePerformanceDay([croupier(1)], SETTINGS)).toEqual([]);
    expect(judgePerformanceDay([croupier(0)], SETTINGS).map((f) => [f.level, f.subject])).toEqual([['croupier', 'cr-1']]);
  });

  it('a table below the rounds a test needs is not tested, however far off', () => {
    expect(judgePerformanceDay([row('T-1', -8, 199)], SETTINGS)).toEqual([]);
    expect(judgePerformanceDay([row('T-1', -8, 200)], SETTINGS)).toHaveLength(1);
  });
});

describe('the CUSUM across days', () => {
  it('the design: an honest table alarms once in `alarmDays` days on average; a leak is found within the stated days with 90 % probability', () => {
    const d = cusumDesign(0.3, 3650);
    const { honest, leaking } = leakIncrements(0.3, 1, 1);
    // Siegmund's closed form against Brook and Evans' chain: the honest average run within 10 % of 3 650 days
    const average = cusumRunLength(honest.mean, honest.sd, d.threshold, { cells: 60, maxPeriods: 0 }).average;
    expect(Math.abs(average / 3650 - 1)).toBeLessThan(0.1);
    const q = cusumRunLength(leaking.mean, leaking.sd, d.threshold, { cells: chainCells(d.threshold, leaking.sd) }).quantilePeriods;
    expect(d.days).toBe(q);
    expect(d.days).toBeGreaterThan(10);
  });

  it('the statement is made for θ taken down to three digits, never up: a leak takes longer to find at a smaller θ', () => {
    expect([0.1459, 0.2, 0.3, 0.0123456, 1.2345].map((x) => cusumDesign(x, 3650).theta)).toEqual([0.145, 0.2, 0.3, 0.0123, 1.23]);
    const h = cusumDesign(0.1459, 3650).threshold;
    const at = (theta: number) => cusumRunLength(theta ** 2 / 2, theta, h, { cells: chainCells(h, theta), maxPeriods: 36_500 }).quantilePeriods;
    // the days stated for 0.1459 are those of 0.145: at least what the table's own θ needs, fewer than 0.15 would say
    expect(cusumDesign(0.1459, 3650).days).toBe(at(0.145));
    expect(at(0.145)).toBeGreaterThanOrEqual(at(0.1459));
    expect(cusumDesign(0.15, 3650).days!).toBeLessThan(cusumDesign(0.1459, 3650).days!);
  });

  it("where σ is the Cauchy–Schwarz bound, states the most days over any true spread below it (never the model's alone)", () => {
    // blackjack of the honest-days benchmark: θ = 0.1167, its rounds' spread 0.36 of the bound (f = 0.6);
    // 1,000 simulated tables with the leak needed 692 days where the exact-σ design said 640
    const exact = cusumDesign(0.1167, 3650);
    const bounded = cusumDesign(0.1167, 3650, 0.05);
    expect(bounded.threshold).toBe(exact.threshold);
    expect(bounded.spreadFloor).toBe(0.05);
    const h = exact.threshold;
    const at = (f: number) =>
      cusumRunLength(0.116 ** 2 / 2, f * 0.116, h, { cells: chainCells(h, f * 0.116), maxPeriods: 36_500, quantileOnly: true }).quantilePeriods;
    // a fine grid of f over the hump (0.6–0.8; at 0.2 the days are 573, at 1 640): the stated days are at least its top
    const grid = Array.from({ length: 9 }, (_, i) => at(0.6 + 0.025 * i));
    expect(bounded.days!).toBeGreaterThanOrEqual(Math.max(...grid));
    expect(bounded.days!).toBeLessThanOrEqual(Math.max(...grid) * 1.02); // the two-digit θ's stretch: conservative, not loose
    expect(bounded.days!).toBeGreaterThan(exact.days! + 30);
    // the stretch shrinks as θ grows, so the two-digit θ's (taken down) is at least the table's own
    const stretch = [0.08, 0.11, 0.116, 0.15, 0.2].map((t) => worstStretch(t, 3650, 0.05));
    for (let i = 1; i < stretch.length; i++) expect(stretch[i]).toBeLessThanOrEqual(stretch[i - 1]);
    expect(worstStretch(0.116, 3650, 0.05)).toBe(worstStretch(0.11, 3650, 0.05));
    // a floor of 0.9 searches only 0.9–1 (at θ = 0.11, whose stretch the table's 0.116 takes)
    const h11 = cusumDesign(0.11, 3650).threshold;
    const at11 = (f: number) =>
      cusumRunLength(0.11 ** 2 / 2, f * 0.11, h11, { cells: chainCells(h11, f * 0.11), maxPeriods: 36_500, quantileOnly: true }).quantilePeriods;
    expect(worstStretch(0.116, 3650, 0.9)).toBe(Math.max(at11(0.9), at11(0.925), at11(0.95), at11(0.975), at11(1)) / at11(1));
    expect(spreadFloorOf({ days: 2, rounds: 800, handle: 1, sd: 1, variance: 100, boundedVariance: 19 })).toBeCloseTo(0.9, 12);
    expect(spreadFloorOf({ days: 2, rounds: 800, handle: 1, sd: 1, variance: 100, boundedVariance: 0 })).toBe(1);
    expect(spreadFloorOf({ days: 2, rounds: 800, handle: 1, sd: 1 })).toBe(0.05); // folded before the bound was kept: unknown
  });

  it('a table whose rounds are bounded states its days over the spreads below the bound', () => {
    const c = newCusum('c', 'table', 'T', '2026-12-01');
    const round = { handle: 100, theoreticalWin: 100 / 74, actualWin: 100 / 74, variance: 100 ** 2, boundedVariance: 100 ** 2 };
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03']) for (let i = 0; i < 400; i++) cusumAddRound(c, day, round, i, SETTINGS);
    expect(c.folded).toMatchObject({ variance: 800 * 100 ** 2, boundedVariance: 800 * 100 ** 2 });
    const design = cusumDesign(0.2, 3650, 0);
    expect(c.detection).toEqual({ leak: 0.01, theta: 0.2, threshold: design.threshold, days: design.days, rounds: design.days! * 400, spreadFloor: 0.05 });
    expect(design.days!).toBeGreaterThan(cusumDesign(0.2, 3650).days!);
  });

  it('folds a day when the next begins, and states what it can detect in rounds of the table', () => {
    const c = newCusum('c', 'table', 'T', '2026-12-01');
    // a typical day: 400 rounds of 100 on even chances (σ per round 100), handle 40 000, σ 2 000: θ = 1 % × 40 000 / 2 000 = 0.2
    const round = { handle: 100, theoreticalWin: 100 / 74, actualWin: 100 / 74, variance: 100 ** 2, boundedVariance: 0 };
    for (const day of ['2026-12-01', '2026-12-02', '2026-12-03']) for (let i = 0; i < 400; i++) cusumAddRound(c, day, round, i, SETTINGS);
    expect(c.folded.days).toBe(2); // the third is still being summed
    expect(c.state.statistic).toBe(0); // honest days at their theoretical win pull the statistic to 0
    const design = cusumDesign(0.2, 3650);
    expect(c.detection).toEqual({ leak: 0.01, theta: 0.2, threshold: design.threshold, days: design.days, rounds: design.days! * 400, spreadFloor: 1 });
    expect(detectionStatement(c)).toBe(
      `a leak of 1 % of handle is found within ${design.days! * 400} rounds (${design.days} gaming days of 400 rounds) with 90 % probability`,
    );
    // a late round of an earlier day is counted apart, not in the statistic
    cusumAddRound(c, '2026-12-01', round, 9999, SETTINGS);
    expect(c.late_rounds).toBe(1);
  });

  it("keeps the sums of each day's increments and θ_d² beside the statement: the typical θ is the root of the days' mean θ_d²", () => {
    // two kinds of day alternate: 400 rounds of 100 (θ = 0.2) and 400 rounds of 100 with a σ twice as wide (θ = 0.1)
    const c = newCusum('c', 'table', 'T', '2027-01-01');
    for (let d = 0; d <= 40; d++) {
      const day = new Date(Date.UTC(2027, 0, 1 + d)).toISOString().slice(0, 10);
      for (let i = 0; i < 400; i++)
        cusumAddRound(
          c,
          day,
          { handle: 100, theoreticalWin: 100 / 74, actualWin: 100 / 74, variance: (d % 2 ? 2 : 1) ** 2 * 100 ** 2, boundedVariance: 0 },
          i,
          SETTINGS,
        );
    }
    expect(c.folded.days).toBe(40);
    expect(c.folded.ratioSquares! * 0.01 ** 2).toBeCloseTo(20 * 0.2 ** 2 + 20 * 0.1 ** 2, 10);
    // √((0.04 + 0.01) / 2) = 0.158…, where the ratio of the mean handle to the mean σ would say 0.133…
    expect(c.detection!.theta).toBe(0.158);
    // at the theoretical every day, each increment is −θ_d²/2
    expect(c.folded.llr).toBeCloseTo(-(20 * 0.04 + 20 * 0.01) / 2, 10);
  });

  it('a leak of 1 % of the handle every day raises the alarm', () => {
    const c = newCusum('c', 'table', 'T', '2026-12-01');
    const leaking = { handle: 100, theoreticalWin: 100 / 74, actualWin: 100 / 74 - 1, variance: 100 ** 2, boundedVariance: 0 };
    for (let d = 1; d <= 400 && !c.state.alarm; d++) {
      const day = `2027-${String(1 + Math.floor((d - 1) / 28)).padStart(2, '0')}-${String(1 + ((d - 1) % 28)).padStart(2, '0')}`;
      for (let i = 0; i < 400; i++) cusumAddRound(c, day, leaking, i, SETTINGS);
    }
    expect(c.state.alarm).toBe(true);
    expect(c.alarm_day).not.toBeNull();
  });
});
