/**
 * Omaha 5 cards against the independent reading (`docs/games/readings/circle-poker-omaha-five-card.json`).
 * Resolutions: `docs/games/readings/circle-poker.resolutions.md`.
 */
import { accepts, circleEnv, H, readingValues } from '../../core/circle/spec-support';
import { citesLines } from '../../core/reading-testing';
import { judge } from '../../core/testing';
import { omahaPhases } from '../circle-poker-omaha/rules';
import { rules as RULES } from './rules';

readingValues(RULES, {
  decks: (rb, read) => {
    expect(read.value).toBe(1);
    expect(rb.deckSizes.value).toEqual([52]);
  },
  'hole-cards': (_rb, read) => expect(omahaPhases(5)[0].seat).toHaveLength(read.value as number),
  'hand.composition': (rb) => expect(rb.handRule.value).toBe('two-plus-three'),
  'players.maximum': (rb, read) => {
    expect(rb.maxPlayers.value).toBe(read.value);
    expect(citesLines(rb.maxPlayers.cite, read.lines!)).toBe(true);
  },
  'first-community-card-at-deal': (rb, read, env) => {
    // the Dirección's choice: a session option, off unless declared
    expect(String(read.value)).toMatch(/^optional/);
    expect(env.options.exposeFirstBoardCard).toBe(false);
    expect(citesLines(rb.options!.exposeFirstBoardCard.cite, read.lines!)).toBe(true);
  },
  'limits.structures': (rb, read) => {
    expect(read.value).toEqual(['fixed', 'pot limit', 'no limit']);
    for (const structure of ['fixed', 'pot-limit', 'no-limit']) expect(accepts(RULES, rb, { structure })).toBe(true);
  },
});

it('nine-players (L12258–12259): a ninth player may not be seated', () => {
  const env = circleEnv(RULES, 'euskadi');
  expect(judge(RULES, env, H.open(1, [1, 2, 3, 4, 5, 6, 7, 8, 9])).discrepancies.map((d) => d.rule)).toEqual(['circle-poker-omaha-five-card/maximum-players']);
  expect(judge(RULES, env, H.open(1, [1, 2, 3, 4, 5, 6, 7, 8])).discrepancies).toEqual([]);
});
