/**
 * A game added from the checklist of libs/rules/README.md alone (issue 22 §4, "Done when"): a toy dice game —
 * one die, "high" (a 4 or a 5) pays even money, "six" pays 4 to 1 — written here step by step, registered in a
 * registry of this test (the product's is left alone) and held to the registry-wide checks; then the same
 * game with a step left out, to see each check notice.
 */
import {
  cited,
  dataOf,
  edgeFrom,
  backPerUnit,
  field,
  registeredGames,
  registryOf,
  sessionFact,
  CATALOGUE,
  type Cited,
  type GameRules,
  type PlayContext,
  type PlayedFact,
  type RulebookBase,
} from '../libs/rules/src';
import {
  DIE_FACES,
  betsOf,
  diceTotal,
  loses,
  pick,
  pickStake,
  refuseDiceThrown,
  rollDice,
  RoundRecorder,
  toOne,
  winAt,
  type Ratio,
} from '../libs/rules/src/core/dice';
import { findingsOf, undecided } from '../libs/rules/src/core/findings';
import { registryProblems, type Catalogue } from './support/registry-consistency';

const TOY = 'toy-die';
const { expectedSettlement } = findingsOf(TOY);

// step 2, the catalogue: a row for the game, with the jurisdictions whose text gives it rules
const TOY_ROW: Catalogue[string] = { cantabria: { status: 'rules', localName: 'Dado de juguete (a game of this test)' } };

// step 3, the rulebook: data, every value cited (here to the rules written above, as the game has no text)
interface ToyRulebook extends RulebookBase {
  readonly pays: Readonly<Record<'high' | 'six', Cited<Ratio>>>;
}
const TOY_RULEBOOK: ToyRulebook = {
  game: TOY,
  jurisdiction: 'cantabria',
  source: 'test/toy-game.spec.ts (no regulation: a game of this test)',
  pays: { high: cited(toOne(1), 'toy rule 1: a 4 or a 5 pays even money'), six: cited(toOne(4), 'toy rule 2: a six pays 4 to 1') },
};

// step 4, the rules: a decider built from the shared dice parts (core/dice.ts), with its croupier and house edges
interface ToyState {
  readonly die: number | null;
}
const BETS = ['high', 'six'] as const;
type ToyBet = (typeof BETS)[number];
const isToyBet = (betType: string): betType is ToyBet => (BETS as readonly string[]).includes(betType);

const toyDie: GameRules<ToyState, ToyRulebook> = {
  game: TOY,
  family: 'dice',
  rulebooks: { cantabria: TOY_RULEBOOK },
  refuse: (fact) => refuseDiceThrown(fact, 1),
  initialState: () => ({ die: null }),
  evolve: (state, fact) => {
    const thrown = dataOf(fact, 'DiceThrown');
    return thrown && state.die === null ? { die: Number(thrown.dice[0]) } : state;
  },
  settle(state, { bet }, env) {
    if (state.die === null) return undecided('the die has not been thrown');
    if (!isToyBet(bet.betType))
      return expectedSettlement({
        outcome: 'void',
        payout: 0,
        rule: 'bet-types',
        citation: TOY_RULEBOOK.source,
        explanation: `"${bet.betType}" is no bet of this game: returned`,
      });
    const pays = env.rulebook.pays[bet.betType];
    const wins = bet.betType === 'six' ? state.die === 6 : state.die === 4 || state.die === 5;
    const rule = `${TOY}/${bet.betType}`;
    return wins ? winAt(bet.amount, pays, env.ctx.smallestChip, { rule, why: `a ${state.die}` }) : loses({ rule, citation: pays.cite, why: `a ${state.die}` });
  },
  isDecided: (state) => state.die !== null,
  describe: (state) => ({ dice: state.die === null ? [] : [state.die], total: state.die === null ? null : diceTotal([state.die]) }),
  houseEdges: (env) =>
    BETS.map((betType) => {
      const bet = { betId: 'edge', betType, amount: 100, eventId: 'edge', late: false };
      const outcomes = DIE_FACES.map((die) => ({ weight: 1, back: backPerUnit(100, toyDie.settle({ die }, { bet }, env)) }));
      return edgeFrom(outcomes, { betType, method: 'exact-enumeration', citation: env.rulebook.pays[betType].cite });
    }),
  play(ctx: PlayContext<ToyRulebook>): PlayedFact[] {
    const env = ctx.env;
    const r = new RoundRecorder(ctx.sessionId, ctx.roundId);
    r.add('RoundStarted');
    for (const seat of ctx.seats) {
      const amount = pickStake(ctx.random, env.ctx.limits.min, env.ctx.limits.max, env.ctx.smallestChip);
      if (amount) r.add('BetPlaced', { betId: r.nextBetId(), seat, betType: pick(ctx.random, BETS), amount });
    }
    r.add('BetsClosed');
    r.add('DiceThrown', { dice: rollDice(ctx.random, 1, ctx.bias?.loadedDie) });
    const state = r.asFacts().reduce((s, f) => toyDie.evolve(s, f, env), toyDie.initialState(env));
    for (const bet of betsOf(r.asFacts())) {
      const verdict = toyDie.settle(state, { bet }, env);
      if ('outcome' in verdict) r.add('BetSettled', { betId: bet.betId, outcome: verdict.outcome, payout: verdict.payout });
    }
    r.add('RoundCompleted');
    return r.facts;
  },
};

// step 5, registration: in a registry of this test, beside every product game
const withToy = (game: GameRules = toyDie) => registryOf([...registeredGames(), game]);

describe('a toy game added from the checklist alone', () => {
  it('passes every registry-wide check: catalogue, rulebooks, fact types, simulator and replay drawing', () => {
    const registry = withToy();
    expect(registry.gameRules(TOY)).toBe(toyDie);
    expect(registryProblems({ registry, catalogue: { ...CATALOGUE, [TOY]: TOY_ROW } })).toEqual([]);
    // its house edges come from its own settle: "high" wins 2 throws in 6 at even money (1/3), "six" 1 in 6 at 4 to 1 (1/6)
    const edges = toyDie.houseEdges!({
      ctx: { sessionId: 's', game: TOY, jurisdiction: 'cantabria', currency: 'EUR', limits: { min: 100, max: 5000 }, options: {}, smallestChip: 100 },
      rulebook: TOY_RULEBOOK,
      options: {},
    });
    expect(edges.map((e) => [e.betType, e.houseEdge.toFixed(4)])).toEqual([
      ['high', (1 / 3).toFixed(4)],
      ['six', (1 / 6).toFixed(4)],
    ]);
  });

  it('is not in the product registry', () => {
    expect(registeredGames().some((g) => g.game === TOY)).toBe(false);
  });
});

describe('the same game with a step of the checklist left out', () => {
  // the toy's own registry only: the checks name the toy, whatever else they say of a registry without the product's wheels
  const alone = (game: GameRules, row: Catalogue[string] | null = TOY_ROW, rounds = 4) =>
    registryProblems({ registry: registryOf([game]), catalogue: row ? { [TOY]: row } : {}, rounds }).filter((p) => p.startsWith(TOY));

  it('with no catalogue row', () => {
    expect(alone(toyDie, null)).toEqual(
      expect.arrayContaining([`${TOY}: registered, but no row in the catalogue`, `${TOY}: rulebooks for [cantabria], the catalogue gives rules in []`]),
    );
  });

  it('(with every step, nothing is said of it)', () => {
    expect(alone(toyDie)).toEqual([]);
  });

  it('catalogued with rules, and not registered', () => {
    expect(registryProblems({ registry: registryOf([]), catalogue: { [TOY]: TOY_ROW } })).toContain(
      `${TOY}: catalogued with rules in cantabria, but no game is registered`,
    );
  });

  it('with a jurisdiction catalogued with rules and no rulebook for it', () => {
    expect(alone(toyDie, { ...TOY_ROW, euskadi: { status: 'rules', localName: 'Jostailu dadoa' } })).toContain(
      `${TOY}: rulebooks for [cantabria], the catalogue gives rules in [euskadi, cantabria]`,
    );
  });

  it('with a rulebook that names another jurisdiction', () => {
    const misnamed = { ...toyDie, rulebooks: { cantabria: { ...TOY_RULEBOOK, jurisdiction: 'euskadi' as const } } };
    expect(alone(misnamed)).toContain(`${TOY} cantabria: the rulebook says it is ${TOY} euskadi`);
  });

  it('with no croupier for the simulator', () => {
    expect(alone({ ...toyDie, play: undefined })).toEqual([`${TOY}: no croupier (play): the simulator cannot deal it`]);
  });

  it('with a croupier that overpays every winner', () => {
    const overpaying = {
      ...toyDie,
      play: (ctx: PlayContext<ToyRulebook>) =>
        toyDie.play!(ctx).map((f) =>
          f.type === 'BetSettled' && f.data.outcome === 'win' ? { ...f, data: { ...f.data, payout: Number(f.data.payout) + 100 } } : f,
        ),
    };
    const problems = alone(overpaying, TOY_ROW, 12);
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(p).toMatch(new RegExp(`^${TOY} cantabria: round \\d+ dealt by its croupier is judged PAYOUT_MISMATCH`));
  });

  it('drawn on no wheel layout when it is a wheel game, or with nothing the drawing shows', () => {
    expect(alone({ ...toyDie, family: 'wheel' })).toContain(`${TOY}: a wheel game with no layout in the replay drawing (apps/web/src/drawing.ts)`);
    const undrawable = alone({ ...toyDie, describe: (s: ToyState) => ({ face: s.die }) });
    expect(undrawable.length).toBeGreaterThan(0);
    for (const p of undrawable) expect(p).toMatch(new RegExp(`^${TOY} cantabria: the replay drawing shows nothing of a played round`));
  });

  it('declaring a fact type another game declares differently', () => {
    const clashing = { ...toyDie, factTypes: { BancoCalled: sessionFact('not the baccarat one', { seat: field('seat') }) } };
    expect(
      registryProblems({ registry: withToy(clashing), catalogue: { ...CATALOGUE, [TOY]: TOY_ROW }, rounds: 1 }).filter((p) =>
        p.startsWith('fact type BancoCalled'),
      ),
    ).toHaveLength(1);
  });
});
