/**
 * Outside truth (issue 14 §5): the house edge of every bet of every French roulette rulebook, computed by
 * spinning every pocket through the engine's own `settle` (and the prison through the function that judges
 * `ImprisonedBetResolved`), against the published figures for the same pay table.
 *
 * Published figures:
 * - 2.70 % for every bet of the single-zero wheel: https://www.casinocitytimes.com/john-grochowski/article/roulette-32855
 *   ("The house edge drops from 5.26 percent on the double-zero wheel to 2.7 percent on a single-zero wheel");
 * - 1.35 % on the even chances with la partage or en prison: http://www.roulette-play.info/roulette-zero-roulette-wheel-house-player-game/rule_roulette_en_roulette_zero_edge_prison_bet.html
 *   ("a bet on Red on a single-zero roulette table with the la partage rule or the en prison rule has a 1.35% house edge"),
 *   the en prison figure being the one where a second zero keeps the bet in prison: https://www.k8forum.io/topic/1852-roulette-tip/
 *   ("if the 0 hits again, your bet continues to remain in prison … reduces the house edge to 1.35 percent").
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import { playerEdges } from '../../core/house-edge';
import { envFor } from '../../core/testing';
import { edgesOf, expectEdges, percent } from '../../core/wheel-testing';
import { rules as frenchRoulette } from './rules';

const rules: GameRules = frenchRoulette;
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const EVEN = ['red', 'black', 'even', 'odd', 'low', 'high'];

describe('french-roulette house edges through settle (issue 14 §4, §5)', () => {
  for (const j of FOUR) {
    it(`${j}: every bet 1/37 = 2.70 % (announced bets too, chip by chip); the even chances 1/74 = 1.35 % (half back on the zero)`, () => {
      const edges = edgesOf(rules, j);
      expectEdges(edges, Object.keys(rules.rulebooks[j].betTypes), (e) =>
        EVEN.includes(e.betType) ? { exact: 1 / 74, published: 1.35 } : { exact: 1 / 37, published: 2.7 },
      );
      expect(playerEdges(edges)).toEqual([]);
    });
    it(`${j}: the even chance's zero valued by the prison rules — half back 0.5, or en prison worth 73/148 by its chances on the next spins`, () => {
      const red = edgesOf(rules, j).find((e) => e.betType === 'red')!;
      // en prison, next spin: 18/37 freed (the stake back), 18/37 lost, 1/37 a further zero where the value halves and
      // the player takes back half of it (1/4 of the stake; staying in prison is worth 36/73 × 1/2 < 1/4):
      // V = 18/37 + 1/37 × 1/4 = 73/148, so the bet returns 36/37 + 1/37 × 73/148 and its edge is 75/5476 = 1.37 %
      expect(red.settings).toMatchObject({ onZero: 'half-back', furtherZero: 'half-back', prisonValuePerUnit: expect.closeTo(73 / 148, 12) });
      expect(red.settings!.houseEdgePrison).toBeCloseTo(75 / 5476, 12);
      expect(red.settings!.houseEdgeHalfBack).toBeCloseTo(1 / 74, 12);
      // the published 1.35 % en prison keeps the bet whole at a second zero (V = 1/2); these texts halve it
      // (euskadi L736–739), which costs the player 0.02 points, so his better choice is to take half back
      expect(percent(red.settings!.houseEdgePrison as number)).toBe(1.37);
      expect(red.houseEdge).toBeCloseTo(1 / 74, 12);
    });
  }
  it('euskadi: the announced bets are valued chip by chip (before issue 14 §1.1 voisins returned 1.36 per unit)', () => {
    const edges = edgesOf(rules, 'euskadi');
    for (const betType of ['neighbours', 'voisins', 'tiers', 'orphelins']) {
      const e = edges.find((x) => x.betType === betType)!;
      expect({ betType, edge: e.houseEdge }).toEqual({ betType, edge: expect.closeTo(1 / 37, 12) });
    }
    // every neighbours bet (37 centres) has one shape: 5 straight-ups
    expect(edges.filter((e) => e.betType === 'neighbours')).toHaveLength(1);
    expect(edges.find((e) => e.betType === 'neighbours')!.settings).toMatchObject({ positions: 37 });
  });
  it('each figure names the pay-table line it rests on; computed once per rulebook and options', () => {
    const env = envFor(rules, 'galicia');
    const edges = rules.houseEdges!(env);
    expect(edges.find((e) => e.betType === 'straight')!.citation).toBe('galicia L142');
    expect(edges.find((e) => e.betType === 'red')!.citation).toContain('galicia L134');
    expect(rules.houseEdges!(envFor(rules, 'galicia'))).toBe(edges);
  });
});
