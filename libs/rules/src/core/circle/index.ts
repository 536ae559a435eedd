/** The circle-poker engine: one factory for every variant, with its croupier. */
import type { GameRules } from '../game';
import { playHand } from './croupier';
import { circleGame } from './engine';
import type { CircleRulebook } from './rulebook';
import type { CircleState, CircleVariant } from './state';

export function circlePoker(variant: CircleVariant, rulebooks: Partial<Record<string, CircleRulebook>>): GameRules<CircleState, CircleRulebook> {
  const rules = circleGame(variant, rulebooks);
  return { ...rules, play: (ctx) => playHand(rules, variant, ctx) };
}

export * from './pot';
export * from './rulebook';
export * from './state';
export { awardHand, rankingFor, seatHand } from './showdown';
export { CIRCLE_FACTS } from './facts';
