/**
 * Five Stud (32 cards) against the independent reading (`docs/games/readings/circle-poker-five-card-stud.json`).
 * Resolutions (the ace-low straight in cantabria): `docs/games/readings/circle-poker.resolutions.md`.
 */
import { circleEnv, readingValues } from '../../core/circle/spec-support';
import { rankingFor } from '../../core/circle';
import { citesLines } from '../../core/reading-testing';
import { compareHands, evaluateFive } from '../../core/poker/evaluate';
import { FIVE_STUD_PHASES, rules as RULES } from './rules';

const cards = FIVE_STUD_PHASES.reduce((t, p) => t + p.seat.length, 0);

readingValues(RULES, {
  decks: (rb, read, env) => {
    expect(rb.deckSizes.value).toEqual([read.value]);
    expect(env.options.deckSize).toBe(read.value);
    expect(citesLines(rb.deckSizes.cite, read.lines!)).toBe(true);
  },
  'cards-per-player': (_rb, read) => expect(cards).toBe(read.value),
  'betting-rounds': (_rb, read) => expect(FIVE_STUD_PHASES).toHaveLength(read.value as number),
  'ranking.flush-over-full': (rb, read) => {
    expect(rb.flushBeatsFull.value).toBe(read.value);
    expect(rankingFor(circleEnv(RULES, rb.jurisdiction)).order.indexOf('flush')).toBeLessThan(
      rankingFor(circleEnv(RULES, rb.jurisdiction)).order.indexOf('full-house'),
    );
  },
  'ace.low': (rb, read) => {
    expect(String(read.value)).toMatch(/below the lowest card in play/);
    expect(rb.aceLowBelow.value).toBe('lowest-in-play');
    expect(citesLines(rb.aceLowBelow.cite, read.lines!)).toBe(true);
  },
});

describe('first-to-bet and the ace-low straight', () => {
  it.each(['euskadi', 'cantabria'] as const)('%s: the highest combination showing starts the betting (L12578–12579 / L6388–6389)', (j) => {
    expect(RULES.rulebooks[j]!.firstToAct.value).toEqual(['highest-showing']);
  });
  const h = (s: string) => s.split(' ');
  it('euskadi (L10783–10785 "delante de la menor con que se juegue"): A-7-8-9-10 is the lowest straight, above three aces', () => {
    const ranking = rankingFor(circleEnv(RULES, 'euskadi'));
    expect(evaluateFive(h('AS 7D 8H 9C 10S'), ranking).category).toBe('straight');
    expect(compareHands(evaluateFive(h('AS 7D 8H 9C 10S'), ranking), evaluateFive(h('AH AD AC KS QD'), ranking))).toBeGreaterThan(0);
    expect(compareHands(evaluateFive(h('AS 7D 8H 9C 10S'), ranking), evaluateFive(h('7S 8D 9H 10C JS'), ranking))).toBeLessThan(0);
  });
  it('cantabria (L5307–5310 "por debajo del 2"): with no 2 in the deck the ace plays only high — A-7-8-9-10 is ace high', () => {
    const ranking = rankingFor(circleEnv(RULES, 'cantabria'));
    expect(evaluateFive(h('AS 7D 8H 9C 10S'), ranking)).toMatchObject({ category: 'high-card', ranks: [14, 10, 9, 8, 7] });
    expect(compareHands(evaluateFive(h('AS 7D 8H 9C 10S'), ranking), evaluateFive(h('7S 7D 9H 10C JS'), ranking))).toBeLessThan(0);
    // 10-J-Q-K-A is still the highest straight
    expect(evaluateFive(h('AS KD QH JC 10S'), ranking).category).toBe('straight');
  });
});
