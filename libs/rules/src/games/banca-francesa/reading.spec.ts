/**
 * Banca francesa against the independent reading of the text (`docs/games/readings/banca-francesa.json`;
 * cantabria only): each value mapped by hand to the rulebook field it is, and each of the reader's rounds as a coup
 * the judge must get right. Resolutions: `docs/games/readings/banca-francesa.resolutions.md`.
 */
import type { PlayedFact, RoundEnv } from '../../core/game';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { asFacts, codes, envFor as anyEnvFor, judge } from '../../core/testing';
import { isUndecided, type ExpectedSettlement, type SessionContext } from '../../core/types';
import { ratioValue } from '../../core/dice';
import { BANCA_FRANCESA_CANTABRIA, BancaFrancesaRulebook } from './rulebook';
import { rules as bancaFrancesa } from './rules';

const reading = readingOf('banca-francesa');
const read = reading.jurisdictions.cantabria!;
const rb = BANCA_FRANCESA_CANTABRIA;
// the reader's rounds use a minimum of 5
const envFor = (o: Partial<SessionContext> = {}) =>
  anyEnvFor(bancaFrancesa, 'cantabria', { smallestChip: 1, limits: { min: 5, max: 1000 }, ...o }) as RoundEnv<BancaFrancesaRulebook>;
const f = (type: string, data: Record<string, unknown> = {}): PlayedFact => ({ type, data: { sessionId: 's', roundId: 'r', ...data } });
const bet = (betId: string, betType: string, amount: number) => f('BetPlaced', { betId, seat: 1, betType, amount });

/** A coup: the bets, the throws, the settlements given. */
const coup = (bets: PlayedFact[], throws: (number[] | 'void')[], settled: Array<[string, string, number]> = []): PlayedFact[] => [
  f('RoundStarted'),
  ...bets,
  f('BetsClosed'),
  ...throws.map((t) => (t === 'void' ? f('ThrowVoided', { reason: 'a die left the table' }) : f('DiceThrown', { dice: t }))),
  ...settled.map(([betId, outcome, payout]) => f('BetSettled', { betId, outcome, payout })),
  f('RoundCompleted'),
];
function expected(facts: PlayedFact[], betId: string, betType: string, amount: number, env = envFor()): string {
  const state = asFacts(facts).reduce((s, x) => bancaFrancesa.evolve(s, x, env), bancaFrancesa.initialState(env));
  const v = bancaFrancesa.settle(state, { bet: { betId, betType, amount, eventId: '', late: false } }, env);
  return isUndecided(v) ? 'undecided' : `${(v as ExpectedSettlement).outcome} ${(v as ExpectedSettlement).payout}`;
}

const VALUES: Record<string, (v: ReadValue) => void> = {
  'dice.count'(v) {
    expect(rb.dice.value).toBe(v.value);
    expect(citesLines(rb.dice.cite, v.lines!)).toBe(true);
  },
  // equipment, staff, seats and rotations: no fact records them (resolutions §1)
  'dice.sets'() {},
  'dice.edge-mm'() {},
  'dice.spec'() {},
  'dice.set-rotation'() {},
  'equipment.cup'() {},
  'equipment.horn'() {},
  table() {},
  layout() {},
  staff() {},
  'players.seats'(v) {
    expect(v.value).toBe(12);
  },
  'croupier-lanzador.rotation'() {},
  'bet.ases'(v) {
    expect(rb.chances.ases.value).toEqual([3]);
    expect(citesLines(rb.chances.ases.cite, v.lines!)).toBe(true);
  },
  'bet.pequeno'(v) {
    expect(rb.chances.pequeno.value).toEqual([5, 6, 7]);
    expect(citesLines(rb.chances.pequeno.cite, v.lines!)).toBe(true);
  },
  'bet.grande'(v) {
    expect(rb.chances.grande.value).toEqual([14, 15, 16]);
    expect(citesLines(rb.chances.grande.cite, v.lines!)).toBe(true);
  },
  'payout.ases'(v) {
    expect(ratioValue(rb.payouts.ases.value)).toBe(v.value);
    expect(citesLines(rb.payouts.ases.cite, v.lines!)).toBe(true);
  },
  'payout.pequeno'(v) {
    expect(ratioValue(rb.payouts.pequeno.value)).toBe(v.value);
    expect(citesLines(rb.payouts.pequeno.cite, v.lines!)).toBe(true);
  },
  'payout.grande'(v) {
    expect(ratioValue(rb.payouts.grande.value)).toBe(v.value);
    expect(citesLines(rb.payouts.grande.cite, v.lines!)).toBe(true);
  },
  'bet.line-bets'(v) {
    // half the chips play; the chips between 2 × the minimum and 2 × the chance's maximum
    expect(rb.lineBets.plays.value).toBe(0.5);
    expect(rb.lineBets.minTimesTableMin.value).toBe(2);
    expect(rb.lineBets.maxTimesChanceMax.value).toBe(2);
    expect(citesLines(rb.lineBets.plays.cite, v.lines!)).toBe(true);
  },
  'limits.maximum.pequeno-grande'(v) {
    expect(rb.maxima.pequenoGrande.value).toBe(v.value);
    expect(citesLines(rb.maxima.pequenoGrande.cite, v.lines!)).toBe(true);
  },
  'limits.maximum.ases'(v) {
    expect(rb.maxima.ases.value).toBe(v.value);
    expect(citesLines(rb.maxima.ases.cite, v.lines!)).toBe(true);
  },
  // the casino's band: TableSessionOpened.limits.min
  'limits.minimum'() {},
};

describe('banca francesa cantabria: the rulebook holds the values the reader read', () => {
  it('the reader read the section the rulebook cites; no other jurisdiction has the dice game', () => {
    expect(citesLines(rb.source, read.section!.lines)).toBe(true);
    expect(Object.keys(bancaFrancesa.rulebooks)).toEqual(['cantabria']);
  });
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](read.values[key]);
  });
});

describe("banca francesa cantabria: the reader's rounds", () => {
  it('winning-stake-kept: Grande 20 on 6-5-4 (15) wins 20, the stake kept (L1903–1905)', () => {
    const facts = coup([bet('g', 'grande', 20)], [[6, 5, 4]], [['g', 'win', 20]]);
    expect(expected(facts, 'g', 'grande', 20)).toBe('win 20');
    expect(judge(bancaFrancesa, envFor(), facts).verdict).toBe('consistent');
  });
  it('pay-after-collect: 1-1-1 (3) with ases 5, pequeño 10, grande 10: ases paid 61 × 5 = 305, the others lose', () => {
    const facts = coup(
      [bet('a', 'ases', 5), bet('p', 'pequeno', 10), bet('g', 'grande', 10)],
      [[1, 1, 1]],
      [
        ['p', 'lose', 0],
        ['g', 'lose', 0],
        ['a', 'win', 305],
      ],
    );
    expect([expected(facts, 'a', 'ases', 5), expected(facts, 'p', 'pequeno', 10), expected(facts, 'g', 'grande', 10)]).toEqual(['win 305', 'lose 0', 'lose 0']);
    expect(judge(bancaFrancesa, envFor(), facts).verdict).toBe('consistent');
  });
  it('line-bet-half-value: minimum 5, 20 on the inner limit ("a grande"), result 14: a bet of 10 on grande, wins 10', () => {
    const facts = coup([bet('l', 'a-grande', 20)], [[6, 4, 4]], [['l', 'win', 10]]);
    expect(expected(facts, 'l', 'a-grande', 20)).toBe('win 10');
    expect(judge(bancaFrancesa, envFor(), facts).verdict).toBe('consistent');
    // lost, only the half that plays is taken (resolutions §2)
    expect(expected(coup([bet('l', 'a-grande', 20)], [[1, 2, 3]]), 'l', 'a-grande', 20)).toBe('half-lost 0');
  });
  it('limits: minimum 5, an ases bet of 40 is above the ases maximum of 30 (L1923–1924)', () => {
    const judged = judge(
      bancaFrancesa,
      envFor(),
      coup(
        [bet('a', 'ases', 40)],
        [
          [1, 1, 2],
          [6, 6, 3],
        ],
        [['a', 'lose', 0]],
      ),
    );
    expect(codes(judged)).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(judged.discrepancies[0]).toMatchObject({ expected: 30, citation: rb.maxima.ases.cite });
  });
  it('null-throws: a die bounces off the table — a void throw (L1847–1863), even when its total made a chance; the next throw decides', () => {
    const facts = coup([bet('p', 'pequeno', 10)], [[2, 2, 1], 'void', [6, 5, 4]], [['p', 'lose', 0]]);
    expect(expected(facts, 'p', 'pequeno', 10)).toBe('lose 0');
    expect(judge(bancaFrancesa, envFor(), facts).verdict).toBe('consistent');
  });
  it("the totals that make no chance decide nothing (the reader's first reading; index.md OQ-16): 4, then 9, then 6 wins pequeño", () => {
    const facts = coup(
      [bet('p', 'pequeno', 10)],
      [
        [1, 1, 2],
        [3, 3, 3],
        [1, 2, 3],
      ],
      [['p', 'win', 10]],
    );
    expect(expected(facts, 'p', 'pequeno', 10)).toBe('win 10');
    expect(judge(bancaFrancesa, envFor(), facts).verdict).toBe('consistent');
  });
});

describe('banca francesa cantabria: the opening', () => {
  it('a declared maximum above the regulation (ases 6 ×, pequeño 200 ×, a line bet twice its chance: L1921–1924, L1885–1889) is a session finding', () => {
    const limits = { min: 5, max: 1000, ases: 40, pequeno: 1000, 'a-grande': 2000 };
    const findings = bancaFrancesa.judgeOpening!({ limits, options: {}, eventId: 'open' }, envFor({ limits }));
    // pequeño 1,000 = 200 × 5 and "a grande" 2,000 = twice it are within; the ases' 40 is above 6 × 5
    expect(findings).toMatchObject([{ code: 'SESSION_RULE_VIOLATION', eventId: 'open', recorded: 40, expected: 30, citation: rb.maxima.ases.cite }]);
    expect(bancaFrancesa.judgeOpening!({ limits: { min: 5, max: 1000, ases: 30 }, options: {} }, envFor())).toEqual([]);
  });
});
