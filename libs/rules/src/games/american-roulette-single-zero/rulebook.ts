/**
 * American single-zero roulette (docs/decisions/games.md#american-roulette-single-zero): "everything not stated follows
 * french-roulette in the same jurisdiction" (euskadi L979–986), so each rulebook is the French one of its
 * jurisdiction with the American differences: no prison (half lost, half returned), and the racetrack of
 * announced bets where the text describes it (euskadi, illes-balears).
 */
import type { LayoutRulebook } from '../../core/roulette';
import type { Cited, JurisdictionId } from '../../core/types';
import { cited } from '../../core/types';
import { rulebooks as FRENCH_ROULETTE_RULEBOOKS, announcedBetTypes } from '../french-roulette/rulebook';

export interface AmericanRouletteRulebook extends LayoutRulebook {
  readonly game: 'american-roulette-single-zero' | 'american-roulette-double-zero';
}

interface AmericanDiffs {
  readonly source: string;
  /** "zero on even chances: half lost, half returned; no prison" */
  readonly halfBack: string;
  /** limits "as French" */
  readonly limitsAsFrench: string;
  readonly announced?: string;
  /** the American section's own "even chances up to 5 × the minimum", where it restates it */
  readonly evenChanceMinimum?: string;
  readonly options?: Readonly<Record<string, Cited<unknown>>>;
}

/** a French value with the American section's own line added to its citation */
function also<T>(value: Cited<T> | undefined, line: string | undefined): Cited<T> | undefined {
  return value && line ? cited(value.value, `${value.cite}; ${line}`) : value;
}

export function americanFrom(j: 'euskadi' | 'cantabria' | 'illes-balears' | 'galicia', diffs: AmericanDiffs): AmericanRouletteRulebook {
  const french = FRENCH_ROULETTE_RULEBOOKS[j]!;
  const { neighbours: _n, voisins: _v, tiers: _t, orphelins: _o, ...plain } = french.betTypes;
  return {
    game: 'american-roulette-single-zero',
    jurisdiction: j,
    source: diffs.source,
    wheel: french.wheel,
    payTable: french.payTable,
    betTypes: { ...plain, ...(diffs.announced ? announcedBetTypes(diffs.announced) : {}) },
    zeroOnEvenChances: cited('half-back', `${j} ${diffs.halfBack}`),
    limits:
      french.limits.kind === 'tiers'
        ? {
            ...french.limits,
            tiers: cited(french.limits.tiers.value, `${french.limits.tiers.cite}; ${j} ${diffs.limitsAsFrench}`),
            evenChanceMinimumUpTo: also(french.limits.evenChanceMinimumUpTo, diffs.evenChanceMinimum),
          }
        : french.limits,
    options: {
      ...french.options,
      ...(french.options?.evenChanceMinimum ? { evenChanceMinimum: also(french.options.evenChanceMinimum, diffs.evenChanceMinimum) } : {}),
      ...diffs.options,
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, AmericanRouletteRulebook>> = {
  euskadi: americanFrom('euskadi', {
    source: 'euskadi L976–1258',
    halfBack: 'L1231–1233',
    limitsAsFrench: 'L1235–1245 (no maxima stated: French by reference, L979–986)',
    announced: 'euskadi L1096–1127',
  }),
  cantabria: americanFrom('cantabria', { source: 'cantabria L474–591', halfBack: 'L569–570', limitsAsFrench: 'L562–585' }),
  'illes-balears': americanFrom('illes-balears', {
    source: 'illes-balears L308–460',
    halfBack: 'L384–385',
    limitsAsFrench: 'L436–460',
    announced: 'illes-balears L387–432',
    evenChanceMinimum: 'illes-balears L442–443',
  }),
  // the text does not state the zeros; French rules by reference: 37 pockets (docs/decisions/open-questions.md#oq-48)
  galicia: americanFrom('galicia', {
    source: 'galicia L198–236',
    halfBack: 'L228',
    limitsAsFrench: 'L230–234',
    evenChanceMinimum: 'galicia L232',
    options: { wheel: cited('single-zero', 'index.md OQ-48') },
  }),
};
