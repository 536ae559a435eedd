/**
 * Sic bo: one round is one throw of three dice. Without the casino's pay table (session option `payTable`)
 * no payout can be checked: `settle` reports every settlement unverifiable, never a mismatch (docs/decisions/open-questions.md#oq-15).
 */
import {
  allThrows,
  betsOf,
  coupEdge,
  DICE_FACT_TYPES,
  DIE_FACES,
  THROW_VOIDED,
  voidWithoutThrow,
  countFace,
  diceText,
  diceTotal,
  isDieFace,
  isTriple,
  loses,
  pick,
  pickStake,
  refuseDiceThrown,
  rollDice,
  RoundRecorder,
  toOne,
  winAt,
} from '../../core/dice';
import { dataOf } from '../../core/events';
import type { GameRules, PlayContext, PlayedFact, RoundEnv } from '../../core/game';
import type { BetEdge } from '../../core/house-edge';
import { optionCite } from '../../core/game';
import { findingsOf, undecided } from '../../core/findings';
import { chipUnit } from '../../core/money';
import { cited, type Bet, type Refusal, type SettlementVerdict } from '../../core/types';
import { phrase, said, term } from '../../core/phrase';
import { REFERENCE_PAY_TABLE, SIC_BO_BET_TYPES, rulebooks, SicBoBetType, SicBoPayTable, SicBoRulebook } from './rulebook';

const GAME = 'sic-bo';
const { finding } = findingsOf(GAME);
type Env = RoundEnv<SicBoRulebook>;

export interface SicBoState {
  readonly dice: readonly number[] | null;
  readonly throws: number;
}

const isBetType = (t: string): t is SicBoBetType => (SIC_BO_BET_TYPES as readonly string[]).includes(t);
const payTableOf = (env: Env): SicBoPayTable | null => (env.options.payTable as SicBoPayTable | null | undefined) ?? null;

/** Structural check of a selection: a face, a total a throw can make, or two different faces. */
export function refuseSelection(betType: SicBoBetType, selection: unknown): Refusal | null {
  const field = 'data.selection';
  switch (betType) {
    case 'specific-triple':
    case 'specific-double':
    case 'single':
      return isDieFace(selection) ? null : { field, reason: `${betType} needs a die face 1–6, got ${JSON.stringify(selection)}` };
    case 'total':
      return Number.isInteger(selection) && (selection as number) >= 3 && (selection as number) <= 18
        ? null
        : { field, reason: `three dice total 3–18; ${JSON.stringify(selection)} cannot be thrown` };
    case 'two-dice':
      return Array.isArray(selection) && selection.length === 2 && selection.every(isDieFace) && selection[0] !== selection[1]
        ? null
        : { field, reason: `two-dice needs two different faces [a, b], got ${JSON.stringify(selection)}` };
    default:
      return null;
  }
}

/** Does the throw win the bet, and for `single` how many dice match. */
export function sicBoWins(betType: SicBoBetType, selection: unknown, dice: readonly number[], rulebook: SicBoRulebook): number {
  const total = diceTotal(dice);
  switch (betType) {
    case 'specific-triple':
      return isTriple(dice) && dice[0] === selection ? 1 : 0;
    case 'any-triple':
      return isTriple(dice) ? 1 : 0;
    case 'specific-double':
      return countFace(dice, selection as number) >= 2 ? 1 : 0;
    case 'total':
      return total === selection ? 1 : 0;
    case 'small':
    case 'big': {
      const [lo, hi] = rulebook[betType].value;
      return !isTriple(dice) && total >= lo && total <= hi ? 1 : 0;
    }
    case 'two-dice': {
      const [a, b] = selection as number[];
      return dice.includes(a) && dice.includes(b) ? 1 : 0;
    }
    case 'single':
      return countFace(dice, selection as number);
  }
}

/** The authorised "N to 1" for a winning bet, or undefined where the pay table does not offer it. */
export function payTableOdds(table: SicBoPayTable, betType: SicBoBetType, selection: unknown, matches: number): number | undefined {
  if (betType === 'total') return table.total?.[String(selection)];
  if (betType === 'single') return table.single?.[Math.max(0, matches - 1)];
  return table[betType];
}

/** Every selection a bet type can be made on (faces, totals, the 15 pairs of different faces). */
function selectionsOf(betType: SicBoBetType, table: SicBoPayTable): readonly unknown[] {
  switch (betType) {
    case 'specific-triple':
    case 'specific-double':
    case 'single':
      return DIE_FACES;
    case 'total':
      return Object.keys(table.total ?? {}).map(Number);
    case 'two-dice':
      return DIE_FACES.flatMap((a) => DIE_FACES.filter((b) => b > a).map((b) => [a, b]));
    default:
      return [undefined];
  }
}

/** a stake of 1,000 chips: an authorised "N to 1" with decimals is paid without rounding */
const EDGE_STAKE_CHIPS = 1000;
const edgeMemo = new WeakMap<SicBoRulebook, Map<string, readonly BetEdge[]>>();

/**
 * The house edge of every bet the authorised pay table prices, over the 216 throws through `settle`
 * (issue 14 §5). Without a pay table no payout can be valued (docs/decisions/open-questions.md#oq-15): nothing to report.
 */
function sicBoHouseEdges(env: Env): readonly BetEdge[] {
  const table = payTableOf(env);
  if (!table) return [];
  let byTable = edgeMemo.get(env.rulebook);
  if (!byTable) edgeMemo.set(env.rulebook, (byTable = new Map()));
  const key = JSON.stringify(table);
  const cached = byTable.get(key);
  if (cached) return cached;
  const amount = EDGE_STAKE_CHIPS * chipUnit(env.ctx);
  const edges: BetEdge[] = [];
  for (const betType of SIC_BO_BET_TYPES) {
    for (const selection of selectionsOf(betType, table)) {
      if (payTableOdds(table, betType, selection, 1) === undefined) continue;
      const odds = betType === 'single' ? table.single : payTableOdds(table, betType, selection, 1);
      edges.push(coupEdge(rules, env, { betId: 'valued', betType, selection, amount }, env.rulebook.dice.value, { settings: { odds } }));
    }
  }
  byTable.set(key, edges);
  return edges;
}

const describeBet = (bet: Bet) => `${bet.betType}${bet.selection !== undefined ? ' ' + JSON.stringify(bet.selection) : ''}`;

export const rules: GameRules<SicBoState, SicBoRulebook> = {
  game: GAME,
  family: 'dice',
  rulebooks,
  factTypes: DICE_FACT_TYPES,

  refuseOptions(options) {
    const table = options.payTable as SicBoPayTable | null | undefined;
    if (table === undefined || table === null) return null;
    const numbers: unknown[] = [];
    for (const [key, value] of Object.entries(table)) {
      if (key === 'total' && value && typeof value === 'object') numbers.push(...Object.values(value));
      else if (key === 'single' && Array.isArray(value) && value.length === 3) numbers.push(...value);
      else if (isBetType(key) && key !== 'total' && key !== 'single') numbers.push(value);
      else return { field: `options.payTable.${key}`, reason: `not a sic bo pay-table entry (bet types: ${SIC_BO_BET_TYPES.join(', ')})` };
    }
    const bad = numbers.find((n) => typeof n !== 'number' || !(n > 0));
    return bad === undefined ? null : { field: 'options.payTable', reason: `pay-table odds must be positive numbers ("N to 1"), got ${JSON.stringify(bad)}` };
  },

  refuse(fact, env) {
    const bet = dataOf(fact, 'BetPlaced');
    if (bet && isBetType(bet.betType)) return refuseSelection(bet.betType, bet.selection);
    return refuseDiceThrown(fact, env.rulebook.dice.value);
  },

  initialState: () => ({ dice: null, throws: 0 }),

  evolve(state, fact) {
    if (fact.type === THROW_VOIDED) return { ...state, dice: null };
    if (fact.type !== 'DiceThrown') return state;
    return { dice: state.dice ?? (fact.data.dice as number[]), throws: state.throws + 1 };
  },

  judgeFact(before, fact, env) {
    if (fact.type === THROW_VOIDED && before.dice === null) return [voidWithoutThrow(GAME, env.rulebook.source)];
    if (fact.type !== 'DiceThrown' || before.dice === null) return [];
    return [
      {
        code: 'DRAW_RULE_VIOLATION',
        expected: 'one throw per round',
        recorded: fact.data.dice,
        rule: `${GAME}/one-throw`,
        citation: env.rulebook.dice.cite,
        message: `a second throw after ${diceText(before.dice)} decided the round`,
        messagePhrase: phrase('finding.dice.secondThrow', { dice: diceText(before.dice) }),
      },
    ];
  },

  judgeBet(bet, _state, env) {
    const notOffered = { code: 'BET_NOT_ALLOWED', rule: 'bet-types', recorded: describeBet(bet), betId: bet.betId } as const;
    if (!isBetType(bet.betType))
      return [
        finding({
          ...notOffered,
          citation: env.rulebook.source,
          message: `sic bo has no "${bet.betType}" bet`,
          messagePhrase: phrase('finding.bet.noSuch', { betType: bet.betType, game: GAME }),
          expected: SIC_BO_BET_TYPES,
        }),
      ];
    const table = payTableOf(env);
    // with an authorised table, a bet it does not price is not offered at this table
    if (table && payTableOdds(table, bet.betType, bet.selection, 1) === undefined) {
      return [
        finding({
          ...notOffered,
          citation: optionCite(env, 'payTable'),
          message: `the authorised pay table does not offer ${describeBet(bet)}`,
          messagePhrase: phrase('finding.sicBo.notPriced', { bet: describeBet(bet) }),
          expected: 'a bet priced by the pay table',
        }),
      ];
    }
    return [];
  },

  settle(state, { bet }, env): SettlementVerdict {
    if (!state.dice) return undecided('the dice have not been thrown');
    const rule = `${GAME}/${bet.betType}`;
    if (!isBetType(bet.betType))
      return {
        outcome: 'void',
        payout: 0,
        rule: `${GAME}/bet-types`,
        citation: env.rulebook.source,
        explanation: `"${bet.betType}" is not a sic bo bet: returned`,
      };
    const matches = sicBoWins(bet.betType, bet.selection, state.dice, env.rulebook);
    const definition = env.rulebook.bets[bet.betType];
    const why = `${diceText(state.dice)} on ${describeBet(bet)} (${definition.value})`;
    const table = payTableOf(env);
    if (!table) {
      return {
        unverifiable: true,
        reason: `${why} ${matches ? 'wins' : 'loses'}, but no pay table is configured: the payout needs the casino's authorisation`,
        citation: 'index.md OQ-15',
        reasonPhrase: phrase('judge.unverifiable.noPayTable', {
          dice: phrase('dice.throw', { dice: state.dice.join('-'), total: diceTotal(state.dice) }),
          betType: term('betType', bet.betType),
          wins: matches ? 'yes' : 'no',
        }),
      };
    }
    // the throw read against the bet, as a phrase too: the dice, the bet by the text's name (cantabria L1684–1711), won or lost
    const read = (text: string, wins: boolean, dice?: number) =>
      said(text, 'dice.sicBo', {
        dice: phrase('dice.throw', { dice: state.dice!.join('-'), total: diceTotal(state.dice!) }),
        betType: term('betType', bet.betType),
        selection: bet.selection !== undefined ? JSON.stringify(bet.selection) : 'none',
        wins: wins ? 'yes' : 'no',
        matching: dice ?? 'none',
      });
    if (!matches) return loses({ rule, citation: definition.cite, why: read(why, false) });
    const odds = payTableOdds(table, bet.betType, bet.selection, matches);
    if (odds === undefined)
      return {
        outcome: 'void',
        payout: 0,
        rule,
        citation: optionCite(env, 'payTable'),
        explanation: `${describeBet(bet)} is not in the authorised pay table: returned`,
      };
    const where = bet.betType === 'single' ? ` (${matches} dice)` : '';
    return winAt(bet.amount, cited(toOne(odds), `${definition.cite}; ${optionCite(env, 'payTable')}`), env.ctx.smallestChip, {
      rule,
      why: read(`${why} wins${where}`, true, bet.betType === 'single' ? matches : undefined),
    });
  },

  isDecided: (state) => state.dice !== null,

  houseEdges: sicBoHouseEdges,
  // the 216 throws, each as likely: a coup's bets weighed together (core/round-moments.ts, issue 21)
  roundOutcomes: (env) => ({
    env,
    outcomes: allThrows(env.rulebook.dice.value).map((dice) => ({ weight: 1, facts: [{ eventId: 'round-throw', type: 'DiceThrown', data: { dice } }] })),
  }),

  describe(state) {
    if (!state.dice) return { dice: null };
    return { dice: state.dice, total: diceTotal(state.dice), triple: isTriple(state.dice) };
  },

  play(ctx: PlayContext<SicBoRulebook>): PlayedFact[] {
    const env = ctx.env;
    const table = payTableOf(env) ?? REFERENCE_PAY_TABLE;
    const r = new RoundRecorder(ctx.sessionId, ctx.roundId);
    const chip = env.ctx.smallestChip;
    r.add('RoundStarted');
    for (const seat of ctx.seats) {
      const count = 1 + Math.floor(ctx.random() * 3);
      for (let i = 0; i < count; i++) {
        const betType = pick(ctx.random, [
          'small',
          'big',
          'small',
          'big',
          'total',
          'single',
          'single',
          'two-dice',
          'specific-double',
          'specific-triple',
          'any-triple',
        ] as const);
        const face = () => 1 + Math.floor(ctx.random() * 6);
        let selection: unknown;
        if (betType === 'total') selection = pick(ctx.random, Object.keys(table.total ?? {}).map(Number));
        else if (betType === 'two-dice') {
          const a = face();
          selection = [a, ((a + Math.floor(ctx.random() * 5)) % 6) + 1];
        } else if (['single', 'specific-double', 'specific-triple'].includes(betType)) selection = face();
        if (selection === undefined && betType === 'total') continue;
        if (payTableOdds(table, betType, selection, 1) === undefined) continue;
        const amount = pickStake(ctx.random, env.ctx.limits.min, env.ctx.limits[betType] ?? env.ctx.limits.max, chip);
        if (amount) r.add('BetPlaced', { betId: r.nextBetId(), seat, betType, ...(selection !== undefined ? { selection } : {}), amount });
      }
    }
    r.add('BetsClosed');
    r.add('DiceThrown', { dice: rollDice(ctx.random, env.rulebook.dice.value, ctx.bias?.loadedDie) });
    const facts = r.asFacts();
    const state = facts.reduce((s, f) => rules.evolve(s, f, env), rules.initialState(env));
    // the croupier pays by the authorised table; without one it still pays the table it uses
    const payEnv: Env = payTableOf(env) ? env : { ...env, options: { ...env.options, payTable: table } };
    for (const bet of betsOf(facts)) {
      const verdict = rules.settle(state, { bet }, payEnv);
      if ('outcome' in verdict) r.add('BetSettled', { betId: bet.betId, outcome: verdict.outcome, payout: verdict.payout });
    }
    r.add('RoundCompleted');
    return r.facts;
  },
};
