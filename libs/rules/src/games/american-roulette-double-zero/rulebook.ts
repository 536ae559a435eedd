/**
 * Double-zero roulette, cantabria A.3 only (cantabria L592–618): "the same principles as the previous one"
 * (A.2, single-zero American) plus the 00 pocket, the five-number corner 0-00-1-2-3 at 6:1 and the 0-00 split.
 */
import { cited } from '../../core/types';
import type { JurisdictionId } from '../../core/types';
import { AmericanRouletteRulebook, rulebooks as AMERICAN_SINGLE_ZERO_RULEBOOKS } from '../american-roulette-single-zero/rulebook';

export type DoubleZeroRouletteRulebook = AmericanRouletteRulebook & { readonly game: 'american-roulette-double-zero' };

const a2 = AMERICAN_SINGLE_ZERO_RULEBOOKS.cantabria!;

export const rulebooks: Partial<Record<JurisdictionId, DoubleZeroRouletteRulebook>> = {
  cantabria: {
    ...a2,
    game: 'american-roulette-double-zero',
    source: 'cantabria L592–618',
    // one more pocket, 00, opposite the 0, neither red nor black (cantabria L597–600)
    wheel: cited('double-zero', 'cantabria L597–600'),
    payTable: {
      ...a2.payTable,
      // the split 0-00 pays 17:1 like any split (cantabria L614–618)
      2: cited(17, `${a2.payTable[2].cite}; cantabria L614–618`),
      // "cuadro especial" 0-00-1-2-3: five numbers, six times the bet (cantabria L609–612)
      5: cited(6, 'cantabria L609–612'),
    },
    // 0 on even chances: half lost, half returned, as A.2 (L569–570, by L594–595); 00 the same (docs/decisions/open-questions.md#oq-47)
    zeroOnEvenChances: cited('half-back', 'cantabria L569–570, L594–595; 00 as 0: index.md OQ-47'),
    options: { ...a2.options, zeroOnEvenChances: cited('half-back', 'cantabria L569–570, L594–595; 00 as 0: index.md OQ-47') },
  },
};
