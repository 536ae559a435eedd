import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { asFacts, codes, envFor as anyEnvFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { isUndecided, isUnverifiable, type ExpectedSettlement, type JurisdictionId, type SessionContext } from '../../core/types';
import { rulebooks as CRAPS_RULEBOOKS, CrapsJurisdiction, CrapsRulebook, POINT_NUMBERS } from './rulebook';
import { rules as craps, CrapsCarried, pointAfter, refuseCrapsLimits } from './rules';

const JURISDICTIONS = Object.keys(CRAPS_RULEBOOKS) as CrapsJurisdiction[];
const envFor = (j: JurisdictionId, o: Partial<SessionContext> = {}) => anyEnvFor(craps, j, o) as RoundEnv<CrapsRulebook>;
const S = 's-1';
const fact = (type: string, data: Record<string, unknown> = {}, roundId = 'r-1'): PlayedFact => ({ type, data: { sessionId: S, roundId, ...data } });

interface BetSpec {
  betId?: string;
  betType: string;
  selection?: unknown;
  amount?: number;
}
const COME_OUT: CrapsCarried = { point: null, standing: [] };

/** One throw's round: the bets (new or re-stated), the dice, and the given settlements. */
function throwFacts(bets: BetSpec[], dice: number[], settlements: Array<{ betId: string; outcome: string; payout: number }> = []): PlayedFact[] {
  return [
    fact('RoundStarted'),
    ...bets.map((b, i) =>
      fact('BetPlaced', {
        betId: b.betId ?? `b${i + 1}`,
        seat: 1,
        betType: b.betType,
        ...(b.selection !== undefined ? { selection: b.selection } : {}),
        amount: b.amount ?? 1000,
      }),
    ),
    fact('BetsClosed'),
    fact('DiceThrown', { dice }),
    ...settlements.map((s) => fact('BetSettled', s)),
    fact('RoundCompleted'),
  ];
}

/** What the rules say the first bet gets on this throw. */
function expected(j: CrapsJurisdiction, carried: CrapsCarried, bets: BetSpec[], dice: number[], o: Partial<SessionContext> = {}): ExpectedSettlement | 'stays' {
  const env = envFor(j, { ...o, carried });
  const facts = asFacts(throwFacts(bets, dice));
  const state = facts.reduce((s, f) => craps.evolve(s, f, env), craps.initialState(env));
  const bet = {
    betId: bets[0].betId ?? 'b1',
    betType: bets[0].betType,
    selection: bets[0].selection,
    amount: bets[0].amount ?? 1000,
    eventId: 'x',
    late: false,
  };
  const v = craps.settle(state, { bet }, env);
  if (isUndecided(v)) return 'stays';
  if (isUnverifiable(v)) throw new Error('unverifiable');
  return v;
}
const outcomeOf = (v: ExpectedSettlement | 'stays') => (v === 'stays' ? 'stays' : `${v.outcome} ${v.payout}`);
const withPoint = (point: number, standing: CrapsCarried['standing'] = []): CrapsCarried => ({ point, standing });
const standingBet = (betId: string, betType: string, amount: number, point: number | null = null, selection?: unknown) => ({
  betId,
  seat: 1,
  betType,
  amount,
  point,
  ...(selection !== undefined ? { selection } : {}),
});

describe.each(JURISDICTIONS)('craps — %s', (j) => {
  const rb = CRAPS_RULEBOOKS[j];

  describe("pass line and don't pass on the come-out (bar 12)", () => {
    it.each([
      [[3, 4], 'win 1000', 'lose 0'],
      [[5, 6], 'win 1000', 'lose 0'],
      [[1, 1], 'lose 0', 'win 1000'],
      [[1, 2], 'lose 0', 'win 1000'],
      [[6, 6], 'lose 0', 'push 0'],
      [[2, 2], 'stays', 'stays'],
      [[4, 6], 'stays', 'stays'],
    ])('come-out %j: pass %s, dont-pass %s', (dice, pass, dont) => {
      expect(outcomeOf(expected(j, COME_OUT, [{ betType: 'pass' }], dice))).toBe(pass);
      expect(outcomeOf(expected(j, COME_OUT, [{ betType: 'dont-pass' }], dice))).toBe(dont);
    });
    it.each([
      [6, [3, 3], 'win 1000', 'lose 0'],
      [6, [1, 6], 'lose 0', 'win 1000'],
      [6, [5, 6], 'stays', 'stays'],
      [6, [6, 6], 'stays', 'stays'],
      [4, [2, 2], 'win 1000', 'lose 0'],
    ])('point %i, throw %j: pass %s, dont-pass %s', (point, dice, pass, dont) => {
      const carried = withPoint(point, [standingBet('p', 'pass', 1000), standingBet('d', 'dont-pass', 1000)]);
      expect(
        outcomeOf(
          expected(
            j,
            carried,
            [
              { betId: 'p', betType: 'pass' },
              { betId: 'd', betType: 'dont-pass' },
            ],
            dice,
          ),
        ),
      ).toBe(pass);
      expect(
        outcomeOf(
          expected(
            j,
            carried,
            [
              { betId: 'd', betType: 'dont-pass' },
              { betId: 'p', betType: 'pass' },
            ],
            dice,
          ),
        ),
      ).toBe(dont);
    });
    it('the point moves: set on 4–10 at the come-out, off on the point or a seven', () => {
      expect(pointAfter(null, [3, 3])).toBe(6);
      expect(pointAfter(null, [3, 4])).toBeNull();
      expect(pointAfter(6, [2, 4])).toBeNull();
      expect(pointAfter(6, [3, 4])).toBeNull();
      expect(pointAfter(6, [4, 5])).toBe(6);
    });
    it("the don't-pass push on 12 cites the bar rule", () => {
      const v = expected(j, COME_OUT, [{ betType: 'dont-pass' }], [6, 6]) as ExpectedSettlement;
      expect(v.citation).toBe(rb.comeOut.bar.cite);
    });
  });

  describe("come and don't come", () => {
    it('a come bet wins on 7 / 11 and loses on craps on its first throw', () => {
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'come' }], [5, 6]))).toBe('win 1000');
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'come' }], [1, 1]))).toBe('lose 0');
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'dont-come' }], [6, 6]))).toBe('push 0');
    });
    it("the don't come bar 12 is cited to the don't come paragraph, not the don't pass one", () => {
      const v = expected(j, withPoint(5), [{ betType: 'dont-come' }], [6, 6]) as ExpectedSettlement;
      expect(v.citation).toBe(rb.payouts['dont-come'].cite);
    });
    it('a come bet moves to its number and is decided there in a later throw', () => {
      const c = withPoint(5, [standingBet('c', 'come', 1000, 9)]);
      expect(outcomeOf(expected(j, c, [{ betId: 'c', betType: 'come' }], [4, 5]))).toBe('win 1000');
      expect(outcomeOf(expected(j, c, [{ betId: 'c', betType: 'come' }], [3, 4]))).toBe('lose 0');
      expect(outcomeOf(expected(j, c, [{ betId: 'c', betType: 'come' }], [2, 3]))).toBe('stays');
    });
  });

  describe('one-roll and multi-roll bets: each payout', () => {
    it.each([
      ['field', [1, 1], 'win 2000'],
      ['field', [6, 6], 'win 2000'],
      ['field', [1, 2], 'win 1000'],
      ['field', [4, 5], 'win 1000'],
      ['field', [3, 4], 'lose 0'],
      ['field', [2, 3], 'lose 0'],
      ['big-6', [2, 4], 'win 1000'],
      ['big-6', [3, 4], 'lose 0'],
      ['big-6', [4, 5], 'stays'],
      ['big-8', [4, 4], 'win 1000'],
      ['under-7', [2, 4], 'win 1000'],
      ['under-7', [3, 4], 'lose 0'],
      ['over-7', [4, 4], 'win 1000'],
      ['over-7', [3, 4], 'lose 0'],
      ['hard-4', [2, 2], 'win 7000'],
      ['hard-4', [1, 3], 'lose 0'],
      ['hard-4', [3, 4], 'lose 0'],
      ['hard-4', [4, 5], 'stays'],
      ['hard-10', [5, 5], 'win 7000'],
      ['hard-6', [3, 3], 'win 9000'],
      ['hard-8', [4, 4], 'win 9000'],
      ['hard-8', [2, 6], 'lose 0'],
      ['any-7', [1, 6], 'win 4000'],
      ['any-7', [1, 5], 'lose 0'],
      ['yo-11', [5, 6], 'win 15000'],
      ['any-craps', [1, 2], 'win 7000'],
      ['any-craps', [6, 6], 'win 7000'],
      ['any-craps', [5, 6], 'lose 0'],
      ['craps-2', [1, 1], 'win 30000'],
      ['craps-3', [1, 2], 'win 15000'],
      ['craps-12', [6, 6], 'win 30000'],
      ['craps-12', [1, 1], 'lose 0'],
      ['horn', [5, 6], 'win 4000'],
      ['horn', [1, 1], 'win 4000'],
      ['horn', [3, 4], 'lose 0'],
    ])('%s on %j: %s', (betType, dice, result) => {
      expect(outcomeOf(expected(j, withPoint(5), [{ betType }], dice))).toBe(result);
    });
  });

  describe("odds (pass/come 2:1, 3:2, 6:5; don't 1:2, 2:3, 5:6)", () => {
    it.each([
      [4, 1000, 'win 2000', 'lose 0'],
      [10, 1000, 'win 2000', 'lose 0'],
      [5, 1000, 'win 1500', 'lose 0'],
      [9, 1000, 'win 1500', 'lose 0'],
      [6, 1000, 'win 1200', 'lose 0'],
      [8, 1000, 'win 1200', 'lose 0'],
    ])('point %i, odds %i: made → pass-odds %s, dont-pass-odds %s', (point, amount, right, wrong) => {
      const c = withPoint(point, [standingBet('p', 'pass', 1000), standingBet('d', 'dont-pass', 1000)]);
      const dice = point === 4 ? [1, 3] : point === 10 ? [4, 6] : point === 5 ? [1, 4] : point === 9 ? [4, 5] : point === 6 ? [1, 5] : [2, 6];
      const bets = [
        { betId: 'p', betType: 'pass' },
        { betId: 'd', betType: 'dont-pass' },
      ];
      expect(outcomeOf(expected(j, c, [{ betId: 'o', betType: 'pass-odds', selection: { bet: 'p' }, amount }, ...bets], dice))).toBe(right);
      expect(outcomeOf(expected(j, c, [{ betId: 'o', betType: 'dont-pass-odds', selection: { bet: 'd' }, amount }, ...bets], dice))).toBe(wrong);
    });
    it.each([
      [4, 'lose 0', 'win 500'],
      [5, 'lose 0', 'win 666'],
      [6, 'lose 0', 'win 833'],
    ])('point %i, seven: pass-odds %s, dont-pass-odds (1000) %s, rounded down to the unit', (point, right, wrong) => {
      const c = withPoint(point, [standingBet('p', 'pass', 1000), standingBet('d', 'dont-pass', 1000)]);
      const bets = [
        { betId: 'p', betType: 'pass' },
        { betId: 'd', betType: 'dont-pass' },
      ];
      const o = { smallestChip: 1 };
      expect(outcomeOf(expected(j, c, [{ betId: 'o', betType: 'pass-odds', selection: { bet: 'p' } }, ...bets], [3, 4], o))).toBe(right);
      expect(outcomeOf(expected(j, c, [{ betId: 'o', betType: 'dont-pass-odds', selection: { bet: 'd' } }, ...bets], [3, 4], o))).toBe(wrong);
    });
    it("come odds follow the come bet's own number", () => {
      const c = withPoint(5, [standingBet('c', 'come', 1000, 10)]);
      expect(
        outcomeOf(
          expected(
            j,
            c,
            [
              { betId: 'o', betType: 'come-odds', selection: { bet: 'c' } },
              { betId: 'c', betType: 'come' },
            ],
            [4, 6],
          ),
        ),
      ).toBe('win 2000');
    });
  });

  describe('place bets (right 9:5, 7:5, 7:6; wrong 5:11, 5:8, 4:5)', () => {
    const made: Record<number, number[]> = { 4: [1, 3], 5: [2, 3], 6: [2, 4], 8: [3, 5], 9: [3, 6], 10: [4, 6] };
    it.each([
      [4, 'win 1800', 'win 454'],
      [10, 'win 1800', 'win 454'],
      [5, 'win 1400', 'win 625'],
      [9, 'win 1400', 'win 625'],
      [6, 'win 1166', 'win 800'],
      [8, 'win 1166', 'win 800'],
    ])('on %i: place-to-win %s when made; place-to-lose %s on a seven', (n, right, wrong) => {
      const o = { smallestChip: 1 };
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'place-to-win', selection: n }], made[n], o))).toBe(right);
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'place-to-win', selection: n }], [3, 4], o))).toBe('lose 0');
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'place-to-lose', selection: n }], [3, 4], o))).toBe(wrong);
      expect(outcomeOf(expected(j, withPoint(5), [{ betType: 'place-to-lose', selection: n }], made[n], o))).toBe('lose 0');
    });
  });

  describe('limits', () => {
    const env = envFor(j); // min 100, max 100 000
    const max = (betType: string, selection?: unknown) => craps.betLimits!({ betId: 'x', betType, selection, amount: 0, eventId: 'x', late: false }, env).max!;
    it('simple chances: S = the table maximum', () => {
      expect(max('pass').amount).toBe(100_000);
    });
    it('multiple chances: the win is at most 3 × S', () => {
      expect(max('any-7')).toMatchObject({ amount: 75_000, citation: `${j} ${rb.limits.multipleWinTimesS.cite.split(' ')[1]}` });
      expect(max('craps-2').amount).toBe(10_000);
      expect(max('hard-4').amount).toBe(42_800);
    });
    it('place to win: S on 4, 5, 9, 10, 120 % of S on 6, 8; place to lose 220 / 160 / 125 %', () => {
      expect([4, 5, 6, 8, 9, 10].map((n) => max('place-to-win', n).amount)).toEqual([100_000, 100_000, 120_000, 120_000, 100_000, 100_000]);
      expect([4, 5, 6].map((n) => max('place-to-lose', n).amount)).toEqual([220_000, 160_000, 125_000]);
    });
    it("don't odds: 200 / 150 / 120 % of the flat bet", () => {
      for (const [point, ok, over] of [
        [4, 2000, 2100],
        [5, 1500, 1600],
        [6, 1200, 1300],
      ]) {
        const c = withPoint(point, [standingBet('d', 'dont-pass', 1000)]);
        const bets = (amount: number) => [
          { betId: 'd', betType: 'dont-pass' },
          { betId: 'o', betType: 'dont-pass-odds', selection: { bet: 'd' }, amount },
        ];
        expect(codes(judge(craps, envFor(j, { carried: c }), throwFacts(bets(ok), [1, 1])))).toEqual([]);
        const j2 = judge(craps, envFor(j, { carried: c }), throwFacts(bets(over), [1, 1]));
        expect(codes(j2)).toEqual(['BET_ABOVE_MAXIMUM']);
        expect(j2.discrepancies[0].citation).toBe(rb.limits.dontOddsTimesFlat.cite);
      }
    });
    it("judgeOpening: a declared per-bet maximum above the rules' cap is a session finding (it would otherwise win silently)", () => {
      const limits = { min: 100, max: 100_000, 'any-7': 80_000, field: 50_000 };
      const findings = craps.judgeOpening!({ limits, options: {}, eventId: 'open' }, envFor(j, { limits }));
      // any 7 at 4:1: the win may be at most 3 × S = 300,000, so the stake at most 75,000
      expect(findings).toMatchObject([
        { code: 'SESSION_RULE_VIOLATION', expected: 75_000, recorded: 80_000, rule: 'craps/multiple-chance-maximum', eventId: 'open' },
      ]);
      expect(craps.judgeOpening!({ limits: { min: 100, max: 100_000, 'any-7': 75_000 }, options: {} }, envFor(j))).toEqual([]);
    });
    it('a per-bet-type maximum in the session limits wins', () => {
      const e = envFor(j, { limits: { min: 100, max: 100_000, 'any-7': 5000 } });
      expect(craps.betLimits!({ betId: 'x', betType: 'any-7', amount: 0, eventId: 'x', late: false }, e).max!.amount).toBe(5000);
    });
  });

  describe('the layout across throws (carry)', () => {
    const play = (rounds: PlayedFact[][]) => {
      let carried: unknown;
      return rounds.map((r, i) => {
        const env = envFor(j, { carried });
        const facts = r.map((f) => ({ ...f, data: { ...f.data, roundId: `r-${i}` } }));
        const judged = judge(craps, env, facts);
        carried = asFacts(facts).reduce((c, f) => craps.carry!(c, f, env), carried);
        return { judged, carried: carried as CrapsCarried };
      });
    };
    it('a pass bet lives from the come-out to its point', () => {
      const [a, b, c] = play([
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 4]),
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 3]),
        throwFacts([{ betId: 'p', betType: 'pass' }], [1, 5], [{ betId: 'p', outcome: 'win', payout: 1000 }]),
      ]);
      expect(a.carried.point).toBe(6);
      expect(a.judged.verdict).toBe('consistent');
      expect(b.judged.verdict).toBe('consistent');
      expect(c.judged.verdict).toBe('consistent');
      expect(c.carried).toEqual({ point: null, standing: [] });
    });
    it('a come bet moves to its number, takes odds (sent before its re-statement) and wins them', () => {
      const [a, b, c] = play([
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 3]),
        throwFacts(
          [
            { betId: 'p', betType: 'pass' },
            { betId: 'c', betType: 'come' },
          ],
          [4, 6],
        ),
        throwFacts(
          [
            { betId: 'o', betType: 'come-odds', selection: { bet: 'c' }, amount: 1000 },
            { betId: 'p', betType: 'pass' },
            { betId: 'c', betType: 'come' },
          ],
          [5, 5],
          [
            { betId: 'o', outcome: 'win', payout: 2000 },
            { betId: 'c', outcome: 'win', payout: 1000 },
          ],
        ),
      ]);
      expect(a.carried.point).toBe(5);
      expect(b.carried.standing).toEqual([expect.objectContaining({ betId: 'p', point: null }), expect.objectContaining({ betId: 'c', point: 10 })]);
      expect([a, b, c].map((x) => x.judged.verdict)).toEqual(['consistent', 'consistent', 'consistent']);
      expect(c.carried).toEqual({ point: 5, standing: [expect.objectContaining({ betId: 'p' })] });
    });
    it('a voided throw moves nothing', () => {
      const [, voided] = play([
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 4]),
        [
          fact('RoundStarted'),
          fact('BetPlaced', { betId: 'p', seat: 1, betType: 'pass', amount: 1000 }),
          fact('BetsClosed'),
          fact('DiceThrown', { dice: [3, 4] }),
          fact('RoundVoided', { reason: 'die off the table', decidedBy: 'stickman' }),
        ],
      ]);
      expect(voided.carried.point).toBe(6);
      expect(voided.carried.standing.map((s) => s.betId)).toEqual(['p']);
    });
    it('a pass bet with a point that is not re-stated was withdrawn: SEQUENCE_VIOLATION', () => {
      const [, b] = play([
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 4]),
        throwFacts([{ betType: 'field' }], [2, 3], [{ betId: 'b1', outcome: 'lose', payout: 0 }]),
      ]);
      expect(codes(b.judged)).toEqual(['SEQUENCE_VIOLATION']);
      expect(b.judged.discrepancies[0].citation).toBe(rb.lineBetsStay.cite);
    });
    it('a standing bet re-stated with another amount: SEQUENCE_VIOLATION', () => {
      const [, b] = play([throwFacts([{ betId: 'p', betType: 'pass' }], [2, 4]), throwFacts([{ betId: 'p', betType: 'pass', amount: 2000 }], [2, 3])]);
      expect(codes(b.judged)).toEqual(['SEQUENCE_VIOLATION']);
    });
    it('a new pass bet while a point is on, a come bet on the come-out, odds without a point: BET_NOT_ALLOWED', () => {
      const [a, b] = play([
        throwFacts(
          [
            { betId: 'c', betType: 'come' },
            { betId: 'o', betType: 'pass-odds', selection: { bet: 'x' } },
          ],
          [2, 4],
          [{ betId: 'o', outcome: 'void', payout: 0 }],
        ),
        throwFacts([{ betId: 'p', betType: 'pass' }], [2, 3]),
      ]);
      expect(codes(a.judged)).toEqual(['BET_NOT_ALLOWED', 'BET_NOT_ALLOWED']);
      expect(codes(b.judged)).toContain('BET_NOT_ALLOWED');
    });
    it('a second throw in one round: DRAW_RULE_VIOLATION; no throw: OUTCOME_MISSING', () => {
      const twice = [...throwFacts([{ betType: 'field' }], [1, 2], [{ betId: 'b1', outcome: 'win', payout: 1000 }])];
      twice.splice(4, 0, fact('DiceThrown', { dice: [3, 4] }));
      expect(codes(judge(craps, envFor(j), twice))).toEqual(['DRAW_RULE_VIOLATION']);
      const none = throwFacts([{ betType: 'field' }], [1, 2]).filter((f) => f.type !== 'DiceThrown');
      expect(codes(judge(craps, envFor(j), none))).toContain('OUTCOME_MISSING');
    });
  });

  describe(`the shooter bets the line before throwing (${rb.shooterBetsLine.cite})`, () => {
    const bet = (betId: string, seat: number | string, betType: string, amount = 1000) => fact('BetPlaced', { betId, seat, betType, amount });
    const round = (
      shooter: number | string | null,
      bets: PlayedFact[],
      dice: number[],
      settlements: Array<{ betId: string; outcome: string; payout: number }> = [],
    ) => [
      fact('RoundStarted'),
      ...(shooter !== null ? [fact('ShooterNamed', { seat: shooter })] : []),
      ...bets,
      fact('BetsClosed'),
      fact('DiceThrown', { dice }),
      ...settlements.map((x) => fact('BetSettled', x)),
      fact('RoundCompleted'),
    ];
    const session = (rounds: PlayedFact[][]) => {
      let carried: unknown;
      return rounds.map((r, i) => {
        const env = envFor(j, { carried });
        const facts = r.map((f) => ({ ...f, data: { ...f.data, roundId: `r-${i}` } }));
        const judged = judge(craps, env, facts);
        carried = asFacts(facts).reduce((c, f) => craps.carry!(c, f, env), carried);
        return { judged, carried: carried as CrapsCarried };
      });
    };
    const shooterFindings = (judged: ReturnType<typeof judge>) => judged.discrepancies.filter((d) => d.rule === 'craps/shooter-line-bet');

    it("the named shooter with no Win / Don't Win bet at the come-out: a finding citing the text", () => {
      const judged = judge(craps, envFor(j), round(2, [bet('a', 1, 'pass'), bet('b', 2, 'field')], [2, 4], [{ betId: 'b', outcome: 'lose', payout: 0 }]));
      expect(codes(judged)).toEqual(['DRAW_RULE_VIOLATION']);
      expect(judged.discrepancies[0]).toMatchObject({ rule: 'craps/shooter-line-bet', citation: rb.shooterBetsLine.cite });
      expect(judged.discrepancies[0].message).toContain('seat 2');
    });
    it('the shooter on the Win or on the Don\'t Win: nothing to say (seat "2" is seat 2)', () => {
      expect(codes(judge(craps, envFor(j), round(2, [bet('a', 2, 'pass')], [2, 4])))).toEqual([]);
      expect(codes(judge(craps, envFor(j), round('2', [bet('a', 2, 'dont-pass')], [2, 4])))).toEqual([]);
    });
    it('a round whose facts name no shooter is not judged for it (no false finding)', () => {
      expect(codes(judge(craps, envFor(j), round(null, [bet('a', 3, 'field')], [2, 4], [{ betId: 'a', outcome: 'lose', payout: 0 }])))).toEqual([]);
    });
    it('a line bet placed after the close does not count: it is late, and the shooter threw without one', () => {
      const facts = round(
        1,
        [bet('f', 1, 'field')],
        [2, 4],
        [
          { betId: 'f', outcome: 'lose', payout: 0 },
          { betId: 'late', outcome: 'void', payout: 0 },
        ],
      );
      facts.splice(facts.findIndex((f) => f.type === 'BetsClosed') + 1, 0, bet('late', 1, 'pass'));
      expect(codes(judge(craps, envFor(j), facts)).sort()).toEqual(['BET_AFTER_CLOSE', 'DRAW_RULE_VIOLATION']);
    });
    it('a shooter named after the throw in the same round is the one judged, not the one carried', () => {
      const [, , c] = session([
        round(1, [bet('p', 1, 'pass')], [2, 4]),
        round(null, [bet('p', 1, 'pass')], [3, 3], [{ betId: 'p', outcome: 'win', payout: 1000 }]),
        // seat 1 still holds the dice by the carried record; the terminal names seat 2, late, after the throw
        [
          ...round(null, [bet('x', 2, 'pass')], [5, 6], [{ betId: 'x', outcome: 'win', payout: 1000 }]).slice(0, -1),
          fact('ShooterNamed', { seat: 2 }),
          fact('RoundCompleted'),
        ],
      ]);
      expect(codes(c.judged)).toEqual([]);
    });
    it('a void throw thrown again is one come-out: one finding', () => {
      const facts = round(1, [bet('f', 1, 'field')], [2, 4], [{ betId: 'f', outcome: 'lose', payout: 0 }]);
      facts.splice(
        facts.findIndex((f) => f.type === 'DiceThrown') + 1,
        0,
        fact('ThrowVoided', { reason: 'die off the table' }),
        fact('DiceThrown', { dice: [3, 3] }),
      );
      expect(shooterFindings(judge(craps, envFor(j), facts))).toHaveLength(1);
    });
    it(`he keeps the dice after making his point, and bets the line again at the next come-out (${rb.diceChangeHands.cite})`, () => {
      const [a, b, c] = session([
        round(1, [bet('p', 1, 'pass')], [2, 4]),
        round(null, [bet('p', 1, 'pass')], [3, 3], [{ betId: 'p', outcome: 'win', payout: 1000 }]),
        round(
          null,
          [bet('x', 2, 'pass'), bet('f', 1, 'field')],
          [1, 2],
          [
            { betId: 'x', outcome: 'lose', payout: 0 },
            { betId: 'f', outcome: 'win', payout: 1000 },
          ],
        ),
      ]);
      expect(a.carried.shooter).toBe(1);
      expect([a, b].map((x) => x.judged.verdict)).toEqual(['consistent', 'consistent']);
      expect(shooterFindings(c.judged)).toHaveLength(1);
    });
    it('the point throws are not judged for it: his come-out line bet stands until the point is decided', () => {
      const [, b] = session([
        round(1, [bet('p', 1, 'pass')], [2, 4]),
        round(3, [bet('p', 1, 'pass'), bet('f', 3, 'field')], [2, 3], [{ betId: 'f', outcome: 'lose', payout: 0 }]),
      ]);
      expect(codes(b.judged)).toEqual([]);
      expect(b.carried.shooter).toBe(3);
    });
    it(`the seven-out passes the dice (${rb.diceChangeHands.cite}): the next come-out is judged only once a new shooter is named`, () => {
      const [, b, c, d] = session([
        round(1, [bet('p', 1, 'pass')], [2, 4]),
        round(null, [bet('p', 1, 'pass')], [3, 4], [{ betId: 'p', outcome: 'lose', payout: 0 }]),
        round(null, [bet('f', 1, 'field')], [1, 2], [{ betId: 'f', outcome: 'win', payout: 1000 }]),
        round(2, [bet('f', 2, 'field')], [1, 2], [{ betId: 'f', outcome: 'win', payout: 1000 }]),
      ]);
      expect(b.carried.shooter).toBeUndefined();
      expect(codes(c.judged)).toEqual([]);
      expect(shooterFindings(d.judged)).toHaveLength(1);
    });
  });

  describe('void throws (contract extension ThrowVoided)', () => {
    it('a tirada nula decides nothing: the same layout is judged on the next throw of the round', () => {
      const facts = throwFacts([{ betType: 'any-7' }], [3, 4], [{ betId: 'b1', outcome: 'lose', payout: 0 }]);
      facts.splice(4, 0, fact('ThrowVoided', { reason: 'die on a chip', decidedBy: 'stickman' }), fact('DiceThrown', { dice: [2, 3] }));
      expect(judge(craps, envFor(j), facts).verdict).toBe('consistent');
    });
    it('a void with no throw is a SEQUENCE_VIOLATION', () => {
      const facts = throwFacts([{ betType: 'any-7' }], [3, 4], [{ betId: 'b1', outcome: 'win', payout: 4000 }]);
      facts.splice(3, 0, fact('ThrowVoided', { reason: 'x' }));
      expect(codes(judge(craps, envFor(j), facts))).toEqual(['SEQUENCE_VIOLATION']);
    });
    it('validates the session options', () => {
      expect(craps.refuseOptions!({ oddsTimesFlat: -1 }, rb)).toMatchObject({ field: 'options.oddsTimesFlat' });
      expect(craps.refuseOptions!({ layoutReading: 'labels' }, rb)).toMatchObject({ field: 'options.layoutReading' });
      expect(craps.refuseOptions!({ placeEight: false, oddsTimesFlat: 2 }, rb)).toBeNull();
    });
  });

  describe('structure', () => {
    const env = envFor(j);
    const refuse = (type: string, data: Record<string, unknown>) => craps.refuse!({ eventId: 'x', type, data }, env);
    it('two dice, faces 1–6', () => {
      expect(refuse('DiceThrown', { dice: [1, 7] })).toMatchObject({ field: 'data.dice[1]' });
      expect(refuse('DiceThrown', { dice: [1, 2, 3] })).toMatchObject({ field: 'data.dice' });
      expect(refuse('DiceThrown', { dice: [6, 6] })).toBeNull();
    });
    it('a place bet on 7 and odds without their flat bet cannot exist', () => {
      expect(refuse('BetPlaced', { betType: 'place-to-win', selection: 7 })).toMatchObject({ field: 'data.selection' });
      expect(refuse('BetPlaced', { betType: 'come-odds' })).toMatchObject({ field: 'data.selection' });
    });
    it('an unknown bet type is BET_NOT_ALLOWED', () => {
      expect(codes(judge(craps, env, throwFacts([{ betType: 'hard-5' }], [1, 2], [{ betId: 'b1', outcome: 'void', payout: 0 }])))).toEqual(['BET_NOT_ALLOWED']);
    });
  });
});

describe('craps — regional differences (games.md Δ rows)', () => {
  it('Δ simple-chance maximum: from 20 × the minimum in euskadi, cantabria, illes-balears; from 100 × in galicia', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) {
      expect(refuseCrapsLimits({ min: 100, max: 5000 }, CRAPS_RULEBOOKS[j])).toBeNull();
      expect(refuseCrapsLimits({ min: 100, max: 1900 }, CRAPS_RULEBOOKS[j])).toMatchObject({ field: 'data.limits.max' });
    }
    expect(refuseCrapsLimits({ min: 100, max: 5000 }, CRAPS_RULEBOOKS.galicia)).toMatchObject({ reason: expect.stringContaining('galicia L962') });
    expect(refuseCrapsLimits({ min: 100, max: 10_000 }, CRAPS_RULEBOOKS.galicia)).toBeNull();
    for (const j of JURISDICTIONS) expect(refuseCrapsLimits({ min: 100, max: 100_100 }, CRAPS_RULEBOOKS[j])).not.toBeNull();
  });

  it('Δ simple-chance maximum capped at 1,000 × the minimum (all four)', () => {
    for (const j of JURISDICTIONS) {
      const env = envFor(j, { limits: { min: 10, max: 100_000 } });
      expect(craps.betLimits!({ betId: 'x', betType: 'pass', amount: 0, eventId: 'x', late: false }, env).max).toMatchObject({
        amount: 10_000,
        citation: CRAPS_RULEBOOKS[j].limits.simpleMaxTimesMin.cite,
      });
    }
  });

  it('Δ pass/come odds maximum = the flat bet: stated in cantabria, illes-balears, galicia; index.md OQ-17 in euskadi (option oddsTimesFlat)', () => {
    const c = withPoint(6, [standingBet('p', 'pass', 1000)]);
    const bets = (amount: number) => [
      { betId: 'p', betType: 'pass' },
      { betId: 'o', betType: 'pass-odds', selection: { bet: 'p' }, amount },
    ];
    const cites: Record<CrapsJurisdiction, string> = {
      euskadi: 'index.md OQ-17',
      cantabria: 'cantabria L1573–1576',
      'illes-balears': 'illes-balears L1124–1126',
      galicia: 'galicia L966',
    };
    for (const j of JURISDICTIONS) {
      expect(codes(judge(craps, envFor(j, { carried: c }), throwFacts(bets(1000), [2, 3])))).toEqual([]);
      const over = judge(craps, envFor(j, { carried: c }), throwFacts(bets(1500), [2, 3]));
      expect(over.discrepancies).toEqual([expect.objectContaining({ code: 'BET_ABOVE_MAXIMUM', expected: 1000, citation: cites[j] })]);
    }
    const doubleOdds = judge(craps, envFor('euskadi', { carried: c, options: { oddsTimesFlat: 2 } }), throwFacts(bets(2000), [2, 3]));
    expect(codes(doubleOdds)).toEqual([]);
  });

  it('place bets on 8 (index.md OQ-18: cantabria, illes-balears, galicia, and euskadi L3580–3583 alike) — allowed by default, refused with placeEight: false', () => {
    for (const j of JURISDICTIONS) {
      expect(CRAPS_RULEBOOKS[j].placeNumbers.cite).toContain('index.md OQ-18');
      const bet = [{ betType: 'place-to-win', selection: 8 }];
      expect(codes(judge(craps, envFor(j, { carried: withPoint(5) }), throwFacts(bet, [4, 4], [{ betId: 'b1', outcome: 'win', payout: 1166 }])))).toEqual([
        'PAYOUT_MISMATCH',
      ]);
      expect(
        codes(judge(craps, envFor(j, { carried: withPoint(5), smallestChip: 1 }), throwFacts(bet, [4, 4], [{ betId: 'b1', outcome: 'win', payout: 1166 }]))),
      ).toEqual([]);
      const off = judge(
        craps,
        envFor(j, { carried: withPoint(5), options: { placeEight: false } }),
        throwFacts(bet, [4, 4], [{ betId: 'b1', outcome: 'win', payout: 1100 }]),
      );
      expect(codes(off)).toEqual(['BET_NOT_ALLOWED']);
    }
  });

  it('galicia layout labels "15 for 1", "30 for 1" (index.md OQ-19): the rules govern by default; option layoutReading "for-one" pays 14:1 and 29:1', () => {
    const rules = expected('galicia', COME_OUT, [{ betType: 'craps-12' }], [6, 6]) as ExpectedSettlement;
    expect(rules.payout).toBe(30_000);
    const labels = expected('galicia', COME_OUT, [{ betType: 'craps-12' }], [6, 6], { options: { layoutReading: 'for-one' } }) as ExpectedSettlement;
    expect(labels).toMatchObject({ payout: 29_000, citation: expect.stringContaining('index.md OQ-19') });
    expect((expected('galicia', COME_OUT, [{ betType: 'yo-11' }], [5, 6], { options: { layoutReading: 'for-one' } }) as ExpectedSettlement).payout).toBe(
      14_000,
    );
    expect((expected('galicia', COME_OUT, [{ betType: 'any-7' }], [3, 4], { options: { layoutReading: 'for-one' } }) as ExpectedSettlement).payout).toBe(4000);
    expect(CRAPS_RULEBOOKS.euskadi.options.layoutReading).toBeUndefined();
  });

  it("every payout is cited at the line of the jurisdiction's own text", () => {
    for (const j of JURISDICTIONS) {
      for (const p of Object.values(CRAPS_RULEBOOKS[j].payouts)) expect(p.cite).toMatch(new RegExp(`^${j} L\\d+`));
    }
    expect(CRAPS_RULEBOOKS.cantabria.payouts['hard-6'].cite).toBe('cantabria L1460–1467');
    expect(CRAPS_RULEBOOKS.galicia.payouts['horn'].cite).toBe('galicia L942');
  });

  it('andalucia lists craps without rules: no rulebook', () => {
    expect(craps.rulebooks.andalucia).toBeUndefined();
  });
});

describe('craps — property: a session played by the croupier is consistent throw after throw; single changes are caught', () => {
  /** A session of throws: each round judged with the layout carried from the rounds before it. */
  function session(j: CrapsJurisdiction, seed: number, rounds: number) {
    const random = seededRandom(seed);
    const memory: Record<string, unknown> = {};
    let carried: unknown;
    const out: Array<{ env: RoundEnv<CrapsRulebook>; played: PlayedFact[] }> = [];
    for (let i = 0; i < rounds; i++) {
      const env = envFor(j, { carried });
      const played = craps.play!({ env, sessionId: S, roundId: `r-${seed}-${i}`, random, seats: [1, 2, 3], memory });
      out.push({ env, played });
      carried = asFacts(played).reduce((c, f) => craps.carry!(c, f, env), carried);
    }
    return out;
  }
  const arb = fc.record({ j: fc.constantFrom(...JURISDICTIONS), seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), rounds: fc.integer({ min: 1, max: 12 }) });

  it('every throw of a played session is consistent', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        for (const { env, played } of session(j, seed, rounds)) {
          const judged = judge(craps, env, played);
          expect(judged.discrepancies).toEqual([]);
          expect(judged.verdict).toBe('consistent');
        }
      }),
      { numRuns: 150 },
    );
  });

  it('the croupier names the shooter, who bets the line at every come-out; his line bet taken away is found', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        const played = session(j, seed, rounds);
        expect(played[0].played.some((f) => f.type === 'ShooterNamed')).toBe(true);
        for (const { env, played: facts } of played) {
          const state = asFacts(facts).reduce((st, f) => craps.evolve(st, f, env), craps.initialState(env));
          if (state.point !== null) continue;
          const line = facts.find(
            (f) => f.type === 'BetPlaced' && ['pass', 'dont-pass'].includes(String(f.data.betType)) && String(f.data.seat) === String(state.shooter),
          );
          expect(line).toBeDefined();
          const betIds = new Set(
            facts
              .filter((f) => f.type === 'BetPlaced' && ['pass', 'dont-pass'].includes(String(f.data.betType)) && String(f.data.seat) === String(state.shooter))
              .map((f) => f.data.betId),
          );
          const without = facts.filter((f) => !((f.type === 'BetPlaced' || f.type === 'BetSettled') && betIds.has(f.data.betId)));
          expect(judge(craps, env, without).discrepancies.map((d) => d.rule)).toContain('craps/shooter-line-bet');
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a changed payout is PAYOUT_MISMATCH', () => {
    fc.assert(
      fc.property(arb, fc.nat(20), fc.constantFrom(100, -100, 1000), ({ j, seed, rounds }, i, delta) => {
        const { env, played } = session(j, seed, rounds).pop()!;
        const mutated = mutatePayout(played, i, delta);
        if (mutated) expect(codes(judge(craps, env, mutated))).toContain('PAYOUT_MISMATCH');
      }),
      { numRuns: 100 },
    );
  });

  it('an added throw is DRAW_RULE_VIOLATION, a removed throw OUTCOME_MISSING', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        const { env, played } = session(j, seed, rounds).pop()!;
        const at = played.findIndex((f) => f.type === 'DiceThrown');
        const added = [...played.slice(0, at + 1), { type: 'DiceThrown', data: { ...played[at].data, dice: [3, 4] } }, ...played.slice(at + 1)];
        expect(codes(judge(craps, env, added))).toContain('DRAW_RULE_VIOLATION');
        expect(codes(judge(craps, env, [...played.slice(0, at), ...played.slice(at + 1)]))).toContain('OUTCOME_MISSING');
      }),
      { numRuns: 100 },
    );
  });

  it('a cagnotte or a commission (craps takes none) is caught', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        const { env, played } = session(j, seed, rounds).pop()!;
        expect(codes(judge(craps, env, mutateCagnotte(played, 100)))).toContain('CAGNOTTE_MISMATCH');
        const settled = played.find((f) => f.type === 'BetSettled');
        if (!settled) return;
        const end = played.findIndex((f) => f.type === 'RoundCompleted');
        const charged = [...played.slice(0, end), { type: 'CommissionCharged', data: { ...settled.data, amount: 100 } }, ...played.slice(end)];
        expect(codes(judge(craps, env, charged))).toContain('COMMISSION_MISMATCH');
      }),
      { numRuns: 100 },
    );
  });

  it('a bet over its maximum is BET_ABOVE_MAXIMUM', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        const { env, played } = session(j, seed, rounds).pop()!;
        const first = played.find((f) => f.type === 'BetPlaced');
        if (!first) return;
        const max = craps.betLimits!(
          { betId: 'x', betType: String(first.data.betType), selection: first.data.selection, amount: 0, eventId: 'x', late: false },
          env,
        ).max!.amount;
        expect(codes(judge(craps, env, mutateOverMaximum(played, max)!))).toContain('BET_ABOVE_MAXIMUM');
      }),
      { numRuns: 100 },
    );
  });

  it('the point and the standing bets the croupier remembers are the ones carry folds', () => {
    fc.assert(
      fc.property(arb, ({ j, seed, rounds }) => {
        const random = seededRandom(seed);
        const memory: Record<string, unknown> = {};
        let carried: unknown;
        for (let i = 0; i < rounds; i++) {
          const env = envFor(j, { carried });
          const played = craps.play!({ env, sessionId: S, roundId: `r-${i}`, random, seats: [1, 2], memory });
          carried = asFacts(played).reduce((c, f) => craps.carry!(c, f, env), carried);
          expect(memory.carried).toEqual(carried);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('every bet type appears in played sessions', () => {
    const seen = new Set<string>();
    for (let seed = 1; seed < 40; seed++)
      for (const { played } of session('cantabria', seed, 12)) for (const f of played) if (f.type === 'BetPlaced') seen.add(String(f.data.betType));
    expect([...seen].sort()).toEqual(
      expect.arrayContaining([
        'pass',
        'dont-pass',
        'come',
        'dont-come',
        'pass-odds',
        'come-odds',
        'field',
        'place-to-win',
        'place-to-lose',
        'hard-6',
        'any-7',
        'horn',
      ]),
    );
    expect(POINT_NUMBERS).toHaveLength(6);
  });
});
