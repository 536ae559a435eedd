/**
 * Test helpers of the bank-poker family (test-only): play a round from a seed, script a round by hand,
 * and the property suite every bank-poker game runs (a played round is consistent; any single change
 * is caught with the right code).
 */
import fc from 'fast-check';
import { DeckSpec, deckCards, seededRandom } from '../cards';
import type { GameRules, PlayedFact, RoundEnv } from '../game';
import { codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout, roundFacts } from '../testing';
import type { DiscrepancyCode, JurisdictionId, SessionContext } from '../types';

export function playRound(rules: GameRules, env: RoundEnv, seed: number, seats: readonly number[] = [1, 2, 3]): PlayedFact[] {
  return roundFacts(rules.play!({ env, sessionId: env.ctx.sessionId, roundId: `r-${seed}`, random: seededRandom(seed), seats, memory: {} }));
}

/** Round facts written by hand: `F.bet(1, 'ante', 500)`, `F.card('AS', 'seat:1')`… then `F.facts`. */
export class Script {
  readonly facts: PlayedFact[] = [{ type: 'RoundStarted', data: { sessionId: 's-1', roundId: 'r-1' } }];
  private n = 0;
  private add(type: string, data: Record<string, unknown>) {
    this.facts.push({ type, data: { sessionId: 's-1', roundId: 'r-1', ...data } });
    return this;
  }
  bet(seat: number, betType: string, amount: number, betId = `b${++this.n}`, extra: Record<string, unknown> = {}) {
    return this.add('BetPlaced', { betId, seat, betType, amount, ...extra });
  }
  cards(to: string, codes: string) {
    for (const card of codes.split(' ').filter(Boolean)) this.add('CardDealt', { card, to });
    return this;
  }
  decide(seat: number, decision: string, extra: Record<string, unknown> = {}) {
    return this.add('PlayerDecision', { seat, decision, ...extra });
  }
  close() {
    return this.add('BetsClosed', {});
  }
  settle(betId: string, outcome: string, payout: number, hand?: string | number) {
    return this.add('BetSettled', { betId, outcome, payout, ...(hand !== undefined ? { hand } : {}) });
  }
  commission(betId: string, amount: number) {
    return this.add('CommissionCharged', { betId, amount });
  }
  complete() {
    return this.add('RoundCompleted', {});
  }
}

/** The expected settlement of one bet of a scripted round, from the game's own settle. */
export function expectedOf(rules: GameRules, env: RoundEnv, facts: readonly PlayedFact[], betId: string, hand?: string | number) {
  let s = rules.initialState(env);
  facts.forEach((f, i) => (s = rules.evolve(s, { eventId: `x-${i}`, type: f.type, data: f.data }, env)));
  const bet = (s as { bets: Array<{ betId: string }> }).bets.find((b) => b.betId === betId);
  if (!bet) throw new Error(`no bet ${betId}`);
  return rules.settle(s, { bet: bet as never, hand }, env) as { outcome: string; payout: number; rule: string; commission?: number; explanation: string };
}

export interface SuiteOptions {
  readonly deck: DeckSpec;
  /** codes expected when the last dealt card is removed (the outcome can no longer be judged, or a draw is missing) */
  readonly removedCard: readonly DiscrepancyCode[];
  readonly ctx?: Partial<SessionContext>;
  readonly numRuns?: number;
  readonly commission?: boolean;
}

const seatsArb = fc.subarray([1, 2, 3, 4, 5, 6], { minLength: 1, maxLength: 4 });

export function propertySuite(rules: GameRules, jurisdictions: readonly JurisdictionId[], opts: SuiteOptions): void {
  const numRuns = opts.numRuns ?? 100;
  describe.each(jurisdictions)(`${rules.game} %s: properties`, (jurisdiction) => {
    const env = envFor(rules, jurisdiction, opts.ctx);
    const round = (seed: number, seats: number[]) => playRound(rules, env, seed, seats);

    it('a round played by the croupier is judged consistent', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, (seed, seats) => {
          const j = judge(rules, env, round(seed, seats));
          expect(j.discrepancies).toEqual([]);
          expect(j.verdict).toBe('consistent');
        }),
        { numRuns },
      );
    });

    it('a changed payout is a PAYOUT_MISMATCH', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, fc.nat(20), fc.constantFrom(100, 500, -100), (seed, seats, index, delta) => {
          const mutated = mutatePayout(round(seed, seats), index, delta);
          if (!mutated) return;
          expect(codes(judge(rules, env, mutated))).toContain('PAYOUT_MISMATCH');
        }),
        { numRuns },
      );
    });

    it('an extra card is a DRAW_RULE_VIOLATION', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, fc.constantFrom('dealer', 'seat:1'), (seed, seats, to) => {
          const played = round(seed, seats);
          const used = new Set(played.filter((f) => f.type === 'CardDealt').map((f) => String(f.data.card)));
          const spare = deckCards(opts.deck).find((c) => !used.has(c))!;
          const at = played.findIndex((f) => f.type === 'BetSettled');
          const target = to === 'seat:1' ? `seat:${seats[0]}` : to;
          const mutated = [
            ...played.slice(0, at),
            { type: 'CardDealt', data: { sessionId: 's-1', roundId: 'r', card: spare, to: target } },
            ...played.slice(at),
          ];
          expect(codes(judge(rules, env, mutated))).toContain('DRAW_RULE_VIOLATION');
        }),
        { numRuns },
      );
    });

    it('a missing card is caught', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, (seed, seats) => {
          const played = round(seed, seats);
          const at = played.map((f) => f.type).lastIndexOf('CardDealt');
          const mutated = [...played.slice(0, at), ...played.slice(at + 1)];
          const found = codes(judge(rules, env, mutated));
          expect(found.some((c) => opts.removedCard.includes(c))).toBe(true);
        }),
        { numRuns },
      );
    });

    it('a cagnotte is a CAGNOTTE_MISMATCH (these games take none)', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, (seed, seats) => {
          expect(codes(judge(rules, env, mutateCagnotte(round(seed, seats), 100)))).toContain('CAGNOTTE_MISMATCH');
        }),
        { numRuns: Math.ceil(numRuns / 4) },
      );
    });

    it('a first bet over the maximum is BET_ABOVE_MAXIMUM', () => {
      fc.assert(
        fc.property(fc.integer(), seatsArb, (seed, seats) => {
          const mutated = mutateOverMaximum(round(seed, seats), env.ctx.limits.max);
          expect(mutated).not.toBeNull();
          expect(codes(judge(rules, env, mutated!))).toContain('BET_ABOVE_MAXIMUM');
        }),
        { numRuns: Math.ceil(numRuns / 4) },
      );
    });

    if (opts.commission) {
      it('a changed commission is a COMMISSION_MISMATCH', () => {
        fc.assert(
          fc.property(fc.integer(), seatsArb, fc.constantFrom(100, -100), (seed, seats, delta) => {
            const played = round(seed, seats);
            const at = played.findIndex((f) => f.type === 'CommissionCharged');
            if (at < 0 || Number(played[at].data.amount) + delta < 0) return;
            const mutated = [...played];
            mutated[at] = { type: 'CommissionCharged', data: { ...played[at].data, amount: Number(played[at].data.amount) + delta } };
            expect(codes(judge(rules, env, mutated))).toContain('COMMISSION_MISMATCH');
          }),
          { numRuns },
        );
      });
    }
  });
}
