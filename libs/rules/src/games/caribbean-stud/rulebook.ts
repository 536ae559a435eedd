/**
 * Caribbean stud (póker sin descarte): five-card stud against the bank. One rulebook per jurisdiction
 * that regulates it (euskadi 11, cantabria A.14.1, illes-balears 11, andalucia PRIMERO); galicia rules
 * poker by another decree (catalogue.ts). Lines from docs/decisions/games.md#caribbean-stud.
 */
import type { RulebookBase } from '../../core/game';
import { FLUSH_OVER_FULL, STANDARD, type Category, type Ranking } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export type PayTable = Readonly<Partial<Record<Category, Cited<number>>>>;

export interface CaribbeanStudRulebook extends RulebookBase {
  readonly cardsPerHand: Cited<number>;
  /** boxes on the layout (seven in every text) */
  readonly boxes: Cited<number>;
  /** a dealing error (a card too many or too few, a card exposed) voids the whole coup */
  readonly misdeal: Cited<'void'>;
  /** which of the bank's five cards (1-based, in deal order) may be dealt face up */
  readonly bankUpcard: Cited<readonly number[]>;
  /** category order (andalucia ranks a flush above a full house, docs/decisions/open-questions.md#oq-31) */
  readonly ranking: Cited<Ranking>;
  /** the bank plays with A-K or better */
  readonly qualifier: Cited<{ category: Category; ranks: number[] }>;
  /** play ("voy") = 2 × ante */
  readonly playMultiple: Cited<number>;
  /** ante paid when the player beats a qualifying bank, and when the bank does not qualify */
  readonly anteOdds: Cited<number>;
  readonly payTable: PayTable;
  /** the tie: a push of both bets */
  readonly tie: Cited<'push'>;
  /** maximum initial bet as a multiple of the minimum (the largest the text allows) */
  readonly maxInitialMultiple: Cited<number>;
  /** ante bets on one box (seated player and standing players) */
  readonly betsPerBox: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
  readonly insurance: null | { readonly maxFractionOfMinimum: Cited<number>; readonly prizes: PayTable };
  readonly jackpot: {
    readonly maxFractionOfMinimum: Cited<number> | null;
    readonly prizes: Readonly<Partial<Record<Category, Cited<number>>>>;
    /**
     * the share of the jackpot (carousel) stakes that must go to the pool, where the text fixes it; null where
     * it leaves the house's deduction to an authorisation (then the pool's configured rule is judged alone)
     */
    readonly contributionRate: Cited<number> | null;
  };
  /** buy a card: one discard, one card, a fee of `feeMultiple` × ante to the bank; forfeits jackpot and insurance */
  readonly buyCard: null | { readonly feeMultiple: Cited<number>; readonly maxCards: Cited<number>; readonly forfeitsSideBets: Cited<boolean> };
}

const standardPayTable = (j: JurisdictionId, lines: Record<Category, string>): PayTable => {
  const odds: Partial<Record<Category, number>> = {
    'royal-flush': 100,
    'straight-flush': 25,
    'four-of-a-kind': 20,
    'full-house': 7,
    flush: 5,
    straight: 4,
    'three-of-a-kind': 3,
    'two-pair': 2,
    pair: 1,
    'high-card': 1,
  };
  const table: Partial<Record<Category, Cited<number>>> = {};
  for (const [category, n] of Object.entries(odds)) table[category as Category] = cited(n as number, `${j} ${lines[category as Category]}`);
  return table;
};

const INSURANCE_ODDS: Partial<Record<Category, number>> = { 'full-house': 100, 'four-of-a-kind': 300, 'straight-flush': 1000, 'royal-flush': 2000 };
const insurancePrizes = (cite: string): PayTable =>
  Object.fromEntries(Object.entries(INSURANCE_ODDS).map(([c, n]) => [c, cited(n as number, cite)])) as PayTable;

const common = (j: JurisdictionId, source: string) => ({
  game: 'caribbean-stud',
  jurisdiction: j,
  source,
  // five cards to each box and to the bank, in the deal
  cardsPerHand: cited(5, `${j} ${{ euskadi: 'L7268–7275', cantabria: 'L3747–3766', 'illes-balears': 'L2399–2409', andalucia: 'L125', galicia: '' }[j]}`),
  // the bank's last card face up (euskadi L7268–7275, cantabria L3747–3766, andalucia L125); illes-balears overrides
  bankUpcard: cited(
    [5] as readonly number[],
    `${j} ${{ euskadi: 'L7268–7275', cantabria: 'L3747–3766', 'illes-balears': 'L2399–2409', andalucia: 'L125', galicia: '' }[j]}`,
  ),
  ranking: cited(
    STANDARD,
    `${j} ${{ euskadi: 'L6880–6883', cantabria: 'L3521–3523', 'illes-balears': 'L2239–2240', andalucia: 'L57, L87', galicia: '' }[j]} (the ace high, or low before the 2)`,
  ),
  boxes: cited(7, `${j} ${{ euskadi: 'L7003–7006', cantabria: 'L3575–3579', 'illes-balears': 'L2280–2282', andalucia: 'L69', galicia: '' }[j]}`),
  misdeal: cited(
    'void' as const,
    `${j} ${{ euskadi: 'L7384–7387', cantabria: 'L3808–3811', 'illes-balears': 'L2436–2438', andalucia: 'L145', galicia: '' }[j]}`,
  ),
  tie: cited('push' as const, `${j} ${{ euskadi: 'L7145–7149', cantabria: 'L3670–3675', 'illes-balears': 'L2336–2363', andalucia: 'L97', galicia: '' }[j]}`),
  options: {
    // docs/decisions/open-questions.md#oq-06: the play bet is returned when the bank does not qualify
    playWhenBankDoesNotQualify: cited('push', 'index.md OQ-06'),
  },
});

export const EUSKADI: CaribbeanStudRulebook = {
  ...common('euskadi', 'euskadi L6863–7564'),
  qualifier: cited({ category: 'high-card', ranks: [14, 13] }, 'euskadi L7295–7296'),
  playMultiple: cited(2, 'euskadi L7282–7289'),
  anteOdds: cited(1, 'euskadi L7297–7306'),
  payTable: standardPayTable('euskadi', {
    'five-of-a-kind': '',
    'royal-flush': 'L7032–7035',
    'straight-flush': 'L7037–7039',
    'four-of-a-kind': 'L7041–7043',
    'full-house': 'L7045–7048',
    flush: 'L7050–7052',
    straight: 'L7120–7122',
    'three-of-a-kind': 'L7124–7126',
    'two-pair': 'L7128–7131',
    pair: 'L7133–7135',
    'high-card': 'L7137–7142',
  }),
  maxInitialMultiple: cited(50, 'euskadi L7186–7187'),
  betsPerBox: cited(4, 'euskadi L7008–7013'),
  betTypes: {
    ante: cited(true, 'euskadi L7282–7289'),
    play: cited(true, 'euskadi L7282–7289'),
    insurance: cited(true, 'euskadi L7510–7515'),
    jackpot: cited(true, 'euskadi L7400–7417'),
  },
  insurance: { maxFractionOfMinimum: cited(0.5, 'euskadi L7510–7515'), prizes: insurancePrizes('euskadi L7519–7528') },
  jackpot: {
    maxFractionOfMinimum: cited(0.5, 'euskadi L7431–7432'),
    prizes: {
      'royal-flush': cited(1, 'euskadi L7420–7429'),
      'straight-flush': cited(0.1, 'euskadi L7420–7429'),
      'four-of-a-kind': cited(0.05, 'euskadi L7420–7429'),
    },
    // "previa la deducción autorizada a favor del establecimiento" (L7410–7411): the rate is the authorisation's
    contributionRate: null,
  },
  buyCard: {
    feeMultiple: cited(1, 'euskadi L7530–7551; index.md OQ-33 (a fee to the bank)'),
    maxCards: cited(1, 'euskadi L7530–7551'),
    forfeitsSideBets: cited(true, 'euskadi L7544–7551'),
  },
};

export const CANTABRIA: CaribbeanStudRulebook = {
  ...common('cantabria', 'cantabria L3500–3894'),
  qualifier: cited({ category: 'high-card', ranks: [14, 13] }, 'cantabria L3786–3790'),
  playMultiple: cited(2, 'cantabria L3768–3778'),
  anteOdds: cited(1, 'cantabria L3788–3798'),
  payTable: Object.fromEntries(Object.entries(EUSKADI.payTable).map(([c, v]) => [c, cited(v!.value, 'cantabria L3603–3664')])) as PayTable,
  maxInitialMultiple: cited(25, 'cantabria L3724–3726'),
  betsPerBox: cited(3, 'cantabria L3575–3599'),
  betTypes: {
    ante: cited(true, 'cantabria L3768–3778'),
    play: cited(true, 'cantabria L3768–3778'),
    insurance: cited(true, 'cantabria L3838–3840'),
    jackpot: cited(true, 'cantabria L3827–3881'),
  },
  insurance: { maxFractionOfMinimum: cited(0.5, 'cantabria L3838–3840'), prizes: insurancePrizes('cantabria L3850–3857') },
  jackpot: {
    maxFractionOfMinimum: cited(0.5, 'cantabria L3879–3881'),
    prizes: { 'royal-flush': cited(1, 'cantabria L3876–3879'), 'straight-flush': cited(0.1, 'cantabria L3876–3879') },
    // "previa deduccion autorizada a favor del establecimiento" (L3866–3868)
    contributionRate: null,
  },
  buyCard: {
    feeMultiple: cited(1, 'cantabria L3883–3893; index.md OQ-33 (a fee to the bank)'),
    maxCards: cited(1, 'cantabria L3883–3893'),
    // silent on the side bets of a buyer; the progressive is won "con sus cinco primeras cartas" (L3860–3866), so it
    // stands on them: euskadi's forfeiture (L7544–7551) is not this text's (resolutions §1)
    forfeitsSideBets: cited(false, 'cantabria L3860–3866, L3883–3893'),
  },
};

export const ILLES_BALEARS: CaribbeanStudRulebook = {
  ...common('illes-balears', 'illes-balears L2225–2467'),
  // manual deal: the first or the last bank card face up
  bankUpcard: cited([1, 5], 'illes-balears L2399–2409'),
  qualifier: cited({ category: 'high-card', ranks: [14, 13] }, 'illes-balears L2420–2422'),
  playMultiple: cited(2, 'illes-balears L2411–2415'),
  anteOdds: cited(1, 'illes-balears L2420–2432'),
  payTable: Object.fromEntries(Object.entries(EUSKADI.payTable).map(([c, v]) => [c, cited(v!.value, 'illes-balears L2298–2334')])) as PayTable,
  maxInitialMultiple: cited(25, 'illes-balears L2375'),
  betsPerBox: cited(4, 'illes-balears L2277–2293'),
  betTypes: {
    ante: cited(true, 'illes-balears L2411–2415'),
    play: cited(true, 'illes-balears L2411–2415'),
    insurance: cited(true, 'illes-balears L2384–2386'),
    jackpot: cited(true, 'illes-balears L2447–2458'),
  },
  insurance: { maxFractionOfMinimum: cited(0.5, 'illes-balears L2384–2386'), prizes: insurancePrizes('illes-balears L2390–2395') },
  jackpot: {
    maxFractionOfMinimum: null, // stake not stated (docs/decisions/games.md#caribbean-stud Δ jackpot stake)
    prizes: { 'royal-flush': cited(1, 'illes-balears L2453–2455'), 'straight-flush': cited(0.1, 'illes-balears L2453–2455') },
    // "el 90% del valor de les monedes introduïdes s'incorpora a l'acumulat" (issue 14 §2)
    contributionRate: cited(0.9, 'illes-balears L2457–2458'),
  },
  buyCard: {
    feeMultiple: cited(1, 'illes-balears L2460–2467; index.md OQ-33 (a fee to the bank)'),
    maxCards: cited(1, 'illes-balears L2460–2467'),
    // silent on the side bets of a buyer: euskadi's forfeiture (L7544–7551) is not this text's (resolutions §1)
    forfeitsSideBets: cited(false, 'illes-balears L2460–2467'),
  },
};

export const ANDALUCIA: CaribbeanStudRulebook = {
  ...common('andalucia', 'andalucia L49–147'),
  // docs/decisions/open-questions.md#oq-31: the literal order, flush above full house (andalucia L83–85); OQ-32: the trío breaks full-house ties
  ranking: cited(FLUSH_OVER_FULL, 'andalucia L83–85; index.md OQ-31'),
  qualifier: cited({ category: 'high-card', ranks: [14, 13] }, 'andalucia L129'),
  playMultiple: cited(2, 'andalucia L127'),
  anteOdds: cited(1, 'andalucia L129–131'),
  payTable: {
    ...Object.fromEntries(Object.entries(EUSKADI.payTable).map(([c, v]) => [c, cited(v!.value, 'andalucia L73–95')])),
    flush: cited(7, 'andalucia L83; index.md OQ-31'),
    'full-house': cited(5, 'andalucia L85; index.md OQ-31'),
  } as PayTable,
  maxInitialMultiple: cited(25, 'andalucia L119'),
  betsPerBox: cited(1, 'andalucia L69'),
  betTypes: {
    ante: cited(true, 'andalucia L127'),
    play: cited(true, 'andalucia L127'),
    insurance: cited(false, 'andalucia L49–147 (no insurance in the text)'),
    jackpot: cited(true, 'andalucia L137–141'),
  },
  insurance: null,
  jackpot: {
    maxFractionOfMinimum: null,
    prizes: { 'royal-flush': cited(1, 'andalucia L141'), 'straight-flush': cited(0.1, 'andalucia L141') },
    // "La totalidad de las cantidades acumuladas en las mesas conformarán el carrusel" (L141) says what the
    // carousel is made of, not what share of a coin is accumulated: no rate is judged
    contributionRate: null,
  },
  buyCard: null,
  options: {
    ...common('andalucia', 'andalucia L49–147').options,
    fullHouseTieBreak: cited('trio-first', 'index.md OQ-32'),
  },
};

export const rulebooks: Partial<Record<JurisdictionId, CaribbeanStudRulebook>> = {
  euskadi: EUSKADI,
  cantabria: CANTABRIA,
  'illes-balears': ILLES_BALEARS,
  andalucia: ANDALUCIA,
};
