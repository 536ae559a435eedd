/** Texas Hold'em in circle (docs/decisions/games.md#circle-poker-texas-holdem): euskadi 17.03.01, cantabria A.15.4. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, EUSKADI_COMMON } from '../../core/circle';

export type TexasHoldemRulebook = CircleRulebook;
const GAME = 'circle-poker-texas-holdem';

export const rulebooks: Partial<Record<'euskadi' | 'cantabria', TexasHoldemRulebook>> = {
  // "as Omaha" with two hole cards: ante, best five of seven (euskadi L12397–12407)
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    GAME,
    'euskadi L12394–12407',
    { handRule: cited('best-five', 'euskadi L12397–12400') },
    circleOptions('euskadi', {
      rate: cited(0.05, 'euskadi L10811–10815'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'euskadi L12402–12407'),
      deckSize: cited(52, 'euskadi L10779–10785'),
    }),
  ),
  // blinds ½ min and min left of the mano; rounds 2–4 from the left of the mano (cantabria L6293–6323)
  cantabria: circleRulebook(
    CANTABRIA_COMMON,
    GAME,
    'cantabria L6280–6360',
    {
      handRule: cited('best-five', 'cantabria L6283–6289'),
      smallBlindShare: cited(0.5, 'cantabria L6293–6300'),
      bigBlindShare: cited(1, 'cantabria L6293–6300'),
      firstToAct: cited(['after-mano'], 'cantabria L6302–6323'),
    },
    circleOptions('cantabria', {
      rate: cited(0.05, 'cantabria L5336–5354'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('blinds', 'cantabria L6293–6300'),
      deckSize: cited(52, 'cantabria L5304–5310'),
    }),
  ),
};
