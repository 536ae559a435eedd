/**
 * Trijoker (Let-It-Ride type; no joker despite the name): euskadi 13, cantabria A.14.2, illes-balears 13.
 * Lines from docs/decisions/games.md#trijoker (euskadi 13).
 */
import type { RulebookBase } from '../../core/game';
import type { Category } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export type PayTable = Readonly<Partial<Record<Category, Cited<number>>>>;

export interface TrijokerRulebook extends RulebookBase {
  readonly playerCards: Cited<number>;
  readonly commonCards: Cited<number>;
  /** three equal bets, one per box */
  readonly equalBets: Cited<boolean>;
  /** bets that may be withdrawn, and before which common card is revealed (1 = left, 2 = right); bet-3 never */
  readonly withdrawable: Readonly<Record<string, Cited<number>>>;
  /** the smallest paying hand: a pair of jacks */
  readonly minimumHand: Cited<{ category: Category; ranks: number[] }>;
  readonly payTable: PayTable;
  /** min and max apply to each box; max as a multiple of the minimum */
  readonly maxInitialMultiple: Cited<number>;
  readonly betsPerBox: Cited<number>;
  /** boxes on the layout (one player each) */
  readonly boxes: Cited<number>;
  /** a common card exposed during the deal voids the hand when it is this rank or higher (a jack) */
  readonly exposedCommonVoidsFrom: Cited<number>;
  /** a player's own card exposed during the deal: the hand goes on, or is void (cantabria: no exception) */
  readonly exposedPlayerCard: Cited<'continue' | 'void'>;
}

const ODDS: Partial<Record<Category, number>> = {
  pair: 1,
  'two-pair': 2,
  'three-of-a-kind': 3,
  straight: 5,
  flush: 8,
  'full-house': 11,
  'four-of-a-kind': 50,
  'straight-flush': 200,
  'royal-flush': 500,
};

interface Lines {
  source: string;
  deal: string;
  bets: string;
  decisions: string;
  payTable: string;
  minimum: string;
  limits: string;
  multiple: number;
  players: string;
  exposed: string;
  playerExposed: 'continue' | 'void';
  playerExposedLines: string;
}

const build = (j: JurisdictionId, l: Lines): TrijokerRulebook => ({
  game: 'trijoker',
  jurisdiction: j,
  source: `${j} ${l.source}`,
  playerCards: cited(3, `${j} ${l.deal}`),
  commonCards: cited(2, `${j} ${l.deal}`),
  equalBets: cited(true, `${j} ${l.bets}`),
  withdrawable: { 'bet-1': cited(1, `${j} ${l.decisions}`), 'bet-2': cited(2, `${j} ${l.decisions}`) },
  minimumHand: cited({ category: 'pair', ranks: [11] }, `${j} ${l.minimum}`),
  payTable: Object.fromEntries(Object.entries(ODDS).map(([c, n]) => [c, cited(n as number, `${j} ${l.payTable}`)])) as PayTable,
  maxInitialMultiple: cited(l.multiple, `${j} ${l.limits}`),
  betsPerBox: cited(1, `${j} ${l.players}`),
  boxes: cited(7, `${j} ${l.players}`),
  exposedCommonVoidsFrom: cited(11, `${j} ${l.exposed}`),
  exposedPlayerCard: cited(l.playerExposed, `${j} ${l.playerExposedLines}`),
});

export const rulebooks: Partial<Record<JurisdictionId, TrijokerRulebook>> = {
  euskadi: build('euskadi', {
    source: 'L8481–8995',
    deal: 'L8850–8858',
    bets: 'L8845–8849',
    decisions: 'L8866–8882',
    payTable: 'L8738–8756',
    minimum: 'L8484–8489, L8885–8893',
    limits: 'L8771–8776',
    multiple: 30,
    players: 'L8613–8620',
    exposed: 'L8860–8864',
    playerExposed: 'continue',
    playerExposedLines: 'L8858–8860',
  }),
  cantabria: build('cantabria', {
    source: 'L3896–4143',
    deal: 'L4071–4080',
    bets: 'L4067–4069',
    decisions: 'L4087–4105',
    payTable: 'L4004–4023',
    minimum: 'L3902–3905, L4000–4002, L4109–4117',
    limits: 'L4043–4053',
    multiple: 30,
    players: 'L3957–3963',
    exposed: 'L4080–4085',
    // no exception for a player's card: the general rule voids the hand ("salvo lo especificado en el punto 2")
    playerExposed: 'void',
    playerExposedLines: 'L4129–4134',
  }),
  'illes-balears': build('illes-balears', {
    source: 'L2843–3007',
    deal: 'L2969–2974',
    bets: 'L2966–2968',
    decisions: 'L2979–2989',
    payTable: 'L2900–2948',
    minimum: 'L2848–2851, L2991–2996',
    limits: 'L2950–2957',
    multiple: 25,
    players: 'L2894–2895',
    exposed: 'L2974–2977',
    playerExposed: 'continue',
    playerExposedLines: 'L2974–2975',
  }),
};
