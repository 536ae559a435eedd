/**
 * Blackjack (European no-hole-card, docs/decisions/games.md#blackjack): the rules as a decider over the round's
 * facts, and a croupier that plays a round by them.
 *
 * Facts: `BetPlaced` (`main`, `insurance`, `pairs`, `sevens`; `seat` = the box), `CardDealt` (`to`:
 * "dealer", "seat:3", "seat:3:hand:2" after a split, "burn"), `PlayerDecision` (`seat`, `hand?`,
 * `decision`: hit, stand, double, split, surrender, even-money). Bets on the boxes are made before the
 * deal; insurance is placed after the dealer's ace, so `BetsClosed` closes the insurance window and
 * is recorded after the first two cards (docs/games/blackjack.md).
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules, PlayContext, PlayedFact, RoundEnv } from '../../core/game';
import { optionCite } from '../../core/game';
import {
  Box,
  chipsBetween,
  Croupier,
  dealerFinished,
  emptyTable,
  evolveTable,
  handBlackjack,
  handNumber,
  handOf,
  handTotal,
  mainBetsOf,
  oddsPayout,
  parsePosition,
  playTotal,
  sevensOnly,
  TableBet,
  TableState,
} from '../../core/blackjack-hand';
import { BlackjackRulebook, optionBool, SEVENS_COMBINATIONS, SevensCombination, SevensPrizes } from '../../core/blackjack-rulebook';
import {
  aceOne,
  betLimits,
  boxesOf,
  describeTable,
  ensureShoe,
  hitSoft17,
  judgeDealerCard,
  judgeInsurance,
  judgeMinimumHands,
  judgePlayerCard,
  judgeShoe,
  judgeTableEnd,
  judgeTableOpening,
  maximumFor,
  minimumSevensPrizes,
  narrateTable,
  refuseTableFact,
  refuseTableOptions,
  settleHand,
  settleInsurance,
  SEVENS_PRIZES,
  SevensPrize,
  ShoeMemory,
  shoeRulesOf,
  blackjackPhrase as why,
} from '../../core/blackjack-table';
import { findingsOf, undecided } from '../../core/findings';
import { chipUnit } from '../../core/money';
import { prizeAmount } from '../../core/jackpot-prizes';
import type { Bet, Fact, Finding, SettlementQuery, SettlementVerdict } from '../../core/types';
import { amount, phrase, term, type PhraseValue } from '../../core/phrase';
import { exactMainBetEdge, tableHouseEdges } from '../../core/blackjack-edge/house-edge';
import { blackjackPlan } from './house-edge';
import { rulebooks } from './rulebook';

export type BlackjackState = TableState;
type Env = RoundEnv<BlackjackRulebook>;

const GAME = 'blackjack';
export const BLACKJACK_DECISIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'even-money'] as const;
const { finding, expectedSettlement } = findingsOf(GAME);

/** The bet types this table offers (main and insurance everywhere; side bets per jurisdiction and session). */
export function offeredBetTypes(env: Env): string[] {
  const types = ['main', 'insurance'];
  if (env.rulebook.pairs.value && optionBool(env.options, 'pairsAllowed', true)) types.push('pairs');
  if (env.rulebook.sevens.value && optionBool(env.options, 'sevensAllowed', true)) types.push('sevens');
  return types;
}

function judgeDecision(before: TableState, fact: Fact, env: Env): Finding[] {
  const rb = env.rulebook;
  const d = fact.data;
  const seat = Number(d.seat);
  const handNo = handNumber(d.hand);
  const hand = handOf(before, seat, handNo);
  const decision = String(d.decision);
  const dealerAce = before.dealerFirst?.rank === 'A';
  // `why` in English and as `finding.blackjack.why.<key>` (issue 16)
  const no = (rule: string, cite: string, why: string, key: string, values?: Record<string, PhraseValue>) => [
    finding({
      code: 'BET_NOT_ALLOWED',
      rule,
      citation: cite,
      message: `box ${seat}: ${decision} not allowed: ${why}`,
      expected: 'not allowed',
      recorded: decision,
      messagePhrase: phrase('finding.blackjack.decisionRefused', {
        box: seat,
        decision: term('decision', decision),
        why: phrase(`finding.blackjack.why.${key}`, values),
      }),
    }),
  ];
  switch (decision) {
    case 'double': {
      if (!hand || hand.cards.length !== 2) return no('double', rb.doubleOnTotals.cite, 'only on the first two cards', 'firstTwo');
      if (hand.doubled) return no('double', rb.doubleOnTotals.cite, 'the hand is already doubled', 'alreadyDoubled');
      // a split ace takes one card: doubling would give it a second (galicia states no exception, but L304 is this)
      if (hand.splitAces) return no('double', rb.splitAcesOneCard.cite, 'split aces take one card and may not double', 'splitAces');
      if (hand.fromSplit && !rb.doubleAfterSplit.value) return no('double', rb.doubleAfterSplit.cite, 'no double after a split', 'afterSplit');
      const totals = rb.doubleOnTotals.value;
      const hard = handTotal(hand.cards).hard;
      if (totals && !totals.includes(hard))
        return no('double', rb.doubleOnTotals.cite, `only on ${totals.join(', ')}; the hand has ${hard}`, 'totals', { totals: totals.join(', '), hard });
      return [];
    }
    case 'split': {
      if (!hand || hand.cards.length !== 2) return no('split', rb.splitAcesOneCard.cite, 'only the first two cards of a hand', 'firstTwo');
      if (handTotal([hand.cards[0]]).hard !== handTotal([hand.cards[1]]).hard)
        return no('split', rb.splitAcesOneCard.cite, 'the two cards are not of the same value', 'notSameValue');
      return [];
    }
    case 'surrender': {
      const cite = optionCite(env, 'surrender');
      if (!optionBool(env.options, 'surrender', true)) return no('surrender', cite, 'this table does not accept surrender', 'noSurrender');
      if (dealerAce) return no('surrender', cite, "the dealer's first card is an ace", 'dealerAce');
      if (before.playStarted) return no('surrender', cite, 'the first third card has been given', 'thirdCardGiven');
      if (!hand || hand.cards.length !== 2 || hand.fromSplit) return no('surrender', cite, 'only on the first two cards', 'firstTwo');
      return [];
    }
    case 'even-money': {
      const cite = rb.evenMoney.cite;
      if (!rb.evenMoney.value) return no('even-money', cite, 'this table does not offer even money', 'noEvenMoney');
      if (!dealerAce) return no('even-money', cite, "the dealer's first card is not an ace", 'noDealerAce');
      if (!hand || !handBlackjack(hand)) return no('even-money', cite, 'the hand is not a blackjack', 'notBlackjack');
      if (before.dealerDraws.some((d) => d.length > 0)) return no('even-money', cite, 'the dealer has drawn: his hand is no longer an ace alone', 'dealerDrew');
      if (before.playStarted && rb.evenMoneyUntil.value === 'first-third-card')
        return no('even-money', rb.evenMoneyUntil.cite, 'the first third card has been given', 'thirdCardGiven');
      return [];
    }
    default:
      return [];
  }
}

function judgeFact(before: BlackjackState, fact: Fact, env: Env): Finding[] {
  const out = [...judgeShoe(before, fact, env), ...judgeMinimumHands(before, fact, env)];
  if (fact.type === 'CardDealt') {
    const at = parsePosition(fact.data.to);
    if (at?.kind === 'box') out.push(...judgePlayerCard(before, at.seat, at.hand, at.named, env));
    if (at?.kind === 'dealer') out.push(...judgeDealerCard(before, at.play, env));
  }
  if (fact.type === 'PlayerDecision') out.push(...judgeDecision(before, fact, env));
  return out;
}

function judgeBet(bet: Bet, state: BlackjackState, env: Env): Finding[] {
  const rb = env.rulebook;
  const seat = Number(bet.seat);
  const out: Finding[] = [];
  const offered = offeredBetTypes(env);
  if (!offered.includes(bet.betType)) {
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'bet-types',
        citation: rb.source,
        message: `${bet.betType} is not a bet of this ${env.ctx.jurisdiction} table (${offered.join(', ')})`,
        messagePhrase: phrase('finding.blackjack.notOffered', {
          betType: term('betType', bet.betType),
          jurisdiction: env.ctx.jurisdiction,
          offered: offered.join(', '),
        }),
        expected: offered,
        recorded: bet.betType,
        betId: bet.betId,
      }),
    ];
  }
  if (bet.betType !== 'insurance' && state.dealStarted && rb.betsBeforeDeal.value) {
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
  const sameBox = state.bets.filter((b) => b.seat === seat && b.betType === bet.betType);
  if (bet.betType === 'main') {
    const perBox = rb.betsPerBox.value;
    if (perBox !== null && sameBox.length + 1 > perBox) {
      out.push(
        finding({
          code: 'BET_NOT_ALLOWED',
          rule: 'bets-per-box',
          citation: rb.betsPerBox.cite,
          message: `box ${seat} already holds ${sameBox.length} bets; at most ${perBox}`,
          messagePhrase: phrase('finding.blackjack.betsPerBox', { box: seat, held: sameBox.length, max: perBox }),
          expected: perBox,
          recorded: sameBox.length + 1,
          betId: bet.betId,
        }),
      );
    }
    out.push(...handSumCheck(bet, sameBox, env, rb.maxIsPerHandSum.cite));
    if (rb.maxAcrossControlledHands.value && bet.onBehalfOf) {
      const controlled = state.bets.filter((b) => b.betType === 'main' && b.onBehalfOf === bet.onBehalfOf);
      const max = maximumFor('main', env);
      const total = controlled.reduce((t, b) => t + b.amount, 0) + bet.amount;
      if (max && controlled.length && total > max.amount && bet.amount <= max.amount) {
        out.push(
          finding({
            code: 'BET_ABOVE_MAXIMUM',
            rule: 'controlled-hands-maximum',
            citation: rb.maxAcrossControlledHands.cite,
            message: `${bet.onBehalfOf}'s bets on the hands he controls total ${total}, above the maximum ${max.amount}`,
            messagePhrase: phrase('finding.blackjack.controlledHands', { player: String(bet.onBehalfOf), total: amount(total), max: amount(max.amount) }),
            expected: max.amount,
            recorded: total,
            betId: bet.betId,
          }),
        );
      }
    }
  }
  if (bet.betType === 'pairs' && rb.pairs.value) {
    if (!mainBetsOf(state, seat).length)
      out.push(
        finding({
          code: 'BET_NOT_ALLOWED',
          rule: 'pairs',
          citation: rb.pairs.cite,
          message: `pairs bet on box ${seat}, which has no main bet`,
          messagePhrase: phrase('finding.blackjack.sideWithoutMain', { betType: term('betType', 'pairs'), box: seat }),
          expected: 'a main bet on the box',
          recorded: 'none',
          betId: bet.betId,
        }),
      );
    if (sameBox.length + 1 > rb.pairs.value.betsPerBox)
      out.push(
        finding({
          code: 'BET_NOT_ALLOWED',
          rule: 'pairs',
          citation: rb.pairs.cite,
          message: `at most ${rb.pairs.value.betsPerBox} pairs bets per box`,
          messagePhrase: phrase('finding.blackjack.pairsPerBox', { max: rb.pairs.value.betsPerBox }),
          expected: rb.pairs.value.betsPerBox,
          recorded: sameBox.length + 1,
          betId: bet.betId,
        }),
      );
    out.push(...handSumCheck(bet, sameBox, env, rb.pairs.cite));
  }
  if (bet.betType === 'sevens' && !mainBetsOf(state, seat).length) {
    out.push(
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'sevens',
        citation: rb.sevens.cite,
        message: `sevens bet on box ${seat}, which has no main bet`,
        messagePhrase: phrase('finding.blackjack.sideWithoutMain', { betType: term('betType', 'sevens'), box: seat }),
        expected: 'a main bet on the box',
        recorded: 'none',
        betId: bet.betId,
      }),
    );
  }
  if (bet.betType === 'insurance') out.push(...judgeInsurance(bet, state, env, mainBetsOf(state, seat)));
  return out;
}

function handSumCheck(bet: Bet, sameBox: readonly TableBet[], env: Env, cite: string): Finding[] {
  const max = maximumFor(bet.betType, env) ?? { amount: env.ctx.limits.max, rule: '', citation: '' };
  const total = sameBox.reduce((t, b) => t + b.amount, 0) + bet.amount;
  // a single bet above the maximum is the judge's generic BET_ABOVE_MAXIMUM; here only the sum
  if (!env.rulebook.maxIsPerHandSum.value || !sameBox.length || total <= max.amount || bet.amount > max.amount) return [];
  return [
    finding({
      code: 'BET_ABOVE_MAXIMUM',
      rule: 'hand-maximum',
      citation: cite,
      message: `the ${bet.betType} bets on box ${bet.seat} total ${total}, above the maximum per hand ${max.amount}`,
      messagePhrase: phrase('finding.blackjack.handMaximum', {
        betType: term('betType', bet.betType),
        box: String(bet.seat),
        total: amount(total),
        max: amount(max.amount),
      }),
      expected: max.amount,
      recorded: total,
      betId: bet.betId,
    }),
  ];
}

function settlePairs(box: Box | undefined, stake: number, env: Env): SettlementVerdict {
  const p = env.rulebook.pairs.value;
  const cite = env.rulebook.pairs.cite;
  if (!p)
    return expectedSettlement({
      outcome: 'void',
      payout: 0,
      rule: 'pairs',
      citation: cite,
      explanation: 'no pairs bet at this table: returned',
      explanationPhrase: why('noPairs'),
    });
  const [a, b] = box?.dealtInOrder ?? [];
  if (!a || !b) return undecided("the box's first two cards are not dealt");
  if (a.rank !== b.rank)
    return expectedSettlement({
      outcome: 'lose',
      payout: 0,
      rule: 'pairs',
      citation: cite,
      explanation: `${a.code} ${b.code} is not a pair`,
      explanationPhrase: why('notAPair', { cards: `${a.code} ${b.code}` }),
    });
  const [kind, odds] =
    a.suit === b.suit
      ? ['perfect pair', p.perfect]
      : (a.suit === 'H' || a.suit === 'D') === (b.suit === 'H' || b.suit === 'D')
        ? ['colour pair', p.colour]
        : ['mixed pair', p.mixed];
  return expectedSettlement({
    outcome: 'win',
    payout: oddsPayout(stake, odds, chipUnit(env.ctx)),
    rule: 'pairs',
    citation: cite,
    explanation: `${a.code} ${b.code} is a ${kind}: pays ${odds}:1`,
    explanationPhrase: why('pair', { cards: `${a.code} ${b.code}`, kind: term('pair', kind), odds }),
  });
}

/** The highest sevens combination of a box's first three cards (euskadi L1981–2002), null when the first card is no 7. */
export function sevensCombination(box: Box | undefined): SevensCombination | null {
  const cards = box?.dealtInOrder ?? [];
  if (!cards.length || cards[0].rank !== '7') return null;
  const first3 = cards.slice(0, 3);
  const first2 = cards.slice(0, 2);
  const suited = (cs: typeof cards) => cs.every((c) => c.suit === cs[0].suit);
  if (sevensOnly(first3, 3)) return suited(first3) ? 'three-suited-sevens' : 'three-sevens';
  if (sevensOnly(first2, 2)) return suited(first2) ? 'two-suited-sevens' : 'two-sevens';
  return 'seven';
}

/** One prize as the table must pay it, and the line it rests on. */
interface Prize {
  readonly odds: number;
  readonly cite: string;
}

/**
 * The prizes the table pays: the session's declared table (`sevensPrizes`, the casino's authorisation) where it is
 * at or above the regulated minimum, the minimum where it is below (the player is owed at least that; the opening
 * is flagged by judgeOpening), the declared table alone where the text has no minimum.
 */
function sevensPrizes(env: Env): { odds: Record<SevensPrize, Prize>; jackpotFloor: Prize } | null {
  const declared = env.options.sevensPrizes as SevensPrizes | null | undefined;
  const minimum = minimumSevensPrizes(env);
  if (!declared && !minimum) return null;
  const session = optionCite(env, 'sevensPrizes');
  const regulated = (name: SevensPrize | 'jackpotFloor') => (name === 'two-suited-sevens' ? optionCite(env, 'sevensSuitedPairPays') : env.rulebook.sevens.cite);
  const pick = (name: SevensPrize | 'jackpotFloor', mine: number | undefined, theirs: number | undefined): Prize =>
    theirs === undefined
      ? { odds: mine ?? 0, cite: regulated(name) }
      : mine === undefined || theirs >= mine
        ? { odds: theirs, cite: session }
        : { odds: mine, cite: regulated(name) };
  const odds = {} as Record<SevensPrize, Prize>;
  for (const name of SEVENS_PRIZES) odds[name] = pick(name, minimum?.odds[name], declared?.odds[name]);
  return { odds, jackpotFloor: pick('jackpotFloor', minimum?.jackpotFloor, declared?.jackpotFloor) };
}

function settleSevens(state: TableState, query: SettlementQuery, env: Env, boxDone: boolean): SettlementVerdict {
  const box = state.boxes[Number(query.bet.seat)];
  const prizes = sevensPrizes(env);
  const cite = env.rulebook.sevens.cite;
  if (!prizes)
    return {
      unverifiable: true,
      reason: 'no prize table for the accumulated sevens bet',
      citation: 'index.md OQ-52',
      reasonPhrase: phrase('judge.unverifiable.noSevensPrizes'),
    };
  const cards = box?.dealtInOrder ?? [];
  if (!cards.length) return undecided("the box's first card is not dealt");
  const combo = sevensCombination(box);
  // two 7s could still become three: wait for the box's third card or the end of its play
  if ((combo === 'two-sevens' || combo === 'two-suited-sevens') && cards.length < 3 && !boxDone) return undecided("the box's third card is not dealt");
  if (combo === 'seven' && cards.length < 2) return undecided("the box's second card is not dealt");
  const stake = query.bet.amount;
  if (!combo)
    return expectedSettlement({
      outcome: 'lose',
      payout: 0,
      rule: 'sevens',
      citation: cite,
      explanation: `first card ${cards[0].code} is not a 7: the sevens bet is lost`,
      explanationPhrase: why('noSeven', { card: cards[0].code }),
    });
  if (combo === 'three-suited-sevens') {
    const floor = oddsPayout(stake, prizes.jackpotFloor.odds, chipUnit(env.ctx));
    // the pool pays only where a pool the table plays has a prize for the hand; any other pool (the casino's
    // caribbean progressive) leaves the whole jackpot's floor to the table
    const pool = Object.values(env.ctx.jackpotPools ?? {}).find((p) => p.prizes['three-suited-sevens']);
    // "el valor total de la apuesta acumulada, que en ningún caso podrá ser inferior a 2.000 veces el valor de la
    // apuesta" (euskadi L1996–1999): the pool pays its prize (JackpotWon, never more than it holds) and the table what
    // it lacks of the floor, on the sevens bet; the pool as the round found it plus what the round put in
    const fromPool = pool
      ? prizeAmount(pool.prizes['three-suited-sevens'], pool.current + (state.jackpotContributed[pool.poolId] ?? 0), stake, chipUnit(env.ctx))
      : 0;
    const due = Math.max(0, floor - fromPool);
    if (pool && !due)
      return expectedSettlement({
        outcome: 'win',
        payout: 0,
        rule: 'sevens-jackpot',
        citation: cite,
        explanation: 'three suited 7s win the whole jackpot, paid by JackpotWon from the pool',
        explanationPhrase: why('sevensJackpot'),
      });
    const atLeast = `three suited 7s win the whole jackpot, at least ${prizes.jackpotFloor.odds} × the stake (${floor})`;
    return expectedSettlement({
      outcome: 'win',
      // "como mínimo": more is the casino's to give
      payout: Math.max(query.recorded?.payout ?? 0, due),
      rule: 'sevens-jackpot',
      citation: prizes.jackpotFloor.cite,
      explanation: pool ? `${atLeast}: the pool pays ${fromPool}, the table at least the ${due} it lacks` : atLeast,
      explanationPhrase: pool
        ? why('sevensJackpotShortfall', { odds: prizes.jackpotFloor.odds, floor: amount(floor), pool: amount(fromPool), due: amount(due) })
        : why('sevensJackpotFloor', { odds: prizes.jackpotFloor.odds, floor: amount(floor) }),
    });
  }
  const prize = prizes.odds[combo];
  return expectedSettlement({
    outcome: 'win',
    payout: oddsPayout(stake, prize.odds, chipUnit(env.ctx)),
    rule: 'sevens',
    citation: prize.cite,
    explanation: `${combo.replace(/-/g, ' ')}: pays ${prize.odds}:1 (only the highest prize)`,
    explanationPhrase: why('sevensPrize', { combination: term('sevens', combo), odds: prize.odds }),
  });
}

function settle(state: BlackjackState, query: SettlementQuery, env: Env): SettlementVerdict {
  const bet = query.bet;
  const seat = Number(bet.seat);
  switch (bet.betType) {
    case 'main': {
      const handNo = handNumber(query.hand);
      return settleHand(state, handOf(state, seat, handNo), bet.amount, env);
    }
    case 'insurance':
      return settleInsurance(state, bet.amount, env);
    case 'pairs':
      return settlePairs(state.boxes[seat], bet.amount, env);
    case 'sevens': {
      const box = state.boxes[seat];
      // the box has finished playing once the dealer draws, or when the dealer has nobody to draw against
      const boxDone = !!box && (state.dealerDraws[0].length > 0 || dealerFinished(state, 1, hitSoft17(env), aceOne(env)));
      return settleSevens(state, query, env, boxDone);
    }
    default:
      return expectedSettlement({
        outcome: 'void',
        payout: 0,
        rule: 'bet-types',
        citation: env.rulebook.source,
        explanation: `${bet.betType} is not a blackjack bet: returned`,
        explanationPhrase: why('notABet', { betType: term('betType', bet.betType) }),
      });
  }
}

function handsToSettle(state: BlackjackState, bet: Bet): readonly (number | undefined)[] {
  if (bet.betType !== 'main') return [undefined];
  const n = state.boxes[Number(bet.seat)]?.hands.length ?? 1;
  return n > 1 ? Array.from({ length: n }, (_, i) => i + 1) : [undefined];
}

/** Too few hands for the text's minimum: the seated players also bet vacant boxes (cantabria L745–747, galicia L262). */
export function withMinimumHands(seats: readonly number[], env: Env): number[] {
  const out = [...seats];
  const minimum = env.rulebook.minimumHands.value ?? 0;
  for (let box = 1; out.length < minimum && out.length > 0 && box <= boxesOf(env); box++) if (!out.includes(box)) out.push(box);
  return out.sort((a, b) => a - b);
}

function play(ctx: PlayContext<BlackjackRulebook>): PlayedFact[] {
  const env = ctx.env;
  const rb = env.rulebook;
  const r = ctx.random;
  const unit = chipUnit(env.ctx);
  const limits = env.ctx.limits;
  const pre: PlayedFact[] = [];
  const fresh = ensureShoe(ctx, pre, 52 * rb.cutCardReserveDecks.value);
  const shoe = (ctx.memory as ShoeMemory).shoe!;
  const k = new Croupier<BlackjackState>(emptyTable(1), (s, f) => evolveTable(s, f.type, f.data), { sessionId: ctx.sessionId, roundId: ctx.roundId });
  const deal = (to: string) => k.emit('CardDealt', { card: shoe.shift()!, to, faceUp: to !== 'burn' });
  const ones = aceOne(env);
  let betNo = 0;
  const bet = (seat: number, betType: string, amount: number, extra: Record<string, unknown> = {}) => {
    if (amount <= 0) return;
    k.emit('BetPlaced', { betId: `${ctx.roundId}-b${++betNo}`, seat, betType, amount, ...extra });
  };

  k.emit('RoundStarted', {});
  if (fresh) for (let i = 0; i < rb.burnCards.value; i++) deal('burn');
  const seats = withMinimumHands(
    ctx.seats.filter((s) => s >= 1 && s <= boxesOf(env)),
    env,
  );
  const mainMax = maximumFor('main', env)!.amount;
  const offered = offeredBetTypes(env);
  for (const seat of seats) {
    const first = chipsBetween(r, limits.min, mainMax, unit);
    bet(seat, 'main', first);
    // a second bettor on the box, within the per-hand maximum and the bettors per box
    if (r() < 0.25 && (rb.betsPerBox.value ?? 2) >= 2)
      bet(seat, 'main', chipsBetween(r, limits.min, mainMax - first, unit), { onBehalfOf: `standing-${seat}` });
    if (offered.includes('pairs') && r() < 0.35) {
      const p = rb.pairs.value!;
      bet(seat, 'pairs', chipsBetween(r, p.minShareOfTableMin * limits.min, maximumFor('pairs', env)!.amount, unit));
    }
    if (offered.includes('sevens') && sevensPrizes(env) && r() < 0.35) {
      const max = maximumFor('sevens', env)?.amount ?? limits.min;
      bet(seat, 'sevens', chipsBetween(r, unit, max, unit));
    }
  }
  const boxes = [...new Set(k.state.bets.filter((b) => b.betType === 'main').map((b) => b.seat))].sort((a, b) => a - b);
  // the deal: one card to each box from the croupier's left, one to the dealer, a second to each box (euskadi L1583–1591)
  for (const seat of boxes) deal(`seat:${seat}`);
  if (boxes.length) deal('dealer');
  for (const seat of boxes) deal(`seat:${seat}`);

  if (k.state.dealerFirst?.rank === 'A') {
    for (const seat of boxes) {
      const hand = handOf(k.state, seat)!;
      if (handBlackjack(hand) && r() < 0.5) k.emit('PlayerDecision', { seat, decision: 'even-money' });
      else if (r() < 0.3) {
        const cap = Math.floor(mainBetsOf(k.state, seat).reduce((t, b) => t + b.amount, 0) * rb.insuranceMaxShare.value);
        const min = rb.insuranceMinShareOfTableMin.value ? rb.insuranceMinShareOfTableMin.value * limits.min : unit;
        bet(seat, 'insurance', chipsBetween(r, min, cap, unit));
      }
    }
  }
  k.emit('BetsClosed', {});

  if (boxes.length && k.state.dealerFirst?.rank !== 'A' && optionBool(env.options, 'surrender', true)) {
    for (const seat of boxes) {
      const total = playTotal(handOf(k.state, seat)!, ones);
      if ((total === 15 || total === 16) && r() < 0.3) k.emit('PlayerDecision', { seat, decision: 'surrender' });
    }
  }

  // each box in turn; split hands completed one after the other, hand 1 (the right-most) first (docs/decisions/open-questions.md#oq-51)
  for (const seat of boxes) {
    for (let h = 1; h <= (k.state.boxes[seat]?.hands.length ?? 1); h++) {
      const split = k.state.boxes[seat].hands.length > 1;
      const to = split ? `seat:${seat}:hand:${h}` : `seat:${seat}`;
      const decide = (decision: string) => k.emit('PlayerDecision', { seat, ...(split ? { hand: h } : {}), decision });
      let hand = handOf(k.state, seat, h)!;
      if (hand.cards.length < 2) deal(to);
      hand = handOf(k.state, seat, h)!;
      if (hand.surrendered || hand.evenMoney || handBlackjack(hand)) continue;
      const [a, b] = hand.cards;
      if (
        !hand.splitAces &&
        handTotal([a]).hard === handTotal([b]).hard &&
        k.state.boxes[seat].hands.length < 4 &&
        (a.rank === 'A' || a.rank === '8' || r() < 0.2)
      ) {
        k.emit('PlayerDecision', { seat, ...(split ? { hand: h } : {}), decision: 'split' });
        h--; // play this hand again, now with its new second card
        continue;
      }
      if (hand.splitAces) continue;
      const hard = handTotal(hand.cards).hard;
      const totals = rb.doubleOnTotals.value;
      const best = playTotal(hand, false);
      const mayDouble = best < 21 && (!hand.fromSplit || rb.doubleAfterSplit.value) && (!totals || totals.includes(hard));
      if (mayDouble && (best === 10 || best === 11 ? r() < 0.7 : r() < 0.05)) {
        decide('double');
        deal(to);
        continue;
      }
      const standOn = 12 + Math.floor(r() * 6);
      while (playTotal(handOf(k.state, seat, h)!, ones) < standOn) {
        decide('hit');
        deal(to);
      }
      if (playTotal(handOf(k.state, seat, h)!, ones) <= 21) decide('stand');
    }
  }
  while (boxes.length && !dealerFinished(k.state, 1, hitSoft17(env), ones)) deal('dealer');

  for (const b of k.state.bets) {
    for (const hand of handsToSettle(k.state, { ...b, eventId: '', late: false })) {
      const v = settle(k.state, { bet: { ...b, eventId: '', late: false }, hand }, env);
      if ('undecided' in v || 'unverifiable' in v) continue;
      k.emit('BetSettled', { betId: b.betId, ...(hand !== undefined ? { hand } : {}), outcome: v.outcome, payout: v.payout });
    }
  }
  k.emit('RoundCompleted', {});
  return [...pre, ...k.facts];
}

export const rules: GameRules<BlackjackState, BlackjackRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks,
  deck: () => DECK_52,
  refuseOptions: refuseTableOptions,
  refuse: (fact, env) => refuseTableFact(fact, env, 1, BLACKJACK_DECISIONS),
  judgeOpening: judgeTableOpening,
  initialState: () => emptyTable(1),
  evolve: (state, fact) => evolveTable(state, fact.type, fact.data ?? {}),
  judgeFact,
  judgeBet,
  betLimits,
  settle,
  handsToSettle,
  shoeRules: shoeRulesOf,
  jackpotHand: (state, seat) => sevensCombination(state.boxes[Number(seat)]),
  jackpotHands: SEVENS_COMBINATIONS,
  // the sevens bet is blackjack's jackpot stake ("Apuesta acumulada", euskadi L1893–1905)
  jackpotBetType: 'sevens',
  houseEdges: (env) =>
    tableHouseEdges(rules, env, offeredBetTypes(env), blackjackPlan(env), () =>
      exactMainBetEdge(env, `${env.rulebook.winPays.cite}; ${env.rulebook.blackjackPays.cite}`),
    ),
  isDecided: (state) => state.dealerFirst !== null,
  judgeEnd: (state, env) => judgeTableEnd(state, env, 1, () => () => true, new Set(state.bets.filter((b) => b.betType === 'main').map((b) => b.seat))),
  describe: (state, env) => describeTable(state, env, 1),
  narrate: (fact, _before, after, env) => narrateTable(fact, after, env),
  play,
};
