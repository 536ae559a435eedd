/**
 * House edges of three card poker (issue 14 §5), exact. The player's three cards are enumerated one by
 * one (22,100 hands); the bank's 18,424 hands from the other 49 cards are counted by value class with
 * inclusion–exclusion over the cards they share with the player's, so every one of the 407,170,400
 * (player, bank) pairs is weighted without being dealt. The pairs then fall into classes that settle
 * alike (the player's category × fold / bank does not qualify / player wins / tie / bank wins); one real
 * deal of each class is played through the game's own evolve and settle.
 *
 * The player's strategy is the optimal one for the standard tables: play Q-6-4 or better, fold below.
 */
import type { GameRules, RoundEnv } from '../../core/game';
import { edgeFrom, type BetEdge } from '../../core/house-edge';
import {
  backPerUnitOf,
  type BankPokerState,
  cardCode,
  DEALER,
  DealFacts,
  DealClass,
  edgeOfClasses,
  firstClassReaching,
  handClasses,
  seatPosition,
  valuationEnv,
} from '../../core/poker/bank';
import { Category, evaluateThree, qualifies } from '../../core/poker/evaluate';
import { optionCite } from '../../core/game';
import type { ThreeCardPokerRulebook } from './rulebook';

type R = ThreeCardPokerRulebook;
type Outcome = 'fold' | 'bank-does-not-qualify' | 'player-wins' | 'tie' | 'bank-wins';
const OUTCOMES: readonly Outcome[] = ['fold', 'bank-does-not-qualify', 'player-wins', 'tie', 'bank-wins'];

/** The weakest hand the player plays (WoO "play Q-6-4 or better"). */
export const PLAY_FROM = ['QS', '6H', '4D'];
export const STRATEGY = 'play Q-6-4 or better, fold below (the optimal strategy)';

export interface ThreeCardCounts {
  /** (player category, outcome) → number of (player hand, bank hand) pairs, and one of them */
  readonly classes: ReadonlyArray<{ category: Category; outcome: Outcome; weight: number; player: string[]; bank: string[] }>;
  /** player hand category → number of hands, and one of them */
  readonly hands: ReadonlyArray<{ category: Category; weight: number; player: string[] }>;
  /** pairs in which the player plays */
  readonly played: number;
  readonly pairs: number;
}

const countsMemo = new Map<string, ThreeCardCounts>();

/** Every (player, bank) pair of three-card hands counted by class, under the bank's qualifier. */
export function threeCardCounts(qualifier: { category: Category; ranks: number[] }): ThreeCardCounts {
  const key = JSON.stringify(qualifier);
  const memo = countsMemo.get(key);
  if (memo) return memo;
  const hc = handClasses(3, (codes) => evaluateThree(codes));
  const V = hc.values.length;
  const q = firstClassReaching(hc, (v) => qualifies(v, qualifier));
  const playFrom = hc.classOf(PLAY_FROM.map((c) => cardIndex(c)).sort((a, b) => a - b));

  // every hand, and the cumulative class counts of the hands holding a card, a pair of cards
  const hands: number[][] = [];
  const classOf: number[] = [];
  const all = new Int32Array(V + 1);
  const single = new Int32Array(52 * (V + 1));
  const pair = new Int32Array(52 * 52 * (V + 1));
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++) {
        const v = hc.classOf([a, b, c]);
        hands.push([a, b, c]);
        classOf.push(v);
        all[v + 1]++;
        for (const x of [a, b, c]) single[x * (V + 1) + v + 1]++;
        for (const [x, y] of [
          [a, b],
          [a, c],
          [b, c],
        ])
          pair[(x * 52 + y) * (V + 1) + v + 1]++;
      }
  const cumulate = (arr: Int32Array, rows: number) => {
    for (let r = 0; r < rows; r++) for (let v = 1; v <= V; v++) arr[r * (V + 1) + v] += arr[r * (V + 1) + v - 1];
  };
  cumulate(all, 1);
  cumulate(single, 52);
  cumulate(pair, 52 * 52);

  const byClass = new Map<string, { category: Category; outcome: Outcome; weight: number; player: string[]; bank: string[] }>();
  const byCategory = new Map<Category, { category: Category; weight: number; player: string[] }>();
  let played = 0;
  let pairs = 0;
  for (let h = 0; h < hands.length; h++) {
    const [a, b, c] = hands[h];
    const p = classOf[h];
    // bank hands of the other 49 cards below class x: all, less those sharing a card (inclusion–exclusion)
    const below = (x: number) =>
      all[x] -
      single[a * (V + 1) + x] -
      single[b * (V + 1) + x] -
      single[c * (V + 1) + x] +
      pair[(a * 52 + b) * (V + 1) + x] +
      pair[(a * 52 + c) * (V + 1) + x] +
      pair[(b * 52 + c) * (V + 1) + x] -
      (p < x ? 1 : 0);
    const total = below(V);
    const category = hc.values[p].category;
    const cat = byCategory.get(category) ?? { category, weight: 0, player: hands[h].map(cardCode) };
    cat.weight++;
    byCategory.set(category, cat);
    pairs += total;
    const counts: Record<Outcome, number> =
      p < playFrom
        ? { fold: total, 'bank-does-not-qualify': 0, 'player-wins': 0, tie: 0, 'bank-wins': 0 }
        : {
            fold: 0,
            'bank-does-not-qualify': below(q),
            'player-wins': Math.max(0, below(Math.max(p, q)) - below(q)),
            tie: p >= q ? below(p + 1) - below(p) : 0,
            'bank-wins': total - below(Math.max(p + 1, q)),
          };
    if (p >= playFrom) played += total;
    for (const outcome of OUTCOMES) {
      if (!counts[outcome]) continue;
      const k = `${category}|${outcome}`;
      let entry = byClass.get(k);
      if (!entry) {
        const bank = representativeBank(hands, classOf, hands[h], p, outcome, q);
        byClass.set(k, (entry = { category, outcome, weight: 0, player: hands[h].map(cardCode), bank: bank.map(cardCode) }));
      }
      entry.weight += counts[outcome];
    }
  }
  const counted: ThreeCardCounts = { classes: [...byClass.values()], hands: [...byCategory.values()], played, pairs };
  countsMemo.set(key, counted);
  return counted;
}

const cardIndex = (code: string): number => {
  for (let i = 0; i < 52; i++) if (cardCode(i) === code) return i;
  throw new Error(`not a card: ${code}`);
};

/** A bank hand, of the cards the player does not hold, that gives `outcome` against the player's class `p`. */
function representativeBank(hands: number[][], classOf: number[], player: number[], p: number, outcome: Outcome, q: number): number[] {
  for (let h = 0; h < hands.length; h++) {
    if (hands[h].some((x) => player.includes(x))) continue;
    const d = classOf[h];
    const fits =
      outcome === 'fold' ||
      (outcome === 'bank-does-not-qualify' && d < q) ||
      (outcome === 'player-wins' && d >= q && d < p) ||
      (outcome === 'tie' && d >= q && d === p) ||
      (outcome === 'bank-wins' && d >= q && d > p);
    if (fits) return hands[h];
  }
  throw new Error(`no bank hand gives ${outcome}`);
}

const SOURCE = 'three card poker: every player hand × every bank hand, counted by class (407,170,400 pairs)';

/** The edges of the ante (with its play bet and ante bonus, per ante) and of the session's pair-plus table. */
export function threeCardPokerEdges(rules: GameRules<BankPokerState, R>, env: RoundEnv<R>): BetEdge[] {
  const rb = env.rulebook;
  const venv = valuationEnv(env);
  const counts = threeCardCounts(rb.qualifier.value);
  const playMultiple = rb.playMultiple.value;

  const deals: DealClass[] = counts.classes.map((c) => {
    const deal = new DealFacts().bet(1, 'ante').cards(seatPosition(1), c.player).cards(DEALER, c.bank);
    if (c.outcome === 'fold') deal.decide(1, 'fold');
    else deal.decide(1, 'play').bet(1, 'play', playMultiple);
    return { weight: c.weight, facts: deal.close().facts };
  });
  const ante = edgeOfClasses(rules, venv, deals, 'ante', {
    betType: 'ante',
    method: 'exact-strategy',
    strategy: STRATEGY,
    covers: ['play'],
    citation: `${rb.anteOdds.cite}; ${rb.playOdds.cite}; ${Object.values(rb.anteBonus)[0]!.cite}; ${rb.qualifier.cite}`,
    settings: { strategy: STRATEGY, perUnit: 'ante, with its play bet and ante bonus', source: SOURCE },
  });
  const playShare = counts.played / counts.pairs;
  const withRisk: BetEdge = {
    ...ante,
    settings: { ...ante.settings, playRate: playShare, elementOfRisk: ante.houseEdge / (1 + playMultiple * playShare) },
  };

  const pairPlus = edgeFrom(
    counts.hands.map((h) => ({
      weight: h.weight,
      back: backPerUnitOf(rules, venv, new DealFacts().bet(1, 'pair-plus').cards(seatPosition(1), h.player).close().facts, 'pair-plus'),
    })),
    {
      betType: 'pair-plus',
      method: 'exact-enumeration',
      citation: optionCite(env, 'pairPlusTable'),
      settings: { pairPlusTable: String(env.options.pairPlusTable ?? '1') },
    },
  );
  return [withRisk, pairPlus];
}
