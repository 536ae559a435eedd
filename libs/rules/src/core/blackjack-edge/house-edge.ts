/**
 * The house-edge machinery of the European blackjack table (issue 14 §4, §5; issue 22 §3), shared by blackjack and
 * triple blackjack, each of which brings its own plan of the main bet; every bet valued through the game's own
 * `initialState`/`evolve`/`settle`:
 *
 * - `insurance`, `pairs`, `sevens`: exact, by enumerating the cards that decide them (the dealer's second card;
 *   the box's first two or three cards) with their multiplicities in the shoe, each weighted exactly.
 * - `main`: exact for the composition-dependent optimal strategy (exact.ts), the first coup of a full shoe. The
 *   analysis takes seconds, so each configuration's figure is kept in exact-main-bet.data.ts (bench/house-edges.ts
 *   writes it; the games' house-edge and exact specs analyse configurations again and require them equal); a
 *   configuration not kept is analysed when first asked for, and remembered.
 * - `main`, sampled (sampler.ts): rounds of a six-deck shoe played by basic strategy (strategy.ts). The sample is
 *   drawn offline, stored with its sums (the games' main-bet-samples.ts) and checked by the blackjack house-edge
 *   spec, which deals its first batch again and compares to the last digit.
 *
 * Memoised per rulebook and options object: a table opening costs a few hundred settlements.
 */
import { DECK_52, deckCards, parseCard } from '../cards';
import type { GameRules, RoundEnv } from '../game';
import { roundEnv } from '../game';
import { backPerUnit, BetEdge, edgeFrom, WeightedReturn } from '../house-edge';
import type { TableState } from '../blackjack-hand';
import type { Bet, Fact, SessionContext } from '../types';
import { BlackjackRulebook, optionBool } from '../blackjack-rulebook';
import { analyseMainBet, type ExactFigure, ExactRules, exactRulesKey } from './exact';
import { EXACT_MAIN_BET } from './exact-main-bet.data';
import { edgeOf, EdgeSample, sampleMainBet } from './sampler';
import type { StrategyRules } from './strategy';

type Env = RoundEnv<BlackjackRulebook>;

/** The stored main-bet sample of one configuration: the sums over every batch, and the first batch's own. */
export interface StoredSample {
  readonly sum: number;
  readonly sumSquares: number;
  readonly betSquares: number;
  readonly first: { readonly sum: number; readonly sumSquares: number; readonly betSquares: number };
}

export interface StoredSamples {
  /** rounds per batch; batch i is dealt from seed i + 1 (the same shoes for every configuration) */
  readonly batchRounds: number;
  readonly batches: number;
  readonly figures: Readonly<Record<string, StoredSample>>;
}

/** How the main bet is sampled under a rulebook and a session's options. */
export interface MainBetPlan {
  /** the stored figure's key: jurisdiction and the options that change the main bet's value */
  readonly key: string;
  readonly strategy: StrategyRules;
  readonly plays: 1 | 3;
  readonly settings: Readonly<Record<string, unknown>>;
}

const STAKE = 1000;

/** A session of its own for the valuation: minor units of 1, so no payout is rounded. */
export function valuationEnv<R extends BlackjackRulebook>(rulebook: R, options: Readonly<Record<string, unknown>>): RoundEnv<R> {
  const ctx: SessionContext = {
    sessionId: 'house-edge',
    game: rulebook.game,
    jurisdiction: rulebook.jurisdiction,
    currency: 'EUR',
    limits: { min: STAKE, max: 200 * STAKE },
    options,
    smallestChip: 1,
  };
  return roundEnv(rulebook, ctx);
}

/** One batch of the main-bet sample, dealt again from its seed. */
export function sampleBatch(
  rules: GameRules<TableState>,
  rulebook: BlackjackRulebook,
  plan: MainBetPlan,
  options: Readonly<Record<string, unknown>>,
  batch: number,
  rounds: number,
): EdgeSample {
  const env = valuationEnv(rulebook, options);
  return sampleMainBet({
    rules,
    env,
    strategy: plan.strategy,
    rounds,
    seed: batch + 1,
    plays: plan.plays,
    decks: rulebook.decks.value,
    reserve: 52 * rulebook.cutCardReserveDecks.value,
    burn: rulebook.burnCards.value,
    hitSoft17: plan.strategy.hitSoft17,
    doubleAceCountsOne: plan.strategy.doubleAceCountsOne,
  });
}

/** The main bet's edge from the stored sample; throws where the configuration was never sampled. */
export function mainBetEdge(plan: MainBetPlan, stored: StoredSamples, citation: string, betType = 'main'): BetEdge {
  const figure = stored.figures[plan.key];
  if (!figure) throw new Error(`no stored main-bet sample for ${plan.key}: run the house-edge spec with REGENERATE_BLACKJACK_EDGES=1`);
  const rounds = stored.batchRounds * stored.batches;
  const e = edgeOf([{ rounds, bets: rounds * plan.plays, ...figure }], plan.plays);
  return {
    betType,
    returnPerUnit: 1 - e.houseEdge,
    houseEdge: e.houseEdge,
    variancePerUnit: e.variancePerUnit,
    method: 'sampled',
    standardError: e.standardError,
    citation,
    settings: { ...plan.settings, rounds, strategy: 'basic strategy, total-dependent, infinite-shoe values (strategy.ts)' },
  };
}

// ---- exact valuations ------------------------------------------------------------------------

export const EXACT_STRATEGY =
  'composition-dependent optimal play (stand, hit, double, surrender where the table allows them); a pair split once, not resplit, each split hand played on its own cards';

/** The rules the main bet's exact analysis reads, from the rulebook and the session's options (as `settle` reads them). */
export function exactRulesOf(env: RoundEnv<BlackjackRulebook>): ExactRules {
  const rb = env.rulebook;
  // the analysis pays 1:1 and pushes ties, as every text does; a rulebook that did not would be misvalued
  if (rb.winPays.value !== 1 || !rb.tiePushes.value || rb.playerStopsAt.value !== 21)
    throw new Error(`${rb.game}/${rb.jurisdiction}: the exact analysis assumes 1:1, ties pushed, no card on 21`);
  return {
    decks: rb.decks.value,
    hitSoft17: optionBool(env.options, 'dealerHitsSoft17', rb.dealerHitsSoft17.value),
    blackjackPays: rb.blackjackPays.value,
    surrender: optionBool(env.options, 'surrender', true),
    doubleAceCountsOne: optionBool(env.options, 'doubleAceCountsOne', false),
    doubleOnTotals: rb.doubleOnTotals.value,
    doubleAfterSplit: rb.doubleAfterSplit.value,
    splitAcesOneCard: rb.splitAcesOneCard.value,
    threeSevensPays: rb.threeSevensPays.value,
  };
}

const analysed = new Map<string, ExactFigure>();

/** The main bet's exact figure under `rules`: kept, or analysed now and remembered. */
export function exactMainBetFigure(rules: ExactRules, kept: Readonly<Record<string, ExactFigure>> = EXACT_MAIN_BET): ExactFigure {
  const key = exactRulesKey(rules);
  let figure = kept[key] ?? analysed.get(key);
  if (!figure) {
    const a = analyseMainBet(rules);
    figure = { returnPerUnit: a.returnPerUnit, variancePerUnit: a.variancePerUnit };
    analysed.set(key, figure);
  }
  return figure;
}

export function exactMainBetEdge(
  env: RoundEnv<BlackjackRulebook>,
  citation: string,
  rules: ExactRules = exactRulesOf(env),
  strategy = EXACT_STRATEGY,
): BetEdge {
  const f = exactMainBetFigure(rules);
  return {
    betType: 'main',
    returnPerUnit: f.returnPerUnit,
    houseEdge: 1 - f.returnPerUnit,
    variancePerUnit: f.variancePerUnit,
    method: 'exact-strategy',
    strategy,
    citation,
    settings: {
      ...rules,
      // as the session option is named
      dealerHitsSoft17: rules.hitSoft17,
      deal: 'the first coup of a full shoe, European no hole card',
      variance: "exact but for split boxes, whose two hands' covariance is taken through the dealer's final hand",
    },
  };
}

/** Every card of a shoe once, with how many copies of it are left after the cards already seen. */
function shoeLeft(decks: number, seen: readonly string[]): { code: string; copies: number }[] {
  return deckCards(DECK_52).map((code) => ({ code, copies: decks - seen.filter((s) => parseCard(s)!.code === parseCard(code)!.code).length }));
}

const fact = (type: string, data: Record<string, unknown>): Fact => ({ eventId: '', type, data });

function settleAfter(rules: GameRules<TableState>, env: RoundEnv, facts: readonly Fact[], bet: Bet): number {
  const state = facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
  return backPerUnit(bet.amount, rules.settle(state, { bet }, env));
}

const sideBet = (betType: string, extra: Partial<Bet> = {}): Bet => ({ betId: 's', seat: 1, betType, amount: STAKE, eventId: '', late: false, ...extra });
const mainBetFact = (extra: Record<string, unknown> = {}) => fact('BetPlaced', { betId: 'm', seat: 1, betType: 'main', amount: STAKE, ...extra });

/**
 * Insurance: the dealer's ace up, his second card drawn from the shoe less that ace — the published method
 * (the player's own cards are averaged over, as every other unseen card). `decks` defaults to the rulebook's.
 */
export function insuranceEdge(rules: GameRules<TableState>, env: RoundEnv, decks: number, extra: Partial<Bet> = {}): BetEdge {
  const rb = env.rulebook as BlackjackRulebook;
  const bet = sideBet('insurance', extra);
  const before = [
    mainBetFact(extra),
    fact('BetPlaced', { ...bet }),
    fact('CardDealt', { card: '2C', to: 'seat:1' }),
    fact('CardDealt', { card: 'AS', to: 'dealer' }),
    fact('CardDealt', { card: '3C', to: 'seat:1' }),
  ];
  const outcomes: WeightedReturn[] = shoeLeft(decks, ['AS']).map(({ code, copies }) => ({
    weight: copies,
    back: settleAfter(rules, env, [...before, fact('CardDealt', { card: code, to: 'dealer' })], bet),
  }));
  return edgeFrom(outcomes, { betType: 'insurance', method: 'exact-enumeration', citation: rb.insurancePays.cite, settings: { decks } });
}

/** Pairs: the box's first two cards; the first stands for any (every card is alike by symmetry), the second from the rest. */
export function pairsEdge(rules: GameRules<TableState>, env: RoundEnv, decks: number): BetEdge {
  const rb = env.rulebook as BlackjackRulebook;
  const bet = sideBet('pairs');
  const first = 'KH';
  const before = [
    mainBetFact(),
    fact('BetPlaced', { ...bet }),
    fact('CardDealt', { card: first, to: 'seat:1' }),
    fact('CardDealt', { card: '5C', to: 'dealer' }),
  ];
  const outcomes: WeightedReturn[] = shoeLeft(decks, [first]).map(({ code, copies }) => ({
    weight: copies,
    back: settleAfter(rules, env, [...before, fact('CardDealt', { card: code, to: 'seat:1' })], bet),
  }));
  return edgeFrom(outcomes, { betType: 'pairs', method: 'exact-enumeration', citation: rb.pairs.cite, settings: { decks, ...rb.pairs.value } });
}

/**
 * Sevens: the box's first three cards in the order dealt (euskadi L1981–2002), every ordered draw from the shoe
 * weighted by its copies. The third card is always dealt (a box holding two 7s draws or splits), as the published
 * "three-card guarantee"; three suited 7s are valued at the jackpot's floor, the least the player is owed (a
 * larger pool only adds to his return).
 */
export function sevensEdge(rules: GameRules<TableState>, env: RoundEnv, decks: number): BetEdge {
  const rb = env.rulebook as BlackjackRulebook;
  const bet = sideBet('sevens');
  const seven = (code: string) => parseCard(code)!.rank === '7';
  const base = [mainBetFact(), fact('BetPlaced', { ...bet })];
  const outcomes: WeightedReturn[] = [];
  const value = (cards: string[]) => {
    const facts = [...base, fact('CardDealt', { card: cards[0], to: 'seat:1' }), fact('CardDealt', { card: '5C', to: 'dealer' })];
    cards.slice(1).forEach((c, i) => {
      if (i === 1) facts.push(fact('PlayerDecision', { seat: 1, decision: 'hit' }));
      facts.push(fact('CardDealt', { card: c, to: 'seat:1' }));
    });
    return settleAfter(rules, env, facts, bet);
  };
  const total = 52 * decks;
  // the first card: a 7 of each suit, or any other card (lost: one settlement stands for all of them)
  outcomes.push({ weight: 48 * decks, back: value(['KH', '9C', '2D']) });
  for (const first of ['7H', '7S', '7D', '7C']) {
    for (const second of shoeLeft(decks, [first])) {
      if (!seven(second.code)) continue;
      for (const third of shoeLeft(decks, [first, second.code])) {
        if (seven(third.code)) outcomes.push({ weight: decks * second.copies * third.copies, back: value([first, second.code, third.code]) });
      }
      // two 7s and no third: one settlement for the 48 × decks other third cards
      outcomes.push({ weight: decks * second.copies * 48 * decks, back: value([first, second.code, '9C']) });
    }
    // a 7 and no second 7: one settlement for the 48 × decks other second cards and any third card
    outcomes.push({ weight: decks * 48 * decks * (total - 2), back: value([first, '9C', '2D']) });
  }
  // weights are ordered three-card draws: 312 × 311 × 310 in all for six decks
  const scaled = outcomes.map((o, i) => (i === 0 ? { ...o, weight: o.weight * (total - 1) * (total - 2) } : o));
  const prizes = (env.options.sevensPrizes as unknown) ?? rb.sevens.value?.prizes ?? null;
  return edgeFrom(scaled, {
    betType: 'sevens',
    method: 'exact-enumeration',
    citation: rb.sevens.cite,
    settings: { decks, prizes, jackpotValuedAt: 'its floor' },
  });
}

// ---- every bet of a table --------------------------------------------------------------------

const memo = new WeakMap<object, WeakMap<object, readonly BetEdge[]>>();

/**
 * The house edge of each bet type the table offers (`offered`), memoised per rulebook and options object (the
 * session's environment shares one frozen options object, core/game.ts).
 */
export function tableHouseEdges(
  rules: GameRules<TableState>,
  env: Env,
  offered: readonly string[],
  plan: MainBetPlan,
  main: () => BetEdge,
): readonly BetEdge[] {
  let byOptions = memo.get(env.rulebook);
  if (!byOptions) memo.set(env.rulebook, (byOptions = new WeakMap()));
  const known = byOptions.get(env.options);
  if (known) return known;
  const rb = env.rulebook;
  const valuation = valuationEnv(rb, env.options);
  const decks = rb.decks.value;
  const edges: BetEdge[] = [main()];
  if (offered.includes('insurance')) edges.push(insuranceEdge(rules, valuation, decks, plan.plays > 1 ? { selection: 1 } : {}));
  if (offered.includes('pairs')) edges.push(pairsEdge(rules, valuation, decks));
  if (offered.includes('sevens') && (env.options.sevensPrizes ?? rb.sevens.value?.prizes)) edges.push(sevensEdge(rules, valuation, decks));
  const frozen = Object.freeze(edges);
  byOptions.set(env.options, frozen);
  return frozen;
}

// ---- drawing the stored sample (offline) -------------------------------------------------------

/** One configuration to sample: the rulebook, the session options it stands for, and its plan. */
export interface SampleConfig {
  readonly rulebook: BlackjackRulebook;
  readonly options: Readonly<Record<string, unknown>>;
  readonly plan: MainBetPlan;
}

/** Every batch of every configuration, dealt from the batch seeds: what main-bet-samples.ts stores. */
export function drawSamples(rules: GameRules<TableState>, configs: readonly SampleConfig[], batches: number, batchRounds: number): StoredSamples {
  const figures: Record<string, StoredSample> = {};
  for (const c of configs) {
    let sum = 0;
    let sumSquares = 0;
    let betSquares = 0;
    let first: StoredSample['first'] | undefined;
    for (let b = 0; b < batches; b++) {
      const s = sampleBatch(rules, c.rulebook, c.plan, c.options, b, batchRounds);
      if (b === 0) first = { sum: s.sum, sumSquares: s.sumSquares, betSquares: s.betSquares };
      sum += s.sum;
      sumSquares += s.sumSquares;
      betSquares += s.betSquares;
    }
    figures[c.plan.key] = { sum, sumSquares, betSquares, first: first! };
  }
  return { batchRounds, batches, figures };
}

/** The stored sample as the TypeScript module that holds it. */
export function renderSamples(name: string, stored: StoredSamples, about: string): string {
  const lines = Object.entries(stored.figures).map(
    ([key, f]) =>
      `    '${key}': { sum: ${f.sum}, sumSquares: ${f.sumSquares}, betSquares: ${f.betSquares}, first: { sum: ${f.first.sum}, sumSquares: ${f.first.sumSquares}, betSquares: ${f.first.betSquares} } },`,
  );
  return [
    `/**`,
    ` * ${about}`,
    ` * Generated by the house-edge spec with REGENERATE_BLACKJACK_EDGES=1 (do not edit by hand): batch i of ${stored.batchRounds}`,
    ` * rounds is dealt from seed i + 1, ${stored.batches} batches per configuration; sums of the net result per unit staked.`,
    ` */`,
    `import type { StoredSamples } from '../../core/blackjack-edge/house-edge';`,
    ``,
    `export const ${name}: StoredSamples = {`,
    `  batchRounds: ${stored.batchRounds},`,
    `  batches: ${stored.batches},`,
    `  figures: {`,
    ...lines,
    `  },`,
    `};`,
    ``,
  ].join('\n');
}

// ---- the exact main bet's kept figures ---------------------------------------------------------

/** The kept figures as the TypeScript module that holds them. */
export function renderExactMainBet(figures: Readonly<Record<string, ExactFigure>>): string {
  const lines = Object.entries(figures)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, f]) => `  '${key}': { returnPerUnit: ${f.returnPerUnit}, variancePerUnit: ${f.variancePerUnit} },`);
  return [
    `/**`,
    ` * The blackjack main bet's exact analyses (exact.ts), one per rulebook × session option it depends on: the return`,
    ` * and variance per unit of the initial stake, the first coup of a full shoe, composition-dependent optimal play.`,
    ` * Written by \`node dist/bench/house-edges.js --blackjack --write\` (do not edit by hand); the blackjack and triple`,
    ` * blackjack exact and house-edge specs analyse configurations again and require them equal.`,
    ` */`,
    `import type { ExactFigure } from './exact';`,
    ``,
    `export const EXACT_MAIN_BET: Readonly<Record<string, ExactFigure>> = {`,
    ...lines,
    `};`,
    ``,
  ].join('\n');
}
