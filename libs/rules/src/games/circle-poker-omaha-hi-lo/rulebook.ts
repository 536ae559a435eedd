/** Omaha Hi&Low (docs/decisions/games.md#circle-poker-omaha-hi-lo): euskadi 17.02.03 only. */
import { cited } from '../../core/types';
import { circleRulebook, CircleRulebook } from '../../core/circle';
import { EUSKADI_OMAHA, euskadiOmahaOptions } from '../circle-poker-omaha/rulebook';

export type OmahaHiLoRulebook = CircleRulebook;

export const rulebooks: Partial<Record<'euskadi', OmahaHiLoRulebook>> = {
  euskadi: circleRulebook(
    EUSKADI_OMAHA,
    'circle-poker-omaha-hi-lo',
    'euskadi L12286–12393',
    { handRule: cited('two-plus-three', 'euskadi L12289–12295') },
    {
      ...euskadiOmahaOptions(),
      structure: cited('no-limit', 'euskadi L12289–12390'),
      // the low qualifies only with three board cards of 8 or lower (euskadi L12289–12390); no low → the high takes all (docs/decisions/open-questions.md#oq-38)
      lowQualifier: cited(8, 'euskadi L12289–12390; index.md OQ-38'),
    },
  ),
};
