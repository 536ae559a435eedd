/**
 * Boule (docs/decisions/games.md#boule): numbers 1–9 on a plate, straight 7:1, even chances 1:1, and the 5 belongs to no
 * even chance (all lose). Maxima between 40 × and 100 × the minimum on a number and 200 × to 500 × on even
 * chances: the session sets them per bet type; without, the top of the range is the maximum flagged.
 */
import type { LayoutRulebook } from '../../core/roulette';
import type { Cited, JurisdictionId } from '../../core/types';
import { cited } from '../../core/types';

export interface BouleRulebook extends LayoutRulebook {
  readonly game: 'boule';
  /** holes on the plate: 18, each number twice (probabilities 1/9 either way) */
  readonly holes: Cited<number>;
}

interface BouleLines {
  readonly source: string;
  readonly plate: string;
  readonly straight: string;
  readonly evenChances: string;
  readonly maxima: string;
  readonly holes: Cited<number>;
  /** the hole count is a session option where the text reads two ways (euskadi: docs/decisions/open-questions.md#oq-49) */
  readonly holesAnOption?: boolean;
}

function boule(j: JurisdictionId, l: BouleLines): BouleRulebook {
  const c = (line: string) => `${j} ${line}`;
  const even = c(l.evenChances);
  return {
    game: 'boule',
    jurisdiction: j,
    source: c(l.source),
    wheel: cited('boule', c(l.plate)),
    holes: l.holes,
    payTable: { 1: cited(7, c(l.straight)), 4: cited(1, even) },
    betTypes: { straight: c(l.straight), red: even, black: even, even: even, odd: even, low: even, high: even },
    zeroOnEvenChances: cited('lose', even),
    limits: { kind: 'ranges', straight: cited([40, 100] as const, c(l.maxima)), evenChances: cited([200, 500] as const, c(l.maxima)) },
    options: {
      straightMaximum: cited(100, c(l.maxima)),
      evenChanceMaximum: cited(500, c(l.maxima)),
      ...(l.holesAnOption ? { holes: l.holes } : {}),
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, BouleRulebook>> = {
  // "two rows, eighteen holes" vs Basque "two rows of eighteen holes": 18 (docs/decisions/open-questions.md#oq-49)
  euskadi: boule('euskadi', {
    source: 'L2528–2796',
    plate: 'L2548–2556',
    straight: 'L2660–2662',
    evenChances: 'L2662–2667',
    maxima: 'L2681–2685',
    holes: cited(18, 'euskadi L2547–2550, eu L2484–2485 (18, not 36: index.md OQ-49)'),
    holesAnOption: true,
  }),
  cantabria: boule('cantabria', {
    source: 'L1043–1159',
    plate: 'L1064–1072',
    straight: 'L1112–1114',
    evenChances: 'L1116–1123',
    maxima: 'L1137–1142',
    holes: cited(18, 'cantabria L1064–1065'),
  }),
  'illes-balears': boule('illes-balears', {
    source: 'L686–795',
    plate: 'L703–709',
    straight: 'L749–750',
    evenChances: 'L751–754',
    maxima: 'L764–767',
    holes: cited(18, 'illes-balears L703–704'),
  }),
  galicia: boule('galicia', { source: 'L334–372', plate: 'L340', straight: 'L358', evenChances: 'L360', maxima: 'L364', holes: cited(18, 'galicia L340') }),
};
