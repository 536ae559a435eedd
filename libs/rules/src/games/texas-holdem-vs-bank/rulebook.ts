/**
 * Texas hold'em de contrapartida (cantabria A.14.6): the rulebook of texas-holdem-bonus (A.14.5) without the
 * Bonus bet, every value cited to A.14.6's own lines. Lines from docs/decisions/games.md#texas-holdem-bonus;
 * docs/decisions/open-questions.md#oq-29 (ante returned below a straight).
 */
import { cited, type JurisdictionId } from '../../core/types';
import { CANTABRIA as BONUS_CANTABRIA, type TexasHoldemRulebook } from '../texas-holdem-bonus/rulebook';

/** 14.6 is 14.5 without the Bonus bet (cantabria L5027–5285). */
const CANTABRIA: TexasHoldemRulebook = {
  ...BONUS_CANTABRIA,
  game: 'texas-holdem-vs-bank',
  source: 'cantabria L5027–5285',
  holeCards: cited(2, 'cantabria L5174–5184'),
  boxes: cited(7, 'cantabria L5100–5105'),
  bankCardExposed: cited('void', 'cantabria L5263–5266'),
  wrongCardCount: cited('void-box', 'cantabria L5278–5285'),
  boardCards: cited(5, 'cantabria L5191–5224'),
  burns: cited(3, 'cantabria L5191–5224'),
  streetMultiples: {
    flop: cited(2, 'cantabria L5185–5189'),
    turn: cited(1, 'cantabria L5196–5204'),
    river: cited(1, 'cantabria L5212–5218'),
  },
  streetOdds: cited(1, 'cantabria L5247–5250'),
  anteMinimum: cited('straight', 'cantabria L5252–5255; index.md OQ-29'),
  anteOdds: cited(1, 'cantabria L5252–5255'),
  bankWins: cited('lose', 'cantabria L5237–5240'),
  tie: cited('push', 'cantabria L5242–5245'),
  bonusPayTable: null,
  maxInitialMultiple: cited(30, 'cantabria L5150–5164'),
  betsPerBox: cited(1, 'cantabria L5100–5105'),
  betTypes: {
    ante: cited(true, 'cantabria L5168–5172'),
    flop: cited(true, 'cantabria L5185–5189'),
    turn: cited(true, 'cantabria L5196–5204'),
    river: cited(true, 'cantabria L5212–5218'),
    bonus: cited(false, 'cantabria L5062–5074 (no Bonus box)'),
  },
  options: { anteBelowStraight: cited('push', 'index.md OQ-29') },
};

export const rulebooks: Partial<Record<JurisdictionId, TexasHoldemRulebook>> = { cantabria: CANTABRIA };
