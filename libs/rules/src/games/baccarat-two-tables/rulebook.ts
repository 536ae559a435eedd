/**
 * Baccarat à deux tableaux rulebooks (docs/decisions/games.md#baccarat-two-tables): one player's bank against
 * two paños, each with its own punto hand; the house takes a cagnotte of 2 % (limited bank) or
 * 1.25 % (free bank) on the banker's net win of the coup (docs/decisions/open-questions.md#oq-11). Chemin de fer rules
 * apply unless stated (euskadi L6106–6211).
 */
import { BaccaratDrawingRules, CHEMIN_BANKER_TABLE, CHEMIN_PUNTO_RULE } from '../../core/baccarat';
import type { RulebookBase } from '../../core/game';
import { Cited, cited, JurisdictionId } from '../../core/types';

export type BankMode = 'limited' | 'free';

export interface BaccaratTwoTablesRulebook extends RulebookBase, BaccaratDrawingRules {
  readonly game: 'baccarat-two-tables';
  readonly puntoPays: Cited<number>;
  readonly tie: Cited<'push'>;
  /** a two-card 8 beats an 8 or 9 made with three cards */
  readonly naturalBeatsThreeCards: Cited<true>;
  /**
   * the banker may draw or stand (on 0 he must draw, the chemin-de-fer rule applying with general
   * character) unless he asks for the table; then bound where it says the same for both paños
   */
  readonly bankerFreedom: Cited<'free-except-zero'>;
  /** the player who goes banco (both paños, at the start of the partida) is exempt from the punto's rule */
  readonly bancoFreeDraw: Cited<'always'>;
  /**
   * players per paño for the game to begin, kept throughout the partida: judged at each coup's first card
   * against the `PlayersSeated` last recorded (bets do not show who plays); not judged while none is
   */
  readonly minimumPlayersPerPano: Cited<number>;
  /** cagnotte rate by bank mode, on the banker's net win of the coup */
  readonly cagnotteRates: Cited<Readonly<Record<BankMode, number>>>;
  readonly cagnotteBase: Cited<'net'>;
  /** limited bank: it answers only for the amount on the table; free bank: no cap on the stakes */
  readonly bankModes: Cited<Readonly<Record<BankMode, string>>>;
  /** a bet on the line between the paños plays half on each, the larger part on paño 1 */
  readonly lineBetSplit: Cited<'half-each-larger-to-first'>;
  /** documented for the inspector (not judged): who must staff the table */
  readonly minimumStaff: Cited<readonly string[]>;
}

type Lines = Record<
  | 'source'
  | 'decks'
  | 'stop'
  | 'afterStop'
  | 'deal'
  | 'punto'
  | 'bancoFree'
  | 'banker'
  | 'general'
  | 'cheminFreedom'
  | 'natural'
  | 'cagnotte'
  | 'trigger'
  | 'modes'
  | 'line'
  | 'staff'
  | 'minPlayers'
  | 'pays'
  | 'tie',
  string
>;

function rulebook(jurisdiction: JurisdictionId, at: Lines, staff: readonly string[]): BaccaratTwoTablesRulebook {
  const j = (lines: string) =>
    lines
      .split('; ')
      .map((l) => (l.startsWith('index.md') || l.startsWith('INDUSTRY') ? l : `${jurisdiction} ${l}`))
      .join('; ');
  return {
    game: 'baccarat-two-tables',
    jurisdiction,
    source: j(at.source),
    decks: cited(6, j(at.decks)),
    stopCardFromEnd: cited(10, j(at.stop)),
    coupsAfterStop: cited(0, j(at.afterStop)),
    // the text sets no burn (the independent reading found none either): burned cards are not counted
    burn: cited('not-regulated', 'no burn in the text; index.md OQ-22 applies to punto y banca only'),
    dealOrder: cited(['player:1', 'player:2', 'banker', 'player:1', 'player:2', 'banker'], j(at.deal)),
    natural: cited([8, 9], j(at.punto)),
    puntoRule: cited(CHEMIN_PUNTO_RULE, j(at.punto)),
    // the chemin-de-fer table (euskadi L6125–6130), whose damaged cells follow docs/decisions/open-questions.md#oq-02
    bankerTable: cited(CHEMIN_BANKER_TABLE, j(`${at.banker}; index.md OQ-02`)),
    bankerFreedom: cited('free-except-zero', j(`${at.banker}; ${at.general}; ${at.cheminFreedom}`)),
    bancoFreeDraw: cited('always', j(at.bancoFree)),
    minimumPlayersPerPano: cited(2, j(at.minPlayers)),
    // no text states the odds: each paño is paid by the bank as in chemin de fer, whose rules apply generally
    puntoPays: cited(1, j(at.pays)),
    tie: cited('push', j(at.tie)),
    naturalBeatsThreeCards: cited(true, j(at.natural)),
    cagnotteRates: cited({ limited: 0.02, free: 0.0125 }, j(at.cagnotte)),
    cagnotteBase: cited('net', j(`${at.trigger}; index.md OQ-11`)),
    bankModes: cited({ limited: 'the bank answers only for the amount on the table', free: 'the bank answers every bet, no cap on the stakes' }, j(at.modes)),
    lineBetSplit: cited('half-each-larger-to-first', j(at.line)),
    minimumStaff: cited(staff, j(at.staff)),
    options: {
      bankMode: cited('limited', j(at.modes)),
      // the banker may draw or stand (on 0 he must draw) unless he asks for the table
      // (BankerTableRequested); 'table' is for a session whose bankers all asked for it
      bankerDrawing: cited('free', j(`${at.banker}; ${at.general}; ${at.cheminFreedom}`)),
    },
  };
}

export const rulebooks: Partial<Record<JurisdictionId, BaccaratTwoTablesRulebook>> = {
  euskadi: rulebook(
    'euskadi',
    {
      source: 'L5731–6627',
      decks: 'L5822–5826',
      stop: 'L6219–6223',
      afterStop: 'L6223–6226',
      deal: 'L6249–6256',
      punto: 'L6117–6123',
      bancoFree: 'L6121–6123',
      banker: 'L6125–6130',
      general: 'L6108–6111',
      cheminFreedom: 'L5083–5086',
      minPlayers: 'L6214–6217',
      natural: 'L6132–6133',
      cagnotte: 'L6101–6104',
      trigger: 'L6265–6269; L6335–6337',
      modes: 'L5741–5753; L6084–6094',
      line: 'L6239–6247',
      staff: 'L5861–5868',
      pays: 'INDUSTRY-STANDARD; L6108–6111',
      tie: 'L6108–6111; L4995–4996',
    },
    ['inspector', 'croupier'],
  ),
  cantabria: rulebook(
    'cantabria',
    {
      source: 'L2896–3352',
      decks: 'L2925–2930',
      stop: 'L3142–3147',
      afterStop: 'L3147–3150',
      deal: 'L3175–3178',
      punto: 'L3101–3105',
      bancoFree: 'L3106–3107',
      banker: 'L3109–3115',
      general: 'L3091–3093',
      cheminFreedom: 'L2558–2561',
      minPlayers: 'L3137–3140',
      natural: 'L3117–3118',
      cagnotte: 'L3084–3087',
      trigger: 'L3192–3199',
      modes: 'L2907–2920; L3064–3066',
      line: 'L3164–3173',
      staff: 'L2969–2978',
      pays: 'INDUSTRY-STANDARD; L3091–3093',
      tie: 'L3091–3093; L2519–2520',
    },
    ['inspector', 'croupier', 'cambista'],
  ),
  'illes-balears': rulebook(
    'illes-balears',
    {
      source: 'L1845–2158',
      decks: 'L1868–1871',
      stop: 'L2017–2020',
      afterStop: 'L2020–2021',
      deal: 'L2037–2039',
      punto: 'L1988–1992',
      bancoFree: 'L1991–1992',
      banker: 'L1994–1997',
      general: 'L1981–1983',
      cheminFreedom: 'L1614–1616',
      minPlayers: 'L2014–2015',
      natural: 'L1999–2000',
      cagnotte: 'L1975–1977',
      trigger: 'L2048–2051',
      modes: 'L1849–1862; L1963–1964',
      line: 'L2030–2035',
      staff: 'L1897–1902',
      pays: 'INDUSTRY-STANDARD; L1981–1983',
      tie: 'L1981–1983; L1595',
    },
    ['cap de taula', 'croupier', 'canvista', 'auxiliary'],
  ),
  galicia: rulebook(
    'galicia',
    {
      source: 'L694–828',
      decks: 'L704',
      stop: 'L764',
      afterStop: 'L764',
      deal: 'L770',
      punto: 'L752',
      bancoFree: 'L752',
      banker: 'L754',
      general: 'L748',
      cheminFreedom: 'L596',
      minPlayers: 'L762',
      natural: 'L756',
      cagnotte: 'L744',
      trigger: 'L772',
      modes: 'L698–700; L740',
      line: 'L768',
      staff: 'L714',
      pays: 'INDUSTRY-STANDARD; L748',
      tie: 'L748; L584',
    },
    ['inspector', 'croupier', 'cambista', 'auxiliary'],
  ),
};
