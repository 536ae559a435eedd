/** The circle-poker family's games, registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as FIVE_CARD_DRAW } from './circle-poker-five-card-draw/rules';
import { rules as OMAHA } from './circle-poker-omaha/rules';
import { rules as OMAHA_FIVE_CARD } from './circle-poker-omaha-five-card/rules';
import { rules as OMAHA_HI_LO } from './circle-poker-omaha-hi-lo/rules';
import { rules as TEXAS_HOLDEM } from './circle-poker-texas-holdem/rules';
import { rules as DOUBLE_HOLDEM } from './circle-poker-double-holdem/rules';
import { rules as FIVE_CARD_STUD } from './circle-poker-five-card-stud/rules';
import { rules as SEVEN_CARD_STUD } from './circle-poker-seven-card-stud/rules';
import { rules as SYNTHETIC_POKER } from './synthetic-poker/rules';

export const GAMES: readonly GameRules[] = [
  FIVE_CARD_DRAW,
  OMAHA,
  OMAHA_FIVE_CARD,
  OMAHA_HI_LO,
  TEXAS_HOLDEM,
  DOUBLE_HOLDEM,
  FIVE_CARD_STUD,
  SEVEN_CARD_STUD,
  SYNTHETIC_POKER,
];
