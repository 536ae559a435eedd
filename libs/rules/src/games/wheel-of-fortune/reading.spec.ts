/**
 * Two readings (issue 14 §5): the wheel-of-fortune rulebooks against the independent reading of the original
 * texts (docs/games/readings/wheel-of-fortune.json), value by value, and each behaviour rule of the reading as a
 * round. Resolutions (euskadi's 24, 15 and Joker; cantabria's 40 and 1): docs/games/readings/wheel-of-fortune.resolutions.md.
 * Amounts: the reader's euros × 100.
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules, RoundEnv } from '../../core/game';
import { codes, envFor, judge } from '../../core/testing';
import { roundOf } from '../../core/wheel-testing';
import { ReadingMap, expectReadingAgrees, readingOf } from '../../core/reading-testing';
import type { WheelOfFortuneRulebook } from './rulebook';
import { segmentPays, segmentsOf, rules as wheelOfFortune } from './rules';

const rules: GameRules = wheelOfFortune;
const reading = readingOf('wheel-of-fortune');
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const NOT = (why: string) => ({ notEncoded: why });

/** The reader's names of the combinations → the bet keys (one vocabulary across jurisdictions). */
const KEY: Record<string, string> = {
  Joker: 'joker',
  'jocker vermell': 'red-joker',
  'jocker negre': 'black-joker',
  'jocker vermello': 'red-joker',
  'jocker negro': 'black-joker',
};
const keyOf = (name: string) => KEY[name] ?? name;
/**
 * euskadi's reading is the literal text (one "Joker" box on both joker cells, 24 "empata", 15 at 1 a 1): it is
 * compared with the rulebook under the options that model the literal text; the defaults (two one-cell jokers,
 * 24 at 1:1, 15 at 2:1) are the standard reading, resolved in wheel-of-fortune.resolutions.md.
 */
const LITERAL = { jokerBet: 'both-jokers', payTable: 'literal' };
const envOf = (rb: WheelOfFortuneRulebook) => envFor(rules, rb.jurisdiction, { options: rb.literalJoker ? LITERAL : {} }) as RoundEnv<WheelOfFortuneRulebook>;
const pays = (key: string) => (rb: WheelOfFortuneRulebook, e: { value: unknown }) => {
  const p = segmentPays(key, envOf(rb));
  return { reading: e.value === 'empata' ? 0 : e.value, rulebook: p.value, cite: p.cite };
};

const MAP: ReadingMap<WheelOfFortuneRulebook> = {
  'wheel.diameter': NOT('equipment no fact records'),
  'wheel.post': NOT('equipment no fact records'),
  'wheel.orientation': NOT('equipment no fact records'),
  'wheel.pointer': NOT('equipment no fact records'),
  'wheel.sectors': NOT('the arrangement of the cells is not recorded: a spin records the combination'),
  'cells.40.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.20.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.10.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.5.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.2.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.1.placement': NOT('the arrangement of the cells is not recorded'),
  'cells.no-adjacent-equal': NOT('the arrangement of the cells is not recorded'),
  'table.boxes': NOT('equipment no fact records'),
  staff: NOT('staffing: no fact records it'),
  'staff.croupier': NOT('staffing: no fact records who spins'),
  'staff.jefe-de-mesa.tables-max': NOT('staffing: no fact records it'),
  players: NOT('any number of players: nothing to judge'),
  'limits.minimum': NOT('set by the authorisation: the session declares it (TableSessionOpened.limits.min)'),
  'wheel.cells': (rb, e) => ({ reading: e.value, rulebook: rb.cells.value, cite: rb.cells.cite }),
  combinations: (rb, e) => {
    const keys = Object.keys(segmentsOf(envOf(rb))).sort();
    return typeof e.value === 'number'
      ? { reading: e.value, rulebook: keys.length, cite: rb.source }
      : {
          reading: (e.value as string[]).map(keyOf).sort(),
          rulebook: keys,
          cite: Object.values(segmentsOf(envOf(rb)))
            .map((s) => s.cells.cite)
            .join('; '),
        };
  },
  'cells.per-symbol': (rb, e) => {
    const segments = segmentsOf(envOf(rb));
    const reading = Object.fromEntries(Object.entries(e.value as Record<string, number>).map(([name, cells]) => [keyOf(name), cells]));
    return {
      reading,
      rulebook: Object.fromEntries(Object.keys(reading).map((k) => [k, segments[k]?.cells.value])),
      cite: Object.values(segments)
        .map((s) => s.cells.cite)
        .join('; '),
    };
  },
  'cells.per-value': (rb, e) => ({
    reading: e.value,
    rulebook: Object.fromEntries(Object.keys(e.value as object).map((k) => [k, rb.segments[k]?.cells.value])),
    cite: Object.values(rb.segments)
      .map((s) => s.cells.cite)
      .join('; '),
  }),
  'payout.24': pays('24'),
  'payout.15': pays('15'),
  'payout.7': pays('7'),
  'payout.4': pays('4'),
  'payout.2': pays('2'),
  'payout.1': pays('1'),
  'payout.5': pays('5'),
  'payout.10': pays('10'),
  'payout.20': pays('20'),
  'payout.40': pays('40'),
  'payout.joker': (rb, e) => {
    const key = rb.literalJoker ? 'joker' : 'red-joker';
    const p = segmentPays(key, envOf(rb));
    return { reading: [e.value, e.value], rulebook: [p.value, segmentPays(rb.literalJoker ? 'joker' : 'black-joker', envOf(rb)).value], cite: p.cite };
  },
  // "the prize is the cell's value times the stake" (L3474–3478)
  'payout.rule': (rb) => ({
    reading: Object.keys(rb.segments).map(Number),
    rulebook: Object.values(rb.segments).map((s) => s.pays.value),
    cite: Object.values(rb.segments)[0].pays.cite,
  }),
  'limits.maximum': (rb, e) => ({ reading: e.value, rulebook: rb.maximumMultiple?.value, cite: rb.maximumMultiple?.cite }),
  limits: (rb) => ({ reading: 'by the authorisation', rulebook: rb.maximumMultiple ? `${rb.maximumMultiple.value} × the minimum` : 'by the authorisation' }),
};

describe('wheel-of-fortune: the rulebooks agree with the independent reading, value by value', () => {
  it('andalucia does not catalogue it; no rulebook', () => {
    expect(reading.jurisdictions.andalucia ?? null).toBeNull();
    expect(rules.rulebooks.andalucia).toBeUndefined();
  });
  for (const j of FOUR) {
    it(`${j}: every value of the reading${j === 'euskadi' ? ' (the literal text: options jokerBet "both-jokers", payTable "literal")' : ''}`, () =>
      expectReadingAgrees<WheelOfFortuneRulebook>(reading.jurisdictions[j]!, rules.rulebooks[j], j, MAP));
  }
  it('euskadi by default departs from the literal reading exactly where the resolutions say: two one-cell jokers, 24 at 1:1, 15 at 2:1', () => {
    const env = envFor(rules, 'euskadi') as RoundEnv<WheelOfFortuneRulebook>;
    expect(Object.keys(segmentsOf(env)).sort()).toEqual(['15', '2', '24', '4', '7', 'black-joker', 'red-joker']);
    expect(['24', '15'].map((k) => segmentPays(k, env).value)).toEqual([1, 2]);
  });
});

describe("wheel-of-fortune: the reading's behaviour rules as rounds", () => {
  const bets = (...bs: [string, number][]) => bs.map(([selection, amount], i) => ({ betId: `b-${i + 1}`, betType: 'segment', selection, amount }));
  it('euskadi result-and-settlement: 10 on "2", 10 on "24", the wheel stops on a "2": 200 and the stake kept; the 10 on "24" collected', () => {
    const played = roundOf(
      bets(['2', 1000], ['24', 1000]),
      '2',
      [],
      [
        { outcome: 'win', payout: 20000 },
        { outcome: 'lose', payout: 0 },
      ],
    );
    expect(judge(rules, envFor(rules, 'euskadi'), played).verdict).toBe('consistent');
  });
  it('euskadi joker-payout: 10 on Joker, the wheel stops on a joker cell: 450 when one bet covers both (jokerBet "both-jokers"); by default only the joker bet on wins', () => {
    const literal = envFor(rules, 'euskadi', { options: { jokerBet: 'both-jokers' } });
    expect(judge(rules, literal, roundOf(bets(['joker', 1000]), 'joker', [], [{ outcome: 'win', payout: 45000 }])).verdict).toBe('consistent');
    const standard = envFor(rules, 'euskadi');
    expect(judge(rules, standard, roundOf(bets(['red-joker', 1000]), 'red-joker', [], [{ outcome: 'win', payout: 45000 }])).verdict).toBe('consistent');
    expect(codes(judge(rules, standard, roundOf(bets(['red-joker', 1000]), 'black-joker', [], [{ outcome: 'win', payout: 45000 }])))).toEqual([
      'PAYOUT_MISMATCH',
    ]);
  });
  it('euskadi twenty-four-empata: 10 on "24", a "24": literally the 10 back with no winnings (payTable "literal"); by default 1 to 1', () => {
    const literal = envFor(rules, 'euskadi', { options: { payTable: 'literal' } });
    expect(judge(rules, literal, roundOf(bets(['24', 1000]), '24', [], [{ outcome: 'push', payout: 0 }])).verdict).toBe('consistent');
    expect(judge(rules, envFor(rules, 'euskadi'), roundOf(bets(['24', 1000]), '24', [], [{ outcome: 'win', payout: 1000 }])).verdict).toBe('consistent');
  });
  it.each(['euskadi', 'illes-balears', 'galicia'] as JurisdictionId[])(
    '%s late-bets-returned: a chip on "7" after "no va más", the wheel on a 7: refused and returned, not paid',
    (j) => {
      const played = roundOf([], '7', [], []);
      const late = [
        ...played.slice(0, 2),
        { type: 'BetPlaced', data: { sessionId: 's-1', roundId: 'r-1', seat: 1, betId: 'late', betType: 'segment', selection: '7', amount: 1000 } },
        ...played.slice(2, -1),
        { type: 'BetSettled', data: { sessionId: 's-1', roundId: 'r-1', betId: 'late', outcome: 'void', payout: 0 } },
        played.at(-1)!,
      ];
      expect(codes(judge(rules, envFor(rules, j), late))).toEqual(['BET_AFTER_CLOSE']);
    },
  );
  it('illes-balears result-and-settlement: 10 on jocker negre, 10 on jocker vermell, the wheel on jocker negre: 450 and the stake; the vermell 10 lost', () => {
    const played = roundOf(
      bets(['black-joker', 1000], ['red-joker', 1000]),
      'black-joker',
      [],
      [
        { outcome: 'win', payout: 45000 },
        { outcome: 'lose', payout: 0 },
      ],
    );
    expect(judge(rules, envFor(rules, 'illes-balears'), played).verdict).toBe('consistent');
  });
  it('cantabria settlement: 10 on "5", 10 on "1", the wheel on a 5: 50 and the 10 kept; the 10 on "1" collected', () => {
    const played = roundOf(
      bets(['5', 1000], ['1', 1000]),
      '5',
      [],
      [
        { outcome: 'win', payout: 5000 },
        { outcome: 'lose', payout: 0 },
      ],
    );
    expect(judge(rules, envFor(rules, 'cantabria'), played).verdict).toBe('consistent');
  });
  it('cantabria max-20x-min (L3465–3466): minimum 5, 150 on "1" is over the maximum 100', () => {
    const env = envFor(rules, 'cantabria', { limits: { min: 500, max: 1_000_000 } });
    const found = judge(rules, env, roundOf(bets(['1', 15_000]), '2', [], [{ outcome: 'lose', payout: 0 }]));
    expect(codes(found)).toEqual(['BET_ABOVE_MAXIMUM']);
    expect(found.discrepancies[0]).toMatchObject({ expected: 10_000 });
  });
});
