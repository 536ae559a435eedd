/**
 * Outside truth (issue 14 §5): the Bonus bet of texas hold'em bonus, every player pair against every
 * bank pair through the game's own settle, against the same table's house edge counted from the
 * published two-card combinations.
 */
import { playerEdges } from '../../core/house-edge';
import { envFor } from '../../core/testing';
import { rules as texasHoldemVsBank } from '../texas-holdem-vs-bank/rules';
import { bonusClasses } from './house-edge';
import { rules as texasHoldemBonus } from './rules';

// The cantabria table is the common one: "One Pair: 2/2 - 10/10 3 - 1 · AQ, AJ Different Suit 5 - 1 · One
// Pair: K/K,Q/Q,J/J 10 - 1 · Ace/King Different Suit 15 - 1 · AQ, AJ Same Suit 20 - 1 · Ace/King Same Suit
// 25 - 1 · One Pair of Aces 30 - 1 · Dealer and Player both hold one pair of Aces 1,000 - 1" —
// http://www.nagaworld.com/play/the-world-best-games/texas-hold-em-bonus ("paid based only on the player's
// and dealer's initial cards"). Two-card combinations of 1,326: a pair 6 each, a suited ace-x 4, an
// offsuit ace-x 12; the bank holds the other two aces in 1 of its 1,225 pairs.
const fromCombinations = (aqAjOffsuit: number) => {
  const back =
    6 * ((1224 / 1225) * 31 + (1 / 1225) * 1001) + // aces; aces against aces
    4 * 26 + // A-K suited
    8 * 21 + // A-Q, A-J suited
    12 * 16 + // A-K offsuit
    18 * 11 + // J-J to K-K
    24 * (1 + aqAjOffsuit) + // A-Q, A-J offsuit
    54 * 4; // 2-2 to 10-10
  return 1 - back / 1326;
};

describe("texas hold'em bonus: the Bonus bet's house edge (exact)", () => {
  it('every (player, bank) pair of two-card hands is counted once: 1,326 × 1,225', () => {
    expect(bonusClasses().reduce((t, c) => t + c.weight, 0)).toBe(1326 * 1225);
  });

  it('the cantabria table (L4994–5005; A-Q / A-J offsuit 5 to 1, index.md OQ-30) keeps 8.54 % of the bet, as the published combinations give', () => {
    const [bonus] = texasHoldemBonus.houseEdges!(<never>envFor(texasHoldemBonus, 'cantabria'));
    expect(bonus.betType).toBe('bonus');
    expect(bonus.houseEdge).toBeCloseTo(fromCombinations(5), 12);
    expect(bonus.houseEdge * 100).toBeCloseTo(8.54, 2);
  });

  it('the damaged A-Q / A-J offsuit line (OCR lost its odds) read at 10 to 1 or more hands the player the edge: such a session is flagged', () => {
    const at = (odds: number) =>
      texasHoldemBonus.houseEdges!(<never>envFor(texasHoldemBonus, 'cantabria', { options: { bonusAceQueenOrJackOffsuit: odds } }))[0];
    expect(at(9).houseEdge).toBeCloseTo(fromCombinations(9), 12);
    expect(playerEdges([at(9)])).toEqual([]);
    expect(at(10).houseEdge).toBeCloseTo(fromCombinations(10), 12);
    expect(playerEdges([at(10)]).map((e) => e.betType)).toEqual(['bonus']);
  });

  it('the game without the Bonus (A.14.6) has no bet valued: its ante and street bets need the optimal turn and river play', () => {
    expect(texasHoldemVsBank.houseEdges!(<never>envFor(texasHoldemVsBank, 'cantabria'))).toEqual([]);
  });
});
