/**
 * The blackjack family's main bet valued by play (issue 14 §5): rounds dealt from a shuffled six-deck shoe with
 * the cut card a deck from the end, played by basic strategy (strategy.ts), folded through the game's own
 * `initialState`/`evolve` from facts, every hand settled by the game's own `settle`. The figure is a sample mean
 * with its standard error: exact combinatorial analysis of blackjack at basic strategy is a program of its own.
 */
import { DECK_52, pipValue, seededRandom, shoeCards, shuffle } from '../cards';
import type { GameRules, RoundEnv } from '../game';
import { amountBack } from '../house-edge';
import { boxOfBet, dealerFinished, handOf, TableBet, TableState } from '../blackjack-hand';
import type { Bet, Fact } from '../types';
import { isUndecided, isUnverifiable } from '../types';
import { basicStrategy, StrategyRules } from './strategy';

/** Sums of the net result per unit staked on each bet, over the rounds dealt. */
export interface EdgeSample {
  readonly rounds: number;
  /** bets valued (one per round, or one per box bet in triple blackjack) */
  readonly bets: number;
  readonly sum: number;
  /** Σ of the squared net result per round (the round's bets together, per unit of each): the standard error */
  readonly sumSquares: number;
  /** Σ of the squared net result of each bet: its variance */
  readonly betSquares: number;
}

export interface SampleRun {
  readonly rules: GameRules<TableState>;
  readonly env: RoundEnv;
  readonly strategy: StrategyRules;
  readonly rounds: number;
  readonly seed: number;
  /** the dealer's plays against one hand: 1 (blackjack), 3 (triple blackjack, a box bet on each) */
  readonly plays: 1 | 3;
  readonly decks: number;
  /** cards behind the cut card */
  readonly reserve: number;
  readonly burn: number;
  readonly hitSoft17: boolean;
  readonly doubleAceCountsOne: boolean;
}

const STAKE = 1000;

export function sampleMainBet(run: SampleRun): EdgeSample {
  const { rules, env, plays } = run;
  const random = seededRandom(run.seed);
  const decide = basicStrategy(run.strategy);
  const full = shoeCards(DECK_52, run.decks);
  let shoe: string[] = [];
  let at = 0;
  let sum = 0;
  let sumSquares = 0;
  let betSquares = 0;
  let state: TableState;
  let n = 0;
  const fold = (type: string, data: Record<string, unknown>) => {
    state = rules.evolve(state, { eventId: '', type, data } as Fact, env);
  };
  const deal = (to: string) => fold('CardDealt', { card: shoe[at++], to });
  const inPlay = (play: number) => (b: TableBet) => plays === 1 || boxOfBet(b) === play;
  const bets: Bet[] = Array.from({ length: plays }, (_, i) => ({
    betId: `b${i + 1}`,
    seat: 1,
    betType: 'main',
    amount: STAKE,
    eventId: '',
    late: false,
    ...(plays > 1 ? { selection: i + 1 } : {}),
  }));

  for (let round = 0; round < run.rounds; round++) {
    if (shoe.length - at <= run.reserve) {
      shoe = shuffle(full, random);
      at = run.burn;
    }
    state = rules.initialState(env);
    for (const b of bets) fold('BetPlaced', { betId: b.betId, seat: 1, betType: 'main', amount: STAKE, ...(plays > 1 ? { selection: b.selection } : {}) });
    deal('seat:1');
    deal('dealer');
    deal('seat:1');
    const upValue = pipValue(state!.dealerFirst!);
    for (let h = 1; h <= state!.boxes[1].hands.length; h++) {
      const split = state!.boxes[1].hands.length > 1;
      const to = split ? `seat:1:hand:${h}` : 'seat:1';
      const extra = split ? { hand: h } : {};
      if (handOf(state!, 1, h)!.cards.length < 2) deal(to);
      let hand = handOf(state!, 1, h)!;
      if (hand.splitAces) continue;
      for (;;) {
        hand = handOf(state!, 1, h)!;
        const action = decide({ cards: hand.cards, up: upValue, fromSplit: hand.fromSplit, hands: state!.boxes[1].hands.length });
        if (action === 'stand') break;
        fold('PlayerDecision', { seat: 1, decision: action, ...extra });
        if (action === 'surrender') break;
        if (action === 'split') {
          h--;
          break;
        }
        deal(to);
        if (action === 'double') break;
      }
    }
    for (let p = 1; p <= plays; p++) {
      while (!dealerFinished(state!, p, run.hitSoft17, run.doubleAceCountsOne, inPlay(p))) deal(p === 1 ? 'dealer' : `dealer:play:${p}`);
    }
    let net = 0;
    for (const b of bets) {
      let betNet = 0;
      for (const hand of rules.handsToSettle ? rules.handsToSettle(state!, b, env) : [undefined]) {
        const v = rules.settle(state!, { bet: b, hand }, env);
        if (isUndecided(v) || isUnverifiable(v)) throw new Error(`the sampler left ${b.betId} unsettled: ${v.reason}`);
        const staked = handOf(state!, 1, hand === undefined ? 1 : Number(hand))?.doubled ? 2 * STAKE : STAKE;
        betNet += (amountBack(staked, v) - staked) / STAKE;
      }
      net += betNet;
      betSquares += betNet * betNet;
    }
    sum += net;
    sumSquares += net * net;
    n += plays;
  }
  return { rounds: run.rounds, bets: n, sum, sumSquares, betSquares };
}

/** House edge per unit staked and its standard error, from one or more samples. */
export function edgeOf(
  samples: readonly EdgeSample[],
  betsPerRound: number,
): { houseEdge: number; standardError: number; variancePerUnit: number; rounds: number } {
  const rounds = samples.reduce((t, s) => t + s.rounds, 0);
  const sum = samples.reduce((t, s) => t + s.sum, 0);
  const squares = samples.reduce((t, s) => t + s.sumSquares, 0);
  const betSquares = samples.reduce((t, s) => t + s.betSquares, 0);
  const meanRound = sum / rounds;
  const varRound = squares / rounds - meanRound * meanRound;
  const meanBet = meanRound / betsPerRound;
  return {
    houseEdge: -meanBet,
    standardError: Math.sqrt(varRound / rounds) / betsPerRound,
    variancePerUnit: betSquares / (rounds * betsPerRound) - meanBet * meanBet,
    rounds,
  };
}
