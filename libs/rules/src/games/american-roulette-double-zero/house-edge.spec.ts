/**
 * Outside truth (issue 14 §5): the house edge of every bet of the double-zero rulebook (cantabria A.3),
 * through the engine's own `settle`, against the published figures for the same pay table.
 *
 * Published figures:
 * - 5.26 % on every bet but the five-number 0-00-1-2-3 at 6:1, 7.89 %:
 *   https://www.casinocitytimes.com/john-grochowski/article/roulettes-worst-bet-59214
 *   ("You can bet a single number and face a house edge of 5.26% … Make the five-number bet on 0, 00, 1, 2 and 3,
 *   and the number soars to 7.89%");
 * - half back on 0 and 00 (Atlantic City "half-back"): 2.63 % on the even chances:
 *   https://pressofatlanticcity.com/acw/blogs/gaming_guru/online-rules-give-boost-to-roulette-players/article_a36532a6-befe-11eb-b5fa-a3a23fa8400a.html
 */
import type { GameRules } from '../../core/game';
import { playerEdges } from '../../core/house-edge';
import { edgesOf, expectEdges } from '../../core/wheel-testing';
import { rules as americanRouletteDoubleZero } from './rules';

const rules: GameRules = americanRouletteDoubleZero;
const EVEN = ['red', 'black', 'even', 'odd', 'low', 'high'];
const FIVE = (e: { betType: string; selection?: unknown }) => e.betType === 'corner' && JSON.stringify(e.selection) === JSON.stringify([0, '00', 1, 2, 3]);

describe('american-roulette-double-zero house edges through settle (issue 14 §4, §5)', () => {
  it('cantabria: 2/38 = 5.26 %; the cuadro especial 0-00-1-2-3 at 6:1 (L609–612) 3/38 = 7.89 %; the even chances half back (OQ-47) 1/38 = 2.63 %', () => {
    const edges = edgesOf(rules, 'cantabria');
    expectEdges(edges, Object.keys(rules.rulebooks.cantabria.betTypes), (e) =>
      FIVE(e) ? { exact: 3 / 38, published: 7.89 } : EVEN.includes(e.betType) ? { exact: 1 / 38, published: 2.63 } : { exact: 2 / 38, published: 5.26 },
    );
    // two shapes of corner: the 22 four-number corners and the one five-number corner
    expect(
      edges
        .filter((e) => e.betType === 'corner')
        .map((e) => e.settings!.positions)
        .sort(),
    ).toEqual([1, 22]);
    // the split 0-00 (L614–618) is one of the 62 splits
    expect(edges.find((e) => e.betType === 'split')!.settings).toMatchObject({ positions: 62 });
    expect(playerEdges(edges)).toEqual([]);
  });
  it('cantabria with the option zeroOnEvenChances "lose": the even chances 2/38 = 5.26 %', () => {
    const edges = edgesOf(rules, 'cantabria', { zeroOnEvenChances: 'lose' });
    expectEdges(edges, Object.keys(rules.rulebooks.cantabria.betTypes), (e) =>
      FIVE(e) ? { exact: 3 / 38, published: 7.89 } : { exact: 2 / 38, published: 5.26 },
    );
  });
});
