/**
 * Shared test suite for every circle-poker game (test-only, not exported from the index): hands played
 * by the croupier are judged consistent, and single changes are caught with the right code.
 */
import fc from 'fast-check';
import { seededRandom } from '../cards';
import { GameRules, PlayedFact, RoundEnv } from '../game';
import type { ReplayStep } from '../judge-round';
import { asFacts, codes, envFor, judge, mutateCagnotte, mutateOverMaximum, mutatePayout } from '../testing';
import { DiscrepancyCode, Fact, JurisdictionId, SessionContext } from '../types';
import { citesLines, readingOf, Reading, ReadValue } from '../reading-testing';
import type { describeHand } from './description';
import type { CircleRulebook } from './rulebook';
import type { CirclePhase, CircleState } from './state';

export const LIMITS = { min: 200, max: 20_000 };

export function circleEnv(rules: GameRules, jurisdiction: JurisdictionId, overrides: Partial<SessionContext> = {}): RoundEnv<CircleRulebook> {
  return envFor(rules, jurisdiction, { limits: LIMITS, smallestChip: 100, ...overrides }) as RoundEnv<CircleRulebook>;
}

export function playSeed(
  rules: GameRules,
  env: RoundEnv,
  seed: number,
  players?: number,
  memory: Record<string, unknown> = {},
  roundId = `r-${seed}`,
): PlayedFact[] {
  const random = seededRandom(seed);
  const n = players ?? 4 + Math.floor(random() * 5);
  const seats = Array.from({ length: n }, (_, i) => i + 1);
  return rules.play!({ env, sessionId: 's-1', roundId, random, seats, memory });
}

const withoutLast = (played: readonly PlayedFact[], pick: (f: PlayedFact) => boolean): PlayedFact[] | null => {
  let at = -1;
  played.forEach((f, i) => {
    if (pick(f)) at = i;
  });
  return at < 0 ? null : [...played.slice(0, at), ...played.slice(at + 1)];
};

/** Insert one more card for a seat still in the hand just before the settlements. */
function addCard(played: readonly PlayedFact[], seed: number): PlayedFact[] | null {
  const dealt = new Set(played.filter((f) => f.type === 'CardDealt').map((f) => String(f.data.card)));
  const seats = played.filter((f) => f.type === 'CardDealt' && String(f.data.to).startsWith('seat:')).map((f) => String(f.data.to));
  if (!seats.length) return null;
  const to = seats[seed % seats.length];
  const spare = ['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', 'AH', 'KH', 'QH', 'JH', '10H', '9H', '8H', 'AD', 'KD'].find((c) => !dealt.has(c));
  const at = played.findIndex((f) => f.type === 'PotAwarded' || f.type === 'BetSettled');
  if (!spare || at < 0) return null;
  const round = played.find((f) => f.type === 'RoundStarted')?.data;
  return [...played.slice(0, at), { type: 'CardDealt', data: { ...round, card: spare, to, faceUp: false } }, ...played.slice(at)];
}

export function circlePropertySuite(rules: GameRules, numRuns = 60) {
  const jurisdictions = Object.keys(rules.rulebooks) as JurisdictionId[];
  describe.each(jurisdictions)(`${rules.game} — %s: the croupier's hands`, (jurisdiction) => {
    const env = circleEnv(rules, jurisdiction);
    const seed = fc.integer({ min: 1, max: 2 ** 31 - 1 });

    it('are judged consistent', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const j = judge(rules, env, playSeed(rules, env, s));
          expect(j.discrepancies).toEqual([]);
          expect(j.verdict).toBe('consistent');
        }),
        { numRuns },
      );
    });

    it('catch a changed pot payout (PAYOUT_MISMATCH)', () => {
      fc.assert(
        fc.property(seed, fc.nat(20), fc.constantFrom(100, 200, 500), (s, index, delta) => {
          const mutated = mutatePayout(playSeed(rules, env, s), index, delta);
          if (mutated) expect(codes(judge(rules, env, mutated))).toContain<DiscrepancyCode>('PAYOUT_MISMATCH');
        }),
        { numRuns },
      );
    });

    it('catch a changed cagnotte (CAGNOTTE_MISMATCH)', () => {
      fc.assert(
        fc.property(seed, fc.constantFrom(-100, 100, 300), (s, delta) => {
          const played = playSeed(rules, env, s);
          const taken = played.find((f) => f.type === 'CagnotteDeducted');
          if (taken && Number(taken.data.amount) + delta < 0) return;
          expect(codes(judge(rules, env, mutateCagnotte(played, delta)))).toContain<DiscrepancyCode>('CAGNOTTE_MISMATCH');
        }),
        { numRuns },
      );
    });

    it('catch a forced bet over its maximum (BET_ABOVE_MAXIMUM)', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const mutated = mutateOverMaximum(playSeed(rules, env, s), LIMITS.max);
          expect(codes(judge(rules, env, mutated!))).toContain<DiscrepancyCode>('BET_ABOVE_MAXIMUM');
        }),
        { numRuns },
      );
    });

    it('catch a card dealt beyond the rules, and a required card never dealt (DRAW_RULE_VIOLATION)', () => {
      fc.assert(
        fc.property(seed, (s) => {
          const played = playSeed(rules, env, s);
          const added = addCard(played, s);
          if (added) expect(codes(judge(rules, env, added))).toContain<DiscrepancyCode>('DRAW_RULE_VIOLATION');
          // the last card of a hand that went to the showdown
          const showdown =
            played.filter((f) => f.type === 'PotAwarded').length > 0 && judge(rules, env, played).steps.some((st) => describedHand(st).handOver === 'showdown');
          if (showdown) {
            const removed = withoutLast(played, (f) => f.type === 'CardDealt' && f.data.to !== 'burn');
            expect(codes(judge(rules, env, removed!))).toContain<DiscrepancyCode>('DRAW_RULE_VIOLATION');
          }
        }),
        { numRuns: Math.ceil(numRuns / 2) },
      );
    });
  });
}

/** Hand-written hands for the table-driven tests. */
export const H = {
  open: (mano: number, seats: number[], restos?: Record<number, number>): PlayedFact[] => [
    { type: 'RoundStarted', data: { sessionId: 's-1', roundId: 'r-1' } },
    { type: 'HandOpened', data: { sessionId: 's-1', roundId: 'r-1', mano, seats, ...(restos ? { restos } : {}) } },
  ],
  bet: (seat: number, betType: string, amount: number): PlayedFact => ({
    type: 'BetPlaced',
    data: { sessionId: 's-1', roundId: 'r-1', betId: `b${seat}`, seat, betType, amount },
  }),
  close: (): PlayedFact => ({ type: 'BetsClosed', data: { sessionId: 's-1', roundId: 'r-1' } }),
  card: (card: string, to: string, faceUp?: boolean): PlayedFact => ({
    type: 'CardDealt',
    data: { sessionId: 's-1', roundId: 'r-1', card, to, ...(faceUp === undefined ? {} : { faceUp }) },
  }),
  cards: (to: string, ...cards: string[]): PlayedFact[] => cards.map((c) => H.card(c, to)),
  act: (seat: number, decision: string, amount?: number, extra: Record<string, unknown> = {}): PlayedFact => ({
    type: 'PlayerDecision',
    data: { sessionId: 's-1', roundId: 'r-1', seat, decision, ...(amount === undefined ? {} : { amount }), ...extra },
  }),
  settle: (seat: number, outcome: string, payout: number): PlayedFact => ({
    type: 'BetSettled',
    data: { sessionId: 's-1', roundId: 'r-1', betId: `b${seat}`, outcome, payout },
  }),
  cagnotte: (base: number, amount: number): PlayedFact => ({ type: 'CagnotteDeducted', data: { sessionId: 's-1', roundId: 'r-1', base, amount } }),
  done: (): PlayedFact => ({ type: 'RoundCompleted', data: { sessionId: 's-1', roundId: 'r-1' } }),
};

/**
 * A cantabria Texas Hold'em hand up to its first interval: mano 1, small blind seat 2 (100), big blind seat 3 (200,
 * the minimum), seat 4 speaks first (cantabria L6293–6323); `holes` are dealt one at a time from the small blind
 * round the table (2, 3, 4, 1, 2, 3, 4, 1).
 */
export const cantabriaPreflop = (restos: Record<number, number>, holes: readonly string[]): PlayedFact[] => [
  ...H.open(1, [1, 2, 3, 4], restos),
  H.bet(2, 'small-blind', 100),
  H.bet(3, 'big-blind', 200),
  H.bet(4, 'seat', 0),
  H.bet(1, 'seat', 0),
  H.close(),
  ...holes.map((c, i) => H.card(c, `seat:${[2, 3, 4, 1][i % 4]}`)),
];

/** The same with seat 4 all-in for 1,000 with aces, seat 1 raising to 2,000, seat 2 folding and seat 3 calling: kings against kings beside them. */
export const cantabriaAllIn = (): PlayedFact[] => [
  ...cantabriaPreflop({ 1: 10_000, 2: 10_000, 3: 10_000, 4: 1_000 }, ['2H', 'KD', 'AS', 'KS', '3C', 'KC', 'AD', 'KH']),
  H.act(4, 'all-in', 1_000),
  H.act(1, 'raise', 2_000),
  H.act(2, 'fold'),
  H.act(3, 'call', 1_800),
];

/** The all-in hand checked down to the river by seats 3 and 1 (board 7C 8D 9S, 2D, JD): aces take the main pot, the two kings split the side pot. */
export const cantabriaCheckedDown = (): PlayedFact[] => [
  ...cantabriaAllIn(),
  H.card('4S', 'burn'),
  ...H.cards('board', '7C', '8D', '9S'),
  H.act(3, 'check'),
  H.act(1, 'check'),
  H.card('5S', 'burn'),
  H.card('2D', 'board'),
  H.act(3, 'check'),
  H.act(1, 'check'),
  H.card('6S', 'burn'),
  H.card('JD', 'board'),
  H.act(3, 'check'),
  H.act(1, 'check'),
];

/** The hand after `played`, folded by the game's own evolve as the judge folds it: the state a module's function is asked about. */
export function handAfter(rules: GameRules, env: RoundEnv, played: readonly PlayedFact[]): CircleState {
  const r = rules as GameRules<CircleState>;
  return asFacts(played).reduce((st, f) => r.evolve(st, f, env), r.initialState(env));
}

/** A judged step's hand as the circle engine describes it (the `game` half of the step's state). */
export const describedHand = (step: ReplayStep) => (step.state as { game: ReturnType<typeof describeHand> }).game;

/** One played fact as the judge receives it. */
export const factOf = (played: PlayedFact): Fact => asFacts([played])[0];

/** Expected payout per seat (bet id b<seat>) from a judged hand. */
export function expectedPayouts(rules: GameRules, env: RoundEnv, played: readonly PlayedFact[]): Record<string, number> {
  const facts = [...played];
  const seats = played.filter((f) => f.type === 'BetPlaced').map((f) => Number(f.data.seat));
  // settle every seat with a dummy settlement so the judge reports what it expects
  for (const s of seats) facts.push(H.settle(s, 'lose', 0));
  const j = judge(rules, env, facts);
  return Object.fromEntries(j.expectedSettlements.map((e) => [e.betId.slice(1), e.expected.payout]));
}

// ---------------------------------------------------------------------------------------------------
// The two readings (issue 14 §5)

/** One value the reader recorded, as the rulebook holds it (with the session's defaults in `env`). */
export type ValueCheck = (rb: CircleRulebook, read: ReadValue, env: RoundEnv<CircleRulebook>) => void;

/**
 * Holds a circle game's rulebooks to the independent reading `docs/games/readings/<game>.json`: a rulebook exactly
 * where the reader found the game, and every value the reader recorded either checked by `values` or named in
 * `notJudged` with the reason the rulebook does not hold it.
 */
export function readingValues(rules: GameRules, values: Record<string, ValueCheck>, notJudged: Record<string, string> = {}): Reading {
  const reading = readingOf(rules.game);
  const found = Object.keys(reading.jurisdictions).filter((j) => reading.jurisdictions[j]);
  it('has a rulebook exactly where the reader found the game', () => {
    expect(Object.keys(rules.rulebooks).sort()).toEqual([...found].sort());
  });
  describe.each(found)(`${rules.game} %s: the values the reader read`, (j) => {
    const read = reading.jurisdictions[j]!;
    const rb = rules.rulebooks[j as JurisdictionId] as CircleRulebook;
    it('the rulebook cites the section the reader read', () => {
      expect(citesLines(rb.source, read.section!.lines)).toBe(true);
    });
    it.each(Object.keys(read.values))('%s', (key) => {
      if (notJudged[key]) return expect(values[key]).toBeUndefined();
      expect(values[key]).toBeDefined();
      values[key](rb, read.values[key], circleEnv(rules, j as JurisdictionId));
    });
  });
  return reading;
}

/** The session options a circle game accepts (`refuseOptions` returns null). */
export const accepts = (rules: GameRules, rb: CircleRulebook, options: Record<string, unknown>) => rules.refuseOptions!(options, rb) === null;

/**
 * The reader's values every board game (hold'em, omaha) has alike: its deal by phases, its hand rule, an
 * ante by default or the blinds as shares of the table minimum, and the three limit structures.
 */
export function boardGameValues(rules: GameRules, phases: readonly CirclePhase[], handRule: CircleRulebook['handRule']['value']): Record<string, ValueCheck> {
  return {
    'hole-cards': (_rb, read) => expect(phases[0].seat).toHaveLength(read.value as number),
    'hand.composition': (rb, read) => {
      expect(rb.handRule.value).toBe(handRule);
      expect(citesLines(rb.handRule.cite, read.lines!)).toBe(true);
    },
    'forced-bet': (_rb, read, env) => {
      expect(String(read.value)).toMatch(/^ante/);
      expect(env.options.forcedBets).toBe('ante');
    },
    'community-cards': (_rb, read) => expect(phases.reduce((t, p) => t + p.board, 0)).toBe(read.value),
    'betting-rounds': (_rb, read) => expect(phases).toHaveLength(read.value as number),
    'blind.small.share-of-table-minimum': (rb, read, env) => {
      expect(env.options.forcedBets).toBe('blinds');
      expect(rb.smallBlindShare.value).toBe(read.value);
      expect(citesLines(rb.smallBlindShare.cite, read.lines!)).toBe(true);
    },
    'blind.big.share-of-table-minimum': (rb, read) => {
      expect(rb.bigBlindShare.value).toBe(read.value);
      expect(citesLines(rb.bigBlindShare.cite, read.lines!)).toBe(true);
    },
    'limits.structures': (rb, read) => {
      expect(read.value).toHaveLength(3);
      for (const structure of ['split-limit', 'pot-limit', 'no-limit']) expect(accepts(rules, rb, { structure })).toBe(true);
    },
  };
}
