/**
 * Caribbean stud (póker sin descarte): the player's five cards against the bank's; the bank plays with
 * A-K or better; `ante`, `play` (2 × ante), `insurance` on the first five cards, the `jackpot` side bet
 * and the buy-a-card option. Rulebooks: ./rulebook.ts.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules, RoundEnv } from '../../core/game';
import {
  BankPokerState,
  betsOf,
  bettorBet,
  cardsAt,
  Croupier,
  DEALER,
  DealSpec,
  decisionsOf,
  discardsOf,
  describeState,
  emptyState,
  evolveBankPoker,
  fmtOdds,
  initialBetMax,
  isComplete,
  judgeBox,
  judgeBoxCount,
  judgeCard,
  judgeDealEnd,
  judgeUndueExposure,
  judgeMultipleOf,
  judgeOffered,
  lose,
  memoEdges,
  notAllowed,
  afterDeal,
  optionOr,
  playJackpot,
  push,
  returned,
  receivedAt,
  refuseCard,
  refuseDecision,
  seatOf,
  seatPosition,
  seatsWith,
  secondBetMax,
  showdown,
  sideBetMax,
  versusText,
  handsCompared,
  bankDoesNotQualify,
  winAt,
  bankWhy,
  jackpotStake,
  playerWins,
} from '../../core/poker/bank';
import { findingsOf, undecided } from '../../core/findings';
import { CATEGORIES, evaluateFive, handName, HandValue, qualifies } from '../../core/poker/evaluate';
import { applyRate } from '../../core/money';
import type { Bet, ExpectedLevy, Finding, SettlementVerdict } from '../../core/types';
import { amount, phrase } from '../../core/phrase';
import { caribbeanStudEdges } from './house-edge';
import { CaribbeanStudRulebook, rulebooks } from './rulebook';

const GAME = 'caribbean-stud';
const { finding } = findingsOf(GAME);
type R = CaribbeanStudRulebook;
type Env = RoundEnv<R>;
const DECISIONS = ['fold', 'play', 'buy-card'];

const boughtCards = (s: BankPokerState, seat: unknown, env: Env): number =>
  env.rulebook.buyCard ? Math.min(decisionsOf(s, seat as number, 'buy-card').length, env.rulebook.buyCard.maxCards.value) : 0;

const deal: DealSpec<R> = {
  count(s, position, env) {
    const five = env.rulebook.cardsPerHand;
    if (position === DEALER) return { due: five.value, rule: `${GAME}/deal`, citation: five.cite };
    const seat = seatOf(position);
    if (seat === null || !betsOf(s, seat, 'ante').length)
      return { due: 0, rule: `${GAME}/deal`, citation: `${five.cite}: cards go to boxes with an ante and the bank only` };
    const bought = boughtCards(s, seat, env);
    return bought
      ? { due: five.value + bought, rule: `${GAME}/buy-card`, citation: env.rulebook.buyCard!.maxCards.cite }
      : { due: five.value, rule: `${GAME}/deal`, citation: five.cite };
  },
  burns: (_s, env) => ({ due: 0, rule: `${GAME}/deal`, citation: env.rulebook.cardsPerHand.cite }),
  positions: (s) => [DEALER, ...seatsWith(s, ['ante']).map(seatPosition)],
};

const handOf = (s: BankPokerState, position: string, env: Env): HandValue | null => {
  const held = cardsAt(s, position);
  return held.length === env.rulebook.cardsPerHand.value ? evaluateFive(held, env.rulebook.ranking.value) : null;
};

const anteOf = (s: BankPokerState, bet: Bet) => bettorBet(s, bet, 'ante');

const showdownOf = (s: BankPokerState, ante: Bet, env: Env) =>
  showdown(s, ante, {
    playType: 'play',
    hand: (p) => handOf(s, p, env),
    qualifies: (bank) => qualifies(bank, env.rulebook.qualifier.value, env.rulebook.ranking.value),
  });

function settleMain(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const ante = bet.betType === 'ante' ? bet : anteOf(s, bet);
  if (!ante) return lose({ rule: `${GAME}/play`, citation: rb.playMultiple.cite, why: bankWhy.noAnte('play') });
  const sd = showdownOf(s, ante, env);
  switch (sd.kind) {
    case 'undecided':
      return undecided(sd.reason);
    case 'folded':
      return lose({ rule: `${GAME}/fold`, citation: rb.playMultiple.cite, why: bankWhy.folded(`box ${ante.seat} folded ("paso")`, ante.seat, 'paso') });
    case 'bank-does-not-qualify': {
      const why = bankDoesNotQualify(sd.bank, `bank ${handName(sd.bank)} does not qualify (A-K or better needed)`);
      if (bet.betType === 'ante') return winAt(bet, rb.anteOdds, env, { rule: `${GAME}/bank-does-not-qualify`, why });
      const fate = optionOr<string>(env, 'playWhenBankDoesNotQualify', 'push');
      const cite = `${rb.qualifier.cite}; index.md OQ-06`;
      return fate === 'lose'
        ? lose({ rule: `${GAME}/bank-does-not-qualify`, citation: cite, why })
        : push({ rule: `${GAME}/bank-does-not-qualify`, citation: cite, why: bankWhy.playBet(why, 'the play bet is returned', 'returned') });
    }
    case 'compared': {
      const versus = versusText(sd);
      if (sd.sign < 0) return lose({ rule: `${GAME}/bank-wins`, citation: rb.qualifier.cite, why: handsCompared(sd, 'bank', 'the bank wins') });
      if (sd.sign === 0) return push({ rule: `${GAME}/tie`, citation: rb.tie.cite, why: handsCompared(sd, 'tie', 'an exact tie') });
      if (bet.betType === 'ante') return winAt(bet, rb.anteOdds, env, { rule: `${GAME}/ante`, why: handsCompared(sd, 'player', 'the player wins') });
      const odds = rb.payTable[sd.player.category];
      if (!odds)
        return lose({ rule: `${GAME}/pay-table`, citation: rb.source, why: bankWhy.notInPayTable(`${sd.player.category} is not in the pay table`, sd.player) });
      return winAt(bet, odds, env, {
        rule: `${GAME}/pay-table`,
        why: bankWhy.payTable(`${versus}: ${sd.player.category} pays ${fmtOdds(odds.value)}`, playerWins(sd), sd.player, 'main', fmtOdds(odds.value)),
      });
    }
  }
}

/** The first five cards a box received (insurance and jackpot look at them, before any bought card). */
const firstFive = (s: BankPokerState, seat: unknown, env: Env): HandValue | null => {
  const got = s.received[seatPosition(seat as number)] ?? [];
  return got.length >= 5 ? evaluateFive(got.slice(0, 5), env.rulebook.ranking.value) : null;
};
const forfeited = (s: BankPokerState, seat: unknown, env: Env) =>
  !!env.rulebook.buyCard?.forfeitsSideBets.value && decisionsOf(s, seat as number, 'buy-card').length > 0;

function settleInsurance(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const ins = env.rulebook.insurance;
  if (!ins)
    return returned({
      rule: `${GAME}/bet-types`,
      citation: env.rulebook.betTypes.insurance?.cite ?? env.rulebook.source,
      why: 'no insurance in this jurisdiction',
    });
  if (forfeited(s, bet.seat, env))
    return lose({
      rule: `${GAME}/buy-card`,
      citation: env.rulebook.buyCard!.forfeitsSideBets.cite,
      why: bankWhy.forfeits(`box ${bet.seat} bought a card, which forfeits the insurance`, bet.seat, 'insurance', 'buy-card'),
    });
  const hand = firstFive(s, bet.seat, env);
  if (!hand) return undecided(`box ${bet.seat} does not hold five cards`);
  const odds = ins.prizes[hand.category];
  const why = bankWhy.onHand(`insurance on the first five cards (${handName(hand)}), regardless of the bank (index.md OQ-34)`, 'insurance', hand, true);
  if (!odds)
    return lose({
      rule: `${GAME}/insurance`,
      citation: `${Object.values(ins.prizes)[0]!.cite}; index.md OQ-34`,
      why: bankWhy.short(`${why.text}: below a full house`, why, 'fullHouse'),
    });
  return winAt(bet, odds, env, { rule: `${GAME}/insurance`, why });
}

/** The carousel stakes of the round (`jackpot` bets placed before the close). */
const carouselStakes = (s: BankPokerState): number => s.bets.filter((b) => b.betType === 'jackpot' && !b.late).reduce((t, b) => t + b.amount, 0);

/**
 * What the carousel stakes owe the pool where the text fixes the share (illes-balears L2457–2458: 90 % of
 * the coins go to the accumulated pool), whatever the pool's configuration says; elsewhere the
 * authorisation sets it (euskadi L7410–7411, cantabria L3866–3868) and the pool's configuration is judged.
 */
function carouselContributionDue(s: BankPokerState, env: Env): ExpectedLevy | null {
  const rate = env.rulebook.jackpot.contributionRate;
  if (!rate) return null;
  const stakes = carouselStakes(s);
  const amount = applyRate(stakes, rate.value, env.ctx.smallestChip);
  return {
    base: stakes,
    amount,
    rule: `${GAME}/carousel-contribution`,
    citation: rate.cite,
    explanation: `${rate.value * 100} % of the carousel stakes (${stakes}) go to the pool: ${amount}`,
  };
}

/** Carousel stakes in a round of a table that plays a pool, and no contribution recorded: the text's share never reached it. */
function judgeMissingContribution(s: BankPokerState, env: Env): Finding[] {
  const rate = env.rulebook.jackpot.contributionRate;
  const stakes = carouselStakes(s);
  if (!rate || !stakes || !Object.keys(env.ctx.jackpotPools ?? {}).length || s.jackpotContributed !== undefined) return [];
  const expected = applyRate(stakes, rate.value, env.ctx.smallestChip);
  if (!expected) return [];
  return [
    finding({
      code: 'JACKPOT_MISMATCH',
      expected,
      recorded: 0,
      rule: 'carousel-contribution',
      citation: rate.cite,
      message: `${stakes} staked on the carousel and no contribution recorded: ${rate.value * 100} % (${expected}) goes to the pool`,
      messagePhrase: phrase('finding.caribbean.noContribution', { staked: amount(stakes), percent: rate.value * 100, due: amount(expected) }),
    }),
  ];
}

export const rules: GameRules<BankPokerState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  deck: () => DECK_52,

  refuseOptions(options) {
    const fate = options.playWhenBankDoesNotQualify;
    if (fate !== undefined && fate !== 'push' && fate !== 'lose')
      return { field: 'options.playWhenBankDoesNotQualify', reason: 'must be "push" (index.md OQ-06) or "lose"' };
    if (options.fullHouseTieBreak !== undefined && options.fullHouseTieBreak !== 'trio-first')
      return { field: 'options.fullHouseTieBreak', reason: 'only "trio-first" is implemented (index.md OQ-32)' };
    return null;
  },

  refuse(fact) {
    const card = refuseCard(fact, DECK_52);
    if (card) return card;
    const decision = refuseDecision(fact, DECISIONS);
    if (decision) return decision;
    if (fact.type === 'PlayerDecision' && fact.data.decision === 'buy-card') {
      const given = discardsOf(fact.data);
      if (!Array.isArray(given) || given.length !== 1) return { field: 'data.discards', reason: 'buy-card gives up exactly one card: discards [card]' };
    }
    return null;
  },

  initialState: () => emptyState(),
  evolve: (s, fact) => evolveBankPoker(s, fact),

  judgeFact(before, fact, env) {
    const findings = judgeCard(GAME, deal, before, fact, env);
    if (fact.type === 'CardDealt' && fact.data.to === DEALER && fact.data.faceUp === true) {
      // a bank card turned up where the text does not turn it: an undue exposure (a dealing error that voids the coup)
      const nth = receivedAt(before, DEALER) + 1;
      const allowed = env.rulebook.bankUpcard;
      const already = before.upcards;
      if (!allowed.value.includes(nth) || already >= 1)
        findings.push(
          finding({
            code: 'SEQUENCE_VIOLATION',
            expected: `bank card ${allowed.value.join(' or ')} face up`,
            recorded: `bank card ${nth} face up`,
            rule: 'bank-upcard',
            citation: allowed.cite,
            message: `bank card ${nth} dealt face up: an undue exposure voids the coup (a RoundVoided was expected)`,
            messagePhrase: phrase('finding.caribbean.bankUpcard', { nth }),
          }),
        );
    }
    if (fact.type === 'PlayerDecision' && fact.data.decision === 'buy-card') {
      const buy = env.rulebook.buyCard;
      const seat = Number(fact.data.seat);
      const ante = betsOf(before, seat, 'ante')[0];
      if (!buy) {
        findings.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            expected: 'no card bought',
            recorded: 'buy-card',
            rule: 'buy-card',
            citation: env.rulebook.source,
            message: `buying a card is not part of ${GAME} in ${env.rulebook.jurisdiction}`,
            messagePhrase: phrase('finding.caribbean.noBuying', { jurisdiction: env.rulebook.jurisdiction }),
          }),
        );
      } else if (ante && Number(fact.data.amount ?? 0) !== ante.amount * buy.feeMultiple.value) {
        findings.push(
          finding({
            code: 'COMMISSION_MISMATCH',
            expected: ante.amount * buy.feeMultiple.value,
            recorded: Number(fact.data.amount ?? 0),
            rule: 'buy-card-fee',
            citation: buy.feeMultiple.cite,
            message: `the bought card costs an amount equal to the ante (${ante.amount}), paid to the bank`,
            messagePhrase: phrase('finding.caribbean.buyFee', { ante: amount(ante.amount) }),
          }),
        );
      }
    }
    return findings;
  },

  judgeBet(bet, state, env): Finding[] {
    const rb = env.rulebook;
    const findings = judgeOffered(GAME, bet, rb.betTypes, rb.source);
    if (findings.length) return findings;
    findings.push(...judgeBox(GAME, bet, rb.boxes), ...judgeBoxCount(GAME, bet, state, 'ante', rb.betsPerBox));
    if (bet.betType === 'play') findings.push(...judgeMultipleOf(GAME, bet, state, 'ante', rb.playMultiple, 'play-amount'));
    if ((bet.betType === 'insurance' || bet.betType === 'jackpot' || bet.betType === 'ante') && receivedAt(state, seatPosition(bet.seat as number)) > 0)
      findings.push(
        notAllowed(GAME, bet, {
          rule: `${bet.betType}-before-deal`,
          citation: rb.betTypes[bet.betType].cite,
          message: afterDeal(bet),
          expected: 'before the deal',
        }),
      );
    return findings;
  },

  betLimits(bet, env) {
    const rb = env.rulebook;
    const ante = initialBetMax(bet, env, rb.maxInitialMultiple, GAME);
    switch (bet.betType) {
      case 'ante':
        return ante;
      case 'play':
        return secondBetMax(bet, env, rb.maxInitialMultiple, rb.playMultiple, GAME);
      case 'insurance':
        return rb.insurance ? sideBetMax(env, rb.insurance.maxFractionOfMinimum, GAME, 'insurance') : {};
      case 'jackpot':
        return rb.jackpot.maxFractionOfMinimum ? sideBetMax(env, rb.jackpot.maxFractionOfMinimum, GAME, 'jackpot') : {};
      default:
        return ante;
    }
  },

  settle(s, { bet }, env) {
    switch (bet.betType) {
      case 'ante':
      case 'play':
        return settleMain(s, bet, env);
      case 'insurance':
        return settleInsurance(s, bet, env);
      case 'jackpot':
        // the stake feeds the pool; prizes are paid from the pool (JackpotWon, checked by the judge)
        return jackpotStake({ rule: `${GAME}/jackpot-stake`, citation: `${env.rulebook.betTypes.jackpot.cite}; index.md OQ-14` });
      default:
        return returned({ rule: `${GAME}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${GAME}` });
    }
  },

  jackpotHand(s, seat, env) {
    if (!betsOf(s, seat, 'jackpot').length || forfeited(s, seat, env)) return null;
    const hand = firstFive(s, seat, env);
    return hand && env.rulebook.jackpot.prizes[hand.category] ? hand.category : null;
  },

  jackpotHands: CATEGORIES,

  // several winners of one coup: the highest hand first, equal straight flushes alike (euskadi L7433–7441)
  jackpotHandStrength(s, seat, env) {
    const hand = firstFive(s, seat, env);
    return hand ? [hand.strength, ...hand.ranks] : null;
  },

  houseEdges: (env) => memoEdges(env, () => caribbeanStudEdges(rules, env)),
  jackpotContributionDue: carouselContributionDue,

  judgeEnd: (s, env) => [
    ...judgeDealEnd(deal, s, env),
    ...judgeMissingContribution(s, env),
    // a box's own five cards are dealt face down; only a bought card is given face up (the bank's upcard is judged as dealt)
    ...judgeUndueExposure(GAME, s, (x) => seatOf(x.to) !== null && (s.received[x.to] ?? []).indexOf(x.card) < 5, env.rulebook.misdeal.cite),
  ],

  isDecided: (s, env) => isComplete(deal, s, env) || [DEALER, ...seatsWith(s, ['ante']).map(seatPosition)].every((p) => cardsAt(s, p).length >= 5),
  describe(s, env) {
    const bank = handOf(s, DEALER, env);
    const hands: Record<string, string> = {};
    for (const p of Object.keys(s.hands)) {
      const h = handOf(s, p, env);
      if (h) hands[p] = handName(h);
    }
    return { ...describeState(s), named: hands, bankQualifies: bank ? qualifies(bank, env.rulebook.qualifier.value, env.rulebook.ranking.value) : null };
  },

  play(ctx) {
    const env = ctx.env as unknown as Env;
    const rb = env.rulebook;
    const c = new Croupier(rules, ctx, DECK_52);
    const seats = c.boxes(rb.boxes.value);
    const min = env.ctx.limits.min;
    const antes = new Map<number, number>();
    for (const seat of seats) {
      const amount = c.stake(rb.maxInitialMultiple.value);
      antes.set(seat, amount);
      c.bet(seat, 'ante', amount);
      if (rb.insurance && c.chance(0.2)) c.bet(seat, 'insurance', Math.max(1, Math.floor(min * rb.insurance.maxFractionOfMinimum.value)));
      if (c.chance(0.2)) c.bet(seat, 'jackpot', Math.max(1, Math.floor(min * (rb.jackpot.maxFractionOfMinimum?.value ?? 0.5))));
    }
    for (let i = 0; i < 5; i++) {
      for (const seat of seats) c.deal(seatPosition(seat));
      c.deal(DEALER, i === 4); // the bank's last card face up (euskadi L7268–7275)
    }
    for (const seat of seats) {
      let held = cardsAt(c.state(), seatPosition(seat));
      let hand = evaluateFive(held, rb.ranking.value);
      if (rb.buyCard && hand.category === 'high-card' && c.chance(0.25)) {
        const lowest = hand.cards[hand.cards.length - 1];
        c.decide(seat, 'buy-card', { discards: [lowest], amount: antes.get(seat)! * rb.buyCard.feeMultiple.value });
        c.deal(seatPosition(seat), true);
        held = cardsAt(c.state(), seatPosition(seat));
        hand = evaluateFive(held, rb.ranking.value);
      }
      const strong = hand.category !== 'high-card' || qualifies(hand, rb.qualifier.value, rb.ranking.value);
      if ((strong && c.chance(0.9)) || c.chance(0.1)) {
        c.decide(seat, 'play');
        c.bet(seat, 'play', antes.get(seat)! * rb.playMultiple.value);
      } else c.decide(seat, 'fold');
    }
    c.close();
    playJackpot(c, rules, ctx, rb.jackpot.contributionRate);
    c.settleAll();
    return c.complete();
  },
};
