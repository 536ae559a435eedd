/**
 * Outside truth (issue 14 §5): the house edge of every boule bet, through the engine's own `settle`, against
 * the published figure for the same pay table: a number at 7:1 and the even chances at 1:1, the 5 belonging to
 * none of them (euskadi L2660–2667, cantabria L1112–1123, illes-balears L749–754, galicia L358–360), every bet
 * 1/9 = 11.11 %: https://nilapub.com/games/boule/ (the Wizard of Odds "Boule" page: "every bet has a house edge of 11.11%").
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import { playerEdges } from '../../core/house-edge';
import { edgesOf, expectEdges } from '../../core/wheel-testing';
import { rules as boule } from './rules';

const rules: GameRules = boule;

describe('boule house edges through settle (issue 14 §4, §5)', () => {
  it.each(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as JurisdictionId[])('%s: every bet 1/9 = 11.11 %', (j) => {
    const edges = edgesOf(rules, j);
    expectEdges(edges, Object.keys(rules.rulebooks[j].betTypes), () => ({ exact: 1 / 9, published: 11.11 }));
    // the even chances lose on the 5: 4 of 9 numbers win 1:1
    expect(edges.find((e) => e.betType === 'low')!.settings).toMatchObject({ shape: 'even-chance 4×1@1' });
    expect(edges.find((e) => e.betType === 'straight')!.settings).toMatchObject({ positions: 9 });
    expect(playerEdges(edges)).toEqual([]);
  });
});
