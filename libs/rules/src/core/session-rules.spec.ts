/**
 * The session-level judge (core/session-rules.ts) on the real games' rulebooks: which settings are a
 * finding, which shoes, which coups after the cut card. Every expected figure below is worked out from
 * the texts and from published probabilities, not from the code.
 */
import { gameRules, registeredGames } from '../registry';
import { playerEdges, type BetEdge } from './house-edge';
import { judgeCoupAfterCut, judgeSettings, judgeShoe } from './session-rules';
import { envFor } from './testing';

const rules = (game: string) => gameRules(game)!;
const opening = (env: ReturnType<typeof envFor>) => ({ limits: env.ctx.limits, options: env.ctx.options, eventId: 'open-1' });
const playerEdgeBets = (game: string, jurisdiction: Parameters<typeof envFor>[1], options: Record<string, unknown> = {}) => {
  const env = envFor(rules(game), jurisdiction, { options });
  return judgeSettings(rules(game), env, opening(env))
    .findings.filter((f) => f.code === 'PLAYER_EDGE_SETTING')
    .map((f) => f.recorded as { betType: string; selection?: unknown; houseEdge: number });
};

describe('settings that give the player the edge', () => {
  // 6 decks: P(banker) 0.458653, P(player) 0.446279 (https://www.multiplayerbaccarat.com/odds.html):
  // the banker bet breaks even at a commission of 1 − 0.446279 / 0.458653 = 2.698 %
  it('punto y banca: a banker commission of 2.5 % is a finding, 2.7 % and the regulated 5 % are not', () => {
    const low = playerEdgeBets('punto-banco', 'euskadi', { commissionRate: 0.025 });
    expect(low.map((b) => b.betType)).toEqual(['banker']);
    expect(low[0].houseEdge).toBeCloseTo(-(0.458653 * 0.975 - 0.446279), 5);
    expect(playerEdgeBets('punto-banco', 'euskadi', { commissionRate: 0.027 })).toEqual([]);
    expect(playerEdgeBets('punto-banco', 'euskadi')).toEqual([]);
  });

  it("cantabria's 64-cell wheel as printed: the 40 (2 cells at 40:1) returns 82/64 and the 1 (32 cells at 1:1) exactly its stake", () => {
    const flagged = playerEdgeBets('wheel-of-fortune', 'cantabria');
    const byEdge = flagged.map((b) => Number(b.houseEdge.toFixed(6))).sort((a, b) => a - b);
    expect(byEdge).toEqual([Number((1 - 82 / 64).toFixed(6)), 0]);
  });

  it('craps: the odds, paid at true odds by the texts themselves, are no finding; no other bet is', () => {
    for (const j of ['euskadi', 'cantabria', 'illes-balears', 'galicia'] as const) expect(playerEdgeBets('craps', j)).toEqual([]);
  });

  it('a true-odds bet is left out only while its edge is exactly 0', () => {
    const edge = (houseEdge: number, trueOdds?: string): BetEdge => ({
      betType: 'x',
      returnPerUnit: 1 - houseEdge,
      houseEdge,
      variancePerUnit: 1,
      method: 'exact-enumeration',
      citation: 'c',
      ...(trueOdds ? { trueOdds } : {}),
    });
    expect(playerEdges([edge(0, 'L1'), edge(0), edge(-0.01, 'L1'), edge(0.01)]).map((e) => [e.houseEdge, e.trueOdds])).toEqual([
      [0, undefined],
      [-0.01, 'L1'],
    ]);
  });

  it('no regulated default setting of any game gives the player the edge, but the ones the texts print', () => {
    const flagged: string[] = [];
    const valued = registeredGames().filter((g) => g.houseEdges);
    // every family that the house banks is valued (circle poker and the player-banked baccarats take a levy, not an edge)
    expect(valued.map((g) => g.game).sort()).toEqual(
      expect.arrayContaining([
        'blackjack',
        'caribbean-stud',
        'craps',
        'french-roulette',
        'punto-banco',
        'three-card-poker',
        'trente-et-quarante',
        'wheel-of-fortune',
      ]),
    );
    for (const { game } of valued) {
      for (const j of ['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const) {
        if (!rules(game).rulebooks[j]) continue;
        for (const b of playerEdgeBets(game, j)) flagged.push(`${game}/${j}/${b.betType}${b.selection === undefined ? '' : ` ${JSON.stringify(b.selection)}`}`);
      }
    }
    // the cantabria wheel as printed (docs/decisions/open-questions.md#oq-05, cantabria L3379–3398, L3482–3498)
    expect(flagged.every((f) => f.startsWith('wheel-of-fortune/cantabria/'))).toBe(true);
    expect(flagged).toHaveLength(2);
  });
});

describe('the shoe', () => {
  const pb = rules('punto-banco');
  const env = envFor(pb, 'euskadi');

  it('six decks with seven cards behind the stop card pass (euskadi L3849–3850, L4300–4304)', () => {
    expect(judgeShoe(pb, env, { shoeId: 'a', decks: 6, cutCardPosition: 6 * 52 - 7 })).toEqual({ findings: [], notes: [] });
  });

  it('eight decks, or the stop card twelve cards from the end, are findings; an unrecorded stop card is a note', () => {
    expect(judgeShoe(pb, env, { shoeId: 'b', decks: 8, cutCardPosition: 8 * 52 - 7 }).findings.map((f) => f.rule)).toEqual(['punto-banco/shoe-decks']);
    expect(judgeShoe(pb, env, { shoeId: 'c', decks: 6, cutCardPosition: 6 * 52 - 12 }).findings.map((f) => f.rule)).toEqual(['punto-banco/cut-card']);
    expect(judgeShoe(pb, env, { shoeId: 'd', decks: 6 })).toEqual({ findings: [], notes: [expect.stringMatching(/cut card's position was not recorded/)] });
  });

  it('no coup begins once the stop card has come out (euskadi L4304–4307: only the coup in progress ends)', () => {
    const shoe = (cardsDealt: number, coupsAfterCut = 0) => ({ shoeId: 's', decks: 6, dealt: {}, cutCardPosition: 305, cardsDealt, coupsAfterCut });
    expect(judgeCoupAfterCut(pb, env, shoe(305))).toBeNull(); // every card before the stop card dealt: it has not come out
    expect(judgeCoupAfterCut(pb, env, shoe(306))).toMatchObject({ code: 'SEQUENCE_VIOLATION', rule: 'punto-banco/cut-card-reached' });
    expect(judgeCoupAfterCut(pb, env, { shoeId: 's', decks: 6, dealt: {} })).toBeNull(); // no cut card recorded: not judged
  });
});
