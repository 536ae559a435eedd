/**
 * The rulebook of cantabria's texas hold'em bonus (A.14.5) against the independent reading
 * (`docs/games/readings/texas-holdem-bonus.json`): each value mapped by hand to the rulebook field it is
 * (./reading-testing.ts), and each behaviour rule of the reading as a round the judge must get right. Disagreements and
 * their resolutions: `docs/games/readings/texas-holdem-bonus.resolutions.md`.
 */
import { expectedOf } from '../../core/poker/bank-testing';
import { envFor } from '../../core/testing';
import { commonRounds, round, valuesAgree } from './reading-testing';
import { rules as texasHoldemBonus } from './rules';

describe('texas-holdem-bonus cantabria: the rulebook holds the values the reader read', () => valuesAgree('texas-holdem-bonus', texasHoldemBonus));
describe("texas-holdem-bonus cantabria: the reader's rounds", () => commonRounds(texasHoldemBonus));

describe("texas-holdem-bonus cantabria: the reader's Bonus rounds", () => {
  const rules = texasHoldemBonus;
  const env = envFor(rules, 'cantabria');

  it('ante-and-bonus (L4856–4865): a folded A-K suited still takes its Bonus, 25 to 1, at the end of the hand', () => {
    const s = round('AS KS', '9C 4D', '9H 8C 3D 2H JC', { flop: false, bonus: 500 });
    expect(expectedOf(rules, env, s.facts, 'ante')).toMatchObject({ outcome: 'lose' });
    expect(expectedOf(rules, env, s.facts, 'bonus')).toMatchObject({ outcome: 'win', payout: 12_500 });
  });

  it('bonus-two-cards (L4956–4959): K-Q suited is no Bonus hand: lost', () => {
    expect(expectedOf(rules, env, round('KD QD', '9C 4D', '9H 8C 3D 2H JC', { bonus: 500 }).facts, 'bonus')).toMatchObject({ outcome: 'lose' });
  });

  it("bonus-aa-vs-aa (L4937, L4994–4995): aces against the croupier's aces pay 1,000 to 1, and only that", () => {
    expect(expectedOf(rules, env, round('AS AH', 'AD AC', '9H 8C 3D 2H JC', { bonus: 500 }).facts, 'bonus')).toMatchObject({ outcome: 'win', payout: 500_000 });
    expect(expectedOf(rules, env, round('AS AH', 'KD KC', '9H 8C 3D 2H JC', { bonus: 500 }).facts, 'bonus')).toMatchObject({ outcome: 'win', payout: 15_000 });
  });
});
