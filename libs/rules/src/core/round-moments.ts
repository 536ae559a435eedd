/**
 * The expected net and the variance of everything staked on one round together (issue 21): bets of one round
 * are not independent — red and black on one spin move together (both lose half on the zero, one wins what the
 * other loses otherwise), so the round's variance is not the sum of the bets' variances (`BetEdge`). Where a
 * game enumerates its round's outcomes (`GameRules.roundOutcomes`: the wheels), every outcome is recorded and
 * each bet settled by the game's own `settle`, and the round's net weighed exactly.
 *
 * A bet the outcome sends to prison (an even chance on the zero) is worth what the game's own figure takes for
 * the player's better choice at the zero: half back, or a unit in prison's worth (`BetEdge.settings`).
 */
import { betFigures } from './bet-figures';
import { roundEnv } from './game';
import { amountBack } from './house-edge';
import { isUndecided, isUnverifiable, type Bet, type JurisdictionId, type SessionContext } from './types';
import { gameRules } from '../registry';

export interface RoundMoments {
  /** the round's stakes together */
  readonly staked: number;
  /** E[net to the players], in the stakes' unit (negative: the house's theoretical win) */
  readonly expectedNet: number;
  /** Var[net to the players] of the round, its bets taken together */
  readonly variance: number;
}

export type RoundBet = Pick<Bet, 'betType' | 'amount'> & { readonly selection?: unknown };

/**
 * A game's round law under one session's settings: every result with its weight and the state it leaves, so
 * that each bet is settled once per result and the round's bets summed result by result. Kept per settings
 * (a read model weighs every round of a day under the same few): enumerating the results is the costly part.
 */
export interface RoundLaw {
  /** the results' weights, summing to `total` */
  readonly weights: readonly number[];
  readonly total: number;
  /**
   * The bet's net to the player on every result (in the stakes' unit), or null when its payout cannot be
   * priced under these settings (sic bo without an authorised pay table). Remembered per bet, selection and stake.
   */
  netOf(bet: RoundBet): Float64Array | null;
}

const LAW_CACHE_SIZE = 64;
const laws = new Map<string, RoundLaw | null>();

/** The round law of `game` under these settings, or null when the game does not enumerate its rounds. */
export function roundLaw(
  game: string,
  jurisdiction: JurisdictionId,
  options: Readonly<Record<string, unknown>>,
  context: Partial<Pick<SessionContext, 'smallestChip'>> = {},
): RoundLaw | null {
  const rules = gameRules(game);
  const rulebook = rules?.rulebooks[jurisdiction];
  if (!rules?.roundOutcomes || !rulebook) return null;
  const ctx: SessionContext = {
    sessionId: 'round-moments',
    game,
    jurisdiction,
    currency: 'EUR',
    limits: { min: 1, max: Number.MAX_SAFE_INTEGER },
    options,
    smallestChip: context.smallestChip ?? 1,
  };
  const base = roundEnv(rulebook, ctx);
  const key = `${game}|${jurisdiction}|${ctx.smallestChip}|${JSON.stringify(base.options)}`;
  if (laws.has(key)) return laws.get(key)!;
  const { env, outcomes } = rules.roundOutcomes(base);
  const states = outcomes.map((o) => o.facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env)));
  const figures = betFigures(game, jurisdiction, options, context);
  const nets = new Map<string, Float64Array | null>();
  const law: RoundLaw = {
    weights: outcomes.map((o) => o.weight),
    total: outcomes.reduce((t, o) => t + o.weight, 0),
    netOf(b) {
      const betKey = `${b.betType}|${JSON.stringify(b.selection)}|${b.amount}`;
      if (nets.has(betKey)) return nets.get(betKey)!;
      const bet: Bet = { betId: 'round-bet', seat: 1, betType: b.betType, selection: b.selection, amount: b.amount, eventId: 'round-bet', late: false };
      const net = new Float64Array(states.length);
      let priced = true;
      for (let i = 0; i < states.length && priced; i++) {
        const verdict = rules.settle(states[i], { bet }, env);
        // a payout the settings cannot price (sic bo without an authorised pay table): no figure, as for the bet alone
        if (isUnverifiable(verdict)) priced = false;
        else if (isUndecided(verdict)) throw new Error(`${game}: ${bet.betType} is not decided by a round's outcome: ${verdict.reason}`);
        else if (verdict.outcome === 'prison') {
          // the player's better choice at the zero, as the bet's own figure takes it: half back, or the prison's worth
          const settings = figures.figureOf(bet.betType, bet.selection)?.settings;
          const value = settings?.onZero === 'half-back' ? 0.5 : settings?.prisonValuePerUnit;
          if (typeof value !== 'number') throw new Error(`${game}: no value for ${bet.betType} in prison`);
          net[i] = bet.amount * (value - 1);
        } else net[i] = amountBack(bet.amount, verdict) - bet.amount;
      }
      const out = priced ? net : null;
      if (nets.size < 4096) nets.set(betKey, out);
      return out;
    },
  };
  if (laws.size >= LAW_CACHE_SIZE) laws.delete(laws.keys().next().value!);
  laws.set(key, law);
  return law;
}

/**
 * The moments of one round's bets together, or null when the game does not enumerate its rounds, or a bet's
 * payout cannot be priced under these settings (sum the bets' own figures then, as independent, where they have one).
 */
export function roundMoments(
  game: string,
  jurisdiction: JurisdictionId,
  options: Readonly<Record<string, unknown>>,
  bets: readonly RoundBet[],
  context: Partial<Pick<SessionContext, 'smallestChip'>> = {},
): RoundMoments | null {
  const law = roundLaw(game, jurisdiction, options, context);
  if (!law) return null;
  const nets: Float64Array[] = [];
  for (const b of bets) {
    const net = law.netOf(b);
    if (!net) return null;
    nets.push(net);
  }
  let mean = 0;
  let square = 0;
  law.weights.forEach((w, i) => {
    let net = 0;
    for (const n of nets) net += n[i];
    mean += w * net;
    square += w * net * net;
  });
  mean /= law.total;
  return { staked: bets.reduce((t, b) => t + b.amount, 0), expectedNet: mean, variance: square / law.total - mean * mean };
}
