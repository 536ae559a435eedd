/**
 * Blackjack rulebooks (docs/decisions/games.md#blackjack): one per jurisdiction that catalogues the game with rules,
 * built from the rules the four texts share, with each Δ row as an override.
 */
import type { BlackjackRulebook, SevensPrizes } from '../../core/blackjack-rulebook';
import { cited, JurisdictionId } from '../../core/types';

const E = 'euskadi';
const C = 'cantabria';
const I = 'illes-balears';
const G = 'galicia';

const COMMON: Omit<BlackjackRulebook, 'jurisdiction' | 'source' | 'options'> = {
  game: 'blackjack',
  decks: cited(6, 'euskadi L1335–1337'),
  burnCards: cited(5, 'euskadi L2160–2162'),
  cutCardReserveDecks: cited(1, 'euskadi L2150–2153'),
  coupsAfterCut: cited(0, 'euskadi L2164–2167'),
  // the seated players' paragraph has no minimum of hands (euskadi L1482–1502)
  minimumHands: cited(null, 'euskadi L1482–1502'),
  boxes: cited(7, 'cantabria L683–685'),
  mostBoxes: cited(7, 'cantabria L683–685'),
  betsPerBox: cited(null, 'illes-balears L531–533'),
  winPays: cited(1, 'euskadi L1636–1637'),
  blackjackPays: cited(1.5, 'euskadi L1637–1640'),
  insurancePays: cited(2, 'euskadi L1646–1727'),
  insuranceMaxShare: cited(0.5, 'euskadi L1646–1727'),
  insuranceMinShareOfTableMin: cited(null, 'euskadi L1646–1727'),
  dealerHitsSoft17: cited(false, 'euskadi L1604–1616'),
  // "si todos los jugadores se hubiesen pasado, el croupier no necesitará tomar más cartas"
  dealerDrawsOnlyAgainstLiveHand: cited(false, 'euskadi L1613–1615'),
  playerStopsAt: cited(21, 'euskadi L1592–1602'),
  splitAcesOneCard: cited(true, 'euskadi L1736–1764'),
  tiePushes: cited(true, 'euskadi L1631–1634'),
  evenMoney: cited(true, 'euskadi L1731–1734'),
  // "antes de que el croupier comience a dar la tercera carta en cada una de las casillas"
  evenMoneyUntil: cited('first-third-card', 'euskadi L1731–1734'),
  doubleOnTotals: cited(null, 'euskadi L1767–1773'),
  doubleAfterSplit: cited(true, 'euskadi L1767–1773'),
  threeSevensPays: cited(null, 'euskadi L1636–1641'),
  maxMultipleOfMin: cited(200, 'euskadi L2116–2118'),
  maxTiers: cited([25, 50, 100, 200], 'euskadi L2116–2118'),
  maxIsPerHandSum: cited(true, 'euskadi L2120–2122'),
  maxAcrossControlledHands: cited(false, 'euskadi L2120–2122'),
  betsBeforeDeal: cited(true, 'euskadi L2032–2035'),
  pairs: cited(null, 'games.md blackjack: pairs n/c'),
  sevens: cited(null, 'games.md blackjack: sevens n/c'),
};

/** The sevens minimum prizes shared by euskadi and cantabria; only the jackpot floor differs. */
const sevensPrizes = (suitedPair: number, jackpotFloor: number): SevensPrizes => ({
  odds: { seven: 2, 'two-sevens': 10, 'two-suited-sevens': suitedPair, 'three-sevens': 200 },
  jackpotFloor,
});

type Override = Partial<BlackjackRulebook> & Pick<BlackjackRulebook, 'source'>;

function rulebook(jurisdiction: JurisdictionId, override: Override): BlackjackRulebook {
  const base = { ...COMMON, jurisdiction, ...override };
  return {
    ...base,
    // the rule values a session may set, with their defaults (roundEnv overlays TableSessionOpened.options)
    options: {
      dealerHitsSoft17: base.dealerHitsSoft17,
      // offered unless the session says otherwise; each rulebook's options below cite its own surrender lines
      surrender: cited(true, base.source),
      ...(override.options ?? {}),
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, BlackjackRulebook>> = {
  euskadi: rulebook(E, {
    source: 'euskadi L1327–2182',
    boxes: cited(9, 'euskadi L1486–1488'),
    mostBoxes: cited(9, 'euskadi L1485–1488'),
    betsPerBox: cited(4, 'euskadi L1490–1498'),
    pairs: cited({ perfect: 25, colour: 12, mixed: 6, minShareOfTableMin: 0.5, maxMultipleOfMin: 30, betsPerBox: 4 }, 'euskadi L1777–1891'),
    sevens: cited({ maxShareOfTableMin: 0.5, prizes: sevensPrizes(50, 2000) }, 'euskadi L1893–2006; index.md OQ-13'),
    options: {
      // docs/decisions/open-questions.md#oq-12: the text says an ace in a doubled hand counts 1
      doubleAceCountsOne: cited(true, 'index.md OQ-12'),
      // docs/decisions/open-questions.md#oq-13: two suited 7s pay 50:1 (Spanish) rather than 10:1 (Basque)
      sevensSuitedPairPays: cited(50, 'index.md OQ-13'),
      pairsAllowed: cited(true, 'euskadi L2024–2028'),
      sevensAllowed: cited(true, 'euskadi L2024–2028'),
      surrender: cited(true, 'euskadi L2009–2028'),
      // the casino's posted prize table; null: the minimum ("como mínimo") is what is paid
      sevensPrizes: cited(null, 'euskadi L1979–2007'),
    },
  }),
  cantabria: rulebook(C, {
    source: 'cantabria L620–1041',
    decks: cited(6, 'cantabria L632–634'),
    burnCards: cited(5, 'cantabria L1031–1033'),
    cutCardReserveDecks: cited(1, 'cantabria L1025–1028'),
    coupsAfterCut: cited(0, 'cantabria L1035–1039'),
    // "No podrá iniciarse o continuar la partida con menos de dos manos apostadas"
    minimumHands: cited(2, 'cantabria L754–755'),
    betsPerBox: cited(3, 'cantabria L774–775'),
    winPays: cited(1, 'cantabria L836–847'),
    blackjackPays: cited(1.5, 'cantabria L836–847'),
    insurancePays: cited(2, 'cantabria L854–874'),
    insuranceMaxShare: cited(0.5, 'cantabria L854–874'),
    dealerHitsSoft17: cited(false, 'cantabria L805–819'),
    // "el croupier se dará a sí mismo una o varias cartas, siempre que tenga competidor"
    dealerDrawsOnlyAgainstLiveHand: cited(true, 'cantabria L805–807'),
    playerStopsAt: cited(21, 'cantabria L790–803'),
    splitAcesOneCard: cited(true, 'cantabria L880–907'),
    tiePushes: cited(true, 'cantabria L836–841'),
    evenMoney: cited(true, 'cantabria L876–878'),
    // no deadline in the text
    evenMoneyUntil: cited('dealer-draws', 'cantabria L876–878'),
    insuranceMinShareOfTableMin: cited(0.5, 'cantabria L854–874'),
    doubleOnTotals: cited(null, 'cantabria L909–916'),
    betsBeforeDeal: cited(true, 'cantabria L980–983'),
    maxMultipleOfMin: cited(200, 'cantabria L991–993'),
    maxTiers: cited([50, 100, 200], 'cantabria L991–993'),
    // 21 with three 7s pays double unless the bank wins (its blackjack, L845–847) or makes three 7s too
    threeSevensPays: cited(2, 'cantabria L845–852'),
    maxIsPerHandSum: cited(true, 'cantabria L995–998'),
    maxAcrossControlledHands: cited(false, 'cantabria L995–998'),
    sevens: cited({ maxShareOfTableMin: 0.5, prizes: sevensPrizes(50, 5000) }, 'cantabria L926–976'),
    options: {
      surrender: cited(true, 'cantabria L918–924'),
      sevensAllowed: cited(true, 'cantabria L926–976'),
      // the casino's posted prize table; null: the minimum ("como mínimo") is what is paid
      sevensPrizes: cited(null, 'cantabria L941–976'),
    },
  }),
  'illes-balears': rulebook(I, {
    source: 'illes-balears L462–684',
    decks: cited(6, 'illes-balears L474–477'),
    burnCards: cited(5, 'illes-balears L678–679'),
    cutCardReserveDecks: cited(1, 'illes-balears L673–675'),
    coupsAfterCut: cited(0, 'illes-balears L681–683'),
    // the seated players' paragraph has no minimum of hands (illes-balears L525–537)
    minimumHands: cited(null, 'illes-balears L525–537'),
    boxes: cited(7, 'illes-balears L498–501'),
    // "la modalitat a nou": nine boxes
    mostBoxes: cited(9, 'illes-balears L527–531'),
    doubleOnTotals: cited(null, 'illes-balears L627–632'),
    winPays: cited(1, 'illes-balears L585–588'),
    blackjackPays: cited(1.5, 'illes-balears L585–588'),
    insurancePays: cited(2, 'illes-balears L590–605'),
    insuranceMaxShare: cited(0.5, 'illes-balears L590–605'),
    dealerHitsSoft17: cited(false, 'illes-balears L561–569'),
    // the dealer's paragraph has no competitor clause
    dealerDrawsOnlyAgainstLiveHand: cited(false, 'illes-balears L561–569'),
    playerStopsAt: cited(21, 'illes-balears L554–559'),
    // one line of the split rule is lost in the OCR: split hands played as in the other texts (docs/decisions/open-questions.md#oq-51)
    splitAcesOneCard: cited(true, 'illes-balears L607–625; index.md OQ-51'),
    tiePushes: cited(true, 'illes-balears L580–583'),
    evenMoney: cited(true, 'illes-balears L604–605'),
    // no deadline in the text
    evenMoneyUntil: cited('dealer-draws', 'illes-balears L604–605'),
    betsBeforeDeal: cited(true, 'illes-balears L647–650'),
    maxMultipleOfMin: cited(200, 'illes-balears L656–657'),
    maxTiers: cited([20, 25, 50, 100, 200], 'illes-balears L656–657'),
    maxIsPerHandSum: cited(true, 'illes-balears L659–660'),
    // "El màxim s'entén per mà i pot ser sobrepassat en el supòsit d'un jugador assegut, titular de diverses mans"
    maxAcrossControlledHands: cited(false, 'illes-balears L659–660'),
    // accumulated prizes may be authorised, with no prize table in the text (docs/decisions/open-questions.md#oq-52)
    sevens: cited({ maxShareOfTableMin: null, prizes: null }, 'illes-balears L640–645; index.md OQ-52'),
    options: {
      surrender: cited(true, 'illes-balears L634–638'),
      // the "a nou" version has 9 boxes (illes-balears L527–531)
      boxes: cited(7, 'illes-balears L498–501, L527–531'),
      sevensAllowed: cited(true, 'illes-balears L640–645'),
      // prize table from the casino's authorisation: { seven: 2, ... , jackpotFloor } (docs/decisions/open-questions.md#oq-52)
      sevensPrizes: cited(null, 'index.md OQ-52'),
    },
  }),
  galicia: rulebook(G, {
    source: 'galicia L242–328',
    decks: cited(6, 'galicia L246'),
    burnCards: cited(5, 'galicia L326'),
    cutCardReserveDecks: cited(1, 'galicia L324'),
    coupsAfterCut: cited(0, 'galicia L328'),
    // "Non poderá iniciarse ou continuar a partida con menos de dúas mans apostadas"
    minimumHands: cited(2, 'galicia L264'),
    boxes: cited(7, 'galicia L262'),
    mostBoxes: cited(7, 'galicia L262'),
    betsPerBox: cited(3, 'galicia L272'),
    doubleOnTotals: cited([9, 10, 11], 'galicia L308–310'),
    doubleAfterSplit: cited(true, 'galicia L308–310'),
    winPays: cited(1, 'galicia L294'),
    blackjackPays: cited(1.5, 'galicia L294'),
    insurancePays: cited(2, 'galicia L296–298'),
    insuranceMaxShare: cited(0.5, 'galicia L296–298'),
    dealerHitsSoft17: cited(false, 'galicia L284–286'),
    // the dealer's paragraph has no competitor clause
    dealerDrawsOnlyAgainstLiveHand: cited(false, 'galicia L284–286'),
    playerStopsAt: cited(21, 'galicia L282'),
    splitAcesOneCard: cited(true, 'galicia L300–306'),
    tiePushes: cited(true, 'galicia L292'),
    // not stated; equivalent to insuring a blackjack for half the bet (galicia L296–298)
    evenMoney: cited(true, 'INDUSTRY-STANDARD (galicia L296–298)'),
    // even money is the insurance of a blackjack for half the stake: the insurance's deadline (galicia L296)
    evenMoneyUntil: cited('first-third-card', 'galicia L296'),
    betsBeforeDeal: cited(true, 'galicia L314'),
    maxMultipleOfMin: cited(200, 'galicia L318'),
    maxTiers: cited([20, 25, 50, 100, 200], 'galicia L318'),
    maxIsPerHandSum: cited(true, 'galicia L318'),
    maxAcrossControlledHands: cited(false, 'galicia L318'),
    options: { surrender: cited(true, 'galicia L312') },
  }),
};
