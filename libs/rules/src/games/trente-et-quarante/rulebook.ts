/**
 * Trente-et-quarante rulebooks (games.md `trente-et-quarante`): the four texts share everything but
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
}

const COMMON: Omit<TrenteEtQuaranteRulebook, 'jurisdiction' | 'source'> = {
  game: 'trente-et-quarante',
  decks: cited(6, 'euskadi L2809–2813'),
  chancePays: cited(1, 'euskadi L2928–2940'),
  refaitTotal: cited(31, 'euskadi L2943–2946'),
  redCardBeforeLast: cited(5, 'euskadi L3033–3038'),
  maxMultipleOfMin: cited(1000, 'cantabria L1266–1273'),
};

type Override = Partial<TrenteEtQuaranteRulebook> & Pick<TrenteEtQuaranteRulebook, 'source'> & { insuranceCite: string; rowCite: string };

function rulebook(jurisdiction: JurisdictionId, { insuranceCite, rowCite, ...override }: Override): TrenteEtQuaranteRulebook {
  return {
    ...COMMON,
    jurisdiction,
    ...override,
    options: {
      // a row stops at the first total of 31 or more (index.md OQ-50; illes-balears says so, L842–844)
      rowStopsAt: cited(31, rowCite),
      // any bet may be insured against the refait for a 1 % premium (index.md OQ-7; cantabria complete, L1259–1264)
      insuranceAllowed: cited(true, insuranceCite),
      insuranceRate: cited(0.01, insuranceCite),
    },
  };
}

export const T40_RULEBOOKS: Partial<Record<JurisdictionId, TrenteEtQuaranteRulebook>> = {
  euskadi: rulebook('euskadi', {
    source: 'euskadi L2798–3075',
    maxMultipleOfMin: cited(50, 'euskadi L3023–3024'),
    insuranceCite: 'index.md OQ-7 (euskadi L2946–2950)',
    rowCite: 'index.md OQ-50 (euskadi L2926–2936)',
  }),
  cantabria: rulebook('cantabria', {
    source: 'cantabria L1161–1319',
    decks: cited(6, 'cantabria L1172–1176'),
    chancePays: cited(1, 'cantabria L1244–1253'),
    refaitTotal: cited(31, 'cantabria L1255–1258'),
    redCardBeforeLast: cited(5, 'cantabria L1282–1287'),
    insuranceCite: 'cantabria L1259–1264',
    rowCite: 'index.md OQ-50 (cantabria L1238–1242, L1289–1295)',
  }),
  'illes-balears': rulebook('illes-balears', {
    source: 'illes-balears L796–907',
    decks: cited(6, 'illes-balears L808–810'),
    chancePays: cited(1, 'illes-balears L859–868'),
    refaitTotal: cited(31, 'illes-balears L870–872'),
    redCardBeforeLast: cited(5, 'illes-balears L887–890'),
    maxMultipleOfMin: cited(1000, 'illes-balears L878–881'),
    insuranceCite: 'index.md OQ-7 (illes-balears L872–874)',
    rowCite: 'illes-balears L842–844',
  }),
  galicia: rulebook('galicia', {
    source: 'galicia L378–418',
    decks: cited(6, 'galicia L382'),
    chancePays: cited(1, 'galicia L402–406'),
    refaitTotal: cited(31, 'galicia L408'),
    redCardBeforeLast: cited(5, 'galicia L414'),
    maxMultipleOfMin: cited(1000, 'galicia L410'),
    insuranceCite: 'index.md OQ-7 (galicia L408)',
    rowCite: 'index.md OQ-50 (galicia L400, L416)',
  }),
};
