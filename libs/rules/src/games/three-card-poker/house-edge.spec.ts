/**
 * Outside truth (issue 14 §5): three card poker's house edges, every player hand against every bank hand
 * (the enumeration in ./house-edge.ts, priced through the game's own evolve and settle), against the
 * figures published for the same pay tables.
 */
import type { RoundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { envFor } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { threeCardCounts } from './house-edge';
import type { ThreeCardPokerRulebook } from './rulebook';
import { rules as threeCardPoker } from './rules';

const edgesOf = (j: JurisdictionId, options: Record<string, unknown> = {}) =>
  threeCardPoker.houseEdges!(envFor(threeCardPoker, j, { options }) as RoundEnv<ThreeCardPokerRulebook>);
const edge = (edges: readonly BetEdge[], betType: string) => edges.find((e) => e.betType === betType)!;

// John Grochowski, citing Michael Shackleford (wizardofodds.com), with the original ante bonus (straight
// 1, three of a kind 4, straight flush 5 to 1): "the house edge is 3.37 percent of your ante if you bet with
// queen-6-4 or better" — https://www.casinocitytimes.com/john-grochowski/article/three-card-poker-and-roulette-62858 ;
// "3.37% of your ante or 2.01% of total action, once the play bet is taken into account" —
// https://www.casinocitytimes.com/john-grochowski/article/the-three-card-poker-problem-66089
const ANTE_EDGE = 3.37;
const ELEMENT_OF_RISK = 2.01;

// Pair plus. The hand counts: "22,100 possible hands … 48 straight flushes, 52 threes of a kind, 720
// straights, 1,096 flushes, 3,744 pairs and 16,440 losing hands" —
// https://www.casinocitytimes.com/john-grochowski/article/three-card-poker-and-pair-plus-67518 ; four of
// the 48 straight flushes are the A-K-Q mini-royals. Published edges: 40-30-6-4-1 "2.32 percent",
// 40-30-6-3-1 "7.28%"; "Adding a 50-1 pay on a three-card royal reduces that [5.57 %] to 5.39%" (0.18 %) —
// https://online.casinocity.com/article/a-rare-pair-plus-payout-at-three-card-poker-124535
const COUNTS = { royal: 4, straightFlush: 44, trips: 52, straight: 720, flush: 1096, pair: 3744, none: 16440 };
const fromCounts = (pays: { royal: number; straightFlush: number; trips: number; straight: number; flush: number; pair: number }) => {
  const back =
    COUNTS.royal * (1 + pays.royal) +
    COUNTS.straightFlush * (1 + pays.straightFlush) +
    COUNTS.trips * (1 + pays.trips) +
    COUNTS.straight * (1 + pays.straight) +
    COUNTS.flush * (1 + pays.flush) +
    COUNTS.pair * (1 + pays.pair);
  return (100 * (22100 - back)) / 22100;
};

describe('three card poker house edges (exact: 407,170,400 player × bank hands)', () => {
  it('counts every pair of disjoint hands once: C(52,3) × C(49,3)', () => {
    const counts = threeCardCounts({ category: 'high-card', ranks: [12] });
    expect(counts.pairs).toBe(22100 * 18424);
    expect(counts.classes.reduce((t, c) => t + c.weight, 0)).toBe(22100 * 18424);
    expect(counts.hands.reduce((t, c) => t + c.weight, 0)).toBe(22100);
  });

  it.each(['euskadi', 'cantabria'] as const)(
    '%s: ante and play at the optimal Q-6-4 strategy with the ante bonus 1-4-5 gives the house 3.37 % of the ante, 2.01 % of the action (Grochowski / Wizard of Odds)',
    (j) => {
      const ante = edge(edgesOf(j), 'ante');
      expect(ante.method).toBe('exact-strategy');
      expect(ante.houseEdge * 100).toBeCloseTo(ANTE_EDGE, 2);
      expect((ante.settings!.elementOfRisk as number) * 100).toBeCloseTo(ELEMENT_OF_RISK, 2);
    },
  );

  it("the published pair-plus figures follow from the published hand counts (the test's own arithmetic is right)", () => {
    expect(fromCounts({ royal: 40, straightFlush: 40, trips: 30, straight: 6, flush: 4, pair: 1 })).toBeCloseTo(2.32, 2);
    expect(fromCounts({ royal: 40, straightFlush: 40, trips: 30, straight: 6, flush: 3, pair: 1 })).toBeCloseTo(7.28, 2);
    expect(fromCounts({ royal: 40, straightFlush: 40, trips: 30, straight: 5, flush: 4, pair: 1 })).toBeCloseTo(5.57, 2);
    expect(fromCounts({ royal: 50, straightFlush: 40, trips: 30, straight: 5, flush: 4, pair: 1 })).toBeCloseTo(5.39, 2);
  });

  it.each([
    // euskadi L10041–10111 and cantabria table 1 (L4677–4684): 50-40-30-6-3-1, the common 7.28 % table with a 50-1 mini-royal
    ['euskadi', '1', 7.1, { royal: 50, straightFlush: 40, trips: 30, straight: 6, flush: 3, pair: 1 }],
    ['cantabria', '1', 7.1, { royal: 50, straightFlush: 40, trips: 30, straight: 6, flush: 3, pair: 1 }],
    // cantabria table 2 (L4686–4691): the original 40-30-6-4-1, "2.32 percent"
    ['cantabria', '2', 2.32, { royal: 40, straightFlush: 40, trips: 30, straight: 6, flush: 4, pair: 1 }],
    // cantabria table 3 (L4693–4698, straight flush 35 read from "135", docs/decisions/open-questions.md#oq-26): 35-33-6-4-1
    ['cantabria', '3', 2.7, { royal: 35, straightFlush: 35, trips: 33, straight: 6, flush: 4, pair: 1 }],
  ] as const)('%s pair plus table %s: the house edge from the published hand counts (about %s %)', (j, table, rounded, pays) => {
    const pairPlus = edge(edgesOf(j, { pairPlusTable: table }), 'pair-plus');
    expect(pairPlus.houseEdge * 100).toBeCloseTo(fromCounts(pays), 10);
    expect(pairPlus.houseEdge * 100).toBeCloseTo(rounded, 1);
  });

  it('no regulated table gives the player the edge', () => {
    for (const [j, tables] of [
      ['euskadi', ['1']],
      ['cantabria', ['1', '2', '3']],
    ] as const)
      for (const pairPlusTable of tables) expect(playerEdges(edgesOf(j, { pairPlusTable }))).toEqual([]);
  });

  it('is computed once per rulebook and options, and fast the first time', () => {
    const t = Date.now();
    const first = edgesOf('cantabria', { pairPlusTable: '3', note: 'a fresh options object' });
    expect(Date.now() - t).toBeLessThan(1000);
    expect(edgesOf('cantabria', { note: 'a fresh options object', pairPlusTable: '3' })).toBe(first);
  });
});
