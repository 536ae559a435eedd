/** Seven Card Stud (docs/decisions/games.md#circle-poker-seven-card-stud): euskadi 17.05 (deal by docs/decisions/open-questions.md#oq-37), cantabria A.15.2. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, CircleRulebookData, EUSKADI_COMMON } from '../../core/circle';

export type SevenCardStudRulebook = CircleRulebook;
const GAME = 'circle-poker-seven-card-stud';

const seven = (deal: string, caps: string): Partial<CircleRulebookData> => ({
  // interval 1: the lowest up-card must open and may not check or fold; later: the highest showing hand
  firstToAct: cited(['lowest-showing', 'highest-showing'], deal),
  openerMustOpen: cited(true, deal),
  raiseCapPerPlayer: cited(3, caps),
  handRule: cited('best-five', deal),
});

export const rulebooks: Partial<Record<'euskadi' | 'cantabria', SevenCardStudRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_COMMON,
    GAME,
    'euskadi L12581–12696',
    seven('index.md OQ-37 (as cantabria L6117–6133)', 'euskadi L12665–12689'),
    circleOptions('euskadi', {
      rate: cited(0.05, 'euskadi L10811–10815'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'euskadi L11373–11378'),
      deckSize: cited(52, 'euskadi L10779–10785'),
    }),
  ),
  cantabria: circleRulebook(
    CANTABRIA_COMMON,
    GAME,
    'cantabria L6103–6261',
    seven('cantabria L6117–6133', 'cantabria L6184–6207'),
    circleOptions('cantabria', {
      rate: cited(0.05, 'cantabria L5336–5354'),
      direction: cited('counter-clockwise', 'index.md OQ-40'),
      forcedBets: cited('ante', 'cantabria L5648–5655'),
      deckSize: cited(52, 'cantabria L5304–5310'),
    }),
  ),
};
