/**
 * House edge of trijoker (issue 14 §5), exact at the optimal strategy. The player's five cards are his
 * three and the two common cards: every 5-card hand (2,598,960) and every order in which its cards come
 * (which three are the player's, which common card shows first: 20 ways) is weighted. The strategy is
 * the optimal one: keep bet 1 when the three cards are worth more than nothing on average, keep bet 2 when
 * the four cards are (the expected pay of the final hand over the cards still to come, by the rulebook's
 * pay table); bet 3 always stays. The deals then fall into classes that settle alike (the final hand's
 * category, whether it pays, which bets stayed); one real deal of each class is played through the game's
 * own evolve and settle.
 */
import type { GameRules, RoundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import {
  BOARD,
  cardCode,
  DealClass,
  DealFacts,
  eachFiveCardHand,
  edgeOfClasses,
  handClasses,
  seatPosition,
  valuationEnv,
  type HandClasses,
} from '../../core/poker/bank';
import { evaluateFive, qualifies } from '../../core/poker/evaluate';
import { KEPT } from './house-edge.data';
import type { TrijokerClass } from './kept';
export type { TrijokerClass } from './kept';
import type { TrijokerRulebook } from './rulebook';
import type { TrijokerState } from './state';

let classes: HandClasses | undefined;
const classes5 = () => (classes ??= handClasses(5, (codes) => evaluateFive(codes)));

const C = (n: number, k: number): number => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};
const BINOMIAL = Int32Array.from({ length: 53 * 6 }, (_, i) => C(Math.floor(i / 6), i % 6));
const indexOf = (cards: ArrayLike<number>, k: number) => {
  let i = 0;
  for (let j = 0; j < k; j++) i += BINOMIAL[cards[j] * 6 + j + 1];
  return i;
};

/** Every deal (own three, left common card, right common card) counted by class, at the optimal strategy for `pays`. */
export function trijokerClasses(pays: (classIndex: number) => number, groupOf: (classIndex: number) => string): TrijokerClass[] {
  const hc = classes5();
  const N5 = C(52, 5);
  const N4 = C(52, 4);
  const N3 = C(52, 3);
  // the pay (net, per unit) of every 5-card hand, summed into each 4-card hand it holds
  const pay = new Float64Array(N5);
  const sum4 = new Float64Array(N4);
  const hand = new Int8Array(5);
  const sub = new Int8Array(5);
  const each5 = (visit: (index: number) => void) => eachFiveCardHand(hand, visit);
  const without = (skip1: number, skip2 = -1) => {
    let k = 0;
    for (let z = 0; z < 5; z++) if (z !== skip1 && z !== skip2) sub[k++] = hand[z];
    return k;
  };
  each5((i) => {
    const p = pays(hc.classOf(hand));
    pay[i] = p;
    for (let x = 0; x < 5; x++) sum4[indexOf(sub, without(x))] += p;
  });
  // bet 2 stays when the four cards' expected pay over the 48 fifth cards is positive; bet 1 on the three cards' over 49 × 48
  const keep2 = new Uint8Array(N4);
  for (let i = 0; i < N4; i++) keep2[i] = sum4[i] > 0 ? 1 : 0;
  const sum3 = new Float64Array(N3);
  each5((i) => {
    for (let x = 0; x < 5; x++) for (let y = x + 1; y < 5; y++) sum3[indexOf(sub, without(x, y))] += pay[i];
  });
  const keep1 = new Uint8Array(N3);
  for (let i = 0; i < N3; i++) keep1[i] = sum3[i] > 0 ? 1 : 0;

  // every hand in its 20 orders: the two common cards (10 choices), which of them shows first (2)
  const groups = [...new Set(hc.values.map((_, v) => groupOf(v)))];
  const groupIndex = hc.values.map((_, v) => groups.indexOf(groupOf(v)));
  const weight = new Float64Array(groups.length * 4);
  const first: Array<{ own: string[]; common: string[] } | undefined> = [];
  const four = new Int8Array(4);
  each5(() => {
    const g = groupIndex[hc.classOf(hand)] * 4;
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++) {
        if (x === y) continue;
        // common cards: x shows first (left), y second (right); the player holds the other three
        without(x, y);
        const k1 = keep1[indexOf(sub, 3)];
        let k = 0;
        for (let z = 0; z < 5; z++) if (z !== y) four[k++] = hand[z];
        const key = g + k1 * 2 + keep2[indexOf(four, 4)];
        if (weight[key]++ === 0) first[key] = { own: Array.from(sub.subarray(0, 3), cardCode), common: [cardCode(hand[x]), cardCode(hand[y])] };
      }
  });
  const out: TrijokerClass[] = [];
  for (let key = 0; key < weight.length; key++)
    if (weight[key]) out.push({ weight: weight[key], group: groups[key >> 2], keepsFirst: (key & 2) !== 0, keepsSecond: (key & 1) !== 0, ...first[key]! });
  return out;
}

const memo = new Map<string, readonly TrijokerClass[]>();

/** What the strategy depends on: the pay table's odds and the smallest paying hand. */
export const tableKey = (rb: TrijokerRulebook): string =>
  JSON.stringify([
    Object.entries(rb.payTable)
      .map(([c, o]) => [c, o!.value])
      .sort(),
    rb.minimumHand.value,
  ]);

/** The classes counted for the rulebook's tables, as `trijokerClasses` gives them (the count takes seconds). */
export const countedClasses = (rb: TrijokerRulebook): readonly TrijokerClass[] => {
  const hc = classes5();
  const paysOf = (v: number) => {
    const value = hc.values[v];
    const odds = rb.payTable[value.category];
    return odds && qualifies(value, rb.minimumHand.value) ? odds.value : -1;
  };
  return trijokerClasses(paysOf, (v) => `${hc.values[v].category}${paysOf(v) > 0 ? '' : ' (does not pay)'}`);
};

/** The three bets of a box together, per unit (one of the three equal bets), at the optimal strategy. */
export function trijokerEdges(rules: GameRules<TrijokerState, TrijokerRulebook>, env: RoundEnv<TrijokerRulebook>): BetEdge[] {
  const rb = env.rulebook;
  const hc = classes5();
  const paysOf = (v: number) => {
    const value = hc.values[v];
    const odds = rb.payTable[value.category];
    return odds && qualifies(value, rb.minimumHand.value) ? odds.value : -1;
  };
  const key = tableKey(rb);
  let found = key === KEPT.table ? KEPT.classes : memo.get(key);
  if (!found) {
    found = trijokerClasses(paysOf, (v) => `${hc.values[v].category}${paysOf(v) > 0 ? '' : ' (does not pay)'}`);
    memo.set(key, found);
  }
  const venv = valuationEnv(env);
  const deals: DealClass[] = found.map((c) => {
    const deal = new DealFacts().bet(1, 'bet-1').bet(1, 'bet-2').bet(1, 'bet-3').close().cards(seatPosition(1), c.own);
    if (!c.keepsFirst) deal.decide(1, 'withdraw-bet', { betId: 'edge-1' });
    deal.push('CommonCardRevealed', { index: 1, card: c.common[0] }).cards(BOARD, [c.common[0]]);
    if (!c.keepsSecond) deal.decide(1, 'withdraw-bet', { betId: 'edge-2' });
    deal.push('CommonCardRevealed', { index: 2, card: c.common[1] }).cards(BOARD, [c.common[1]]);
    return { weight: c.weight, facts: deal.facts };
  });
  // per unit: the three bets' net over one bet's stake (the published convention), so `bet-1` is the unit
  const edge = edgeOfClasses(rules, venv, deals, 'bet-1', {
    betType: 'bet-1',
    method: 'exact-strategy',
    strategy: 'optimal: keep a bet while the cards seen are worth more than nothing on average',
    covers: ['bet-2', 'bet-3'],
    citation: `${Object.values(rb.payTable)[0]!.cite}; ${rb.minimumHand.cite}; ${rb.withdrawable['bet-1'].cite}`,
    settings: {
      strategy: 'optimal: keep a bet while the cards seen are worth more than nothing on average',
      perUnit: 'one of the three equal bets, all three valued together',
    },
  });
  return [edge];
}
