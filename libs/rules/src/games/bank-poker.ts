/** The bank-poker family's games (poker against the bank), registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as caribbeanStud } from './caribbean-stud/rules';
import { rules as casinoHoldem } from './casino-holdem/rules';
import { rules as drawPokerVsBank } from './draw-poker-vs-bank/rules';
import { rules as paiGowPoker } from './pai-gow-poker/rules';
import { rules as texasHoldemBonus } from './texas-holdem-bonus/rules';
import { rules as texasHoldemVsBank } from './texas-holdem-vs-bank/rules';
import { rules as threeCardPoker } from './three-card-poker/rules';
import { rules as trijoker } from './trijoker/rules';

export const GAMES: readonly GameRules[] = [
  caribbeanStud,
  drawPokerVsBank,
  trijoker,
  paiGowPoker,
  threeCardPoker,
  casinoHoldem,
  texasHoldemBonus,
  texasHoldemVsBank,
];
