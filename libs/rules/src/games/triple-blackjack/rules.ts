/**
 * Triple blackjack (euskadi 03.01, L2248–2526): each player bets on up to three boxes (numbered 1–3,
 * `selection`) in front of him and plays ONE hand; the dealer plays against it three times, keeping
 * his first card each time: box 1 first, then box 2, then box 3. A bust loses every box.
 *
 * Facts as blackjack, plus the dealer's draws for the second and third plays on `CardDealt.to`
 * "dealer:play:2" and "dealer:play:3" (the first play's draws go to "dealer").
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules, PlayContext, PlayedFact, RoundEnv } from '../../core/game';
import {
  boxOfBet,
  chipsBetween,
  Croupier,
  dealerFinished,
  emptyTable,
  evolveTable,
  handBlackjack,
  handOf,
  parsePosition,
  playTotal,
  TableBet,
  TableState,
} from '../../core/blackjack-hand';
import type { Bet, Fact, Finding, Refusal, SettlementQuery, SettlementVerdict } from '../../core/types';
import { optionBool } from '../../core/blackjack-rulebook';
import {
  betLimits,
  describeTable,
  ensureShoe,
  judgeDealerCard,
  judgeInsurance,
  judgePlayerCard,
  judgeTableOpening,
  judgeMinimumHands,
  judgeShoe,
  judgeTableEnd,
  maximumFor,
  narrateTable,
  refuseTableFact,
  refuseTableOptions,
  settleHand,
  settleInsurance,
  ShoeMemory,
  shoeRulesOf,
} from '../../core/blackjack-table';
import { exactMainBetEdge, tableHouseEdges } from '../../core/blackjack-edge/house-edge';
import { triplePlan, tripleExactRules, TRIPLE_STRATEGY } from './house-edge';
import { rulebooks, TripleBlackjackRulebook } from './rulebook';
import { phrase, term } from '../../core/phrase';
import { findingsOf } from '../../core/findings';
import { chipUnit } from '../../core/money';

type Env = RoundEnv<TripleBlackjackRulebook>;
const GAME = 'triple-blackjack';
const PLAYS = 3;
const DECISIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'even-money'];
const TYPES = ['main', 'insurance', 'jackpot'];

/** The bets a play of the dealer competes with: that box's main bets and its insurance. */
const inPlay = (play: number) => (b: TableBet) => (b.betType === 'main' || b.betType === 'insurance') && boxOfBet(b) === play;
const aceOne = (env: Env) => optionBool(env.options, 'doubleAceCountsOne', false);
const hitSoft17 = (env: Env) => optionBool(env.options, 'dealerHitsSoft17', env.rulebook.dealerHitsSoft17.value);
const validBox = (s: unknown, env: Env) => {
  const n = Number(s);
  return Number.isInteger(n) && n >= 1 && n <= env.rulebook.boxesPerPlayer.value;
};

const { finding, expectedSettlement } = findingsOf(GAME);

function refuse(fact: Fact, env: Env): Refusal | null {
  const refusal = refuseTableFact(fact, env, PLAYS, DECISIONS);
  if (refusal) return refusal;
  const d = fact.data ?? {};
  if (fact.type === 'BetPlaced' && (d.betType === 'main' || d.betType === 'insurance') && !validBox(d.selection, env)) {
    return {
      field: 'data.selection',
      reason: `a player has boxes 1–${env.rulebook.boxesPerPlayer.value} (${env.rulebook.boxesPerPlayer.cite}); got ${JSON.stringify(d.selection)}`,
    };
  }
  return null;
}

function judgeFact(before: TableState, fact: Fact, env: Env): Finding[] {
  const out = [...judgeShoe(before, fact, env), ...judgeMinimumHands(before, fact, env)];
  if (fact.type !== 'CardDealt') return out;
  const at = parsePosition(fact.data.to);
  if (at?.kind === 'box') out.push(...judgePlayerCard(before, at.seat, at.hand, at.named, env));
  if (at?.kind === 'dealer') {
    // the dealer plays box 2 only once box 1 is over, and box 3 after box 2 (euskadi L2402–2435)
    const earlier = Array.from({ length: at.play - 1 }, (_, i) => i + 1).find((p) => !dealerFinished(before, p, hitSoft17(env), aceOne(env), inPlay(p)));
    if (before.dealerFirst && earlier) {
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'play-order',
          citation: env.rulebook.dealerKeepsFirstCard.cite,
          message: `a card for the dealer's play ${at.play} while play ${earlier} is not finished`,
          messagePhrase: phrase('finding.triple.playOrder', { play: at.play, earlier }),
          expected: `play ${earlier} first`,
          recorded: `play ${at.play}`,
        }),
      );
    } else out.push(...judgeDealerCard(before, at.play, env, inPlay(at.play)));
  }
  return out;
}

function judgeBet(bet: Bet, state: TableState, env: Env): Finding[] {
  const rb = env.rulebook;
  if (!TYPES.includes(bet.betType)) {
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'bet-types',
        citation: rb.source,
        message: `${bet.betType} is not a triple blackjack bet (${TYPES.join(', ')})`,
        messagePhrase: phrase('finding.triple.notABet', { betType: term('betType', bet.betType), offered: TYPES.join(', ') }),
        expected: TYPES,
        recorded: bet.betType,
        betId: bet.betId,
      }),
    ];
  }
  const out: Finding[] = [];
  if (bet.betType !== 'insurance' && state.dealStarted) {
    out.push(
      finding({
        code: 'BET_AFTER_CLOSE',
        rule: 'bets-before-deal',
        citation: rb.betsBeforeDeal.cite,
        message: `${bet.betType} bet ${bet.betId} was placed after the deal had started`,
        messagePhrase: phrase('finding.betAfterDeal', { betType: term('betType', bet.betType), bet: bet.betId }),
        expected: 'before the first card',
        recorded: 'after',
        betId: bet.betId,
      }),
    );
  }
  const seat = Number(bet.seat);
  const box = boxOfBet(bet);
  const same = state.bets.filter((b) => b.seat === seat && b.betType === bet.betType && (bet.betType === 'jackpot' || boxOfBet(b) === box));
  if (same.length)
    out.push(
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'one-bet-per-box',
        citation: rb.betsPerBox.cite,
        message: `seat ${seat} already has a ${bet.betType} bet on box ${box}: one bet per box`,
        messagePhrase: phrase('finding.triple.oneBetPerBox', { seat, betType: term('betType', bet.betType), box: String(box) }),
        expected: 1,
        recorded: same.length + 1,
        betId: bet.betId,
      }),
    );
  if (bet.betType === 'insurance') {
    // one insurance per box bet on (euskadi L2504–2507)
    out.push(
      ...judgeInsurance(
        bet,
        state,
        env,
        state.bets.filter((b) => b.betType === 'main' && b.seat === seat && boxOfBet(b) === box),
      ),
    );
  }
  return out;
}

function settle(state: TableState, query: SettlementQuery, env: Env): SettlementVerdict {
  const bet = query.bet;
  const seat = Number(bet.seat);
  if (bet.betType === 'jackpot')
    return {
      unverifiable: true,
      reason: 'the triple blackjack jackpot bet has no prize table',
      citation: 'index.md OQ-52',
      reasonPhrase: phrase('judge.unverifiable.noJackpotPrizes'),
    };
  const play = boxOfBet(bet);
  if (bet.betType === 'insurance') return settleInsurance(state, bet.amount, env, play);
  if (bet.betType !== 'main')
    return expectedSettlement({
      outcome: 'void',
      payout: 0,
      rule: 'bet-types',
      citation: env.rulebook.source,
      explanation: `${bet.betType} is not a triple blackjack bet: returned`,
    });
  const box = state.boxes[seat];
  const hand = handOf(state, seat);
  if (box && (box.hands.length > 1 || box.hands.some((h) => h.doubled || h.surrendered || h.evenMoney))) {
    return {
      unverifiable: true,
      reason: 'doubles, splits, surrender and even money across the three boxes are not stated for the variant',
      citation: 'euskadi L2250–2257',
      reasonPhrase: phrase('judge.unverifiable.tripleBoxesPlay'),
    };
  }
  const verdict = settleHand(state, hand, bet.amount, env, play, inPlay(play));
  if ('outcome' in verdict) {
    const rule = verdict.rule.replace(/^blackjack\//, `${GAME}/`);
    const bust = verdict.rule === 'blackjack/bust';
    return {
      ...verdict,
      rule,
      citation: bust ? env.rulebook.bustLosesAllBoxes.cite : verdict.citation,
      explanation: `box ${play}: ${verdict.explanation}${bust ? ' (a bust loses every box)' : ''}`,
      ...(verdict.explanationPhrase
        ? { explanationPhrase: phrase('blackjack.tripleBox', { play, why: verdict.explanationPhrase, bust: bust ? 'yes' : 'no' }) }
        : {}),
    };
  }
  return verdict;
}

function play(ctx: PlayContext<TripleBlackjackRulebook>): PlayedFact[] {
  const env = ctx.env;
  const rb = env.rulebook;
  const r = ctx.random;
  const unit = chipUnit(env.ctx);
  const limits = env.ctx.limits;
  const pre: PlayedFact[] = [];
  const fresh = ensureShoe(ctx, pre, 52 * rb.cutCardReserveDecks.value);
  const shoe = (ctx.memory as ShoeMemory).shoe!;
  const k = new Croupier<TableState>(emptyTable(PLAYS), (s, f) => evolveTable(s, f.type, f.data), { sessionId: ctx.sessionId, roundId: ctx.roundId });
  const deal = (to: string) => k.emit('CardDealt', { card: shoe.shift()!, to, faceUp: to !== 'burn' });
  const ones = aceOne(env);
  let betNo = 0;
  const place = (seat: number, betType: string, amount: number, selection: number) => {
    if (amount > 0) k.emit('BetPlaced', { betId: `${ctx.roundId}-b${++betNo}`, seat, betType, amount, selection });
  };
  const settleAll = (filter: (b: TableBet) => boolean) => {
    for (const b of k.state.bets.filter(filter)) {
      const v = settle(k.state, { bet: { ...b, eventId: '', late: false } }, env);
      if ('outcome' in v) k.emit('BetSettled', { betId: b.betId, outcome: v.outcome, payout: v.payout });
    }
  };

  k.emit('RoundStarted', {});
  if (fresh) for (let i = 0; i < rb.burnCards.value; i++) deal('burn');
  const seats = ctx.seats.filter((s) => s >= 1 && s <= rb.boxes.value);
  const max = maximumFor('main', env)!.amount;
  for (const seat of seats) {
    for (let box = 1; box <= rb.boxesPerPlayer.value; box++) {
      if (box === 1 || r() < 0.6) place(seat, 'main', chipsBetween(r, limits.min, max, unit), box);
    }
  }
  const players = [...new Set(k.state.bets.map((b) => b.seat))].sort((a, b) => a - b);
  for (const seat of players) deal(`seat:${seat}`);
  if (players.length) deal('dealer');
  for (const seat of players) deal(`seat:${seat}`);
  if (k.state.dealerFirst?.rank === 'A') {
    for (const b of k.state.bets.filter((x) => x.betType === 'main')) {
      if (r() < 0.25) place(b.seat, 'insurance', chipsBetween(r, unit, Math.floor(b.amount * rb.insuranceMaxShare.value), unit), boxOfBet(b));
    }
  }
  k.emit('BetsClosed', {});
  for (const seat of players) {
    const standOn = 12 + Math.floor(r() * 6);
    const hand = () => handOf(k.state, seat)!;
    if (handBlackjack(hand())) continue;
    while (playTotal(hand(), ones) < standOn) {
      k.emit('PlayerDecision', { seat, decision: 'hit' });
      deal(`seat:${seat}`);
    }
    if (playTotal(hand(), ones) <= 21) k.emit('PlayerDecision', { seat, decision: 'stand' });
  }
  // the dealer plays box 1, then, keeping his first card, box 2 and box 3 (euskadi L2288–2308, L2402–2435)
  for (let p = 1; p <= PLAYS && players.length; p++) {
    while (!dealerFinished(k.state, p, hitSoft17(env), ones, inPlay(p))) deal(p === 1 ? 'dealer' : `dealer:play:${p}`);
    settleAll((b) => b.betType !== 'jackpot' && boxOfBet(b) === p);
  }
  k.emit('RoundCompleted', {});
  return [...pre, ...k.facts];
}

export const rules: GameRules<TableState, TripleBlackjackRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks,
  deck: () => DECK_52,
  refuse,
  refuseOptions: refuseTableOptions,
  judgeOpening: judgeTableOpening,
  initialState: () => emptyTable(PLAYS),
  evolve: (state, fact) => evolveTable(state, fact.type, fact.data ?? {}),
  judgeFact,
  judgeBet,
  betLimits,
  settle,
  shoeRules: shoeRulesOf,
  // main per box and insurance; the jackpot bet has no prize table to value (docs/decisions/open-questions.md#oq-52)
  houseEdges: (env) =>
    tableHouseEdges(rules, env, ['main', 'insurance'], triplePlan(env), () =>
      exactMainBetEdge(env, 'euskadi L2390–2397', tripleExactRules(env), TRIPLE_STRATEGY),
    ),
  isDecided: (state) => state.dealerFirst !== null,
  judgeEnd: (state, env) => judgeTableEnd(state, env, PLAYS, inPlay, new Set(state.bets.filter((b) => b.betType === 'main').map((b) => b.seat))),
  describe: (state, env) => {
    const table = describeTable(state, env, PLAYS);
    return { ...table, bets: state.bets.map((b) => ({ betId: b.betId, seat: b.seat, betType: b.betType, box: boxOfBet(b), amount: b.amount })) };
  },
  narrate: (fact, _before, after, env) => narrateTable(fact, after, env),
  play,
};
