/**
 * Outside truth (issue 14 §5): the house edge of every craps bet of every rulebook, computed by playing the
 * 36 throws through the game's own evolve / carry / settle (house-edge.ts), against the figures published
 * for the same pay table. Each figure is cited to the page it was read from; a misreading of a pay line
 * (a don't-pass 12 that loses instead of pushing, a field that pays 12 once, a place 6 at 6:5) moves the
 * figure and fails here even where the rules' own tests were written from the same misreading.
 */
import type { RoundEnv } from '../../core/game';
import { roundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { playerEdges } from '../../core/house-edge';
import { envFor as anyEnvFor } from '../../core/testing';
import type { JurisdictionId, SessionContext } from '../../core/types';
import { CRAPS_BET_TYPES, rulebooks, CrapsJurisdiction, CrapsRulebook, ODDS_BETS } from './rulebook';
import { rules as craps } from './rules';

const JURISDICTIONS = Object.keys(rulebooks) as CrapsJurisdiction[];
const envFor = (j: JurisdictionId, o: Partial<SessionContext> = {}) => anyEnvFor(craps, j, o) as RoundEnv<CrapsRulebook>;
const edgeOf = (edges: readonly BetEdge[], betType: string, selection?: unknown) => {
  const e = edges.find((x) => x.betType === betType && x.selection === selection);
  if (!e) throw new Error(`no figure for ${betType} ${selection ?? ''}`);
  return e;
};
const pct = (e: BetEdge) => e.houseEdge * 100;

// Published house edges (percent, as printed, rounded to 0.01), each with the page it was read from.
const LINE = 'https://www.casinodealerswebsite.com/-house--summary.html'; // pass/come 1.41 %, don't pass/don't come 1.36 %, odds "no house edge"
const PLACE = 'http://www.internet-casinos-gambling-sportsbooks.com/craps.html'; // place 4/10 6.67, 5/9 4, 6/8 1.52; place to lose 4/10 3.03, 5/9 2.5, 6/8 1.82
const FIELD = 'https://chipsandtruths.com/craps/house-edge-field-bet/'; // field, 2 and 12 paying double: 5.56 %
const BIG = 'http://www.pokeronlineguru.com/resources/casino/games/craps/crazy-crapper-bets-02/'; // big 6/8 at even money 9.09 %; yo 11 at 15:1 11.11 %
const PROPS = 'https://www.casinocitytimes.com/mark-pilarski/article/no-straw-into-gold-on-these-wagers-27875'; // hard 4/10 11.1 %, hard 6/8 9.09 %, any 7 16.67 %, any craps 11.1 %
const TWELVE = 'https://www.casinocitytimes.com/john-grochowski/article/craps-theories-5682'; // "$13.89 on 12" (30:1)

const PUBLISHED: ReadonlyArray<readonly [string, number | undefined, number, string]> = [
  ['pass', undefined, 1.41, LINE],
  ['come', undefined, 1.41, LINE],
  ['dont-pass', undefined, 1.36, LINE],
  ['dont-come', undefined, 1.36, LINE],
  ['place-to-win', 4, 6.67, PLACE],
  ['place-to-win', 10, 6.67, PLACE],
  ['place-to-win', 5, 4.0, PLACE],
  ['place-to-win', 9, 4.0, PLACE],
  ['place-to-win', 6, 1.52, PLACE],
  ['place-to-win', 8, 1.52, PLACE],
  ['place-to-lose', 4, 3.03, PLACE],
  ['place-to-lose', 10, 3.03, PLACE],
  ['place-to-lose', 5, 2.5, PLACE],
  ['place-to-lose', 9, 2.5, PLACE],
  ['place-to-lose', 6, 1.82, PLACE],
  ['place-to-lose', 8, 1.82, PLACE],
  ['field', undefined, 5.56, FIELD],
  ['big-6', undefined, 9.09, BIG],
  ['big-8', undefined, 9.09, BIG],
  ['hard-4', undefined, 11.11, PROPS],
  ['hard-10', undefined, 11.11, PROPS],
  ['hard-6', undefined, 9.09, PROPS],
  ['hard-8', undefined, 9.09, PROPS],
  ['any-7', undefined, 16.67, PROPS],
  ['any-craps', undefined, 11.11, PROPS],
  ['yo-11', undefined, 11.11, BIG],
  // the 3 is thrown 2 ways in 36, as the 11: the same 15:1 gives the same 11.11 % (BIG)
  ['craps-3', undefined, 11.11, BIG],
  ['craps-2', undefined, 13.89, TWELVE],
  ['craps-12', undefined, 13.89, TWELVE],
  // the texts' horn is ONE bet paying 4:1 on 2, 3, 11 or 12: 6 ways in 36, the any-7's chance at the any-7's price
  ['horn', undefined, 16.67, PROPS],
  // under / over 7 at 1:1: 15 ways in 36 (https://coverselectorshop.com/a-deep-dive-into-the-mechanics-of-the-under-and-over-7-game/: "15/36 or approximately 41.67%")
  ['under-7', undefined, 16.67, 'https://coverselectorshop.com/a-deep-dive-into-the-mechanics-of-the-under-and-over-7-game/'],
  ['over-7', undefined, 16.67, 'https://coverselectorshop.com/a-deep-dive-into-the-mechanics-of-the-under-and-over-7-game/'],
];

describe.each(JURISDICTIONS)('craps house edges — %s', (j) => {
  const edges = craps.houseEdges!(envFor(j));

  it.each(PUBLISHED)('%s %s: %f % as published (%s)', (betType, selection, published) => {
    const e = edgeOf(edges, betType, selection);
    expect(e.method).toBe('exact-enumeration');
    expect(pct(e)).toBeCloseTo(published, 2);
    // the figure rests on the jurisdiction's own lines
    expect(e.citation).toContain(j);
  });

  it("the exact fractions behind the rounded figures: pass 7/495, don't pass 3/220, place 6 1/66", () => {
    expect(edgeOf(edges, 'pass').houseEdge).toBeCloseTo(7 / 495, 12);
    expect(edgeOf(edges, 'dont-pass').houseEdge).toBeCloseTo(3 / 220, 12);
    expect(edgeOf(edges, 'place-to-win', 6).houseEdge).toBeCloseTo(1 / 66, 12);
  });

  it('values every bet type of the rulebook, odds and place bets on every point', () => {
    expect(new Set(edges.map((e) => e.betType))).toEqual(new Set(CRAPS_BET_TYPES));
    for (const t of [...ODDS_BETS, 'place-to-win', 'place-to-lose'])
      expect(edges.filter((e) => e.betType === t).map((e) => e.selection)).toEqual([4, 5, 6, 8, 9, 10]);
  });

  it('the odds are paid at true odds ("no house edge", ' + LINE + '): exactly 0, the only bets that are not > 0', () => {
    for (const t of ODDS_BETS) for (const e of edges.filter((x) => x.betType === t)) expect(Math.abs(e.houseEdge)).toBeLessThan(1e-12);
    // every other bet of the regulated tables keeps an edge for the house
    expect(playerEdges(edges).every((e) => (ODDS_BETS as readonly string[]).includes(e.betType))).toBe(true);
    expect(edges.filter((e) => !(ODDS_BETS as readonly string[]).includes(e.betType)).every((e) => e.houseEdge > 0.01)).toBe(true);
  });

  it('variance: the any-7 pays 4:1 on 1 in 6, net +4 or −1', () => {
    // E[x²] = 4²/6 + 1·5/6 = 21/6; variance = 21/6 − (1/6)² (the mean is −1/6)
    expect(edgeOf(edges, 'any-7').variancePerUnit).toBeCloseTo(21 / 6 - 1 / 36, 12);
  });
});

describe('craps house edges under session options', () => {
  it('place bets on 8 are not valued where the session does not offer them (placeEight false, index.md OQ-18)', () => {
    const base = envFor('cantabria');
    const edges = craps.houseEdges!(roundEnv(base.rulebook, { ...base.ctx, options: { placeEight: false } }));
    expect(edges.filter((e) => e.betType === 'place-to-win').map((e) => e.selection)).toEqual([4, 5, 6, 9, 10]);
  });

  it('galicia read as "X for 1" (index.md OQ-19): yo 11 at 14:1 and the 2 at 29:1 give the house 16.67 %', () => {
    const base = envFor('galicia');
    const edges = craps.houseEdges!(roundEnv(base.rulebook, { ...base.ctx, options: { layoutReading: 'for-one' } }));
    // "15 for 1" on 2 ways in 36: back 30/36; "30 for 1" on 1 way: back 30/36
    expect(edgeOf(edges, 'yo-11').houseEdge).toBeCloseTo(1 / 6, 12);
    expect(edgeOf(edges, 'craps-2').houseEdge).toBeCloseTo(1 / 6, 12);
    expect(edgeOf(edges, 'yo-11').settings).toEqual({ layoutReading: 'for-one' });
    expect(edgeOf(edges, 'field').houseEdge).toBeCloseTo(1 / 18, 12);
  });

  it("does not depend on the session's smallest chip (the stake is one the ratios divide)", () => {
    const a = craps.houseEdges!(envFor('illes-balears', { smallestChip: 1 }));
    const b = craps.houseEdges!(envFor('illes-balears', { smallestChip: 500, options: { placeEight: true } }));
    expect(b.map((e) => e.houseEdge)).toEqual(a.map((e) => e.houseEdge));
  });
});
