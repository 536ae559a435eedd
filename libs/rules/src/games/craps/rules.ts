/**
 * Craps. ONE ROUND = ONE THROW (a "coup" of the two dice), so that a disputed throw replays on its own:
 *   RoundStarted, BetPlaced… (the whole layout at risk on this throw: new bets AND every bet still standing
 *   from earlier throws, re-stated with its original betId, type, selection and amount), BetsClosed,
 *   DiceThrown, BetSettled… (only the bets this throw decides), RoundCompleted.
 * The puck (the pass-line point) and the standing bets with their own points (a come bet moved to its
 * number) are carried between rounds by `carry`, folded over the completed rounds of the session; a voided
 * throw changes nothing. A standing bet that is not re-stated has been withdrawn, which Win / come bets with
 * a point may not be (SEQUENCE_VIOLATION).
 */
import {
  betsOf,
  DICE_FACT_TYPES,
  THROW_VOIDED,
  voidWithoutThrow,
  diceText,
  diceTotal,
  isDouble,
  loses,
  throwPhrase,
  thrownSaid,
  pick,
  pickStake,
  pushes,
  refuseDiceThrown,
  rollDice,
  RoundRecorder,
  winAt,
  type Ratio,
} from '../../core/dice';
import { dataOf } from '../../core/events';
import type { FactTypeSpec, GameRules, LimitCheck, PlayContext, PlayedFact, RoundEnv, SessionOpening } from '../../core/game';
import { optionCite, roundFact } from '../../core/game';
import { field } from '../../core/fields';
import { declaredAboveCap } from '../../core/session-rules';
import { cited, type Bet, type Cited, type ExpectedSettlement, type Finding, type Refusal, type SettlementVerdict } from '../../core/types';
import { crapsHouseEdges } from './house-edge';
import { findingsOf, undecided } from '../../core/findings';
import { amount, phrase, said, term, type Phrase, type Said } from '../../core/phrase';
import {
  CRAPS_BET_TYPES,
  rulebooks,
  CrapsBetType,
  CrapsRulebook,
  FixedBet,
  GALICIA_LABELS_FOR_ONE,
  LayoutReading,
  OddsBet,
  PointNumber,
  POINT_NUMBERS,
  SIMPLE_CHANCES,
} from './rulebook';
import type { CrapsCarried, CrapsState, LayoutBet, Seat, StandingBet } from './state';
export type { CrapsCarried, CrapsState, LayoutBet, StandingBet } from './state';

const GAME = 'craps';
const { finding } = findingsOf(GAME);
type Env = RoundEnv<CrapsRulebook>;

/**
 * Contract extension: the player who throws the dice (the shooter), named by the seat of his bets. The
 * shooter bets the Win or the Don't Win before throwing (cantabria L1662–1665); he keeps the dice until the
 * seven-out (cantabria L1393–1395). Rounds whose facts name no shooter are not judged for it.
 */
export const SHOOTER_NAMED = 'ShooterNamed';
export const CRAPS_FACT_TYPES = {
  ...DICE_FACT_TYPES,
  [SHOOTER_NAMED]: roundFact(
    'craps: the player at `seat` takes the dice and throws from this round on, until the seven-out or another ShooterNamed; data: roundId, seat (as in BetPlaced.seat)',
    { seat: field('seat') },
  ),
} satisfies Readonly<Record<string, FactTypeSpec>>;
const sameSeat = (a: unknown, b: unknown) => a !== undefined && a !== null && String(a) === String(b);

const isCrapsBet = (t: string): t is CrapsBetType => (CRAPS_BET_TYPES as readonly string[]).includes(t);
const isPoint = (n: unknown): n is PointNumber => (POINT_NUMBERS as readonly unknown[]).includes(n);
const ODDS_FLAT: Readonly<Record<OddsBet, 'pass' | 'come' | 'dont-pass' | 'dont-come'>> = {
  'pass-odds': 'pass',
  'come-odds': 'come',
  'dont-pass-odds': 'dont-pass',
  'dont-come-odds': 'dont-come',
};
const isOdds = (t: string): t is OddsBet => t in ODDS_FLAT;
const oddsFlatId = (bet: { selection?: unknown }): string | undefined => {
  const s = bet.selection as { bet?: unknown } | undefined;
  return s && typeof s === 'object' && typeof s.bet === 'string' ? s.bet : undefined;
};
const describeBet = (bet: { betType: string; selection?: unknown }) =>
  `${bet.betType}${bet.selection !== undefined ? ' ' + JSON.stringify(bet.selection) : ''}`;

/** The ratio a fixed bet pays, galicia's layout reading applied (docs/decisions/open-questions.md#oq-19). */
export function fixedPayout(betType: FixedBet, env: Env): Cited<Ratio> {
  if ((env.options.layoutReading as LayoutReading | undefined) === 'for-one' && GALICIA_LABELS_FOR_ONE[betType]) {
    return GALICIA_LABELS_FOR_ONE[betType]!;
  }
  return env.rulebook.payouts[betType];
}

// ---------------------------------------------------------------------------------------------
// Decisions

interface Decision {
  readonly outcome: 'win' | 'lose' | 'push' | 'void';
  readonly pays?: Cited<Ratio>;
  readonly cite: string;
  readonly why: string;
  /** the same reason as a phrase of the `narrative` catalogue (`craps.why.*`, the bets by the texts' names), for the edges to word (issue 16) */
  readonly because: Phrase;
}

/** The reasons' phrases: the bet by its name in the text (`term.betType`), the totals and points as numbers. */
const why = {
  firstThrow: (betType: string, total: number) => phrase('craps.why.firstThrow', { betType: term('betType', betType), total }),
  barred: (betType: string, total: number) => phrase('craps.why.barred', { betType: term('betType', betType), total }),
  pointMade: (point: number, odds = false) => phrase('craps.why.pointMade', { point, odds: odds ? 'yes' : 'no' }),
  sevenBeforePoint: (point: number, odds = false) => phrase('craps.why.sevenBeforePoint', { point, odds: odds ? 'yes' : 'no' }),
  field: (total: number, pays: 'double' | 'yes' | 'no') => phrase('craps.why.field', { total, pays }),
  first: (number: number, first: 'number' | 'seven') => phrase('craps.why.first', { number, first }),
  sevenSide: (total: number, side: 'under' | 'over', is: boolean) => phrase('craps.why.sevenSide', { total, side, is: is ? 'yes' : 'no' }),
  hardWay: (number: number, dice: readonly number[], how: 'hard' | 'easy' | 'seven') => phrase('craps.why.hardWay', { number, dice: dice.join('-'), how }),
  oneRoll: (betType: string, total: number, hits: boolean) =>
    phrase('craps.why.oneRoll', { betType: term('betType', betType), total, hits: hits ? 'yes' : 'no' }),
  oddsWithoutPoint: (flat: string) => phrase('craps.why.oddsWithoutPoint', { betType: term('betType', flat) }),
  notABet: (betType: string) => phrase('craps.why.notABet', { betType }),
};

/** The point a bet plays on this throw: the puck for the pass line, its own for come bets, its flat bet's for odds. */
function pointOf(entry: LayoutBet, state: CrapsState): number | null {
  const t = entry.bet.betType;
  if (t === 'pass' || t === 'dont-pass') return state.point;
  if (t === 'come' || t === 'dont-come') return entry.point;
  if (isOdds(t)) {
    const flat = state.layout[oddsFlatId(entry.bet) ?? ''];
    return flat && flat.bet.betType === ODDS_FLAT[t] ? pointOf(flat, state) : null;
  }
  return null;
}

/** What this throw does to a bet on the layout; null when it decides nothing (the bet stays). */
export function decide(entry: LayoutBet, state: CrapsState, dice: readonly number[], env: Env): Decision | null {
  const rb = env.rulebook;
  const t = diceTotal(dice);
  const hard = isDouble(dice);
  const type = entry.bet.betType;
  const point = pointOf(entry, state);
  const win = (pays: Cited<Ratio>, text: string, because: Phrase): Decision => ({ outcome: 'win', pays, cite: pays.cite, why: text, because });
  const lose = (cite: string, text: string, because: Phrase): Decision => ({ outcome: 'lose', cite, why: text, because });
  if (!isCrapsBet(type)) return { outcome: 'void', cite: rb.source, why: `"${type}" is not a craps bet`, because: why.notABet(type) };
  switch (type) {
    case 'pass':
    case 'come': {
      const pays = rb.payouts[type];
      if (point === null) {
        if (rb.comeOut.naturals.value.includes(t))
          return win(pays, `${t} on the ${type === 'pass' ? 'come-out' : "come bet's first throw"} wins`, why.firstThrow(type, t));
        if (rb.comeOut.craps.value.includes(t))
          return lose(pays.cite, `craps ${t} on the ${type === 'pass' ? 'come-out' : "come bet's first throw"}`, why.firstThrow(type, t));
        return null;
      }
      if (t === point) return win(pays, `point ${point} made`, why.pointMade(point));
      if (t === 7) return lose(pays.cite, `seven-out before point ${point}`, why.sevenBeforePoint(point));
      return null;
    }
    case 'dont-pass':
    case 'dont-come': {
      const pays = rb.payouts[type];
      if (point === null) {
        // the bar: "da resultado nulo en 12" for don't pass and don't come alike, each in its own paragraph
        if (t === rb.comeOut.bar.value)
          return {
            outcome: 'push',
            cite: type === 'dont-pass' ? rb.comeOut.bar.cite : pays.cite,
            why: `${t} is barred on the don't side`,
            because: why.barred(type, t),
          };
        if (rb.comeOut.craps.value.includes(t)) return win(pays, `craps ${t} wins the don't side`, why.firstThrow(type, t));
        if (rb.comeOut.naturals.value.includes(t)) return lose(pays.cite, `natural ${t} beats the don't side`, why.firstThrow(type, t));
        return null;
      }
      if (t === 7) return win(pays, `seven before point ${point}`, why.sevenBeforePoint(point));
      if (t === point) return lose(pays.cite, `point ${point} made`, why.pointMade(point));
      return null;
    }
    case 'field': {
      if (rb.fieldDouble.value.totals.includes(t))
        return win(cited(rb.fieldDouble.value.pays, rb.fieldDouble.cite), `field ${t} pays double`, why.field(t, 'double'));
      if (rb.fieldTotals.value.includes(t)) return win(rb.payouts.field, `field ${t}`, why.field(t, 'yes'));
      return lose(rb.fieldTotals.cite, `${t} is not in the field`, why.field(t, 'no'));
    }
    case 'big-6':
    case 'big-8': {
      const n = type === 'big-6' ? 6 : 8;
      if (t === n) return win(rb.payouts[type], `${n} before 7`, why.first(n, 'number'));
      if (t === 7) return lose(rb.payouts[type].cite, `7 before ${n}`, why.first(n, 'seven'));
      return null;
    }
    case 'under-7':
      return t < 7
        ? win(rb.payouts[type], `${t} is under 7`, why.sevenSide(t, 'under', true))
        : lose(rb.payouts[type].cite, `${t} is not under 7`, why.sevenSide(t, 'under', false));
    case 'over-7':
      return t > 7
        ? win(rb.payouts[type], `${t} is over 7`, why.sevenSide(t, 'over', true))
        : lose(rb.payouts[type].cite, `${t} is not over 7`, why.sevenSide(t, 'over', false));
    case 'hard-4':
    case 'hard-6':
    case 'hard-8':
    case 'hard-10': {
      const n = Number(type.slice(5));
      if (t === n && hard) return win(rb.payouts[type], `${n} the hard way (${dice.join('-')})`, why.hardWay(n, dice, 'hard'));
      if (t === n) return lose(rb.payouts[type].cite, `${n} the easy way (${dice.join('-')})`, why.hardWay(n, dice, 'easy'));
      if (t === 7) return lose(rb.payouts[type].cite, `7 before hard ${n}`, why.hardWay(n, dice, 'seven'));
      return null;
    }
    case 'any-7':
    case 'yo-11':
    case 'any-craps':
    case 'craps-2':
    case 'craps-3':
    case 'craps-12':
    case 'horn': {
      const wins: Record<string, number[]> = {
        'any-7': [7],
        'yo-11': [11],
        'any-craps': [2, 3, 12],
        'craps-2': [2],
        'craps-3': [3],
        'craps-12': [12],
        horn: [2, 3, 12, 11],
      };
      const pays = fixedPayout(type, env);
      return wins[type].includes(t)
        ? win(pays, `one-roll ${type} on ${t}`, why.oneRoll(type, t, true))
        : lose(pays.cite, `one-roll ${type}: ${t} misses`, why.oneRoll(type, t, false));
    }
    case 'pass-odds':
    case 'come-odds':
    case 'dont-pass-odds':
    case 'dont-come-odds': {
      if (!isPoint(point)) {
        return {
          outcome: 'void',
          cite: rb.oddsNeedPoint.cite,
          why: `odds without a ${ODDS_FLAT[type]} bet with a point are returned`,
          because: why.oddsWithoutPoint(ODDS_FLAT[type]),
        };
      }
      const right = type === 'pass-odds' || type === 'come-odds';
      const table = right ? rb.passOdds : rb.dontOdds;
      const pays = cited(table.value[point], table.cite);
      if (t === point)
        return right ? win(pays, `point ${point} made (odds)`, why.pointMade(point, true)) : lose(pays.cite, `point ${point} made`, why.pointMade(point));
      if (t === 7)
        return right
          ? lose(pays.cite, `seven before point ${point}`, why.sevenBeforePoint(point))
          : win(pays, `seven before point ${point} (odds)`, why.sevenBeforePoint(point, true));
      return null;
    }
    case 'place-to-win':
    case 'place-to-lose': {
      const n = entry.bet.selection as PointNumber;
      const right = type === 'place-to-win';
      const table = right ? rb.placeToWin : rb.placeToLose;
      const pays = cited(table.value[n], table.cite);
      if (t === n) return right ? win(pays, `${n} before 7`, why.first(n, 'number')) : lose(pays.cite, `${n} before 7`, why.first(n, 'number'));
      if (t === 7) return right ? lose(pays.cite, `7 before ${n}`, why.first(n, 'seven')) : win(pays, `7 before ${n}`, why.first(n, 'seven'));
      return null;
    }
  }
}

function toSettlement(entry: LayoutBet, d: Decision, dice: readonly number[], env: Env): ExpectedSettlement {
  const rule = `${GAME}/${entry.bet.betType}`;
  // the throw, then the rule's reason, in English and as a phrase (issue 16)
  const thrown = thrownSaid(dice, d.why, d.because);
  if (d.outcome === 'win') return winAt(entry.bet.amount, d.pays!, env.ctx.smallestChip, { rule, why: thrown });
  if (d.outcome === 'lose') return loses({ rule, citation: d.cite, why: thrown });
  // a push and a void bet alike get the stake back
  return { ...pushes({ rule, citation: d.cite, why: thrown }), outcome: d.outcome };
}

// ---------------------------------------------------------------------------------------------
// State across throws

function startState(carried: CrapsCarried | undefined): CrapsState {
  const standing: Record<string, StandingBet> = {};
  for (const s of carried?.standing ?? []) standing[s.betId] = s;
  return { point: carried?.point ?? null, standing, layout: {}, closed: false, dice: null, throws: 0, shooter: carried?.shooter ?? null };
}

/** The puck after the throw. */
export function pointAfter(point: number | null, dice: readonly number[]): number | null {
  const t = diceTotal(dice);
  if (point === null) return isPoint(t) ? t : null;
  return t === point || t === 7 ? null : point;
}

/** What stands on the layout after the throw: the bets it did not decide, come bets moved to their number. */
function carriedAfter(state: CrapsState, env: Env): CrapsCarried {
  if (!state.dice) return { point: state.point, standing: Object.values(state.standing), ...(state.shooter !== null ? { shooter: state.shooter } : {}) };
  const t = diceTotal(state.dice);
  // the seven-out passes the dice: who throws next is not known until he is named
  const shooter = state.point !== null && t === 7 ? null : state.shooter;
  const standing: StandingBet[] = [];
  for (const entry of Object.values(state.layout)) {
    if (decide(entry, state, state.dice, env)) continue;
    const { betId, seat, betType, selection, amount } = entry.bet;
    const moves = (betType === 'come' || betType === 'dont-come') && entry.point === null;
    standing.push({ betId, seat, betType, selection, amount, point: moves ? t : entry.point });
  }
  return { point: pointAfter(state.point, state.dice), standing, ...(shooter !== null ? { shooter } : {}) };
}

const carriedOf = (env: Env): CrapsCarried | undefined => env.ctx.carried as CrapsCarried | undefined;

// ---------------------------------------------------------------------------------------------
// Limits

/** The simple-chance maximum S: the table maximum, at most 1,000 × the minimum. */
export function simpleChanceMax(env: Env): LimitCheck {
  const range = env.rulebook.limits.simpleMaxTimesMin;
  const cap = range.value.to * env.ctx.limits.min;
  return env.ctx.limits.max <= cap
    ? { amount: env.ctx.limits.max, rule: `${GAME}/simple-chance-maximum`, citation: 'TableSessionOpened.limits.max' }
    : { amount: cap, rule: `${GAME}/simple-chance-maximum`, citation: range.cite };
}

/**
 * A table whose simple-chance maximum is outside the authorised band (20 × or, in galicia, 100 × up to
 * 1,000 × the minimum): for validating `TableSessionOpened.limits`.
 */
export function refuseCrapsLimits(limits: { min: number; max: number }, rulebook: CrapsRulebook): Refusal | null {
  const { from, to } = rulebook.limits.simpleMaxTimesMin.value;
  if (limits.max < from * limits.min || limits.max > to * limits.min) {
    return {
      field: 'data.limits.max',
      reason: `the simple-chance maximum must be ${from} × to ${to} × the minimum (${rulebook.limits.simpleMaxTimesMin.cite}); ${limits.max} is ${limits.max / limits.min} ×`,
    };
  }
  return null;
}

function ratioFor(betType: string, selection: unknown, rb: CrapsRulebook, env: Env): Ratio | null {
  if ((rb.payouts as Record<string, Cited<Ratio>>)[betType]) return fixedPayout(betType as FixedBet, env).value;
  if (betType === 'place-to-win' && isPoint(selection)) return rb.placeToWin.value[selection];
  if (betType === 'place-to-lose' && isPoint(selection)) return rb.placeToLose.value[selection];
  return null;
}

function crapsMaximum(bet: Pick<Bet, 'betType' | 'selection'>, env: Env): LimitCheck {
  const rb = env.rulebook;
  const typed = env.ctx.limits[bet.betType];
  if (typeof typed === 'number') return { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` };
  const S = simpleChanceMax(env);
  const chip = env.ctx.smallestChip;
  const t = bet.betType;
  if (SIMPLE_CHANCES.includes(t as CrapsBetType)) return S;
  if (t === 'place-to-win' && isPoint(bet.selection)) {
    const k = rb.limits.placeToWinTimesS;
    return { amount: Math.floor((S.amount * k.value[bet.selection]) / chip) * chip, rule: `${GAME}/place-to-win-maximum`, citation: k.cite };
  }
  if (t === 'place-to-lose' && isPoint(bet.selection)) {
    const k = rb.limits.placeToLoseTimesS;
    return { amount: Math.floor((S.amount * k.value[bet.selection]) / chip) * chip, rule: `${GAME}/place-to-lose-maximum`, citation: k.cite };
  }
  if (isOdds(t)) {
    // the exact cap is relative to the flat bet (judgeBet); absolute bound: the largest cap on a flat of S
    const right = t === 'pass-odds' || t === 'come-odds';
    const k = right ? oddsTimesFlat(env) : cited(Math.max(...Object.values(rb.limits.dontOddsTimesFlat.value)), rb.limits.dontOddsTimesFlat.cite);
    return { amount: Math.floor((S.amount * k.value) / chip) * chip, rule: `${GAME}/odds-maximum`, citation: k.cite };
  }
  const r = ratioFor(t, bet.selection, rb, env);
  if (r) {
    // multiple chances: the possible win may not exceed 3 × the simple-chance maximum
    const k = rb.limits.multipleWinTimesS;
    return { amount: Math.floor((k.value * S.amount * r.per) / r.win / chip) * chip, rule: `${GAME}/multiple-chance-maximum`, citation: k.cite };
  }
  return S;
}

function oddsTimesFlat(env: Env): Cited<number> {
  const option = env.options.oddsTimesFlat;
  return typeof option === 'number' ? cited(option, optionCite(env, 'oddsTimesFlat')) : env.rulebook.limits.oddsTimesFlat;
}

/**
 * The table's opening (findings on the session, never refusals): a simple-chance maximum below the band's floor
 * (20 ×, galicia 100 × the minimum), and a declared per-bet maximum above what the rules allow for that bet — the
 * judge lets a declared maximum win, so one left unflagged would widen the regulation silently. A maximum above
 * 1,000 × the minimum is not flagged here: every bet is held to the cap anyway (simpleChanceMax).
 */
function judgeCrapsOpening(opening: SessionOpening, env: Env): Finding[] {
  const rb = env.rulebook;
  const findings: Finding[] = [];
  const { min, max } = opening.limits;
  const band = rb.limits.simpleMaxTimesMin;
  if (max < band.value.from * min) {
    findings.push({
      ...finding({
        code: 'SESSION_RULE_VIOLATION',
        expected: `a simple-chance maximum of at least ${band.value.from} × the minimum (${band.value.from * min})`,
        recorded: max,
        rule: 'simple-chance-maximum',
        citation: band.cite,
        message: `the table's maximum ${max} is ${Math.round((max / min) * 100) / 100} × its minimum ${min}; the simple chances' maximum may not be below ${band.value.from} ×`,
        messagePhrase: phrase('finding.craps.simpleChances', {
          max: amount(max),
          multiple: Math.round((max / min) * 100) / 100,
          min: amount(min),
          from: band.value.from,
        }),
      }),
      eventId: opening.eventId,
    });
  }
  const regulated: Env = { ...env, ctx: { ...env.ctx, limits: { min, max } } };
  for (const [betType, declared] of Object.entries(opening.limits)) {
    if (betType === 'min' || betType === 'max' || typeof declared !== 'number' || !isCrapsBet(betType)) continue;
    // the most a bet of this type may be on any number (lenient: a place bet's cap on 6 and 8)
    const selections = betType.startsWith('place-') ? POINT_NUMBERS : [undefined];
    const caps = selections.map((selection) => crapsMaximum({ betType, selection }, regulated));
    const cap = caps.reduce((a, b) => (b.amount > a.amount ? b : a));
    const above = declaredAboveCap(opening, betType, declared, cap, "with this table's limits");
    if (above) findings.push(above);
  }
  return findings;
}

/**
 * The shooter's own line bet: at a come-out throw, the player named as shooter has a Win or Don't Win bet on
 * the layout (placed before the close). Judged at the round's end, so that a shooter named in the round after
 * its throw is the one judged, not the one carried; only where the facts name the shooter; a point throw is not
 * judged (his line bet from the come-out stands until the point is decided).
 */
function judgeShooterLineBet(state: CrapsState, env: Env): Finding[] {
  if (state.throws === 0 || state.point !== null || state.shooter === null || state.shooter === undefined) return [];
  const shooter = state.shooter;
  const lineBet = Object.values(state.layout).some((e) => (e.bet.betType === 'pass' || e.bet.betType === 'dont-pass') && sameSeat(e.bet.seat, shooter));
  if (lineBet) return [];
  const rule = env.rulebook.shooterBetsLine;
  return [
    finding({
      code: 'DRAW_RULE_VIOLATION',
      expected: `a pass or dont-pass bet of seat ${shooter} before the come-out throw`,
      recorded: 'no line bet of the shooter on the layout',
      rule: 'shooter-line-bet',
      citation: rule.cite,
      message: `the shooter (seat ${shooter}) threw the come-out without a Win or Don't Win bet: he must bet the line before throwing`,
      messagePhrase: phrase('finding.craps.shooterLine', { seat: String(shooter) }),
    }),
  ];
}

// ---------------------------------------------------------------------------------------------

export const rules: GameRules<CrapsState, CrapsRulebook> = {
  game: GAME,
  family: 'dice',
  rulebooks: rulebooks,
  factTypes: CRAPS_FACT_TYPES,

  refuseOptions(options) {
    if (options.oddsTimesFlat !== undefined && !(typeof options.oddsTimesFlat === 'number' && options.oddsTimesFlat >= 0)) {
      return { field: 'options.oddsTimesFlat', reason: 'a non-negative multiple of the flat bet (index.md OQ-17)' };
    }
    if (options.placeEight !== undefined && typeof options.placeEight !== 'boolean')
      return { field: 'options.placeEight', reason: 'true or false (index.md OQ-18)' };
    if (options.layoutReading !== undefined && !['rules', 'for-one'].includes(String(options.layoutReading))) {
      return { field: 'options.layoutReading', reason: '"rules" or "for-one" (index.md OQ-19)' };
    }
    return null;
  },

  refuse(fact, env) {
    if (fact.type === 'BetPlaced') {
      const { betType, selection } = fact.data;
      if ((betType === 'place-to-win' || betType === 'place-to-lose') && !isPoint(selection)) {
        return { field: 'data.selection', reason: `${betType} is made on a point number (4, 5, 6, 8, 9, 10), not ${JSON.stringify(selection)}` };
      }
      if (isOdds(String(betType)) && !oddsFlatId(fact.data)) {
        return { field: 'data.selection', reason: `${betType} needs { "bet": "<betId of its ${ODDS_FLAT[betType as OddsBet]} bet>" }` };
      }
      return null;
    }
    return refuseDiceThrown(fact, env.rulebook.dice.value);
  },

  carry(carried, fact, env) {
    const c = (carried as CrapsCarried | undefined) ?? { point: null, standing: [] };
    const roundId = fact.data?.roundId;
    switch (fact.type) {
      case 'RoundStarted':
        return { point: c.point, standing: c.standing, shooter: c.shooter, pending: { roundId, facts: [] } };
      case 'RoundVoided':
        // a void throw ("tirada nula") moves nothing; whoever took the dice still holds them
        return { point: c.point, standing: c.standing, shooter: c.shooter };
      case SHOOTER_NAMED: {
        const named = { ...c, shooter: fact.data.seat as Seat };
        return c.pending && roundId === c.pending.roundId ? { ...named, pending: { ...c.pending, facts: [...c.pending.facts, fact] } } : named;
      }
      case 'RoundCompleted': {
        if (!c.pending) return c;
        const e = env as Env;
        const state = c.pending.facts.reduce((s, f) => rules.evolve(s, f, e), startState(c));
        return carriedAfter(state, e);
      }
      default:
        if (c.pending && roundId === c.pending.roundId) return { ...c, pending: { ...c.pending, facts: [...c.pending.facts, fact] } };
        return c;
    }
  },

  initialState: (env) => startState(carriedOf(env)),

  evolve(state, fact) {
    switch (fact.type) {
      case 'BetsClosed':
        return { ...state, closed: true };
      case 'BetPlaced': {
        if (state.closed) return state; // a late bet is returned by the judge, never on the layout
        const d = dataOf(fact, 'BetPlaced')!;
        const bet: Bet = {
          betId: String(d.betId),
          seat: d.seat,
          betType: String(d.betType),
          selection: d.selection,
          amount: Number(d.amount),
          eventId: fact.eventId,
          late: false,
        };
        const standing = state.standing[bet.betId];
        return { ...state, layout: { ...state.layout, [bet.betId]: { bet, standing: !!standing, point: standing ? standing.point : null } } };
      }
      case 'DiceThrown':
        return { ...state, dice: state.dice ?? (fact.data.dice as number[]), throws: state.throws + 1 };
      case THROW_VOIDED:
        // a tirada nula decides nothing: the layout waits for the next throw
        return { ...state, dice: null };
      case SHOOTER_NAMED:
        return { ...state, shooter: fact.data.seat as Seat };
      default:
        return state;
    }
  },

  judgeFact(before, fact, env) {
    if (fact.type === THROW_VOIDED && !before.dice) return [voidWithoutThrow(GAME, env.rulebook.source)];
    if (fact.type !== 'DiceThrown' || !before.dice) return [];
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        expected: 'one throw per round',
        recorded: fact.data.dice,
        rule: 'one-throw-per-round',
        citation: env.rulebook.dice.cite,
        message: `a second throw after ${diceText(before.dice)}: each throw is its own round`,
        messagePhrase: phrase('finding.dice.secondThrow', { dice: diceText(before.dice) }),
      }),
    ];
  },

  judgeBet(bet, state, env) {
    const rb = env.rulebook;
    const findings: Finding[] = [];
    const notAllowed = ({ expected, citation, message, rule = 'bet-types' }: { expected: unknown; citation: string; message: Said; rule?: string }) =>
      findings.push(
        finding({
          code: 'BET_NOT_ALLOWED',
          betId: bet.betId,
          expected,
          recorded: describeBet(bet),
          rule,
          citation,
          message: message.text,
          messagePhrase: message.phrase,
        }),
      );
    if (!isCrapsBet(bet.betType)) {
      notAllowed({
        expected: CRAPS_BET_TYPES,
        citation: rb.source,
        message: said(`craps has no "${bet.betType}" bet`, 'finding.craps.noSuchBet', { betType: bet.betType }),
      });
      return findings;
    }
    if (bet.betType.startsWith('place-') && bet.selection === 8 && env.options.placeEight === false) {
      notAllowed({
        expected: '4, 5, 6, 9 or 10',
        citation: optionCite(env, 'placeEight'),
        message: said(`place bets on 8 are not offered (option placeEight)`, 'finding.craps.noPlaceEight'),
        rule: 'place-numbers',
      });
    }
    const standing = state.standing[bet.betId];
    if (standing) {
      // a bet re-stated for this throw must be the bet that stands
      const same = standing.betType === bet.betType && standing.amount === bet.amount && JSON.stringify(standing.selection) === JSON.stringify(bet.selection);
      if (!same) {
        findings.push(
          finding({
            code: 'SEQUENCE_VIOLATION',
            betId: bet.betId,
            expected: { betType: standing.betType, selection: standing.selection, amount: standing.amount },
            recorded: { betType: bet.betType, selection: bet.selection, amount: bet.amount },
            rule: 'standing-bet',
            citation: rb.source,
            message: `bet ${bet.betId} stands as ${describeBet(standing)} ${standing.amount} and was re-stated as ${describeBet(bet)} ${bet.amount}`,
            messagePhrase: phrase('finding.craps.restated', {
              bet: bet.betId,
              standing: describeBet(standing),
              standingAmount: amount(standing.amount),
              restated: describeBet(bet),
              amount: amount(bet.amount),
            }),
          }),
        );
      }
      return findings;
    }
    const t = bet.betType;
    if ((t === 'pass' || t === 'dont-pass') && state.point !== null) {
      notAllowed({
        expected: 'a come-out throw',
        citation: rb.payouts[t].cite,
        message: said(`${t} is made on the come-out; the point is ${state.point}`, 'finding.craps.onComeOut', {
          betType: term('betType', t),
          point: state.point,
        }),
        rule: 'line-bet-timing',
      });
    }
    if ((t === 'come' || t === 'dont-come') && state.point === null) {
      notAllowed({
        expected: 'a point established',
        citation: rb.payouts[t].cite,
        message: said(`${t} is made after the come-out, when a point is on`, 'finding.craps.afterComeOut', { betType: term('betType', t) }),
        rule: 'line-bet-timing',
      });
    }
    if (isOdds(t)) {
      const flatId = oddsFlatId(bet)!;
      // the flat bet may be re-stated after its new odds in the recorded order
      const standingFlat = state.standing[flatId];
      const flat: LayoutBet | undefined =
        state.layout[flatId] ?? (standingFlat && { bet: { ...standingFlat, eventId: '', late: false }, standing: true, point: standingFlat.point });
      const point = flat && flat.bet.betType === ODDS_FLAT[t] ? pointOf(flat, state) : null;
      if (!isPoint(point)) {
        notAllowed({
          expected: `a ${ODDS_FLAT[t]} bet with a point`,
          citation: rb.oddsNeedPoint.cite,
          message: said(`${t} on bet ${flatId}, which is no ${ODDS_FLAT[t]} bet with a point on this layout`, 'finding.craps.oddsNeedPoint', {
            betType: term('betType', t),
            bet: String(flatId),
            flat: term('betType', ODDS_FLAT[t]),
          }),
          rule: 'odds-need-point',
        });
      } else {
        const right = t === 'pass-odds' || t === 'come-odds';
        const k = right ? oddsTimesFlat(env) : cited(rb.limits.dontOddsTimesFlat.value[point], rb.limits.dontOddsTimesFlat.cite);
        const max = Math.floor(flat!.bet.amount * k.value);
        const onFlat = Object.values(state.layout)
          .filter((e) => isOdds(e.bet.betType) && oddsFlatId(e.bet) === flatId)
          .reduce((sum, e) => sum + e.bet.amount, bet.amount);
        if (onFlat > max) {
          findings.push(
            finding({
              code: 'BET_ABOVE_MAXIMUM',
              betId: bet.betId,
              expected: max,
              recorded: onFlat,
              rule: 'odds-maximum',
              citation: k.cite,
              message: `odds on point ${point} may be ${k.value * 100} % of the ${flat!.bet.amount} flat bet (${max}); ${onFlat} staked`,
              messagePhrase: phrase('finding.craps.oddsMaximum', {
                point,
                percent: k.value * 100,
                flat: amount(flat!.bet.amount),
                max: amount(max),
                staked: amount(onFlat),
              }),
            }),
          );
        }
      }
    }
    return findings;
  },

  betLimits(bet, env) {
    return {
      min: { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' },
      max: crapsMaximum(bet, env),
    };
  },

  settle(state, { bet }, env): SettlementVerdict {
    if (!state.dice) return undecided('the dice have not been thrown');
    const entry = state.layout[bet.betId] ?? { bet, standing: false, point: null };
    const d = decide(entry, state, state.dice, env);
    if (!d) return undecided(`${diceText(state.dice)} does not decide ${describeBet(bet)}: it stays on the layout`);
    return toSettlement(entry, d, state.dice, env);
  },

  handsToSettle(state, bet, env) {
    if (bet.late) return [undefined];
    const entry = state.layout[bet.betId];
    if (!state.dice || !entry) return [];
    return decide(entry, state, state.dice, env) ? [undefined] : [];
  },

  isDecided: (state) => state.dice !== null,

  houseEdges: (env) => crapsHouseEdges(rules, env),

  judgeOpening: judgeCrapsOpening,

  judgeEnd(state, env) {
    // Win (and come) bets play to a decision: one with a point that is not re-stated was withdrawn
    const findings: Finding[] = [...judgeShooterLineBet(state, env)];
    for (const s of Object.values(state.standing)) {
      const hasPoint = s.betType === 'pass' ? state.point !== null : s.betType === 'come' && s.point !== null;
      if (!hasPoint || state.layout[s.betId]) continue;
      findings.push(
        finding({
          code: 'SEQUENCE_VIOLATION',
          betId: s.betId,
          expected: `bet ${s.betId} on the layout until its point or a seven`,
          recorded: 'withdrawn (not re-stated for this throw)',
          rule: 'line-bets-stay',
          citation: env.rulebook.lineBetsStay.cite,
          message: `${s.betType} bet ${s.betId} (${s.amount}) with a point may not be withdrawn`,
          messagePhrase: phrase('finding.craps.lineBetStays', { betType: term('betType', s.betType), bet: s.betId, amount: amount(s.amount) }),
        }),
      );
    }
    return findings;
  },

  describe(state, env) {
    return {
      pointBefore: state.point,
      dice: state.dice,
      total: state.dice ? diceTotal(state.dice) : null,
      hard: state.dice ? isDouble(state.dice) : null,
      pointAfter: state.dice ? pointAfter(state.point, state.dice) : state.point,
      shooter: state.shooter,
      layout: Object.values(state.layout).map((e) => {
        const d = state.dice ? decide(e, state, state.dice, env) : null;
        return {
          betId: e.bet.betId,
          betType: e.bet.betType,
          selection: e.bet.selection,
          amount: e.bet.amount,
          standing: e.standing,
          point: pointOf(e, state),
          decision: d ? d.outcome : 'stays',
        };
      }),
    };
  },

  narrate(fact, before) {
    if (fact.type === SHOOTER_NAMED) {
      const already = sameSeat(before.shooter, fact.data.seat);
      return said(`seat ${fact.data.seat} takes the dice${already ? ' (already the shooter)' : ''}`, 'craps.shooter', {
        seat: String(fact.data.seat),
        already: already ? 'yes' : 'no',
      });
    }
    if (fact.type !== 'DiceThrown') return undefined;
    const dice = fact.data.dice as number[];
    const t = diceTotal(dice);
    // the throw and what it does to the puck, in English and as a phrase (issue 16)
    if (before.dice) return said(`dice ${diceText(dice)} thrown again in the same round`, 'craps.throwAgain', { dice: throwPhrase(dice) });
    const after = pointAfter(before.point, dice);
    if (before.point === null) {
      return said(`come-out ${diceText(dice)}: ${after === null ? 'no point' : `the point is ${after}`}`, 'craps.comeOut', {
        dice: throwPhrase(dice),
        point: after ?? 0,
        set: after === null ? 'no' : 'yes',
      });
    }
    if (t === before.point) return thrownSaid(dice, `point ${before.point} made`, why.pointMade(before.point));
    if (t === 7) return thrownSaid(dice, 'seven-out, the dice pass', phrase('craps.sevenOut'));
    return thrownSaid(dice, `point ${before.point} stays`, phrase('craps.pointStays', { point: before.point }));
  },

  play(ctx: PlayContext<CrapsRulebook>): PlayedFact[] {
    // the croupier's own memory of the layout; the session's carried state when it has none (a resumed simulator)
    const carried = (ctx.memory.carried ?? ctx.env.ctx.carried) as CrapsCarried | undefined;
    const env: Env = { ...ctx.env, ctx: { ...ctx.env.ctx, carried } };
    const chip = env.ctx.smallestChip;
    const r = new RoundRecorder(ctx.sessionId, ctx.roundId);
    r.add('RoundStarted');
    // the dice go round the table (cantabria L1602–1607): a new shooter after the seven-out, or when his seat is empty
    let shooter = carried?.shooter ?? null;
    if (ctx.seats.length && (shooter === null || !ctx.seats.some((seat) => sameSeat(seat, shooter)))) {
      const last = ctx.memory.lastShooter;
      const after = typeof last === 'number' ? last : -Infinity;
      shooter = ctx.seats.find((seat) => seat > after) ?? ctx.seats[0];
      ctx.memory.lastShooter = shooter;
      r.add(SHOOTER_NAMED, { seat: shooter });
    }
    const state0 = startState(carried);
    const state = () => r.asFacts().reduce((s, f) => rules.evolve(s, f, env), state0);
    // the layout as it stands: re-state every standing bet; now and then a removable bet is taken down
    const withdrawn = new Set<string>();
    for (const s of carried?.standing ?? []) {
      const mustStay = s.betType === 'pass' || (s.betType === 'come' && s.point !== null);
      const flatGone = isOdds(s.betType) && withdrawn.has(oddsFlatId(s) ?? '');
      if (flatGone || (!mustStay && ctx.random() < 0.1)) {
        withdrawn.add(s.betId);
        continue;
      }
      r.add('BetPlaced', {
        betId: s.betId,
        seat: s.seat,
        betType: s.betType,
        ...(s.selection !== undefined ? { selection: s.selection } : {}),
        amount: s.amount,
      });
    }
    const stake = (betType: string, selection: unknown): number | null => {
      const per = ratioFor(betType, selection, env.rulebook, env)?.per ?? 1;
      // whole multiples of the ratio's divisor, so every win is whole chips
      return pickStake(ctx.random, env.ctx.limits.min, crapsMaximum({ betType, selection }, env).amount, per * chip);
    };
    // the shooter bets the Win or the Don't Win before the come-out (cantabria L1662–1665)
    if (shooter !== null && state0.point === null) {
      const line = ctx.random() < 0.8 ? 'pass' : 'dont-pass';
      const amount = stake(line, undefined) ?? env.ctx.limits.min;
      r.add('BetPlaced', { betId: r.nextBetId(), seat: shooter, betType: line, amount });
    }
    for (const seat of ctx.seats) {
      const bets = 1 + Math.floor(ctx.random() * 2);
      for (let i = 0; i < bets; i++) {
        const s = state();
        const odds = Object.values(s.layout).filter(
          (e) =>
            e.bet.seat === seat &&
            ['pass', 'dont-pass', 'come', 'dont-come'].includes(e.bet.betType) &&
            isPoint(pointOf(e, s)) &&
            !Object.values(s.layout).some((o) => oddsFlatId(o.bet) === e.bet.betId),
        );
        const choices: string[] =
          s.point === null
            ? ['pass', 'pass', 'dont-pass', 'field', 'any-craps', 'yo-11', 'place-to-win', 'hard-8']
            : [
                'come',
                'dont-come',
                'field',
                'place-to-win',
                'place-to-lose',
                'big-6',
                'big-8',
                'hard-4',
                'hard-6',
                'hard-10',
                'any-7',
                'horn',
                'craps-2',
                'craps-3',
                'craps-12',
                'under-7',
                'over-7',
              ];
        if (odds.length) choices.push('odds', 'odds', 'odds');
        const choice = pick(ctx.random, choices);
        if (choice === 'odds') {
          const flat = pick(ctx.random, odds);
          const point = pointOf(flat, s) as PointNumber;
          const betType = `${flat.bet.betType}-odds` as OddsBet;
          const right = betType === 'pass-odds' || betType === 'come-odds';
          const ratio = (right ? env.rulebook.passOdds : env.rulebook.dontOdds).value[point];
          const k = right ? oddsTimesFlat(env).value : env.rulebook.limits.dontOddsTimesFlat.value[point];
          const amount = pickStake(ctx.random, env.ctx.limits.min, Math.floor(flat.bet.amount * k), ratio.per * chip);
          if (amount) r.add('BetPlaced', { betId: r.nextBetId(), seat, betType, selection: { bet: flat.bet.betId }, amount });
          continue;
        }
        const selection = choice.startsWith('place-') ? pick(ctx.random, POINT_NUMBERS) : undefined;
        const amount = stake(choice, selection);
        if (amount) r.add('BetPlaced', { betId: r.nextBetId(), seat, betType: choice, ...(selection !== undefined ? { selection } : {}), amount });
      }
    }
    r.add('BetsClosed');
    r.add('DiceThrown', { dice: rollDice(ctx.random, env.rulebook.dice.value, ctx.bias?.loadedDie) });
    const final = state();
    for (const bet of betsOf(r.asFacts())) {
      const verdict = rules.settle(final, { bet }, env);
      if ('outcome' in verdict) r.add('BetSettled', { betId: bet.betId, outcome: verdict.outcome, payout: verdict.payout });
    }
    r.add('RoundCompleted');
    // the croupier's own memory of the layout: the same fold the judge uses
    ctx.memory.carried = r.asFacts().reduce<unknown>((c, f) => rules.carry!(c, f, env), carried);
    return r.facts;
  },
};
