/**
 * Sic bo against the independent reading of the text (`docs/games/readings/sic-bo.json`; cantabria only): each
 * value mapped by hand to the rulebook field it is, and each of the reader's rounds as a throw the judge must get
 * right. Resolutions: `docs/games/readings/sic-bo.resolutions.md`.
 */
import type { PlayedFact, RoundEnv } from '../../core/game';
import { citesLines, readingOf, ReadValue } from '../../core/reading-testing';
import { asFacts, envFor as anyEnvFor } from '../../core/testing';
import { isUnverifiable, type ExpectedSettlement, type SessionContext } from '../../core/types';
import { REFERENCE_PAY_TABLE, SIC_BO_CANTABRIA, SicBoRulebook } from './rulebook';
import { rules as sicBo } from './rules';

const reading = readingOf('sic-bo');
const read = reading.jurisdictions.cantabria!;
const rb = SIC_BO_CANTABRIA;
const envFor = (o: Partial<SessionContext> = {}) =>
  anyEnvFor(sicBo, 'cantabria', { smallestChip: 1, limits: { min: 1, max: 10_000 }, ...o }) as RoundEnv<SicBoRulebook>;
const withTable = envFor({ options: { payTable: REFERENCE_PAY_TABLE } });

/** What the rules say of one bet on one throw: "win N", "lose 0", or, without a pay table, "wins"/"loses" (unverifiable). */
function outcome(betType: string, selection: unknown, dice: number[], env = withTable): string {
  const played: PlayedFact[] = [
    { type: 'RoundStarted', data: { sessionId: 's', roundId: 'r' } },
    { type: 'BetPlaced', data: { sessionId: 's', roundId: 'r', betId: 'b', seat: 1, betType, selection, amount: 10 } },
    { type: 'BetsClosed', data: { sessionId: 's', roundId: 'r' } },
    { type: 'DiceThrown', data: { sessionId: 's', roundId: 'r', dice } },
  ];
  const state = asFacts(played).reduce((s, f) => sicBo.evolve(s, f, env), sicBo.initialState(env));
  const v = sicBo.settle(state, { bet: { betId: 'b', betType, selection, amount: 10, eventId: '', late: false } }, env);
  if (isUnverifiable(v)) return v.reason.includes(' wins,') ? 'wins (unverifiable)' : 'loses (unverifiable)';
  return `${(v as ExpectedSettlement).outcome} ${(v as ExpectedSettlement).payout}`;
}

const VALUES: Record<string, (read: ReadValue) => void> = {
  'dice.count'(v) {
    expect(rb.dice.value).toBe(v.value);
    expect(citesLines(rb.dice.cite, v.lines!)).toBe(true);
  },
  'bet.specific-triple'(v) {
    // the text names only the 1; read as the chosen number (resolutions §1)
    expect(citesLines(rb.bets['specific-triple'].cite, v.lines!)).toBe(true);
    expect(outcome('specific-triple', 1, [1, 1, 1])).toBe('win 1500');
  },
  'bet.any-triple'(v) {
    expect(citesLines(rb.bets['any-triple'].cite, v.lines!)).toBe(true);
    expect(outcome('any-triple', undefined, [6, 6, 6])).toBe('win 240');
  },
  'bet.specific-double'(v) {
    expect(citesLines(rb.bets['specific-double'].cite, v.lines!)).toBe(true);
  },
  'bet.total'(v) {
    expect(citesLines(rb.bets.total.cite, v.lines!)).toBe(true);
    // the text's own example: 12 with 3-4-5, 2-4-6 and 4-4-4
    for (const dice of [
      [3, 4, 5],
      [2, 4, 6],
      [4, 4, 4],
    ])
      expect(outcome('total', 12, dice)).toBe('win 60');
  },
  'bet.small'(v) {
    expect(rb.small.value).toEqual([4, 10]);
    expect(citesLines(rb.small.cite, v.lines!)).toBe(true);
  },
  'bet.big'(v) {
    expect(rb.big.value).toEqual([11, 17]);
    expect(citesLines(rb.big.cite, v.lines!)).toBe(true);
  },
  'bet.two-dice-combination'(v) {
    // read as two different numbers that must both show (resolutions §1)
    expect(citesLines(rb.bets['two-dice'].cite, v.lines!)).toBe(true);
    expect(outcome('two-dice', [2, 5], [5, 1, 2])).toBe('win 50');
    expect(outcome('two-dice', [2, 5], [5, 5, 1])).toBe('lose 0');
  },
  'bet.single-number'(v) {
    expect(citesLines(rb.bets.single.cite, v.lines!)).toBe(true);
  },
  paytable(v) {
    // no payout in the text: no built-in table, every settlement unverifiable without the casino's (docs/decisions/open-questions.md#oq-15)
    expect(v.absent).toBe(true);
    expect(rb.options.payTable.value).toBeNull();
    expect(outcome('small', undefined, [1, 2, 3], envFor())).toBe('wins (unverifiable)');
  },
};

describe('sic bo cantabria: the rulebook holds the values the reader read', () => {
  it('the reader read the section the rulebook cites; no other jurisdiction has the game', () => {
    expect(citesLines(rb.source, read.section!.lines)).toBe(true);
    expect(Object.keys(sicBo.rulebooks)).toEqual(['cantabria']);
  });
  it.each(Object.keys(read.values))('%s', (key) => {
    expect(VALUES[key]).toBeDefined();
    VALUES[key](read.values[key]);
  });
});

describe("sic bo cantabria: the reader's rounds (payouts from the casino's table: here the Macau table)", () => {
  it('small-big-lose-on-triple: Small 10 loses on 2-2-2 (total 6); wins on 1-2-3', () => {
    expect(outcome('small', undefined, [2, 2, 2])).toBe('lose 0');
    expect(outcome('small', undefined, [1, 2, 3])).toBe('win 10');
  });
  it('specific-double-at-least-two: Double 5 wins on 5-5-5 ("al menos dos")', () => {
    expect(outcome('specific-double', 5, [5, 5, 5])).toBe('win 80');
  });
  it('total-example: Total 12 wins on 6-5-1', () => {
    expect(outcome('total', 12, [6, 5, 1])).toBe('win 60');
  });
  it('single-number: Number 3 wins on 3-3-6, paid as the table prices two matches (the text does not say)', () => {
    expect(outcome('single', 3, [3, 3, 6])).toBe('win 20');
    expect(outcome('single', 3, [3, 3, 6], envFor())).toBe('wins (unverifiable)');
  });
});
