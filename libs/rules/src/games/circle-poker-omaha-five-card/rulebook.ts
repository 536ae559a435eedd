/** Omaha 5 cartas (docs/decisions/games.md#circle-poker-omaha-five-card): euskadi 17.02.02 only. */
import { cited } from '../../core/types';
import { circleRulebook, CircleRulebook } from '../../core/circle';
import { EUSKADI_OMAHA, euskadiOmahaOptions } from '../circle-poker-omaha/rulebook';

export type OmahaFiveCardRulebook = CircleRulebook;

export const rulebooks: Partial<Record<'euskadi', OmahaFiveCardRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_OMAHA,
    'circle-poker-omaha-five-card',
    'euskadi L12171–12283',
    {
      handRule: cited('two-plus-three', 'euskadi L12174–12249'),
      maxPlayers: cited(8, 'euskadi L12258–12259'),
    },
    {
      ...euskadiOmahaOptions(),
      structure: cited('no-limit', 'euskadi L12267–12278'),
      // the Dirección de Juego may expose the first board card with the hole cards (euskadi L12261–12265)
      exposeFirstBoardCard: cited(false, 'euskadi L12261–12265'),
    },
  ),
};
