/**
 * The wheels family's engine: one GameRules built from a small equipment adapter, so that the three
 * roulettes, boule and the wheel of fortune share the spin, the settlement, the limits, the prison and
 * the croupier. A game module only says what its equipment and rulebook are (see `SpinAdapter`).
 *
 * Prison (French roulette, euskadi L727–746, cantabria L328–351, illes-balears L208–224, galicia L134–138):
 * - a 0 on an even chance: the player takes back half (`BetSettled` outcome `half-lost`) or leaves the whole bet
 *   en prison (`prison`), optionally announced by a `PlayerDecision` (`prison` | `half-back`) naming the bet;
 * - the imprisoned bet is carried (`carry`) to the next spins and resolved there by an `ImprisonedBetResolved`
 *   fact: `freed` (its chance won: the value is returned, no winnings), `lost`, or at a further zero `prison`
 *   (it stays, its value halved) / `half-back` (half of the halved value returned); on the last spin of the
 *   session a zero forces the refund (`refunded`) of ½, ¼, ⅛… of the original stake.
 */
import type { GameRules, PlayContext, PlayedFact, RoundEnv, RulebookBase, LimitCheck } from './game';
import { gameFactData, optionCite, roundFact } from './game';
import { field, optionalField } from './fields';
import type { BetEdge, WeightedReturn } from './house-edge';
import { backPerUnit, edgeFrom } from './house-edge';
import { chipUnit, payOdds, roundDownTo } from './money';
import type { Bet, Cited, Fact, Finding, Refusal, SettlementQuery, SettlementVerdict } from './types';
import { isUndecided, isUnverifiable } from './types';
import { oddsText } from './wheel';
import { amount, phrase, said, term, type Phrase, type PhraseValue } from './phrase';
import { undecided } from './findings';

// ---------------------------------------------------------------------------------------------------------
// What a game provides

/** One chip position of a bet: the results it covers, its units of the stake and its odds. */
export interface SpinChip {
  readonly label: string;
  /** the label as a phrase of the narrative catalogue (issue 16); the label itself where absent */
  readonly labelPhrase?: Phrase;
  readonly covered: readonly string[];
  readonly units: number;
  /** net odds "N to 1"; 0 = the stake is only returned (a push); undefined = no pay-table row */
  readonly odds?: Cited<number>;
}

export interface SpinBet {
  readonly evenChance: boolean;
  readonly chips: readonly SpinChip[];
}

export type ZeroRule = 'prison-or-half-back' | 'half-back' | 'lose';

export interface SpinAdapter<R extends RulebookBase> {
  readonly game: string;
  readonly rulebooks: Partial<Record<RulebookBase['jurisdiction'], R>>;
  /** every bet type that exists on this game's equipment in some jurisdiction */
  readonly vocabulary: readonly string[];
  /** the recorded result as a key ("17", "00", "joker"), or null when it is not on this equipment */
  parseResult(raw: unknown, env: RoundEnv<R>): string | null;
  /** every result with its weight (pockets or cells) and the value to record in `WheelSpun.result` */
  results(env: RoundEnv<R>): readonly { key: string; weight: number; value: unknown }[];
  /** a bet as chip positions, or why it cannot exist on this equipment */
  resolve(betType: string, selection: unknown, env: RoundEnv<R>): SpinBet | Refusal;
  /** citation where this jurisdiction offers the bet type, null where it does not */
  offered(betType: string, env: RoundEnv<R>): string | null;
  /** what a zero (0, 00, boule's 5) does to an even chance */
  zeroRule?(env: RoundEnv<R>): Cited<ZeroRule>;
  /** result keys that belong to no even chance */
  zeros?(env: RoundEnv<R>): readonly string[];
  /** prison details where the zero rule is `prison-or-half-back` */
  prison?(env: RoundEnv<R>): PrisonRules;
  betLimits?(bet: Bet, resolved: SpinBet, env: RoundEnv<R>): { min?: LimitCheck; max?: LimitCheck };
  /** a realistic bet for the croupier: type and selection (the amount is chosen from the limits) */
  randomBet(random: () => number, env: RoundEnv<R>): { betType: string; selection?: unknown };
  /**
   * The selections of a bet type to value in `houseEdges` (default: the bet without a selection). Selections
   * of one `shape` share one figure; without a shape, the chips decide it (cells covered, units, odds).
   */
  edgeSelections?(betType: string, env: RoundEnv<R>): readonly { selection?: unknown; shape?: string }[];
  /** "17 black, odd, pasa" */
  describeResult?(key: string, env: RoundEnv<R>): string;
  /** the same as a phrase of the narrative catalogue (issue 16) */
  describeResultPhrase?(key: string, env: RoundEnv<R>): Phrase;
  refuseOptions?(options: Readonly<Record<string, unknown>>, rulebook: R): Refusal | null;
  /** cited warnings and notes for the inspector */
  readonly factTypes?: GameRules['factTypes'];
}

export interface PrisonRules {
  readonly option: Cited<string>;
  readonly freed: Cited<string>;
  readonly repeatedZeros: Cited<string>;
  readonly belowMinimum: Cited<string>;
  readonly lastSpin: Cited<string>;
}

const isRefusal = (r: SpinBet | Refusal): r is Refusal => (r as Refusal).reason !== undefined;

// ---------------------------------------------------------------------------------------------------------
// State

export interface ImprisonedBet {
  readonly betId: string;
  readonly seat?: string | number;
  readonly betType: string;
  readonly selection?: unknown;
  /** the original stake */
  readonly stake: number;
  /** the value now in prison: the stake after the first zero, halved at every further zero */
  readonly value: number;
  /** zeros this bet has met */
  readonly zeros: number;
}

export interface PrisonResolution {
  readonly outcome: 'freed' | 'lost' | 'prison' | 'half-back' | 'refunded';
  /** chips returned to the player now */
  readonly amount: number;
  /** value left in prison (outcome `prison`) */
  readonly value?: number;
}

export interface SpinState {
  readonly result?: string;
  readonly spins: number;
  readonly decisions: Readonly<Record<string, 'prison' | 'half-back'>>;
  readonly prison: readonly ImprisonedBet[];
  readonly resolved: Readonly<Record<string, PrisonResolution>>;
}

/** What `carry` folds across a session: the prison, and the bets of the round in progress. */
export interface SpinCarried {
  readonly prison: readonly ImprisonedBet[];
  readonly roundBets: Readonly<Record<string, { seat?: string | number; betType: string; selection?: unknown; amount: number }>>;
}

const EMPTY_CARRIED: SpinCarried = { prison: [], roundBets: {} };

export const PRISON_FACT = 'ImprisonedBetResolved';
export const PRISON_OUTCOMES = ['freed', 'lost', 'prison', 'half-back', 'refunded'] as const;

export const PRISON_FACT_TYPES = {
  [PRISON_FACT]: roundFact(
    'an imprisoned even-chance bet meets the next spin: outcome freed | lost | prison | half-back | refunded; amount = chips returned to the player now; value? = value left in prison',
    { betId: field('id'), outcome: { kind: 'text', oneOf: PRISON_OUTCOMES }, amount: field('money'), value: optionalField('money') },
  ),
} satisfies NonNullable<GameRules['factTypes']>;

const half = (amount: number) => roundDownTo(amount / 2, 1);

// ---------------------------------------------------------------------------------------------------------
// The engine

export function spinGame<R extends RulebookBase>(adapter: SpinAdapter<R>): GameRules<SpinState, R> {
  const game = adapter.game;
  const zeroRule = (env: RoundEnv<R>): Cited<ZeroRule> => adapter.zeroRule?.(env) ?? { value: 'lose', cite: env.rulebook.source };
  const zeros = (env: RoundEnv<R>) => adapter.zeros?.(env) ?? [];
  const hasPrison = (env: RoundEnv<R>) => zeroRule(env).value === 'prison-or-half-back' && !!adapter.prison;

  const resolveBet = (bet: { betType: string; selection?: unknown }, env: RoundEnv<R>) => adapter.resolve(bet.betType, bet.selection, env);

  /** What an imprisoned bet should get from this spin. `chosen` is the player's choice where the rules leave one. */
  function prisonExpectation(
    state: SpinState,
    b: ImprisonedBet,
    env: RoundEnv<R>,
    chosen?: string,
  ): { expected: PrisonResolution; rule: string; cite: string; why: string; whyPhrase: Phrase; choice: boolean } | null {
    if (state.result === undefined) return null;
    const rules = adapter.prison!(env);
    if (!zeros(env).includes(state.result)) {
      const resolved = resolveBet(b, env);
      const wins = !isRefusal(resolved) && resolved.chips.some((c) => c.covered.includes(state.result!));
      return wins
        ? {
            expected: { outcome: 'freed', amount: b.value },
            rule: `${game}/prison-freed`,
            cite: rules.freed.cite,
            why: `${state.result} wins ${b.betType}: the imprisoned bet is freed and its value ${b.value} returned, no winnings`,
            whyPhrase: phrase('finding.wheel.prison.freed', { result: state.result, betType: term('betType', b.betType), value: amount(b.value) }),
            choice: false,
          }
        : {
            expected: { outcome: 'lost', amount: 0 },
            rule: `${game}/prison-lost`,
            cite: rules.freed.cite,
            why: `${state.result} loses ${b.betType}: the imprisoned bet is lost`,
            whyPhrase: phrase('finding.wheel.prison.lost', { result: state.result, betType: term('betType', b.betType) }),
            choice: false,
          };
    }
    const reduced = half(b.value);
    if (env.ctx.lastRoundOfSession) {
      return {
        expected: { outcome: 'refunded', amount: half(reduced) },
        rule: `${game}/prison-last-spin`,
        cite: rules.lastSpin.cite,
        why: `zero number ${b.zeros + 1} on the last spin of the session: the player must accept ${half(reduced)} (1/${2 ** (b.zeros + 1)} of ${b.stake})`,
        whyPhrase: phrase('finding.wheel.prison.lastSpin', {
          zeros: b.zeros + 1,
          refund: amount(half(reduced)),
          fraction: 2 ** (b.zeros + 1),
          stake: amount(b.stake),
        }),
        choice: false,
      };
    }
    const stay: PrisonResolution = { outcome: 'prison', amount: 0, value: reduced };
    if (reduced < env.ctx.limits.min) {
      return {
        expected: stay,
        rule: `${game}/prison-below-minimum`,
        cite: rules.belowMinimum.cite,
        why: `zero again: the bet's value falls to ${reduced}, below the table minimum ${env.ctx.limits.min}, so it must stay in prison`,
        whyPhrase: phrase('finding.wheel.prison.belowMinimum', { value: amount(reduced), min: amount(env.ctx.limits.min) }),
        choice: false,
      };
    }
    const choice = state.decisions[b.betId] ?? chosen;
    const back: PrisonResolution = { outcome: 'half-back', amount: half(reduced) };
    const expected = choice === 'prison' ? stay : choice === 'half-back' ? back : back;
    return {
      expected,
      rule: `${game}/prison-repeated-zero`,
      cite: rules.repeatedZeros.cite,
      why: `zero number ${b.zeros + 1}: the bet's value halves to ${reduced}; the player ${expected.outcome === 'prison' ? 'leaves it in prison' : `takes back half of it, ${half(reduced)}`}`,
      whyPhrase: phrase('finding.wheel.prison.repeatedZero', {
        zeros: b.zeros + 1,
        value: amount(reduced),
        stays: expected.outcome === 'prison' ? 'yes' : 'no',
        back: amount(half(reduced)),
      }),
      choice: true,
    };
  }

  const resultPhrase = (result: string, env: RoundEnv<R>): PhraseValue => adapter.describeResultPhrase?.(result, env) ?? phrase('wheel.result', { result });

  function settle(state: SpinState, query: SettlementQuery, env: RoundEnv<R>): SettlementVerdict {
    const { bet, recorded } = query;
    if (state.result === undefined) return undecided('the wheel has not been spun');
    const result = state.result;
    const resolved = resolveBet(bet, env);
    const shown = adapter.describeResult?.(result, env) ?? result;
    // each explanation in English and as a phrase of the narrative catalogue (`wheel.*`)
    const told = resultPhrase(result, env);
    const stake = amount(bet.amount);
    const betType = term('betType', bet.betType);
    if (isRefusal(resolved)) {
      return {
        outcome: 'void',
        payout: 0,
        rule: `${game}/bet-selection`,
        citation: env.rulebook.source,
        explanation: `bet ${bet.betId} is not a real bet (${resolved.reason}): returned`,
        explanationPhrase: phrase('wheel.notABet', { bet: bet.betId }),
      };
    }
    if (resolved.evenChance && zeros(env).includes(result)) {
      const zr = zeroRule(env);
      if (zr.value === 'lose') {
        return {
          outcome: 'lose',
          payout: 0,
          rule: `${game}/zero-even-chances`,
          citation: zr.cite,
          explanation: `${shown} belongs to no even chance: ${bet.betType} loses`,
          explanationPhrase: phrase('wheel.zeroLoses', { result: told, betType }),
        };
      }
      if (zr.value === 'half-back') {
        return {
          outcome: 'half-lost',
          payout: 0,
          rule: `${game}/zero-even-chances`,
          citation: zr.cite,
          explanation: `${shown} on an even chance: half of ${bet.amount} is lost, half returned`,
          explanationPhrase: phrase('wheel.zeroHalfBack', { result: told, stake }),
        };
      }
      const rules = adapter.prison!(env);
      if (env.ctx.lastRoundOfSession) {
        return {
          outcome: 'half-lost',
          payout: 0,
          rule: `${game}/prison-last-spin`,
          citation: rules.lastSpin.cite,
          explanation: `${shown} on the last spin of the session: the player must accept half of ${bet.amount} back (no prison)`,
          explanationPhrase: phrase('wheel.lastSpin', { result: told, stake }),
        };
      }
      const decision = state.decisions[bet.betId];
      const chosen = decision === 'prison' ? 'prison' : decision === 'half-back' ? 'half-lost' : recorded?.outcome === 'prison' ? 'prison' : 'half-lost';
      return {
        outcome: chosen,
        payout: 0,
        rule: `${game}/zero-even-chances`,
        citation: rules.option.cite,
        explanation:
          chosen === 'prison'
            ? `${shown} on an even chance: the player leaves the whole ${bet.amount} en prison for the next spin`
            : `${shown} on an even chance: the player takes back half of ${bet.amount}, the bank keeps the other half`,
        explanationPhrase: phrase(chosen === 'prison' ? 'wheel.zeroPrison' : 'wheel.zeroTakesHalf', { result: told, stake }),
      };
    }
    const unit = bet.amount / resolved.chips.reduce((t, c) => t + c.units, 0);
    const winners = resolved.chips.filter((c) => c.covered.includes(result));
    if (!winners.length) {
      const cite = resolved.chips[0]?.odds?.cite ?? env.rulebook.source;
      return {
        outcome: 'lose',
        payout: 0,
        rule: `${game}/${bet.betType}`,
        citation: cite,
        explanation: `${shown} is not covered by ${bet.betType}${bet.selection !== undefined ? ' ' + JSON.stringify(bet.selection) : ''}: the bet loses`,
        explanationPhrase: phrase('wheel.notCovered', {
          result: told,
          betType,
          selection: bet.selection !== undefined ? JSON.stringify(bet.selection) : 'none',
        }),
      };
    }
    // Chip by chip (issue 14 §1.1): a winning chip keeps its stake and earns its odds, every other chip of
    // the bet is lost; `payout` is what is paid on top of the whole returned stake (contract §3).
    let won = 0;
    let kept = 0;
    const parts: string[] = [];
    const partPhrases: PhraseValue[] = [];
    const cites = new Set<string>();
    for (const c of winners) {
      if (!c.odds)
        return {
          unverifiable: true,
          reason: `no pay-table row for ${c.label}`,
          citation: env.rulebook.source,
          reasonPhrase: phrase('judge.unverifiable.noPayRow', { chip: c.labelPhrase ?? c.label }),
        };
      const stake = roundDownTo(unit * c.units, 1);
      const win = payOdds(unit * c.units, c.odds.value, 1);
      won += win;
      kept += stake;
      cites.add(c.odds.cite);
      parts.push(
        c.odds.value === 0
          ? `${c.label}: the stake is returned, no winnings`
          : `${c.label} pays ${oddsText(c.odds.value)}${resolved.chips.length > 1 ? ` on ${stake} = ${win}` : ''}`,
      );
      const chip = c.labelPhrase ?? c.label;
      partPhrases.push(
        c.odds.value === 0
          ? phrase('wheel.chipReturned', { chip })
          : resolved.chips.length > 1
            ? phrase('wheel.chipPaysOn', { chip, odds: oddsText(c.odds.value), stake: amount(stake), win: amount(win) })
            : phrase('wheel.chipPays', { chip, odds: oddsText(c.odds.value) }),
      );
    }
    const lost = bet.amount - kept;
    const payout = won - lost;
    const losers = resolved.chips.length - winners.length;
    if (payout < 0) {
      // a composite whose winning chips earn less than its lost chips return part of the stake: no contract
      // outcome records that (judgeBet flags such a bet when it is placed); none of the texts' bets can do it
      return {
        unverifiable: true,
        reason: `${bet.betType} on ${shown} returns ${bet.amount + payout} of ${bet.amount}, which one BetSettled cannot record (record its chips as separate bets)`,
        citation: [...cites].join('; '),
        reasonPhrase: phrase('judge.unverifiable.partReturned', {
          betType: term('betType', bet.betType),
          result: told,
          returned: amount(bet.amount + payout),
          stake: amount(bet.amount),
        }),
      };
    }
    return {
      outcome: payout > 0 ? 'win' : 'push',
      payout,
      rule: `${game}/${bet.betType}`,
      citation: [...cites].join('; '),
      explanation:
        `${shown}: ${parts.join('; ')}` +
        (losers > 0
          ? ` (${unit} a chip); the other ${losers} chip position${losers > 1 ? 's' : ''} of the ${bet.betType} bet lose ${lost}: ${won} − ${lost}`
          : '') +
        ` = ${payout}`,
      explanationPhrase: phrase(losers > 0 ? 'wheel.wonWithLosers' : 'wheel.won', {
        result: told,
        parts: { list: partPhrases },
        payout: amount(payout),
        ...(losers > 0 ? { unit: amount(unit), losers, betType, lost: amount(lost), won: amount(won) } : {}),
      }),
    };
  }

  function initialState(env: RoundEnv<R>): SpinState {
    const carried = (env.ctx.carried as SpinCarried | undefined) ?? EMPTY_CARRIED;
    return { spins: 0, decisions: {}, prison: hasPrison(env) ? (carried.prison ?? []) : [], resolved: {} };
  }

  function evolve(state: SpinState, fact: Fact, env: RoundEnv<R>): SpinState {
    const d = fact.data ?? {};
    switch (fact.type) {
      case 'WheelSpun':
        return { ...state, result: adapter.parseResult(d.result, env) ?? String(d.result), spins: state.spins + 1 };
      case 'PlayerDecision':
        if ((d.decision === 'prison' || d.decision === 'half-back') && d.betId !== undefined)
          return { ...state, decisions: { ...state.decisions, [String(d.betId)]: d.decision } };
        return state;
      case PRISON_FACT: {
        const r = gameFactData(PRISON_FACT_TYPES, PRISON_FACT, fact)!;
        return {
          ...state,
          resolved: {
            ...state.resolved,
            [String(r.betId)]: { outcome: r.outcome, amount: Number(r.amount ?? 0), value: r.value === undefined ? undefined : Number(r.value) },
          },
        };
      }
      default:
        return state;
    }
  }

  function judgeFact(before: SpinState, fact: Fact, env: RoundEnv<R>): Finding[] {
    const d = fact.data ?? {};
    if (fact.type === 'WheelSpun' && before.result !== undefined) {
      return [
        {
          code: 'SEQUENCE_VIOLATION',
          expected: 'one spin per round (a void spin is a RoundVoided)',
          recorded: d.result,
          rule: `${game}/one-spin`,
          citation: env.rulebook.source,
          message: `a second spin (${d.result}) after ${before.result} in the same round`,
          messagePhrase: phrase('finding.wheel.secondSpin', { result: String(d.result), before: String(before.result) }),
        },
      ];
    }
    const resolved = gameFactData(PRISON_FACT_TYPES, PRISON_FACT, fact);
    if (!resolved) return [];
    const betId = String(resolved.betId);
    const b = before.prison.find((p) => p.betId === betId);
    const recorded = { outcome: String(resolved.outcome), amount: Number(resolved.amount ?? 0) };
    if (!b) {
      return [
        {
          code: 'SETTLED_UNKNOWN_BET',
          betId,
          expected: 'a bet in prison',
          recorded,
          rule: `${game}/prison`,
          citation: adapter.prison?.(env).option.cite ?? env.rulebook.source,
          message: `bet ${betId} is not in prison`,
          messagePhrase: phrase('finding.wheel.notInPrison', { bet: betId }),
        },
      ];
    }
    if (before.resolved[betId]) {
      return [
        {
          code: 'PAYOUT_MISMATCH',
          betId,
          expected: 0,
          recorded: recorded.amount,
          rule: `${game}/prison`,
          citation: adapter.prison!(env).option.cite,
          message: `imprisoned bet ${betId} was resolved more than once`,
          messagePhrase: phrase('finding.wheel.resolvedTwice', { bet: betId }),
        },
      ];
    }
    const exp = prisonExpectation(before, b, env, recorded.outcome === 'prison' || recorded.outcome === 'half-back' ? recorded.outcome : undefined);
    if (!exp) {
      return [
        {
          code: 'OUTCOME_MISSING',
          betId,
          expected: 'the spin before the imprisoned bet is resolved',
          recorded,
          rule: `${game}/outcome`,
          citation: 'contract §3 (outcome facts precede settlements)',
          message: `imprisoned bet ${betId} resolved before the wheel was spun`,
          messagePhrase: phrase('finding.wheel.resolvedEarly', { bet: betId }),
        },
      ];
    }
    const valueWrong = exp.expected.outcome === 'prison' && resolved.value !== undefined && Number(resolved.value) !== exp.expected.value;
    if (exp.expected.outcome !== recorded.outcome || exp.expected.amount !== recorded.amount || valueWrong) {
      return [
        {
          code: 'PAYOUT_MISMATCH',
          betId,
          expected: exp.expected,
          recorded: d.value === undefined ? recorded : { ...recorded, value: Number(d.value) },
          rule: exp.rule,
          citation: exp.cite,
          message: exp.why,
          messagePhrase: exp.whyPhrase,
        },
      ];
    }
    return [];
  }

  function judgeEnd(state: SpinState, env: RoundEnv<R>): Finding[] {
    return state.prison
      .filter((b) => !state.resolved[b.betId])
      .map((b) => ({
        code: 'UNSETTLED_BET' as const,
        betId: b.betId,
        expected: 'the imprisoned bet resolved by this spin',
        recorded: null,
        rule: `${game}/prison`,
        citation: adapter.prison!(env).freed.cite,
        message: `imprisoned bet ${b.betId} (${b.betType}, value ${b.value}) was not resolved by this spin`,
        messagePhrase: phrase('finding.wheel.unresolved', { bet: b.betId, betType: term('betType', b.betType), value: amount(b.value) }),
      }));
  }

  /** A result on which some chips of a composite win but earn less than the other chips lose, or null. */
  function shortfall(resolved: SpinBet, env: RoundEnv<R>): string | null {
    for (const { key } of adapter.results(env)) {
      let hit = false;
      let won = 0;
      let lost = 0;
      for (const c of resolved.chips) {
        if (c.covered.includes(key)) {
          hit = true;
          won += c.units * (c.odds?.value ?? 0);
        } else lost += c.units;
      }
      if (hit && won < lost) return key;
    }
    return null;
  }

  function judgeBet(bet: Bet, _state: SpinState, env: RoundEnv<R>): Finding[] {
    const findings: Finding[] = [];
    if (!adapter.offered(bet.betType, env)) {
      findings.push({
        code: 'BET_NOT_ALLOWED',
        betId: bet.betId,
        expected: 'a bet type this jurisdiction offers',
        recorded: bet.betType,
        rule: `${game}/bet-types`,
        citation: env.rulebook.source,
        message: `${env.ctx.jurisdiction} does not offer ${bet.betType} on ${game} (record its chips as separate bets)`,
        messagePhrase: phrase('finding.wheel.notOffered', { jurisdiction: env.ctx.jurisdiction, betType: term('betType', bet.betType), game }),
      });
    }
    const resolved = resolveBet(bet, env);
    if (!isRefusal(resolved) && resolved.chips.length > 1) {
      const units = resolved.chips.reduce((t, c) => t + c.units, 0);
      if (bet.amount % units !== 0) {
        findings.push({
          code: 'BET_NOT_ALLOWED',
          betId: bet.betId,
          expected: `a multiple of ${units} (equal chips)`,
          recorded: bet.amount,
          rule: `${game}/announced-bets`,
          citation: adapter.offered(bet.betType, env) ?? env.rulebook.source,
          message: `${bet.betType} is ${units} equal chips; ${bet.amount} does not divide into them`,
          messagePhrase: phrase('finding.wheel.unequalChips', { betType: term('betType', bet.betType), units, amount: amount(bet.amount) }),
        });
      }
      const short = shortfall(resolved, env);
      if (short !== null) {
        findings.push({
          code: 'BET_NOT_ALLOWED',
          betId: bet.betId,
          expected: 'a composite whose winning chips always earn at least its lost chips',
          recorded: bet.betType,
          rule: `${game}/announced-bets`,
          citation: 'contract §3 (BetSettled.payout is never negative)',
          message: `${bet.betType} on ${short} would return less than its stake, which one BetSettled cannot record: record its chips as separate bets`,
          messagePhrase: phrase('finding.wheel.shortfall', { betType: term('betType', bet.betType), result: short }),
        });
      }
    }
    return findings;
  }

  function refuse(fact: Fact, env: RoundEnv<R>): Refusal | null {
    const d = fact.data ?? {};
    switch (fact.type) {
      case 'WheelSpun':
        return adapter.parseResult(d.result, env) === null
          ? { field: 'data.result', reason: `${JSON.stringify(d.result)} is not a result of the ${game} wheel` }
          : null;
      case 'BetPlaced': {
        if (!adapter.vocabulary.includes(String(d.betType)))
          return { field: 'data.betType', reason: `${d.betType} is not a ${game} bet (${adapter.vocabulary.join(', ')})` };
        const r = adapter.resolve(String(d.betType), d.selection, env);
        return isRefusal(r) ? r : null;
      }
      case 'PlayerDecision':
        return d.decision === 'prison' || d.decision === 'half-back'
          ? null
          : { field: 'data.decision', reason: `${game} knows only the zero options "prison" and "half-back", not ${JSON.stringify(d.decision)}` };
      case PRISON_FACT:
        if (!hasPrison(env)) return { field: 'type', reason: `${game} in ${env.ctx.jurisdiction} has no prison` };
        return (PRISON_OUTCOMES as readonly string[]).includes(String(d.outcome))
          ? null
          : { field: 'data.outcome', reason: `prison outcome must be one of ${PRISON_OUTCOMES.join(', ')}` };
      default:
        return null;
    }
  }

  function carry(carried: unknown, fact: Fact, env: RoundEnv<R>): unknown {
    const c = (carried as SpinCarried | undefined) ?? EMPTY_CARRIED;
    const d = fact.data ?? {};
    switch (fact.type) {
      case 'TableSessionOpened':
        return EMPTY_CARRIED;
      case 'RoundStarted':
        return { ...c, roundBets: {} };
      case 'BetPlaced':
        return {
          ...c,
          roundBets: { ...c.roundBets, [String(d.betId)]: { seat: d.seat, betType: String(d.betType), selection: d.selection, amount: Number(d.amount) } },
        };
      case 'BetSettled': {
        const bet = c.roundBets[String(d.betId)];
        if (d.outcome !== 'prison' || !bet || !hasPrison(env)) return c;
        const r = adapter.resolve(bet.betType, bet.selection, env);
        if (isRefusal(r) || !r.evenChance) return c;
        return {
          ...c,
          prison: [
            ...c.prison,
            { betId: String(d.betId), seat: bet.seat, betType: bet.betType, selection: bet.selection, stake: bet.amount, value: bet.amount, zeros: 1 },
          ],
        };
      }
      case PRISON_FACT: {
        const betId = String(d.betId);
        const b = c.prison.find((p) => p.betId === betId);
        if (!b) return c;
        const rest = c.prison.filter((p) => p.betId !== betId);
        // the rules, not the recorded value, decide what stays in prison: half at each further zero
        return d.outcome === 'prison' ? { ...c, prison: [...rest, { ...b, value: half(b.value), zeros: b.zeros + 1 }] } : { ...c, prison: rest };
      }
      default:
        return c;
    }
  }

  function betLimits(bet: Bet, env: RoundEnv<R>) {
    const resolved = resolveBet(bet, env);
    if (isRefusal(resolved) || !adapter.betLimits) {
      const limits = env.ctx.limits;
      const typed = limits[bet.betType];
      return {
        min: { amount: limits.min, rule: `${game}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' },
        max:
          typeof typed === 'number'
            ? { amount: typed, rule: `${game}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` }
            : { amount: limits.max, rule: `${game}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' },
      };
    }
    return adapter.betLimits(bet, resolved, env);
  }

  function play(ctx: PlayContext<R>): PlayedFact[] {
    const env = ctx.env as RoundEnv<R>;
    const { random, sessionId, roundId } = ctx;
    const memoryCarried = ctx.memory.carried as SpinCarried | undefined;
    const penv: RoundEnv<R> = env.ctx.carried === undefined && memoryCarried ? { ...env, ctx: { ...env.ctx, carried: memoryCarried } } : env;
    const base = { sessionId, roundId };
    const facts: PlayedFact[] = [{ type: 'RoundStarted', data: { ...base } }];
    const seats = ctx.seats.length ? ctx.seats : [1];
    const betCount = 1 + Math.floor(random() * 6);
    const chip = chipUnit(env.ctx);
    for (let i = 1; i <= betCount; i++) {
      let choice = adapter.randomBet(random, penv);
      for (let tries = 0; tries < 5 && !adapter.offered(choice.betType, penv); tries++) choice = adapter.randomBet(random, penv);
      if (!adapter.offered(choice.betType, penv)) continue;
      const probe: Bet = { betId: `${roundId}-b${i}`, betType: choice.betType, selection: choice.selection, amount: 0, eventId: '', late: false };
      const limits = betLimits(probe, penv);
      const resolved = resolveBet(probe, penv);
      const units = isRefusal(resolved) ? 1 : resolved.chips.reduce((t, c) => t + c.units, 0);
      // whole chips, equal on every position of an announced bet, between the minimum and the maximum
      const step = chip * units;
      const lo = Math.max(step, Math.ceil((limits.min?.amount ?? 0) / step) * step);
      const hi = Math.floor((limits.max?.amount ?? lo * 10) / step) * step;
      if (hi < lo) continue;
      const span = Math.min((hi - lo) / step, 20);
      const amount = lo + Math.floor(random() * (span + 1)) * step;
      facts.push({
        type: 'BetPlaced',
        data: {
          ...base,
          betId: probe.betId,
          seat: seats[Math.floor(random() * seats.length)],
          betType: choice.betType,
          ...(choice.selection !== undefined ? { selection: choice.selection } : {}),
          amount,
        },
      });
    }
    facts.push({ type: 'BetsClosed', data: { ...base } });
    // a simulated biased wheel (issue 21 §6) weighs its results; as designed, each weighs 1
    const bias = ctx.bias?.wheel;
    const results = adapter.results(penv).map((r) => (bias ? { ...r, weight: r.weight * (bias[r.key] ?? 1) } : r));
    const total = results.reduce((t, r) => t + r.weight, 0);
    let pick = random() * total;
    let spun = results[results.length - 1];
    for (const r of results) {
      if ((pick -= r.weight) < 0) {
        spun = r;
        break;
      }
    }
    facts.push({ type: 'WheelSpun', data: { ...base, result: spun.value } });

    const fold = () => asFactsLocal(facts).reduce((s, f) => evolve(s, f, penv), initialState(penv));
    // imprisoned bets meet this spin: the player chooses where the rules leave a choice
    let state = fold();
    for (const b of state.prison) {
      const exp = prisonExpectation(state, b, penv);
      if (exp?.choice) {
        const decision = random() < 0.5 ? 'prison' : 'half-back';
        facts.push({ type: 'PlayerDecision', data: { ...base, seat: b.seat, betId: b.betId, decision } });
      }
    }
    state = fold();
    for (const b of state.prison) {
      const exp = prisonExpectation(state, b, penv)!;
      facts.push({
        type: PRISON_FACT,
        data: {
          ...base,
          betId: b.betId,
          outcome: exp.expected.outcome,
          amount: exp.expected.amount,
          ...(exp.expected.value !== undefined ? { value: exp.expected.value } : {}),
        },
      });
    }
    // new even-chance bets hit by a zero under the prison rule: the player's choice
    const bets = facts.filter((f) => f.type === 'BetPlaced').map((f) => f.data);
    if (hasPrison(penv) && zeros(penv).includes(state.result!) && !penv.ctx.lastRoundOfSession) {
      for (const b of bets) {
        const r = adapter.resolve(String(b.betType), b.selection, penv);
        if (!isRefusal(r) && r.evenChance) {
          facts.push({ type: 'PlayerDecision', data: { ...base, seat: b.seat, betId: b.betId, decision: random() < 0.5 ? 'prison' : 'half-back' } });
        }
      }
    }
    state = fold();
    for (const b of bets) {
      const bet: Bet = {
        betId: String(b.betId),
        seat: b.seat as number,
        betType: String(b.betType),
        selection: b.selection,
        amount: Number(b.amount),
        eventId: '',
        late: false,
      };
      const v = settle(state, { bet }, penv);
      const outcome = 'outcome' in v ? v.outcome : 'void';
      const payout = 'payout' in v ? v.payout : 0;
      facts.push({ type: 'BetSettled', data: { ...base, betId: bet.betId, outcome, payout } });
    }
    facts.push({ type: 'RoundCompleted', data: { ...base } });
    ctx.memory.carried = facts.reduce<unknown>((c, f) => carry(c, { eventId: '', type: f.type, data: f.data }, penv), penv.ctx.carried ?? memoryCarried);
    return facts;
  }

  // -------------------------------------------------------------------------------------------------------
  // House edges (issue 14 §4, §5): every result with its weight, each bet settled by `settle` above.

  /** The table as the valuation sees it: not the last spin, nothing carried, a minimum no halving reaches. */
  const valuationEnv = (env: RoundEnv<R>, carried?: SpinCarried): RoundEnv<R> => ({
    ...env,
    ctx: { ...env.ctx, lastRoundOfSession: false, carried, limits: { ...env.ctx.limits, min: 1 } },
  });
  /** a stake every chip count, halving and 1:2 divides exactly */
  const STAKE = 2 ** 20;
  const spunFact = (value: unknown, extra: Fact[] = []): Fact[] => [{ eventId: 'edge-spin', type: 'WheelSpun', data: { result: value } }, ...extra];
  const stateAfter = (facts: Fact[], env: RoundEnv<R>) => facts.reduce((st, f) => evolve(st, f, env), initialState(env));

  /**
   * What one unit of a bet in prison (after its first zero) is worth, by its chances on the next spins under
   * the prison rules (`prisonExpectation`, the function that judges `ImprisonedBetResolved`): freed → its value
   * back, lost → 0, a further zero → half back (¼ of the stake) or stay with half the value. A bet that stays
   * is the same bet at half the scale, so its worth is V = a + c·V, where a is what comes back on the next
   * spin and c the weighted value left in prison: V = a / (1 − c). The player's better choice at further zeros.
   */
  function prisonValue(betType: string, selection: unknown, env: RoundEnv<R>): { value: number; furtherZero: 'half-back' | 'prison' } {
    const b: ImprisonedBet = { betId: 'edge-prison', betType, selection, stake: STAKE, value: STAKE, zeros: 1 };
    const penv = valuationEnv(env, { prison: [b], roundBets: {} });
    const results = adapter.results(penv);
    const total = results.reduce((t, r) => t + r.weight, 0);
    let best: { value: number; furtherZero: 'half-back' | 'prison' } | undefined;
    for (const choice of ['half-back', 'prison'] as const) {
      let back = 0;
      let left = 0;
      for (const r of results) {
        const exp = prisonExpectation(stateAfter(spunFact(r.value), penv), b, penv, choice)!;
        back += (r.weight / total) * (exp.expected.amount / STAKE);
        if (exp.expected.outcome === 'prison') left += (r.weight / total) * ((exp.expected.value ?? 0) / STAKE);
      }
      const value = back / (1 - left);
      if (!best || value > best.value) best = { value, furtherZero: choice };
    }
    return best!;
  }

  /** Cells covered, units and odds of each chip: selections of one shape have one figure. */
  function shapeOf(resolved: SpinBet, weights: ReadonlyMap<string, number>): string {
    const chips = resolved.chips.map((c) => `${c.covered.reduce((t, k) => t + (weights.get(k) ?? 0), 0)}×${c.units}@${c.odds?.value ?? '?'}`);
    return (resolved.evenChance ? 'even-chance ' : '') + chips.sort().join(' + ');
  }

  /** One bet valued over every result; an even chance under the prison rule by the player's better choice. */
  function valueBet(betType: string, selection: unknown, resolved: SpinBet, shape: string, positions: number, env: RoundEnv<R>): BetEdge | null {
    const amount = STAKE * resolved.chips.reduce((t, c) => t + c.units, 0);
    const bet: Bet = { betId: 'edge-bet', seat: 1, betType, selection, amount, eventId: 'edge-bet', late: false };
    const results = adapter.results(env);
    const cites = new Set<string>();
    const prisonRule = resolved.evenChance && hasPrison(env);
    const decide = (decision: 'prison' | 'half-back'): Fact => ({
      eventId: 'edge-decision',
      type: 'PlayerDecision',
      data: { seat: 1, betId: bet.betId, decision },
    });
    let prison: ReturnType<typeof prisonValue> | undefined;
    const byChoice = (choice: 'half-back' | 'prison'): WeightedReturn[] | null => {
      const out: WeightedReturn[] = [];
      for (const r of results) {
        const v = settle(stateAfter(spunFact(r.value, prisonRule ? [decide(choice)] : []), env), { bet }, env);
        if (isUndecided(v) || isUnverifiable(v)) return null;
        cites.add(v.citation);
        if (v.outcome === 'prison') {
          prison ??= prisonValue(betType, selection, env);
          out.push({ weight: r.weight, back: prison.value });
        } else out.push({ weight: r.weight, back: backPerUnit(amount, v) });
      }
      return out;
    };
    const halfBack = byChoice('half-back');
    if (!halfBack) return null;
    const figure = (settings: Record<string, unknown>) => ({
      betType,
      ...(selection !== undefined ? { selection } : {}),
      method: 'exact-enumeration' as const,
      citation: [...cites].join('; '),
      settings: { shape, positions, ...settings },
    });
    if (!prisonRule) return edgeFrom(halfBack, figure({}));
    const imprisoned = byChoice('prison')!;
    const halfEdge = edgeFrom(halfBack, figure({}));
    const prisonEdge = edgeFrom(imprisoned, figure({}));
    // the player chooses at the zero: the figure is his better choice; both are given
    const settings = {
      onZero: halfEdge.houseEdge <= prisonEdge.houseEdge ? 'half-back' : 'prison',
      houseEdgeHalfBack: halfEdge.houseEdge,
      houseEdgePrison: prisonEdge.houseEdge,
      prisonValuePerUnit: prison!.value,
      furtherZero: prison!.furtherZero,
    };
    return edgeFrom(halfEdge.houseEdge <= prisonEdge.houseEdge ? halfBack : imprisoned, figure(settings));
  }

  // once per rulebook and options (by value: every table opening brings its own options object)
  const edgesMemo = new WeakMap<object, Map<string, readonly BetEdge[]>>();
  function houseEdges(env: RoundEnv<R>): readonly BetEdge[] {
    let byOptions = edgesMemo.get(env.rulebook);
    if (!byOptions) edgesMemo.set(env.rulebook, (byOptions = new Map()));
    const key = JSON.stringify(Object.entries(env.options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    const memo = byOptions.get(key);
    if (memo) return memo;
    const venv = valuationEnv(env);
    const weights = new Map(adapter.results(venv).map((r) => [r.key, r.weight]));
    const edges: BetEdge[] = [];
    for (const betType of adapter.vocabulary) {
      if (!adapter.offered(betType, venv)) continue;
      const shapes = new Map<string, { selection: unknown; resolved: SpinBet; positions: number }>();
      for (const { selection, shape } of adapter.edgeSelections?.(betType, venv) ?? [{}]) {
        const resolved = resolveBet({ betType, selection }, venv);
        if (isRefusal(resolved)) continue;
        const key = shape ?? shapeOf(resolved, weights);
        const seen = shapes.get(key);
        if (seen) shapes.set(key, { ...seen, positions: seen.positions + 1 });
        else shapes.set(key, { selection, resolved, positions: 1 });
      }
      for (const [shape, { selection, resolved, positions }] of shapes) {
        const edge = valueBet(betType, selection, resolved, shape, positions, venv);
        if (edge) edges.push(edge);
      }
    }
    const frozen = Object.freeze(edges);
    byOptions.set(key, frozen);
    return frozen;
  }

  return {
    game,
    family: 'wheel',
    rulebooks: adapter.rulebooks,
    factTypes: adapter.factTypes,
    refuseOptions: adapter.refuseOptions,
    refuse,
    carry,
    play,
    initialState,
    evolve,
    judgeFact,
    settle,
    betLimits,
    judgeBet,
    isDecided: (state) => state.result !== undefined,
    houseEdges,
    roundOutcomes: (env) => {
      const venv = valuationEnv(env);
      return { env: venv, outcomes: adapter.results(venv).map((r) => ({ weight: r.weight, facts: spunFact(r.value) })) };
    },
    judgeEnd,
    describe: (state, env) => ({
      result: state.result === undefined ? null : state.result,
      call: state.result === undefined ? null : (adapter.describeResult?.(state.result, env) ?? state.result),
      ...(hasPrison(env)
        ? {
            prison: state.prison.map((b) => ({
              betId: b.betId,
              betType: b.betType,
              stake: b.stake,
              value: b.value,
              zeros: b.zeros,
              resolved: state.resolved[b.betId] ?? null,
            })),
            decisions: state.decisions,
          }
        : {}),
    }),
    narrate: (fact, before, after, env) => {
      const d = fact.data ?? {};
      if (fact.type === 'WheelSpun' && after.result !== undefined)
        return said(`the wheel gives ${adapter.describeResult?.(after.result, env) ?? after.result}`, 'wheel.spun', {
          result: resultPhrase(after.result, env),
        });
      if (fact.type === PRISON_FACT) {
        const b = before.prison.find((p) => p.betId === String(d.betId));
        return said(`imprisoned bet ${d.betId}${b ? ` (${b.betType}, value ${b.value})` : ''}: ${d.outcome}, ${d.amount} returned`, 'wheel.prisonResolved', {
          bet: String(d.betId),
          betType: b ? term('betType', b.betType) : 'none',
          value: b ? amount(b.value) : 'none',
          outcome: term('outcome', d.outcome),
          amount: amount(Number(d.amount)),
        });
      }
      if (fact.type === 'PlayerDecision' && d.betId !== undefined)
        return said(
          `seat ${d.seat ?? '?'} chooses ${d.decision === 'prison' ? 'to leave the bet en prison' : 'to take back half'} for bet ${d.betId}`,
          'wheel.prisonChoice',
          {
            seat: String(d.seat ?? '?'),
            choice: d.decision === 'prison' ? 'prison' : 'half',
            bet: String(d.betId),
          },
        );
      return undefined;
    },
  };
}

function asFactsLocal(played: readonly PlayedFact[]): Fact[] {
  return played.map((p, i) => ({ eventId: `play-${i}`, type: p.type, data: p.data, position: i + 1 }));
}

/** The citation of a session option, for the games' limit checks. */
export { optionCite };
