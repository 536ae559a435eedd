/**
 * Chemin de fer rulebooks (docs/decisions/games.md#chemin-de-fer): a player holds the bank against the puntos;
 * the house takes a cagnotte on the banker's winnings. One common base, jurisdictions override the
 * Δ rows (cagnotte "up to" in euskadi, the legibility of the drawing rules, the garage, the abono).
 */
import { BaccaratDrawingRules, CHEMIN_BANKER_TABLE, CHEMIN_PUNTO_RULE } from '../../core/baccarat';
import type { RulebookBase } from '../../core/game';
import { Cited, cited, JurisdictionId } from '../../core/types';

export type BankerDrawing = 'table' | 'free';

export interface CheminDeFerRulebook extends RulebookBase, BaccaratDrawingRules {
  readonly game: 'chemin-de-fer';
  /** a winning punto is paid even money by the bank (no text states the odds: "pagando el croupier al ganador") */
  readonly puntoPays: Cited<number>;
  readonly tie: Cited<'push'>;
  /** the banker is free except on 0 (he must draw); bound by the table once he asks for it */
  readonly bankerFreedom: Cited<'free-except-zero'>;
  /** a punto who goes banco is free of the punto's rule, when the director of games authorised it before the partida */
  readonly bancoFreeDraw: Cited<'when-authorised'>;
  /** the cagnotte rates a session may set (inclusive) */
  readonly cagnotteRange: Cited<{ readonly min: number; readonly max: number }>;
  /** the puntos' stakes together never exceed the bank ("hacer banco") */
  readonly puntoMaximumIsBank: Cited<true>;
  /** the bank's maximum as a multiple of the punto minimum (unless the session has an unlimited bank) */
  readonly bankMaxMultiple: Cited<number>;
  /** the bank is at least the punto minimum */
  readonly bankMinimumIsPuntoMinimum: Cited<true>;
  /** "banco con la mesa": the stake is this share of the bank */
  readonly bancoConLaMesaShare: Cited<number>;
  /**
   * "banco seguido" belongs to the player who went banco and lost, and to the sole bettor against the
   * bank when nobody went banco (and he lost)
   */
  readonly bancoSuivi: Cited<'loser-of-last-banco-or-sole-bettor'>;
  /**
   * players at the table, the banker among them, for the game to begin, kept throughout the partida: judged
   * at each coup's first card against the `PlayersSeated` last recorded (bets do not show it: a seated player
   * need not bet, a standing one may); not judged while none is
   */
  readonly minimumPlayers: Cited<number>;
  /** the bank passes to the right when the banker loses */
  readonly bankPassesOnLoss: Cited<true>;
  /** documented for the inspector; not judged (no garage facts yet) */
  readonly voluntaryGarage: Cited<string>;
  /** cantabria only: up to three "abonos" once the bank is covered */
  readonly abonos?: Cited<number>;
}

type Lines = Record<
  | 'source'
  | 'decks'
  | 'stop'
  | 'afterStop'
  | 'deal'
  | 'natural'
  | 'punto'
  | 'table'
  | 'freedom'
  | 'askTable'
  | 'bancoFree'
  | 'pays'
  | 'tie'
  | 'cagnotte'
  | 'puntoMax'
  | 'bankMax'
  | 'bankMin'
  | 'conLaMesa'
  | 'suivi'
  | 'soleBettor'
  | 'minPlayers'
  | 'pass'
  | 'garage',
  string
>;

function rulebook(jurisdiction: JurisdictionId, at: Lines, garage: string, extra: Partial<CheminDeFerRulebook> = {}): CheminDeFerRulebook {
  const j = (lines: string) =>
    lines
      .split('; ')
      .map((l) => (l.startsWith('index.md') || l.startsWith('INDUSTRY') ? l : `${jurisdiction} ${l}`))
      .join('; ');
  return {
    game: 'chemin-de-fer',
    jurisdiction,
    source: j(at.source),
    decks: cited(6, j(at.decks)),
    stopCardFromEnd: cited(7, j(at.stop)),
    coupsAfterStop: cited(0, j(at.afterStop)),
    // the text sets no burn (the independent reading found none either): burned cards are not counted
    burn: cited('not-regulated', 'no burn in the text; index.md OQ-22 applies to punto y banca only'),
    dealOrder: cited(['player', 'banker', 'player', 'banker'], j(at.deal)),
    natural: cited([8, 9], j(at.natural)),
    puntoRule: cited(CHEMIN_PUNTO_RULE, j(at.punto)),
    bankerTable: cited(CHEMIN_BANKER_TABLE, j(at.table)),
    bankerFreedom: cited('free-except-zero', j(`${at.freedom}; ${at.askTable}`)),
    bancoFreeDraw: cited('when-authorised', j(at.bancoFree)),
    puntoPays: cited(1, j(at.pays)),
    tie: cited('push', j(at.tie)),
    cagnotteRange: cited({ min: 0.05, max: 0.05 }, j(at.cagnotte)),
    puntoMaximumIsBank: cited(true, j(at.puntoMax)),
    bankMaxMultiple: cited(100, j(at.bankMax)),
    bankMinimumIsPuntoMinimum: cited(true, j(at.bankMin)),
    bancoConLaMesaShare: cited(0.5, j(at.conLaMesa)),
    bancoSuivi: cited('loser-of-last-banco-or-sole-bettor', j(`${at.suivi}; ${at.soleBettor}`)),
    minimumPlayers: cited(4, j(at.minPlayers)),
    bankPassesOnLoss: cited(true, j(at.pass)),
    voluntaryGarage: cited(garage, j(at.garage)),
    options: {
      cagnotteRate: cited(0.05, j(at.cagnotte)),
      // the banker may draw or stand except on 0, unless he asks for the table (BankerTableRequested);
      // 'table' is for a session whose bankers all asked for it
      bankerDrawing: cited('free', j(`${at.freedom}; ${at.askTable}`)),
      // the director's authorisation, given before the partida, that a punto who goes banco plays free
      bancoFreeDrawAuthorised: cited(false, j(at.bancoFree)),
      unlimitedBank: cited(false, j(at.bankMax)),
    },
    ...extra,
  };
}

const ABOVE_50 = 'winnings above 50 × the punto minimum may be set aside (garaged) instead of joining the bank';

export const rulebooks: Partial<Record<JurisdictionId, CheminDeFerRulebook>> = {
  euskadi: rulebook(
    'euskadi',
    {
      source: 'L4428–5729',
      decks: 'L4441–4443',
      stop: 'L5117–5120',
      afterStop: 'L5121–5124',
      deal: 'L4998–4999; L5313–5317',
      natural: 'L5065–5069',
      punto: 'L5077; index.md OQ-03',
      table: 'L5347–5365; index.md OQ-02',
      freedom: 'L5083–5086',
      askTable: 'L5097–5099',
      bancoFree: 'L5079–5083',
      pays: 'INDUSTRY-STANDARD; L5324–5326',
      tie: 'L4995–4996',
      cagnotte: 'L4949–4951; index.md OQ-23',
      puntoMax: 'L4937–4941',
      bankMax: 'L4943–4947',
      bankMin: 'L4943–4947',
      conLaMesa: 'L5211–5215',
      suivi: 'L5241–5243',
      soleBettor: 'L5309–5311',
      minPlayers: 'L5103–5106',
      pass: 'L4725–4727',
      garage: 'L4959–4966',
    },
    ABOVE_50,
    // "hasta un 5 por 100" (euskadi L4949–4951): any rate up to 5 %, default 5 % (docs/decisions/open-questions.md#oq-23)
    { cagnotteRange: cited({ min: 0, max: 0.05 }, 'euskadi L4949–4951; index.md OQ-23') },
  ),
  cantabria: rulebook(
    'cantabria',
    {
      source: 'L2198–2895',
      decks: 'L2214–2216',
      stop: 'L2617–2620',
      afterStop: 'L2620–2623',
      deal: 'L2522–2525; L2703–2707',
      natural: 'L2525–2528',
      punto: 'L3101–3105; index.md OQ-03',
      table: 'L2536–2552; index.md OQ-02',
      freedom: 'L2558–2561',
      askTable: 'L2574–2576',
      bancoFree: 'L2554–2558',
      pays: 'INDUSTRY-STANDARD; L2715–2718',
      tie: 'L2519–2520',
      cagnotte: 'L2467–2469',
      puntoMax: 'L2455–2459',
      bankMax: 'L2461–2465',
      bankMin: 'L2461–2465',
      conLaMesa: 'L2643–2645',
      suivi: 'L2673–2675',
      soleBettor: 'L2699–2701',
      minPlayers: 'L2602–2605',
      pass: 'L2376–2379',
      garage: 'L2475–2489',
    },
    'from the 2nd pass the banker may set aside half the bank; if the bank was not fully covered he may ask to double the amount that played, the rest to garage',
    { abonos: cited(3, 'cantabria L2578–2583; cantabria L2594–2595') },
  ),
  'illes-balears': rulebook(
    'illes-balears',
    {
      source: 'L1373–1843',
      decks: 'L1386–1387',
      stop: 'L1641–1643',
      afterStop: 'L1643–1645',
      deal: 'L1597–1599; L1699–1701',
      natural: 'L1599–1600',
      punto: 'L1602–1610',
      table: 'L1721–1733; index.md OQ-02',
      freedom: 'L1614–1616',
      askTable: 'L1625–1626',
      bancoFree: 'L1612–1614',
      pays: 'INDUSTRY-STANDARD; L1707–1708',
      tie: 'L1595',
      cagnotte: 'L1562–1563',
      puntoMax: 'L1553–1555',
      bankMax: 'L1557–1560',
      bankMin: 'L1557–1558; index.md OQ-24',
      conLaMesa: 'L1658–1660',
      suivi: 'L1678–1679',
      soleBettor: 'L1696–1697',
      minPlayers: 'L1630–1632',
      pass: 'L1500–1501',
      garage: 'L1571–1573',
    },
    ABOVE_50,
  ),
  galicia: rulebook(
    'galicia',
    {
      source: 'L502–688',
      decks: 'L506',
      stop: 'L606',
      afterStop: 'L606',
      deal: 'L586; L632',
      natural: 'L586',
      punto: 'L588–594',
      table: 'index.md OQ-02',
      freedom: 'L596',
      askTable: 'L600',
      bancoFree: 'L596',
      pays: 'INDUSTRY-STANDARD; L634',
      tie: 'L584',
      cagnotte: 'L570',
      puntoMax: 'L566',
      bankMax: 'L568',
      bankMin: 'L568',
      conLaMesa: 'L614–616',
      suivi: 'L620',
      soleBettor: 'L630',
      minPlayers: 'L602',
      pass: 'L544',
      garage: 'L574',
    },
    ABOVE_50,
  ),
};
