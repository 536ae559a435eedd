/**
 * House edges of caribbean stud (issue 14 §5), exact for a stated strategy. Every player hand (2,598,960)
 * is met by every bank hand of the other 47 cards (1,533,939): the bank's hands are counted by value
 * class, all hands less those sharing one, two, three or four cards with the player's (inclusion–
 * exclusion), so the 3,986,646,103,440 pairs are weighted without being dealt. They fall into classes that
 * settle alike (the player's category × fold / bank does not qualify / player wins / tie / bank wins), and
 * one real deal of each class is played through the game's own evolve and settle.
 *
 * The strategy does not look at the bank's upcard: raise with a pair or better and with A-K-J-8-3 or
 * better, fold below (Wizard of Odds' "raise on ace/king/jack/8/3 or better", 5.316 % on the standard
 * table, within 0.1 % of the perfect strategy's 5.224 %, which needs the upcard). The enumeration takes
 * seconds, so its counts are kept in ./house-edge.data.ts; the spec recomputes them and compares.
 */
import type { GameRules, RoundEnv } from '../../core/game';
import { edgeFrom, type BetEdge } from '../../core/house-edge';
import {
  backPerUnitOf,
  BankPokerState,
  cardCode,
  DEALER,
  DealClass,
  DealFacts,
  BANK_OUTCOMES,
  BankOutcome,
  eachFiveCardHand,
  edgeOfClasses,
  firstClassReaching,
  handClasses,
  seatPosition,
  valuationEnv,
  type HandClasses,
} from '../../core/poker/bank';
import { Category, evaluateFive, qualifies, type Ranking } from '../../core/poker/evaluate';
import { COUNTS } from './house-edge.data';
import type { CaribbeanCounts } from './kept';
export type { DealClassCount, CaribbeanCounts } from './kept';
import type { CaribbeanStudRulebook } from './rulebook';

export type Outcome = BankOutcome;
export const OUTCOMES = BANK_OUTCOMES;

/** The weakest no-pair hand the player raises with. */
export const RAISE_FROM = ['AS', 'KH', 'JD', '8C', '3S'];
export const STRATEGY = 'raise with a pair or better and with A-K-J-8-3 or better, fold below (no look at the upcard)';

const C = (n: number, k: number): number => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

/** C(n, k) for n ≤ 52, k ≤ 5, as a flat table: BINOMIAL[n * 6 + k] */
const BINOMIAL = Int32Array.from({ length: 53 * 6 }, (_, i) => C(Math.floor(i / 6), i % 6));

/** Index of a k-subset (ascending card indices) among all k-subsets of 52 (combinatorial number system). */
function subsetIndex(cards: ArrayLike<number>, k: number): number {
  let i = 0;
  for (let j = 0; j < k; j++) i += BINOMIAL[cards[j] * 6 + j + 1];
  return i;
}

/**
 * Counts every (player, bank) pair by class, under a ranking and the bank's qualifier, for the strategy
 * above. Exact in integers (the largest count is below 2^53). About 2–4 s and 200 MB: precomputed.
 */
export function caribbeanCounts(ranking: Ranking, qualifier: { category: Category; ranks: number[] }): CaribbeanCounts {
  const hc: HandClasses = handClasses(5, (codes) => evaluateFive(codes, ranking));
  const V = hc.values.length;
  const q = firstClassReaching(hc, (v) => qualifies(v, qualifier, ranking));
  const raiseFrom = hc.classOf(RAISE_FROM.map(cardIndex).sort((a, b) => a - b));

  // every hand's class, in the combinatorial order of 5-subsets
  const N5 = C(52, 5);
  const classOf = new Int16Array(N5);
  const hand = new Int8Array(5);
  const byClass = new Int32Array(V + 1);
  const eachHand = (visit: (index: number) => void) => eachFiveCardHand(hand, visit);
  eachHand((i) => {
    const v = hc.classOf(hand);
    classOf[i] = v;
    byClass[v + 1]++;
  });
  // hands in class order, so that the hands holding a given subset are listed weakest first
  const start = new Int32Array(V + 1);
  for (let v = 1; v <= V; v++) start[v] = start[v - 1] + byClass[v];
  const order = new Int32Array(N5);
  {
    const next = start.slice();
    for (let i = 0; i < N5; i++) order[next[classOf[i]]++] = i;
  }
  const all = new Float64Array(V + 1);
  for (let v = 1; v <= V; v++) all[v] = all[v - 1] + byClass[v];

  // hands holding one card, two cards: cumulative counts by class; three, four cards: classes listed in order
  const single = new Int32Array(52 * (V + 1));
  const pair = new Int32Array(C(52, 2) * (V + 1));
  const tripleList = new Int16Array(C(52, 3) * 1176);
  const tripleFill = new Int32Array(C(52, 3));
  const quadList = new Int16Array(C(52, 4) * 48);
  const quadFill = new Int32Array(C(52, 4));
  const cardsOf = decodeAll();
  const sub = new Int8Array(4);
  for (let o = 0; o < N5; o++) {
    const i = order[o];
    const v = classOf[i];
    const h = cardsOf.subarray(i * 5, i * 5 + 5);
    for (let x = 0; x < 5; x++) {
      single[h[x] * (V + 1) + v + 1]++;
      for (let y = x + 1; y < 5; y++) {
        sub[0] = h[x];
        sub[1] = h[y];
        pair[subsetIndex(sub, 2) * (V + 1) + v + 1]++;
      }
    }
    // the ten triples and five quads of the hand: leave out two cards, one card
    for (let x = 0; x < 5; x++)
      for (let y = x + 1; y < 5; y++) {
        let k = 0;
        for (let z = 0; z < 5; z++) if (z !== x && z !== y) sub[k++] = h[z];
        const t = subsetIndex(sub, 3);
        tripleList[t * 1176 + tripleFill[t]++] = v;
      }
    for (let x = 0; x < 5; x++) {
      let k = 0;
      for (let z = 0; z < 5; z++) if (z !== x) sub[k++] = h[z];
      const t = subsetIndex(sub, 4);
      quadList[t * 48 + quadFill[t]++] = v;
    }
  }
  for (let r = 0; r < 52; r++) for (let v = 1; v <= V; v++) single[r * (V + 1) + v] += single[r * (V + 1) + v - 1];
  for (let r = 0; r < C(52, 2); r++) for (let v = 1; v <= V; v++) pair[r * (V + 1) + v] += pair[r * (V + 1) + v - 1];
  /** entries of a sorted list below x */
  const countBelow = (list: Int16Array, from: number, length: number, x: number) => {
    let lo = 0;
    let hi = length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[from + mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  const counts = new Map<string, { category: Category; outcome: Outcome; weight: number; player: string[]; bank: string[] }>();
  const hands = new Map<Category, { category: Category; weight: number; player: string[] }>();
  const s2 = new Int8Array(2);
  const s3 = new Int8Array(3);
  const s4 = new Int8Array(4);
  const pairIdx = new Int32Array(10);
  const tripleIdx = new Int32Array(10);
  const quadIdx = new Int32Array(5);
  const total = C(47, 5);
  // hands that differ only by a permutation of the suits meet the bank alike: one of each is counted, times
  // how many there are (its suits' rank sets, sorted, name it)
  const seen = new Map<number, number>();
  const times = new Int32Array(N5);
  for (let i = 0; i < N5; i++) {
    const h = cardsOf.subarray(i * 5, i * 5 + 5);
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    let m3 = 0;
    for (let j = 0; j < 5; j++) {
      const bit = 1 << (h[j] >> 2);
      switch (h[j] & 3) {
        case 0:
          m0 |= bit;
          break;
        case 1:
          m1 |= bit;
          break;
        case 2:
          m2 |= bit;
          break;
        default:
          m3 |= bit;
      }
    }
    // sort the four masks, largest first, into one number below 2^52
    let t: number;
    if (m0 < m1) {
      t = m0;
      m0 = m1;
      m1 = t;
    }
    if (m2 < m3) {
      t = m2;
      m2 = m3;
      m3 = t;
    }
    if (m0 < m2) {
      t = m0;
      m0 = m2;
      m2 = t;
    }
    if (m1 < m3) {
      t = m1;
      m1 = m3;
      m3 = t;
    }
    if (m1 < m2) {
      t = m1;
      m1 = m2;
      m2 = t;
    }
    const key = ((m0 * 8192 + m1) * 8192 + m2) * 8192 + m3;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, i);
      times[i] = 1;
    } else times[first]++;
  }
  for (let i = 0; i < N5; i++) {
    const w = times[i];
    if (!w) continue;
    const p = classOf[i];
    const h = cardsOf.subarray(i * 5, i * 5 + 5);
    const category = hc.values[p].category;
    if (!hands.has(category)) hands.set(category, { category, weight: 0, player: [...h].map(cardCode) });
    let tally: Record<Outcome, number>;
    if (p < raiseFrom) tally = { fold: total, 'bank-does-not-qualify': 0, 'player-wins': 0, tie: 0, 'bank-wins': 0 };
    else {
      let n = 0;
      let m = 0;
      for (let x = 0; x < 5; x++)
        for (let y = x + 1; y < 5; y++) {
          s2[0] = h[x];
          s2[1] = h[y];
          pairIdx[n++] = subsetIndex(s2, 2);
          let k = 0;
          for (let z = 0; z < 5; z++) if (z !== x && z !== y) s3[k++] = h[z];
          tripleIdx[m++] = subsetIndex(s3, 3);
        }
      for (let x = 0; x < 5; x++) {
        let k = 0;
        for (let z = 0; z < 5; z++) if (z !== x) s4[k++] = h[z];
        quadIdx[x] = subsetIndex(s4, 4);
      }
      // bank hands of the other 47 cards below class x
      const below = (x: number) => {
        let n = all[x];
        for (let j = 0; j < 5; j++) n -= single[h[j] * (V + 1) + x];
        for (let j = 0; j < 10; j++) n += pair[pairIdx[j] * (V + 1) + x];
        for (let j = 0; j < 10; j++) n -= countBelow(tripleList, tripleIdx[j] * 1176, 1176, x);
        for (let j = 0; j < 5; j++) n += countBelow(quadList, quadIdx[j] * 48, 48, x);
        return n - (p < x ? 1 : 0);
      };
      const bq = below(q);
      const bp = p >= q ? below(p) : bq;
      const bp1 = p >= q ? below(p + 1) : bq;
      tally = { fold: 0, 'bank-does-not-qualify': bq, 'player-wins': bp - bq, tie: bp1 - bp, 'bank-wins': total - bp1 };
    }
    for (const outcome of OUTCOMES) {
      if (!tally[outcome]) continue;
      const key = `${category}|${outcome}`;
      let c = counts.get(key);
      if (!c) {
        const bank = representativeBank(h, outcome === 'player-wins' ? q : outcome === 'tie' ? p : outcome === 'bank-wins' ? Math.max(p + 1, q) : 0);
        counts.set(key, (c = { category, outcome, weight: 0, player: [...h].map(cardCode), bank: bank.map(cardCode) }));
      }
      c.weight += tally[outcome] * w;
    }
  }
  for (let v = 0; v < V; v++) hands.get(hc.values[v].category)!.weight += byClass[v + 1];
  return { ranking: ranking.name, classes: [...counts.values()], hands: [...hands.values()] };

  /** The weakest bank hand of class `from` or above that shares no card with the player's. */
  function representativeBank(player: ArrayLike<number>, from: number): number[] {
    const held = new Set(Array.from(player));
    for (let o = start[from]; o < N5; o++) {
      const bank = Array.from(cardsOf.subarray(order[o] * 5, order[o] * 5 + 5));
      if (!bank.some((x) => held.has(x))) return bank;
    }
    throw new Error('no bank hand of that class');
  }

  function decodeAll(): Int8Array {
    const out = new Int8Array(N5 * 5);
    eachHand((i) => out.set(hand, i * 5));
    return out;
  }
}

const cardIndex = (code: string): number => {
  for (let i = 0; i < 52; i++) if (cardCode(i) === code) return i;
  throw new Error(`not a card: ${code}`);
};

// ---------------------------------------------------------------------------------------------------
// Pricing the classes through the game's own settle

/** The ante, with its play bet, per ante; and the insurance on the first five cards. */
export function caribbeanStudEdges(rules: GameRules<BankPokerState, CaribbeanStudRulebook>, env: RoundEnv<CaribbeanStudRulebook>): BetEdge[] {
  const rb = env.rulebook;
  const counts = COUNTS[rb.ranking.value.name];
  const q = rb.qualifier.value;
  if (!counts || q.category !== 'high-card' || JSON.stringify(q.ranks) !== '[14,13]')
    throw new Error(
      `caribbean stud house edges are counted for the A-K qualifier and the standard or flush-over-full ranking (here ${rb.ranking.value.name}, ${JSON.stringify(q)})`,
    );
  const venv = valuationEnv(env);
  const deals: DealClass[] = counts.classes.map((c) => {
    const deal = new DealFacts().bet(1, 'ante').cards(seatPosition(1), c.player).cards(DEALER, c.bank);
    if (c.outcome === 'fold') deal.decide(1, 'fold');
    else deal.decide(1, 'play').bet(1, 'play', rb.playMultiple.value);
    return { weight: c.weight, facts: deal.close().facts };
  });
  const pairs = counts.classes.reduce((t, c) => t + c.weight, 0);
  const raised = counts.classes.filter((c) => c.outcome !== 'fold').reduce((t, c) => t + c.weight, 0) / pairs;
  const ante = edgeOfClasses(rules, venv, deals, 'ante', {
    betType: 'ante',
    method: 'exact-strategy',
    strategy: STRATEGY,
    covers: ['play'],
    citation: `${rb.anteOdds.cite}; ${Object.values(rb.payTable)[0]!.cite}; ${rb.qualifier.cite}; ${rb.tie.cite}`,
    settings: {
      strategy: STRATEGY,
      perUnit: 'ante, with its play bet',
      ranking: rb.ranking.value.name,
      playWhenBankDoesNotQualify: env.options.playWhenBankDoesNotQualify,
    },
  });
  const edges: BetEdge[] = [
    { ...ante, settings: { ...ante.settings, raiseRate: raised, elementOfRisk: ante.houseEdge / (1 + rb.playMultiple.value * raised) } },
  ];
  if (rb.insurance && rb.betTypes.insurance?.value)
    edges.push(
      edgeFrom(
        counts.hands.map((h) => ({
          weight: h.weight,
          back: backPerUnitOf(rules, venv, new DealFacts().bet(1, 'insurance').cards(seatPosition(1), h.player).close().facts, 'insurance'),
        })),
        { betType: 'insurance', method: 'exact-enumeration', citation: Object.values(rb.insurance.prizes)[0]!.cite },
      ),
    );
  return edges;
}
