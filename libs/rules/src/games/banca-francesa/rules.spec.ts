import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact } from '../../core/game';
import { codes, envFor as anyEnvFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { isUndecided, type ExpectedSettlement } from '../../core/types';
import type { RoundEnv } from '../../core/game';
import type { BancaFrancesaRulebook } from './rulebook';
import { rules as bancaFrancesa } from './rules';

const envFor = (...args: Parameters<typeof anyEnvFor>) => anyEnvFor(...args) as RoundEnv<BancaFrancesaRulebook>;

const S = 's-1';
const R = 'r-1';
const env = envFor(bancaFrancesa, 'cantabria');
const fact = (type: string, data: Record<string, unknown> = {}): PlayedFact => ({ type, data: { sessionId: S, roundId: R, ...data } });
const bet = (betId: string, betType: string, amount: number) => fact('BetPlaced', { betId, seat: 1, betType, amount });
const throwOf = (...dice: number[]) => fact('DiceThrown', { dice });

/** a round with one bet, the given throws, and the bet settled as recorded */
function round(betType: string, amount: number, throws: number[][], settlement?: { outcome: string; payout: number }, e = env) {
  const facts: PlayedFact[] = [fact('RoundStarted'), bet('b1', betType, amount), fact('BetsClosed'), ...throws.map((d) => throwOf(...d))];
  if (settlement) facts.push(fact('BetSettled', { betId: 'b1', ...settlement }));
  facts.push(fact('RoundCompleted'));
  return judge(bancaFrancesa, e, facts);
}

function expected(betType: string, amount: number, throws: number[][], e = env): ExpectedSettlement {
  let state = bancaFrancesa.initialState(e);
  throws.forEach((dice, i) => (state = bancaFrancesa.evolve(state, { eventId: `t${i}`, type: 'DiceThrown', data: { dice } }, e)));
  const v = bancaFrancesa.settle(state, { bet: { betId: 'b1', betType, amount, eventId: 'x', late: false } }, e);
  if (isUndecided(v) || 'unverifiable' in v) throw new Error('undecided');
  return v;
}

describe('banca-francesa (cantabria A.9)', () => {
  describe('chances by total (cantabria L1865–1875), other totals by index.md OQ-16', () => {
    const dice: Record<number, number[]> = {
      3: [1, 1, 1],
      4: [1, 1, 2],
      5: [1, 2, 2],
      6: [1, 2, 3],
      7: [1, 2, 4],
      8: [2, 2, 4],
      9: [3, 3, 3],
      10: [2, 4, 4],
      11: [3, 4, 4],
      12: [4, 4, 4],
      13: [3, 4, 6],
      14: [4, 4, 6],
      15: [4, 5, 6],
      16: [4, 6, 6],
      17: [5, 6, 6],
      18: [6, 6, 6],
    };
    const chance: Record<number, string | null> = { 3: 'ases', 5: 'pequeno', 6: 'pequeno', 7: 'pequeno', 14: 'grande', 15: 'grande', 16: 'grande' };
    it.each(Object.keys(dice).map(Number))('total %i', (total) => {
      let state = bancaFrancesa.initialState(env);
      state = bancaFrancesa.evolve(state, { eventId: 'x', type: 'DiceThrown', data: { dice: dice[total] } }, env);
      expect(state.decision).toBe(chance[total] ?? null);
      expect(bancaFrancesa.isDecided(state, env)).toBe(total in chance);
    });
  });

  describe('payouts (cantabria L1899–1901)', () => {
    it.each([
      ['ases', [1, 1, 1], 'win', ((61_00 * 100) / 100) * 1], // 100 × 61
      ['pequeno', [1, 2, 4], 'win', 1000],
      ['grande', [4, 5, 6], 'win', 1000],
      ['pequeno', [4, 5, 6], 'lose', 0],
      ['grande', [1, 1, 1], 'lose', 0],
      ['ases', [1, 2, 2], 'lose', 0],
    ] as const)('%s on %j: %s', (betType, d, outcome, payout) => {
      const amount = betType === 'ases' ? 100 : 1000;
      const e = expected(betType, amount, [[...d]]);
      expect(e.outcome).toBe(outcome);
      expect(e.payout).toBe(payout);
      expect(round(betType, amount, [[...d]], { outcome, payout }).verdict).toBe('consistent');
    });

    it('ases pays 61 to 1', () => {
      expect(expected('ases', 200, [[1, 1, 1]]).payout).toBe(12_200);
      expect(expected('ases', 200, [[1, 1, 1]]).citation).toBe('cantabria L1899');
    });

    it('paying ases at 60 to 1 is a PAYOUT_MISMATCH citing cantabria L1899', () => {
      const j = round('ases', 100, [[1, 1, 1]], { outcome: 'win', payout: 6000 });
      expect(codes(j)).toEqual(['PAYOUT_MISMATCH']);
      expect(j.discrepancies[0]).toMatchObject({ expected: 6100, recorded: 6000, rule: 'banca-francesa/ases', citation: 'cantabria L1899' });
    });
  });

  describe('line bets play half (cantabria L1877–1889)', () => {
    it('a-pequeno wins half the chips at 1:1', () => {
      expect(expected('a-pequeno', 2000, [[2, 2, 3]])).toMatchObject({ outcome: 'win', payout: 1000 });
    });
    it('a-grande loses only the half that plays', () => {
      expect(expected('a-grande', 2000, [[2, 2, 3]])).toMatchObject({ outcome: 'half-lost', payout: 0 });
    });
    it('line bet below 2 × the table minimum is BET_BELOW_MINIMUM', () => {
      const j = round('a-grande', 100, [[4, 5, 6]], { outcome: 'win', payout: 0 });
      expect(codes(j)).toContain('BET_BELOW_MINIMUM');
      expect(j.discrepancies.find((d) => d.code === 'BET_BELOW_MINIMUM')).toMatchObject({ expected: 200, citation: 'cantabria L1887–1889' });
    });
    it('line bet above 2 × the chance maximum is BET_ABOVE_MAXIMUM', () => {
      // table min 100: pequeño max 200 × 100 = 20 000, line bet max 40 000
      expect(codes(round('a-pequeno', 40_000, [[1, 2, 4]], { outcome: 'win', payout: 20_000 }))).toEqual([]);
      expect(codes(round('a-pequeno', 40_200, [[1, 2, 4]], { outcome: 'win', payout: 20_100 }))).toEqual(['BET_ABOVE_MAXIMUM']);
    });
  });

  describe('maxima (cantabria L1919–1924)', () => {
    it('pequeño / grande max = 200 × the minimum', () => {
      const j = round('grande', 20_100, [[4, 5, 6]], { outcome: 'win', payout: 20_100 });
      expect(j.discrepancies).toEqual([expect.objectContaining({ code: 'BET_ABOVE_MAXIMUM', expected: 20_000, citation: 'cantabria L1921–1923' })]);
    });
    it('ases max = 6 × the minimum', () => {
      const j = round('ases', 700, [[1, 2, 2]], { outcome: 'lose', payout: 0 });
      expect(j.discrepancies).toEqual([expect.objectContaining({ code: 'BET_ABOVE_MAXIMUM', expected: 600, citation: 'cantabria L1923–1924' })]);
    });
    it('a per-bet-type maximum in the session limits wins', () => {
      const e = envFor(bancaFrancesa, 'cantabria', { limits: { min: 100, max: 100_000, ases: 1000 } });
      expect(codes(round('ases', 700, [[1, 2, 2]], { outcome: 'lose', payout: 0 }, e))).toEqual([]);
    });
  });

  describe('other totals: no decision, throw again (index.md OQ-16)', () => {
    it('bets stay through no-decision throws and are settled on the deciding one', () => {
      const j = round(
        'pequeno',
        1000,
        [
          [3, 4, 5],
          [6, 6, 6],
          [1, 2, 3],
        ],
        { outcome: 'win', payout: 1000 },
      );
      expect(j.verdict).toBe('consistent');
      expect(j.steps.filter((s) => s.type === 'DiceThrown')).toHaveLength(3);
    });
    it('a round completed after a no-decision throw is OUTCOME_MISSING', () => {
      expect(codes(round('pequeno', 1000, [[3, 4, 5]]))).toContain('OUTCOME_MISSING');
    });
    it('settling on a no-decision throw is OUTCOME_MISSING', () => {
      expect(codes(round('grande', 1000, [[3, 4, 5]], { outcome: 'lose', payout: 0 }))).toContain('OUTCOME_MISSING');
    });
    it('a throw after the deciding one is a DRAW_RULE_VIOLATION', () => {
      const j = round(
        'grande',
        1000,
        [
          [4, 5, 6],
          [1, 1, 1],
        ],
        { outcome: 'win', payout: 1000 },
      );
      expect(codes(j)).toEqual(['DRAW_RULE_VIOLATION']);
    });
    it('option otherTotals "lose": any other total decides and every bet loses', () => {
      const e = envFor(bancaFrancesa, 'cantabria', { options: { otherTotals: 'lose' } });
      const v = expected('pequeno', 1000, [[3, 4, 5]], e);
      expect(v).toMatchObject({ outcome: 'lose', citation: 'session option otherTotals (index.md OQ-16)' });
      expect(round('pequeno', 1000, [[3, 4, 5]], { outcome: 'lose', payout: 0 }, e).verdict).toBe('consistent');
    });
  });

  describe('void throws (contract extension ThrowVoided; cantabria L1847–1863)', () => {
    it('a void throw that made a chance decides nothing: the coup goes on', () => {
      const facts = [
        fact('RoundStarted'),
        bet('b1', 'grande', 1000),
        fact('BetsClosed'),
        throwOf(4, 5, 6),
        fact('ThrowVoided', { reason: 'die off the table' }),
        throwOf(1, 2, 2),
        fact('BetSettled', { betId: 'b1', outcome: 'lose', payout: 0 }),
        fact('RoundCompleted'),
      ];
      expect(judge(bancaFrancesa, env, facts).verdict).toBe('consistent');
    });
    it('settling on the voided throw is a PAYOUT_MISMATCH', () => {
      const facts = [
        fact('RoundStarted'),
        bet('b1', 'grande', 1000),
        fact('BetsClosed'),
        throwOf(4, 5, 6),
        fact('ThrowVoided', { reason: 'die on the floor' }),
        throwOf(1, 2, 2),
        fact('BetSettled', { betId: 'b1', outcome: 'win', payout: 1000 }),
        fact('RoundCompleted'),
      ];
      expect(codes(judge(bancaFrancesa, env, facts))).toEqual(['PAYOUT_MISMATCH']);
    });
    it('a void with no throw standing is a SEQUENCE_VIOLATION', () => {
      const facts = [fact('RoundStarted'), fact('BetsClosed'), fact('ThrowVoided', { reason: 'x' }), throwOf(1, 2, 2), fact('RoundCompleted')];
      expect(codes(judge(bancaFrancesa, env, facts))).toEqual(['SEQUENCE_VIOLATION']);
    });
    it('declares the fact type', () => {
      expect(bancaFrancesa.factTypes?.ThrowVoided).toMatchObject({
        fields: { roundId: { kind: 'id', optional: false }, reason: { kind: 'text', optional: false } },
        roundScoped: true,
      });
    });
    it('validates the otherTotals option', () => {
      expect(bancaFrancesa.refuseOptions!({ otherTotals: 'rethrow' }, env.rulebook)).toMatchObject({ field: 'options.otherTotals' });
      expect(bancaFrancesa.refuseOptions!({ otherTotals: 'lose' }, env.rulebook)).toBeNull();
    });
  });

  describe('structure', () => {
    it('refuses a die face 7 and the wrong number of dice', () => {
      expect(bancaFrancesa.refuse!({ eventId: 'x', type: 'DiceThrown', data: { dice: [1, 7, 2] } }, env)).toMatchObject({ field: 'data.dice[1]' });
      expect(bancaFrancesa.refuse!({ eventId: 'x', type: 'DiceThrown', data: { dice: [1, 2] } }, env)).toMatchObject({ field: 'data.dice' });
      expect(bancaFrancesa.refuse!({ eventId: 'x', type: 'DiceThrown', data: { dice: [1, 2, 6] } }, env)).toBeNull();
    });
    it('a bet the game does not have is BET_NOT_ALLOWED', () => {
      expect(codes(round('field', 1000, [[4, 5, 6]], { outcome: 'void', payout: 0 }))).toEqual(['BET_NOT_ALLOWED']);
    });
    it('is catalogued with rules by cantabria only', () => {
      expect(Object.keys(bancaFrancesa.rulebooks)).toEqual(['cantabria']);
    });
  });

  describe('property: the croupier plays consistent rounds; any single change is caught', () => {
    const play = (seed: number) =>
      bancaFrancesa.play!({ env, sessionId: S, roundId: `r-${seed}`, random: seededRandom(seed), seats: [1, 2, 3, 4], memory: {} });

    it('a played round is consistent', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const j = judge(bancaFrancesa, env, play(seed));
          expect(j.discrepancies).toEqual([]);
          expect(j.verdict).toBe('consistent');
        }),
        { numRuns: 150 },
      );
    });

    it('a changed payout is PAYOUT_MISMATCH', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.nat(20), fc.constantFrom(100, -100, 500), (seed, i, delta) => {
          const mutated = mutatePayout(play(seed), i, delta);
          if (mutated) expect(codes(judge(bancaFrancesa, env, mutated))).toContain('PAYOUT_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });

    it('an extra throw after the decision is DRAW_RULE_VIOLATION; a removed deciding throw is OUTCOME_MISSING', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 2 ** 31 - 1 }),
          fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 })),
          (seed, extra) => {
            const played = play(seed);
            const last = played.map((f) => f.type).lastIndexOf('DiceThrown');
            const added = [...played.slice(0, last + 1), throwOf(...extra), ...played.slice(last + 1)];
            expect(codes(judge(bancaFrancesa, env, added))).toContain('DRAW_RULE_VIOLATION');
            const removed = [...played.slice(0, last), ...played.slice(last + 1)];
            expect(codes(judge(bancaFrancesa, env, removed))).toContain('OUTCOME_MISSING');
          },
        ),
        { numRuns: 100 },
      );
    });

    it('a cagnotte or a commission (the game takes none) is caught', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const played = play(seed);
          expect(codes(judge(bancaFrancesa, env, mutateCagnotte(played, 100)))).toContain('CAGNOTTE_MISMATCH');
          const settled = played.find((f) => f.type === 'BetSettled');
          if (!settled) return;
          const end = played.findIndex((f) => f.type === 'RoundCompleted');
          const withCommission = [...played.slice(0, end), fact('CommissionCharged', { betId: settled.data.betId, amount: 100 }), ...played.slice(end)];
          expect(codes(judge(bancaFrancesa, env, withCommission))).toContain('COMMISSION_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });

    it('a bet over its maximum is BET_ABOVE_MAXIMUM', () => {
      fc.assert(
        fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
          const played = play(seed);
          const first = played.find((f) => f.type === 'BetPlaced');
          if (!first) return;
          const max = bancaFrancesa.betLimits!({ betId: 'x', betType: String(first.data.betType), amount: 0, eventId: 'x', late: false }, env).max!.amount;
          expect(codes(judge(bancaFrancesa, env, mutateOverMaximum(played, max)!))).toContain('BET_ABOVE_MAXIMUM');
        }),
        { numRuns: 100 },
      );
    });
  });
});
