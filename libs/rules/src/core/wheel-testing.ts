/**
 * Test helpers of the wheels family (test-only, not exported from the index): whole sessions played by a
 * game's croupier with the prison carried as the judge carries it, one-bet settlements, and the property
 * suite every wheel game runs for every jurisdiction.
 */
import fc from 'fast-check';
import { seededRandom } from './cards';
import { dataOf } from './events';
import type { GameRules, PlayedFact, RoundEnv } from './game';
import { asFacts, codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from './testing';
import type { BetEdge } from './house-edge';
import type { LayoutRulebook } from './roulette';
import { AnnouncedBet, announcedChips, chipUnits, wheelOf } from './wheel';
import type { Bet, JurisdictionId, SessionContext, SettlementVerdict } from './types';
import type { ReadingEntry, ReadingMap } from './reading-testing';

export interface PlayedRound {
  readonly env: RoundEnv;
  readonly played: PlayedFact[];
}

/** Play `rounds` rounds of one session; each round's env carries what `carry` folds from the earlier facts. */
export function playSession(
  rules: GameRules,
  jurisdiction: JurisdictionId,
  seed: number,
  rounds: number,
  overrides: Partial<SessionContext> = {},
): PlayedRound[] {
  const random = seededRandom(seed);
  const memory: Record<string, unknown> = {};
  const base = envFor(rules, jurisdiction, overrides);
  let carried: unknown = undefined;
  const out: PlayedRound[] = [];
  for (let i = 1; i <= rounds; i++) {
    const env = envFor(rules, jurisdiction, { ...overrides, carried, lastRoundOfSession: i === rounds });
    const played = rules.play!({ env, sessionId: 's-1', roundId: `r-${i}`, random, seats: [1, 2, 3, 4], memory });
    out.push({ env, played });
    for (const f of asFacts(played)) carried = rules.carry ? rules.carry(carried, f, base) : undefined;
  }
  return out;
}

/** The settlement of one bet after one spin (and any facts before the settlement). */
export function settleAfter(
  rules: GameRules,
  env: RoundEnv,
  bet: { betType: string; selection?: unknown; amount: number },
  result: unknown,
  recorded?: { outcome: string; payout: number },
  extra: { type: string; data: Record<string, unknown> }[] = [],
): SettlementVerdict {
  const full: Bet = { betId: 'b-1', seat: 1, eventId: 'e-b', late: false, ...bet };
  const facts = asFacts([{ type: 'WheelSpun', data: { result } }, ...extra]);
  const state = facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
  return rules.settle(state, { bet: full, recorded }, env);
}

/** A hand-written round: bets, a spin, the facts after it, settlements. */
export function roundOf(
  bets: { betId?: string; betType: string; selection?: unknown; amount: number }[],
  result: unknown,
  after: { type: string; data: Record<string, unknown> }[],
  settlements: { betId?: string; outcome: string; payout: number }[],
): PlayedFact[] {
  const base = { sessionId: 's-1', roundId: 'r-1' };
  return [
    { type: 'RoundStarted', data: base },
    ...bets.map((b, i) => ({
      type: 'BetPlaced',
      data: {
        ...base,
        seat: 1,
        betId: b.betId ?? `b-${i + 1}`,
        betType: b.betType,
        ...(b.selection !== undefined ? { selection: b.selection } : {}),
        amount: b.amount,
      },
    })),
    { type: 'BetsClosed', data: base },
    ...(result === undefined ? [] : [{ type: 'WheelSpun', data: { ...base, result } }]),
    ...after.map((f) => ({ type: f.type, data: { ...base, ...f.data } })),
    ...settlements.map((s, i) => ({ type: 'BetSettled', data: { ...base, betId: s.betId ?? `b-${i + 1}`, outcome: s.outcome, payout: s.payout } })),
    { type: 'RoundCompleted', data: base },
  ];
}

const numRuns = 100;

/** Every jurisdiction: played sessions are consistent, and each single change is caught with its code. */
export function wheelProperties(rules: GameRules): void {
  for (const jurisdiction of Object.keys(rules.rulebooks) as JurisdictionId[]) {
    describe(`${rules.game} / ${jurisdiction} (properties)`, () => {
      it('every round the croupier plays is judged consistent', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            for (const { env, played } of playSession(rules, jurisdiction, seed, 6)) {
              const j = judge(rules, env, played);
              if (j.verdict !== 'consistent') throw new Error(JSON.stringify({ played, discrepancies: j.discrepancies }));
            }
          }),
          { numRuns },
        );
      });

      it('a changed payout is PAYOUT_MISMATCH', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(10), fc.constantFrom(100, -100, 1), (seed, index, delta) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const mutated = mutatePayout(played, index, delta);
            if (!mutated) return;
            expect(codes(judge(rules, env, mutated))).toContain('PAYOUT_MISMATCH');
          }),
          { numRuns },
        );
      });

      it('a bet over its maximum is BET_ABOVE_MAXIMUM', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const first = played.map((f) => dataOf(f, 'BetPlaced')).find((placed) => placed !== undefined);
            if (!first) return;
            const bet: Bet = { ...first, eventId: 'x', late: false };
            const max = rules.betLimits ? rules.betLimits(bet, env).max!.amount : env.ctx.limits.max;
            expect(codes(judge(rules, env, mutateOverMaximum(played, max)!))).toContain('BET_ABOVE_MAXIMUM');
          }),
          { numRuns },
        );
      });

      it('a cagnotte taken on a wheel is CAGNOTTE_MISMATCH (no wheel game takes one)', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 10 }), (seed, chips) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            expect(codes(judge(rules, env, mutateCagnotte(played, chips * 100)))).toContain('CAGNOTTE_MISMATCH');
          }),
          { numRuns: 50 },
        );
      });

      it('a round without its spin is OUTCOME_MISSING; a second spin is SEQUENCE_VIOLATION', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const at = played.findIndex((f) => f.type === 'WheelSpun');
            expect(
              codes(
                judge(
                  rules,
                  env,
                  played.filter((_, i) => i !== at),
                ),
              ),
            ).toContain('OUTCOME_MISSING');
            const twice = [...played.slice(0, at + 1), played[at], ...played.slice(at + 1)];
            expect(codes(judge(rules, env, twice))).toContain('SEQUENCE_VIOLATION');
          }),
          { numRuns: 50 },
        );
      });
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Announced bets chip by chip, written from the text (not from `announcedChips`), so that a misreading of
// the settlement or of the chips cannot pass.

/** The single-zero wheel order, clockwise from 0 (INDUSTRY-STANDARD; euskadi L617 and L1113–1116 hold on it). */
export const EUROPEAN_WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

/** A chip of an announced bet: the numbers it covers, its units, its net odds (pay by numbers covered). */
type TextChip = { numbers: number[]; units: number; odds: number };
const ODDS_BY_COVER: Record<number, number> = { 1: 35, 2: 17, 3: 11, 4: 8 };
const textChip = (numbers: number[], units = 1): TextChip => ({ numbers, units, odds: ODDS_BY_COVER[numbers.length] });

/** The chips of each announced bet as the text places them (euskadi L609–646; illes-balears L387–415). */
export function announcedFromText(betType: string, selection?: number): TextChip[] {
  switch (betType) {
    case 'neighbours': {
      // "el número solicitado, más dos de cada lado de éste en el cilindro … a pleno" (euskadi L609–617)
      const at = EUROPEAN_WHEEL.indexOf(selection!);
      return [-2, -1, 0, 1, 2].map((d) => textChip([EUROPEAN_WHEEL[(at + d + 37) % 37]]));
    }
    case 'voisins': // "dos fichas a la transversal 0-2-3 … dos fichas al cuadro 25-29 …" (euskadi L620–628)
      return [
        textChip([0, 2, 3], 2),
        textChip([4, 7]),
        textChip([12, 15]),
        textChip([18, 21]),
        textChip([19, 22]),
        textChip([25, 26, 28, 29], 2),
        textChip([32, 35]),
      ];
    case 'tiers': // euskadi L630–637
      return [
        [5, 8],
        [10, 11],
        [13, 16],
        [23, 24],
        [27, 30],
        [33, 36],
      ].map((s) => textChip(s));
    case 'orphelins': // euskadi L639–646
      return [textChip([1]), textChip([6, 9]), textChip([14, 17]), textChip([17, 20]), textChip([31, 34])];
    default:
      throw new Error(`no announced bet ${betType}`);
  }
}

/**
 * What an announced bet must be paid on `pocket`, chip by chip: every chip that wins keeps its stake and
 * earns its odds, every other chip is lost ("el jugador que gana conserva su apuesta", euskadi L648–649),
 * so the payout on top of the returned total stake (contract §3) is Σ winnings − Σ lost chips.
 */
export function announcedPayout(chips: TextChip[], unit: number, pocket: number): { outcome: 'win' | 'lose'; payout: number } {
  const winning = chips.filter((c) => c.numbers.includes(pocket));
  if (!winning.length) return { outcome: 'lose', payout: 0 };
  const won = winning.reduce((t, c) => t + c.units * unit * c.odds, 0);
  const lost = chips.filter((c) => !c.numbers.includes(pocket)).reduce((t, c) => t + c.units * unit, 0);
  return { outcome: 'win', payout: won - lost };
}

/** Every announced bet this jurisdiction offers, on every pocket of the single-zero wheel, chip by chip. */
export function announcedChipByChip(rules: GameRules, jurisdiction: JurisdictionId): void {
  const env = envFor(rules, jurisdiction);
  const unit = 1000;
  const bets: [string, number | undefined][] = [
    ...EUROPEAN_WHEEL.map((n) => ['neighbours', n] as [string, number]),
    ['voisins', undefined],
    ['tiers', undefined],
    ['orphelins', undefined],
  ];
  for (const [betType, selection] of bets) {
    const chips = announcedFromText(betType, selection);
    const amount = unit * chips.reduce((t, c) => t + c.units, 0);
    it(`${jurisdiction}: ${betType}${selection === undefined ? '' : ' of ' + selection} (${amount / unit} chips of ${unit}) on every pocket: Σ winning chips − Σ lost chips`, () => {
      for (const pocket of EUROPEAN_WHEEL) {
        const expected = announcedPayout(chips, unit, pocket);
        const v = settleAfter(rules, env, { betType, selection, amount }, pocket);
        expect({ pocket, ...v }).toMatchObject({ pocket, ...expected });
        // the winnings always cover the lost chips on these bets: never a negative payout
        expect(expected.payout).toBeGreaterThanOrEqual(0);
      }
    });
  }
}

// ---------------------------------------------------------------------------------------------------------
// House edges (issue 14 §4, §5)

/** The house edges of a rulebook under session options, as a table opening would compute them. */
export function edgesOf(rules: GameRules, jurisdiction: JurisdictionId, options: Record<string, unknown> = {}): readonly BetEdge[] {
  return rules.houseEdges!(envFor(rules, jurisdiction, { options }));
}

/** A published percentage has two decimals: 0.0270270… → 2.7 */
export const percent = (edge: number): number => Math.round(edge * 10_000) / 100;

/**
 * Every bet type the rulebook offers is valued (one figure per shape), and each figure equals `expected`,
 * exactly and to the published two decimals.
 */
export function expectEdges(edges: readonly BetEdge[], offered: readonly string[], expected: (e: BetEdge) => { exact: number; published: number }): void {
  expect([...new Set(edges.map((e) => e.betType))].sort()).toEqual([...offered].sort());
  for (const e of edges) {
    const { exact, published } = expected(e);
    expect({ betType: e.betType, selection: e.selection, edge: e.houseEdge }).toEqual({
      betType: e.betType,
      selection: e.selection,
      edge: expect.closeTo(exact, 12),
    });
    expect({ betType: e.betType, percent: percent(e.houseEdge) }).toEqual({ betType: e.betType, percent: published });
    expect(e.method).toBe('exact-enumeration');
    expect(e.returnPerUnit).toBeCloseTo(1 - e.houseEdge, 12);
  }
}

// The layout games' values as the readers name them (french-roulette.json, american-roulette-*.json).

const payout = (numbers: number) => (rb: LayoutRulebook, e: ReadingEntry) => ({
  reading: e.value,
  rulebook: rb.payTable[numbers]?.value,
  cite: rb.payTable[numbers]?.cite,
});
const NOT_JUDGED = (why: string) => ({ notEncoded: why });
const tiersOf = (rb: LayoutRulebook): readonly number[] => (rb.limits.kind === 'tiers' ? rb.limits.tiers.value : []);
/** "10, 20, 30 or 50 times" as the reader writes it: a list, or one number where the text gives one */
const oneOrList = (xs: readonly number[]) => (xs.length === 1 ? xs[0] : [...xs]);
const announced = (betType: AnnouncedBet) => (rb: LayoutRulebook, e: ReadingEntry) => {
  const offered = rb.betTypes[betType];
  return { reading: e.value, rulebook: offered ? chipUnits(announcedChips(betType, 0, wheelOf(rb.wheel.value))!) : 'not offered', cite: offered };
};

export const LAYOUT_READING: ReadingMap<LayoutRulebook> = {
  'wheel.pockets': (rb, e) => ({ reading: e.value, rulebook: wheelOf(rb.wheel.value).order.length, cite: rb.wheel.cite }),
  'wheel.numbers': (rb, e) => {
    const numbers = wheelOf(rb.wheel.value)
      .order.filter((p) => p !== '00')
      .map(Number)
      .sort((a, b) => a - b);
    return { reading: e.value, rulebook: numbers.every((n, i) => n === i) && numbers.length === 37 ? '1-36 plus 0' : numbers.join(','), cite: rb.wheel.cite };
  },
  'wheel.colour-rule': (rb) => {
    // the reader's rule: black = an even digit sum, plus 10 and 29, except 19
    const digitSum = (n: number) =>
      String(n)
        .split('')
        .reduce((t, d) => t + Number(d), 0);
    const black = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => (digitSum(n) % 2 === 0 || n === 10 || n === 29) && n !== 19);
    return { reading: black, rulebook: [...wheelOf(rb.wheel.value).black].map(Number).sort((a, b) => a - b), cite: rb.wheel.cite };
  },
  'wheel.cylinder-diameter': NOT_JUDGED('equipment no fact records'),
  'layout.numbers': NOT_JUDGED('the layout geometry is the standard 3 × 12 (core/wheel.ts); its language is not recorded'),
  'staff.two-layout': NOT_JUDGED('staffing: no fact records it'),
  'staff.one-layout': NOT_JUDGED('staffing: no fact records it'),
  staff: NOT_JUDGED('staffing: no fact records it'),
  'staff.jefe-de-mesa.tables-max': NOT_JUDGED('staffing: no fact records it'),
  'table.size': NOT_JUDGED('equipment no fact records'),
  'table.two-layout.one-side': NOT_JUDGED('equipment and float: no round fact records it'),
  'colour-chips.value-range': NOT_JUDGED('chip values are not recorded: a bet is recorded with its amount'),
  'colour-chips.default-value': NOT_JUDGED('chip values are not recorded: a bet is recorded with its amount'),
  'payout.straight-up': payout(1),
  'payout.split': payout(2),
  'payout.street': payout(3),
  'payout.street-zero': (rb, e) => ({ reading: e.value, rulebook: rb.payTable[3].value, cite: rb.payTable[3].cite }),
  'payout.corner': payout(4),
  'payout.first-four': payout(4),
  'payout.six-line': payout(6),
  'payout.column': payout(12),
  'payout.dozen': payout(12),
  'payout.two-columns': payout(24),
  'payout.two-dozens': payout(24),
  'payout.even-money': payout(18),
  'announced.neighbours.chips': announced('neighbours'),
  'announced.voisins.chips': announced('voisins'),
  'announced.tiers.chips': announced('tiers'),
  'announced.orphelins.chips': announced('orphelins'),
  'announced.chip-value': NOT_JUDGED("read with the limits: each chip position at least the table minimum and at most its own bet's maximum (resolutions.md)"),
  'announced.neighbours.boxes': (rb, e) => ({
    reading: e.value,
    rulebook: rb.betTypes.neighbours ? wheelOf(rb.wheel.value).order.length : 0,
    cite: rb.betTypes.neighbours,
  }),
  'announced.buttons': (rb, e) => {
    const v = e.value as { 'number-buttons': number; 'sector-buttons': number };
    const sectors = (['voisins', 'tiers', 'orphelins'] as const).filter((b) => rb.betTypes[b]);
    return { reading: [v['number-buttons'], v['sector-buttons']], rulebook: [rb.betTypes.neighbours ? 37 : 0, sectors.length], cite: rb.betTypes.voisins };
  },
  'limits.minimum': NOT_JUDGED('set by the authorisation: the session declares it (TableSessionOpened.limits.min)'),
  'limits.minimum.even-money': (rb, e) => {
    const upTo = rb.limits.kind === 'tiers' ? rb.limits.evenChanceMinimumUpTo : undefined;
    return { reading: Number(/up to (\d+) x/.exec(String(e.value))?.[1]), rulebook: upTo?.value, cite: upTo?.cite };
  },
  'limits.maximum.even-money': (rb, e) => ({
    reading: e.value,
    rulebook: oneOrList(tiersOf(rb).map((k) => 18 * k)),
    cite: rb.limits.kind === 'tiers' ? rb.limits.tiers.cite : undefined,
  }),
  'limits.maximum.multiple': (rb, e) => {
    const by = (n: number) => oneOrList(tiersOf(rb).map((k) => n * k));
    const held = {
      'straight-up': by(1),
      split: by(2),
      street: by(3),
      corner: by(4),
      'six-line': by(6),
      'column-dozen': by(12),
      'two-columns-two-dozens': by(24),
    };
    return { reading: e.value, rulebook: held, cite: rb.limits.kind === 'tiers' ? rb.limits.tiers.cite : undefined };
  },
  'limits.minimum-table': NOT_JUDGED('a casino-wide duty over several tables; cantabria\'s "podrá" is a rulebook warning (index.md OQ-46)'),
  'limits.change.balls-announced': NOT_JUDGED('limit changes are session-level (TableLimitsChanged), not judged with the round'),
  'limits.change.direction': NOT_JUDGED('limit changes are session-level (TableLimitsChanged), not judged with the round'),
  'limits.maximum.increase': NOT_JUDGED('a raise communicated to the regulator is declared as per-bet-type limits, which win over the tiers'),
  'inheritance.french': NOT_JUDGED('checked as values: the American rulebook takes the French pay table of its jurisdiction'),
  'zero.even-money.loss': (rb, e) => ({
    reading: e.value,
    rulebook: rb.zeroOnEvenChances.value === 'half-back' ? 0.5 : rb.zeroOnEvenChances.value === 'lose' ? 1 : 'player chooses',
    cite: rb.zeroOnEvenChances.cite,
  }),
};
