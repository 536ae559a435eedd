/**
 * Test helpers of the baccarat family: play whole sessions with a game's own croupier, building each
 * round's context (shoe in play, carried bank) as the platform would, and the drawing mutations.
 * Test-only.
 */
import { seededRandom } from './cards';
import { GameRules, PlayedFact, RoundEnv } from './game';
import { judgeCoupAfterCut, judgeShoe } from './session-rules';
import { asFacts, envFor } from './testing';
import { JurisdictionId, SessionContext, ShoeInPlay } from './types';

export interface PlayedRound {
  readonly env: RoundEnv;
  /** every fact `play` returned (session facts such as ShoeStarted first) */
  readonly played: PlayedFact[];
  /** RoundStarted … RoundCompleted */
  readonly round: PlayedFact[];
}

export function playSession(
  rules: GameRules,
  jurisdiction: JurisdictionId,
  seed: number,
  rounds: number,
  overrides: Partial<SessionContext> = {},
  seats: readonly number[] = [1, 2, 3, 4, 5, 6],
): PlayedRound[] {
  const random = seededRandom(seed);
  const memory: Record<string, unknown> = {};
  const out: PlayedRound[] = [];
  let shoe: ShoeInPlay | undefined;
  let carried: unknown = undefined;
  const base = envFor(rules, jurisdiction, overrides);
  for (let i = 1; i <= rounds; i++) {
    const roundId = `r-${i}`;
    // play decides with the context of the round (carried bank, shoe); carried/shoe are refreshed below
    const playEnv = envFor(rules, jurisdiction, { ...overrides, shoe, carried });
    const played = rules.play!({ env: playEnv, sessionId: 's-1', roundId, random, seats, memory });
    const start = played.findIndex((f) => f.type === 'RoundStarted');
    const before = played.slice(0, start);
    for (const f of asFacts(before)) {
      if (f.type === 'ShoeStarted') shoe = { shoeId: String(f.data.shoeId), decks: Number(f.data.decks), dealt: {} };
      if (rules.carry) carried = rules.carry(carried, f, base);
    }
    const env = envFor(rules, jurisdiction, { ...overrides, shoe, carried });
    const round = played.slice(start);
    out.push({ env, played, round });
    const dealt: Record<string, number> = { ...(shoe?.dealt ?? {}) };
    for (const f of asFacts(round)) {
      if (f.type === 'CardDealt') dealt[String(f.data.card)] = (dealt[String(f.data.card)] ?? 0) + 1;
      if (rules.carry) carried = rules.carry(carried, f, base);
    }
    if (shoe) shoe = { ...shoe, dealt };
  }
  return out;
}

/** Deal one more card to `to` right after the last card dealt. */
export function addCard(round: readonly PlayedFact[], to: string, cardCode = '5C'): PlayedFact[] {
  const last = round.map((f) => f.type).lastIndexOf('CardDealt');
  const sample = round[last].data;
  const out = [...round];
  out.splice(last + 1, 0, { type: 'CardDealt', data: { sessionId: sample.sessionId, roundId: sample.roundId, card: cardCode, to, faceUp: true } });
  return out;
}

/** Remove the last third card dealt (a hand's third card), or null when nobody drew. */
export function removeThirdCard(round: readonly PlayedFact[]): PlayedFact[] | null {
  const seen: Record<string, number> = {};
  let at = -1;
  round.forEach((f, i) => {
    if (f.type !== 'CardDealt' || f.data.to === 'burn') return;
    const to = String(f.data.to);
    seen[to] = (seen[to] ?? 0) + 1;
    if (seen[to] === 3) at = i;
  });
  if (at < 0) return null;
  return round.filter((_, i) => i !== at);
}

/** Change the first commission charged by `delta`, or null when none was charged. */
export function mutateCommission(round: readonly PlayedFact[], delta: number): PlayedFact[] | null {
  const at = round.findIndex((f) => f.type === 'CommissionCharged');
  if (at < 0) return null;
  const out = [...round];
  out[at] = { type: 'CommissionCharged', data: { ...round[at].data, amount: Number(round[at].data.amount) + delta } };
  return out;
}

/** Build a round from cards: RoundStarted, bets, BetsClosed, the cards in order, settlements, RoundCompleted. */
export function coupFacts(
  cards: ReadonlyArray<readonly [to: string, card: string]>,
  bets: ReadonlyArray<{ betId: string; betType: string; amount: number; selection?: unknown; seat?: number }> = [],
  tail: readonly PlayedFact[] = [],
): PlayedFact[] {
  const ids = { sessionId: 's-1', roundId: 'r-t' };
  return [
    { type: 'RoundStarted', data: { ...ids } },
    ...bets.map((b) => ({ type: 'BetPlaced', data: { ...ids, seat: b.seat ?? 1, ...b } })),
    { type: 'BetsClosed', data: { ...ids } },
    ...cards.map(([to, c]) => ({ type: 'CardDealt', data: { ...ids, card: c, to, faceUp: true } })),
    ...tail.map((f) => ({ type: f.type, data: { ...ids, ...f.data } })),
    { type: 'RoundCompleted', data: { ...ids } },
  ];
}

/** Two cards making `total` (never a natural for totals 0–7). */
export function cardsFor(total: number, suit = 'S'): [string, string] {
  if (total === 0) return [`K${suit}`, `10${suit}`];
  if (total === 1) return [`K${suit}`, `A${suit}`];
  return [`K${suit}`, `${total}${suit}`];
}

/** A card worth `points` in baccarat. */
export const cardOf = (points: number, suit = 'H'): string => (points === 0 ? `Q${suit}` : points === 1 ? `A${suit}` : `${points}${suit}`);

/**
 * The shoe a session-level judge sees, through the game's own `shoeRules`: a shoe built as the rulebook
 * says, one whose stop card leaves a card too few, one with the wrong decks, and the coups around the stop card.
 */
export function shoeScenarios(rules: GameRules, env: RoundEnv) {
  const { decks, stopCardFromEnd } = env.rulebook as unknown as { decks: { value: number }; stopCardFromEnd: { value: number } };
  const cards = 52 * decks.value;
  const cut = cards - stopCardFromEnd.value;
  const shoe = (over: Partial<ShoeInPlay>): ShoeInPlay => ({
    shoeId: 'sh-1',
    decks: decks.value,
    dealt: {},
    cutCardPosition: cut,
    cardsDealt: 0,
    coupsAfterCut: 0,
    ...over,
  });
  return {
    asRequired: judgeShoe(rules, env, { shoeId: 'sh-1', decks: decks.value, cutCardPosition: cut }).findings,
    oneCardShort: judgeShoe(rules, env, { shoeId: 'sh-1', decks: decks.value, cutCardPosition: cut + 1 }).findings,
    otherDecks: judgeShoe(rules, env, { shoeId: 'sh-1', decks: decks.value + 2, cutCardPosition: 52 * (decks.value + 2) - stopCardFromEnd.value }).findings,
    /** the last card before the stop card was dealt in the last coup: a coup may still begin */
    coupBeforeStop: judgeCoupAfterCut(rules, env, shoe({ cardsDealt: cut })),
    /** the stop card came out in the last coup: no coup may begin */
    coupAfterStop: judgeCoupAfterCut(rules, env, shoe({ cardsDealt: cut + 1 })),
  };
}
