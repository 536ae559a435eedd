/**
 * Outside truth (issue 14 §5): banca francesa's three chances and the line bets, valued over the 216 throws
 * of the terna through the game's own evolve and settle, against https://wizardofodds.com/games/banca-francesa/
 * (rules: "If the total of the dice do not fall in a range that resolves a bet, then all bets push"; low 5–7 and
 * high 14–16 at 1 to 1, aces 61 to 1: "If ties are ignored, then the house edge is 1.59%"; per throw, ties
 * counted, 0.46 %; the low bet wins on 31 combinations, pushes on 153 and loses on 32).
 */
import type { RoundEnv } from '../../core/game';
import { roundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { envFor as anyEnvFor } from '../../core/testing';
import type { SessionContext } from '../../core/types';
import { BancaFrancesaRulebook } from './rulebook';
import { rules as bancaFrancesa } from './rules';

const WIZARD = 'https://wizardofodds.com/games/banca-francesa/';
const envFor = (o: Partial<SessionContext> = {}) => anyEnvFor(bancaFrancesa, 'cantabria', o) as RoundEnv<BancaFrancesaRulebook>;
const edgeOf = (edges: readonly BetEdge[], betType: string) => edges.find((e) => e.betType === betType)!;

describe('banca francesa house edges (cantabria)', () => {
  const edges = bancaFrancesa.houseEdges!(envFor());

  it.each(['pequeno', 'grande', 'ases'])('%s: 1.59 % per coup, the totals that make no chance thrown again (' + WIZARD + ')', (betType) => {
    const e = edgeOf(edges, betType);
    expect(e.houseEdge * 100).toBeCloseTo(1.59, 2);
    expect(e.method).toBe('exact-enumeration');
    expect(e.settings).toEqual({ otherTotals: 'no-decision' });
  });

  it('per throw, pushes counted, the same figures are the published 0.46 % (' + WIZARD + ': 31 wins, 153 pushes, 32 losses in 216)', () => {
    // per coup = per throw ÷ the chance that a throw decides (63 in 216)
    for (const t of ['pequeno', 'grande', 'ases']) expect(edgeOf(edges, t).houseEdge * (63 / 216) * 100).toBeCloseTo(0.46, 2);
    // the low bet: (31 − 32) / 63 of the deciding throws
    expect(edgeOf(edges, 'pequeno').houseEdge).toBeCloseTo(1 / 63, 12);
    // aces: 61 to 1 on 1 of 63
    expect(edgeOf(edges, 'ases').returnPerUnit).toBeCloseTo(62 / 63, 12);
  });

  it("a line bet plays half its chips (cantabria L1885–1887): half the chance's edge", () => {
    expect(edgeOf(edges, 'a-pequeno').houseEdge).toBeCloseTo(1 / 126, 12);
    expect(edgeOf(edges, 'a-grande').houseEdge).toBeCloseTo(1 / 126, 12);
  });

  it('the regulated table keeps an edge on every bet', () => {
    expect(edges.map((e) => e.betType).sort()).toEqual(['a-grande', 'a-pequeno', 'ases', 'grande', 'pequeno']);
    expect(playerEdges(edges)).toEqual([]);
  });

  it('option otherTotals "lose" (index.md OQ-16): every throw decides, pequeño wins 31 in 216 (' + WIZARD + ')', () => {
    const base = envFor();
    const lose = bancaFrancesa.houseEdges!(roundEnv(base.rulebook, { ...base.ctx, options: { otherTotals: 'lose' } }));
    expect(edgeOf(lose, 'pequeno').houseEdge).toBeCloseTo(1 - 62 / 216, 12);
    expect(edgeOf(lose, 'ases').houseEdge).toBeCloseTo(1 - 62 / 216, 12);
  });
});
