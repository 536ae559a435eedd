/**
 * Trente-et-quarante house edges (issue 14 §5), sampled: the coups of whole six-deck shoes, dealt to the
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
import { backPerUnit, type BetEdge } from '../../core/house-edge';
import { applyRate } from '../../core/money';
import { isUndecided, isUnverifiable, type Bet, type Fact } from '../../core/types';
import { T40_BETS, type TrenteEtQuaranteRulebook } from './rulebook';

type Env = RoundEnv<TrenteEtQuaranteRulebook>;
type Rules = GameRules<any, TrenteEtQuaranteRulebook>;

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

/**
 * Every chance of the rulebook, uninsured and (where insurance is offered) insured, each valued over
 * `sample.coups` coups. The refait is settled half back, the default when the player does not choose the
 * prison (the prison is his option and is worth about as much).
 */
export function sampleT40Edges(rules: Rules, env: Env, sample: T40Sample = OPENING_SAMPLE): BetEdge[] {
  const rb = env.rulebook;
  const chip = env.ctx.smallestChip || 1;
  const stake = 1000 * chip;
  const insurance = env.options.insuranceAllowed !== false;
  const premium = applyRate(stake, Number(env.options.insuranceRate ?? 0.01), chip);
  // a premium of 0 (a rate of 0, or a stake too small) still insures: valued, it shows the house has no edge left
  const valued: Valued[] = T40_BETS.flatMap((betType) => [{ betType, insured: false }, ...(insurance ? [{ betType, insured: true }] : [])]);
  const stop = typeof env.options.rowStopsAt === 'number' ? (env.options.rowStopsAt as number) : 31;

  // the bets, placed once: a fresh bet of each chance, and an insured one with its premium
  let n = 0;
  const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: `t40-edge-${++n}`, type, data: { sessionId: 'house-edge', roundId: 'house-edge', ...data }, position: n });
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

  const citations = valued.map(() => new Set<string>());
  // one fact per card and row, made once: the coups differ only in which of them they deal
  const dealtFacts = new Map<string, Fact>();
  const dealt = (card: string, to: 'black' | 'red') => {
    const key = `${card}>${to}`;
    let f = dealtFacts.get(key);
    if (!f) dealtFacts.set(key, (f = fact('CardDealt', { card, to })));
    return f;
  };
  /** amount back per unit staked (the premium counted as staked): one coup's four orderings averaged, and the coup as dealt */
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
      let state = placed;
      for (const card of b) state = rules.evolve(state, dealt(card, 'black'), env);
      for (const card of r) state = rules.evolve(state, dealt(card, 'red'), env);
      bets.forEach(({ bet, premium: p, v }, i) => {
        if (o === (v.betType === 'black' || v.betType === 'red' ? 2 : 1)) return;
        const verdict = rules.settle(state, { bet }, env);
        if (isUndecided(verdict) || isUnverifiable(verdict)) throw new Error(`trente-et-quarante house edge: ${bet.betType} not settled on a complete coup`);
        citations[i].add(verdict.citation);
        let back = backPerUnit(bet.amount, verdict) * bet.amount;
        if (p && p.amount > 0) {
          const pv = rules.settle(state, { bet: p }, env);
          if (isUndecided(pv) || isUnverifiable(pv)) throw new Error('trente-et-quarante house edge: the premium not settled');
          back += backPerUnit(p.amount, pv) * p.amount;
          citations[i].add(pv.citation);
        }
        const perUnit = back / (bet.amount + (p?.amount ?? 0));
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
      settings: { coups, refait: 'half back', ...(v.insured ? { insuranceRate: Number(env.options.insuranceRate ?? 0.01) } : {}), ...(stop !== 31 ? { rowStopsAt: stop } : {}) },
    };
  });
}
