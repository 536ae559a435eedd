/**
 * Shared machinery of the dice family (craps, sic bo, banca francesa): dice validation, totals,
 * doubles and triples, "N to 1" / "X for Y" settlement helpers and the croupier's small tools.
 * Pure; no I/O.
 */
import { dataOf } from './events';
import { roundFact, type FactTypeSpec, type GameRules, type PlayedFact, type RoundEnv } from './game';
import { field, optionalField } from './fields';
import { backPerUnit, edgeFrom, type BetEdge, type WeightedReturn } from './house-edge';
import { roundDownTo } from './money';
import { isUndecided, isUnverifiable, type Bet, type Cited, type ExpectedSettlement, type Fact, type Finding, type Refusal } from './types';
import { findingsOf, settlementNamed, type SettledBy } from './findings';
import { amount, phrase, type Phrase, type Said } from './phrase';

export const DIE_FACES = [1, 2, 3, 4, 5, 6] as const;

/** A die face as recorded: an integer 1–6. */
export const isDieFace = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 6;

/**
 * Structural check of a `DiceThrown`: exactly `count` dice, every face 1–6. A face 7 or a third die on
 * a two-dice table cannot have happened on the equipment, so the fact is refused at ingestion.
 */
export function refuseDice(dice: unknown, count: number): Refusal | null {
  if (!Array.isArray(dice)) return { field: 'data.dice', reason: `dice must be an array of ${count} faces (1–6)` };
  if (dice.length !== count) {
    return { field: 'data.dice', reason: `this game throws ${count} dice; ${dice.length} were recorded` };
  }
  const bad = dice.findIndex((d) => !isDieFace(d));
  if (bad >= 0) return { field: `data.dice[${bad}]`, reason: `${JSON.stringify(dice[bad])} is not a die face (1–6)` };
  return null;
}

/** The refusal of a `DiceThrown` fact for a game that throws `count` dice (other facts: null). */
export function refuseDiceThrown(fact: Fact, count: number): Refusal | null {
  return fact.type === 'DiceThrown' ? refuseDice(fact.data?.dice, count) : null;
}

/**
 * Contract extension shared by the dice games: a void throw ("tirada nula": a die off the table, on a chip,
 * stacked, not rolled…) recorded after its `DiceThrown`. The throw counts for nothing, the bets stay and the
 * dice are thrown again in the same round (a `RoundVoided` would instead return every bet of the round).
 */
export const THROW_VOIDED = 'ThrowVoided';
export const DICE_FACT_TYPES = {
  [THROW_VOIDED]: roundFact(
    'the last DiceThrown of the round was a void throw (tirada nula): it counts for nothing and the dice are thrown again; data: roundId, reason, decidedBy?',
    { reason: field('text'), decidedBy: optionalField('text') },
  ),
} satisfies Readonly<Record<string, FactTypeSpec>>;

/** A `ThrowVoided` with no throw to void. */
export function voidWithoutThrow(game: string, citation: string): Finding {
  return findingsOf(game).finding({
    code: 'SEQUENCE_VIOLATION',
    expected: 'a DiceThrown before the ThrowVoided',
    recorded: THROW_VOIDED,
    rule: 'void-throw',
    citation,
    message: 'a throw was declared void but no throw stands in this round',
    messagePhrase: phrase('finding.dice.voidWithoutThrow'),
  });
}

export const diceTotal = (dice: readonly number[]): number => dice.reduce((t, d) => t + d, 0);
/** Two dice showing the same face ("the hard way"). */
export const isDouble = (dice: readonly number[]): boolean => dice.length === 2 && dice[0] === dice[1];
/** Three dice showing the same face. */
export const isTriple = (dice: readonly number[]): boolean => dice.length === 3 && dice.every((d) => d === dice[0]);
/** How many dice show `face`. */
export const countFace = (dice: readonly number[], face: number): number => dice.filter((d) => d === face).length;
export const diceText = (dice: readonly number[]): string => `${dice.join('-')} (total ${diceTotal(dice)})`;

/**
 * A payout ratio: `win` paid for every `per` staked, net ("7 por 6" = { win: 7, per: 6 }; "N to 1" =
 * { win: N, per: 1 }; "1 to 2" = { win: 1, per: 2 }).
 */
export interface Ratio {
  readonly win: number;
  readonly per: number;
}

export const toOne = (n: number): Ratio => ({ win: n, per: 1 });
export const ratio = (win: number, per: number): Ratio => ({ win, per });
export const ratioText = (r: Ratio): string => `${r.win}:${r.per}`;
/** The ratio as a net multiple of the stake (7:6 → 1.1666…). */
export const ratioValue = (r: Ratio): number => r.win / r.per;

/** Winnings on `stake` at `r`, exact in minor units where possible, else rounded down to the smallest chip (contract §7). */
export function payRatio(stake: number, r: Ratio, unit = 1): number {
  const numerator = stake * r.win;
  if (numerator % r.per === 0) return roundDownTo(numerator / r.per, unit);
  return roundDownTo(Math.floor(numerator / r.per), unit);
}

// The settlement builders every dice game uses take the rule named in full (`<game>/<rule>`, core/findings.ts
// `settlementNamed`). Their phrases (issue 16) say what follows for the bet (`dice.*`); the reason before it (`why`, the
// throw read against the bet) is said too where a game gives it as a phrase (`dice.because`), and left to
// English readers where it is the game's English only.

/** The dice as thrown, with their total ("3-4 (total 7)"), as a phrase. */
export const throwPhrase = (dice: readonly number[]): Phrase => phrase('dice.throw', { dice: dice.join('-'), total: diceTotal(dice) });
/** The throw, then what it does (`diceText(dice): …` in English). */
export const thrownSaid = (dice: readonly number[], text: string, then: Phrase): Said => ({
  text: `${diceText(dice)}: ${text}`,
  phrase: phrase('dice.thrown', { dice: throwPhrase(dice), then }),
});

/** The reason's English, and the consequence's phrase after the reason's where there is one. */
const because = (why: string | Said, then: Phrase): [string, Phrase] =>
  typeof why === 'string' ? [why, then] : [why.text, phrase('dice.because', { why: why.phrase, then })];

/** A winning bet paid at a cited ratio. */
export function winAt(stake: number, r: Cited<Ratio>, unit: number, { rule, why }: Omit<SettledBy, 'citation'>): ExpectedSettlement {
  const payout = payRatio(stake, r.value, unit);
  const [text, explained] = because(why, phrase('dice.pays', { odds: ratioText(r.value), stake: amount(stake), payout: amount(payout) }));
  return settlementNamed({
    outcome: 'win',
    payout,
    rule,
    citation: r.cite,
    explanation: `${text}: pays ${ratioText(r.value)} on ${stake} = ${payout}`,
    explanationPhrase: explained,
  });
}

export function loses({ rule, citation, why }: SettledBy): ExpectedSettlement {
  const [text, explained] = because(why, phrase('dice.loses'));
  return settlementNamed({ outcome: 'lose', payout: 0, rule, citation, explanation: `${text}: the bet loses`, explanationPhrase: explained });
}

export function pushes({ rule, citation, why }: SettledBy): ExpectedSettlement {
  const [text, explained] = because(why, phrase('dice.returned'));
  return settlementNamed({ outcome: 'push', payout: 0, rule, citation, explanation: `${text}: the stake is returned`, explanationPhrase: explained });
}

// ---------------------------------------------------------------------------------------------
// The croupier's tools (used by `play`)

export function rollDie(random: () => number): number {
  return 1 + Math.min(5, Math.floor(random() * 6));
}

/** `count` dice; with `loaded` (six face weights) the first die is a loaded one (a simulated bias, issue 21 §6), drawn with the same one number */
export function rollDice(random: () => number, count: number, loaded?: readonly number[]): number[] {
  return Array.from({ length: count }, (_, i) => (i === 0 && loaded ? weightedFace(random(), loaded) : rollDie(random)));
}

function weightedFace(u: number, weights: readonly number[]): number {
  let left = u * weights.reduce((t, w) => t + w, 0);
  for (let face = 1; face <= 6; face++) if ((left -= weights[face - 1]) < 0) return face;
  return 6;
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/**
 * A stake between `min` and `max` in whole multiples of `step` (itself a multiple of the smallest chip),
 * or null when no such stake exists.
 */
export function pickStake(random: () => number, min: number, max: number, step: number): number | null {
  const lo = Math.ceil(min / step);
  const hi = Math.floor(max / step);
  if (hi < lo || hi <= 0) return null;
  // realistic tables: most bets are small, a few near the maximum
  const span = hi - Math.max(lo, 1);
  const units = Math.max(lo, 1) + Math.floor(Math.pow(random(), 3) * (span + 1));
  return Math.min(hi, units) * step;
}

/** Builds the facts of one round in the contract's order, with the session and round ids filled in. */
export class RoundRecorder {
  readonly facts: PlayedFact[] = [];
  private betCounter = 0;
  constructor(
    readonly sessionId: string,
    readonly roundId: string,
  ) {}

  add(type: string, data: Record<string, unknown> = {}): this {
    this.facts.push({ type, data: { sessionId: this.sessionId, roundId: this.roundId, ...data } });
    return this;
  }

  nextBetId(): string {
    return `${this.roundId}-b${++this.betCounter}`;
  }

  /** The facts as the rules see them (event ids local to this recorder), to fold through `evolve`. */
  asFacts(): Fact[] {
    return this.facts.map((f, i) => ({ eventId: `${this.roundId}-local-${i + 1}`, type: f.type, data: f.data, position: i + 1 }));
  }
}

/** The bets of a round's facts, as the judge records them (late = placed after `BetsClosed`). */
export function betsOf(facts: readonly Fact[]): Bet[] {
  let closed = false;
  const bets: Bet[] = [];
  for (const f of facts) {
    if (f.type === 'BetsClosed') closed = true;
    const d = dataOf(f, 'BetPlaced');
    if (d) {
      bets.push({
        betId: String(d.betId),
        seat: d.seat,
        betType: String(d.betType),
        selection: d.selection,
        amount: Number(d.amount),
        eventId: f.eventId,
        late: closed,
      });
    }
  }
  return bets;
}

// ---------------------------------------------------------------------------------------------
// Exact values over the dice (house edges, issue 14 §5)

/** Every ordered outcome of `count` fair dice (6^count), each equally likely: the physical outcomes to enumerate. */
export function allThrows(count: number): number[][] {
  let throws: number[][] = [[]];
  for (let i = 0; i < count; i++) throws = throws.flatMap((t) => DIE_FACES.map((f) => [...t, f]));
  return throws;
}

/** What one throw does to a bet standing in some state: it decides it (amount back per unit, stake included), or it stays in `next`. */
export type ThrowStep<S> = { readonly weight: number; readonly back: number } | { readonly weight: number; readonly next: S };

/**
 * The final outcomes of a bet that lasts several throws, weighted exactly: the standard absorbing-chain
 * computation. `step(state)` lists what each throw does (weights need not sum to 1: they are normalised
 * per state); states are told apart by `key`. The expected number of visits to each transient state is
 * solved from (I − Q)ᵀ v = e_start, so a throw that leaves the bet where it was (a point not made) is
 * weighted exactly, never cut off after some number of throws. Returns every deciding throw of every
 * state with the probability of the bet ending there, ready for `edgeFrom`.
 */
export function absorbingOutcomes<S>(start: S, key: (s: S) => string, step: (s: S) => Iterable<ThrowStep<S>>): WeightedReturn[] {
  const index = new Map<string, number>();
  const states: S[] = [];
  const steps: ThrowStep<S>[][] = [];
  const visit = (s: S): number => {
    const k = key(s);
    let i = index.get(k);
    if (i === undefined) {
      i = states.length;
      index.set(k, i);
      states.push(s);
    }
    return i;
  };
  visit(start);
  for (let i = 0; i < states.length; i++) {
    steps[i] = [...step(states[i])];
    for (const t of steps[i]) if ('next' in t) visit(t.next);
    if (states.length > 10_000) throw new Error('absorbingOutcomes: the chain does not close (over 10,000 states)');
  }
  const n = states.length;
  // A = (I − Q)ᵀ, augmented with e_start
  const a = Array.from({ length: n }, (_, r) => Array.from({ length: n + 1 }, (_, c) => (c === r ? 1 : 0) + (c === n && r === 0 ? 1 : 0)));
  const totals = steps.map((ts) => ts.reduce((t, s) => t + s.weight, 0));
  steps.forEach((ts, from) => {
    for (const t of ts) if ('next' in t) a[index.get(key(t.next))!][from] -= t.weight / totals[from];
  });
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    if (Math.abs(a[pivot][c]) < 1e-15) throw new Error('absorbingOutcomes: a state the bet can never leave');
    [a[c], a[pivot]] = [a[pivot], a[c]];
    for (let r = 0; r < n; r++) {
      if (r === c || a[r][c] === 0) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k <= n; k++) a[r][k] -= f * a[c][k];
    }
  }
  const visits = a.map((row, r) => row[n] / row[r]);
  const out: WeightedReturn[] = [];
  steps.forEach((ts, from) => {
    for (const t of ts) if ('back' in t) out.push({ weight: (visits[from] * t.weight) / totals[from], back: t.back });
  });
  return out;
}

/** Citations of several verdicts as one, each line once, in the order met. */
export function joinCitations(citations: Iterable<string>): string {
  const lines = new Set<string>();
  for (const c of citations) for (const part of c.split('; ')) if (part) lines.add(part);
  return [...lines].join('; ');
}

/**
 * The house edge of one bet of a game whose coup the dice alone decide (sic bo, banca francesa): the bet is
 * placed, the bets closed and each of the 6^count throws recorded, folded through the game's own `evolve`
 * and settled by its own `settle`. A throw that leaves the bet undecided (banca francesa's totals that make
 * no chance) is thrown again on the same layout, weighted exactly by `absorbingOutcomes`.
 */
export function coupEdge<S>(
  rules: GameRules<S>,
  env: RoundEnv,
  bet: Pick<Bet, 'betId' | 'betType' | 'selection' | 'amount'>,
  count: number,
  figure: Pick<BetEdge, 'settings'> = {},
): BetEdge {
  const S = 'house-edge';
  const R = 'house-edge-coup';
  const fact = (i: number, type: string, data: Record<string, unknown> = {}): Fact => ({
    eventId: `${R}-${i}`,
    type,
    data: { sessionId: S, roundId: R, ...data },
    position: i,
  });
  const placed = [
    fact(1, 'RoundStarted'),
    fact(2, 'BetPlaced', {
      betId: bet.betId,
      seat: 1,
      betType: bet.betType,
      ...(bet.selection !== undefined ? { selection: bet.selection } : {}),
      amount: bet.amount,
    }),
    fact(3, 'BetsClosed'),
  ].reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
  const settling: Bet = { ...bet, eventId: `${R}-2`, late: false };
  const citations = new Set<string>();
  const steps: ThrowStep<'coup'>[] = allThrows(count).map((dice) => {
    const state = rules.evolve(placed, fact(4, 'DiceThrown', { dice }), env);
    const verdict = rules.settle(state, { bet: settling }, env);
    if (isUndecided(verdict)) return { weight: 1, next: 'coup' };
    if (isUnverifiable(verdict)) throw new Error(`${rules.game} house edge: ${verdict.reason}`);
    citations.add(verdict.citation);
    return { weight: 1, back: backPerUnit(bet.amount, verdict) };
  });
  return edgeFrom(
    absorbingOutcomes<'coup'>(
      'coup',
      (s) => s,
      () => steps,
    ),
    {
      betType: bet.betType,
      ...(bet.selection !== undefined ? { selection: bet.selection } : {}),
      method: 'exact-enumeration',
      citation: joinCitations(citations),
      ...figure,
    },
  );
}
