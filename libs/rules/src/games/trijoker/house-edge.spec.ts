/**
 * Outside truth (issue 14 §5): trijoker is Let It Ride with its own table (a pair of jacks to win, the
 * royal flush 500 to 1). The same enumeration (./house-edge.ts) at Let It Ride's published table must give
 * the published house edge; the rulebooks' own table (no published figure) is then counted the same way,
 * kept as data and counted again here.
 */
import { roundEnv } from '../../core/game';
import { playerEdges } from '../../core/house-edge';
import { envFor, sessionContext } from '../../core/testing';
import { cited, type JurisdictionId } from '../../core/types';
import { countedClasses, tableKey } from './house-edge';
import { KEPT } from './house-edge.data';
import { rulebooks, TrijokerRulebook } from './rulebook';
import { rules as trijoker } from './rules';

// Let It Ride: "Pair of 10's or better 1 to 1 … Royal Straight Flush 1000 to 1", the rest as trijoker's
// (http://0123casino.free.fr/english/ride.htm); "a 3.51% house edge" at the optimal strategy
// (https://toolsgambling.com/blog/let-it-ride-strategy/; "Follow the rules of basic strategy and the
// house's edge will drop to about roughly 3.5%", http://gamblingmy.com/let-ride-probability-smarts/).
const LET_IT_RIDE: TrijokerRulebook = {
  ...rulebooks.euskadi!,
  minimumHand: cited({ category: 'pair', ranks: [10] }, 'Let It Ride: pair of 10s or better'),
  payTable: { ...rulebooks.euskadi!.payTable, 'royal-flush': cited(1000, 'Let It Ride: royal flush 1000 to 1') },
};
const edgeOf = (rulebook: TrijokerRulebook) => trijoker.houseEdges!(roundEnv(rulebook, sessionContext('trijoker', rulebook.jurisdiction)))[0];

describe('trijoker house edge (exact: every hand in every order, optimal strategy)', () => {
  it("Let It Ride's table gives its published 3.51 % per unit", () => {
    const edge = edgeOf(LET_IT_RIDE);
    expect(edge.method).toBe('exact-strategy');
    expect(edge.houseEdge * 100).toBeCloseTo(3.51, 2);
  }, 30_000);

  it("the kept classes are what the count gives for the rulebooks' table, and every deal is counted once", () => {
    const counted = countedClasses(rulebooks.euskadi!);
    expect(counted).toEqual(KEPT.classes);
    expect(counted.reduce((t, c) => t + c.weight, 0)).toBe(2_598_960 * 20);
    expect(KEPT.table).toBe(tableKey(rulebooks.euskadi!));
  }, 30_000);

  it.each(['euskadi', 'cantabria', 'illes-balears'] as const)(
    "%s: a pair of jacks to win and the royal at 500 to 1 keep 15.08 % per unit (four times Let It Ride's: a pair of tens loses)",
    (j: JurisdictionId) => {
      const t = Date.now();
      const [edge] = trijoker.houseEdges!(<never>envFor(trijoker, j));
      expect(Date.now() - t).toBeLessThan(1000);
      expect(edge.houseEdge * 100).toBeCloseTo(15.08, 2);
      expect(playerEdges([edge])).toEqual([]);
    },
  );
});
