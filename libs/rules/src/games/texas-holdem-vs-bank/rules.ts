/**
 * Texas hold'em de contrapartida (cantabria A.14.6): the texas-holdem-bonus game without the Bonus bet
 * (cantabria L5027–5285); same factory, its own rulebook (../texas-holdem-bonus/rulebook.ts).
 */
import { VS_BANK_RULEBOOKS } from '../texas-holdem-bonus/rulebook';
import { texasHoldemGame } from '../texas-holdem-bonus/rules';

export const texasHoldemVsBank = texasHoldemGame('texas-holdem-vs-bank', VS_BANK_RULEBOOKS);
