/** The blackjack family's games (blackjack, triple blackjack, trente-et-quarante), registered with the rules library. */
import type { GameRules } from '../core/game';
import { rules as blackjack } from './blackjack/rules';
import { rules as trenteEtQuarante } from './trente-et-quarante/rules';
import { rules as tripleBlackjack } from './triple-blackjack/rules';

export const GAMES: readonly GameRules[] = [blackjack, tripleBlackjack, trenteEtQuarante];
