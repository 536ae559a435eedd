/**
 * Outside truth (issue 14 §5, issue 21 §1) for trente-et-quarante: the chances' house edge exact for the first coup
 * of a full shoe (house-edge.ts `exactT40Edges`), and sampled over whole six-deck shoes through the game's own evolve
 * and settle, against the published figures; the refait's probability against independent computations (an infinite
 * shoe, by recursion over the row total; a small shoe dealt card by card).
 *
 * Published: "Ad inizio mazzo il vantaggio del banco è pari a circa 1,096%" (https://beatablegames.com/trente-et-quarante/il-31-après);
 * "There is a 2.19% chance that there will be a 31 tie" (https://gamblinginamerica.name/trente-et-quarante-30-and-40-gambling-in-america),
 * the house taking half of every bet then: "a small edge of about 1.1%" (same page; https://www.jackpot.co.uk/features/visiting-a-european-casino-find-a-game-of-trente-et-quarante: "each has a house edge of only 1.1%").
 */
import type { RoundEnv } from '../../core/game';
import { roundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { envFor } from '../../core/testing';
import type { JurisdictionId } from '../../core/types';
import { sampleT40Edges, t40Chances } from './house-edge';
import { TrenteEtQuaranteRulebook } from './rulebook';
import { rules } from './rules';

const env = (j: JurisdictionId, options: Record<string, unknown> = {}) => envFor(rules, j, { options }) as RoundEnv<TrenteEtQuaranteRulebook>;
const PUBLISHED_EDGE = 1.096 / 100;
const PUBLISHED_REFAIT = 2.19 / 100;
const uninsured = (edges: readonly BetEdge[]) => edges.filter((e) => e.selection === undefined);
const insured = (edges: readonly BetEdge[]) => edges.filter((e) => e.selection !== undefined);

/** The refait's probability in an infinite shoe (ace 1, 2–9, four tens in 13): P(a row ends on exactly 31)². */
function infiniteShoeRefait(stop = 31): number {
  const p = (v: number) => (v === 10 ? 4 / 13 : 1 / 13);
  const reach = Array<number>(stop).fill(0);
  reach[0] = 1;
  for (let s = 1; s < stop; s++) for (let v = 1; v <= 10 && v <= s; v++) reach[s] += reach[s - v] * p(v);
  let end31 = 0;
  for (let s = stop - 10; s < stop; s++) if (s >= 0) end31 += reach[s] * p(31 - s);
  return end31 * end31;
}

describe('trente-et-quarante house edges, sampled through settle', () => {
  // 20,000 coups: a standard error near 0.05 % (about 1 s)
  const big = sampleT40Edges(rules, env('cantabria'), { coups: 20_000, seed: 2024 });

  it('every chance, uninsured, half back on the refait: the published 1.096 % within three standard errors', () => {
    expect(uninsured(big).map((e) => e.betType)).toEqual(['black', 'red', 'colour', 'inverse']);
    for (const e of uninsured(big)) {
      expect(e.method).toBe('sampled');
      expect(e.standardError!).toBeGreaterThan(0);
      expect(e.standardError!).toBeLessThan(0.0007);
      expect(Math.abs(e.houseEdge - PUBLISHED_EDGE)).toBeLessThan(3 * e.standardError!);
      expect(e.citation).toContain('cantabria L1255–1258');
    }
  });

  it('the refait (31–31) comes once in about 46 coups: twice the edge is the published 2.19 %, and the infinite-shoe recursion', () => {
    const e = uninsured(big)[0];
    expect(Math.abs(2 * e.houseEdge - PUBLISHED_REFAIT)).toBeLessThan(3 * 2 * e.standardError!);
    const infinite = infiniteShoeRefait();
    expect(infinite).toBeGreaterThan(0.021);
    expect(infinite).toBeLessThan(0.0225);
    expect(Math.abs(2 * e.houseEdge - infinite)).toBeLessThan(4 * 2 * e.standardError!);
  });

  it("the whole shoe sampled through settle agrees with the first coup's exact figure", () => {
    for (const [i, e] of uninsured(big).entries())
      expect(Math.abs(e.houseEdge - uninsured(rules.houseEdges!(env('cantabria')))[i].houseEdge)).toBeLessThan(3 * e.standardError!);
  });

  it("insured (index.md OQ-7): the bet is returned whole on the refait and the 1 % premium is the house's: exactly 1/101 of what is staked", () => {
    for (const e of insured(big)) {
      expect(e.selection).toEqual({ insured: true });
      expect(e.houseEdge).toBeCloseTo(1 / 101, 12);
      expect(e.standardError!).toBeLessThan(1e-12);
    }
  });

  it("a single coup's net is ±1 almost always: the variance of a chance is about 1 − P(tie)", () => {
    for (const e of uninsured(big)) {
      expect(e.variancePerUnit).toBeGreaterThan(0.85);
      expect(e.variancePerUnit).toBeLessThan(0.95);
    }
  });
});

describe('trente-et-quarante exact: the first coup of a full shoe', () => {
  it('the refait (31–31) is the published 2.19 %, and each chance, half back on it, the published 1.096 % (to its "circa")', () => {
    const { refait } = t40Chances(6, 31, 31);
    expect(Number((refait * 100).toFixed(2))).toBe(2.19);
    for (const e of uninsured(rules.houseEdges!(env('cantabria')))) {
      expect(e.method).toBe('exact-combinatorial');
      // a chance wins as often as it loses (the rows, or the colours, exchanged): the house keeps half the refait
      expect(e.houseEdge).toBeCloseTo(refait / 2, 14);
      expect(Math.abs(e.houseEdge - PUBLISHED_EDGE)).toBeLessThan(0.00002);
      expect(e.citation).toContain('cantabria L1255–1258');
    }
  });

  it("a row's ending totals sum to 1, and a small shoe dealt card by card gives the same refait and endings", () => {
    expect(t40Chances(6, 31, 31).rowEnds.reduce((t, p) => t + p, 0)).toBeCloseTo(1, 12);
    // one deck, rows stopping at 6 (the refait on 6): every ordering of the cards the two rows take, by recursion
    const copies = [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 16];
    let left = 52;
    const ends = Array<number>(10).fill(0);
    let refait = 0;
    const deal = (p: number, black: number | null, total: number) => {
      if (total >= 6) {
        if (black === null) {
          ends[total - 6] += p;
          deal(p, total, 0);
        } else if (black === 6 && total === 6) refait += p;
        return;
      }
      for (let v = 1; v <= 10; v++) {
        if (!copies[v]) continue;
        const q = copies[v] / left;
        copies[v]--;
        left--;
        deal(p * q, black, total + v);
        copies[v]++;
        left++;
      }
    };
    deal(1, null, 0);
    const small = t40Chances(1, 6, 6);
    expect(small.refait).toBeCloseTo(refait, 14);
    small.rowEnds.forEach((p, i) => expect(p).toBeCloseTo(ends[i], 14));
  });

  it("the variance of a chance: 1 less the ties, less the refait's three quarters, less the mean's square", () => {
    const { refait, otherTie } = t40Chances(6, 31, 31);
    for (const e of uninsured(rules.houseEdges!(env('euskadi')))) {
      expect(e.variancePerUnit).toBeCloseTo(1 - otherTie - refait + refait / 4 - (refait / 2) ** 2, 12);
      expect(otherTie).toBeGreaterThan(0.08);
      expect(otherTie).toBeLessThan(0.095);
    }
  });
});

describe.each(['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const)('trente-et-quarante houseEdges at the opening — %s', (j) => {
  const edges = rules.houseEdges!(env(j));
  it("values every chance, uninsured and insured (1/101 exactly: the bet back whole on the refait, the premium the house's)", () => {
    expect(edges).toHaveLength(8);
    for (const e of uninsured(edges)) {
      expect(e.houseEdge).toBeCloseTo(t40Chances(6, 31, 31).refait / 2, 14);
      expect(e.citation).toContain(`${j} `);
    }
    for (const e of insured(edges)) expect(e.houseEdge).toBeCloseTo(1 / 101, 12);
    expect(playerEdges(edges)).toEqual([]);
  });
});

describe('trente-et-quarante settings that leave the house nothing are found (issue 14 §4)', () => {
  it('free insurance (insuranceRate 0): every insured chance returns exactly its stake', () => {
    const base = env('cantabria');
    const edges = rules.houseEdges!(roundEnv(base.rulebook, { ...base.ctx, options: { insuranceRate: 0 } }));
    const flagged = playerEdges(edges);
    expect(flagged.map((e) => e.betType)).toEqual(['black', 'red', 'colour', 'inverse']);
    for (const e of flagged) expect(Math.abs(e.houseEdge)).toBeLessThan(1e-12);
  });
  it('without insurance (insuranceAllowed false) only the four chances are valued', () => {
    expect(rules.houseEdges!(env('galicia', { insuranceAllowed: false })).map((e) => e.selection)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
