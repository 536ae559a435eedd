/**
 * Banca francesa: one round is one coup, from the bets to the throw that decides a chance. A total that
 * is no chance (4, 8–13, 17, 18) decides nothing: the bets stay and the croupier throws again, so a
 * round may hold several `DiceThrown` (docs/decisions/open-questions.md#oq-16, option `otherTotals`).
 */
import {
  allThrows,
  betsOf,
  coupEdge,
  DICE_FACT_TYPES,
  THROW_VOIDED,
  voidWithoutThrow,
  diceText,
  diceTotal,
  loses,
  throwPhrase,
  thrownSaid,
  payRatio,
  pick,
  pickStake,
  ratioText,
  refuseDiceThrown,
  rollDice,
  RoundRecorder,
  winAt,
} from '../../core/dice';
import type { GameRules, LimitCheck, PlayContext, PlayedFact, RoundEnv, SessionOpening } from '../../core/game';
import { optionCite } from '../../core/game';
import { declaredAboveCap } from '../../core/session-rules';
import type { BetEdge } from '../../core/house-edge';
import type { Finding, SettlementVerdict } from '../../core/types';
import { findingsOf, undecided } from '../../core/findings';
import { amount, phrase, said, term, type Phrase, type Said } from '../../core/phrase';
import { BancaChance, rulebooks, BancaFrancesaRulebook, OtherTotals } from './rulebook';

const GAME = 'banca-francesa';
const { finding, expectedSettlement } = findingsOf(GAME);
const CHANCES: readonly BancaChance[] = ['ases', 'pequeno', 'grande'];
/** line bets play half on a chance (cantabria L1877–1889) */
const LINE_BETS: Readonly<Record<string, BancaChance>> = { 'a-pequeno': 'pequeno', 'a-grande': 'grande' };
export const BANCA_BET_TYPES = [...CHANCES, ...Object.keys(LINE_BETS)] as const;

type Env = RoundEnv<BancaFrancesaRulebook>;
/** what decided the coup: a chance, or (option otherTotals = "lose") no chance, every bet losing */
export type BancaDecision = BancaChance | 'no-chance';

export interface BancaState {
  readonly throws: readonly (readonly number[])[];
  /** index of the throw that decided the coup, null while undecided */
  readonly decidedAt: number | null;
  readonly decision: BancaDecision | null;
}

/** The chance a total makes, or null for a total that is none of them. */
export function chanceOf(total: number, rulebook: BancaFrancesaRulebook): BancaChance | null {
  return CHANCES.find((c) => rulebook.chances[c].value.includes(total)) ?? null;
}

const otherTotals = (env: Env): OtherTotals => (env.options.otherTotals as OtherTotals) ?? 'no-decision';

function decisionOf(dice: readonly number[], env: Env): BancaDecision | null {
  const chance = chanceOf(diceTotal(dice), env.rulebook);
  if (chance) return chance;
  return otherTotals(env) === 'lose' ? 'no-chance' : null;
}

const chanceOfBet = (betType: string): BancaChance | undefined =>
  (CHANCES as readonly string[]).includes(betType) ? (betType as BancaChance) : LINE_BETS[betType];

/** The regulatory maximum of a chance: 200 × min for pequeño/grande, 6 × min for ases, capped by the table maximum. */
function chanceMaximum(chance: BancaChance, env: Env): LimitCheck {
  const typed = env.ctx.limits[chance];
  if (typeof typed === 'number') return { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${chance}` };
  const multiple = chance === 'ases' ? env.rulebook.maxima.ases : env.rulebook.maxima.pequenoGrande;
  return {
    amount: Math.min(env.ctx.limits.max, multiple.value * env.ctx.limits.min),
    rule: `${GAME}/${chance === 'ases' ? 'ases' : 'chance'}-maximum`,
    citation: multiple.cite,
  };
}

/**
 * The opening: a declared per-bet maximum above what the text allows for that bet (200 × the minimum on pequeño and
 * grande, 6 × on the ases, twice those on the line bets, L1885–1889, L1921–1924). The judge lets a declared maximum
 * win, so one above the regulation would widen it silently.
 */
function judgeBancaOpening(opening: SessionOpening, env: Env): Finding[] {
  const regulated: Env = { ...env, ctx: { ...env.ctx, limits: { min: opening.limits.min, max: opening.limits.max } } };
  const findings: Finding[] = [];
  for (const [betType, declared] of Object.entries(opening.limits)) {
    if (!chanceOfBet(betType) || typeof declared !== 'number') continue;
    const cap = rules.betLimits!({ betId: '', betType, amount: 0, eventId: '', late: false }, regulated).max!;
    const above = declaredAboveCap(opening, betType, declared, cap, `with a minimum of ${opening.limits.min}`);
    if (above) findings.push(above);
  }
  return findings;
}

/** 1,000 chips: an even stake, so that a line bet's half that plays is whole */
const EDGE_STAKE_CHIPS = 1000;

/**
 * Every bet of the rulebook valued over the 216 throws of the terna through `settle` (issue 14 §5); a total
 * that makes no chance is thrown again (option otherTotals "no-decision", docs/decisions/open-questions.md#oq-16), so the figure is
 * per coup, as the published "if ties are ignored".
 */
function bancaHouseEdges(env: Env): readonly BetEdge[] {
  const amount = EDGE_STAKE_CHIPS * (env.ctx.smallestChip || 1);
  const settings = { otherTotals: otherTotals(env) };
  return BANCA_BET_TYPES.map((betType) => coupEdge(rules, env, { betId: 'valued', betType, amount }, env.rulebook.dice.value, { settings }));
}

export const rules: GameRules<BancaState, BancaFrancesaRulebook> = {
  game: GAME,
  family: 'dice',
  rulebooks: rulebooks,
  factTypes: DICE_FACT_TYPES,

  refuseOptions(options) {
    if (options.otherTotals !== undefined && !['no-decision', 'lose'].includes(String(options.otherTotals))) {
      return { field: 'options.otherTotals', reason: '"no-decision" or "lose" (index.md OQ-16)' };
    }
    return null;
  },

  refuse(fact, env) {
    return refuseDiceThrown(fact, env.rulebook.dice.value);
  },

  initialState: () => ({ throws: [], decidedAt: null, decision: null }),

  evolve(state, fact, env) {
    if (fact.type === THROW_VOIDED) {
      // a void throw (cantabria L1847–1863) counts for nothing, even when its total made a chance
      const throws = state.throws.slice(0, -1);
      return state.decidedAt === throws.length ? { throws, decision: null, decidedAt: null } : { ...state, throws };
    }
    if (fact.type !== 'DiceThrown') return state;
    const dice = fact.data.dice as number[];
    const throws = [...state.throws, dice];
    if (state.decision !== null) return { ...state, throws };
    const decision = decisionOf(dice, env);
    return { throws, decision, decidedAt: decision ? throws.length - 1 : null };
  },

  judgeFact(before, fact, env) {
    if (fact.type === THROW_VOIDED && before.throws.length === 0) return [voidWithoutThrow(GAME, 'cantabria L1847–1863')];
    if (fact.type !== 'DiceThrown' || before.decidedAt === null) return [];
    const deciding = before.throws[before.decidedAt];
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        expected: 'no further throw: the coup was decided',
        recorded: fact.data.dice,
        rule: 'throw-again',
        citation: before.decision === 'no-chance' ? optionCite(env, 'otherTotals') : env.rulebook.chances[before.decision!].cite,
        message: `the coup was decided by ${diceText(deciding)} (${before.decision}); a further throw was made`,
        messagePhrase: phrase('finding.dice.throwAfterDecided', { dice: diceText(deciding), decision: term('betType', before.decision) }),
      }),
    ];
  },

  judgeBet(bet) {
    if (chanceOfBet(bet.betType)) return [];
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        betId: bet.betId,
        expected: BANCA_BET_TYPES,
        recorded: bet.betType,
        rule: 'bet-types',
        citation: 'cantabria L1865–1889',
        message: `banca francesa has no "${bet.betType}" bet (ases, pequeño, grande and the line bets only)`,
        messagePhrase: phrase('finding.bancaFrancesa.noSuchBet', { betType: bet.betType }),
      }),
    ];
  },

  betLimits(bet, env) {
    const chance = chanceOfBet(bet.betType);
    const generic = { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
    if (!chance) return { min: generic };
    const typed = env.ctx.limits[bet.betType];
    if (!LINE_BETS[bet.betType]) {
      return { min: generic, max: chanceMaximum(chance, env) };
    }
    const line = env.rulebook.lineBets;
    return {
      min: { amount: line.minTimesTableMin.value * env.ctx.limits.min, rule: `${GAME}/line-bet-minimum`, citation: line.minTimesTableMin.cite },
      max:
        typeof typed === 'number'
          ? { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` }
          : {
              amount: line.maxTimesChanceMax.value * chanceMaximum(chance, env).amount,
              rule: `${GAME}/line-bet-maximum`,
              citation: line.maxTimesChanceMax.cite,
            },
    };
  },

  settle(state, { bet }, env): SettlementVerdict {
    const chance = chanceOfBet(bet.betType);
    if (state.decision === null) {
      return undecided(`no throw has decided the coup yet (${state.throws.length} throw(s) without a chance)`);
    }
    const dice = state.throws[state.decidedAt!];
    const rule = `${GAME}/${bet.betType}`;
    if (!chance) {
      return expectedSettlement({
        outcome: 'void',
        payout: 0,
        rule: 'bet-types',
        citation: 'cantabria L1865–1889',
        explanation: `"${bet.betType}" is not a banca francesa bet: returned`,
        explanationPhrase: phrase('bancaFrancesa.notABet', { betType: bet.betType }),
      });
    }
    const line = LINE_BETS[bet.betType] !== undefined;
    const cite = line ? `${env.rulebook.payouts[chance].cite}; ${env.rulebook.lineBets.plays.cite}` : env.rulebook.payouts[chance].cite;
    const won = state.decision === chance;
    // the throw and the chance it makes (cantabria L1868–1875), in English and as a phrase (issue 16); a losing bet's chance named after it
    const coup = (text: string) =>
      said(text, 'bancaFrancesa.coup', {
        dice: throwPhrase(dice),
        none: state.decision === 'no-chance' ? 'yes' : 'no',
        chance: term('betType', state.decision),
        lost: won ? 'no' : 'yes',
        bet: term('betType', chance),
      });
    const why = `${diceText(dice)} is ${state.decision === 'no-chance' ? 'no chance' : state.decision}`;
    if (line) {
      // a line bet plays half its chips: the other half is neither paid nor taken (cantabria L1885–1887)
      const playing = Math.floor(bet.amount * env.rulebook.lineBets.plays.value);
      const lineBet = { bet: term('betType', bet.betType), playing: amount(playing) };
      if (won) {
        const payout = payRatio(playing, env.rulebook.payouts[chance].value, env.ctx.smallestChip);
        const odds = ratioText(env.rulebook.payouts[chance].value);
        return expectedSettlement({
          outcome: 'win',
          payout,
          rule: bet.betType,
          citation: cite,
          explanation: `${why}: the line bet plays half (${playing}) on ${chance} at ${odds} = ${payout}`,
          explanationPhrase: phrase('dice.because', {
            why: coup(why).phrase,
            then: phrase('bancaFrancesa.halfPlays', { ...lineBet, chance: term('betType', chance), odds, payout: amount(payout) }),
          }),
        });
      }
      return expectedSettlement({
        outcome: 'half-lost',
        payout: 0,
        rule: bet.betType,
        citation: cite,
        explanation: `${why}: the line bet loses the half that plays (${playing}); the other half is returned`,
        explanationPhrase: phrase('dice.because', { why: coup(why).phrase, then: phrase('bancaFrancesa.halfLost', lineBet) }),
      });
    }
    if (won) return winAt(bet.amount, env.rulebook.payouts[chance], env.ctx.smallestChip, { rule, why: coup(why) });
    const lossCite = state.decision === 'no-chance' ? optionCite(env, 'otherTotals') : env.rulebook.chances[chance].cite;
    return loses({ rule, citation: lossCite, why: coup(`${why}, not ${chance}`) });
  },

  isDecided: (state) => state.decision !== null,

  houseEdges: bancaHouseEdges,
  // the throws that decide a coup, each as likely (a total that decides nothing is thrown again): a coup's bets
  // weighed together (core/round-moments.ts, issue 21)
  roundOutcomes: (env) => ({
    env,
    outcomes: allThrows(env.rulebook.dice.value)
      .filter((dice) => decisionOf(dice, env) !== null)
      .map((dice) => ({ weight: 1, facts: [{ eventId: 'round-throw', type: 'DiceThrown', data: { dice } }] })),
  }),

  judgeOpening: judgeBancaOpening,

  describe(state) {
    return {
      throws: state.throws.map((d) => ({ dice: d, total: diceTotal(d) })),
      decision: state.decision,
      decidingThrow: state.decidedAt === null ? null : state.decidedAt + 1,
    };
  },

  narrate(fact, before, after) {
    if (fact.type !== 'DiceThrown') return undefined;
    const dice = fact.data.dice as number[];
    // what the throw does to the coup, in English and as a phrase (issue 16)
    const told = (text: string, then: Phrase): Said => ({ ...thrownSaid(dice, text, then), text: `dice ${diceText(dice)}${text}` });
    if (before.decision !== null) return told(' thrown after the coup was decided', phrase('bancaFrancesa.afterDecided'));
    if (after.decision === null) return told(': no chance, the bets stay and the croupier throws again', phrase('bancaFrancesa.throwAgain'));
    return after.decision === 'no-chance'
      ? told(': no chance, every bet loses', phrase('bancaFrancesa.allLose'))
      : told(`: ${after.decision} wins`, phrase('bancaFrancesa.wins', { chance: term('betType', after.decision) }));
  },

  play(ctx: PlayContext<BancaFrancesaRulebook>): PlayedFact[] {
    const env = ctx.env;
    const r = new RoundRecorder(ctx.sessionId, ctx.roundId);
    const chip = env.ctx.smallestChip;
    r.add('RoundStarted');
    for (const seat of ctx.seats) {
      const count = 1 + Math.floor(ctx.random() * 2);
      for (let i = 0; i < count; i++) {
        const betType = pick(ctx.random, ['pequeno', 'grande', 'pequeno', 'grande', 'ases', 'a-pequeno', 'a-grande'] as const);
        const limits = rules.betLimits!({ betId: '', betType, amount: 0, eventId: '', late: false }, env);
        // line bets play half their chips: stake in pairs of chips so the half is whole
        const step = LINE_BETS[betType] ? 2 * chip : chip;
        const amount = pickStake(ctx.random, limits.min?.amount ?? chip, limits.max?.amount ?? env.ctx.limits.max, step);
        if (amount) r.add('BetPlaced', { betId: r.nextBetId(), seat, betType, amount });
      }
    }
    r.add('BetsClosed');
    let state = rules.initialState(env);
    for (let t = 0; t < 1000 && state.decision === null; t++) {
      r.add('DiceThrown', { dice: rollDice(ctx.random, env.rulebook.dice.value, ctx.bias?.loadedDie) });
      state = rules.evolve(state, r.asFacts()[r.facts.length - 1], env);
    }
    if (state.decision === null) return [...r.add('RoundVoided', { reason: 'no decision in 1000 throws', decidedBy: 'jefe de mesa' }).facts];
    // losers are collected first, starting with ases, then winners paid (cantabria L1891–1913)
    const settlements = betsOf(r.asFacts()).map((bet) => ({ bet, verdict: rules.settle(state, { bet }, env) }));
    const order = (v: SettlementVerdict) => ('outcome' in v && v.outcome === 'win' ? 1 : 0);
    settlements.sort((a, b) => order(a.verdict) - order(b.verdict) || Number(b.bet.betType === 'ases') - Number(a.bet.betType === 'ases'));
    for (const { bet, verdict } of settlements) {
      if ('outcome' in verdict) r.add('BetSettled', { betId: bet.betId, outcome: verdict.outcome, payout: verdict.payout });
    }
    r.add('RoundCompleted');
    return r.facts;
  },
};
