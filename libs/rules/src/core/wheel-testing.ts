/**
 * Test helpers of the wheels family (test-only, not exported from the index): whole sessions played by a
 * game's croupier with the prison carried as the judge carries it, one-bet settlements, and the property
 * suite every wheel game runs for every jurisdiction.
 */
import fc from 'fast-check';
import { seededRandom } from './cards';
import type { GameRules, PlayedFact, RoundEnv } from './game';
import { asFacts, codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from './testing';
import type { Bet, JurisdictionId, SessionContext, SettlementVerdict } from './types';

export interface PlayedRound {
  readonly env: RoundEnv;
  readonly played: PlayedFact[];
}

/** Play `rounds` rounds of one session; each round's env carries what `carry` folds from the earlier facts. */
export function playSession(rules: GameRules, jurisdiction: JurisdictionId, seed: number, rounds: number, overrides: Partial<SessionContext> = {}): PlayedRound[] {
  const random = seededRandom(seed);
  const memory: Record<string, unknown> = {};
  const base = envFor(rules, jurisdiction, overrides);
  let carried: unknown = undefined;
  const out: PlayedRound[] = [];
  for (let i = 1; i <= rounds; i++) {
    const env = envFor(rules, jurisdiction, { ...overrides, carried, lastRoundOfSession: i === rounds });
    const played = rules.play!({ env, sessionId: 's-1', roundId: `r-${i}`, random, seats: [1, 2, 3, 4], memory });
    out.push({ env, played });
    for (const f of asFacts(played)) carried = rules.carry ? rules.carry(carried, f, base) : undefined;
  }
  return out;
}

/** The settlement of one bet after one spin (and any facts before the settlement). */
export function settleAfter(
  rules: GameRules,
  env: RoundEnv,
  bet: { betType: string; selection?: unknown; amount: number },
  result: unknown,
  recorded?: { outcome: string; payout: number },
  extra: { type: string; data: Record<string, unknown> }[] = [],
): SettlementVerdict {
  const full: Bet = { betId: 'b-1', seat: 1, eventId: 'e-b', late: false, ...bet };
  const facts = asFacts([{ type: 'WheelSpun', data: { result } }, ...extra]);
  const state = facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
  return rules.settle(state, { bet: full, recorded }, env);
}

/** A hand-written round: bets, a spin, the facts after it, settlements. */
export function roundOf(
  bets: { betId?: string; betType: string; selection?: unknown; amount: number }[],
  result: unknown,
  after: { type: string; data: Record<string, unknown> }[],
  settlements: { betId?: string; outcome: string; payout: number }[],
): PlayedFact[] {
  const base = { sessionId: 's-1', roundId: 'r-1' };
  return [
    { type: 'RoundStarted', data: base },
    ...bets.map((b, i) => ({ type: 'BetPlaced', data: { ...base, seat: 1, betId: b.betId ?? `b-${i + 1}`, betType: b.betType, ...(b.selection !== undefined ? { selection: b.selection } : {}), amount: b.amount } })),
    { type: 'BetsClosed', data: base },
    ...(result === undefined ? [] : [{ type: 'WheelSpun', data: { ...base, result } }]),
    ...after.map((f) => ({ type: f.type, data: { ...base, ...f.data } })),
    ...settlements.map((s, i) => ({ type: 'BetSettled', data: { ...base, betId: s.betId ?? `b-${i + 1}`, outcome: s.outcome, payout: s.payout } })),
    { type: 'RoundCompleted', data: base },
  ];
}

const numRuns = 100;

/** Every jurisdiction: played sessions are consistent, and each single change is caught with its code. */
export function wheelProperties(rules: GameRules): void {
  for (const jurisdiction of Object.keys(rules.rulebooks) as JurisdictionId[]) {
    describe(`${rules.game} / ${jurisdiction} (properties)`, () => {
      it('every round the croupier plays is judged consistent', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            for (const { env, played } of playSession(rules, jurisdiction, seed, 6)) {
              const j = judge(rules, env, played);
              if (j.verdict !== 'consistent') throw new Error(JSON.stringify({ played, discrepancies: j.discrepancies }));
            }
          }),
          { numRuns },
        );
      });

      it('a changed payout is PAYOUT_MISMATCH', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(10), fc.constantFrom(100, -100, 1), (seed, index, delta) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const mutated = mutatePayout(played, index, delta);
            if (!mutated) return;
            expect(codes(judge(rules, env, mutated))).toContain('PAYOUT_MISMATCH');
          }),
          { numRuns },
        );
      });

      it('a bet over its maximum is BET_ABOVE_MAXIMUM', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const first = played.find((f) => f.type === 'BetPlaced');
            if (!first) return;
            const bet = { ...(first.data as any), eventId: 'x', late: false } as Bet;
            const max = rules.betLimits ? rules.betLimits(bet, env).max!.amount : env.ctx.limits.max;
            expect(codes(judge(rules, env, mutateOverMaximum(played, max)!))).toContain('BET_ABOVE_MAXIMUM');
          }),
          { numRuns },
        );
      });

      it('a cagnotte taken on a wheel is CAGNOTTE_MISMATCH (no wheel game takes one)', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 10 }), (seed, chips) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            expect(codes(judge(rules, env, mutateCagnotte(played, chips * 100)))).toContain('CAGNOTTE_MISMATCH');
          }),
          { numRuns: 50 },
        );
      });

      it('a round without its spin is OUTCOME_MISSING; a second spin is SEQUENCE_VIOLATION', () => {
        fc.assert(
          fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
            const { env, played } = playSession(rules, jurisdiction, seed, 1)[0];
            const at = played.findIndex((f) => f.type === 'WheelSpun');
            expect(codes(judge(rules, env, played.filter((_, i) => i !== at)))).toContain('OUTCOME_MISSING');
            const twice = [...played.slice(0, at + 1), played[at], ...played.slice(at + 1)];
            expect(codes(judge(rules, env, twice))).toContain('SEQUENCE_VIOLATION');
          }),
          { numRuns: 50 },
        );
      });
    });
  }
}
