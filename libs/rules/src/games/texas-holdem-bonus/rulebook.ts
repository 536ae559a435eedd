/**
 * Texas hold'em against the bank (cantabria A.14.5 "Texas Hold'em Bonus Póker" and A.14.6 "de
 * Contrapartida", the same game without the Bonus bet: its rulebook in ../texas-holdem-vs-bank/rulebook.ts). Lines from docs/decisions/games.md#texas-holdem-bonus
 * (cantabria A.14.5, A.14.6); docs/decisions/open-questions.md#oq-29 (ante returned below a straight) and OQ-30
 * (A-Q / A-J offsuit bonus 5:1).
 */
import type { RulebookBase } from '../../core/game';
import type { Category } from '../../core/poker/evaluate';
import { cited, type Cited, type JurisdictionId } from '../../core/types';

/** Bonus hands on the player's two cards, best first. */
export const BONUS_HANDS = [
  'aces-against-bank-aces',
  'aces',
  'ace-king-suited',
  'ace-queen-or-jack-suited',
  'ace-king-offsuit',
  'jacks-to-kings',
  'ace-queen-or-jack-offsuit',
  'twos-to-tens',
] as const;
export type BonusHand = (typeof BONUS_HANDS)[number];

export interface TexasHoldemRulebook extends RulebookBase {
  readonly holeCards: Cited<number>;
  /** boxes on the layout */
  readonly boxes: Cited<number>;
  /** a bank card shown before every box has decided voids the hand */
  readonly bankCardExposed: Cited<'void'>;
  /** a box dealt a wrong number of cards: that box's hand is void */
  readonly wrongCardCount: Cited<'void-box'>;
  readonly boardCards: Cited<number>;
  /** one burn before the flop, the turn and the river */
  readonly burns: Cited<number>;
  /** flop = 2 × ante (or fold); turn and river = 1 × ante (or check) */
  readonly streetMultiples: Readonly<Record<'flop' | 'turn' | 'river', Cited<number>>>;
  /** board cards already dealt when each street bet is made */
  readonly streetBoard: Readonly<Record<'flop' | 'turn' | 'river', number>>;
  readonly streetOdds: Cited<number>;
  /** the ante is paid only with a straight or better */
  readonly anteMinimum: Cited<Category>;
  readonly anteOdds: Cited<number>;
  readonly bankWins: Cited<'lose'>;
  readonly tie: Cited<'push'>;
  readonly bonusPayTable: Readonly<Partial<Record<BonusHand, Cited<number>>>> | null;
  readonly maxInitialMultiple: Cited<number>;
  readonly betsPerBox: Cited<number>;
  readonly betTypes: Readonly<Record<string, Cited<boolean>>>;
}

/** cantabria A.14.5; texas-holdem-vs-bank's rulebook (A.14.6) is this one without the Bonus bet. */
export const CANTABRIA: TexasHoldemRulebook = {
  game: 'texas-holdem-bonus',
  jurisdiction: 'cantabria',
  source: 'cantabria L4713–5025',
  holeCards: cited(2, 'cantabria L4867–4876'),
  boxes: cited(7, 'cantabria L4784–4789'),
  bankCardExposed: cited('void', 'cantabria L4967–4970'),
  wrongCardCount: cited('void-box', 'cantabria L5018–5025'),
  boardCards: cited(5, 'cantabria L4883–4919'),
  burns: cited(3, 'cantabria L4883–4919'),
  streetMultiples: {
    flop: cited(2, 'cantabria L4877–4881'),
    turn: cited(1, 'cantabria L4890–4901'),
    river: cited(1, 'cantabria L4907–4914'),
  },
  streetBoard: { flop: 0, turn: 3, river: 4 },
  streetOdds: cited(1, 'cantabria L4977–4980'),
  anteMinimum: cited('straight', 'cantabria L4982–4985; index.md OQ-29'),
  anteOdds: cited(1, 'cantabria L4982–4985'),
  bankWins: cited('lose', 'cantabria L4931–4935'),
  tie: cited('push', 'cantabria L4972–4975'),
  bonusPayTable: {
    'aces-against-bank-aces': cited(1000, 'cantabria L4994–4995'),
    aces: cited(30, 'cantabria L4939, L4997'),
    'ace-king-suited': cited(25, 'cantabria L4940, L4999'),
    'ace-queen-or-jack-suited': cited(20, 'cantabria L4942–4943, L5000'),
    'ace-king-offsuit': cited(15, 'cantabria L4945, L5001'),
    'jacks-to-kings': cited(10, 'cantabria L4947–4948, L5003'),
    'ace-queen-or-jack-offsuit': cited(5, 'cantabria L4950–4951; index.md OQ-30 (RECONSTRUCTED, INDUSTRY-STANDARD)'),
    'twos-to-tens': cited(3, 'cantabria L4953–4954, L5005'),
  },
  maxInitialMultiple: cited(30, 'cantabria L4846–4849'),
  betsPerBox: cited(1, 'cantabria L4784–4789'),
  betTypes: {
    ante: cited(true, 'cantabria L4856–4858'),
    flop: cited(true, 'cantabria L4877–4881'),
    turn: cited(true, 'cantabria L4890–4901'),
    river: cited(true, 'cantabria L4907–4914'),
    bonus: cited(true, 'cantabria L4858–4865'),
  },
  options: {
    anteBelowStraight: cited('push', 'index.md OQ-29'),
    bonusAceQueenOrJackOffsuit: cited(5, 'index.md OQ-30'),
  },
};

export const rulebooks: Partial<Record<JurisdictionId, TexasHoldemRulebook>> = { cantabria: CANTABRIA };
