/**
 * Outside truth (issue 14 §5): the house edge of every bet of every American single-zero rulebook, through
 * the engine's own `settle`, against the published figures for the same pay table.
 *
 * Published figures:
 * - 2.70 % single zero, 5.26 % double zero: https://www.casinocitytimes.com/john-grochowski/article/roulette-32855;
 * - half back on the zero ("la partage", Atlantic City "half-back"): 1.35 % single zero, 2.63 % double zero:
 *   https://pressofatlanticcity.com/acw/blogs/gaming_guru/online-rules-give-boost-to-roulette-players/article_a36532a6-befe-11eb-b5fa-a3a23fa8400a.html
 *   ("the house edge on even-payoff bets is reduced from 5.26 to 2.63 percent … cuts the house edge from 2.70 percent to 1.35").
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import { playerEdges } from '../../core/house-edge';
import { edgesOf, expectEdges } from '../../core/wheel-testing';
import { rules as americanRouletteSingleZero } from './rules';

const rules: GameRules = americanRouletteSingleZero;
const FOUR: JurisdictionId[] = ['euskadi', 'cantabria', 'illes-balears', 'galicia'];
const EVEN = ['red', 'black', 'even', 'odd', 'low', 'high'];

describe('american-roulette-single-zero house edges through settle (issue 14 §4, §5)', () => {
  for (const j of FOUR) {
    it(`${j}: every bet 1/37 = 2.70 % (the racetrack too where offered); the even chances, half lost on the zero, 1/74 = 1.35 %`, () => {
      const edges = edgesOf(rules, j);
      expectEdges(edges, Object.keys(rules.rulebooks[j].betTypes), (e) =>
        EVEN.includes(e.betType) ? { exact: 1 / 74, published: 1.35 } : { exact: 1 / 37, published: 2.7 },
      );
      expect(playerEdges(edges)).toEqual([]);
    });
  }
  it('galicia with the option wheel "double-zero" (index.md OQ-48): 2/38 = 5.26 %, the even chances 1/38 = 2.63 %', () => {
    const edges = edgesOf(rules, 'galicia', { wheel: 'double-zero' });
    // the five-number corner has no pay-table row in this rulebook: it is not valued (its settlements are unverifiable)
    expectEdges(edges, Object.keys(rules.rulebooks.galicia.betTypes), (e) =>
      EVEN.includes(e.betType) ? { exact: 1 / 38, published: 2.63 } : { exact: 2 / 38, published: 5.26 },
    );
    expect(edges.find((e) => e.betType === 'straight')!.settings).toMatchObject({ positions: 38 });
  });
});
