/**
 * Outside truth (issue 14 §4, §5): the house edge of every combination of every wheel-of-fortune rulebook,
 * through the engine's own `settle` (each cell weighted), against the published figures for the same wheel.
 *
 * The 54-cell big six (24 / 15 / 7 / 4 / 2 / 1 / 1 paying 1, 2, 5, 10, 20, 45 to 1), published:
 * http://casinospecialevent.com/casino-games-rules/rules-of-money-wheel/ ("Even bet: 11.11% / 2:1 bet: 16.67% /
 * 5:1 bet: 22.22% / 10:1 bet: 18.52% / 20:1 bet: 22.22% / Joker or Logo … (14.81% at 45:1)"), and
 * https://www.thoughtco.com/wheel-of-fortune-537626 ("Some casinos do pay 45-1 on these long-shots which lowers
 * the house edge to 14.81 percent for that bet").
 * Cantabria's 64-cell wheel (L3375–3398) and euskadi's literal readings have no published figure: they are
 * derived from the text in each test.
 */
import type { JurisdictionId } from '../../core/types';
import type { GameRules } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { edgesOf, expectEdges, percent } from '../../core/wheel-testing';
import { GAMES } from '../wheels';
import { rules as wheelOfFortune } from './rules';

const rules: GameRules = wheelOfFortune;
const segment = (edges: readonly BetEdge[], key: string) => edges.find((e) => e.selection === key)!;

// combination → [cells of 54, exact edge, published %]
const BIG_SIX: Record<string, [number, number, number]> = {
  '24': [24, 1 - (24 * 2) / 54, 11.11],
  '15': [15, 1 - (15 * 3) / 54, 16.67],
  '7': [7, 1 - (7 * 6) / 54, 22.22],
  '4': [4, 1 - (4 * 11) / 54, 18.52],
  '2': [2, 1 - (2 * 21) / 54, 22.22],
  'red-joker': [1, 1 - 46 / 54, 14.81],
  'black-joker': [1, 1 - 46 / 54, 14.81],
};

describe('wheel-of-fortune house edges through settle (issue 14 §4, §5)', () => {
  it.each(['euskadi', 'illes-balears', 'galicia'] as JurisdictionId[])('%s: the 54-cell big six at the published figures, one per combination', (j) => {
    const edges = edgesOf(rules, j);
    expect(edges.map((e) => e.selection).sort()).toEqual(Object.keys(BIG_SIX).sort());
    expectEdges(edges, ['segment'], (e) => ({ exact: BIG_SIX[e.selection as string][1], published: BIG_SIX[e.selection as string][2] }));
    expect(playerEdges(edges)).toEqual([]);
  });
  it('euskadi, payTable "literal" (index.md OQ-04): 24 cells "el ganador empata" returns the stake only, 24/54 back (55.56 %); 15 cells at 1:1, 30/54 back (44.44 %)', () => {
    const edges = edgesOf(rules, 'euskadi', { payTable: 'literal' });
    expect(segment(edges, '24').houseEdge).toBeCloseTo(1 - 24 / 54, 12);
    expect(segment(edges, '15').houseEdge).toBeCloseTo(1 - 30 / 54, 12);
    expect(segment(edges, '7').houseEdge).toBeCloseTo(BIG_SIX['7'][1], 12);
    expect(playerEdges(edges)).toEqual([]);
  });
  it('euskadi, jokerBet "both-jokers" (the literal L6653/L6754): one bet on 2 of 54 cells at 45:1 returns 92/54 = 1.70 per unit, a player edge that is flagged', () => {
    const edges = edgesOf(rules, 'euskadi', { jokerBet: 'both-jokers' });
    const joker = segment(edges, 'joker');
    expect(joker.returnPerUnit).toBeCloseTo(92 / 54, 12);
    expect(percent(joker.houseEdge)).toBe(-70.37);
    expect(joker.citation).toContain('euskadi L6754');
    expect(playerEdges(edges).map((e) => e.selection)).toEqual(['joker']);
  });
  it('cantabria as printed (L3375–3398, L3474–3498): the 1 (32 of 64 cells, 1:1) breaks even exactly, the 40 (2 cells, 40:1) returns 82/64 = 1.28; both flagged', () => {
    // "recibe la misma cantidad que ha apostado" (L3482–3483) with the stake back (L3459–3461): 32/64 × 2 = 1
    const edges = edgesOf(rules, 'cantabria');
    const CANTABRIA: Record<string, [number, number]> = { '1': [32, 1], '2': [16, 2], '5': [8, 5], '10': [4, 10], '20': [2, 20], '40': [2, 40] };
    for (const [key, [cells, odds]] of Object.entries(CANTABRIA)) {
      expect({ key, back: segment(edges, key).returnPerUnit }).toEqual({ key, back: expect.closeTo((cells * (odds + 1)) / 64, 12) });
    }
    expect(segment(edges, '1').houseEdge === 0).toBe(true);
    expect(segment(edges, '40').returnPerUnit).toBeCloseTo(1.28125, 12);
    expect(
      playerEdges(edges)
        .map((e) => e.selection)
        .sort(),
    ).toEqual(['1', '40']);
  });
});

describe('wheels family: every house edge ≤ 0 is one the settings flag (issue 14 §4)', () => {
  // every value of every option that changes what is paid
  const VALUES: Record<string, readonly unknown[]> = {
    payTable: ['standard', 'literal', 'as-printed'],
    jokerBet: ['each-joker', 'both-jokers'],
    zeroOnEvenChances: ['half-back', 'lose'],
    wheel: ['single-zero', 'double-zero'],
  };
  const sessions = (game: GameRules, j: JurisdictionId): Record<string, unknown>[] => {
    let out: Record<string, unknown>[] = [{}];
    for (const name of Object.keys(game.rulebooks[j].options ?? {}).filter((n) => VALUES[n]))
      out = out.flatMap((o) => VALUES[name].map((v) => ({ ...o, [name]: v })));
    return out.filter((o) => !game.refuseOptions?.(o, game.rulebooks[j]));
  };
  const FLAGGED = new Set([
    'wheel-of-fortune/cantabria/{}/1',
    'wheel-of-fortune/cantabria/{"payTable":"as-printed"}/1',
    'wheel-of-fortune/cantabria/{}/40',
    'wheel-of-fortune/cantabria/{"payTable":"as-printed"}/40',
  ]);
  for (const game of GAMES) {
    for (const j of Object.keys(game.rulebooks) as JurisdictionId[]) {
      it(`${game.game} / ${j}: every bet valued; > 0 everywhere except cantabria's 1 and 40 and euskadi's literal joker`, () => {
        for (const options of sessions(game, j)) {
          const edges = edgesOf(game, j, options);
          expect(edges.length).toBeGreaterThan(0);
          for (const e of edges) {
            const key = `${game.game}/${j}/${JSON.stringify(options)}/${e.selection}`;
            const flagged = FLAGGED.has(key) || (options.jokerBet === 'both-jokers' && e.selection === 'joker');
            expect({ key, edgeAboveZero: e.houseEdge > 0 }).toEqual({ key, edgeAboveZero: !flagged });
          }
        }
      });
    }
  }
});
