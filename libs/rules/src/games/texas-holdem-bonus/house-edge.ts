/**
 * House edge of the Bonus bet of texas hold'em bonus (cantabria A.14.5; issue 14 §5), exact: it looks at
 * the player's two cards, and at the bank's two for aces against aces. Every player pair (1,326) meets
 * every bank pair of the other 50 cards (1,225); one real deal of each Bonus hand is played through the
 * game's own evolve and settle.
 *
 * The ante and the flop, turn and river bets are not valued: their published figure (2.037 % of the ante,
 * Wizard of Odds, Las Vegas rules) rests on the optimal turn and river decisions over every board, which
 * neither an enumeration nor a sample of a few seconds can reach (a sample of 400,000 deals has a
 * standard error near 0.55 % of the ante). No setting of the rulebook can hand the player those bets: the
 * ante below a straight is returned or lost (docs/decisions/open-questions.md#oq-29), never paid.
 */
import type { GameRules, RoundEnv } from '../../core/game';
import { edgeFrom, type BetEdge } from '../../core/house-edge';
import { backPerUnitOf, BankPokerState, cardCode, DEALER, DealFacts, seatPosition, valuationEnv } from '../../core/poker/bank';
import type { TexasHoldemRulebook } from './rulebook';
import { bonusHand } from './hands';

/** Bonus hand (or none) → (player, bank) pairs and one of them. */
export function bonusClasses(): Array<{ hand: string; weight: number; player: string[]; bank: string[] }> {
  const byHand = new Map<string, { hand: string; weight: number; player: string[]; bank: string[] }>();
  const add = (hand: string, weight: number, player: string[], bank: string[]) => {
    const c = byHand.get(hand);
    if (c) c.weight += weight;
    else byHand.set(hand, { hand, weight, player, bank });
  };
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++) {
      const player = [cardCode(a), cardCode(b)];
      const others = Array.from({ length: 52 }, (_, i) => i).filter((i) => i !== a && i !== b);
      const hand = bonusHand(player, []);
      if (hand !== 'undecided') {
        add(hand ?? 'none', 1225, player, [cardCode(others[0]), cardCode(others[1])]);
        continue;
      }
      // aces: the bank holds the other two aces in one of its 1,225 pairs
      const aces = others.filter((i) => i >> 2 === 12).map(cardCode);
      const plain = others
        .filter((i) => i >> 2 !== 12)
        .slice(0, 2)
        .map(cardCode);
      add(bonusHand(player, aces) as string, 1, player, aces);
      add(bonusHand(player, plain) as string, 1224, player, plain);
    }
  return [...byHand.values()];
}

export function texasHoldemEdges(rules: GameRules<BankPokerState, TexasHoldemRulebook>, env: RoundEnv<TexasHoldemRulebook>): BetEdge[] {
  const rb = env.rulebook;
  if (!rb.bonusPayTable || !rb.betTypes.bonus.value) return [];
  const venv = valuationEnv(env);
  return [
    edgeFrom(
      bonusClasses().map((c) => ({
        weight: c.weight,
        back: backPerUnitOf(
          rules,
          venv,
          new DealFacts().bet(1, 'ante').bet(1, 'bonus').cards(seatPosition(1), c.player).cards(DEALER, c.bank).facts,
          'bonus',
          (b) => b.betType === 'bonus',
        ),
      })),
      {
        betType: 'bonus',
        method: 'exact-enumeration',
        citation: Object.values(rb.bonusPayTable)
          .map((o) => o!.cite)
          .join('; '),
      },
    ),
  ];
}
