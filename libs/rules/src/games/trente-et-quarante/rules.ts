/**
 * Trente-et-quarante (docs/decisions/games.md#trente-et-quarante): two rows, black then red, each dealt until it
 * reaches 31 (each text's deal: the red row begins when the black "reaches or passes 31", docs/decisions/open-questions.md#oq-50); the row nearest 31 wins; colour wins when the winning row has the
 * colour of the black row's first card. A tie is void except the refait (31–31): half back or prison,
 * as the roulette zero. Insurance against the refait: a 1 % premium at bet time (docs/decisions/open-questions.md#oq-07).
 *
 * Facts: `CardDealt` with `to` "black" or "red"; `BetPlaced` `black` | `red` | `colour` | `inverse`,
 * an imprisoned bet carried into the next coup with `selection: { prison: <original betId> }`, and
 * the premium as an `insurance` bet with `selection: <insured betId>` (docs/games/blackjack.md).
 */
import { Card, DECK_52, isJoker, isRed, parseCard, pipValue, seededRandom, shoeCards, shuffle } from '../../core/cards';
import type { GameRules, LimitCheck, PlayContext, PlayedFact, RoundEnv, SessionOpening, ShoeRules } from '../../core/game';
import { optionCite } from '../../core/game';
import { findingsOf, undecided } from '../../core/findings';
import { applyRate, chipUnit, roundDownTo } from '../../core/money';
import {
  cited,
  type Bet,
  type ExpectedSettlement,
  type Fact,
  type Finding,
  type Refusal,
  type SettlementQuery,
  type SettlementVerdict,
  type ShoeInPlay,
} from '../../core/types';
import { Croupier, chipsBetween } from '../../core/blackjack-hand';
import { exactT40Edges, t40RoundOutcomes } from './house-edge';
import { T40_BETS, rulebooks, T40Chance, TrenteEtQuaranteRulebook } from './rulebook';
import { amount, phrase, term } from '../../core/phrase';

type Env = RoundEnv<TrenteEtQuaranteRulebook>;
const GAME = 'trente-et-quarante';

export interface T40Bet {
  readonly betId: string;
  readonly betType: string;
  readonly amount: number;
  readonly selection?: unknown;
}

export interface T40State {
  readonly black: readonly Card[];
  readonly red: readonly Card[];
  readonly bets: readonly T40Bet[];
}

/** Imprisoned bets carried from coup to coup (refait 31–31 with the prison option). */
export interface T40Carried {
  readonly prison: Readonly<Record<string, { betType: string; amount: number; seat?: unknown }>>;
  readonly round: Readonly<Record<string, T40Bet & { seat?: unknown }>>;
  /** the current coup's row totals, to tell a refait from a plain tie */
  readonly rows?: { black: number; red: number };
}

const rowTotal = (cards: readonly Card[]) => cards.reduce((t, c) => t + pipValue(c), 0);
const stopAt = (env: Env) => (typeof env.options.rowStopsAt === 'number' ? (env.options.rowStopsAt as number) : 31);
const prisonOf = (bet: { selection?: unknown }): string | null => {
  const s = bet.selection as { prison?: unknown } | undefined;
  return s && typeof s === 'object' && typeof s.prison === 'string' ? s.prison : null;
};
const isChance = (t: string): t is T40Chance => (T40_BETS as readonly string[]).includes(t);

const { finding, expectedSettlement } = findingsOf(GAME);

/** The coup's result once both rows are complete. */
export interface T40Result {
  readonly black: number;
  readonly red: number;
  /** the winning row, or null on a tie */
  readonly winner: 'black' | 'red' | null;
  readonly refait: boolean;
  /** does colour win (null on a tie) */
  readonly colourWins: boolean | null;
}

/** a state's result, asked for once per bet settled: kept with the (immutable) state for the environment it was read in */
const results = new WeakMap<T40State, { env: Env; result: T40Result | null }>();

export function coupResult(state: T40State, env: Env): T40Result | null {
  const known = results.get(state);
  if (known && known.env === env) return known.result;
  const result = readResult(state, env);
  results.set(state, { env, result });
  return result;
}

function readResult(state: T40State, env: Env): T40Result | null {
  const stop = stopAt(env);
  const black = rowTotal(state.black);
  const red = rowTotal(state.red);
  if (black < stop || red < stop) return null;
  const winner = black === red ? null : black < red ? 'black' : 'red';
  const firstColour = isRed(state.black[0]) ? 'red' : 'black';
  return { black, red, winner, refait: black === red && black === env.rulebook.refaitTotal.value, colourWins: winner ? winner === firstColour : null };
}

const wins = (chance: T40Chance, r: T40Result): boolean =>
  chance === 'black' || chance === 'red' ? r.winner === chance : (chance === 'colour') === r.colourWins;

// ---- judging -------------------------------------------------------------------------------

function refuse(fact: Fact, env: Env): Refusal | null {
  if (fact.type !== 'CardDealt') return null;
  const c = parseCard(String(fact.data.card));
  if (!c || isJoker(c)) return { field: 'data.card', reason: `${fact.data.card} is not a card of a 52-card deck (${env.rulebook.decks.cite})` };
  if (fact.data.to !== 'black' && fact.data.to !== 'red') return { field: 'data.to', reason: `"${fact.data.to}" is not a trente-et-quarante row (black, red)` };
  return null;
}

function judgeFact(before: T40State, fact: Fact, env: Env): Finding[] {
  const rb = env.rulebook;
  const shoe = env.ctx.shoe;
  if (fact.type === 'RoundStarted' && shoe && shoe.decks > rb.decks.value) {
    return [
      finding({
        code: 'CARD_COUNT_EXCEEDED',
        rule: 'shoe-decks',
        citation: rb.decks.cite,
        message: `a shoe of ${shoe.decks} decks; the regulation's holds ${rb.decks.value}`,
        messagePhrase: phrase('finding.shoeDecks', { decks: shoe.decks, due: rb.decks.value }),
        expected: rb.decks.value,
        recorded: shoe.decks,
      }),
    ];
  }
  if (fact.type !== 'CardDealt') return [];
  const stop = stopAt(env);
  const cite = optionCite(env, 'rowStopsAt');
  const black = rowTotal(before.black);
  const red = rowTotal(before.red);
  if (fact.data.to === 'black' && black >= stop)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'row-draw',
        citation: cite,
        message: `the black row has ${black}: it stops at ${stop} or more`,
        messagePhrase: phrase('finding.t40.rowFull', { row: 'black', total: black, stop }),
        expected: 'no card',
        recorded: 'card to black',
      }),
    ];
  if (fact.data.to === 'red' && black < stop)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'row-order',
        citation: rb.rowOrder.cite,
        message: `a card to the red row while the black row has ${black}: black is dealt first, until ${stop}`,
        messagePhrase: phrase('finding.t40.rowOrder', { black, stop }),
        expected: 'card to black',
        recorded: 'card to red',
      }),
    ];
  if (fact.data.to === 'red' && red >= stop)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'row-draw',
        citation: cite,
        message: `the red row has ${red}: it stops at ${stop} or more`,
        messagePhrase: phrase('finding.t40.rowFull', { row: 'red', total: red, stop }),
        expected: 'no card',
        recorded: 'card to red',
      }),
    ];
  return [];
}

/**
 * The red card stands before the shoe's last five cards; its appearance annuls the coup in progress
 * (euskadi L3033–3038). A coup completed although a card behind the red card was dealt in it should have
 * been voided. Judged where the shoe's cut position is recorded (`ShoeStarted.cutCardPosition`); a coup
 * begun after the red card came out is the session judge's (`judgeCoupAfterCut`, coupsAfterCut 0).
 */
function judgeRedCard(state: T40State, env: Env): Finding[] {
  const shoe = env.ctx.shoe as ShoeInPlay | undefined;
  if (!shoe || shoe.cutCardPosition === undefined) return [];
  const before = shoe.cardsDealt ?? Object.values(shoe.dealt).reduce((t, n) => t + n, 0);
  const after = before + state.black.length + state.red.length;
  if (before > shoe.cutCardPosition || after <= shoe.cutCardPosition) return [];
  const cite = env.rulebook.redCardBeforeLast.cite;
  return [
    finding({
      code: 'DRAW_RULE_VIOLATION',
      rule: 'red-card',
      citation: cite,
      message: `the red card came out in this coup (before card ${shoe.cutCardPosition + 1} of shoe ${shoe.shoeId}): the coup in progress is annulled, its bets returned, and the shoe ends`,
      messagePhrase: phrase('finding.t40.redCard', { card: shoe.cutCardPosition + 1, shoe: shoe.shoeId }),
      expected: 'RoundVoided when the red card appears',
      recorded: `${after - shoe.cutCardPosition} card(s) dealt behind the red card and the coup completed`,
    }),
  ];
}

/** The shoe the texts require: six decks, the red card before the last five, no coup once it has appeared. */
function shoeRules(env: Env): ShoeRules {
  const rb = env.rulebook;
  return {
    decks: cited([rb.decks.value], rb.decks.cite),
    cardsBehindCut: cited({ exactly: rb.redCardBeforeLast.value }, rb.redCardBeforeLast.cite),
    // stricter than "the coup in which it came out is the last": that coup is annulled (judgeRedCard)
    coupsAfterCut: cited(0, rb.redCardBeforeLast.cite),
  };
}

function judgeEnd(state: T40State, env: Env): Finding[] {
  const out: Finding[] = [...judgeRedCard(state, env)];
  const stop = stopAt(env);
  for (const row of ['black', 'red'] as const) {
    const total = rowTotal(state[row]);
    if (total < stop)
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'row-draw',
          citation: optionCite(env, 'rowStopsAt'),
          message: `the ${row} row stopped at ${total}: it is dealt until ${stop}`,
          messagePhrase: phrase('finding.t40.rowShort', { row, total, stop }),
          expected: `≥ ${stop}`,
          recorded: total,
        }),
      );
  }
  // every imprisoned bet is played again on the next coup (roulette zero rules, euskadi L2943–2946)
  const carried = env.ctx.carried as T40Carried | undefined;
  const replaced = new Set(state.bets.map(prisonOf).filter((p): p is string => !!p));
  for (const [betId, p] of Object.entries(carried?.prison ?? {})) {
    if (!replaced.has(betId)) {
      out.push(
        finding({
          code: 'UNSETTLED_BET',
          rule: 'prison',
          citation: env.rulebook.refaitTotal.cite,
          message: `imprisoned ${p.betType} bet ${betId} (${p.amount}) was not carried into this coup`,
          messagePhrase: phrase('finding.t40.prisonDropped', { betType: term('betType', p.betType), bet: betId, amount: amount(p.amount) }),
          expected: 'the bet in play',
          recorded: null,
          betId,
        }),
      );
    }
  }
  return out;
}

function judgeBet(bet: Bet, state: T40State, env: Env): Finding[] {
  const rb = env.rulebook;
  const insurance = env.options.insuranceAllowed !== false;
  if (!isChance(bet.betType) && !(bet.betType === 'insurance' && insurance)) {
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'bet-types',
        citation: rb.chancePays.cite,
        message: `${bet.betType} is not a trente-et-quarante bet (${[...T40_BETS, ...(insurance ? ['insurance'] : [])].join(', ')})`,
        messagePhrase: phrase('finding.t40.notABet', {
          betType: term('betType', bet.betType),
          offered: [...T40_BETS, ...(insurance ? ['insurance'] : [])].join(', '),
        }),
        expected: T40_BETS,
        recorded: bet.betType,
        betId: bet.betId,
      }),
    ];
  }
  const prison = prisonOf(bet);
  if (prison) {
    const held = (env.ctx.carried as T40Carried | undefined)?.prison?.[prison];
    if (!held || held.betType !== bet.betType || held.amount !== bet.amount) {
      return [
        finding({
          code: 'BET_NOT_ALLOWED',
          rule: 'prison',
          citation: rb.refaitTotal.cite,
          message: `bet ${bet.betId} claims to be imprisoned bet ${prison}, which is not in prison as ${bet.betType} ${bet.amount}`,
          messagePhrase: phrase('finding.t40.notInPrison', { bet: bet.betId, prison, betType: term('betType', bet.betType), amount: amount(bet.amount) }),
          expected: held ?? 'no such bet in prison',
          recorded: { betType: bet.betType, amount: bet.amount },
          betId: bet.betId,
        }),
      ];
    }
  }
  if (bet.betType !== 'insurance') return [];
  const cite = optionCite(env, 'insuranceRate');
  const insured = state.bets.find((b) => b.betId === String(bet.selection));
  if (!insured || !isChance(insured.betType) || prisonOf(insured)) {
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'insurance',
        citation: cite,
        message: `insurance ${bet.betId} names no fresh bet of this coup (${JSON.stringify(bet.selection)})`,
        messagePhrase: phrase('finding.t40.insuranceNoBet', { bet: bet.betId }),
        expected: 'a red, black, colour or inverse bet of this coup',
        recorded: bet.selection,
        betId: bet.betId,
      }),
    ];
  }
  if (state.bets.some((b) => b.betType === 'insurance' && String(b.selection) === insured.betId)) {
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'insurance',
        citation: cite,
        message: `bet ${insured.betId} is already insured`,
        messagePhrase: phrase('finding.t40.insuredTwice', { bet: insured.betId }),
        expected: 'one insurance',
        recorded: 'two',
        betId: bet.betId,
      }),
    ];
  }
  const premium = insurancePremium(insured.amount, env);
  if (premium !== bet.amount) {
    return [
      finding({
        code: 'COMMISSION_MISMATCH',
        rule: 'insurance-premium',
        citation: cite,
        message: `the insurance premium on ${insured.amount} is ${Number(env.options.insuranceRate) * 100} % = ${premium}`,
        messagePhrase: phrase('finding.t40.premium', {
          stake: amount(insured.amount),
          percent: Number(env.options.insuranceRate) * 100,
          premium: amount(premium),
        }),
        expected: premium,
        recorded: bet.amount,
        betId: bet.betId,
      }),
    ];
  }
  return [];
}

export const insurancePremium = (stake: number, env: Env) => applyRate(stake, Number(env.options.insuranceRate ?? 0.01), chipUnit(env.ctx));

export function maximumFor(betType: string, env: Env): LimitCheck | undefined {
  const limits = env.ctx.limits;
  const typed = limits[betType];
  if (typeof typed === 'number') return { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${betType}` };
  const cap = env.rulebook.maxMultipleOfMin.value * limits.min;
  return limits.max <= cap
    ? { amount: limits.max, rule: `${GAME}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' }
    : { amount: cap, rule: `${GAME}/maximum-multiple`, citation: env.rulebook.maxMultipleOfMin.cite };
}

/**
 * The opening: a table maximum above the multiple of the minimum the text allows (euskadi 50 ×, the others
 * 1,000 ×), or a declared per-chance maximum above it — the judge lets a declared maximum win, so it is flagged
 * here. A maximum below the multiple is not ("será igual a 1.000 veces" read as the ceiling: a lower maximum
 * costs no player anything).
 */
function judgeOpening(opening: SessionOpening, env: Env): Finding[] {
  const rb = env.rulebook;
  const { min } = opening.limits;
  const cap = rb.maxMultipleOfMin.value * min;
  const findings: Finding[] = [];
  for (const [key, declared] of Object.entries(opening.limits)) {
    if (key === 'min' || typeof declared !== 'number' || (key !== 'max' && !isChance(key)) || declared <= cap) continue;
    findings.push({
      ...finding({
        code: 'SESSION_RULE_VIOLATION',
        rule: 'maximum-multiple',
        citation: rb.maxMultipleOfMin.cite,
        message: `the table declares a ${key === 'max' ? 'table' : key} maximum of ${declared}, above ${rb.maxMultipleOfMin.value} × its minimum ${min} (${cap})`,
        messagePhrase: phrase('finding.declaredAboveMultiple', {
          betType: key === 'max' ? 'table' : term('betType', key),
          declared: amount(declared),
          multiple: rb.maxMultipleOfMin.value,
          min: amount(min),
          cap: amount(cap),
        }),
        expected: cap,
        recorded: declared,
      }),
      eventId: opening.eventId,
    });
  }
  return findings;
}

function betLimits(bet: Bet, env: Env): { min?: LimitCheck; max?: LimitCheck } {
  // the premium is not a stake; an imprisoned bet keeps its (possibly halved) value (euskadi L740–741 by reference)
  if (bet.betType === 'insurance')
    return { min: undefined, max: { amount: Number.MAX_SAFE_INTEGER, rule: `${GAME}/insurance-premium`, citation: optionCite(env, 'insuranceRate') } };
  if (prisonOf(bet)) return { min: undefined, max: maximumFor(bet.betType, env) };
  return {
    min: { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' },
    max: maximumFor(bet.betType, env),
  };
}

// ---- settlement ----------------------------------------------------------------------------

const describeResult = (r: T40Result) => `black ${r.black}, red ${r.red}`;
const resultPhrase = (r: T40Result) => phrase('t40.result', { black: r.black, red: r.red });

function settle(state: T40State, query: SettlementQuery, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const bet = query.bet;
  if (bet.betType === 'insurance') {
    return expectedSettlement({
      outcome: 'lose',
      payout: 0,
      rule: 'insurance-premium',
      citation: optionCite(env, 'insuranceRate'),
      explanation: "the 1 % insurance premium is the house's: it is not returned (index.md OQ-7)",
      explanationPhrase: phrase('t40.insurancePremium'),
    });
  }
  if (!isChance(bet.betType))
    return expectedSettlement({
      outcome: 'void',
      payout: 0,
      rule: 'bet-types',
      citation: rb.source,
      explanation: `${bet.betType} is not a trente-et-quarante bet: returned`,
      explanationPhrase: phrase('t40.notABet', { betType: term('betType', bet.betType) }),
    });
  const r = coupResult(state, env);
  if (!r) return undecided('both rows are not complete');
  const imprisoned = !!prisonOf(bet);
  if (r.refait) {
    const insured = state.bets.some((b) => b.betType === 'insurance' && String(b.selection) === bet.betId);
    if (insured)
      return expectedSettlement({
        outcome: 'push',
        payout: 0,
        rule: 'refait-insured',
        citation: optionCite(env, 'insuranceRate'),
        explanation: `refait ${describeResult(r)}: the bet was insured, it is returned whole (index.md OQ-7)`,
        explanationPhrase: phrase('t40.refaitInsured', { result: resultPhrase(r) }),
      });
    // the player's option, as for the roulette zero: half back, or the whole bet into prison (never on the session's last coup)
    if (query.recorded?.outcome === 'prison' && !env.ctx.lastRoundOfSession) {
      return expectedSettlement({
        outcome: 'prison',
        payout: 0,
        rule: 'refait',
        citation: rb.refaitTotal.cite,
        explanation: `refait ${describeResult(r)}: the bet goes into prison${imprisoned ? ' again, at half its value' : ''}`,
        explanationPhrase: phrase('t40.refaitPrison', { result: resultPhrase(r), again: imprisoned ? 'yes' : 'no' }),
      });
    }
    return expectedSettlement({
      outcome: 'half-lost',
      payout: 0,
      rule: 'refait',
      citation: rb.refaitTotal.cite,
      explanation: `refait ${describeResult(r)}: half the bet is lost, half returned`,
      explanationPhrase: phrase('t40.refaitHalf', { result: resultPhrase(r) }),
    });
  }
  if (!r.winner) {
    if (imprisoned)
      return expectedSettlement({
        outcome: 'prison',
        payout: 0,
        rule: 'prison',
        citation: rb.refaitTotal.cite,
        explanation: `tie ${describeResult(r)}: the coup is void, the bet stays in prison`,
        explanationPhrase: phrase('t40.tiePrison', { result: resultPhrase(r) }),
      });
    return expectedSettlement({
      outcome: 'push',
      payout: 0,
      rule: 'tie',
      citation: rb.refaitTotal.cite,
      explanation: `tie ${describeResult(r)}: the coup is void, the bet is returned`,
      explanationPhrase: phrase('t40.tie', { result: resultPhrase(r) }),
    });
  }
  const chance = bet.betType;
  const what =
    chance === 'colour' || chance === 'inverse' ? `${r.colourWins ? 'colour' : 'inverse'} wins (first black card ${state.black[0].code})` : `${r.winner} wins`;
  const whatPhrase =
    chance === 'colour' || chance === 'inverse'
      ? phrase('t40.colourWins', { side: term('betType', r.colourWins ? 'colour' : 'inverse'), card: state.black[0].code })
      : phrase('t40.rowWins', { winner: term('betType', r.winner) });
  if (wins(chance, r)) {
    if (imprisoned)
      return expectedSettlement({
        outcome: 'push',
        payout: 0,
        rule: 'prison',
        citation: rb.refaitTotal.cite,
        explanation: `${describeResult(r)}: ${what}; the imprisoned bet is freed, returned without payout`,
        explanationPhrase: phrase('t40.freed', { result: resultPhrase(r), what: whatPhrase }),
      });
    return expectedSettlement({
      outcome: 'win',
      payout: roundDownTo(bet.amount * rb.chancePays.value, 1),
      rule: 'chance',
      citation: rb.chancePays.cite,
      explanation: `${describeResult(r)}: ${what}; pays 1:1`,
      explanationPhrase: phrase('t40.wins', { result: resultPhrase(r), what: whatPhrase }),
    });
  }
  return expectedSettlement({
    outcome: 'lose',
    payout: 0,
    rule: 'chance',
    citation: rb.chancePays.cite,
    explanation: `${describeResult(r)}: ${what}; ${chance} loses`,
    explanationPhrase: phrase('t40.loses', { result: resultPhrase(r), what: whatPhrase, chance: term('betType', chance) }),
  });
}

// ---- carried state -------------------------------------------------------------------------

function carry(carried: unknown, fact: Fact, env: Env): T40Carried {
  const c = (carried as T40Carried | undefined) ?? { prison: {}, round: {} };
  const d = fact.data ?? {};
  switch (fact.type) {
    case 'RoundStarted':
      return { ...c, round: {}, rows: { black: 0, red: 0 } };
    case 'CardDealt': {
      const card = parseCard(String(d.card));
      const rows = c.rows ?? { black: 0, red: 0 };
      if (!card || (d.to !== 'black' && d.to !== 'red')) return c;
      return { ...c, rows: { ...rows, [d.to]: rows[d.to as 'black' | 'red'] + pipValue(card) } };
    }
    case 'BetPlaced': {
      const bet = { betId: String(d.betId), betType: String(d.betType), amount: Number(d.amount), selection: d.selection, seat: d.seat };
      const prison = { ...c.prison };
      const from = prisonOf(bet);
      if (from) delete prison[from];
      return { prison, round: { ...c.round, [bet.betId]: bet } };
    }
    case 'BetSettled': {
      const bet = c.round[String(d.betId)];
      if (!bet || d.outcome !== 'prison') return c;
      // an imprisoned bet caught by a second refait loses half its value (roulette zero rules, euskadi L736–739)
      const refait = !!c.rows && c.rows.black === c.rows.red && c.rows.black === env.rulebook.refaitTotal.value;
      const amount = prisonOf(bet) && refait ? roundDownTo(bet.amount / 2, chipUnit(env.ctx)) : bet.amount;
      return { ...c, prison: { ...c.prison, [bet.betId]: { betType: bet.betType, amount, seat: bet.seat } } };
    }
    case 'RoundVoided': {
      // a voided coup puts its imprisoned bets back where they were
      const prison = { ...c.prison };
      for (const bet of Object.values(c.round)) {
        const from = prisonOf(bet);
        if (from) prison[from] = { betType: bet.betType, amount: bet.amount, seat: bet.seat };
      }
      return { ...c, prison };
    }
    default:
      return c;
  }
}

// ---- the croupier --------------------------------------------------------------------------

interface T40Memory {
  shoe?: string[];
  shoeNo?: number;
  carried?: T40Carried;
}

function play(ctx: PlayContext<TrenteEtQuaranteRulebook>): PlayedFact[] {
  const env = ctx.env;
  const rb = env.rulebook;
  const memory = ctx.memory as T40Memory;
  const r = ctx.random;
  const unit = chipUnit(env.ctx);
  const reserve = rb.redCardBeforeLast.value;
  const out: PlayedFact[] = [];
  // coups go on until the red card comes out; the coup it interrupts is annulled and a new shoe begins
  if (!memory.shoe || memory.shoe.length <= reserve) {
    memory.shoeNo = (memory.shoeNo ?? 0) + 1;
    memory.shoe = shuffle(shoeCards(DECK_52, rb.decks.value), seededRandom(Math.floor(r() * 2 ** 32)));
    out.push({
      type: 'ShoeStarted',
      data: {
        sessionId: ctx.sessionId,
        shoeId: `${ctx.sessionId}-shoe-${memory.shoeNo}`,
        decks: rb.decks.value,
        cutCardPosition: memory.shoe.length - reserve,
      },
    });
  }
  const shoe = memory.shoe;
  const roundEnv: Env = { ...env, ctx: { ...env.ctx, carried: memory.carried } };
  const k = new Croupier<T40State>(
    rules.initialState(roundEnv),
    (s, f) => {
      memory.carried = carry(memory.carried, f, roundEnv);
      return rules.evolve(s, f, roundEnv);
    },
    { sessionId: ctx.sessionId, roundId: ctx.roundId },
  );
  const prisonBefore = { ...(memory.carried?.prison ?? {}) };
  let betNo = 0;
  const place = (seat: unknown, betType: string, amount: number, selection?: unknown) => {
    if (amount <= 0) return null;
    const betId = `${ctx.roundId}-b${++betNo}`;
    k.emit('BetPlaced', { betId, seat, betType, amount, ...(selection !== undefined ? { selection } : {}) });
    return betId;
  };

  k.emit('RoundStarted', {});
  for (const [from, p] of Object.entries(prisonBefore)) place(p.seat ?? 1, p.betType, p.amount, { prison: from });
  const max = maximumFor('black', roundEnv)!.amount;
  for (const seat of ctx.seats) {
    const n = 1 + Math.floor(r() * 2);
    for (let i = 0; i < n; i++) {
      const betType = T40_BETS[Math.floor(r() * T40_BETS.length)];
      const amount = chipsBetween(r, env.ctx.limits.min, max, unit);
      const betId = place(seat, betType, amount);
      const premium = insurancePremium(amount, roundEnv);
      if (betId && env.options.insuranceAllowed !== false && premium > 0 && r() < 0.3) place(seat, 'insurance', premium, betId);
    }
  }
  k.emit('BetsClosed', {});
  const stop = stopAt(roundEnv);
  for (const row of ['black', 'red'] as const) {
    while (rowTotal(k.state[row]) < stop) {
      // the red card before the last cards: the coup in progress is annulled (euskadi L3033–3038)
      if (shoe.length <= reserve) {
        k.emit('RoundVoided', { reason: 'the red card appeared: the coup is annulled', decidedBy: 'croupier' });
        memory.shoe = undefined;
        return [...out, ...k.facts];
      }
      k.emit('CardDealt', { card: shoe.shift()!, to: row, faceUp: true });
    }
  }
  const result = coupResult(k.state, roundEnv)!;
  for (const b of k.state.bets) {
    const bet: Bet = { ...b, eventId: '', late: false };
    const choice = result.refait && r() < 0.5 ? { outcome: 'prison', payout: 0 } : undefined;
    const v = settle(k.state, { bet, recorded: choice }, roundEnv) as ExpectedSettlement;
    k.emit('BetSettled', { betId: b.betId, outcome: v.outcome, payout: v.payout });
  }
  k.emit('RoundCompleted', {});
  return [...out, ...k.facts];
}

export const rules: GameRules<T40State, TrenteEtQuaranteRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks,
  deck: () => DECK_52,
  refuse,
  carry,
  initialState: () => ({ black: [], red: [], bets: [] }),
  evolve: (state, fact) => {
    const d = fact.data ?? {};
    if (fact.type === 'BetPlaced')
      return { ...state, bets: [...state.bets, { betId: String(d.betId), betType: String(d.betType), amount: Number(d.amount), selection: d.selection }] };
    if (fact.type !== 'CardDealt') return state;
    const c = parseCard(String(d.card));
    if (!c || (d.to !== 'black' && d.to !== 'red')) return state;
    return d.to === 'black' ? { ...state, black: [...state.black, c] } : { ...state, red: [...state.red, c] };
  },
  judgeFact,
  judgeBet,
  betLimits,
  settle,
  isDecided: (state, env) => coupResult(state, env) !== null || (state.black.length > 0 && state.red.length > 0),
  judgeEnd,
  shoeRules,
  judgeOpening,
  houseEdges: (env) => exactT40Edges(rules, env),
  roundOutcomes: t40RoundOutcomes,
  describe: (state, env) => {
    const r = coupResult(state, env);
    return {
      black: { cards: state.black.map((c) => c.code), total: rowTotal(state.black) },
      red: { cards: state.red.map((c) => c.code), total: rowTotal(state.red) },
      ...(r ? { winner: r.winner, colour: r.colourWins === null ? null : r.colourWins ? 'colour' : 'inverse', refait: r.refait } : {}),
    };
  },
  narrate: (fact, _before, after) =>
    fact.type === 'CardDealt' && (fact.data.to === 'black' || fact.data.to === 'red')
      ? `${fact.data.card} to the ${fact.data.to} row: ${rowTotal(after[fact.data.to as 'black' | 'red'])}`
      : undefined,
  play,
};
