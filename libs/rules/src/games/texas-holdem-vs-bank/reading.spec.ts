/**
 * The rulebook of cantabria's texas hold'em de contrapartida (A.14.6, the bonus game without the Bonus) against the
 * independent reading (`docs/games/readings/texas-holdem-vs-bank.json`): each value mapped by hand to the rulebook
 * field it is (../texas-holdem-bonus/reading-testing.ts), and each behaviour rule of the reading as a round the judge
 * must get right. Resolutions: `docs/games/readings/texas-holdem-bonus.resolutions.md` (one file for both games).
 */
import { commonRounds, valuesAgree } from '../texas-holdem-bonus/reading-testing';
import { rules as texasHoldemVsBank } from './rules';

describe('texas-holdem-vs-bank cantabria: the rulebook holds the values the reader read', () => valuesAgree('texas-holdem-vs-bank', texasHoldemVsBank));
describe("texas-holdem-vs-bank cantabria: the reader's rounds", () => commonRounds(texasHoldemVsBank));
