/**
 * House edges of casino hold'em (euskadi "Texas Poker", issue 14 §5).
 *
 * - The Texas Bonus looks at the player's two cards and the flop only: five cards, weighted exactly by
 *   value class (2,598,960 hands); the player never folds a pair of aces or better, so the fold that
 *   loses the bonus never meets a paying hand.
 * - The ante and its call bet (per ante) cannot be enumerated in reasonable time (2.8 × 10^13 deals), so
 *   they are sampled: a seeded sample of whole deals, each classed as fold / bank does not qualify /
 *   player wins / tie / bank wins by the player's category, the classes priced through the game's own
 *   settle on one deal each, with the sample's standard error. The sample takes seconds; its counts are
 *   kept in ./house-edge.data.ts and the spec draws it again and compares.
 *
 * The player's strategy (the optimal one calls about 82 % of the time and has no short statement): call
 * with a pair or better that uses a hole card, four to a flush, four to a straight (open or inside), or a
 * ten or better in the hole; fold otherwise. It calls 83 % of the time.
 */
import { seededRandom } from '../../core/cards';
import type { GameRules, RoundEnv } from '../../core/game';
import { edgeFrom, type BetEdge } from '../../core/house-edge';
import {
  backPerUnitOf,
  BankPokerState,
  BOARD,
  cardCode,
  DEALER,
  DealClass,
  DealFacts,
  BANK_OUTCOMES,
  BankOutcome,
  edgeOfClasses,
  firstClassReaching,
  handClasses,
  seatPosition,
  valuationEnv,
  type HandClasses,
} from '../../core/poker/bank';
import { Category, evaluateFive, qualifies } from '../../core/poker/evaluate';
import { SAMPLE } from './house-edge.data';
import type { SampledClass, CasinoHoldemSample } from './kept';
export type { SampledClass, CasinoHoldemSample } from './kept';
import type { CasinoHoldemRulebook } from './rulebook';

export type Outcome = BankOutcome;
const OUTCOMES = BANK_OUTCOMES;

export const STRATEGY =
  'call with a pair or better using a hole card, four to a flush, four to a straight (open or inside), or a ten or better in the hole; fold otherwise';

let standardClasses: HandClasses | undefined;
const classes5 = (): HandClasses => (standardClasses ??= handClasses(5, (codes) => evaluateFive(codes)));

/** The 21 five-card hands of seven cards, as positions, five by five. */
const FIVE_OF_SEVEN: Int8Array = (() => {
  const out: number[] = [];
  for (let a = 0; a < 7; a++) for (let b = a + 1; b < 7; b++) out.push(...[0, 1, 2, 3, 4, 5, 6].filter((x) => x !== a && x !== b));
  return Int8Array.from(out);
})();

/** The best class among the 5-card hands of seven cards (card indices, sorted in place). */
function bestOfSeven(hc: HandClasses, seven: Int8Array, five: Int8Array): number {
  for (let i = 1; i < 7; i++) {
    const x = seven[i];
    let j = i - 1;
    while (j >= 0 && seven[j] > x) {
      seven[j + 1] = seven[j];
      j--;
    }
    seven[j + 1] = x;
  }
  let best = -1;
  for (let k = 0; k < 105; k += 5) {
    for (let j = 0; j < 5; j++) five[j] = seven[FIVE_OF_SEVEN[k + j]];
    const v = hc.classOf(five);
    if (v > best) best = v;
  }
  return best;
}

/** The strategy above, on the player's two cards and the flop (card indices: rank `c >> 2`, 8 = ten, 12 = ace). */
export function calls(hole: ArrayLike<number>, flop: ArrayLike<number>): boolean {
  const h0 = hole[0] >> 2;
  const h1 = hole[1] >> 2;
  // a pair or better using a hole card
  if (h0 === h1) return true;
  for (let i = 0; i < 3; i++) if (flop[i] >> 2 === h0 || flop[i] >> 2 === h1) return true;
  // a ten or better in the hole
  if (h0 >= 8 || h1 >= 8) return true;
  // four to a flush (a made flush included)
  const suits = [0, 0, 0, 0];
  let ranks = 0;
  for (const c of [hole[0], hole[1], flop[0], flop[1], flop[2]]) {
    suits[c & 3]++;
    ranks |= 1 << (c >> 2);
  }
  if (suits[0] >= 4 || suits[1] >= 4 || suits[2] >= 4 || suits[3] >= 4) return true;
  // four to a straight, open or inside (a made straight included; the ace below the two as well)
  const withLowAce = (ranks << 1) | ((ranks >> 12) & 1);
  for (let low = 0; low + 5 <= 14; low++) {
    let n = 0;
    for (let k = 0; k < 5; k++) if (withLowAce & (1 << (low + k))) n++;
    if (n >= 4) return true;
  }
  return false;
}

/** Draws `deals` whole deals from `seed`, played by the strategy, counted by class. */
export function sampleCasinoHoldem(seed: number, deals: number, qualifier: { category: Category; ranks: number[] }): CasinoHoldemSample {
  const hc = classes5();
  const q = firstClassReaching(hc, (v) => qualifies(v, qualifier));
  const random = seededRandom(seed);
  const deck = Int8Array.from({ length: 52 }, (_, i) => i);
  const five = new Int8Array(5);
  const seven = new Int8Array(7);
  const categories = [...new Set(hc.values.map((v) => v.category))];
  const categoryOf = hc.values.map((v) => categories.indexOf(v.category));
  const tally = new Float64Array(categories.length * OUTCOMES.length);
  const first: Array<Int8Array | undefined> = [];
  for (let n = 0; n < deals; n++) {
    // the first nine cards of a shuffled deck: player 2, bank 2, board 5
    for (let i = 0; i < 9; i++) {
      const j = i + Math.floor(random() * (52 - i));
      const t = deck[i];
      deck[i] = deck[j];
      deck[j] = t;
    }
    seven[0] = deck[0];
    seven[1] = deck[1];
    for (let i = 0; i < 5; i++) seven[2 + i] = deck[4 + i];
    const p = bestOfSeven(hc, seven, five);
    let outcome: number;
    if (!calls(deck.subarray(0, 2), deck.subarray(4, 7))) outcome = 0;
    else {
      seven[0] = deck[2];
      seven[1] = deck[3];
      for (let i = 0; i < 5; i++) seven[2 + i] = deck[4 + i];
      const d = bestOfSeven(hc, seven, five);
      outcome = d < q ? 1 : p > d ? 2 : p === d ? 3 : 4;
    }
    const k = categoryOf[p] * OUTCOMES.length + outcome;
    if (tally[k]++ === 0) first[k] = deck.slice(0, 9);
  }
  const classes: SampledClass[] = [];
  for (let o = 0; o < OUTCOMES.length; o++)
    for (let c = categories.length - 1; c >= 0; c--) {
      const k = c * OUTCOMES.length + o;
      if (!tally[k]) continue;
      const cards = Array.from(first[k]!, cardCode);
      classes.push({
        category: categories[c],
        outcome: OUTCOMES[o],
        weight: tally[k],
        player: cards.slice(0, 2),
        bank: cards.slice(2, 4),
        board: cards.slice(4, 9),
      });
    }
  return { seed, deals, classes };
}

/** One real deal of each five-card Texas Bonus class: the player's two cards and the flop. */
function txbClasses(): Array<{ weight: number; hole: string[]; flop: string[] }> {
  const hc = classes5();
  // pairs of aces apart from the other pairs: the bonus starts at a pair of aces (euskadi L10520–10529)
  const groups = new Map<string, { weight: number; hole: string[]; flop: string[] }>();
  hc.values.forEach((v, i) => {
    const key = v.category === 'pair' ? `pair-${v.ranks[0] === 14 ? 'aces' : 'other'}` : v.category;
    const g = groups.get(key) ?? { weight: 0, hole: v.cards.slice(0, 2) as string[], flop: v.cards.slice(2, 5) as string[] };
    g.weight += hc.counts[i];
    groups.set(key, g);
  });
  return [...groups.values()];
}

/** The ante with its call (per ante, sampled) and the Texas Bonus (exact). */
export function casinoHoldemEdges(
  rules: GameRules<BankPokerState, CasinoHoldemRulebook>,
  env: RoundEnv<CasinoHoldemRulebook>,
  playMultiple: number,
): BetEdge[] {
  const rb = env.rulebook;
  if (JSON.stringify(rb.qualifier.value) !== JSON.stringify({ category: 'pair', ranks: [4] }))
    throw new Error(`the kept sample is for the bank qualifying with a pair of 4s, not ${JSON.stringify(rb.qualifier.value)}`);
  const venv = valuationEnv(env);
  const deals: DealClass[] = SAMPLE.classes.map((c) => {
    const deal = new DealFacts().bet(1, 'ante').cards(seatPosition(1), c.player).cards(DEALER, c.bank).cards(BOARD, c.board.slice(0, 3), true);
    if (c.outcome === 'fold') deal.decide(1, 'fold');
    else deal.decide(1, 'play').bet(1, 'play', playMultiple);
    return { weight: c.weight, facts: deal.close().cards(BOARD, c.board.slice(3), true).facts };
  });
  const called = SAMPLE.classes.filter((c) => c.outcome !== 'fold').reduce((t, c) => t + c.weight, 0) / SAMPLE.deals;
  const ante = edgeOfClasses(rules, venv, deals, 'ante', {
    betType: 'ante',
    method: 'sampled',
    strategy: STRATEGY,
    covers: ['play'],
    citation: `${Object.values(rb.antePayTable)[0]!.cite}; ${rb.playOdds.cite}; ${rb.qualifier.cite}; ${rb.tie.cite}`,
    settings: { strategy: STRATEGY, perUnit: 'ante, with its call bet', deals: SAMPLE.deals, seed: SAMPLE.seed },
  });
  const standardError = Math.sqrt(ante.variancePerUnit / SAMPLE.deals);
  const txb = edgeFrom(
    txbClasses().map((c) => ({
      weight: c.weight,
      back: backPerUnitOf(
        rules,
        venv,
        new DealFacts().bet(1, 'ante').bet(1, 'txb').cards(seatPosition(1), c.hole).cards(BOARD, c.flop, true).decide(1, 'play').bet(1, 'play', playMultiple)
          .facts,
        'txb',
        (b) => b.betType === 'txb',
      ),
    })),
    { betType: 'txb', method: 'exact-enumeration', citation: `${Object.values(rb.txbPayTable)[0]!.cite}; ${rb.txbMinimum.cite}` },
  );
  return [{ ...ante, standardError, settings: { ...ante.settings, callRate: called, elementOfRisk: ante.houseEdge / (1 + playMultiple * called) } }, txb];
}
