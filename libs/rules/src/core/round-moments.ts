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
  const rules = gameRules(game);
  const rulebook = rules?.rulebooks[jurisdiction];
  if (!rules?.roundOutcomes || !rulebook) return null;
  const ctx: SessionContext = { sessionId: 'round-moments', game, jurisdiction, currency: 'EUR', limits: { min: 1, max: Number.MAX_SAFE_INTEGER }, options, smallestChip: context.smallestChip ?? 1 };
  const { env, outcomes } = rules.roundOutcomes(roundEnv(rulebook, ctx));
  const figures = betFigures(game, jurisdiction, options, context);
  const placed: Bet[] = bets.map((b, i) => ({ betId: `round-bet-${i}`, seat: 1, betType: b.betType, selection: b.selection, amount: b.amount, eventId: `round-bet-${i}`, late: false }));
  let total = 0;
  let mean = 0;
  let square = 0;
  for (const o of outcomes) {
    const state = o.facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
    let net = 0;
    for (const bet of placed) {
      const verdict = rules.settle(state, { bet }, env);
      // a payout the settings cannot price (sic bo without an authorised pay table): no figure, as for the bet alone
      if (isUnverifiable(verdict)) return null;
      if (isUndecided(verdict)) throw new Error(`${game}: ${bet.betType} is not decided by a round's outcome: ${verdict.reason}`);
      if (verdict.outcome === 'prison') {
        // the player's better choice at the zero, as the bet's own figure takes it: half back, or the prison's worth
        const settings = figures.figureOf(bet.betType, bet.selection)?.settings;
        const value = settings?.onZero === 'half-back' ? 0.5 : settings?.prisonValuePerUnit;
        if (typeof value !== 'number') throw new Error(`${game}: no value for ${bet.betType} in prison`);
        net += bet.amount * (value - 1);
      } else net += amountBack(bet.amount, verdict) - bet.amount;
    }
    total += o.weight;
    mean += o.weight * net;
    square += o.weight * net * net;
  }
  mean /= total;
  return { staked: bets.reduce((t, b) => t + b.amount, 0), expectedNet: mean, variance: square / total - mean * mean };
}
