/**
 * Trente-et-quarante house edges (issue 21 §1), exact for the first coup of a full shoe (`exactT40Edges`):
 *
 * - By symmetry a chance wins as often as it loses: the shoe that deals the red row's cards first and then the
 *   black row's is as likely as the one dealt (black ↔ red), and so is the shoe with the suits' colours exchanged
 *   (colour ↔ inverse). What is left is the ties: the refait (both rows on 31) and the other ties (32–40).
 * - P(31–31) is counted exactly: every pair of rows that make 31 — each a multiset of card values, in each of its
 *   orderings — drawn without replacement from the six decks (about 18 million pairs of multisets).
 * - The other ties only move the variance: their chance is taken from each row's exact chance of ending on the
 *   total, the two rows' card removal between them neglected (a relative error of about 1/300 on ~8 %).
 * - Each class is settled on one coup of its kind through the game's own evolve and settle, the premium of an
 *   insured chance with it.
 *
 * `sampleT40Edges` (below), sampled over whole shoes, remains the spec's independent check of the figures across
 * the shoe (the red card, the coups after the first).
 *
 * Trente-et-quarante sampled: the coups of whole six-deck shoes, dealt to the
 * red card as the rules say, each folded through the game's own `evolve` and settled by its own `settle`.
 * Enumerating the orderings of 312 cards is out of reach, so the figure is a mean with its standard error.
 *
 * The error is made small without leaving the game's settlement: each dealt coup is settled twice, as
 * dealt and as its twin, an ordering of the shoe exactly as likely. For black and red the twin exchanges
 * the two rows (the shoe that deals the red row's cards first, then the black row's: both are rows that
 * stop where they stop); for colour and inverse it exchanges the suits' colours (hearts↔spades,
 * diamonds↔clubs: the shoe holds as many of each). The mean of a coup and its twin is an unbiased draw of
 * the bet's value in which the wins and losses cancel: what remains is the refait (31–31) the figure is about.
 */
import { DECK_52, parseCard, pipValue, seededRandom, shoeCards, shuffle } from '../../core/cards';
import { joinCitations } from '../../core/dice';
import type { GameRules, RoundEnv } from '../../core/game';
import { backPerUnit, edgeFrom, type BetEdge } from '../../core/house-edge';
import { applyRate, chipUnit } from '../../core/money';
import { isUndecided, isUnverifiable, type Bet, type Fact } from '../../core/types';
import { T40_BETS, type TrenteEtQuaranteRulebook } from './rulebook';

type Env = RoundEnv<TrenteEtQuaranteRulebook>;
type Rules = GameRules<unknown, TrenteEtQuaranteRulebook>;

export interface T40Sample {
  /** coups dealt to their end and valued (a coup the red card annuls returns every bet: not counted) */
  readonly coups: number;
  readonly seed: number;
}

/** What `houseEdges` samples at a table's opening: enough to tell 1 % from 0 by many standard errors, within the time budget. */
export const OPENING_SAMPLE: T40Sample = { coups: 1000, seed: 31_40 };

const points = (code: string) => pipValue(parseCard(code)!);
const OTHER_COLOUR: Readonly<Record<string, string>> = { H: 'S', S: 'H', D: 'C', C: 'D' };
const recolour = (code: string) => code.slice(0, -1) + OTHER_COLOUR[code.slice(-1)];

interface Valued {
  readonly betType: string;
  readonly insured: boolean;
}

// ---- exact: the first coup of a full shoe ------------------------------------------------------

/** How the first coup of a full shoe ends: the refait, another tie, or one row winning (each equally likely). */
export interface T40Chances {
  /** both rows on the refait total */
  readonly refait: number;
  /** both rows on the same other total (the rows' removal between them neglected) */
  readonly otherTie: number;
  /** a row ending on each total from `stop` (index 0) to `stop + 9` */
  readonly rowEnds: readonly number[];
}

/** A row that ends on `total`: a multiset of values (ace 1 … figures 10) and how many of its orderings end there. */
interface RowMultiset {
  readonly counts: Uint8Array;
  readonly cards: number;
  readonly orderings: number;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

/** Every multiset a row can end with on `total`, stopping at `stop`: the last card takes it from below `stop` to `total`. */
function rowsEndingOn(total: number, stop: number): RowMultiset[] {
  const out: RowMultiset[] = [];
  const counts = new Uint8Array(11);
  const walk = (v: number, left: number) => {
    if (left === 0) {
      const cards = counts.reduce((t, c) => t + c, 0);
      let orderings = 0;
      for (let last = 1; last <= 10; last++) {
        if (!counts[last] || total - last >= stop) continue;
        // the other cards in any order: every prefix is below `stop` since the whole before the last card is
        let perms = factorial(cards - 1);
        for (let u = 1; u <= 10; u++) perms /= factorial(counts[u] - (u === last ? 1 : 0));
        orderings += perms;
      }
      if (orderings) out.push({ counts: counts.slice(), cards, orderings });
      return;
    }
    if (v > 10) return;
    for (let k = 0; k * v <= left; k++) {
      counts[v] = k;
      walk(v + 1, left - k * v);
    }
    counts[v] = 0;
  };
  walk(1, total);
  return out;
}

const t40Memo = new Map<string, T40Chances>();

/** The first coup's chances in a shoe of `decks` decks, rows stopping at `stop`, the refait on `refaitTotal`. */
export function t40Chances(decks: number, stop: number, refaitTotal: number): T40Chances {
  const key = `${decks}|${stop}|${refaitTotal}`;
  const known = t40Memo.get(key);
  if (known) return known;
  const copies = Array.from({ length: 11 }, (_, v) => (v === 0 ? 0 : v === 10 ? 16 : 4) * decks);
  const shoe = 52 * decks;
  // falling factorials (copies of v)_c and (cards in the shoe)_n
  const fallingOf = (n: number, upTo: number) => {
    const f = new Float64Array(upTo + 1);
    f[0] = 1;
    for (let c = 1; c <= upTo; c++) f[c] = f[c - 1] * Math.max(n - c + 1, 0);
    return f;
  };
  const falling = copies.map((n) => fallingOf(n, 2 * (stop + 9)));
  const fallingShoe = fallingOf(shoe, 2 * (stop + 9));
  const rowEnds: number[] = [];
  const rows = new Map<number, RowMultiset[]>();
  for (let t = stop; t <= stop + 9; t++) {
    const list = rowsEndingOn(t, stop);
    rows.set(t, list);
    let p = 0;
    for (const m of list) {
      let w = m.orderings / fallingShoe[m.cards];
      for (let v = 1; v <= 10; v++) w *= falling[v][m.counts[v]];
      p += w;
    }
    rowEnds.push(p);
  }
  // the refait: every pair of rows on the refait total, the red row's cards drawn after the black row's
  // (a pair's weight is symmetric in its two rows: each unordered pair once, twice over; (n)_{a+b} = (n)_a (n − a)_b)
  let refait = 0;
  const both = rows.get(refaitTotal) ?? [];
  const values = both.map((m) => Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((v) => m.counts[v])));
  const after = Array.from({ length: 11 }, () => new Float64Array(stop + 10));
  for (let i = 0; i < both.length; i++) {
    const a = both[i];
    let own = a.orderings;
    for (let v = 1; v <= 10; v++) {
      own *= falling[v][a.counts[v]];
      const rest = copies[v] - a.counts[v];
      after[v][0] = 1;
      for (let c = 1; c < after[v].length; c++) after[v][c] = after[v][c - 1] * Math.max(rest - c + 1, 0);
    }
    let sum = 0;
    for (let j = i; j < both.length; j++) {
      const b = both[j];
      let w = b.orderings / fallingShoe[a.cards + b.cards];
      const vs = values[j];
      for (let k = 0; k < vs.length; k++) w *= after[vs[k]][b.counts[vs[k]]];
      sum += j === i ? w : 2 * w;
    }
    refait += own * sum;
  }
  const otherTie = rowEnds.reduce((t, p, i) => (stop + i === refaitTotal ? t : t + p * p), 0);
  const chances = { refait, otherTie, rowEnds };
  t40Memo.set(key, chances);
  return chances;
}

/** One coup's rows, in card codes, ending on the totals asked (the first black-row card black when `firstBlack`). */
function rowOn(total: number, firstSuit: 'S' | 'H'): string[] {
  const row = [`10${firstSuit}`, '10C', '10D'];
  const rest = total - 30;
  return rest === 1 ? [...row, `A${firstSuit === 'S' ? 'C' : 'D'}`] : rest <= 10 ? [...row, `${rest === 10 ? 'K' : rest}H`] : row;
}

/**
 * The first coup's classes as the facts that deal them, for a coup's bets weighed together (core/round-moments.ts,
 * issue 21): each row winning with the black row's first card of either colour (a quarter of the decided coups each,
 * by the same two exchanges), the refait, another tie.
 */
export function t40RoundOutcomes(env: Env): { env: Env; outcomes: Array<{ weight: number; facts: Fact[] }> } {
  const rb = env.rulebook;
  const stop = typeof env.options.rowStopsAt === 'number' ? (env.options.rowStopsAt as number) : 31;
  const refaitTotal = rb.refaitTotal.value;
  const chances = t40Chances(rb.decks.value, stop, refaitTotal);
  const quarter = (1 - chances.refait - chances.otherTie) / 4;
  const lower = stop === refaitTotal ? stop : stop + 1;
  const otherTotal = stop + 4 === refaitTotal ? stop + 5 : stop + 4;
  const coup = (black: string[], red: string[]): Fact[] => [
    { eventId: 'round-start', type: 'RoundStarted', data: {} },
    { eventId: 'round-closed', type: 'BetsClosed', data: {} },
    ...black.map((card, i): Fact => ({ eventId: `round-black-${i}`, type: 'CardDealt', data: { card, to: 'black' } })),
    ...red.map((card, i): Fact => ({ eventId: `round-red-${i}`, type: 'CardDealt', data: { card, to: 'red' } })),
  ];
  const classes: Array<[number, string[], string[]]> = [
    [quarter, rowOn(lower, 'S'), rowOn(lower + 2, 'H')],
    [quarter, rowOn(lower, 'H'), rowOn(lower + 2, 'S')],
    [quarter, rowOn(lower + 2, 'S'), rowOn(lower, 'H')],
    [quarter, rowOn(lower + 2, 'H'), rowOn(lower, 'S')],
    [chances.refait, rowOn(refaitTotal, 'S'), rowOn(refaitTotal, 'H')],
    [chances.otherTie, rowOn(otherTotal, 'S'), rowOn(otherTotal, 'H')],
  ];
  return { env, outcomes: classes.filter(([w]) => w > 0).map(([weight, black, red]) => ({ weight, facts: coup(black, red) })) };
}

/**
 * Every chance, uninsured and insured where offered, exact for the first coup of a full shoe: one coup of each
 * class settled through the game's own `settle`, weighted by the class's chance (`t40Chances`).
 */
export function exactT40Edges(rules: Rules, env: Env): BetEdge[] {
  const rb = env.rulebook;
  const stop = typeof env.options.rowStopsAt === 'number' ? (env.options.rowStopsAt as number) : 31;
  const refaitTotal = rb.refaitTotal.value;
  const chances = t40Chances(rb.decks.value, stop, refaitTotal);
  const decided = (1 - chances.refait - chances.otherTie) / 2;
  const otherTotal = stop + 4 === refaitTotal ? stop + 5 : stop + 4;
  // black wins with a black first card (colour wins); red wins with a black first card (inverse wins); the ties
  const lower = stop === refaitTotal ? stop : stop + 1;
  const classes = [
    { weight: decided, black: rowOn(lower, 'S'), red: rowOn(lower + 2, 'H') },
    { weight: decided, black: rowOn(lower + 2, 'S'), red: rowOn(lower, 'H') },
    { weight: chances.refait, black: rowOn(refaitTotal, 'S'), red: rowOn(refaitTotal, 'H') },
    { weight: chances.otherTie, black: rowOn(otherTotal, 'S'), red: rowOn(otherTotal, 'H') },
  ].filter((c) => c.weight > 0);
  const { bets, placed, settleCoup } = placeAll(rules, env);
  const backs = classes.map((c) => settleCoup(placed, c.black, c.red));
  return bets.map(({ v, bet, premium }, i) => {
    const citations = new Set<string>();
    backs.forEach((b) => b.citations[i].forEach((x) => citations.add(x)));
    const staked = bet.amount + (premium?.amount ?? 0);
    return edgeFrom(
      classes.map((c, k) => ({ weight: c.weight, back: backs[k].back[i] / staked })),
      {
        betType: v.betType,
        // an insured chance: per unit of the stake and its premium together (the premium is recorded as an insurance bet)
        ...(v.insured ? { selection: { insured: true }, covers: ['insurance'] } : {}),
        method: 'exact-combinatorial',
        citation: joinCitations(citations),
        settings: {
          deal: 'the first coup of a full shoe',
          refait: 'half back',
          refaitChance: chances.refait,
          otherTieChance: chances.otherTie,
          variance: "exact but for the ties off the refait total, whose chance neglects the two rows' card removal between them",
          ...(v.insured ? { insuranceRate: Number(env.options.insuranceRate ?? 0.01) } : {}),
          ...(stop !== 31 ? { rowStopsAt: stop } : {}),
        },
      },
    );
  });
}

/**
 * Every chance of the rulebook, uninsured and (where insurance is offered) insured, each valued over
 * `sample.coups` coups. The refait is settled half back, the default when the player does not choose the
 * prison (the prison is his option and is worth about as much).
 */
/** Every chance of the rulebook (insured too where offered), placed once, and how one coup settles them all. */
function placeAll(rules: Rules, env: Env) {
  const chip = chipUnit(env.ctx);
  const stake = 1000 * chip;
  const insurance = env.options.insuranceAllowed !== false;
  const premium = applyRate(stake, Number(env.options.insuranceRate ?? 0.01), chip);
  // a premium of 0 (a rate of 0, or a stake too small) still insures: valued, it shows the house has no edge left
  const valued: Valued[] = T40_BETS.flatMap((betType) => [{ betType, insured: false }, ...(insurance ? [{ betType, insured: true }] : [])]);

  let n = 0;
  const fact = (type: string, data: Record<string, unknown>): Fact => ({
    eventId: `t40-edge-${++n}`,
    type,
    data: { sessionId: 'house-edge', roundId: 'house-edge', ...data },
    position: n,
  });
  const bets: Array<{ bet: Bet; premium?: Bet; v: Valued }> = [];
  let placedFacts: Fact[] = [fact('RoundStarted', {})];
  valued.forEach((v, i) => {
    const bet: Bet = { betId: `v${i}`, seat: 1, betType: v.betType, amount: stake, eventId: '', late: false };
    placedFacts.push(fact('BetPlaced', { betId: bet.betId, seat: 1, betType: bet.betType, amount: stake }));
    let premiumBet: Bet | undefined;
    if (v.insured) {
      premiumBet = { betId: `v${i}-ins`, seat: 1, betType: 'insurance', selection: bet.betId, amount: premium, eventId: '', late: false };
      placedFacts.push(fact('BetPlaced', { betId: premiumBet.betId, seat: 1, betType: 'insurance', selection: bet.betId, amount: premium }));
    }
    bets.push({ bet, premium: premiumBet, v });
  });
  placedFacts = [...placedFacts, fact('BetsClosed', {})];
  const placed = placedFacts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));

  // one fact per card and row, made once: the coups differ only in which of them they deal
  const dealtFacts = new Map<string, Fact>();
  const dealt = (card: string, to: 'black' | 'red') => {
    const key = `${card}>${to}`;
    let f = dealtFacts.get(key);
    if (!f) dealtFacts.set(key, (f = fact('CardDealt', { card, to })));
    return f;
  };
  /** what each bet (with its premium) brings back on the coup dealing `black` then `red`, and the lines it rests on */
  const settleCoup = (state: unknown, black: readonly string[], red: readonly string[]) => {
    for (const card of black) state = rules.evolve(state, dealt(card, 'black'), env);
    for (const card of red) state = rules.evolve(state, dealt(card, 'red'), env);
    const citations = bets.map(() => [] as string[]);
    const back = bets.map(({ bet, premium: p }, i) => {
      const verdict = rules.settle(state, { bet }, env);
      if (isUndecided(verdict) || isUnverifiable(verdict)) throw new Error(`trente-et-quarante house edge: ${bet.betType} not settled on a complete coup`);
      citations[i].push(verdict.citation);
      let amount = backPerUnit(bet.amount, verdict) * bet.amount;
      if (p && p.amount > 0) {
        const pv = rules.settle(state, { bet: p }, env);
        if (isUndecided(pv) || isUnverifiable(pv)) throw new Error('trente-et-quarante house edge: the premium not settled');
        amount += backPerUnit(p.amount, pv) * p.amount;
        citations[i].push(pv.citation);
      }
      return amount;
    });
    return { back, citations };
  };
  return { bets, placed, settleCoup };
}

export function sampleT40Edges(rules: Rules, env: Env, sample: T40Sample = OPENING_SAMPLE): BetEdge[] {
  const rb = env.rulebook;
  const stop = typeof env.options.rowStopsAt === 'number' ? (env.options.rowStopsAt as number) : 31;
  const { bets, placed, settleCoup } = placeAll(rules, env);
  const citations = bets.map(() => new Set<string>());
  /** amount back per unit staked (the premium counted as staked): one coup's orderings averaged, and the coup as dealt */
  const valueOf = (black: readonly string[], red: readonly string[]): { mean: number[]; dealt: number[] } => {
    // as dealt; the rows exchanged (the twin of black and red); the colours exchanged (of colour and inverse)
    const orderings = [
      [black, red],
      [red, black],
      [black.map(recolour), red.map(recolour)],
    ];
    const sums = bets.map(() => 0);
    const asDealt = bets.map(() => 0);
    for (const [o, [b, r]] of orderings.entries()) {
      const coup = settleCoup(placed, b, r);
      bets.forEach(({ bet, premium: p, v }, i) => {
        if (o === (v.betType === 'black' || v.betType === 'red' ? 2 : 1)) return;
        coup.citations[i].forEach((c) => citations[i].add(c));
        const perUnit = coup.back[i] / (bet.amount + (p?.amount ?? 0));
        sums[i] += perUnit;
        if (o === 0) asDealt[i] = perUnit;
      });
    }
    return { mean: sums.map((s) => s / 2), dealt: asDealt };
  };

  // per shoe: the sum of the coups' values and of their squares (batch means: coups of one shoe are not independent)
  const random = seededRandom(sample.seed);
  const perShoe: Array<{ coups: number; sums: number[] }> = [];
  /** the squared net of each coup as dealt: the bet's own variance (the averaged draws would understate it) */
  const squares = bets.map(() => 0);
  let coups = 0;
  const reserve = rb.redCardBeforeLast.value;
  while (coups < sample.coups) {
    const shoe = shuffle(shoeCards(DECK_52, rb.decks.value), random);
    const redCard = shoe.length - reserve;
    const batch = { coups: 0, sums: bets.map(() => 0) };
    let next = 0;
    for (;;) {
      const rows: [string[], string[]] = [[], []];
      let annulled = false;
      for (const row of rows) {
        let total = 0;
        while (total < stop) {
          // the red card before the last cards annuls the coup in progress (euskadi L3033–3038)
          if (next >= redCard) {
            annulled = true;
            break;
          }
          const card = shoe[next++];
          row.push(card);
          total += points(card);
        }
        if (annulled) break;
      }
      if (annulled) break;
      const { mean, dealt } = valueOf(rows[0], rows[1]);
      mean.forEach((x, i) => (batch.sums[i] += x));
      dealt.forEach((x, i) => (squares[i] += (x - 1) ** 2));
      batch.coups++;
      if (++coups >= sample.coups) break;
    }
    if (batch.coups) perShoe.push(batch);
  }

  return bets.map(({ v }, i) => {
    const mean = perShoe.reduce((t, s) => t + s.sums[i], 0) / coups;
    // ratio estimator over shoes: Var(mean) ≈ k/(k−1) · Σ (S_s − mean·n_s)² / N²
    const k = perShoe.length;
    const spread = perShoe.reduce((t, s) => t + (s.sums[i] - mean * s.coups) ** 2, 0);
    const standardError = k > 1 ? Math.sqrt((k / (k - 1)) * spread) / coups : Number.NaN;
    return {
      betType: v.betType,
      ...(v.insured ? { selection: { insured: true } } : {}),
      returnPerUnit: mean,
      houseEdge: 1 - mean,
      variancePerUnit: squares[i] / coups - (mean - 1) ** 2,
      method: 'sampled' as const,
      standardError,
      citation: joinCitations(citations[i]),
      settings: {
        coups,
        refait: 'half back',
        ...(v.insured ? { insuranceRate: Number(env.options.insuranceRate ?? 0.01) } : {}),
        ...(stop !== 31 ? { rowStopsAt: stop } : {}),
      },
    };
  });
}
