/** Double Hold'em (docs/decisions/games.md#circle-poker-double-holdem): euskadi 17.03.02 only. */
import { cited } from '../../core/types';
import { circleOptions, circleRulebook, CircleRulebook, EUSKADI_COMMON } from '../../core/circle';

export type DoubleHoldemRulebook = CircleRulebook;

export const rulebooks: Partial<Record<'euskadi', DoubleHoldemRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    'circle-poker-double-holdem',
    'euskadi L12409–12538',
    {
      handRule: cited('best-five', 'euskadi L12409–12538'),
      // "debiendo hablar en primer lugar en todas las rondas, la persona que ostente la mano, y en su defecto, el jugador
      // que se encuentre a la izquierda de la mano" (euskadi L12430–12434): the mano himself, else the next seat
      firstToAct: cited(['mano'], 'euskadi L12430–12434'),
    },
    circleOptions('euskadi', {
      rate: cited(0.05, 'euskadi L10811–10815'),
      direction: cited('clockwise', 'index.md OQ-40'),
      // "ante or blinds as the Dirección chooses"
      forcedBets: cited('ante', 'euskadi L12421–12519'),
      structure: cited('no-limit', 'euskadi L12521–12532'),
      deckSize: cited(52, 'euskadi L10779–10785'),
    }),
  ),
};
