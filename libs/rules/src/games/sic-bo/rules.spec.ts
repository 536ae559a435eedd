import fc from 'fast-check';
import { seededRandom } from '../../core/cards';
import type { PlayedFact, RoundEnv } from '../../core/game';
import { codes, envFor as anyEnvFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../../core/testing';
import { isUnverifiable } from '../../core/types';
import { REFERENCE_PAY_TABLE, SicBoBetType, SicBoPayTable, SicBoRulebook } from './rulebook';
import { rules as sicBo, sicBoWins } from './rules';

const envFor = (...args: Parameters<typeof anyEnvFor>) => anyEnvFor(...args) as RoundEnv<SicBoRulebook>;
const S = 's-1';
const R = 'r-1';
const TABLE: SicBoPayTable = REFERENCE_PAY_TABLE;
const withTable = envFor(sicBo, 'cantabria', { options: { payTable: TABLE } });
const noTable = envFor(sicBo, 'cantabria');
const rulebook = noTable.rulebook;
const fact = (type: string, data: Record<string, unknown> = {}): PlayedFact => ({ type, data: { sessionId: S, roundId: R, ...data } });

function round(betType: string, selection: unknown, amount: number, dice: number[], settlement: { outcome: string; payout: number } | null, env = withTable) {
  const facts: PlayedFact[] = [
    fact('RoundStarted'),
    fact('BetPlaced', { betId: 'b1', seat: 1, betType, ...(selection !== undefined ? { selection } : {}), amount }),
    fact('BetsClosed'),
    fact('DiceThrown', { dice }),
  ];
  if (settlement) facts.push(fact('BetSettled', { betId: 'b1', ...settlement }));
  facts.push(fact('RoundCompleted'));
  return judge(sicBo, env, facts);
}

describe('sic-bo (cantabria A.8)', () => {
  describe('win conditions of each bet (cantabria L1684–1713)', () => {
    it.each<[SicBoBetType, unknown, number[], number]>([
      ['specific-triple', 4, [4, 4, 4], 1],
      ['specific-triple', 4, [5, 5, 5], 0],
      ['specific-triple', 1, [1, 1, 2], 0],
      ['any-triple', undefined, [2, 2, 2], 1],
      ['any-triple', undefined, [2, 2, 3], 0],
      ['specific-double', 3, [3, 3, 5], 1],
      ['specific-double', 3, [3, 3, 3], 1],
      ['specific-double', 3, [3, 2, 5], 0],
      // the text's own example: 12 via 3-4-5, 2-4-6 or 4-4-4 (L1695–1699)
      ['total', 12, [3, 4, 5], 1],
      ['total', 12, [2, 4, 6], 1],
      ['total', 12, [4, 4, 4], 1],
      ['total', 12, [4, 4, 5], 0],
      ['small', undefined, [1, 1, 2], 1],
      ['small', undefined, [2, 3, 5], 1],
      ['small', undefined, [2, 2, 2], 0],
      ['small', undefined, [3, 3, 5], 0],
      ['big', undefined, [3, 3, 5], 1],
      ['big', undefined, [6, 6, 5], 1],
      ['big', undefined, [5, 5, 5], 0],
      ['big', undefined, [1, 4, 5], 0],
      ['two-dice', [2, 5], [5, 1, 2], 1],
      ['two-dice', [2, 5], [5, 5, 1], 0],
      ['single', 6, [6, 1, 2], 1],
      ['single', 6, [6, 6, 2], 2],
      ['single', 6, [6, 6, 6], 3],
      ['single', 6, [1, 2, 3], 0],
    ])('%s %j on %j → %i', (betType, selection, dice, wins) => {
      expect(sicBoWins(betType, selection, dice, rulebook)).toBe(wins);
    });
  });

  describe('payouts from the session pay table (index.md OQ-15)', () => {
    it.each<[string, unknown, number[], string, number]>([
      ['specific-triple', 2, [2, 2, 2], 'win', 100 * 150],
      ['any-triple', undefined, [6, 6, 6], 'win', 100 * 24],
      ['specific-double', 5, [5, 5, 1], 'win', 100 * 8],
      ['total', 4, [1, 1, 2], 'win', 100 * 50],
      ['total', 10, [3, 3, 4], 'win', 100 * 6],
      ['small', undefined, [1, 2, 3], 'win', 100],
      ['big', undefined, [4, 5, 6], 'win', 100],
      ['two-dice', [1, 6], [1, 6, 6], 'win', 100 * 5],
      ['single', 3, [3, 1, 2], 'win', 100],
      ['single', 3, [3, 3, 2], 'win', 200],
      ['single', 3, [3, 3, 3], 'win', 300],
      ['small', undefined, [2, 2, 2], 'lose', 0],
    ])('%s %j on %j: %s %i', (betType, selection, dice, outcome, payout) => {
      expect(round(betType, selection, 100, dice, { outcome, payout }).verdict).toBe('consistent');
      const wrong = round(betType, selection, 100, dice, { outcome, payout: payout + 100 });
      expect(codes(wrong)).toEqual(['PAYOUT_MISMATCH']);
      expect(wrong.discrepancies[0].citation).toMatch(/cantabria L\d+.*session option payTable \(index\.md OQ-15\)|cantabria L\d+/);
    });

    it('a bet the authorised table does not price is BET_NOT_ALLOWED', () => {
      const e = envFor(sicBo, 'cantabria', { options: { payTable: { small: 1, big: 1 } } });
      expect(codes(round('any-triple', undefined, 100, [1, 2, 3], { outcome: 'lose', payout: 0 }, e))).toEqual(['BET_NOT_ALLOWED']);
      expect(codes(round('total', 3, 100, [1, 1, 1], { outcome: 'void', payout: 0 }, withTable))).toEqual(['BET_NOT_ALLOWED']);
    });

    it('refuses a malformed pay table', () => {
      expect(sicBo.refuseOptions!({ payTable: { small: -1 } }, rulebook)).toMatchObject({ field: 'options.payTable' });
      expect(sicBo.refuseOptions!({ payTable: { jackpot: 5 } }, rulebook)).toMatchObject({ field: 'options.payTable.jackpot' });
      expect(sicBo.refuseOptions!({ payTable: TABLE }, rulebook)).toBeNull();
      expect(sicBo.refuseOptions!({}, rulebook)).toBeNull();
    });
  });

  describe('without a pay table: unverifiable, never a mismatch (index.md OQ-15)', () => {
    it('a settlement is reported unverifiable, in the notes', () => {
      const j = round('big', undefined, 100, [4, 5, 6], { outcome: 'win', payout: 12_345 }, noTable);
      expect(j.verdict).toBe('consistent');
      expect(j.discrepancies).toEqual([]);
      expect(j.notes.join()).toMatch(/index\.md OQ-15/);
    });
    it('settle returns Unverifiable for a winning and a losing bet', () => {
      const state = sicBo.evolve(sicBo.initialState(noTable), { eventId: 'x', type: 'DiceThrown', data: { dice: [1, 2, 3] } }, noTable);
      for (const betType of ['small', 'big']) {
        const v = sicBo.settle(state, { bet: { betId: 'b', betType, amount: 100, eventId: 'e', late: false } }, noTable);
        expect(isUnverifiable(v)).toBe(true);
      }
    });
  });

  describe('void throws (contract extension ThrowVoided)', () => {
    it('the bets are settled on the throw after the void one', () => {
      const facts = [
        fact('RoundStarted'),
        fact('BetPlaced', { betId: 'b1', seat: 1, betType: 'big', amount: 100 }),
        fact('BetsClosed'),
        fact('DiceThrown', { dice: [4, 5, 6] }),
        fact('ThrowVoided', { reason: 'die stacked' }),
        fact('DiceThrown', { dice: [1, 2, 3] }),
        fact('BetSettled', { betId: 'b1', outcome: 'lose', payout: 0 }),
        fact('RoundCompleted'),
      ];
      expect(judge(sicBo, withTable, facts).verdict).toBe('consistent');
    });
  });

  describe('structure', () => {
    const refuse = (type: string, data: Record<string, unknown>) => sicBo.refuse!({ eventId: 'x', type, data }, noTable);
    it('three dice, faces 1–6', () => {
      expect(refuse('DiceThrown', { dice: [1, 2] })).toMatchObject({ field: 'data.dice' });
      expect(refuse('DiceThrown', { dice: [1, 2, 7] })).toMatchObject({ field: 'data.dice[2]' });
      expect(refuse('DiceThrown', { dice: [1, 2, 6] })).toBeNull();
    });
    it('impossible selections', () => {
      expect(refuse('BetPlaced', { betType: 'total', selection: 19 })).toMatchObject({ field: 'data.selection' });
      expect(refuse('BetPlaced', { betType: 'two-dice', selection: [3, 3] })).toMatchObject({ field: 'data.selection' });
      expect(refuse('BetPlaced', { betType: 'single', selection: 0 })).toMatchObject({ field: 'data.selection' });
      expect(refuse('BetPlaced', { betType: 'specific-triple', selection: 6 })).toBeNull();
    });
    it('a second throw is DRAW_RULE_VIOLATION; an unknown bet type BET_NOT_ALLOWED', () => {
      const j = judge(sicBo, withTable, [
        fact('RoundStarted'),
        fact('BetsClosed'),
        fact('DiceThrown', { dice: [1, 2, 3] }),
        fact('DiceThrown', { dice: [4, 5, 6] }),
        fact('RoundCompleted'),
      ]);
      expect(codes(j)).toEqual(['DRAW_RULE_VIOLATION']);
      expect(codes(round('field', undefined, 100, [1, 2, 3], { outcome: 'void', payout: 0 }))).toEqual(['BET_NOT_ALLOWED']);
    });
  });

  describe('property: played rounds are consistent; single changes are caught', () => {
    const play = (seed: number, env = withTable) =>
      sicBo.play!({ env, sessionId: S, roundId: `r-${seed}`, random: seededRandom(seed), seats: [1, 2, 3], memory: {} });
    const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

    it('consistent with a pay table; consistent with notes without one', () => {
      fc.assert(
        fc.property(seed, (s) => {
          expect(codes(judge(sicBo, withTable, play(s)))).toEqual([]);
          const j = judge(sicBo, noTable, play(s, noTable));
          expect(j.verdict).toBe('consistent');
        }),
        { numRuns: 150 },
      );
    });

    it('a changed payout is PAYOUT_MISMATCH with a table, and never a mismatch without one', () => {
      fc.assert(
        fc.property(seed, fc.nat(10), fc.constantFrom(100, -100), (s, i, delta) => {
          const mutated = mutatePayout(play(s), i, delta);
          if (mutated) expect(codes(judge(sicBo, withTable, mutated))).toContain('PAYOUT_MISMATCH');
          const bare = mutatePayout(play(s, noTable), i, delta);
          if (bare) expect(codes(judge(sicBo, noTable, bare))).not.toContain('PAYOUT_MISMATCH');
        }),
        { numRuns: 100 },
      );
    });

    it('an added throw, a removed throw, a cagnotte, a bet over the maximum', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const played = play(s);
          const at = played.findIndex((f) => f.type === 'DiceThrown');
          const added = [...played.slice(0, at + 1), fact('DiceThrown', { dice: [1, 1, 1] }), ...played.slice(at + 1)];
          expect(codes(judge(sicBo, withTable, added))).toContain('DRAW_RULE_VIOLATION');
          const removed = [...played.slice(0, at), ...played.slice(at + 1)];
          expect(codes(judge(sicBo, withTable, removed))).toContain('OUTCOME_MISSING');
          expect(codes(judge(sicBo, withTable, mutateCagnotte(played, 100)))).toContain('CAGNOTTE_MISMATCH');
          const over = mutateOverMaximum(played, withTable.ctx.limits.max);
          if (over) expect(codes(judge(sicBo, withTable, over))).toContain('BET_ABOVE_MAXIMUM');
        }),
        { numRuns: 100 },
      );
    });
  });
});
