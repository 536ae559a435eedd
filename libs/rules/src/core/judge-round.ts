/**
 * The generic round judge: folds one round's facts, in recorded order, through a game's rules and
 * returns every step with its state, and the verdict (contract §6). Everything common to all games
 * lives here so that no game repeats it.
 */
import { copiesPerDeck, parseCard } from './cards';
import { asContractEvent, type EventData } from './events';
import { GameRules, RoundEnv } from './game';
import { applyRate } from './money';
import { amount, cite, phrase, said, term, type Phrase, type PhraseValue, type Said } from './phrase';
import { judgeCoupAfterCut } from './session-rules';
import { isJackpotStake, prizeAmount, roundJackpotPrizes, roundJackpotWinners } from './jackpot-prizes';
import { Bet, Discrepancy, ExpectedLevy, ExpectedSettlement, Fact, Finding, SettlementVerdict, isUndecided, isUnverifiable } from './types';

export type Verdict = 'consistent' | 'discrepancies' | 'void' | 'incomplete';

export interface ReplayStep {
  readonly position: number;
  readonly eventId: string;
  readonly type: string;
  readonly occurredAt?: string;
  /** the step's line in English, as the rules write it */
  readonly narrative: string;
  /** the same line as a key of the `narrative` catalogue and its values, for the edges to word (issue 16) */
  readonly narrativeKey?: string;
  readonly narrativeValues?: Readonly<Record<string, PhraseValue>>;
  readonly state: unknown;
  readonly discrepancies: Discrepancy[];
}

export interface RoundJudgement {
  readonly verdict: Verdict;
  readonly discrepancies: Discrepancy[];
  readonly steps: ReplayStep[];
  /** what could not be verified, and why (never counted as a discrepancy) */
  readonly notes: string[];
  /** the notes as phrases of the `narrative` catalogue, one for each note in the same order (issue 16) */
  readonly notePhrases: Phrase[];
  /** rulebook warnings in force (open questions of docs/decisions/open-questions.md that favour a party, etc.) */
  readonly warnings: string[];
  /** the warnings as phrases, one for each warning in the same order (issue 16) */
  readonly warningPhrases: Phrase[];
  /** what each settled bet should have got, for reports and the narrative */
  readonly expectedSettlements: Array<{ betId: string; hand?: number | string | null; expected: ExpectedSettlement }>;
}

interface RecordedSettlement {
  readonly fact: Fact;
  readonly bet: Bet;
  readonly hand?: number | string | null;
  readonly outcome: string;
  readonly payout: number;
  readonly verdict: SettlementVerdict;
}

interface RoundBook {
  bets: Map<string, Bet>;
  closed: boolean;
  settlements: RecordedSettlement[];
  commissions: Map<string, { total: number; facts: Fact[] }>;
  cagnotte: { total: number; facts: Fact[] };
  dealt: Map<string, number>;
  voided: Fact | null;
  completed: Fact | null;
  jackpotRemaining: Map<string, number>;
  /** each pool as it stood when the round's first prize was paid from it */
  jackpotBeforeWins: Map<string, number>;
}

const handKey = (betId: string, hand: unknown) => (hand === undefined || hand === null ? betId : `${betId}#${hand}`);

const GENERIC_LIMIT_CITE = 'TableSessionOpened.limits (contract §3)';

export interface JudgeOptions {
  /**
   * Build the replay steps (narrative and game state after each fact). A read model that keeps only
   * the verdict and its discrepancies skips them: describing the state after every fact costs more
   * than judging it, and the verdict does not depend on it.
   */
  readonly steps?: boolean;
}

export function judgeRound<S>(rules: GameRules<S>, env: RoundEnv, facts: readonly Fact[], options: JudgeOptions = {}): RoundJudgement {
  const withSteps = options.steps ?? true;
  const book: RoundBook = {
    bets: new Map(),
    closed: false,
    settlements: [],
    commissions: new Map(),
    cagnotte: { total: 0, facts: [] },
    dealt: new Map(),
    voided: null,
    completed: null,
    jackpotRemaining: new Map(Object.values(env.ctx.jackpotPools ?? {}).map((p) => [p.poolId, p.current])),
    jackpotBeforeWins: new Map(),
  };
  const steps: ReplayStep[] = [];
  const notes: Said[] = [];
  const byEvent = new Map<string, Discrepancy[]>();
  const all: Discrepancy[] = [];
  const report = (fact: Fact | undefined, finding: Finding) => {
    const d: Discrepancy = { ...finding, eventId: finding.eventId ?? fact?.eventId };
    all.push(d);
    if (d.eventId) byEvent.set(d.eventId, [...(byEvent.get(d.eventId) ?? []), d]);
  };

  let state = rules.initialState(env);
  facts.forEach((fact, index) => {
    const before = state;
    for (const finding of judgeCommon(rules, env, book, before, fact)) report(fact, finding);
    for (const finding of rules.judgeFact?.(before, fact, env) ?? []) report(fact, finding);
    state = rules.evolve(before, fact, env);
    if (!withSteps) return;
    // a game's own line in English only is worded elsewhere by the generic line of its fact
    const common = narrateCommon(fact);
    const own = rules.narrate?.(fact, before, state, env);
    const line: Said = own === undefined ? common : typeof own === 'string' ? { text: own, phrase: common.phrase } : own;
    const told = fact.type === 'BetSettled' ? whatTheRulesSay(book, fact, line) : line;
    steps.push({
      position: fact.position ?? index + 1,
      eventId: fact.eventId,
      type: fact.type,
      occurredAt: fact.occurredAt,
      narrative: told.text,
      narrativeKey: told.phrase.key,
      ...(told.phrase.values ? { narrativeValues: told.phrase.values } : {}),
      state: { round: describeBook(book), game: rules.describe(state, env) },
      discrepancies: [],
    });
  });

  if (!book.voided) {
    for (const finding of finalize(rules, env, book, state, notes)) report(undefined, finding);
  }
  for (const step of steps) step.discrepancies.push(...(byEvent.get(step.eventId) ?? []));

  const expectedSettlements = book.settlements
    .filter((s) => !isUndecided(s.verdict) && !isUnverifiable(s.verdict))
    .map((s) => ({ betId: s.bet.betId, hand: s.hand, expected: s.verdict as ExpectedSettlement }));
  const verdict: Verdict = book.voided ? 'void' : all.length > 0 ? 'discrepancies' : book.completed ? 'consistent' : 'incomplete';
  const warnings = (env.rulebook.warnings ?? []).map((w) =>
    said(`${w.value} (${w.cite})`, 'judge.warning.inForce', { warning: w.phrase ?? w.value, citation: cite(w.cite) }),
  );
  return {
    verdict,
    discrepancies: all,
    steps,
    notes: notes.map((n) => n.text),
    notePhrases: notes.map((n) => n.phrase),
    warnings: warnings.map((w) => w.text),
    warningPhrases: warnings.map((w) => w.phrase),
    expectedSettlements,
  };
}

function judgeCommon<S>(rules: GameRules<S>, env: RoundEnv, book: RoundBook, before: S, fact: Fact): Finding[] {
  const c = asContractEvent(fact);
  const findings: Finding[] = [];
  switch (c?.type) {
    case 'RoundStarted': {
      const late = judgeCoupAfterCut(rules, env, env.ctx.shoe);
      if (late) findings.push(late);
      break;
    }
    case 'BetsClosed':
      book.closed = true;
      break;
    case 'BetPlaced': {
      const d = c.data;
      const bet: Bet = {
        betId: String(d.betId),
        seat: d.seat,
        betType: String(d.betType),
        selection: d.selection,
        amount: Number(d.amount),
        onBehalfOf: d.onBehalfOf,
        eventId: fact.eventId,
        late: book.closed,
      };
      book.bets.set(bet.betId, bet);
      if (bet.late) {
        findings.push({
          code: 'BET_AFTER_CLOSE',
          betId: bet.betId,
          expected: 'no bet after the bets are closed',
          recorded: bet.amount,
          rule: `${rules.game}/bets-closed`,
          citation: 'contract §3 BetsClosed ("rien ne va plus")',
          message: `bet ${bet.betId} (${bet.betType}, ${bet.amount}) was placed after the bets were closed`,
          messagePhrase: phrase('finding.betAfterClose', { bet: bet.betId, betType: term('betType', bet.betType), amount: amount(bet.amount) }),
        });
      }
      findings.push(...judgeLimits(rules, env, bet));
      findings.push(...(rules.judgeBet?.(bet, before, env) ?? []));
      break;
    }
    case 'CardDealt': {
      const d = c.data;
      const card = parseCard(String(d.card));
      const deck = rules.deck?.(env);
      if (card && deck && env.ctx.shoe && d.to !== undefined) {
        const copies = (env.ctx.shoe.dealt[card.code] ?? 0) + (book.dealt.get(card.code) ?? 0) + 1;
        book.dealt.set(card.code, (book.dealt.get(card.code) ?? 0) + 1);
        const allowed = copiesPerDeck(deck, card) * env.ctx.shoe.decks;
        if (copies > allowed) {
          findings.push({
            code: 'CARD_COUNT_EXCEEDED',
            expected: allowed,
            recorded: copies,
            rule: `${rules.game}/shoe-composition`,
            citation: `ShoeStarted ${env.ctx.shoe.shoeId}: ${env.ctx.shoe.decks} × ${deck.name}`,
            message: `${card.code} dealt ${copies} times from a shoe that holds ${allowed}`,
            messagePhrase: phrase('finding.cardCopies', { card: card.code, copies, allowed }),
          });
        }
      }
      break;
    }
    case 'BetSettled': {
      const d = c.data;
      const betId = String(d.betId);
      const bet = book.bets.get(betId);
      if (!bet) {
        findings.push({
          code: 'SETTLED_UNKNOWN_BET',
          betId,
          expected: 'a bet placed in this round',
          recorded: Number(d.payout ?? 0),
          rule: `${rules.game}/settlement`,
          citation: 'contract §3 BetSettled',
          message: `settlement of bet ${betId}, which was never placed in this round`,
          messagePhrase: phrase('finding.settledUnknown', { bet: betId }),
        });
        break;
      }
      const recorded = { outcome: String(d.outcome), payout: Number(d.payout ?? 0) };
      const verdict: SettlementVerdict = bet.late
        ? {
            outcome: 'void',
            payout: 0,
            rule: `${rules.game}/bets-closed`,
            citation: 'contract §3 BetsClosed',
            explanation: 'a bet placed after the close is not accepted: it is returned',
            explanationPhrase: phrase('judge.lateBet'),
          }
        : rules.settle(before, { bet, hand: d.hand, recorded }, env);
      book.settlements.push({ fact, bet, hand: d.hand, ...recorded, verdict });
      break;
    }
    case 'CommissionCharged': {
      const d = c.data;
      const betId = String(d.betId);
      const entry = book.commissions.get(betId) ?? { total: 0, facts: [] };
      entry.total += Number(d.amount ?? 0);
      entry.facts.push(fact);
      book.commissions.set(betId, entry);
      break;
    }
    case 'CagnotteDeducted':
      book.cagnotte.total += Number(c.data.amount ?? 0);
      book.cagnotte.facts.push(fact);
      break;
    case 'JackpotWon':
      findings.push(...judgeJackpotWin(rules, env, book, before, c.data));
      break;
    case 'JackpotContributed':
      findings.push(...judgeJackpotContribution(rules, env, book, before, c.data));
      break;
    case 'RoundVoided':
      book.voided = fact;
      break;
    case 'RoundCompleted':
      book.completed = fact;
      break;
  }
  return findings;
}

function judgeLimits<S>(rules: GameRules<S>, env: RoundEnv, bet: Bet): Finding[] {
  const limits = env.ctx.limits ?? { min: 0, max: Number.MAX_SAFE_INTEGER };
  const custom = rules.betLimits?.(bet, env);
  const min = custom ? custom.min : { amount: limits.min, rule: `${rules.game}/table-minimum`, citation: GENERIC_LIMIT_CITE };
  const typed = limits[bet.betType];
  const max =
    custom?.max ??
    (typeof typed === 'number'
      ? { amount: typed, rule: `${rules.game}/bet-type-maximum`, citation: `${GENERIC_LIMIT_CITE}.${bet.betType}` }
      : { amount: limits.max, rule: `${rules.game}/table-maximum`, citation: GENERIC_LIMIT_CITE });
  const findings: Finding[] = [];
  if (min && bet.amount < min.amount) {
    findings.push({
      code: 'BET_BELOW_MINIMUM',
      betId: bet.betId,
      expected: min.amount,
      recorded: bet.amount,
      rule: min.rule,
      citation: min.citation,
      message: `${bet.betType} bet of ${bet.amount} is below the minimum of ${min.amount}`,
      messagePhrase: phrase('finding.belowMinimum', { betType: term('betType', bet.betType), amount: amount(bet.amount), limit: amount(min.amount) }),
    });
  }
  if (max && bet.amount > max.amount) {
    findings.push({
      code: 'BET_ABOVE_MAXIMUM',
      betId: bet.betId,
      expected: max.amount,
      recorded: bet.amount,
      rule: max.rule,
      citation: max.citation,
      message: `${bet.betType} bet of ${bet.amount} is above the maximum of ${max.amount}`,
      messagePhrase: phrase('finding.aboveMaximum', { betType: term('betType', bet.betType), amount: amount(bet.amount), limit: amount(max.amount) }),
    });
  }
  return findings;
}

function judgeJackpotWin<S>(rules: GameRules<S>, env: RoundEnv, book: RoundBook, state: S, d: EventData<'JackpotWon'>): Finding[] {
  const pools = env.ctx.jackpotPools;
  const pool = pools?.[String(d.poolId)];
  const findings: Finding[] = [];
  const rule = `${rules.game}/jackpot-prize`;
  // pools not given (a judge without the store's jackpot facts): the win cannot be placed, so it is not judged
  if (!pools) return findings;
  if (!pool) {
    return [
      {
        code: 'JACKPOT_MISMATCH',
        expected: 'a configured jackpot pool',
        recorded: d.poolId,
        rule,
        citation: 'contract §3 JackpotPoolConfigured',
        message: `jackpot win on pool ${d.poolId}, which is not a pool this table plays (none of its casino's configured pools by that id, or not named at its opening, or no hand of this game in its prize table)`,
        messagePhrase: phrase('finding.jackpotPoolUnknown', { pool: String(d.poolId) }),
      },
    ];
  }
  if (rules.jackpotHand) {
    const held = rules.jackpotHand(state, d.seat, env);
    if (held !== String(d.hand)) {
      findings.push({
        code: 'JACKPOT_MISMATCH',
        expected: held ?? 'no jackpot hand',
        recorded: d.hand,
        rule: `${rules.game}/jackpot-hand`,
        citation: 'index.md OQ-14 (prize table from the pool configuration)',
        message: `seat ${d.seat} was paid a jackpot for ${d.hand} but holds ${held ?? 'no jackpot hand'}`,
        messagePhrase: phrase('finding.jackpotHand', {
          seat: String(d.seat),
          hand: term('jackpotHand', d.hand),
          held: held === undefined ? 'none' : term('jackpotHand', held),
        }),
      });
    }
  }
  const prize = pool.prizes[String(d.hand)];
  const remaining = book.jackpotRemaining.get(pool.poolId) ?? pool.current;
  if (!book.jackpotBeforeWins.has(pool.poolId)) book.jackpotBeforeWins.set(pool.poolId, remaining);
  // every winner of the round, as the game's cards show them: the highest hand is paid first, equal hands from one base
  const winners = roundJackpotWinners(rules, state, env, book.bets.values(), pool);
  const ranked = winners.some((w) => w.seat === String(d.seat) && w.hand === String(d.hand))
    ? roundJackpotPrizes(winners, pool, book.jackpotBeforeWins.get(pool.poolId)!, env.ctx.smallestChip).get(String(d.seat))
    : undefined;
  if (prize) {
    const several = ranked !== undefined && winners.length > 1;
    const stake = [...book.bets.values()].find((b) => isJackpotStake(rules, b) && String(b.seat) === String(d.seat))?.amount ?? 0;
    // a sole winner, or hands the game cannot show: paid in sequence on what remains (docs/decisions/games.md, jackpots)
    const expected = several ? ranked : prizeAmount(prize, remaining, stake, env.ctx.smallestChip);
    let how: string;
    let howPhrase: Phrase;
    if (several) {
      how = `its prize among the ${winners.length} winning hands of this coup, the highest paid first (${prize.share !== undefined ? `${prize.share * 100} % of what the higher hands left of ${book.jackpotBeforeWins.get(pool.poolId)}` : 'a prize that does not depend on the pool'})`;
      howPhrase = phrase('finding.jackpotHow.ranked', {
        winners: winners.length,
        percent: prize.share !== undefined ? prize.share * 100 : 'none',
        pool: amount(book.jackpotBeforeWins.get(pool.poolId)!),
      });
    } else if (prize.share !== undefined) {
      how = `${prize.share * 100} % of the pool's ${remaining}`;
      howPhrase = phrase('finding.jackpotHow.share', { percent: prize.share * 100, pool: amount(remaining) });
    } else if (prize.multiple !== undefined) {
      how = `${prize.multiple} × the jackpot bet`;
      howPhrase = phrase('finding.jackpotHow.multiple', { multiple: prize.multiple });
    } else {
      how = 'the fixed prize';
      howPhrase = phrase('finding.jackpotHow.fixed');
    }
    if (expected !== Number(d.amount)) {
      findings.push({
        code: 'JACKPOT_MISMATCH',
        expected,
        recorded: Number(d.amount),
        rule,
        citation: 'index.md OQ-14 (prize table from the pool configuration)',
        message: `${d.hand} pays ${how} = ${expected}; ${d.amount} was paid`,
        messagePhrase: phrase('finding.jackpotPaid', {
          hand: term('jackpotHand', d.hand),
          how: howPhrase,
          due: amount(expected),
          paid: amount(Number(d.amount)),
        }),
      });
    }
  }
  book.jackpotRemaining.set(pool.poolId, remaining - Number(d.amount ?? 0));
  return findings;
}

function judgeJackpotContribution<S>(rules: GameRules<S>, env: RoundEnv, book: RoundBook, state: S, d: EventData<'JackpotContributed'>): Finding[] {
  const pools = env.ctx.jackpotPools;
  const pool = pools?.[String(d.poolId)];
  if (!pool) {
    // pools not given (a judge without the store's jackpot facts) say nothing of where the money went
    const recorded = Number(d.amount ?? 0);
    if (!pools || !recorded) return [];
    return [
      {
        code: 'JACKPOT_MISMATCH',
        expected: 0,
        recorded,
        rule: `${rules.game}/jackpot-contribution`,
        citation: 'contract §3 JackpotPoolConfigured; TableSessionOpened.options.jackpotPools',
        message: `${recorded} contributed to pool ${d.poolId}, which is not a pool this table plays`,
        messagePhrase: phrase('finding.jackpotPoolNotPlayed', { pool: String(d.poolId), contributed: amount(recorded) }),
      },
    ];
  }
  book.jackpotRemaining.set(pool.poolId, (book.jackpotRemaining.get(pool.poolId) ?? pool.current) + Number(d.amount ?? 0));
  // a share the text fixes stands above the pool's configuration
  const due = rules.jackpotContributionDue?.(state, env);
  if (due) {
    const recorded = Number(d.amount ?? 0);
    return recorded === due.amount
      ? []
      : [
          {
            code: 'JACKPOT_MISMATCH',
            expected: due.amount,
            recorded,
            rule: due.rule,
            citation: due.citation,
            message: `${due.explanation}; ${recorded} was contributed`,
            messagePhrase: phrase('finding.contributionDue', { due: amount(due.amount), contributed: amount(recorded) }),
          },
        ];
  }
  const stakes = [...book.bets.values()].filter((b) => isJackpotStake(rules, b) && !b.late);
  let expected: number | undefined;
  if (pool.contributionAmount !== undefined) expected = pool.contributionAmount * stakes.length;
  else if (pool.contributionRate !== undefined)
    expected = applyRate(
      stakes.reduce((t, b) => t + b.amount, 0),
      pool.contributionRate,
      env.ctx.smallestChip,
    );
  if (expected === undefined || expected === Number(d.amount)) return [];
  return [
    {
      code: 'JACKPOT_MISMATCH',
      expected,
      recorded: Number(d.amount),
      rule: `${rules.game}/jackpot-contribution`,
      citation: 'index.md OQ-14 (contribution rate from the pool configuration)',
      message: `contribution to pool ${pool.poolId} should be ${expected} for ${stakes.length} jackpot bet(s)`,
      messagePhrase: phrase('finding.poolContribution', {
        pool: pool.poolId,
        due: amount(expected),
        bets: stakes.length,
        contributed: amount(Number(d.amount)),
      }),
    },
  ];
}

function finalize<S>(rules: GameRules<S>, env: RoundEnv, book: RoundBook, state: S, notes: Said[]): Finding[] {
  const findings: Finding[] = [];
  const settledKeys = new Set<string>();
  const decided = rules.isDecided(state, env);

  for (const s of book.settlements) {
    const key = handKey(s.bet.betId, s.hand);
    const base = { betId: s.bet.betId, eventId: s.fact.eventId };
    if (settledKeys.has(key)) {
      findings.push({
        ...base,
        code: 'PAYOUT_MISMATCH',
        expected: 0,
        recorded: s.payout,
        rule: `${rules.game}/settlement`,
        citation: 'contract §3 BetSettled',
        message: `bet ${key} was settled more than once`,
        messagePhrase: phrase('finding.settledTwice', { bet: key }),
      });
      continue;
    }
    settledKeys.add(key);
    if (isUnverifiable(s.verdict)) {
      const v = s.verdict;
      notes.push(
        // a reason the rules word in English only travels as that English
        said(`bet ${key}: payout ${s.payout} not verifiable: ${v.reason} (${v.citation})`, 'judge.note.unverifiable', {
          bet: key,
          payout: amount(s.payout),
          reason: v.reasonPhrase ?? v.reason,
          citation: cite(v.citation),
        }),
      );
      continue;
    }
    if (isUndecided(s.verdict)) {
      findings.push({
        ...base,
        code: 'OUTCOME_MISSING',
        expected: 'the outcome before the settlement',
        recorded: `${s.outcome} ${s.payout}`,
        rule: `${rules.game}/outcome`,
        citation: 'contract §3 (outcome facts precede BetSettled)',
        message: `bet ${key} was settled before its outcome was recorded: ${s.verdict.reason}`,
        messagePhrase: phrase('finding.settledBeforeOutcome', { bet: key }),
      });
      continue;
    }
    const expected = s.verdict;
    const commission = book.commissions.get(s.bet.betId);
    const dueCommission = expected.commission ?? 0;
    // payout is always net of commission (contract §3 BetSettled); a CommissionCharged records the
    // commission taken and is judged on its own
    const expectedPayout = expected.payout;
    if (expected.outcome !== s.outcome || expectedPayout !== s.payout) {
      const sameOutcome = expected.outcome === s.outcome;
      findings.push({
        ...base,
        code: 'PAYOUT_MISMATCH',
        expected: sameOutcome ? expectedPayout : { outcome: expected.outcome, payout: expectedPayout },
        recorded: sameOutcome ? s.payout : { outcome: s.outcome, payout: s.payout },
        rule: expected.rule,
        citation: expected.citation,
        message: expected.explanation,
        // what was due and why: the settlement's own sentence
        ...(expected.explanationPhrase ? { messagePhrase: expected.explanationPhrase } : {}),
      });
    }
    if (commission && commission.total !== dueCommission) {
      findings.push({
        betId: s.bet.betId,
        eventId: commission.facts[0].eventId,
        code: 'COMMISSION_MISMATCH',
        expected: dueCommission,
        recorded: commission.total,
        rule: expected.rule,
        citation: expected.citation,
        message: `commission on bet ${s.bet.betId} should be ${dueCommission}: ${expected.explanation}`,
        messagePhrase: phrase('finding.commissionDue', { bet: s.bet.betId, due: amount(dueCommission), why: expected.explanationPhrase ?? 'none' }),
      });
    }
  }
  for (const [betId, commission] of book.commissions) {
    if (!book.settlements.some((s) => s.bet.betId === betId)) {
      findings.push({
        betId,
        eventId: commission.facts[0].eventId,
        code: 'COMMISSION_MISMATCH',
        expected: 0,
        recorded: commission.total,
        rule: `${rules.game}/commission`,
        citation: 'contract §3 CommissionCharged',
        message: `commission charged on bet ${betId}, which has no settlement`,
        messagePhrase: phrase('finding.commissionUnsettled', { bet: betId }),
      });
    }
  }

  const levy: ExpectedLevy | null = rules.expectedCagnotte ? rules.expectedCagnotte(state, env) : null;
  const expectedCagnotte = levy?.amount ?? 0;
  if ((book.completed || book.cagnotte.facts.length) && decided && expectedCagnotte !== book.cagnotte.total) {
    findings.push({
      eventId: book.cagnotte.facts[0]?.eventId ?? book.completed?.eventId,
      code: 'CAGNOTTE_MISMATCH',
      expected: expectedCagnotte,
      recorded: book.cagnotte.total,
      rule: levy?.rule ?? `${rules.game}/no-cagnotte`,
      citation: levy?.citation ?? env.rulebook.source,
      message: levy?.explanation ?? `${rules.game} takes no cagnotte`,
      ...(levy
        ? levy.explanationPhrase
          ? { messagePhrase: levy.explanationPhrase }
          : {}
        : { messagePhrase: phrase('finding.noCagnotte', { game: rules.game }) }),
    });
  }

  if (book.completed) {
    if (!decided) {
      findings.push({
        eventId: book.completed.eventId,
        code: 'OUTCOME_MISSING',
        expected: 'the round outcome',
        recorded: null,
        rule: `${rules.game}/outcome`,
        citation: env.rulebook.source,
        message: 'the round was completed without its outcome being recorded',
        messagePhrase: phrase('finding.outcomeMissing'),
      });
    }
    for (const bet of book.bets.values()) {
      const hands = rules.handsToSettle?.(state, bet, env) ?? [undefined];
      for (const hand of hands) {
        if (!settledKeys.has(handKey(bet.betId, hand))) {
          findings.push({
            betId: bet.betId,
            eventId: bet.eventId,
            code: 'UNSETTLED_BET',
            expected: 'a settlement',
            recorded: null,
            rule: `${rules.game}/settlement`,
            citation: 'contract §3 BetSettled',
            message: `bet ${handKey(bet.betId, hand)} (${bet.betType}, ${bet.amount}) was never settled`,
            messagePhrase: phrase('finding.neverSettled', { bet: handKey(bet.betId, hand), betType: term('betType', bet.betType), amount: amount(bet.amount) }),
          });
        }
      }
    }
    findings.push(...(decided ? (rules.judgeEnd?.(state, env) ?? []) : []));
  }
  return findings;
}

/**
 * For the narrative: the settlement's line and what the rules say it should have been. A reason or an
 * explanation the rules write only in English is left out of the phrase (it stays in the English text).
 */
function whatTheRulesSay(book: RoundBook, fact: Fact, line: Said): Said {
  const s = book.settlements.find((x) => x.fact === fact);
  if (!s) return line;
  const v = s.verdict;
  if (isUnverifiable(v))
    return said(
      `${line.text} — not verifiable: ${v.reason}`,
      v.reasonPhrase ? 'settled.unverifiableBecause' : 'settled.unverifiable',
      v.reasonPhrase ? { line: line.phrase, reason: v.reasonPhrase } : { line: line.phrase },
    );
  if (isUndecided(v)) return said(`${line.text} — the outcome was not yet known: ${v.reason}`, 'settled.undecided', { line: line.phrase });
  const values = { line: line.phrase, outcome: term('outcome', v.outcome), payout: amount(v.payout), citation: cite(v.citation) };
  return said(
    `${line.text} — the rules: ${v.explanation} → ${v.outcome}, ${v.payout} (${v.citation})`,
    v.explanationPhrase ? 'settled.rules' : 'settled.rulesUnexplained',
    v.explanationPhrase ? { ...values, explanation: v.explanationPhrase } : values,
  );
}

function describeBook(book: RoundBook) {
  return {
    closed: book.closed,
    bets: [...book.bets.values()].map((b) => ({ betId: b.betId, seat: b.seat, betType: b.betType, selection: b.selection, amount: b.amount })),
    settled: book.settlements.map((s) => ({ betId: s.bet.betId, hand: s.hand, outcome: s.outcome, payout: s.payout })),
    cagnotte: book.cagnotte.total,
    voided: !!book.voided,
    completed: !!book.completed,
  };
}

/** The generic line of a fact, in English and as a phrase of the `narrative` catalogue (`fact.<type>`). */
function narrateCommon(fact: Fact): Said {
  const c = asContractEvent(fact);
  const key = `fact.${fact.type}`;
  switch (c?.type) {
    case 'RoundStarted':
      return said(`round ${c.data.roundId} starts`, key, { round: String(c.data.roundId) });
    case 'BetPlaced': {
      const selection = c.data.selection !== undefined ? JSON.stringify(c.data.selection) : '';
      return said(`seat ${c.data.seat ?? '?'} bets ${c.data.amount} on ${c.data.betType}${selection ? ' ' + selection : ''} (bet ${c.data.betId})`, key, {
        seat: String(c.data.seat ?? '?'),
        amount: amount(Number(c.data.amount)),
        betType: term('betType', c.data.betType),
        selection: selection || 'none',
        bet: String(c.data.betId),
      });
    }
    case 'BetsClosed':
      return said('bets are closed ("rien ne va plus")', key);
    case 'WheelSpun':
      return said(`the wheel gives ${c.data.result}`, key, { result: String(c.data.result) });
    case 'DiceThrown':
      return said(`dice: ${(c.data.dice ?? []).join(', ')}`, key, { dice: (c.data.dice ?? []).join(', ') });
    case 'CardDealt':
      return said(`${c.data.card} to ${c.data.to}${c.data.faceUp === false ? ' (face down)' : ''}`, key, {
        card: String(c.data.card),
        to: term('to', c.data.to),
        faceDown: c.data.faceUp === false ? 'yes' : 'no',
      });
    case 'PlayerDecision':
      return said(`seat ${c.data.seat} decides ${c.data.decision}${c.data.amount !== undefined ? ' ' + c.data.amount : ''}`, key, {
        seat: String(c.data.seat),
        decision: term('decision', c.data.decision),
        amount: c.data.amount !== undefined ? amount(Number(c.data.amount)) : 'none',
      });
    case 'BetSettled':
      return said(`bet ${c.data.betId}${c.data.hand != null ? ' hand ' + c.data.hand : ''}: ${c.data.outcome}, paid ${c.data.payout}`, key, {
        bet: String(c.data.betId),
        hand: c.data.hand != null ? String(c.data.hand) : 'none',
        outcome: term('outcome', c.data.outcome),
        payout: amount(Number(c.data.payout)),
      });
    case 'CommissionCharged':
      return said(`commission ${c.data.amount} on bet ${c.data.betId}`, key, { amount: amount(Number(c.data.amount)), bet: String(c.data.betId) });
    case 'CagnotteDeducted':
      return said(`cagnotte ${c.data.amount} taken on a base of ${c.data.base}`, key, {
        amount: amount(Number(c.data.amount)),
        base: amount(Number(c.data.base)),
      });
    case 'JackpotContributed':
      return said(`${c.data.amount} contributed to jackpot pool ${c.data.poolId}`, key, { amount: amount(Number(c.data.amount)), pool: String(c.data.poolId) });
    case 'JackpotWon':
      return said(`seat ${c.data.seat} wins ${c.data.amount} from jackpot pool ${c.data.poolId} with ${c.data.hand}`, key, {
        seat: String(c.data.seat),
        amount: amount(Number(c.data.amount)),
        pool: String(c.data.poolId),
        hand: term('jackpotHand', c.data.hand),
      });
    case 'RoundVoided':
      // the reason is the person's own words, as recorded
      return said(`round voided by ${c.data.decidedBy}: ${c.data.reason}`, key, { by: String(c.data.decidedBy), reason: String(c.data.reason) });
    case 'RoundCompleted':
      return said('round completed', key);
    case 'TipDeposited':
      return said(`tip of ${c.data.amount}`, key, { amount: amount(Number(c.data.amount)) });
    default:
      return said(fact.type, 'fact.other', { type: fact.type });
  }
}
