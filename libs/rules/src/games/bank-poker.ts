/** The bank-poker family's games (poker against the bank), registered with the rules library. */
import type { GameRules } from '../core/game';
import { caribbeanStud } from './caribbean-stud/rules';
import { casinoHoldem } from './casino-holdem/rules';
import { drawPokerVsBank } from './draw-poker-vs-bank/rules';
import { paiGowPoker } from './pai-gow-poker/rules';
import { texasHoldemBonus } from './texas-holdem-bonus/rules';
import { texasHoldemVsBank } from './texas-holdem-vs-bank/rules';
import { threeCardPoker } from './three-card-poker/rules';
import { trijoker } from './trijoker/rules';

export const GAMES: readonly GameRules[] = [caribbeanStud, drawPokerVsBank, trijoker, paiGowPoker, threeCardPoker, casinoHoldem, texasHoldemBonus, texasHoldemVsBank];
