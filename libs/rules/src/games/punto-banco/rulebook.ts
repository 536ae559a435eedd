/**
 * Punto y banca rulebooks (docs/decisions/games.md#punto-banco): the house holds the bank; players bet on the
 * punto (`player`), the banca (`banker`) and the tie. One common base, jurisdictions override what
 * their text says differently (the Δ rows).
 */
import { BaccaratDrawingRules, PUNTO_BANCO_BANKER_TABLE, PUNTO_BANCO_PUNTO_RULE } from '../../core/baccarat';
import type { RulebookBase } from '../../core/game';
import { Cited, cited, JurisdictionId } from '../../core/types';

export type TableFormat = 'full' | 'mini' | 'midi';
export type CommissionMode = 'standard' | 'no-commission';

export interface PuntoBancoRulebook extends RulebookBase, BaccaratDrawingRules {
  readonly game: 'punto-banco';
  /** net odds N to 1 */
  readonly payouts: { readonly player: Cited<number>; readonly banker: Cited<number>; readonly tie: Cited<number> };
  /** what happens to player and banker bets on a tie */
  readonly tieOnEvenBets: Cited<'push'>;
  /** the commission rates a session may set (inclusive): "up to 5 %" or exactly 5 % */
  readonly commissionRange: Cited<{ readonly min: number; readonly max: number }>;
  /** optional no-commission variant: a banker win with `bankerTotal` has `deduction` of the win taken */
  readonly noCommissionVariant?: Cited<{ readonly bankerTotal: number; readonly deduction: number }>;
  /** any bet's maximum is at most this multiple of the table minimum */
  readonly maxMultipleOfMinimum: Cited<number>;
  /** the table maximum the text lets a casino set, as multiples of the table minimum: a range or a list */
  readonly maxMultiples: Cited<{ readonly between?: readonly [number, number]; readonly oneOf?: readonly number[] }>;
  /** the tie bet's maximum as a share of the table maximum, where the text sets one */
  readonly tieMaxShareOfTableMax?: Cited<number>;
  /** seats of the reduced tables */
  readonly seats: Cited<Readonly<Record<Exclude<TableFormat, 'full'>, number>>>;
}

/**
 * No text states the punto bet's odds for the standard table: the house "collects and pays the bets"
 * (euskadi L4185–4186) and only euskadi's optional no-commission table says the other hands are paid
 * "a la par" (L4196–4198). Even money is the game's universal pay.
 */
const PLAYER_EVEN_MONEY =
  'INDUSTRY-STANDARD: even money (no text states the punto bet\'s odds for the standard table; euskadi L4196–4198 pays "a la par" on its no-commission table)';

type Lines = Record<
  'source' | 'decks' | 'stop' | 'afterStop' | 'burn' | 'deal' | 'natural' | 'punto' | 'banker' | 'commission' | 'tie' | 'tiePush' | 'max' | 'seats',
  string
>;

/** Everything the four texts share, with each jurisdiction's own line numbers. */
function rulebook(jurisdiction: JurisdictionId, at: Lines, extra: Partial<PuntoBancoRulebook> = {}): PuntoBancoRulebook {
  const j = (lines: string) =>
    lines
      .split('; ')
      .map((l) => (l.startsWith('index.md') || l.startsWith('INDUSTRY') ? l : `${jurisdiction} ${l}`))
      .join('; ');
  return {
    game: 'punto-banco',
    jurisdiction,
    source: j(at.source),
    decks: cited(6, j(at.decks)),
    stopCardFromEnd: cited(7, j(at.stop)),
    coupsAfterStop: cited(0, j(at.afterStop)),
    // "El valor de aquella determinará el número de cartas que serán inutilizadas": whether the exposed card
    // is one of them is not said, so both counts are accepted (the independent reading found the same gap)
    burn: cited('value-with-or-without-the-exposed-card', `${j(at.burn)}; index.md OQ-22`),
    dealOrder: cited(['player', 'banker', 'player', 'banker'], j(at.deal)),
    natural: cited([8, 9], j(at.natural)),
    puntoRule: cited(PUNTO_BANCO_PUNTO_RULE, j(at.punto)),
    // the banker's table is lost or damaged in every text: the standard table (docs/decisions/open-questions.md#oq-01)
    bankerTable: cited(PUNTO_BANCO_BANKER_TABLE, 'index.md OQ-01'),
    payouts: { player: cited(1, PLAYER_EVEN_MONEY), banker: cited(1, j(at.banker)), tie: cited(8, j(at.tie)) },
    tieOnEvenBets: cited('push', j(at.tiePush)),
    commissionRange: cited({ min: 0.05, max: 0.05 }, j(at.commission)),
    maxMultipleOfMinimum: cited(100, j(at.max)),
    maxMultiples: cited({ between: [20, 100] }, j(at.max)),
    seats: cited({ mini: 7, midi: 9 }, j(at.seats)),
    options: {
      commissionRate: cited(0.05, j(at.commission)),
      commissionMode: cited('standard', j(at.commission)),
      tableFormat: cited('full', j(at.seats)),
    },
    ...extra,
  };
}

export const rulebooks: Partial<Record<JurisdictionId, PuntoBancoRulebook>> = {
  euskadi: rulebook(
    'euskadi',
    {
      source: 'L3836–4426',
      decks: 'L3849–3852',
      stop: 'L4300–4304',
      afterStop: 'L4304–4307',
      burn: 'L4309–4314',
      deal: 'L4316–4323',
      natural: 'L4223–4227',
      punto: 'L4229–4236',
      banker: 'L4185–4189',
      commission: 'L4185–4189; index.md OQ-21',
      tie: 'L4218–4221',
      tiePush: 'L4218–4220',
      max: 'L4203–4206; index.md OQ-20',
      seats: 'L3940–3961',
    },
    {
      // "hasta el 5 por 100" (euskadi L4185–4189): any rate up to 5 %, default 5 % (docs/decisions/open-questions.md#oq-21)
      commissionRange: cited({ min: 0, max: 0.05 }, 'euskadi L4185–4189; index.md OQ-21'),
      noCommissionVariant: cited({ bankerTotal: 6, deduction: 0.5 }, 'euskadi L4191–4198'),
    },
  ),
  cantabria: rulebook(
    'cantabria',
    {
      source: 'L1930–2196',
      decks: 'L1945–1947',
      stop: 'L2133–2137',
      afterStop: 'L2137–2141',
      burn: 'L2143–2148',
      deal: 'L2150–2157',
      natural: 'L2089–2093',
      punto: 'L2097–2103',
      banker: 'L2052–2057',
      commission: 'L2052–2057',
      tie: 'L2083–2087',
      tiePush: 'L2083–2087',
      max: 'L2061–2063',
      seats: 'L2181–2196',
    },
    {
      // "será fijado para cada mesa en 50 o 100 veces el mínimo"
      maxMultiples: cited({ oneOf: [50, 100] }, 'cantabria L2061–2063'),
      // the one text that prints the table, garbled by the OCR: rows 0–6 (L2108–2118) and row 7 astray (L2058)
      bankerTable: cited(PUNTO_BANCO_BANKER_TABLE, 'cantabria L2105–2118; cantabria L2058; index.md OQ-01'),
    },
  ),
  'illes-balears': rulebook(
    'illes-balears',
    {
      source: 'L1184–1371',
      decks: 'L1195–1197',
      stop: 'L1338–1341',
      afterStop: 'L1341–1343',
      burn: 'L1345–1348',
      deal: 'L1350–1354',
      natural: 'L1317–1319',
      punto: 'L1324–1325',
      banker: 'L1295–1298',
      commission: 'L1295–1298',
      tie: 'L1311–1315',
      tiePush: 'L1311–1315',
      max: 'L1301–1303',
      seats: 'L1214–1232',
    },
    {
      tieMaxShareOfTableMax: cited(0.1, 'illes-balears L1313–1315'),
      // "és fixat per a cada taula en 25, 50 o 100 vegades el mínim"
      maxMultiples: cited({ oneOf: [25, 50, 100] }, 'illes-balears L1301–1303'),
    },
  ),
  galicia: rulebook(
    'galicia',
    {
      source: 'L424–496',
      decks: 'L428',
      stop: 'L482',
      afterStop: 'L482',
      burn: 'L484',
      deal: 'L486',
      natural: 'L468',
      punto: 'L474–476',
      banker: 'L458',
      commission: 'L458',
      tie: 'L466',
      tiePush: 'L466',
      max: 'L460; index.md OQ-20',
      seats: 'L432–434',
    },
    { tieMaxShareOfTableMax: cited(0.1, 'galicia L466') },
  ),
};
