/** Omaha Hi&Low: each pot split between the best high and the best qualifying low (odd chip to the high, docs/decisions/open-questions.md#oq-38). */
import { circlePoker } from '../../core/circle';
import { omahaPhases } from '../circle-poker-omaha/rules';
import { rulebooks } from './rulebook';

export const rules = circlePoker({ game: 'circle-poker-omaha-hi-lo', phases: () => omahaPhases(4), boards: 1, split: 'hi-lo' }, rulebooks);
