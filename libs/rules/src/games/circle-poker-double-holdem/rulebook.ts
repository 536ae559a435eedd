/** Double Hold'em (games.md `circle-poker-double-holdem`): euskadi 17.03.02 only. */
import { cited } from '../../core/types';
import { circleOptions, circleRulebook, CircleRulebook, EUSKADI_COMMON } from '../../core/circle';

export type DoubleHoldemRulebook = CircleRulebook;

export const RULEBOOKS: Partial<Record<'euskadi', DoubleHoldemRulebook>> = {
  euskadi: circleRulebook(EUSKADI_COMMON, 'circle-poker-double-holdem', 'euskadi L12409–12538', {
    handRule: cited('best-five', 'euskadi L12409–12538'),
    // the mano (or the player to his left) speaks first each round (euskadi L12421–12519)
    firstToAct: cited(['after-mano'], 'euskadi L12421–12519'),
  }, circleOptions('euskadi', {
    rate: cited(0.05, 'euskadi L10811–10815'),
    direction: cited('clockwise', 'index.md OQ-40'),
    // "ante or blinds as the Dirección chooses"
    forcedBets: cited('ante', 'euskadi L12421–12519'),
    structure: cited('no-limit', 'euskadi L12521–12532'),
    deckSize: cited(52, 'euskadi L10779–10785'),
  })),
};
