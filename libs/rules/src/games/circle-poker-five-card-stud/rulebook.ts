/** Five Stud (docs/decisions/games.md#circle-poker-five-card-stud): euskadi 17.04, cantabria A.15.5; 32 cards. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, CircleRulebookData, EUSKADI_COMMON } from '../../core/circle';

export type FiveCardStudRulebook = CircleRulebook;
const GAME = 'circle-poker-five-card-stud';

const stud = (cite: string): Partial<CircleRulebookData> => ({
  deckSizes: cited([32], cite),
  // the highest showing combination starts each interval
  firstToAct: cited(['highest-showing'], cite),
  handRule: cited('best-five', cite),
  flushBeatsFull: cited(true, cite),
});

export const rulebooks: Partial<Record<'euskadi' | 'cantabria', FiveCardStudRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    GAME,
    'euskadi L12540–12579',
    stud('euskadi L12550–12579'),
    circleOptions('euskadi', {
      rate: cited(0.05, 'euskadi L10811–10815'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'euskadi L11373–11378'),
      deckSize: cited(32, 'euskadi L12540–12579'),
    }),
  ),
  cantabria: circleRulebook(
    CANTABRIA_COMMON,
    GAME,
    'cantabria L6361–6389',
    stud('cantabria L6371–6389'),
    circleOptions('cantabria', {
      rate: cited(0.05, 'cantabria L5336–5354'),
      direction: cited('counter-clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'cantabria L5648–5655'),
      deckSize: cited(32, 'cantabria L6361–6389'),
    }),
  ),
};
