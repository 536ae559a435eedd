/**
 * Outside truth (issue 14 §5): sic bo has no regulated pay table (cantabria L1668–1713 states none,
 * docs/decisions/open-questions.md#oq-15), so each authorised table is valued when the table opens: every bet it prices, over the
 * 216 throws through the game's own evolve and settle, against the figures published for the same table.
 */
import type { RoundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { envFor as anyEnvFor } from '../../core/testing';
import type { SessionContext } from '../../core/types';
import { REFERENCE_PAY_TABLE, SicBoPayTable, SicBoRulebook } from './rulebook';
import { rules as sicBo } from './rules';

const envFor = (o: Partial<SessionContext> = {}) => anyEnvFor(sicBo, 'cantabria', o) as RoundEnv<SicBoRulebook>;
const edgesFor = (payTable: SicBoPayTable | null) => sicBo.houseEdges!(envFor({ options: { payTable } }));
const edgeOf = (edges: readonly BetEdge[], betType: string, selection?: unknown) => {
  const e = edges.find((x) => x.betType === betType && JSON.stringify(x.selection) === JSON.stringify(selection));
  if (!e) throw new Error(`no figure for ${betType} ${JSON.stringify(selection)}`);
  return e;
};
const pct = (e: BetEdge) => e.houseEdge * 100;

// https://wizardofodds.com/games/sic-bo/ — "House Edge for 4 and 17 Bets" and "for 5 and 16 Bets", by what the total pays
const WIZARD = 'http://wizardofodds.com/games/sic-bo/';
const FOUR_AND_SEVENTEEN: ReadonlyArray<readonly [number, number]> = [
  [50, 29.17],
  [51, 27.78],
  [52, 26.39],
  [53, 25.0],
  [54, 23.61],
  [55, 22.22],
  [56, 20.83],
  [57, 19.44],
  [58, 18.06],
  [59, 16.67],
  [60, 15.28],
  [61, 13.89],
  [62, 12.5],
  [63, 11.11],
  [64, 9.72],
  [65, 8.33],
];
const FIVE_AND_SIXTEEN: ReadonlyArray<readonly [number, number]> = [
  [18, 47.22],
  [19, 44.44],
  [20, 41.67],
  [21, 38.89],
  [22, 36.11],
  [23, 33.33],
  [24, 30.56],
  [25, 27.78],
  [26, 25.0],
  [27, 22.22],
  [28, 19.44],
  [29, 16.67],
  [30, 13.89],
  [31, 11.11],
  [32, 8.33],
];

describe('sic bo house edges (cantabria)', () => {
  it('without an authorised pay table no payout can be valued (index.md OQ-15): nothing to report, nothing flagged', () => {
    expect(edgesFor(null)).toEqual([]);
  });

  it.each(FOUR_AND_SEVENTEEN)('a total of 4 or 17 paying %i to 1 gives the house %f % (' + WIZARD + ')', (pays, published) => {
    const edges = edgesFor({ total: { 4: pays, 17: pays } });
    expect(pct(edgeOf(edges, 'total', 4))).toBeCloseTo(published, 2);
    expect(pct(edgeOf(edges, 'total', 17))).toBeCloseTo(published, 2);
  });

  it.each(FIVE_AND_SIXTEEN)('a total of 5 or 16 paying %i to 1 gives the house %f % (' + WIZARD + ')', (pays, published) => {
    const edges = edgesFor({ total: { 5: pays, 16: pays } });
    expect(pct(edgeOf(edges, 'total', 5))).toBeCloseTo(published, 2);
    expect(pct(edgeOf(edges, 'total', 16))).toBeCloseTo(published, 2);
  });

  describe("the Macau table (the simulator's REFERENCE_PAY_TABLE)", () => {
    const edges = edgesFor(REFERENCE_PAY_TABLE);
    it.each([
      // small / big: "House edge is 2.78%" (WIZARD); the appendix: −6/216
      ['small', undefined, 2.78, WIZARD],
      ['big', undefined, 2.78, WIZARD],
      // "Total of 6 and 15: Pays 14 to 1 in Macau … 30.56%" (WIZARD)
      ['total', 6, 30.56, WIZARD],
      ['total', 15, 30.56, WIZARD],
      // https://mavenofmacau.com/sic-bo-in-macau/: any number 1-2-3 7.87 %, 7/14 at 12:1 9.72 %, a two-number combination at 5:1 16.67 %
      ['single', 3, 7.87, 'https://mavenofmacau.com/sic-bo-in-macau/'],
      ['total', 7, 9.72, 'https://mavenofmacau.com/sic-bo-in-macau/'],
      ['total', 14, 9.72, 'https://mavenofmacau.com/sic-bo-in-macau/'],
      ['two-dice', [3, 4], 16.67, 'https://mavenofmacau.com/sic-bo-in-macau/'],
    ] as const)('%s %j: %f % (%s)', (betType, selection, published, _source) => {
      expect(pct(edgeOf(edges, betType, selection))).toBeCloseTo(published, 2);
    });
    it('a specific triple at 150 to 1 gives the house about 30 % ("the true odds are 215to1, giving the casino a 30% advantage", https://thefoolishbrave.com/sic-bo-strategy/)', () => {
      const e = edgeOf(edges, 'specific-triple', 4);
      expect(pct(e)).toBeGreaterThan(29.5);
      expect(pct(e)).toBeLessThan(30.5);
      expect(e.houseEdge).toBeCloseTo(1 - 151 / 216, 12);
    });
    it("the single number: the appendix's own sum, (125·(−1) + 75·1 + 15·2 + 1·3)/216 = −17/216 (https://wizardofodds.com/games/sic-bo/appendix/1/)", () => {
      expect(edgeOf(edges, 'single', 1).houseEdge).toBeCloseTo(17 / 216, 12);
    });
    it('values every bet the table prices, on every selection (faces, 14 totals, 15 pairs), and none it does not', () => {
      const count = (t: string) => edges.filter((e) => e.betType === t).length;
      expect([count('specific-triple'), count('specific-double'), count('single'), count('total'), count('two-dice'), count('any-triple')]).toEqual([
        6, 6, 6, 14, 15, 1,
      ]);
      expect(edges.some((e) => e.betType === 'total' && (e.selection === 3 || e.selection === 18))).toBe(false);
      expect(playerEdges(edges)).toEqual([]);
    });
  });

  it('a double at 10 to 1 gives the house 18.5 % ("the House Edge works out to … 18.5%", http://www.frixo.com/sbook/articles/sic-bo-probabilities.asp)', () => {
    expect(pct(edgeOf(edgesFor({ 'specific-double': 10 }), 'specific-double', 2))).toBeCloseTo(18.52, 2);
  });

  it('a specific triple at 180 to 1 gives the house 16.2 % (https://discuz.cgpay.ch/thread-7120-1-1.html)', () => {
    expect(pct(edgeOf(edgesFor({ 'specific-triple': 180 }), 'specific-triple', 6))).toBeCloseTo(16.2, 1);
  });

  it('an authorised table that hands the player the edge is found (issue 14 §4): a pair of faces at 7 to 1 returns 240/216', () => {
    const edges = edgesFor({ 'two-dice': 7, small: 1 });
    const flagged = playerEdges(edges);
    expect(flagged.map((e) => e.betType)).toEqual(Array(15).fill('two-dice'));
    expect(flagged[0].houseEdge).toBeCloseTo(1 - 240 / 216, 12);
    expect(flagged[0].settings).toEqual({ odds: 7 });
  });
});
