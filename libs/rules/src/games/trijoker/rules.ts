/**
 * Trijoker: three equal bets (`bet-1`, `bet-2`, `bet-3`) on three cards of the player and two common
 * cards; bet 1 may be withdrawn before the left common card is revealed, bet 2 before the right one, bet
 * 3 never; each bet still in play is paid by the pay table from a pair of jacks. No bank hand.
 * Game-specific fact: `CommonCardRevealed { roundId, index (1 | 2), card? }`. Rulebooks: ./rulebook.ts.
 */
import { DECK_52, parseCard } from '../../core/cards';
import { gameFactData, roundFact, type GameRules, type RoundEnv } from '../../core/game';
import { field, optionalField } from '../../core/fields';
import {
  BankPokerState,
  betsOf,
  BOARD,
  cardsAt,
  Croupier,
  DealSpec,
  describeState,
  emptyState,
  evolveBankPoker,
  handOnce,
  initialBetMax,
  isComplete,
  judgeBox,
  judgeBoxCount,
  judgeCard,
  judgeDealEnd,
  judgeUndueExposure,
  judgeOffered,
  lose,
  memoEdges,
  notAllowed,
  afterDeal,
  receivedAt,
  returned,
  refuseCard,
  refuseDecision,
  seatOf,
  seatPosition,
  seatsWith,
  push,
  winAt,
  bankWhy,
} from '../../core/poker/bank';
import { findingsOf, undecided } from '../../core/findings';
import { evaluateFive, handName, HandValue, qualifies } from '../../core/poker/evaluate';
import { amount, phrase, said, term, type Phrase } from '../../core/phrase';
import { cited, type Fact, type Finding } from '../../core/types';
import { trijokerEdges } from './house-edge';
import { rulebooks, TrijokerRulebook } from './rulebook';
import type { TrijokerState } from './state';
export type { TrijokerState } from './state';

const GAME = 'trijoker';
const { finding } = findingsOf(GAME);
const BETS = ['bet-1', 'bet-2', 'bet-3'];
type R = TrijokerRulebook;
type Env = RoundEnv<R>;

const deal: DealSpec<R> = {
  count(s, position, env) {
    const rb = env.rulebook;
    if (position === BOARD) return { due: rb.commonCards.value, rule: `${GAME}/deal`, citation: rb.commonCards.cite };
    const seat = seatOf(position);
    const inPlay = seat !== null && BETS.some((t) => betsOf(s, seat, t).length);
    return {
      due: inPlay ? rb.playerCards.value : 0,
      rule: `${GAME}/deal`,
      citation: inPlay ? rb.playerCards.cite : `${rb.playerCards.cite}: cards go to boxes with bets`,
    };
  },
  burns: (_s, env) => ({ due: 0, rule: `${GAME}/deal`, citation: env.rulebook.playerCards.cite }),
  positions: (s) => [BOARD, ...seatsWith(s, BETS).map(seatPosition)],
};

const handOf = (s: BankPokerState, seat: unknown, env: Env): HandValue | null =>
  handOnce(s, env, seatPosition(seat as number), () => {
    const own = cardsAt(s, seatPosition(seat as number));
    const common = cardsAt(s, BOARD);
    return own.length === env.rulebook.playerCards.value && common.length === env.rulebook.commonCards.value ? evaluateFive([...own, ...common]) : null;
  });

const withdrawn = (s: TrijokerState, betId: string) => s.withdrawn.includes(betId);

/** Why a withdrawal is out of sequence, or null when the rules allow it. */
function badWithdrawal(
  s: TrijokerState,
  fact: Fact,
  env: Env,
): { message: string; messagePhrase: Phrase; expected: unknown; citation: string; betId?: string } | null {
  const bet = s.bets.find((b) => b.betId === String(fact.data.betId));
  const limit = bet ? env.rulebook.withdrawable[bet.betType] : undefined;
  const cite = env.rulebook.withdrawable['bet-1'].cite;
  if (!bet)
    return {
      message: `withdrawal of bet ${fact.data.betId}, which is not on the table`,
      messagePhrase: phrase('finding.trijoker.withdrawUnknown', { bet: String(fact.data.betId) }),
      expected: 'a bet of the box',
      citation: cite,
    };
  const at = { betId: bet.betId };
  if (String(bet.seat) !== String(fact.data.seat))
    return {
      ...at,
      message: `box ${fact.data.seat} withdrew bet ${bet.betId} of box ${bet.seat}`,
      messagePhrase: phrase('finding.trijoker.withdrawOther', { box: String(fact.data.seat), bet: bet.betId, owner: String(bet.seat) }),
      expected: `box ${bet.seat}`,
      citation: cite,
    };
  if (!limit)
    return {
      ...at,
      message: `${bet.betType} can never be withdrawn`,
      messagePhrase: phrase('finding.trijoker.neverWithdrawn', { betType: term('betType', bet.betType) }),
      expected: 'bet-1 or bet-2',
      citation: cite,
    };
  if (s.revealed >= limit.value)
    return {
      ...at,
      message: `${bet.betType} withdrawn after common card ${limit.value} was revealed`,
      messagePhrase: phrase('finding.trijoker.withdrawnLate', { betType: term('betType', bet.betType), card: limit.value }),
      expected: `before common card ${limit.value}`,
      citation: limit.cite,
    };
  if (withdrawn(s, bet.betId))
    return {
      ...at,
      message: `${bet.betType} withdrawn twice`,
      messagePhrase: phrase('finding.trijoker.withdrawnTwice', { betType: term('betType', bet.betType) }),
      expected: 'one withdrawal',
      citation: limit.cite,
    };
  return null;
}

const TRIJOKER_FACTS = {
  // index: 1 or 2, narrowed in `refuse`
  CommonCardRevealed: roundFact('the croupier turns up a common card: index 1 (left box) or 2 (right box), card?', {
    index: field('positiveCount'),
    card: optionalField('id'),
  }),
};
const revealedOf = (fact: Fact) => gameFactData(TRIJOKER_FACTS, 'CommonCardRevealed', fact);

export const rules: GameRules<TrijokerState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  factTypes: TRIJOKER_FACTS,
  deck: () => DECK_52,

  refuse(fact) {
    const r = refuseCard(fact, DECK_52) ?? refuseDecision(fact, ['withdraw-bet', 'keep']);
    if (r) return r;
    if (fact.type === 'PlayerDecision' && fact.data.decision === 'withdraw-bet' && fact.data.betId === undefined)
      return { field: 'data.betId', reason: 'withdraw-bet names the bet withdrawn (betId)' };
    const revealed = revealedOf(fact);
    if (revealed && ![1, 2].includes(Number(revealed.index))) return { field: 'data.index', reason: 'there are two common cards: index 1 (left) or 2 (right)' };
    return null;
  },

  initialState: () => ({ ...emptyState(), revealed: 0, withdrawn: [] }),
  evolve(s, fact, env) {
    const revealed = revealedOf(fact);
    if (revealed) return { ...s, revealed: Math.max(s.revealed, Number(revealed.index)) };
    const inTime = fact.type === 'PlayerDecision' && fact.data.decision === 'withdraw-bet' && !badWithdrawal(s, fact, env);
    const next = evolveBankPoker(s, fact);
    // a fact that changes nothing (a settlement) keeps the state itself, and the hands worked out on it
    if (next === s && !inTime) return s;
    return { ...s, ...next, withdrawn: inTime ? [...s.withdrawn, String(fact.data.betId)] : s.withdrawn };
  },

  judgeFact(before, fact: Fact, env): Finding[] {
    const findings = judgeCard(GAME, deal, before, fact, env);
    if (fact.type === 'PlayerDecision' && fact.data.decision === 'withdraw-bet') {
      const bad = badWithdrawal(before, fact, env);
      if (bad)
        findings.push(
          finding({
            code: 'SEQUENCE_VIOLATION',
            betId: bad.betId,
            expected: bad.expected,
            recorded: fact.data.betId,
            rule: 'withdraw-bet',
            citation: bad.citation,
            message: bad.message,
            messagePhrase: bad.messagePhrase,
          }),
        );
    }
    return findings;
  },

  judgeBet(bet, state, env): Finding[] {
    const rb = env.rulebook;
    const offered = Object.fromEntries(BETS.map((b) => [b, cited(true, rb.equalBets.cite)]));
    const findings = judgeOffered(GAME, bet, offered, rb.source);
    if (findings.length) return findings;
    findings.push(...judgeBox(GAME, bet, rb.boxes), ...judgeBoxCount(GAME, bet, state, 'bet-1', rb.betsPerBox));
    if (receivedAt(state, seatPosition(bet.seat as number)) > 0)
      findings.push(notAllowed(GAME, bet, { rule: 'bets-before-deal', citation: rb.equalBets.cite, message: afterDeal(bet), expected: 'before the deal' }));
    const first = betsOf(state, bet.seat, 'bet-1')[0];
    if (bet.betType !== 'bet-1' && first && first.amount !== bet.amount)
      findings.push(
        notAllowed(GAME, bet, {
          rule: 'equal-bets',
          citation: rb.equalBets.cite,
          message: said(`the three bets of a box are equal: ${bet.betType} is ${bet.amount}, bet-1 ${first.amount}`, 'finding.trijoker.equalBets', {
            betType: term('betType', bet.betType),
            amount: amount(bet.amount),
            first: amount(first.amount),
          }),
          expected: first.amount,
        }),
      );
    return findings;
  },

  betLimits: (bet, env) => initialBetMax(bet, env, env.rulebook.maxInitialMultiple, GAME),

  settle(s, { bet }, env) {
    const rb = env.rulebook;
    if (!BETS.includes(bet.betType)) return returned({ rule: `${GAME}/bet-types`, citation: rb.source, why: `${bet.betType} is not a bet of ${GAME}` });
    if (withdrawn(s, bet.betId))
      return {
        ...push({
          rule: `${GAME}/withdraw-bet`,
          citation: rb.withdrawable[bet.betType]?.cite ?? rb.source,
          why: bankWhy.withdrawn(`${bet.betType} was withdrawn`, bet.betType),
        }),
        outcome: 'void',
      };
    const hand = handOf(s, bet.seat, env);
    if (!hand) return undecided(`box ${bet.seat} and the common cards are not complete`);
    const odds = rb.payTable[hand.category];
    if (!odds || !qualifies(hand, rb.minimumHand.value))
      return lose({
        rule: `${GAME}/pay-table`,
        citation: rb.minimumHand.cite,
        why: bankWhy.short(`${handName(hand)} is below a pair of jacks`, hand, 'jacksPair'),
      });
    return winAt(bet, odds, env, { rule: `${GAME}/pay-table`, why: bankWhy.onHand(`${handName(hand)} on ${bet.betType}`, bet.betType, hand, false) });
  },

  isDecided: (s, env) => isComplete(deal, s, env),
  judgeEnd: (s, env) => {
    const rb = env.rulebook;
    // a common card exposed before its turn voids the hand from a jack up; a player's card only where the text has no
    // exception for it (cantabria)
    const voids = (x: { to: string; card: string }) =>
      x.to === BOARD ? (parseCard(x.card)?.value ?? 0) >= rb.exposedCommonVoidsFrom.value : seatOf(x.to) !== null && rb.exposedPlayerCard.value === 'void';
    const board = judgeUndueExposure(GAME, s, (x) => x.to === BOARD && voids(x), rb.exposedCommonVoidsFrom.cite);
    const own = judgeUndueExposure(GAME, s, (x) => x.to !== BOARD && voids(x), rb.exposedPlayerCard.cite);
    return [...judgeDealEnd(deal, s, env), ...board, ...own];
  },

  houseEdges: (env) => memoEdges(env, () => trijokerEdges(rules, env)),

  narrate(fact) {
    if (fact.type !== 'CommonCardRevealed') return undefined;
    const side = Number(fact.data.index) === 1 ? 'left' : 'right';
    return said(`common card ${fact.data.index} (${side}) turned up${fact.data.card ? `: ${fact.data.card}` : ''}`, 'trijoker.common', {
      index: String(fact.data.index),
      side,
      card: fact.data.card ? String(fact.data.card) : 'none',
    });
  },

  describe(s, env) {
    const named: Record<string, string> = {};
    for (const seat of seatsWith(s, BETS)) {
      const h = handOf(s, seat, env);
      if (h) named[seatPosition(seat)] = handName(h);
    }
    return { ...describeState(s), revealed: s.revealed, named };
  },

  play(ctx) {
    const env = ctx.env as unknown as Env;
    const rb = env.rulebook;
    const c = new Croupier(rules, ctx, DECK_52);
    const seats = c.boxes(rb.boxes.value);
    const ids = new Map<number, string[]>();
    for (const seat of seats) {
      const amount = c.stake(rb.maxInitialMultiple.value);
      ids.set(
        seat,
        BETS.map((b) => c.bet(seat, b, amount)),
      );
    }
    c.close();
    // one card to each player, the left common card, a second card each, the right one, a third each (euskadi L8850–8858)
    for (let i = 0; i < 3; i++) {
      for (const seat of seats) c.deal(seatPosition(seat));
      if (i < 2) c.deal(BOARD);
    }
    const board = () => cardsAt(c.state(), BOARD);
    for (const [index, betIndex] of [
      [1, 0],
      [2, 1],
    ] as const) {
      for (const seat of seats) {
        const own = cardsAt(c.state(), seatPosition(seat));
        const seen = [...own, ...board().slice(0, index - 1)];
        const ranks = seen.map((x) => x.slice(0, -1));
        const paying = ranks.some((r, i) => ranks.indexOf(r) !== i && ['J', 'Q', 'K', 'A'].includes(r)) || new Set(ranks).size < ranks.length - 1;
        if (!paying && c.chance(0.7)) c.decide(seat, 'withdraw-bet', { betId: ids.get(seat)![betIndex] });
      }
      c.record('CommonCardRevealed', { index, card: board()[index - 1] });
    }
    c.settleAll();
    return c.complete();
  },
};
