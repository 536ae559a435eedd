/**
 * Outside truth (issue 14 §5): caribbean stud's house edges, every player hand against every bank hand
 * (./house-edge.ts; the counts kept in ./house-edge.data.ts are recomputed here), priced through the
 * game's own evolve and settle, against Wizard of Odds' exact figures.
 *
 * The texts pay a straight flush 25 to 1 (euskadi L7037–7039, cantabria L3603–3664, illes-balears
 * L2298–2334, andalucia L79), Wizard of Odds' table 50 to 1: the published figures are met with the
 * published table (a rulebook that differs from the text only there), and the texts' own table is then
 * the published figure plus what the 25 fewer units on a winning straight flush cost, counted from the
 * published return table.
 */
import { roundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { DealFacts, edgeOfClasses, valuationEnv } from '../../core/poker/bank';
import { FLUSH_OVER_FULL, STANDARD } from '../../core/poker/evaluate';
import { envFor, sessionContext } from '../../core/testing';
import { cited, type JurisdictionId } from '../../core/types';
import { caribbeanCounts, type CaribbeanCounts } from './house-edge';
import { COUNTS } from './house-edge.data';
import { CaribbeanStudRulebook, EUSKADI } from './rulebook';
import { rules as caribbeanStud } from './rules';

// WOO_STRATEGIES: https://toho-talent.com/2022/04/14/caribbean-stud-poker-strategy/ (Wizard of Odds, "Strategy Statistics in Caribbean Stud Poker")
const WOO_RETURN_TABLE = 'http://www.casinoadvisor.com/caribbean-stud-poker-probability-article.html (Wizard of Odds\' "U.S. Rules Return Table")';
/** Wizard of Odds counts every (player, bank) pair 5 times, once per position of the bank's upcard. */
const WOO_TOTAL = 19_933_230_517_200;
/** "Raise on ace/king/jack/8/3 or better — total loss 1,059,715,400,580 — 5.316 %" (WOO_STRATEGIES) */
const WOO_AKJ83_LOSS = 1_059_715_400_580;
/** "Perfect strategy … 5.224 %", element of risk 2.555 % (WOO_STRATEGIES); the return table total −0.052243 (WOO_RETURN_TABLE) */
const WOO_PERFECT = 5.2243;
/** "Player wins with straight flush … 156929720" combinations of WOO_TOTAL (WOO_RETURN_TABLE): every straight flush raises, whatever the strategy */
const WOO_STRAIGHT_FLUSH_WINS = 156_929_720;

/** The published table: a straight flush 50 to 1 (WOO_RETURN_TABLE "Player wins with straight flush 50 to 1"). */
const WOO_TABLE: CaribbeanStudRulebook = { ...EUSKADI, payTable: { ...EUSKADI.payTable, 'straight-flush': cited(50, "Wizard of Odds' table") } };
const edgesFor = (rulebook: CaribbeanStudRulebook) => caribbeanStud.houseEdges!(roundEnv(rulebook, sessionContext('caribbean-stud', rulebook.jurisdiction)));
const anteOf = (edges: readonly BetEdge[]) => edges.find((e) => e.betType === 'ante')!;
const edgeOf = (j: JurisdictionId, betType: string, options: Record<string, unknown> = {}) =>
  caribbeanStud.houseEdges!(<never>envFor(caribbeanStud, j, { options })).find((e) => e.betType === betType);

const sameCounts = (computed: CaribbeanCounts, kept: CaribbeanCounts) => {
  const key = (c: { category: string; outcome?: string }) => `${c.category}|${c.outcome ?? ''}`;
  expect(new Map(computed.classes.map((c) => [key(c), c.weight]))).toEqual(new Map(kept.classes.map((c) => [key(c), c.weight])));
  expect(new Map(computed.hands.map((c) => [key(c), c.weight]))).toEqual(new Map(kept.hands.map((c) => [key(c), c.weight])));
};

describe('caribbean stud house edges (exact: 3,986,646,103,440 player × bank hands)', () => {
  it('the kept counts are what the enumeration gives: standard ranking', () => {
    sameCounts(caribbeanCounts(STANDARD, { category: 'high-card', ranks: [14, 13] }), COUNTS[STANDARD.name]);
  }, 30_000);

  it('the kept counts are what the enumeration gives: flush above full house (andalucia L73–85)', () => {
    sameCounts(caribbeanCounts(FLUSH_OVER_FULL, { category: 'high-card', ranks: [14, 13] }), COUNTS[FLUSH_OVER_FULL.name]);
  }, 30_000);

  it('every pair of disjoint hands is counted once, and each kept deal belongs to its class', () => {
    for (const counts of Object.values(COUNTS)) {
      expect(counts.classes.reduce((t, c) => t + c.weight, 0)).toBe(2_598_960 * 1_533_939);
      expect(counts.hands.reduce((t, c) => t + c.weight, 0)).toBe(2_598_960);
      for (const c of counts.classes) expect(new Set([...c.player, ...c.bank]).size).toBe(10);
    }
  });

  it("the standard table at the A-K-J-8-3 strategy loses exactly Wizard of Odds' 1,059,715,400,580 of 19,933,230,517,200 (5.316 %)", () => {
    const ante = anteOf(edgesFor(WOO_TABLE));
    expect(ante.method).toBe('exact-strategy');
    expect(Math.round(ante.houseEdge * WOO_TOTAL)).toBe(WOO_AKJ83_LOSS);
    expect(ante.houseEdge * 100).toBeCloseTo(5.316, 3);
    // element of risk 2.596 % (WOO_STRATEGIES)
    expect((ante.settings!.elementOfRisk as number) * 100).toBeCloseTo(2.596, 3);
  });

  it('the strategy loses less than 0.1 % of the ante to the perfect one (5.224 %), which only the upcard can reach', () => {
    const ante = anteOf(edgesFor(WOO_TABLE));
    expect(ante.houseEdge * 100 - WOO_PERFECT).toBeGreaterThan(0);
    expect(ante.houseEdge * 100 - WOO_PERFECT).toBeLessThan(0.1);
  });

  it("Wizard of Odds' perfect-strategy return table, each line settled by the game on a deal of its class, gives −0.052243", () => {
    // WOO_RETURN_TABLE: combinations per event (of WOO_TOTAL); "pair or less" pays 1 to 1 as a pair does
    const lines: Array<[string, string, number]> = [
      ['royal-flush', 'player-wins', 16_759_740],
      ['straight-flush', 'player-wins', 156_929_720],
      ['four-of-a-kind', 'player-wins', 2_832_435_800],
      ['full-house', 'player-wins', 16_624_475_280],
      ['flush', 'player-wins', 21_856_990_280],
      ['straight', 'player-wins', 43_805_516_100],
      ['three-of-a-kind', 'player-wins', 234_242_908_320],
      ['two-pair', 'player-wins', 488_012_139_360],
      ['pair', 'player-wins', 2_343_248_003_808],
      ['pair', 'bank-does-not-qualify', 4_532_514_033_720],
      ['pair', 'tie', 321_623_100],
      ['high-card', 'fold', 9_523_005_974_460],
      ['pair', 'bank-wins', 2_726_592_727_512],
    ];
    expect(lines.reduce((t, l) => t + l[2], 0)).toBe(WOO_TOTAL);
    const kept = COUNTS[STANDARD.name].classes;
    const deals = lines.map(([category, outcome, weight]) => {
      const c = kept.find((k) => k.category === category && k.outcome === outcome)!;
      const deal = new DealFacts().bet(1, 'ante').cards('seat:1', c.player).cards('dealer', c.bank);
      if (outcome === 'fold') deal.decide(1, 'fold');
      else deal.decide(1, 'play').bet(1, 'play', 2);
      return { weight, facts: deal.close().facts };
    });
    const env = valuationEnv(roundEnv(WOO_TABLE, sessionContext('caribbean-stud', 'euskadi')));
    const perfect = edgeOfClasses(caribbeanStud, env, deals, 'ante', { betType: 'ante', method: 'exact-combinatorial', citation: WOO_RETURN_TABLE });
    expect(perfect.houseEdge).toBeCloseTo(0.052243, 6);
  });

  it('the straight flushes that win are the published count (they raise under every strategy)', () => {
    const sf = COUNTS[STANDARD.name].classes.find((c) => c.category === 'straight-flush' && c.outcome === 'player-wins')!;
    expect(sf.weight * 5).toBe(WOO_STRAIGHT_FLUSH_WINS);
  });

  it.each(['euskadi', 'cantabria', 'illes-balears'] as const)(
    "%s: the texts' table (straight flush 25 to 1) costs the player 2 × 25 units on each winning straight flush more than the published table",
    (j) => {
      const published = anteOf(edgesFor(WOO_TABLE)).houseEdge;
      const ante = edgeOf(j, 'ante')!;
      expect(ante.houseEdge).toBeCloseTo(published + (2 * 25 * WOO_STRAIGHT_FLUSH_WINS) / WOO_TOTAL, 12);
      // the perfect strategy at the texts' table: 5.224 % + 0.039 %
      expect(WOO_PERFECT + (100 * 2 * 25 * WOO_STRAIGHT_FLUSH_WINS) / WOO_TOTAL).toBeCloseTo(5.2637, 4);
    },
  );

  it('andalucia (flush above full house, flush 7 and full house 5 to 1, L73–85): counted under its own ranking', () => {
    const ante = edgeOf('andalucia', 'ante')!;
    expect(ante.settings!.ranking).toBe('flush-over-full');
    expect(ante.houseEdge).toBeGreaterThan(0.05);
    expect(ante.houseEdge).toBeLessThan(0.055);
    expect(edgeOf('andalucia', 'insurance')).toBeUndefined();
  });

  it('a play bet lost when the bank does not qualify (the other reading of index.md OQ-06) costs the house nothing: it only adds to its edge', () => {
    expect(edgeOf('euskadi', 'ante', { playWhenBankDoesNotQualify: 'lose' })!.houseEdge).toBeGreaterThan(edgeOf('euskadi', 'ante')!.houseEdge + 0.2);
  });

  it('insurance: full house 100, four of a kind 300, straight flush 1,000, royal 2,000 "veces" on the first five cards (euskadi L7519–7528): 3,744 / 624 / 36 / 4 of 2,598,960 hands', () => {
    const back = (3744 * 101 + 624 * 301 + 36 * 1001 + 4 * 2001) / 2_598_960;
    for (const j of ['euskadi', 'cantabria', 'illes-balears'] as const) expect(edgeOf(j, 'insurance')!.houseEdge).toBeCloseTo(1 - back, 12);
  });

  it('no regulated table gives the player the edge', () => {
    for (const j of Object.keys(caribbeanStud.rulebooks) as JurisdictionId[])
      expect(playerEdges(caribbeanStud.houseEdges!(<never>envFor(caribbeanStud, j)))).toEqual([]);
  });

  it('is fast the first time: the counts are kept, only one deal per class is settled', () => {
    const t = Date.now();
    edgeOf('cantabria', 'ante', { fresh: true });
    expect(Date.now() - t).toBeLessThan(1000);
  });
});
