/**
 * Trente-et-quarante rulebooks (docs/decisions/games.md#trente-et-quarante): the four texts share everything but
 * the table maximum and how completely they state the insurance against the 31 tie.
 */
import type { RulebookBase } from '../../core/game';
import { Cited, cited, JurisdictionId } from '../../core/types';

export const T40_BETS = ['black', 'red', 'colour', 'inverse'] as const;
export type T40Chance = (typeof T40_BETS)[number];

export interface TrenteEtQuaranteRulebook extends RulebookBase {
  readonly decks: Cited<number>;
  /** every chance pays N to 1 */
  readonly chancePays: Cited<number>;
  /** the refait: a tie at this total is settled as the roulette zero (half back or prison) */
  readonly refaitTotal: Cited<number>;
  /** the red card stands before this many last cards; when it appears the coup is annulled */
  readonly redCardBeforeLast: Cited<number>;
  /** table maximum at most this many times the minimum (highest tier the text allows) */
  readonly maxMultipleOfMin: Cited<number>;
  /** the black row is dealt first; the red row begins once the black total reaches 31 */
  readonly rowOrder: Cited<'black-first'>;
}

/** Every value read in each jurisdiction's own text: nothing is borrowed from another's lines. */
type Own = Pick<TrenteEtQuaranteRulebook, 'source' | 'decks' | 'chancePays' | 'refaitTotal' | 'redCardBeforeLast' | 'maxMultipleOfMin' | 'rowOrder'> & {
  insuranceCite: string;
  /** the deal's sentence: the red row begins when the black total "reaches or passes 31" */
  rowCite: string;
};

function rulebook(jurisdiction: JurisdictionId, { insuranceCite, rowCite, ...own }: Own): TrenteEtQuaranteRulebook {
  return {
    game: 'trente-et-quarante',
    jurisdiction,
    ...own,
    options: {
      // a row stops at the first total of 31 or more: the texts' "between 30 and 40" read with the deal's own
      // sentence, that the red row begins when the black reaches or passes 31 (docs/decisions/open-questions.md#oq-50)
      rowStopsAt: cited(31, `${rowCite}; index.md OQ-50`),
      // any bet may be insured against the refait for a 1 % premium (docs/decisions/open-questions.md#oq-07; cantabria complete, L1259–1264)
      insuranceAllowed: cited(true, insuranceCite),
      insuranceRate: cited(0.01, insuranceCite),
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, TrenteEtQuaranteRulebook>> = {
  euskadi: rulebook('euskadi', {
    source: 'euskadi L2798–3075',
    decks: cited(6, 'euskadi L2809–2811'),
    chancePays: cited(1, 'euskadi L2931–2933'),
    refaitTotal: cited(31, 'euskadi L2943–2946'),
    // the Spanish of sections 2–3 is printed after the Basque head of 06 (L3023–3062); the Basque at L2957–2995
    redCardBeforeLast: cited(5, 'euskadi L3033–3038 (eu L2966–2971)'),
    // "20, 25 ó 50 veces el mínimo" (eu "bider 20, 25 edo 50"): the highest tier
    maxMultipleOfMin: cited(50, 'euskadi L3023–3024 (eu L2957–2958)'),
    rowOrder: cited('black-first', 'euskadi L3040–3045 (eu L2973–2977)'),
    insuranceCite: 'index.md OQ-7 (euskadi L2946–2950)',
    rowCite: 'euskadi L3043–3044 (eu L2975–2977)',
  }),
  cantabria: rulebook('cantabria', {
    source: 'cantabria L1161–1319',
    decks: cited(6, 'cantabria L1172–1174'),
    chancePays: cited(1, 'cantabria L1244–1246'),
    refaitTotal: cited(31, 'cantabria L1255–1258'),
    redCardBeforeLast: cited(5, 'cantabria L1282–1287'),
    maxMultipleOfMin: cited(1000, 'cantabria L1272–1273'),
    rowOrder: cited('black-first', 'cantabria L1289–1295'),
    insuranceCite: 'cantabria L1259–1264',
    rowCite: 'cantabria L1293–1294',
  }),
  'illes-balears': rulebook('illes-balears', {
    source: 'illes-balears L796–907',
    decks: cited(6, 'illes-balears L808–809'),
    chancePays: cited(1, 'illes-balears L859–860'),
    refaitTotal: cited(31, 'illes-balears L870–872'),
    redCardBeforeLast: cited(5, 'illes-balears L887–890'),
    maxMultipleOfMin: cited(1000, 'illes-balears L881'),
    rowOrder: cited('black-first', 'illes-balears L892–895'),
    insuranceCite: 'index.md OQ-7 (illes-balears L872–874)',
    // L842–844 says "between thirty and forty" like the others; the 31 is in the deal (L893–894)
    rowCite: 'illes-balears L893–894',
  }),
  galicia: rulebook('galicia', {
    source: 'galicia L378–418',
    decks: cited(6, 'galicia L382'),
    chancePays: cited(1, 'galicia L402'),
    refaitTotal: cited(31, 'galicia L408'),
    redCardBeforeLast: cited(5, 'galicia L414'),
    maxMultipleOfMin: cited(1000, 'galicia L410'),
    rowOrder: cited('black-first', 'galicia L416'),
    insuranceCite: 'index.md OQ-7 (galicia L408)',
    rowCite: 'galicia L416',
  }),
};
