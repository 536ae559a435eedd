/** Omaha in circle (docs/decisions/games.md#circle-poker-omaha): euskadi 17.02.01, cantabria A.15.3. */
import { cited } from '../../core/types';
import { CANTABRIA_COMMON, circleOptions, circleRulebook, CircleRulebook, CircleRulebookData, EUSKADI_COMMON } from '../../core/circle';

export type OmahaRulebook = CircleRulebook;
const GAME = 'circle-poker-omaha';

/** euskadi Omaha: the base of Omaha 5 cartas and Hi&Low too (they refer back to it, euskadi L12280–12283). */
export const EUSKADI_OMAHA: CircleRulebookData = { ...EUSKADI_COMMON, handRule: cited('two-plus-three', 'euskadi L12135–12139') };

export const euskadiOmahaOptions = () =>
  circleOptions('euskadi', {
    rate: cited(0.05, 'euskadi L10811–10815'),
    direction: cited('clockwise', 'index.md OQ-40'),
    forcedBets: cited('ante', 'euskadi L12144–12146'),
    deckSize: cited(52, 'euskadi L10779–10785'),
  });

export const rulebooks: Partial<Record<'euskadi' | 'cantabria', OmahaRulebook>> = {
  euskadi: circleRulebook(EUSKADI_OMAHA, GAME, 'euskadi L12132–12169', {}, euskadiOmahaOptions()),
  // as Hold'em with four hole cards: blinds ½ min and min (cantabria L6276–6278 → L6293–6300)
  cantabria: circleRulebook(
    CANTABRIA_COMMON,
    GAME,
    'cantabria L6263–6278',
    {
      handRule: cited('two-plus-three', 'cantabria L6266–6272'),
      smallBlindShare: cited(0.5, 'cantabria L6293–6300'),
      bigBlindShare: cited(1, 'cantabria L6293–6300'),
      firstToAct: cited(['after-mano'], 'cantabria L6302–6323'),
    },
    circleOptions('cantabria', {
      rate: cited(0.05, 'cantabria L5336–5354'),
      direction: cited('clockwise', 'index.md OQ-40'),
      forcedBets: cited('blinds', 'cantabria L6276–6278'),
      deckSize: cited(52, 'cantabria L5304–5310'),
    }),
  ),
};
