import fc from 'fast-check';
import { asFacts, codes, envFor, judge } from '../../core/testing';
import type { Bet, ExpectedSettlement, Fact, JurisdictionId, TableLimits } from '../../core/types';
import { announcedChipByChip, playSession, roundOf, settleAfter, wheelProperties } from '../../core/wheel-testing';
import { FRENCH_PAY_LINES } from './rulebook';
import type { GameRules } from '../../core/game';
import { rules as frenchRoulette } from './rules';

const rules: GameRules = frenchRoulette;

const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: 'e-x', type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });

describe('french-roulette pay table (games.md "Bets and payouts")', () => {
  // [betType, selection, winning pocket, odds, line key]
  const WINS: [string, unknown, number, number, keyof (typeof FRENCH_PAY_LINES)['euskadi']][] = [
    ['straight', [17], 17, 35, 'straight'],
    ['straight', [0], 0, 35, 'straight'],
    ['split', [17, 20], 20, 17, 'split'],
    ['split', [0, 3], 0, 17, 'split'],
    ['street', [13, 14, 15], 14, 11, 'street'],
    ['street', [0, 1, 2], 0, 11, 'street'],
    ['street', [0, 2, 3], 3, 11, 'street'],
    ['corner', [25, 26, 28, 29], 28, 8, 'corner'],
    ['corner', [0, 1, 2, 3], 0, 8, 'corner'],
    ['six-line', [31, 32, 33, 34, 35, 36], 31, 5, 'sixLine'],
    ['column', 2, 17, 2, 'columnDozen'],
    ['dozen', 2, 17, 2, 'columnDozen'],
    ['two-columns', [1, 2], 17, 0.5, 'twoColumnsDozens'],
    ['two-dozens', [2, 3], 36, 0.5, 'twoColumnsDozens'],
    ['red', undefined, 19, 1, 'evenChances'],
    ['black', undefined, 10, 1, 'evenChances'],
    ['even', undefined, 36, 1, 'evenChances'],
    ['odd', undefined, 17, 1, 'evenChances'],
    ['low', undefined, 18, 1, 'evenChances'],
    ['high', undefined, 19, 1, 'evenChances'],
  ];
  for (const j of FOUR) {
    for (const [betType, selection, pocket, odds, line] of WINS) {
      it(`${j}: ${betType} ${JSON.stringify(selection ?? '')} on ${pocket} pays ${odds}:1 (${j} ${FRENCH_PAY_LINES[j as 'euskadi'][line]})`, () => {
        const v = settleAfter(rules, envFor(rules, j), { betType, selection, amount: 1000 }, pocket) as ExpectedSettlement;
        expect(v.outcome).toBe('win');
        expect(v.payout).toBe(1000 * odds);
        expect(v.citation).toContain(`${j} ${FRENCH_PAY_LINES[j as 'euskadi'][line]}`);
        expect(v.rule).toBe(`french-roulette/${betType}`);
      });
    }
  }
  const LOSSES: [string, unknown, number][] = [
    ['red', undefined, 17],
    ['low', undefined, 19],
    ['column', 1, 0],
    ['dozen', 3, 0],
    ['straight', [16], 17],
    ['split', [0, 1], 2],
  ];
  for (const [betType, selection, pocket] of LOSSES) {
    it(`${betType} ${JSON.stringify(selection ?? '')} loses on ${pocket}`, () => {
      expect(settleAfter(rules, envFor(rules, 'euskadi'), { betType, selection, amount: 1000 }, pocket)).toMatchObject({ outcome: 'lose', payout: 0 });
    });
  }
  it('a played round is consistent and the explanation names the pay', () => {
    const j = judge(
      rules,
      envFor(rules, 'galicia'),
      roundOf([{ betType: 'straight', selection: [17], amount: 100 }], 17, [], [{ outcome: 'win', payout: 3500 }]),
    );
    expect(j.verdict).toBe('consistent');
    expect(j.expectedSettlements[0].expected.explanation).toContain('35:1');
  });
});

describe('french-roulette equipment (refuse)', () => {
  const env = envFor(rules, 'euskadi');
  const bet = (betType: string, selection?: unknown) => rules.refuse!(fact('BetPlaced', { betId: 'b', seat: 1, betType, selection, amount: 100 }), env);
  it.each([37, '00', -1, 'x', 3.5])('WheelSpun %p is refused: not a pocket of the single-zero wheel', (result) => {
    expect(rules.refuse!(fact('WheelSpun', { result }), env)).toMatchObject({ field: 'data.result' });
  });
  it.each([0, 36, '17'])('WheelSpun %p is a pocket', (result) => expect(rules.refuse!(fact('WheelSpun', { result }), env)).toBeNull());
  it.each([
    ['split', [17, 19]],
    ['split', [0, 4]],
    ['split', [3, 4]],
    ['street', [1, 2, 4]],
    ['street', [2, 3, 4]],
    ['corner', [3, 4, 6, 7]],
    ['corner', [1, 2, 3, 4]],
    ['six-line', [2, 3, 4, 5, 6, 7]],
    ['straight', [37]],
    ['two-dozens', [1, 3]],
    ['column', 4],
    ['street', [0, 1, 3]],
  ])('%s %p is not on the layout', (betType, selection) => expect(bet(betType, selection)).toMatchObject({ field: 'data.selection' }));
  it.each([
    ['split', [0, 1]],
    ['split', [34, 35]],
    ['split', [33, 36]],
    ['street', [34, 35, 36]],
    ['corner', [32, 33, 35, 36]],
    ['six-line', [1, 2, 3, 4, 5, 6]],
    ['two-columns', [2, 3]],
  ])('%s %p is a real bet', (betType, selection) => expect(bet(betType, selection)).toBeNull());
  it('an unknown bet type is refused on data.betType', () => expect(bet('trio', [1, 2, 3])).toMatchObject({ field: 'data.betType' }));
});

describe('french-roulette zero on even chances: half back or prison (euskadi L727–746 and the same in all four)', () => {
  for (const j of FOUR) {
    it(`${j}: the player's "prison" decision imprisons the bet; "half-back" loses half`, () => {
      const env = envFor(rules, j);
      const decision = (d: string) => [{ type: 'PlayerDecision', data: { seat: 1, betId: 'b-1', decision: d } }];
      expect(settleAfter(rules, env, { betType: 'red', amount: 1000 }, 0, undefined, decision('prison'))).toMatchObject({ outcome: 'prison', payout: 0 });
      expect(settleAfter(rules, env, { betType: 'red', amount: 1000 }, 0, undefined, decision('half-back'))).toMatchObject({ outcome: 'half-lost', payout: 0 });
    });
  }
  it('without a recorded decision, either option recorded is consistent; a loss is not', () => {
    const env = envFor(rules, 'cantabria');
    for (const outcome of ['prison', 'half-lost']) {
      expect(judge(rules, env, roundOf([{ betType: 'even', amount: 1000 }], 0, [], [{ outcome, payout: 0 }])).verdict).toBe('consistent');
    }
    expect(codes(judge(rules, env, roundOf([{ betType: 'even', amount: 1000 }], 0, [], [{ outcome: 'lose', payout: 0 }])))).toEqual(['PAYOUT_MISMATCH']);
  });
  it('a recorded decision contradicted by the settlement is PAYOUT_MISMATCH', () => {
    const played = roundOf(
      [{ betType: 'odd', amount: 1000 }],
      0,
      [{ type: 'PlayerDecision', data: { seat: 1, betId: 'b-1', decision: 'half-back' } }],
      [{ outcome: 'prison', payout: 0 }],
    );
    expect(codes(judge(rules, envFor(rules, 'illes-balears'), played))).toEqual(['PAYOUT_MISMATCH']);
  });
  it('0 on the last spin of the session forces the refund of half (no prison) (euskadi L743–746)', () => {
    const env = envFor(rules, 'euskadi', { lastRoundOfSession: true });
    const played = roundOf([{ betType: 'high', amount: 1000 }], 0, [], [{ outcome: 'prison', payout: 0 }]);
    const j = judge(rules, env, played);
    expect(codes(j)).toEqual(['PAYOUT_MISMATCH']);
    expect(j.discrepancies[0]).toMatchObject({ rule: 'french-roulette/prison-last-spin', citation: 'euskadi L743–746' });
  });
  it('other bets lose on 0', () => {
    expect(settleAfter(rules, envFor(rules, 'galicia'), { betType: 'dozen', selection: 1, amount: 1000 }, 0)).toMatchObject({ outcome: 'lose' });
  });
});

describe('french-roulette prison carried to the next spin (carry, ImprisonedBetResolved)', () => {
  /** carried state after a round where bet p-1 (red, stake) went to prison, then `zeros` further zeros left it there */
  function imprisoned(j: JurisdictionId, stake: number, furtherZeros = 0) {
    const env = envFor(rules, j);
    let facts = asFacts(roundOf([{ betId: 'p-1', betType: 'red', amount: stake }], 0, [], [{ betId: 'p-1', outcome: 'prison', payout: 0 }]));
    for (let i = 0; i < furtherZeros; i++)
      facts = [
        ...facts,
        ...asFacts([
          { type: 'RoundStarted', data: {} },
          { type: 'ImprisonedBetResolved', data: { betId: 'p-1', outcome: 'prison', amount: 0 } },
        ]),
      ];
    return facts.reduce<unknown>((c, f) => rules.carry!(c, f, env), undefined);
  }
  const next = (result: number, resolution?: Record<string, unknown>, extra: { type: string; data: Record<string, unknown> }[] = []) =>
    roundOf([], result, [...extra, ...(resolution ? [{ type: 'ImprisonedBetResolved', data: { betId: 'p-1', ...resolution } }] : [])], []);

  it('the imprisoned bet is carried with its value', () => {
    expect(imprisoned('euskadi', 1000)).toMatchObject({ prison: [{ betId: 'p-1', betType: 'red', stake: 1000, value: 1000, zeros: 1 }] });
  });
  it('its chance wins next: freed, the stake returned without winnings', () => {
    const env = envFor(rules, 'euskadi', { carried: imprisoned('euskadi', 1000) });
    expect(judge(rules, env, next(19, { outcome: 'freed', amount: 1000 })).verdict).toBe('consistent');
    const j = judge(rules, env, next(19, { outcome: 'freed', amount: 2000 }));
    expect(codes(j)).toEqual(['PAYOUT_MISMATCH']);
    expect(j.discrepancies[0]).toMatchObject({ rule: 'french-roulette/prison-freed', citation: 'euskadi L731–734' });
  });
  it('its chance loses next: lost', () => {
    const env = envFor(rules, 'cantabria', { carried: imprisoned('cantabria', 1000) });
    expect(judge(rules, env, next(17, { outcome: 'lost', amount: 0 })).verdict).toBe('consistent');
    expect(codes(judge(rules, env, next(17, { outcome: 'freed', amount: 1000 })))).toEqual(['PAYOUT_MISMATCH']);
  });
  it('a second zero: the value halves; the player keeps it in prison or takes back half of it (1/4 of the stake)', () => {
    const env = envFor(rules, 'illes-balears', { carried: imprisoned('illes-balears', 1000) });
    expect(judge(rules, env, next(0, { outcome: 'prison', amount: 0, value: 500 })).verdict).toBe('consistent');
    expect(judge(rules, env, next(0, { outcome: 'half-back', amount: 250 })).verdict).toBe('consistent');
    expect(codes(judge(rules, env, next(0, { outcome: 'half-back', amount: 500 })))).toEqual(['PAYOUT_MISMATCH']);
    expect(
      codes(judge(rules, env, next(0, { outcome: 'prison', amount: 0 }, [{ type: 'PlayerDecision', data: { seat: 1, betId: 'p-1', decision: 'half-back' } }]))),
    ).toEqual(['PAYOUT_MISMATCH']);
    // freed after two zeros: its halved value comes back
    const twice = envFor(rules, 'illes-balears', { carried: imprisoned('illes-balears', 1000, 1) });
    expect(judge(rules, twice, next(19, { outcome: 'freed', amount: 500 })).verdict).toBe('consistent');
  });
  it('a value below the table minimum must stay in prison (euskadi L740–741)', () => {
    const env = envFor(rules, 'euskadi', { carried: imprisoned('euskadi', 150) });
    const j = judge(rules, env, next(0, { outcome: 'half-back', amount: 37 }));
    expect(codes(j)).toEqual(['PAYOUT_MISMATCH']);
    expect(j.discrepancies[0]).toMatchObject({ rule: 'french-roulette/prison-below-minimum', citation: 'euskadi L740–741' });
  });
  it('a zero on the last spin refunds 1/4 of the stake at the second zero, 1/8 at the third (galicia L138)', () => {
    const second = envFor(rules, 'galicia', { carried: imprisoned('galicia', 1600), lastRoundOfSession: true });
    expect(judge(rules, second, next(0, { outcome: 'refunded', amount: 400 })).verdict).toBe('consistent');
    expect(codes(judge(rules, second, next(0, { outcome: 'prison', amount: 0 })))).toEqual(['PAYOUT_MISMATCH']);
    const third = envFor(rules, 'galicia', { carried: imprisoned('galicia', 1600, 1), lastRoundOfSession: true });
    expect(judge(rules, third, next(0, { outcome: 'refunded', amount: 200 })).verdict).toBe('consistent');
  });
  it('an imprisoned bet left unresolved is UNSETTLED_BET; one resolved before the spin is OUTCOME_MISSING; an unknown one SETTLED_UNKNOWN_BET', () => {
    const env = envFor(rules, 'euskadi', { carried: imprisoned('euskadi', 1000) });
    expect(codes(judge(rules, env, next(19)))).toEqual(['UNSETTLED_BET']);
    const early = roundOf(
      [],
      undefined,
      [
        { type: 'ImprisonedBetResolved', data: { betId: 'p-1', outcome: 'freed', amount: 1000 } },
        { type: 'WheelSpun', data: { result: 19 } },
      ],
      [],
    );
    expect(codes(judge(rules, env, early))).toEqual(['OUTCOME_MISSING']);
    expect(codes(judge(rules, envFor(rules, 'euskadi'), next(19, { outcome: 'freed', amount: 1000 })))).toEqual(['SETTLED_UNKNOWN_BET']);
  });
  it('describe shows the prison', () => {
    const env = envFor(rules, 'euskadi', { carried: imprisoned('euskadi', 1000) });
    const j = judge(rules, env, next(19, { outcome: 'freed', amount: 1000 }));
    expect(j.steps.at(-1)!.state).toMatchObject({ game: { result: '19', prison: [{ betId: 'p-1', value: 1000, resolved: { outcome: 'freed' } }] } });
  });
  it('property: in played sessions, a changed prison resolution is PAYOUT_MISMATCH and a dropped one UNSETTLED_BET', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        for (const { env, played } of playSession(rules, 'euskadi', seed, 12)) {
          const at = played.findIndex((f) => f.type === 'ImprisonedBetResolved');
          if (at < 0) continue;
          seen++;
          const changed = [...played];
          changed[at] = { type: played[at].type, data: { ...played[at].data, amount: Number(played[at].data.amount) + 100 } };
          expect(codes(judge(rules, env, changed))).toContain('PAYOUT_MISMATCH');
          expect(
            codes(
              judge(
                rules,
                env,
                played.filter((_, i) => i !== at),
              ),
            ),
          ).toContain('UNSETTLED_BET');
        }
      }),
      { numRuns: 150 },
    );
    expect(seen).toBeGreaterThan(0);
  });
});

describe('french-roulette limits: n × k × m (games.md "Limits")', () => {
  const over = (j: JurisdictionId, betType: string, selection: unknown, amount: number, options = {}, limits: TableLimits = { min: 100, max: 1_000_000 }) =>
    codes(judge(rules, envFor(rules, j, { options, limits }), roundOf([{ betType, selection, amount }], 35, [], [{ outcome: 'lose', payout: 0 }])));
  const MAXIMA: [string, unknown, number][] = [
    ['straight', [1], 1],
    ['split', [1, 2], 2],
    ['street', [1, 2, 3], 3],
    ['corner', [1, 2, 4, 5], 4],
    ['six-line', [1, 2, 3, 4, 5, 6], 6],
    ['column', 1, 12],
    ['dozen', 1, 12],
    ['two-dozens', [1, 2], 24],
    ['red', undefined, 18],
  ];
  for (const [betType, selection, n] of MAXIMA) {
    it(`${betType}: max ${n} × 20 × m by default (index.md OQ-45)`, () => {
      expect(over('galicia', betType, selection, n * 20 * 100)).toEqual([]);
      expect(over('galicia', betType, selection, n * 20 * 100 + 100)).toEqual(['BET_ABOVE_MAXIMUM']);
    });
  }
  it('Δ tiers: euskadi 10/20/30/50, illes-balears and galicia 10/20/30, cantabria 20 only', () => {
    const ok = (j: JurisdictionId, k: number) => rules.refuseOptions!({ maximumTier: k }, rules.rulebooks[j]) === null;
    expect([10, 20, 30, 50].map((k) => ok('euskadi', k))).toEqual([true, true, true, true]);
    expect([10, 20, 30, 50].map((k) => ok('illes-balears', k))).toEqual([true, true, true, false]);
    expect([10, 20, 30, 50].map((k) => ok('galicia', k))).toEqual([true, true, true, false]);
    expect([10, 20, 30, 50].map((k) => ok('cantabria', k))).toEqual([false, true, false, false]);
    expect(over('euskadi', 'straight', [7], 5000, { maximumTier: 50 })).toEqual([]);
    expect(over('euskadi', 'red', undefined, 90_000, { maximumTier: 50 })).toEqual([]);
    expect(over('euskadi', 'straight', [7], 1100, { maximumTier: 10 })).toEqual(['BET_ABOVE_MAXIMUM']);
  });
  it('a per-bet-type maximum in TableSessionOpened.limits wins over the tier', () => {
    expect(over('cantabria', 'straight', [7], 4000, {}, { min: 100, max: 1_000_000, straight: 5000 })).toEqual([]);
  });
  it('Δ even-chance minimum up to 5 × m: euskadi, illes-balears, galicia; not stated in cantabria', () => {
    for (const j of ['euskadi', 'illes-balears', 'galicia'] as JurisdictionId[]) {
      expect(over(j, 'red', undefined, 400, { evenChanceMinimum: 5 })).toEqual(['BET_BELOW_MINIMUM']);
      expect(over(j, 'red', undefined, 500, { evenChanceMinimum: 5 })).toEqual([]);
      expect(rules.refuseOptions!({ evenChanceMinimum: 6 }, rules.rulebooks[j])).toMatchObject({ field: 'options.evenChanceMinimum' });
    }
    expect(rules.refuseOptions!({ evenChanceMinimum: 2 }, rules.rulebooks.cantabria)).toMatchObject({ field: 'options.evenChanceMinimum' });
  });
  it('OQ-46: cantabria keeps the minimum-table rule as information (a rulebook warning)', () => {
    expect(judge(rules, envFor(rules, 'cantabria'), roundOf([], 3, [], [])).warnings.join(' ')).toContain('index.md OQ-46');
  });
});

describe('french-roulette announced bets (Δ: described only in euskadi, L609–649)', () => {
  // payout = winnings of the winning chips − the chips lost (contract §3: on top of the returned total stake)
  const announced: [string, unknown, number, number, number, number, string][] = [
    // betType, selection, amount, pocket, payout, chips lost, how
    ['neighbours', 17, 500, 6, 3100, 400, '2, 25, 17, 34, 6 (euskadi L1113–1116): 35 × 100 − 4 × 100'],
    ['neighbours', 0, 500, 26, 3100, 400, 'cero y vecinos 0, 3, 15, 26, 32 (L617): 35 × 100 − 4 × 100'],
    ['voisins', undefined, 900, 0, 1500, 700, '2 chips on 0-2-3 at 11:1 = 2200, 7 chips lost'],
    ['voisins', undefined, 900, 29, 900, 700, '2 chips on the corner 25-29 at 8:1 = 1600, 7 chips lost'],
    ['tiers', undefined, 600, 36, 1200, 500, 'split 33-36 17:1 = 1700, 5 chips lost'],
    ['orphelins', undefined, 500, 17, 3100, 300, 'splits 14-17 and 17-20 = 3400, 3 chips lost'],
    ['orphelins', undefined, 500, 1, 3100, 400, 'straight 1 = 3500, 4 chips lost'],
  ];
  for (const [betType, selection, amount, pocket, payout, lost, how] of announced) {
    it(`euskadi: ${betType} ${selection ?? ''} (${amount}) on ${pocket} pays ${payout}: ${how}`, () => {
      const env = envFor(rules, 'euskadi');
      expect(judge(rules, env, roundOf([{ betType, selection, amount }], pocket, [], [{ outcome: 'win', payout }])).verdict).toBe('consistent');
      // paying the winning chip without taking the lost ones is an overpayment (issue 14 §1.1)
      expect(codes(judge(rules, env, roundOf([{ betType, selection, amount }], pocket, [], [{ outcome: 'win', payout: payout + lost }])))).toEqual([
        'PAYOUT_MISMATCH',
      ]);
    });
  }
  describe('chip by chip on every pocket (issue 14 §1.1)', () => announcedChipByChip(rules, 'euskadi'));
  it('euskadi: voisins on 8 loses', () => {
    expect(settleAfter(rules, envFor(rules, 'euskadi'), { betType: 'voisins', amount: 900 }, 8)).toMatchObject({ outcome: 'lose' });
  });
  it.each(['cantabria', 'illes-balears', 'galicia'] as JurisdictionId[])('%s: announced bets are not offered on French roulette (BET_NOT_ALLOWED)', (j) => {
    const played = roundOf([{ betType: 'tiers', amount: 600 }], 36, [], [{ outcome: 'win', payout: 1200 }]);
    expect(codes(judge(rules, envFor(rules, j), played))).toEqual(['BET_NOT_ALLOWED']);
  });
  it('an announced bet that does not divide into equal chips is BET_NOT_ALLOWED; each chip is held to its own bet maximum', () => {
    const env = envFor(rules, 'euskadi');
    expect(codes(judge(rules, env, roundOf([{ betType: 'voisins', amount: 1000 }], 8, [], [{ outcome: 'lose', payout: 0 }])))).toEqual(['BET_NOT_ALLOWED']);
    // 9 chips; the corner carries 2 units, so one unit may be at most 8 × 20 × 100 / 2 = 8000, the street's 2 units 6000 / 2 = 3000
    const bet: Bet = { betId: 'b', betType: 'voisins', amount: 9, eventId: 'e', late: false };
    expect(rules.betLimits!(bet, env).max!.amount).toBe(9 * 3000);
  });
});

wheelProperties(rules);
