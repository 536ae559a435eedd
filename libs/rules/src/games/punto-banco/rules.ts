/**
 * Punto y banca (incl. mini and midi tables): the house banks, the croupier deals punto and banca
 * by the fixed drawing rules, banker wins pay 1:1 less the commission, the tie pays 8:1 and pushes
 * player and banker bets.
 */
import {
  baccaratShoeRules,
  CoupSpec,
  CoupState,
  compareHands,
  coupClasses,
  describeCoup,
  drawFindings,
  drawFromShoe,
  emptyCoupState,
  endFindings,
  evolveCoup,
  foldPlayed,
  handTotal,
  dealCard,
  pick,
  playCoup,
  randomStake,
  refuseCardFact,
  shoeForCoup,
  twoCardsEach,
} from '../../core/baccarat';
import { DECK_52, parseCard } from '../../core/cards';
import { GameRules, LimitCheck, optionCite, PlayContext, PlayedFact, RoundEnv, SessionOpening } from '../../core/game';
import { backPerUnit, BetEdge, edgeFrom } from '../../core/house-edge';
import { applyRate, chipUnit, payOdds } from '../../core/money';
import { amount, phrase, said, term, type PhraseValue, type Said } from '../../core/phrase';
import { Bet, ExpectedSettlement, Fact, Finding, isUndecided, isUnverifiable, Refusal, SettlementVerdict } from '../../core/types';
import { CommissionMode, rulebooks, PuntoBancoRulebook, TableFormat } from './rulebook';

const GAME = 'punto-banco';
export const BET_TYPES = ['player', 'banker', 'tie'] as const;
type Env = RoundEnv<PuntoBancoRulebook>;
export type PuntoBancoState = CoupState;

/** The house deals to `player` (punto) and `banker` (banca); the banker always follows his table. */
export const PUNTO_BANCO_SPEC = (rulebook: PuntoBancoRulebook): CoupSpec => ({
  puntos: ['player'],
  banker: 'banker',
  puntoRule: rulebook.puntoRule.value,
  bankerTable: rulebook.bankerTable.value,
  bankerMode: 'table',
  naturalEndsCoup: true,
});

const commissionRate = (env: Env): number => Number(env.options.commissionRate);
const commissionMode = (env: Env): CommissionMode => env.options.commissionMode as CommissionMode;
const percent = (rate: number) => `${Math.round(rate * 10000) / 100} %`;

function settleBet(state: PuntoBancoState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const chip = env.ctx.smallestChip;
  const spec = PUNTO_BANCO_SPEC(rb);
  if (!twoCardsEach(state.coup, spec)) return { undecided: true, reason: 'punto and banca do not yet hold two cards each' };
  const player = state.coup.hands.player;
  const banker = state.coup.hands.banker;
  const p = handTotal(player);
  const b = handTotal(banker);
  const result = compareHands(player, banker);
  const score = result === 'tie' ? `player ${p} ties banker ${b}` : result === 'punto' ? `player ${p} beats banker ${b}` : `banker ${b} beats player ${p}`;
  const coup = phrase(`puntoBanco.score.${result}`, { player: p, banker: b });
  // `how` in English and as a phrase of the narrative catalogue (`puntoBanco.how.*`)
  const out = (outcome: ExpectedSettlement['outcome'], payout: number, rule: string, citation: string, how: Said, commission = 0): ExpectedSettlement => ({
    outcome,
    payout,
    commission,
    rule: `${GAME}/${rule}`,
    citation,
    explanation: `${score}: ${bet.betType} bet of ${bet.amount} ${how.text}`,
    explanationPhrase: phrase('puntoBanco.settled', { score: coup, betType: term('betType', bet.betType), stake: amount(bet.amount), how: how.phrase }),
  });
  const how = (text: string, key: string, values?: Record<string, PhraseValue>) => said(text, `puntoBanco.how.${key}`, values);

  switch (bet.betType) {
    case 'player':
      if (result === 'tie') return out('push', 0, 'tie-push', rb.tieOnEvenBets.cite, how('is returned (a tie voids player and banker bets)', 'tieReturns'));
      return result === 'punto'
        ? out(
            'win',
            payOdds(bet.amount, rb.payouts.player.value, chip),
            'player-pays',
            rb.payouts.player.cite,
            how(`pays ${rb.payouts.player.value}:1`, 'pays', { odds: rb.payouts.player.value }),
          )
        : out('lose', 0, 'player-pays', rb.payouts.player.cite, how('loses', 'loses'));
    case 'banker': {
      if (result === 'tie') return out('push', 0, 'tie-push', rb.tieOnEvenBets.cite, how('is returned (a tie voids player and banker bets)', 'tieReturns'));
      if (result === 'punto') return out('lose', 0, 'banker-pays', rb.payouts.banker.cite, how('loses', 'loses'));
      const gross = payOdds(bet.amount, rb.payouts.banker.value, chip);
      const variant = rb.noCommissionVariant;
      if (commissionMode(env) === 'no-commission' && variant) {
        if (b !== variant.value.bankerTotal)
          return out(
            'win',
            gross,
            'no-commission',
            variant.cite,
            how(`pays ${rb.payouts.banker.value}:1 with no commission (no-commission table)`, 'paysNoCommission', { odds: rb.payouts.banker.value }),
          );
        const commission = applyRate(gross, variant.value.deduction, chip);
        return out(
          'win',
          gross - commission,
          'no-commission',
          variant.cite,
          how(
            `pays ${rb.payouts.banker.value}:1 less ${percent(variant.value.deduction)} (banker wins with ${b} on a no-commission table): ${commission} deducted`,
            'paysLessNoCommission',
            { odds: rb.payouts.banker.value, percent: percent(variant.value.deduction), banker: b, commission: amount(commission) },
          ),
          commission,
        );
      }
      const rate = commissionRate(env);
      const commission = applyRate(gross, rate, chip);
      return out(
        'win',
        gross - commission,
        'banker-commission',
        optionCite(env, 'commissionRate'),
        how(`pays ${rb.payouts.banker.value}:1 less ${percent(rate)} commission (${commission})`, 'paysLessCommission', {
          odds: rb.payouts.banker.value,
          percent: percent(rate),
          commission: amount(commission),
        }),
        commission,
      );
    }
    case 'tie':
      return result === 'tie'
        ? out(
            'win',
            payOdds(bet.amount, rb.payouts.tie.value, chip),
            'tie-pays',
            rb.payouts.tie.cite,
            how(`pays ${rb.payouts.tie.value}:1`, 'pays', { odds: rb.payouts.tie.value }),
          )
        : out('lose', 0, 'tie-pays', rb.payouts.tie.cite, how('loses (no tie)', 'losesNoTie'));
    default:
      return out('void', 0, 'bet-types', rb.source, how('is not a bet of punto y banca: it is returned', 'notABet'));
  }
}

function betMaximum(bet: Bet, env: Env): LimitCheck {
  const rb = env.rulebook;
  const limits = env.ctx.limits;
  const typed = limits[bet.betType];
  if (typeof typed === 'number') return { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` };
  const multiple = rb.maxMultipleOfMinimum.value * limits.min;
  let max: LimitCheck =
    multiple < limits.max
      ? { amount: multiple, rule: `${GAME}/maximum-multiple`, citation: rb.maxMultipleOfMinimum.cite }
      : { amount: limits.max, rule: `${GAME}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' };
  if (bet.betType === 'tie' && rb.tieMaxShareOfTableMax) {
    const tieMax = Math.floor(limits.max * rb.tieMaxShareOfTableMax.value);
    if (tieMax < max.amount) max = { amount: tieMax, rule: `${GAME}/tie-maximum`, citation: rb.tieMaxShareOfTableMax.cite };
  }
  return max;
}

/**
 * The coups a full shoe of the rulebook's decks can deal, one state per class of final hands (each hand's
 * total and number of cards: all that a punto y banca settlement reads), built by this game's own
 * `evolve` from the class's representative cards. Memoised per rulebook: the classes and their exact
 * weights do not depend on the session's options, only their settlement does.
 */
const classStates = new WeakMap<PuntoBancoRulebook, Array<{ orderings: number; state: PuntoBancoState }>>();
function coupsOf(env: Env): Array<{ orderings: number; state: PuntoBancoState }> {
  const rb = env.rulebook;
  let states = classStates.get(rb);
  if (!states) {
    const { classes } = coupClasses(PUNTO_BANCO_SPEC(rb), rb.decks.value);
    states = classes.map((c) => ({
      orderings: c.orderings,
      state: c.dealt.reduce(
        (s, [to, code], i) => rules.evolve(s, { eventId: `edge-${i}`, type: 'CardDealt', data: { card: code, to, faceUp: true } }, env),
        rules.initialState(env),
      ),
    }));
    classStates.set(rb, states);
  }
  return states;
}

/** The same classes as the facts that deal them (`roundOutcomes`: a coup's bets weighed together, issue 21). */
const classFacts = new WeakMap<PuntoBancoRulebook, Array<{ weight: number; facts: Fact[] }>>();
function roundOutcomes(env: Env): { env: Env; outcomes: Array<{ weight: number; facts: Fact[] }> } {
  const rb = env.rulebook;
  let outcomes = classFacts.get(rb);
  if (!outcomes) {
    outcomes = coupClasses(PUNTO_BANCO_SPEC(rb), rb.decks.value).classes.map((c) => ({
      weight: c.orderings,
      facts: c.dealt.map(([to, code], i): Fact => ({ eventId: `edge-${i}`, type: 'CardDealt', data: { card: code, to, faceUp: true } })),
    }));
    classFacts.set(rb, outcomes);
  }
  return { env, outcomes };
}

/**
 * Every bet's house edge, exact: the coups of a full shoe of the rulebook's decks, every card ordering
 * counted (without replacement), settled by `settle` under the session's commission rate and mode.
 * The stake is a million chips, so that a commission rounded down to the chip is the rate itself.
 */
function houseEdges(env: Env): BetEdge[] {
  const rb = env.rulebook;
  const chip = chipUnit(env.ctx);
  const stake = 1_000_000 * chip;
  const coups = coupsOf(env);
  const noCommission = commissionMode(env) === 'no-commission' && !!rb.noCommissionVariant;
  const settings = { decks: rb.decks.value, commissionRate: commissionRate(env), commissionMode: commissionMode(env) };
  const citations: Record<(typeof BET_TYPES)[number], string> = {
    player: `${rb.payouts.player.cite}; ${rb.tieOnEvenBets.cite}`,
    banker: `${noCommission ? rb.noCommissionVariant!.cite : optionCite(env, 'commissionRate')}; ${rb.tieOnEvenBets.cite}`,
    tie: rb.payouts.tie.cite,
  };
  return BET_TYPES.map((betType) => {
    const bet: Bet = { betId: `edge-${betType}`, betType, amount: stake, eventId: 'edge', late: false };
    return edgeFrom(
      coups.map((c) => ({ weight: c.orderings, back: backPerUnit(stake, rules.settle(c.state, { bet }, env)) })),
      { betType, method: 'exact-enumeration', citation: citations[betType], settings },
    );
  });
}

/**
 * The table maximum a session opens with, as a multiple of its minimum, against the text: "entre 20 y 100
 * veces" (euskadi L4203–4206, galicia L460: any multiple in the range, docs/decisions/open-questions.md#oq-20), "50 o 100 veces"
 * (cantabria L2061–2063), "25, 50 o 100 vegades" (illes-balears L1301–1303). Bets above 100 × are judged
 * one by one besides; this names a table set up outside what the text allows.
 */
function judgeOpening(opening: SessionOpening, env: Env): Finding[] {
  const { min, max } = opening.limits;
  if (!(min > 0 && max > 0)) return [];
  const allowed = env.rulebook.maxMultiples;
  const multiple = max / min;
  const near = (a: number, b: number) => Math.abs(a - b) < 1e-9;
  const { between, oneOf } = allowed.value;
  const ok = (between ? multiple >= between[0] - 1e-9 && multiple <= between[1] + 1e-9 : false) || (oneOf ?? []).some((m) => near(m, multiple));
  if (ok) return [];
  const expected = between
    ? `a maximum between ${between[0]} and ${between[1]} × the minimum`
    : `a maximum of ${oneOf!.join(', ').replace(/, (\d+)$/, ' or $1')} × the minimum`;
  return [
    {
      code: 'SESSION_RULE_VIOLATION',
      ...(opening.eventId ? { eventId: opening.eventId } : {}),
      expected,
      recorded: `${max} = ${Math.round(multiple * 100) / 100} × the minimum ${min}`,
      rule: `${GAME}/table-maximum`,
      citation: allowed.cite,
      message: `the table opens with a maximum of ${max}, ${Math.round(multiple * 100) / 100} × its minimum of ${min}; the text allows ${expected}`,
      messagePhrase: phrase('finding.puntoBanco.tableMaximum', {
        max: amount(max),
        multiple: Math.round(multiple * 100) / 100,
        min: amount(min),
        allowed: between
          ? phrase('finding.puntoBanco.between', { from: between[0], to: between[1] })
          : phrase('finding.puntoBanco.oneOf', { multiples: oneOf!.join(', ') }),
      }),
    },
  ];
}

export const rules: GameRules<PuntoBancoState, PuntoBancoRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks,
  deck: () => DECK_52,
  shoeRules: (env) => baccaratShoeRules(env.rulebook),

  refuseOptions(options, rulebook) {
    if ('commissionRate' in options) {
      const rate = options.commissionRate;
      const { min, max } = rulebook.commissionRange.value;
      if (typeof rate !== 'number' || !(rate >= min && rate <= max)) {
        return {
          field: 'options.commissionRate',
          reason: `commission must be ${min === max ? percent(max) : `between ${percent(min)} and ${percent(max)}`} in ${rulebook.jurisdiction} (${rulebook.commissionRange.cite}); got ${String(rate)}`,
        };
      }
    }
    if ('commissionMode' in options) {
      const mode = options.commissionMode;
      if (mode !== 'standard' && !(mode === 'no-commission' && rulebook.noCommissionVariant)) {
        return {
          field: 'options.commissionMode',
          reason: `${String(mode)} is not a commission mode of punto y banca in ${rulebook.jurisdiction} (only euskadi L4191–4198 has the no-commission table)`,
        };
      }
    }
    if ('tableFormat' in options && !['full', 'mini', 'midi'].includes(String(options.tableFormat))) {
      return { field: 'options.tableFormat', reason: `tableFormat is full, mini or midi; got ${String(options.tableFormat)}` };
    }
    return null;
  },

  refuse(fact, env): Refusal | null {
    const cardRefusal = refuseCardFact(fact, PUNTO_BANCO_SPEC(env.rulebook));
    if (cardRefusal) return cardRefusal;
    const format = env.options.tableFormat as TableFormat;
    if (fact.type === 'BetPlaced' && format !== 'full') {
      const seats = env.rulebook.seats.value[format];
      const seat = Number(fact.data.seat);
      if (!Number.isInteger(seat) || seat < 1 || seat > seats) {
        return { field: 'data.seat', reason: `a ${format} punto y banca table has seats 1–${seats} (${env.rulebook.seats.cite})` };
      }
    }
    return null;
  },

  initialState: (env) => emptyCoupState(PUNTO_BANCO_SPEC(env.rulebook)),
  evolve: (state, fact, env) => evolveCoup(state, fact, PUNTO_BANCO_SPEC(env.rulebook)),

  judgeFact(before, fact, env): Finding[] {
    if (fact.type !== 'CardDealt' || fact.data.to === 'burn') return [];
    const code = parseCard(String(fact.data.card))?.code;
    if (!code) return [];
    const { violations } = dealCard(before.coup, PUNTO_BANCO_SPEC(env.rulebook), String(fact.data.to), code);
    return drawFindings(GAME, env.rulebook, violations);
  },

  judgeBet(bet, _state, env): Finding[] {
    if ((BET_TYPES as readonly string[]).includes(bet.betType)) return [];
    return [
      {
        code: 'BET_NOT_ALLOWED',
        betId: bet.betId,
        expected: BET_TYPES.join(' | '),
        recorded: bet.betType,
        rule: `${GAME}/bet-types`,
        citation: env.rulebook.source,
        message: `punto y banca takes bets on player, banker and tie only; "${bet.betType}" is not one`,
        messagePhrase: phrase('finding.puntoBanco.notABet', { betType: bet.betType }),
      },
    ];
  },

  betLimits: (bet, env) => ({
    min: { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' },
    max: betMaximum(bet, env),
  }),

  settle: (state, query, env) => settleBet(state, query.bet, env),
  houseEdges,
  roundOutcomes,
  judgeOpening,
  isDecided: (state, env) => twoCardsEach(state.coup, PUNTO_BANCO_SPEC(env.rulebook)),
  judgeEnd: (state, env) => endFindings(GAME, env.rulebook, state, PUNTO_BANCO_SPEC(env.rulebook)),

  describe(state, env) {
    const hands = describeCoup(state.coup, PUNTO_BANCO_SPEC(env.rulebook));
    const done = twoCardsEach(state.coup, PUNTO_BANCO_SPEC(env.rulebook));
    const result = done ? compareHands(state.coup.hands.player, state.coup.hands.banker) : null;
    return { player: hands.player, banker: hands.banker, burn: state.burn, result: result === 'punto' ? 'player' : result };
  },

  narrate(fact, _before, after, env) {
    if (fact.type !== 'CardDealt') return undefined;
    const card = String(fact.data.card);
    if (fact.data.to === 'burn')
      return said(`${card} burned${fact.data.faceUp ? ' (exposed: it sets the burn)' : ''}`, 'puntoBanco.burned', {
        card,
        exposed: fact.data.faceUp ? 'yes' : 'no',
      });
    const h = describeCoup(after.coup, PUNTO_BANCO_SPEC(env.rulebook));
    return said(
      `${card} to ${fact.data.to}: player ${h.player.total} (${h.player.cards.length} cards), banker ${h.banker.total} (${h.banker.cards.length} cards)`,
      'puntoBanco.dealt',
      {
        card,
        to: term('to', fact.data.to),
        player: h.player.total,
        playerCards: h.player.cards.length,
        banker: h.banker.total,
        bankerCards: h.banker.cards.length,
      },
    );
  },

  play(ctx: PlayContext<PuntoBancoRulebook>): PlayedFact[] {
    const env = ctx.env;
    const rb = env.rulebook;
    const { sessionId, roundId, random } = ctx;
    const chip = env.ctx.smallestChip;
    const { shoe, sessionFacts, burnFacts } = shoeForCoup(ctx.memory, sessionId, rb.decks.value, rb.stopCardFromEnd.value, random);
    const facts: PlayedFact[] = [...sessionFacts, { type: 'RoundStarted', data: { sessionId, roundId } }];
    const format = env.options.tableFormat as TableFormat;
    const seats = format === 'full' ? ctx.seats : ctx.seats.filter((s) => s <= rb.seats.value[format]);
    let n = 0;
    for (const seat of seats) {
      const count = random() < 0.2 ? 2 : random() < 0.85 ? 1 : 0;
      for (let i = 0; i < count; i++) {
        const r = random();
        const betType = r < 0.45 ? 'banker' : r < 0.9 ? 'player' : 'tie';
        const probe: Bet = { betId: '', betType, amount: 0, eventId: '', late: false };
        const amount = randomStake(random, env.ctx.limits.min, betMaximum(probe, env).amount, chip);
        facts.push({ type: 'BetPlaced', data: { sessionId, roundId, betId: `${roundId}-b${++n}`, seat, betType, amount } });
      }
    }
    facts.push({ type: 'BetsClosed', data: { sessionId, roundId } }, ...burnFacts(roundId));
    const { dealt } = playCoup(
      PUNTO_BANCO_SPEC(rb),
      () => drawFromShoe(shoe),
      () => pick(random, [true, false]),
    );
    for (const d of dealt) facts.push({ type: 'CardDealt', data: { sessionId, roundId, card: d.card, to: d.to, faceUp: true } });

    const state = foldPlayed(rules.initialState(env), facts, (s, f) => rules.evolve(s, f, env));
    const commissions: PlayedFact[] = [];
    for (const f of facts.filter((x) => x.type === 'BetPlaced')) {
      const bet: Bet = {
        betId: String(f.data.betId),
        seat: f.data.seat as number,
        betType: String(f.data.betType),
        amount: Number(f.data.amount),
        eventId: '',
        late: false,
      };
      const v = settleBet(state, bet, env);
      if (isUndecided(v) || isUnverifiable(v)) continue;
      const commission = v.commission ?? 0;
      // payout net of the commission (contract §3 BetSettled); the commission taken is recorded beside it
      facts.push({ type: 'BetSettled', data: { sessionId, roundId, betId: bet.betId, outcome: v.outcome, payout: v.payout } });
      if (commission > 0) commissions.push({ type: 'CommissionCharged', data: { sessionId, roundId, betId: bet.betId, amount: commission } });
    }
    facts.push(...commissions, { type: 'RoundCompleted', data: { sessionId, roundId } });
    return facts;
  },
};
