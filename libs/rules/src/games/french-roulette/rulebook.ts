/**
 * French roulette rulebooks (docs/decisions/games.md#french-roulette): one single-zero wheel, the pay table by numbers
 * covered, the prison on even chances, maxima n × k × m. The four texts agree on pay and prison; they differ
 * on the maximum tiers, the even-chance minimum and the announced bets (Δ rows).
 */
import type { LayoutRulebook } from '../../core/roulette';
import type { Cited, JurisdictionId } from '../../core/types';
import { cited } from '../../core/types';
import { phrase } from '../../core/phrase';
import type { RulebookWarning } from '../../core/game';
import type { PayTable } from '../../core/wheel';
import type { PrisonRules } from '../../core/wheel-game';

export interface FrenchRouletteRulebook extends LayoutRulebook {
  readonly game: 'french-roulette';
  readonly prison: PrisonRules;
}

type Lines = Record<'straight' | 'split' | 'street' | 'corner' | 'sixLine' | 'columnDozen' | 'twoColumnsDozens' | 'evenChances', string>;

/** Pay-table lines per jurisdiction (docs/decisions/games.md#french-roulette, "Bets and payouts"). */
export const FRENCH_PAY_LINES: Record<'euskadi' | 'cantabria' | 'illes-balears' | 'galicia', Lines> = {
  euskadi: {
    straight: 'L490–492',
    split: 'L494–496',
    street: 'L498–506',
    corner: 'L508–512, L584–585',
    sixLine: 'L587–589',
    columnDozen: 'L591–599',
    twoColumnsDozens: 'L601–607',
    evenChances: 'L716–726',
  },
  cantabria: {
    straight: 'L256–259',
    split: 'L261–264',
    street: 'L266–277',
    corner: 'L279–285',
    sixLine: 'L287–291',
    columnDozen: 'L293–301',
    twoColumnsDozens: 'L303–310',
    evenChances: 'L315–326',
  },
  'illes-balears': {
    straight: 'L163–164',
    split: 'L166–167',
    street: 'L169–174',
    corner: 'L176–180',
    sixLine: 'L182–183',
    columnDozen: 'L185–190',
    twoColumnsDozens: 'L192–196',
    evenChances: 'L201–206',
  },
  galicia: {
    straight: 'L142',
    split: 'L144',
    street: 'L146',
    corner: 'L148',
    sixLine: 'L150',
    columnDozen: 'L152–154',
    twoColumnsDozens: 'L156–158',
    evenChances: 'L130–132',
  },
};

/** The roulette pay table, "N veces la postura" = N to 1 (docs/decisions/games.md payout convention). */
export function roulettePayTable(j: JurisdictionId, lines: Lines): PayTable {
  const c = (line: string) => `${j} ${line}`;
  return {
    1: cited(35, c(lines.straight)),
    2: cited(17, c(lines.split)),
    3: cited(11, c(lines.street)),
    4: cited(8, c(lines.corner)),
    6: cited(5, c(lines.sixLine)),
    12: cited(2, c(lines.columnDozen)),
    18: cited(1, c(lines.evenChances)),
    24: cited(0.5, c(lines.twoColumnsDozens)),
  };
}

/** The bet types every roulette text offers, with the line that offers them. */
export function layoutBetTypes(j: JurisdictionId, lines: Lines): Record<string, string> {
  const c = (line: string) => `${j} ${line}`;
  return {
    straight: c(lines.straight),
    split: c(lines.split),
    street: c(lines.street),
    corner: c(lines.corner),
    'six-line': c(lines.sixLine),
    column: c(lines.columnDozen),
    dozen: c(lines.columnDozen),
    'two-columns': c(lines.twoColumnsDozens),
    'two-dozens': c(lines.twoColumnsDozens),
    red: c(lines.evenChances),
    black: c(lines.evenChances),
    even: c(lines.evenChances),
    odd: c(lines.evenChances),
    low: c(lines.evenChances),
    high: c(lines.evenChances),
  };
}

export const announcedBetTypes = (cite: string): Record<string, string> => ({ neighbours: cite, voisins: cite, tiers: cite, orphelins: cite });

interface FrenchDiffs {
  readonly source: string;
  /** the line describing the single-zero wheel */
  readonly wheel: string;
  readonly prison: PrisonRules;
  readonly tiers: Cited<readonly number[]>;
  readonly evenChanceMinimumUpTo?: Cited<number>;
  readonly announced?: string;
  readonly options: Readonly<Record<string, Cited<unknown>>>;
  readonly informational?: readonly RulebookWarning[];
}

function french(j: 'euskadi' | 'cantabria' | 'illes-balears' | 'galicia', diffs: FrenchDiffs): FrenchRouletteRulebook {
  const lines = FRENCH_PAY_LINES[j];
  return {
    game: 'french-roulette',
    jurisdiction: j,
    source: diffs.source,
    wheel: cited('single-zero', diffs.wheel),
    payTable: roulettePayTable(j, lines),
    betTypes: { ...layoutBetTypes(j, lines), ...(diffs.announced ? announcedBetTypes(diffs.announced) : {}) },
    zeroOnEvenChances: cited('prison-or-half-back', diffs.prison.option.cite),
    prison: diffs.prison,
    limits: { kind: 'tiers', tiers: diffs.tiers, evenChanceMinimumUpTo: diffs.evenChanceMinimumUpTo },
    options: diffs.options,
    warnings: diffs.informational,
  };
}

const prison = (j: JurisdictionId, option: string, freed: string, repeated: string, belowMinimum: string, lastSpin: string): PrisonRules => ({
  option: cited('half back, or the whole bet en prison', `${j} ${option}`),
  freed: cited('next spin not 0: winning imprisoned bets freed, the others lost', `${j} ${freed}`),
  repeatedZeros: cited('same option at each further zero, the value halved each time', `${j} ${repeated}`),
  belowMinimum: cited('a value below the table minimum stays in prison until freed', `${j} ${belowMinimum}`),
  lastSpin: cited('0 on the last spin of the session: forced refund of 1/2, 1/4, 1/8… of the stake', `${j} ${lastSpin}`),
});

const tierOption = (cite: string) => ({ maximumTier: cited(20, cite) });

export const rulebooks: Partial<Record<JurisdictionId, FrenchRouletteRulebook>> = {
  euskadi: french('euskadi', {
    source: 'euskadi L253–974',
    wheel: 'euskadi L347–360',
    prison: prison('euskadi', 'L727–731', 'L731–734', 'L736–739', 'L740–741', 'L743–746'),
    tiers: cited([10, 20, 30, 50], 'euskadi L759–761, L768–779'),
    evenChanceMinimumUpTo: cited(5, 'euskadi L759–765'),
    announced: 'euskadi L609–649',
    options: { ...tierOption('index.md OQ-45'), evenChanceMinimum: cited(1, 'euskadi L759–765') },
  }),
  cantabria: french('cantabria', {
    source: 'cantabria L145–473',
    wheel: 'cantabria L162–176',
    prison: prison('cantabria', 'L328–336', 'L333–336', 'L338–342', 'L342–344', 'L346–351'),
    tiers: cited([20], 'cantabria L360–375'),
    options: tierOption('cantabria L360–375'),
    // "podrá" keep one table at the authorised minimum: information only (docs/decisions/open-questions.md#oq-46)
    informational: [
      {
        ...cited('keeping one table at the authorised minimum is read as an option, not an obligation', 'index.md OQ-46'),
        phrase: phrase('judge.warning.minimumTableOption'),
      },
    ],
  }),
  'illes-balears': french('illes-balears', {
    source: 'illes-balears L94–306',
    wheel: 'illes-balears L107–115',
    prison: prison('illes-balears', 'L208–211', 'L211–213', 'L215–218', 'L218–219', 'L221–224'),
    tiers: cited([10, 20, 30], 'illes-balears L234–245'),
    evenChanceMinimumUpTo: cited(5, 'illes-balears L230–232'),
    options: { ...tierOption('index.md OQ-45'), evenChanceMinimum: cited(1, 'illes-balears L230–232') },
  }),
  galicia: french('galicia', {
    source: 'galicia L96–196',
    wheel: 'galicia L104',
    prison: prison('galicia', 'L134', 'L134', 'L136', 'L136', 'L138'),
    tiers: cited([10, 20, 30], 'galicia L168–170'),
    evenChanceMinimumUpTo: cited(5, 'galicia L166'),
    options: { ...tierOption('index.md OQ-45'), evenChanceMinimum: cited(1, 'galicia L166') },
  }),
};
