/** Double Hold'em: two boards dealt together (one burn before each stage); each pot split in two halves, one per board. */
import { circlePoker } from '../../core/circle';
import { HOLDEM_PHASES } from '../circle-poker-texas-holdem/rules';
import { rulebooks } from './rulebook';

export const rules = circlePoker({ game: 'circle-poker-double-holdem', phases: () => HOLDEM_PHASES, boards: 2, split: 'high' }, rulebooks);
