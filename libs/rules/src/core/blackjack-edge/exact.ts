/**
 * The blackjack main bet valued exactly (issue 21 §1): a combinatorial analysis of the first coup of a full
 * shoe, every card drawn without replacement, at the composition-dependent optimal strategy for the table's
 * rules — European no hole card (the dealer's second card comes after the player has played, and his
 * blackjack takes doubled and split stakes too), surrender of the first two cards against anything but an
 * ace (so, against a ten, before the dealer can show a blackjack), doubles on the totals the rulebook allows,
 * an ace counted 1 in a doubled hand where the table reads so (docs/decisions/open-questions.md#oq-12), split aces take one card,
 * three 7s paid where the text pays them.
 *
 * What the strategy leaves out, the player is free to leave out: a pair is split once (no resplit), and each
 * split hand is played on its own cards (not the other hand's). Under that strategy the figure is exact: each
 * split hand's value is the first hand's by exchangeability (the cards after a stopping time are distributed
 * as the shoe's first cards), so the split is worth twice one hand dealt from the shoe less the pair and the
 * up card. Resplitting is worth a few hundredths of a percent more to the player (docs/games/house-edges.md).
 *
 * The variance is exact for every coup that is not split. For a split box the two hands' covariance is taken
 * through the dealer's final hand (the hands are independent given it but for the few cards they draw).
 *
 * Pure arithmetic on card values; house-edge.spec.ts settles hands through the game's own `settle` against
 * these payoffs, and meets Wizard of Odds' published per-hand values of a six-deck no-hole-card shoe.
 */

/** The rules that change the main bet's value. */
export interface ExactRules {
  readonly decks: number;
  readonly hitSoft17: boolean;
  /** net odds of a two-card 21 (3:2 = 1.5) */
  readonly blackjackPays: number;
  readonly surrender: boolean;
  readonly doubleAceCountsOne: boolean;
  /** hard totals (aces 1) a first two cards may double on; null: any */
  readonly doubleOnTotals: readonly number[] | null;
  readonly doubleAfterSplit: boolean;
  readonly splitAcesOneCard: boolean;
  /** net odds of a 21 made of three 7s (cantabria), null: an ordinary 21 */
  readonly threeSevensPays: number | null;
  /** pairs may be split (absent: they may); triple blackjack's hands only hit and stand */
  readonly splits?: boolean;
}

/** Values 1 (ace) … 10 (ten and figures). */
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
/** dealer outcomes: 0–4 = 17–21, 5 = bust, 6 = blackjack, 7 = 21 of three 7s */
const BUST = 5;
const DEALER_BJ = 6;
const DEALER_777 = 7;
const OUTCOMES = 8;

/** Net result moments of one choice, per unit of the box's initial stake. */
export interface Moments {
  /** E[X] */
  readonly ev: number;
  /** E[X²] */
  readonly ev2: number;
}

/** Joint moments of a split hand with the dealer's outcome: E[X·1{D=d}] per outcome. */
interface SplitMoments extends Moments {
  readonly joint: Float64Array;
}

/** The dealer's final hands from one up card, each a multiset of the values he draws, flat for speed. */
interface DealerTable {
  readonly outcome: Uint8Array;
  /** orderings in which he draws the multiset (stopping at its last card, not before) */
  readonly orderings: Float64Array;
  /** cards drawn */
  readonly drawn: Uint8Array;
  /** the multiset as (value, copies) pairs: entries start[i] … start[i + 1] − 1 */
  readonly start: Uint32Array;
  readonly values: Uint8Array;
  readonly copies: Uint8Array;
  /** the final hands that bust */
  readonly busts: Uint32Array;
}

/** most copies of one value the dealer can draw (aces), and most cards he can draw, with margin */
const MAX_SAME = 24;
const MAX_DRAWN = 24;

function dealerTable(up: number, hitSoft17: boolean): DealerTable {
  const finals = new Map<number, { outcome: number; orderings: number; counts: number[] }>();
  const counts = Array<number>(11).fill(0);
  const walk = (h: Hand, key: number) => {
    const total = best(h);
    const soft = h.aces > 0 && h.hard + 10 <= 21;
    const stops = (h.cards === 2 && total === 21) || h.hard > 21 || (total >= 17 && !(hitSoft17 && soft && total === 17));
    if (stops) {
      const outcome = outcomeOf(h);
      const f = finals.get(key);
      if (f) f.orderings++;
      else finals.set(key, { outcome, orderings: 1, counts: [...counts] });
      return;
    }
    for (const v of VALUES) {
      counts[v]++;
      walk(add(h, v), keyAdd(key, v));
      counts[v]--;
    }
  };
  walk(add(EMPTY, up), 0);
  const list = [...finals.values()];
  const start = new Uint32Array(list.length + 1);
  const values: number[] = [];
  const copies: number[] = [];
  list.forEach((f, i) => {
    start[i] = values.length;
    for (const v of VALUES) if (f.counts[v]) (values.push(v), copies.push(f.counts[v]));
  });
  start[list.length] = values.length;
  return {
    outcome: Uint8Array.from(list.map((f) => f.outcome)),
    orderings: Float64Array.from(list.map((f) => f.orderings)),
    drawn: Uint8Array.from(list.map((f) => f.counts.reduce((t, c) => t + c, 0))),
    start,
    values: Uint8Array.from(values),
    copies: Uint8Array.from(copies),
    busts: Uint32Array.from(list.flatMap((f, i) => (f.outcome === BUST ? [i] : []))),
  };
}

/** the joint moments outside a split, where nobody needs them */
const NO_JOINT = new Float64Array(OUTCOMES);

/** A multiset of card values, as one exact number: 5 bits a value (at most 31 of a value in a hand). */
const keyAdd = (key: number, v: number) => key + 2 ** (5 * (v - 1));

interface Hand {
  readonly key: number;
  readonly hard: number;
  readonly aces: number;
  readonly cards: number;
  /** every card a 7 */
  readonly sevens: boolean;
}

const EMPTY: Hand = { key: 0, hard: 0, aces: 0, cards: 0, sevens: true };
const add = (h: Hand, v: number): Hand => ({
  key: keyAdd(h.key, v),
  hard: h.hard + v,
  aces: h.aces + (v === 1 ? 1 : 0),
  cards: h.cards + 1,
  sevens: h.sevens && v === 7,
});
const best = (h: Hand) => (h.aces > 0 && h.hard + 10 <= 21 ? h.hard + 10 : h.hard);

/** The values of one initial hand against one up card: each choice's moments, and the one the strategy takes. */
export interface InitialHand {
  readonly up: number;
  readonly cards: readonly [number, number];
  /** probability of this deal (player's two values in either order, the dealer's up card) */
  readonly probability: number;
  readonly stand: Moments;
  readonly hit: Moments;
  readonly double?: Moments;
  readonly split?: Moments;
  readonly surrender?: Moments;
  readonly blackjack?: Moments;
  readonly chosen: 'stand' | 'hit' | 'double' | 'split' | 'surrender' | 'blackjack';
}

/** What is kept of an analysis: the return and the variance of the net result, per unit of the initial stake. */
export interface ExactFigure {
  readonly returnPerUnit: number;
  readonly variancePerUnit: number;
}

export interface ExactMainBet {
  readonly returnPerUnit: number;
  readonly houseEdge: number;
  readonly variancePerUnit: number;
  readonly hands: readonly InitialHand[];
}

/**
 * One analysis of a full shoe under `rules`: the dealer's final distribution is computed once per set of cards
 * removed, and each player hand once per context (up card, split pair). `only.ups` values only the deals with
 * those up cards (a test's shortcut: the totals are then partial sums).
 */
export function analyseMainBet(rules: ExactRules, only: { readonly ups?: readonly number[] } = {}): ExactMainBet {
  const full = VALUES.map((v) => (v === 10 ? 16 : 4) * rules.decks);
  const shoe = [0, ...full];
  let left = 52 * rules.decks;
  const take = (v: number) => {
    shoe[v]--;
    left--;
  };
  const put = (v: number) => {
    shoe[v]++;
    left++;
  };

  // ---- the dealer ------------------------------------------------------------------------------
  const tables = VALUES.map((up) => dealerTable(up, rules.hitSoft17));
  const dealerByRemoved = VALUES.map(() => new Map<number, Float64Array>());
  const fallingShoe = new Float64Array(11 * MAX_SAME);
  const fallingLeft = new Float64Array(MAX_DRAWN + 1);
  /**
   * The dealer's final outcome from his up card in the current shoe, whose removed cards `removedKey` names:
   * each of his final hands (a multiset of drawn values) weighs its orderings × Π (copies left)ₖ / (cards left)ₙ.
   */
  const dealer = (up: number, removedKey: number): Float64Array => {
    let known = dealerByRemoved[up - 1].get(removedKey);
    if (known) return known;
    known = new Float64Array(OUTCOMES);
    const t = tables[up - 1];
    prepareFalling();
    for (let i = 0; i < t.outcome.length; i++) known[t.outcome[i]] += finalWeight(t, i);
    dealerByRemoved[up - 1].set(removedKey, known);
    return known;
  };
  /** only the dealer's chance of busting: all a total of 16 or less needs (about half his final hands) */
  const bustByRemoved = VALUES.map(() => new Map<number, number>());
  const dealerBusts = (up: number, removedKey: number): number => {
    const full = dealerByRemoved[up - 1].get(removedKey);
    if (full) return full[BUST];
    let known = bustByRemoved[up - 1].get(removedKey);
    if (known !== undefined) return known;
    const t = tables[up - 1];
    prepareFalling();
    known = 0;
    for (const i of t.busts) known += finalWeight(t, i);
    bustByRemoved[up - 1].set(removedKey, known);
    return known;
  };
  function prepareFalling() {
    for (const v of VALUES) {
      let f = 1;
      for (let k = 0; k < MAX_SAME; k++) {
        fallingShoe[v * MAX_SAME + k] = f;
        f *= Math.max(shoe[v] - k, 0);
      }
    }
    let f = 1;
    for (let k = 0; k <= MAX_DRAWN; k++) {
      fallingLeft[k] = f;
      f *= left - k;
    }
  }
  function finalWeight(t: DealerTable, i: number): number {
    let w = t.orderings[i] / fallingLeft[t.drawn[i]];
    for (let j = t.start[i]; j < t.start[i + 1]; j++) w *= fallingShoe[t.values[j] * MAX_SAME + t.copies[j]];
    return w;
  }

  const payoff = (h: Hand, total: number, d: number) => payoffOf(rules, h, total, d);

  // ---- the player ------------------------------------------------------------------------------
  interface Context {
    readonly up: number;
    /** cards out of the shoe besides the hand: the up card, and the other split card */
    readonly removedKey: number;
    /** the dealer's outcome before the hand draws: a busted split hand's share of the covariance */
    readonly dealerAtStart: Float64Array | null;
    readonly standMemo: Map<number, SplitMoments>;
    readonly playMemo: Map<number, SplitMoments>;
  }

  /** stand with `h` (stake multiple `stake`) in the current shoe */
  const stand = (c: Context, h: Hand, stake: number, countAcesOne: boolean): SplitMoments => {
    const memoKey = h.key * 4 + stake + (countAcesOne ? 2 : 0);
    const known = c.standMemo.get(memoKey);
    if (known) return known;
    const total = countAcesOne ? h.hard : best(h);
    const joint = c.dealerAtStart ? new Float64Array(OUTCOMES) : NO_JOINT;
    let ev = 0;
    let ev2 = 0;
    if (total <= 16 && !c.dealerAtStart) {
      // wins only if the dealer busts (no covariance needed outside a split)
      const busts = dealerBusts(c.up, c.removedKey + h.key);
      ev = stake * (2 * busts - 1);
      ev2 = stake * stake;
    } else if (total > 21) {
      // busted: lost whatever the dealer makes (his distribution for the covariance of split hands)
      if (c.dealerAtStart) for (let i = 0; i < OUTCOMES; i++) joint[i] = -stake * c.dealerAtStart[i];
      ev = -stake;
      ev2 = stake * stake;
    } else {
      const d = dealer(c.up, c.removedKey + h.key);
      for (let i = 0; i < OUTCOMES; i++) {
        const x = stake * payoff(h, total, i);
        if (joint !== NO_JOINT) joint[i] = d[i] * x;
        ev += d[i] * x;
        ev2 += d[i] * x * x;
      }
    }
    const out = { ev, ev2, joint };
    c.standMemo.set(memoKey, out);
    return out;
  };

  /** draw one card to `h` and go on by `next`, the moments weighted by the shoe */
  const drawTo = (c: Context, h: Hand, next: (h: Hand) => SplitMoments): SplitMoments => {
    const joint = c.dealerAtStart ? new Float64Array(OUTCOMES) : NO_JOINT;
    let ev = 0;
    let ev2 = 0;
    const n = left;
    for (const v of VALUES) {
      if (!shoe[v]) continue;
      const p = shoe[v] / n;
      take(v);
      const m = next(add(h, v));
      put(v);
      ev += p * m.ev;
      ev2 += p * m.ev2;
      if (joint !== NO_JOINT) for (let i = 0; i < OUTCOMES; i++) joint[i] += p * m.joint[i];
    }
    return { ev, ev2, joint };
  };

  /** the best of hitting and standing from `h` on (a hand of three cards or more, or one that chose to hit) */
  const play = (c: Context, h: Hand): SplitMoments => {
    const known = c.playMemo.get(h.key);
    if (known) return known;
    // a hand of 16 or less that no card can bust is hit: standing wins only on a dealer bust, and after any card
    // standing again wins then too (the dealer's cards are as likely after one more), so hitting is never worse
    const safe = best(h) <= 16 && (h.hard <= 11 || best(h) !== h.hard);
    const out = safe ? hit(c, h) : h.hard > 21 || best(h) >= 21 ? stand(c, h, 1, false) : better(stand(c, h, 1, false), hit(c, h));
    c.playMemo.set(h.key, out);
    return out;
  };
  const hit = (c: Context, h: Hand) => drawTo(c, h, (next) => play(c, next));
  const double = (c: Context, h: Hand) => drawTo(c, h, (next) => stand(c, next, 2, rules.doubleAceCountsOne));
  const better = <M extends Moments>(a: M, b: M): M => (b.ev > a.ev ? b : a);
  const mayDouble = (h: Hand, fromSplit: boolean) => (!fromSplit || rules.doubleAfterSplit) && (!rules.doubleOnTotals || rules.doubleOnTotals.includes(h.hard));

  /** one split hand from its first card `v`, called with the up card and the pair out of the shoe */
  const splitHand = (up: number, v: number): SplitMoments => {
    const removedKey = keyAdd(keyAdd(0, up), v);
    const c: Context = { up, removedKey, dealerAtStart: dealer(up, keyAdd(removedKey, v)), standMemo: new Map(), playMemo: new Map() };
    const first = add(EMPTY, v);
    return drawTo(c, first, (h) => {
      if (v === 1 && rules.splitAcesOneCard) return stand(c, h, 1, false);
      const options = [play(c, h)];
      if (best(h) < 21 && mayDouble(h, true)) options.push(double(c, h));
      return options.reduce(better);
    });
  };

  // ---- every first deal ------------------------------------------------------------------------
  const hands: InitialHand[] = [];
  let total = 0;
  let square = 0;
  const N = left;
  for (const up of only.ups ?? VALUES) {
    const pUp = shoe[up] / N;
    take(up);
    const c: Context = { up, removedKey: keyAdd(0, up), dealerAtStart: null, standMemo: new Map(), playMemo: new Map() };
    for (const a of VALUES) {
      for (const b of VALUES) {
        if (b < a) continue;
        const pa = shoe[a] / left;
        take(a);
        const pb = shoe[b] / left;
        take(b);
        const probability = pUp * pa * pb * (a === b ? 1 : 2);
        const h = add(add(EMPTY, a), b);
        const s = stand(c, h, 1, false);
        const hv = hit(c, h);
        const choices: Array<[InitialHand['chosen'], Moments]> = [];
        let natural: Moments | undefined;
        if (best(h) === 21) {
          // a natural: paid 3:2 unless the dealer makes one too (a push)
          const d = dealer(up, c.removedKey + h.key);
          const win = 1 - d[DEALER_BJ];
          natural = { ev: win * rules.blackjackPays, ev2: win * rules.blackjackPays ** 2 };
          choices.push(['blackjack', natural]);
        } else {
          choices.push(['stand', s], ['hit', hv]);
        }
        const dbl = !natural && mayDouble(h, false) ? double(c, h) : undefined;
        if (dbl) choices.push(['double', dbl]);
        const sur = !natural && rules.surrender && up !== 1 ? { ev: -0.5, ev2: 0.25 } : undefined;
        if (sur) choices.push(['surrender', sur]);
        let split: Moments | undefined;
        if (a === b && !natural && rules.splits !== false) {
          const one = splitHand(up, a);
          // E[(X1+X2)²] = 2 E[X²] + 2 E[X1 X2], the two hands independent given the dealer's outcome
          const d = dealer(up, c.removedKey + h.key);
          let cross = 0;
          for (let i = 0; i < OUTCOMES; i++) if (d[i] > 0) cross += (one.joint[i] * one.joint[i]) / d[i];
          split = { ev: 2 * one.ev, ev2: 2 * one.ev2 + 2 * cross };
          choices.push(['split', split]);
        }
        const [chosen, m] = choices.reduce((x, y) => (y[1].ev > x[1].ev ? y : x));
        total += probability * m.ev;
        square += probability * m.ev2;
        hands.push({
          up,
          cards: [a, b],
          probability,
          stand: s,
          hit: hv,
          ...(dbl ? { double: dbl } : {}),
          ...(split ? { split } : {}),
          ...(sur ? { surrender: sur } : {}),
          ...(natural ? { blackjack: natural } : {}),
          chosen,
        });
        put(b);
        put(a);
      }
    }
    put(up);
  }
  return { returnPerUnit: 1 + total, houseEdge: -total, variancePerUnit: square - total * total, hands };
}

/** a finished hand of `total` against the dealer's outcome, per unit of its own stake (not a natural) */
function payoffOf(rules: ExactRules, h: Hand, total: number, d: number): number {
  if (d === DEALER_BJ) return -1;
  const sevens = rules.threeSevensPays !== null && h.cards === 3 && h.sevens;
  if (sevens) return d === DEALER_777 ? 0 : rules.threeSevensPays!;
  if (d === BUST) return 1;
  const dt = d === DEALER_777 ? 21 : 17 + d;
  return Math.sign(total - dt);
}

/** The dealer's outcome class of a finished dealer hand. */
function outcomeOf(h: Hand): number {
  const total = best(h);
  if (h.cards === 2 && total === 21) return DEALER_BJ;
  if (h.hard > 21) return BUST;
  if (total === 21 && h.cards === 3 && h.sevens) return DEALER_777;
  return total - 17;
}

/**
 * What the analysis counts for one finished hand, per unit of the box's initial stake: the player's values (a
 * natural if two cards make 21 and the hand is no split hand), doubled or not, against the dealer's finished
 * hand. The spec settles the same coups through the game's own `settle` and requires the same amounts.
 */
export function finishedHandNet(
  rules: ExactRules,
  player: readonly number[],
  dealerCards: readonly number[],
  how: { doubled?: boolean; fromSplit?: boolean; surrendered?: boolean } = {},
): number {
  if (how.surrendered) return -0.5;
  const h = player.reduce(add, EMPTY);
  const d = outcomeOf(dealerCards.reduce(add, EMPTY));
  if (!how.fromSplit && h.cards === 2 && best(h) === 21) return d === DEALER_BJ ? 0 : rules.blackjackPays;
  const stake = how.doubled ? 2 : 1;
  const total = how.doubled && rules.doubleAceCountsOne ? h.hard : best(h);
  if (total > 21) return -stake;
  return stake * payoffOf(rules, h, total, d);
}

/** One configuration's key: the rules in a fixed order (the stored figures and the live memo are keyed by it). */
export function exactRulesKey(r: ExactRules): string {
  return [
    `decks=${r.decks}`,
    `h17=${+r.hitSoft17}`,
    `bj=${r.blackjackPays}`,
    `surrender=${+r.surrender}`,
    `aceOne=${+r.doubleAceCountsOne}`,
    `double=${r.doubleOnTotals ? r.doubleOnTotals.join('-') : 'any'}`,
    `das=${+r.doubleAfterSplit}`,
    `splitAces1=${+r.splitAcesOneCard}`,
    `777=${r.threeSevensPays ?? 'no'}`,
    ...(r.splits === false ? ['splits=0'] : []),
  ].join(':');
}
