/**
 * Helpers for the rules tests: build a session context, turn played facts into stored-like facts,
 * judge them, and the mutations every game must catch. Test-only; not exported from the index.
 */
import { GameRules, PlayedFact, RoundEnv, roundEnv } from './game';
import { judgeRound, RoundJudgement } from './judge-round';
import { DiscrepancyCode, Fact, JurisdictionId, SessionContext, TableLimits } from './types';

export function sessionContext(game: string, jurisdiction: JurisdictionId, overrides: Partial<SessionContext> = {}): SessionContext {
  const limits: TableLimits = overrides.limits ?? { min: 100, max: 100_000 };
  return {
    sessionId: 's-1',
    casinoId: 'c-1',
    tableId: 't-1',
    game,
    jurisdiction,
    currency: 'EUR',
    options: {},
    smallestChip: 100,
    ...overrides,
    limits,
  };
}

export function envFor(rules: GameRules, jurisdiction: JurisdictionId, overrides: Partial<SessionContext> = {}): RoundEnv {
  const rulebook = rules.rulebooks[jurisdiction];
  if (!rulebook) throw new Error(`${rules.game} has no ${jurisdiction} rulebook`);
  return roundEnv(rulebook, sessionContext(rules.game, jurisdiction, overrides));
}

let counter = 0;
/** Give played facts event ids and positions, as the store would. */
export function asFacts(played: readonly PlayedFact[]): Fact[] {
  return played.map((p, i) => ({ eventId: `e-${++counter}`, type: p.type, data: p.data, position: i + 1 }));
}

export function judge(rules: GameRules, env: RoundEnv, played: readonly PlayedFact[]): RoundJudgement {
  return judgeRound(rules, env, asFacts(played));
}

export const codes = (j: RoundJudgement): DiscrepancyCode[] => j.discrepancies.map((d) => d.code);

/** Only the facts of the round itself (RoundStarted … RoundCompleted), dropping session facts such as ShoeStarted. */
export function roundFacts(played: readonly PlayedFact[]): PlayedFact[] {
  const start = played.findIndex((f) => f.type === 'RoundStarted');
  return start < 0 ? [...played] : played.slice(start);
}

/** Change one recorded payout by `delta`: must be caught as PAYOUT_MISMATCH. */
export function mutatePayout(played: readonly PlayedFact[], index: number, delta: number): PlayedFact[] | null {
  const settlements = played.map((f, i) => [f, i] as const).filter(([f]) => f.type === 'BetSettled');
  if (!settlements.length) return null;
  const [fact, at] = settlements[index % settlements.length];
  const payout = Number(fact.data.payout ?? 0) + delta;
  if (payout < 0) return null;
  const out = [...played];
  out[at] = { type: fact.type, data: { ...fact.data, payout } };
  return out;
}

/** Change the recorded cagnotte by `delta` (or add one where none was taken): must be CAGNOTTE_MISMATCH. */
export function mutateCagnotte(played: readonly PlayedFact[], delta: number, sessionId = 's-1'): PlayedFact[] {
  const at = played.findIndex((f) => f.type === 'CagnotteDeducted');
  const out = [...played];
  if (at >= 0) {
    out[at] = { type: 'CagnotteDeducted', data: { ...played[at].data, amount: Number(played[at].data.amount) + delta } };
  } else {
    const end = out.findIndex((f) => f.type === 'RoundCompleted');
    const roundId = played.find((f) => f.type === 'RoundStarted')?.data.roundId;
    out.splice(end < 0 ? out.length : end, 0, { type: 'CagnotteDeducted', data: { sessionId, roundId, base: 0, amount: Math.abs(delta) } });
  }
  return out;
}

/** Raise the first bet above the table maximum: must be BET_ABOVE_MAXIMUM. */
export function mutateOverMaximum(played: readonly PlayedFact[], maximum: number): PlayedFact[] | null {
  const at = played.findIndex((f) => f.type === 'BetPlaced');
  if (at < 0) return null;
  const out = [...played];
  out[at] = { type: 'BetPlaced', data: { ...played[at].data, amount: maximum + 100 } };
  return out;
}
