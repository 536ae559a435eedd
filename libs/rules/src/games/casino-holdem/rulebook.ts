/**
 * Casino hold'em ("Texas Poker", euskadi 16, L10126–10704): the only jurisdiction that regulates it.
 * Lines from docs/decisions/games.md#casino-holdem (euskadi 16); docs/decisions/open-questions.md#oq-28 (the play
 * bet is 2 × ante).
 */
import type { RulebookBase } from '../../core/game';
import type { Category } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

export type PayTable = Readonly<Partial<Record<Category, Cited<number>>>>;

export interface CasinoHoldemRulebook extends RulebookBase {
  readonly holeCards: Cited<number>;
  /** boxes on the layout */
  readonly boxes: Cited<number>;
  /** a bank card exposed during the deal: the cards are collected and a new hand dealt */
  readonly misdeal: Cited<'void'>;
  readonly boardCards: Cited<number>;
  /** the first three board cards (the flop) come before the decision; the TXB is settled on 2 + flop */
  readonly flopCards: Cited<number>;
  /** the bank plays with a pair of 4s or better */
  readonly qualifier: Cited<{ category: Category; ranks: number[] }>;
  /** ante pay table, used when the player wins and when the bank does not qualify */
  readonly antePayTable: PayTable;
  readonly playOdds: Cited<number>;
  /** Texas Bonus on the player's two cards and the flop: from a pair of aces */
  readonly txbMinimum: Cited<{ category: Category; ranks: number[] }>;
  readonly txbPayTable: PayTable;
  readonly tie: Cited<'push'>;
  readonly maxInitialMultiple: Cited<number>;
  readonly betsPerBox: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
}

const table = (odds: Partial<Record<Category, number>>, cite: string): PayTable =>
  Object.fromEntries(Object.entries(odds).map(([c, n]) => [c, cited(n as number, cite)])) as PayTable;

export const EUSKADI: CasinoHoldemRulebook = {
  game: 'casino-holdem',
  jurisdiction: 'euskadi',
  source: 'euskadi L10126–10704',
  holeCards: cited(2, 'euskadi L10425–10440'),
  boxes: cited(9, 'euskadi L10258–10262'),
  misdeal: cited('void', 'euskadi L10648–10666'),
  boardCards: cited(5, 'euskadi L10424–10440, L10531–10540'),
  flopCards: cited(3, 'euskadi L10424–10440'),
  qualifier: cited({ category: 'pair', ranks: [4] }, 'euskadi L10541–10543'),
  antePayTable: table(
    {
      'royal-flush': 100,
      'straight-flush': 20,
      'four-of-a-kind': 10,
      'full-house': 3,
      flush: 2,
      straight: 1,
      'three-of-a-kind': 1,
      'two-pair': 1,
      pair: 1,
      'high-card': 1,
    },
    'euskadi L10396–10408',
  ),
  playOdds: cited(1, 'euskadi L10416–10417'),
  txbMinimum: cited({ category: 'pair', ranks: [14] }, 'euskadi L10520–10529'),
  txbPayTable: table(
    { pair: 7, 'two-pair': 7, 'three-of-a-kind': 7, straight: 7, flush: 25, 'full-house': 25, 'four-of-a-kind': 25, 'straight-flush': 25, 'royal-flush': 25 },
    'euskadi L10410–10414',
  ),
  tie: cited('push', 'euskadi L10548–10563'),
  maxInitialMultiple: cited(50, 'euskadi L10565–10578'),
  betsPerBox: cited(2, 'euskadi L10264–10271'),
  betTypes: {
    ante: cited(true, 'euskadi L10150–10154'),
    play: cited(true, 'euskadi L10442–10517'),
    // "una apuesta adicional llamada TXB": with an ante, which is what gives the box its cards (L10425–10430)
    txb: cited(true, 'euskadi L10425–10430, L10410–10414'),
  },
  options: {
    // "doblar su apuesta inicial de Ante": 2 × ante (docs/decisions/open-questions.md#oq-28); 1 applies the other reading
    playMultiple: cited(2, 'euskadi L10442–10517; index.md OQ-28'),
  },
};

export const rulebooks: Partial<Record<JurisdictionId, CasinoHoldemRulebook>> = { euskadi: EUSKADI };
