/**
 * The prizes one round pays from one progressive pool, the same for the judge and for the croupier that
 * plays by the rules. The texts pay several winners of one coup highest hand first, each share taken from
 * what the higher hands left, and equal hands alike from one base: "se abonarán … en primer lugar a la
 * jugada más alta, en caso de igualdad se pagará primero aquella combinación de mayor valor. Si las
 * escaleras de color fuesen iguales se pagará el diez por ciento de la cantidad inicial del Jackpot a cada
 * jugador" (euskadi L7433–7441). Without a strength from the game, hands of one prize are paid one after
 * the other, in the order given (docs/decisions/open-questions.md#oq-14).
 */
import type { GameRules, RoundEnv } from './game';
import { applyRate, roundDownTo } from './money';
import type { Bet, JackpotPoolView } from './types';

export interface JackpotWinner {
  readonly seat: string;
  /** the prize-table hand (`JackpotPoolView.prizes` key) */
  readonly hand: string;
  /** the jackpot stake of the seat (for prizes that are a multiple of it) */
  readonly stake: number;
  /** compared element by element, higher is stronger (`GameRules.jackpotHandStrength`); undefined: not known */
  readonly strength?: readonly number[];
}

/** Is `bet` a stake on the game's jackpot (`GameRules.jackpotBetType`: blackjack's sevens bet; else `jackpot`)? */
export const isJackpotStake = (rules: Pick<GameRules, 'jackpotBetType'>, bet: Pick<Bet, 'betType'>): boolean =>
  bet.betType === (rules.jackpotBetType ?? 'jackpot');

/** What one prize of a pool's table pays: a share of `base`, a multiple of the winner's `stake`, or its fixed amount, down to `chip`. */
export function prizeAmount(prize: JackpotPoolView['prizes'][string], base: number, stake: number, chip: number): number {
  if (prize.share !== undefined) return applyRate(base, prize.share, chip);
  if (prize.multiple !== undefined) return roundDownTo(stake * prize.multiple, chip);
  return prize.fixed ?? 0;
}

/** Element by element: > 0 when `a` is the stronger hand; an unknown strength ranks with nothing. */
function compareStrength(a: readonly number[] | undefined, b: readonly number[] | undefined): number {
  if (!a || !b) return 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
  return 0;
}

/** The round's winners on a pool, as the game's cards show them: every jackpot stake whose seat holds a prize hand. */
export function roundJackpotWinners<S>(
  rules: GameRules<S>,
  state: S,
  env: RoundEnv,
  stakes: Iterable<Pick<Bet, 'seat' | 'betType' | 'amount' | 'late'>>,
  pool: JackpotPoolView,
): JackpotWinner[] {
  const winners: JackpotWinner[] = [];
  if (!rules.jackpotHand) return winners;
  for (const b of stakes) {
    if (!isJackpotStake(rules, b) || b.late || b.seat === undefined) continue;
    const hand = rules.jackpotHand(state, b.seat, env);
    if (hand && pool.prizes[hand])
      winners.push({ seat: String(b.seat), hand, stake: b.amount, strength: rules.jackpotHandStrength?.(state, b.seat, env) ?? undefined });
  }
  return winners;
}

/**
 * Each winner's prize, by seat. `base` is the pool when the round's first prize is paid (the round's
 * contributions included); `chip` the rounding unit.
 */
export function roundJackpotPrizes(winners: readonly JackpotWinner[], pool: JackpotPoolView, base: number, chip: number): Map<string, number> {
  const share = (w: JackpotWinner) => pool.prizes[w.hand]?.share ?? 0;
  const ordered = winners
    .filter((w) => pool.prizes[w.hand])
    .map((w, i) => ({ w, i }))
    .sort((a, b) => share(b.w) - share(a.w) || compareStrength(b.w.strength, a.w.strength) || a.i - b.i)
    .map(({ w }) => w);
  const prizes = new Map<string, number>();
  let left = base;
  for (let i = 0; i < ordered.length;) {
    // equal hands (same prize and a known, equal strength) are paid from one base
    let j = i + 1;
    const w = ordered[i];
    while (
      j < ordered.length &&
      w.strength !== undefined &&
      ordered[j].strength !== undefined &&
      ordered[j].hand === w.hand &&
      compareStrength(ordered[j].strength, w.strength) === 0
    )
      j++;
    const from = left;
    for (const x of ordered.slice(i, j)) {
      const amount = prizeAmount(pool.prizes[x.hand], from, x.stake, chip);
      prizes.set(x.seat, amount);
      left -= amount;
    }
    i = j;
  }
  return prizes;
}
