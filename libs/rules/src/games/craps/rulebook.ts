/**
 * Craps rulebooks: euskadi 06, cantabria A.7, illes-balears 06, galicia 09 (andalucia lists "Dados" without
 * rules). The four texts agree on every payout; they differ on the simple-chance maximum (galicia 100 ×),
 * on whether the pass/come odds maximum is stated (euskadi: docs/decisions/open-questions.md#oq-17) and on the place-bet list
 * (docs/decisions/open-questions.md#oq-18); galicia's layout labels are docs/decisions/open-questions.md#oq-19. One common rulebook is built from the
 * values, each cited at the line of the jurisdiction's own text.
 */
import type { RulebookBase } from '../../core/game';
import { Ratio, ratio, toOne } from '../../core/dice';
import { cited, Cited, JurisdictionId } from '../../core/types';

export const POINT_NUMBERS = [4, 5, 6, 8, 9, 10] as const;
export type PointNumber = (typeof POINT_NUMBERS)[number];

/** One-roll and fixed-ratio bets: pays the same ratio whatever the point. */
export const FIXED_BETS = [
  'pass',
  'dont-pass',
  'come',
  'dont-come',
  'field',
  'big-6',
  'big-8',
  'under-7',
  'over-7',
  'hard-4',
  'hard-6',
  'hard-8',
  'hard-10',
  'any-7',
  'yo-11',
  'any-craps',
  'craps-2',
  'craps-3',
  'craps-12',
  'horn',
] as const;
export type FixedBet = (typeof FIXED_BETS)[number];
export const ODDS_BETS = ['pass-odds', 'come-odds', 'dont-pass-odds', 'dont-come-odds'] as const;
export type OddsBet = (typeof ODDS_BETS)[number];
export const PLACE_BETS = ['place-to-win', 'place-to-lose'] as const;
export type PlaceBet = (typeof PLACE_BETS)[number];
export const CRAPS_BET_TYPES = [...FIXED_BETS, ...ODDS_BETS, ...PLACE_BETS] as const;
export type CrapsBetType = (typeof CRAPS_BET_TYPES)[number];

/** "simple chances" (1:1, max S) and "multiple chances" (max stake whose win is ≤ 3 × S) */
export const SIMPLE_CHANCES: readonly CrapsBetType[] = ['pass', 'dont-pass', 'come', 'dont-come', 'field', 'big-6', 'big-8', 'under-7', 'over-7'];

export type PerPoint<T> = Readonly<Record<PointNumber, T>>;
/** How galicia's layout labels are read (docs/decisions/open-questions.md#oq-19): the rules ("N veces" = N to 1) or the labels "X for 1". */
export type LayoutReading = 'rules' | 'for-one';

export interface CrapsRulebook extends RulebookBase {
  readonly game: 'craps';
  readonly dice: Cited<number>;
  /** come-out: naturals win the pass line, craps lose it; the bar number is a push on the don't side */
  readonly comeOut: { readonly naturals: Cited<readonly number[]>; readonly craps: Cited<readonly number[]>; readonly bar: Cited<number> };
  readonly points: Cited<readonly PointNumber[]>;
  /** where each bet is defined, and what it pays */
  readonly payouts: Readonly<Record<FixedBet, Cited<Ratio>>>;
  /** the field's double-paying totals */
  readonly fieldDouble: Cited<{ readonly totals: readonly number[]; readonly pays: Ratio }>;
  readonly fieldTotals: Cited<readonly number[]>;
  readonly passOdds: Cited<PerPoint<Ratio>>;
  readonly dontOdds: Cited<PerPoint<Ratio>>;
  readonly placeToWin: Cited<PerPoint<Ratio>>;
  readonly placeToLose: Cited<PerPoint<Ratio>>;
  /** numbers the place bets may be made on (8 per docs/decisions/open-questions.md#oq-18, option `placeEight`) */
  readonly placeNumbers: Cited<readonly PointNumber[]>;
  /** Win (and come) bets play to a decision: they cannot be withdrawn */
  readonly lineBetsStay: Cited<boolean>;
  /** the player who throws the dice bets the Win or the Don't Win before throwing them */
  readonly shooterBetsLine: Cited<boolean>;
  /** the dice change hands when the 7 makes the Win lose (the seven-out): a new shooter */
  readonly diceChangeHands: Cited<'seven-out'>;
  /** odds only on a simple bet with a known point */
  readonly oddsNeedPoint: Cited<boolean>;
  readonly limits: {
    /** the simple-chance maximum S lies between these multiples of the table minimum */
    readonly simpleMaxTimesMin: Cited<{ readonly from: number; readonly to: number }>;
    /** multiple chances: max stake such that the win is ≤ this × S */
    readonly multipleWinTimesS: Cited<number>;
    /** pass/come odds ≤ this × the flat bet */
    readonly oddsTimesFlat: Cited<number>;
    /** don't odds ≤ this × the flat bet, per point */
    readonly dontOddsTimesFlat: Cited<PerPoint<number>>;
    readonly placeToWinTimesS: Cited<PerPoint<number>>;
    readonly placeToLoseTimesS: Cited<PerPoint<number>>;
  };
  readonly options: Readonly<Record<string, Cited<unknown>>>;
}

type Line =
  | 'source'
  | 'dice'
  | 'simple'
  | 'pass'
  | 'dontPass'
  | 'come'
  | 'dontCome'
  | 'field'
  | 'big'
  | 'underOver'
  | 'hard'
  | 'any7'
  | 'yo11'
  | 'anyCraps'
  | 'crapsN'
  | 'horn'
  | 'odds'
  | 'dontOdds'
  | 'place'
  | 'right'
  | 'wrong'
  | 'oddsGeneral'
  | 'lineStays'
  | 'simpleMax'
  | 'multipleMax'
  | 'oddsMax'
  | 'dontOddsMax'
  | 'rightMax'
  | 'wrongMax'
  | 'shooterLine'
  | 'diceChange';

export type CrapsJurisdiction = Extract<JurisdictionId, 'euskadi' | 'cantabria' | 'illes-balears' | 'galicia'>;

/** Where each rule is, per jurisdiction (docs/decisions/games.md#craps; the jurisdiction files). */
const LINES: Readonly<Record<CrapsJurisdiction, Readonly<Record<Line, string>>>> = {
  euskadi: {
    source: 'L3077–3834',
    dice: 'L3155–3174',
    simple: 'L3209',
    pass: 'L3211–3221',
    dontPass: 'L3289–3295',
    come: 'L3297–3306',
    dontCome: 'L3308–3316',
    field: 'L3322–3328',
    big: 'L3330–3344',
    underOver: 'L3419–3429',
    hard: 'L3434–3442',
    any7: 'L3444–3447',
    yo11: 'L3449–3452',
    anyCraps: 'L3454–3457',
    crapsN: 'L3459–3472',
    horn: 'L3474–3478',
    // the Spanish of section C is split by the OCR: L3480–3481, then L3550–3578
    odds: 'L3554–3559, L3568–3572',
    dontOdds: 'L3561–3566, L3574–3578',
    place: 'L3580–3583',
    right: 'L3585–3591',
    wrong: 'L3593–3600',
    oddsGeneral: 'L3480–3481, L3550–3552',
    lineStays: 'L3318–3321',
    simpleMax: 'L3666–3668',
    multipleMax: 'L3670–3674',
    // the limits (L3666–3694) state no maximum for the Win and Come odds: docs/decisions/open-questions.md#oq-17 (see rulebooks.euskadi)
    oddsMax: 'L3666–3694',
    dontOddsMax: 'L3676–3682',
    rightMax: 'L3684–3688',
    wrongMax: 'L3690–3694',
    // the Spanish sentence on the dice changing hands is lost from the OCR at L3220; the Basque keeps it
    shooterLine: 'L3817–3821',
    diceChange: 'L3222–3223',
  },
  cantabria: {
    source: 'L1321–1666',
    dice: 'L1332–1353',
    simple: 'L1383',
    pass: 'L1385–1395',
    dontPass: 'L1397–1402',
    come: 'L1404–1412',
    dontCome: 'L1414–1421',
    field: 'L1427–1431',
    big: 'L1433–1445',
    underOver: 'L1447–1455',
    hard: 'L1460–1467',
    any7: 'L1469–1471',
    yo11: 'L1473–1475',
    anyCraps: 'L1477–1479',
    crapsN: 'L1481–1491',
    horn: 'L1493–1496',
    odds: 'L1504–1510, L1521–1526',
    dontOdds: 'L1512–1519, L1528–1533',
    place: 'L1535–1538',
    right: 'L1540–1546',
    wrong: 'L1548–1555',
    oddsGeneral: 'L1498–1502',
    lineStays: 'L1423–1425',
    simpleMax: 'L1563–1565',
    multipleMax: 'L1567–1571',
    oddsMax: 'L1573–1576',
    dontOddsMax: 'L1578–1584',
    rightMax: 'L1586–1589',
    wrongMax: 'L1591–1595',
    shooterLine: 'L1662–1665',
    diceChange: 'L1393–1395',
  },
  'illes-balears': {
    source: 'L909–1182',
    dice: 'L919–934',
    simple: 'L960',
    pass: 'L962–969',
    dontPass: 'L971–976',
    come: 'L978–984',
    dontCome: 'L986–992',
    field: 'L997–1001',
    big: 'L1003–1015',
    underOver: 'L1017–1031',
    hard: 'L1035–1041',
    any7: 'L1043–1045',
    yo11: 'L1047–1049',
    anyCraps: 'L1051–1053',
    crapsN: 'L1055–1065',
    horn: 'L1067–1071',
    odds: 'L1077–1080, L1087–1090',
    dontOdds: 'L1082–1085, L1092–1095',
    place: 'L1097–1099',
    right: 'L1101–1105',
    wrong: 'L1107–1112',
    oddsGeneral: 'L1073–1075',
    lineStays: 'L994–995',
    simpleMax: 'L1117–1118',
    multipleMax: 'L1120–1122',
    oddsMax: 'L1124–1126',
    dontOddsMax: 'L1128–1131',
    rightMax: 'L1133–1135',
    wrongMax: 'L1137–1139',
    shooterLine: 'L1180–1182',
    diceChange: 'L968–969',
  },
  galicia: {
    source: 'L834–992',
    dice: 'L838, L882–886',
    simple: 'L902',
    pass: 'L904, L912',
    dontPass: 'L906',
    come: 'L908',
    dontCome: 'L910',
    field: 'L914',
    big: 'L916–918',
    underOver: 'L920–922',
    hard: 'L926–928',
    any7: 'L930',
    yo11: 'L932',
    anyCraps: 'L934',
    crapsN: 'L936–940',
    horn: 'L942',
    odds: 'L946, L950',
    dontOdds: 'L948, L952',
    place: 'L954',
    right: 'L956',
    wrong: 'L958',
    oddsGeneral: 'L944',
    lineStays: 'L912',
    simpleMax: 'L962',
    multipleMax: 'L964',
    oddsMax: 'L966',
    dontOddsMax: 'L968',
    rightMax: 'L970',
    wrongMax: 'L972',
    shooterLine: 'L992',
    diceChange: 'L904',
  },
};

const perPoint = <T>(four: T, five: T, six: T): PerPoint<T> => ({ 4: four, 10: four, 5: five, 9: five, 6: six, 8: six });

function crapsRulebook(
  j: CrapsJurisdiction,
  overrides: (base: CrapsRulebook, c: (line: Line) => string) => Partial<CrapsRulebook> = () => ({}),
): CrapsRulebook {
  const c = (line: Line) => `${j} ${LINES[j][line]}`;
  // the simple chances are "paid at par" in the heading that lists them ("Suertes sencillas, que se pagarán a la par")
  const par = (line: Line) => `${j} ${LINES[j].simple}, ${LINES[j][line]}`;
  const base: CrapsRulebook = {
    game: 'craps',
    jurisdiction: j,
    source: c('source'),
    dice: cited(2, c('dice')),
    comeOut: { naturals: cited([7, 11], c('pass')), craps: cited([2, 3, 12], c('pass')), bar: cited(12, c('dontPass')) },
    points: cited(POINT_NUMBERS, c('pass')),
    payouts: {
      pass: cited(toOne(1), par('pass')),
      'dont-pass': cited(toOne(1), par('dontPass')),
      come: cited(toOne(1), par('come')),
      'dont-come': cited(toOne(1), par('dontCome')),
      field: cited(toOne(1), par('field')),
      'big-6': cited(toOne(1), par('big')),
      'big-8': cited(toOne(1), par('big')),
      'under-7': cited(toOne(1), par('underOver')),
      'over-7': cited(toOne(1), par('underOver')),
      'hard-4': cited(toOne(7), c('hard')),
      'hard-10': cited(toOne(7), c('hard')),
      'hard-6': cited(toOne(9), c('hard')),
      'hard-8': cited(toOne(9), c('hard')),
      'any-7': cited(toOne(4), c('any7')),
      'yo-11': cited(toOne(15), c('yo11')),
      'any-craps': cited(toOne(7), c('anyCraps')),
      'craps-2': cited(toOne(30), c('crapsN')),
      'craps-3': cited(toOne(15), c('crapsN')),
      'craps-12': cited(toOne(30), c('crapsN')),
      horn: cited(toOne(4), c('horn')),
    },
    fieldTotals: cited([2, 3, 4, 9, 10, 11, 12], c('field')),
    fieldDouble: cited({ totals: [2, 12], pays: toOne(2) }, c('field')),
    passOdds: cited(perPoint(toOne(2), ratio(3, 2), ratio(6, 5)), c('odds')),
    dontOdds: cited(perPoint(ratio(1, 2), ratio(2, 3), ratio(5, 6)), c('dontOdds')),
    placeToWin: cited(perPoint(ratio(9, 5), ratio(7, 5), ratio(7, 6)), c('right')),
    placeToLose: cited(perPoint(ratio(5, 11), ratio(5, 8), ratio(4, 5)), c('wrong')),
    // every text lists "4, 5, 6, 9 or 10" though it pays 6/8 (euskadi L3580–3583 too): 8 per docs/decisions/open-questions.md#oq-18
    placeNumbers: cited(POINT_NUMBERS, `${c('place')}; index.md OQ-18`),
    lineBetsStay: cited(true, c('lineStays')),
    shooterBetsLine: cited(true, c('shooterLine')),
    diceChangeHands: cited('seven-out', c('diceChange')),
    oddsNeedPoint: cited(true, c('oddsGeneral')),
    limits: {
      simpleMaxTimesMin: cited({ from: 20, to: 1000 }, c('simpleMax')),
      multipleWinTimesS: cited(3, c('multipleMax')),
      oddsTimesFlat: cited(1, c('oddsMax')),
      dontOddsTimesFlat: cited(perPoint(2, 1.5, 1.2), c('dontOddsMax')),
      placeToWinTimesS: cited(perPoint(1, 1, 1.2), c('rightMax')),
      placeToLoseTimesS: cited(perPoint(2.2, 1.6, 1.25), c('wrongMax')),
    },
    options: { placeEight: cited(true, 'index.md OQ-18') },
  };
  return { ...base, ...overrides(base, c) };
}

export const rulebooks: Readonly<Record<CrapsJurisdiction, CrapsRulebook>> = {
  // Δ pass/come odds maximum not stated: = the flat bet (docs/decisions/open-questions.md#oq-17)
  euskadi: crapsRulebook('euskadi', (base) => ({
    limits: { ...base.limits, oddsTimesFlat: cited(1, 'index.md OQ-17') },
    options: { ...base.options, oddsTimesFlat: cited(1, 'index.md OQ-17') },
  })),
  cantabria: crapsRulebook('cantabria'),
  'illes-balears': crapsRulebook('illes-balears'),
  // Δ simple-chance maximum from 100 × the minimum; layout labels "X for 1" (docs/decisions/open-questions.md#oq-19)
  galicia: crapsRulebook('galicia', (base, c) => ({
    limits: { ...base.limits, simpleMaxTimesMin: cited({ from: 100, to: 1000 }, c('simpleMax')) },
    options: { ...base.options, layoutReading: cited<LayoutReading>('rules', 'index.md OQ-19') },
  })),
};

/** Galicia's layout labels (galicia L842–880) read as "X for 1": the one-roll bets whose label differs from the rules. */
export const GALICIA_LABELS_FOR_ONE: Readonly<Partial<Record<FixedBet, Cited<Ratio>>>> = {
  'yo-11': cited(toOne(14), 'galicia L842–880 ("15 for 1"), index.md OQ-19'),
  'craps-3': cited(toOne(14), 'galicia L842–880 ("15 for 1"), index.md OQ-19'),
  'craps-2': cited(toOne(29), 'galicia L842–880 ("30 for 1"), index.md OQ-19'),
  'craps-12': cited(toOne(29), 'galicia L842–880 ("30 for 1"), index.md OQ-19'),
};
