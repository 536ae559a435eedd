/**
 * Test-only helpers for the card-table specs (blackjack, triple blackjack, trente et quarante): facts in a line, and the state / settlement
 * the rules give after them. Not exported from the library index.
 */
import { dataOf } from './events';
import type { GameRules, PlayedFact, RoundEnv } from './game';
import type { Bet, Fact, SettlementVerdict } from './types';

export const ROUND = 'r-1';
export const fact = (type: string, data: Record<string, unknown> = {}): PlayedFact => ({ type, data: { sessionId: 's-1', roundId: ROUND, ...data } });
export const start = () => fact('RoundStarted');
export const closed = () => fact('BetsClosed');
export const completed = () => fact('RoundCompleted');
export const bet = (betId: string, seat: number, betType: string, amount: number, extra: Record<string, unknown> = {}) =>
  fact('BetPlaced', { betId, seat, betType, amount, ...extra });
export const card = (code: string, to: string) => fact('CardDealt', { card: code, to, faceUp: true });
export const cards = (to: string, ...codes: string[]) => codes.map((c) => card(c, to));
export const decide = (seat: number, decision: string, extra: Record<string, unknown> = {}) => fact('PlayerDecision', { seat, decision, ...extra });
export const settled = (betId: string, outcome: string, payout: number, hand?: number) =>
  fact('BetSettled', { betId, outcome, payout, ...(hand !== undefined ? { hand } : {}) });

const asFact = (p: PlayedFact, i: number): Fact => ({ eventId: `t-${i}`, type: p.type, data: p.data, position: i + 1 });

export function stateAfter<S>(rules: GameRules<S>, env: RoundEnv, played: readonly PlayedFact[]): S {
  return played.map(asFact).reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
}

/** What the rules say bet `betId` (hand `hand`) should get after these facts. */
export function settlementOf<S>(
  rules: GameRules<S>,
  env: RoundEnv,
  played: readonly PlayedFact[],
  betId: string,
  hand?: number,
  recorded?: { outcome: string; payout: number },
): SettlementVerdict {
  const d = played.map((p) => dataOf(p, 'BetPlaced')).find((placed) => placed?.betId === betId);
  if (!d) throw new Error(`no bet ${betId}`);
  const b: Bet = { betId, seat: d.seat, betType: d.betType, selection: d.selection, amount: d.amount, onBehalfOf: d.onBehalfOf, eventId: 'x', late: false };
  return rules.settle(stateAfter(rules, env, played), { bet: b, hand, recorded }, env);
}

/**
 * One box (seat 1, main bet b1 of 1000 or `stake`): player's two cards, the dealer's first, then the player's draws
 * and the dealer's. A second hand (box 7, bet b7: 10-6, hits K and busts, its bet taken at once) keeps two hands in
 * play, as cantabria L754–755 and galicia L264 require, without giving the dealer a competitor; `alone` leaves it out.
 */
export function coup(
  player: string[],
  dealer: string[],
  extra: { before?: PlayedFact[]; decisions?: PlayedFact[]; bets?: PlayedFact[]; alone?: boolean; stake?: number } = {},
): PlayedFact[] {
  const [p1, p2, ...hits] = player;
  const [d1, ...draws] = dealer;
  const second = !extra.alone;
  return [
    start(),
    bet('b1', 1, 'main', extra.stake ?? 1000),
    ...(extra.bets ?? []),
    ...(second ? [bet('b7', 7, 'main', 1000)] : []),
    card(p1, 'seat:1'),
    ...(second ? [card('10C', 'seat:7')] : []),
    card(d1, 'dealer'),
    card(p2, 'seat:1'),
    ...(second ? [card('6C', 'seat:7')] : []),
    ...(extra.before ?? []),
    closed(),
    ...(extra.decisions ?? []),
    ...cards('seat:1', ...hits),
    ...(second ? [decide(7, 'hit'), card('KC', 'seat:7'), settled('b7', 'lose', 0)] : []),
    ...cards('dealer', ...draws),
  ];
}
