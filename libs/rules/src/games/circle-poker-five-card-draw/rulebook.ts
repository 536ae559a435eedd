/** Póker cubierto de 5 cartas con descarte (docs/decisions/games.md#circle-poker-five-card-draw): euskadi 17.01, cantabria A.15.1. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, EUSKADI_COMMON } from '../../core/circle';

export type FiveCardDrawRulebook = CircleRulebook;
const GAME = 'circle-poker-five-card-draw';

export const rulebooks: Partial<Record<'euskadi' | 'cantabria', FiveCardDrawRulebook>> = {
  // the mano opens with the minimum, the segunda mano posts twice it; one draw of 0–4 cards
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    GAME,
    'euskadi L12005–12130',
    {
      deckSizes: cited([52, 32], 'euskadi L12010–12011'),
      bigBlindShare: cited(1, 'euskadi L12015–12034'),
      maxDiscard: cited(4, 'euskadi L12040–12047'),
      figuras: cited(true, 'euskadi L11097–11100'),
    },
    circleOptions('euskadi', {
      rate: cited(0.05, 'euskadi L10811–10815'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('openings', 'euskadi L12015–12034'),
      deckSize: cited(52, 'euskadi L12010–12011'),
    }),
  ),
  // antes; open only with jacks or better, rising to queens, kings, aces after each blank hand; the opener speaks first after the draw
  cantabria: circleRulebook(
    CANTABRIA_COMMON,
    GAME,
    'cantabria L5949–6101',
    {
      seatNumbering: cited('from-croupier-right', 'cantabria L5319–5321'),
      deckSizes: cited([52, 32], 'cantabria L5958–5959; index.md OQ-44'),
      openers: cited([11, 12, 13, 14], 'cantabria L5963–5998'),
      firstToAct: cited(['after-mano', 'opener'], 'cantabria L6043–6051'),
      maxDiscard: cited(5, 'index.md OQ-44 (cantabria L6000–6017)'),
      figuras: cited(true, 'cantabria L5477–5530'),
    },
    circleOptions('cantabria', {
      rate: cited(0.05, 'cantabria L5336–5354'),
      direction: cited('counter-clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'cantabria L5963–5998'),
      deckSize: cited(52, 'cantabria L5958–5959'),
    }),
  ),
};
