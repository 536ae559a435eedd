/**
 * Texas hold'em de contrapartida (cantabria A.14.6): the texas-holdem-bonus game without the Bonus bet
 * (cantabria L5027–5285); same factory, its own rulebook (./rulebook.ts).
 */
import { texasHoldemGame } from '../texas-holdem-bonus/rules';
import { rulebooks } from './rulebook';

export const rules = texasHoldemGame('texas-holdem-vs-bank', rulebooks);
