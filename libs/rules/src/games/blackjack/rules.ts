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
import { DECK_52, isJoker, parseCard, seededRandom, shoeCards, shuffle } from '../../core/cards';
import type { GameRules, LimitCheck, PlayContext, PlayedFact, RoundEnv, SessionOpening, ShoeRules } from '../../core/game';
import { optionCite } from '../../core/game';
import {
  Box,
  boxOfBet,
  compareWithDealer,
  dealerFinished,
  dealerHand,
  dealerHasCompetitor,
  dealerMustDraw,
  describeCards,
  emptyTable,
  evolveTable,
  Hand,
  handBlackjack,
  handBusted,
  handLive,
  handOf,
  handTotal,
  mainBetsOf,
  oddsPayout,
  parsePosition,
  playTotal,
  sevensOnly,
  TableBet,
  TableState,
  Croupier,
  chipsBetween,
} from '../../core/blackjack-hand';
import { cited } from '../../core/types';
import type { Bet, DiscrepancyCode, ExpectedSettlement, Fact, Finding, Refusal, SettlementQuery, SettlementVerdict } from '../../core/types';
import { amount, phrase, said, term, type Phrase, type PhraseValue, type Said } from '../../core/phrase';
import { blackjackPlan, exactMainBetEdge, tableHouseEdges } from './house-edge';
import { BLACKJACK_RULEBOOKS, BlackjackRulebook, optionBool, SevensCombination, SevensPrizes } from './rulebook';

export type BlackjackState = TableState;
type Env = RoundEnv<BlackjackRulebook>;

const GAME = 'blackjack';
export const BLACKJACK_DECISIONS = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance', 'even-money'] as const;

// ---- options and small helpers -------------------------------------------------------------

const aceOne = (env: Env) => optionBool(env.options, 'doubleAceCountsOne', false);
const hitSoft17 = (env: Env) => optionBool(env.options, 'dealerHitsSoft17', env.rulebook.dealerHitsSoft17.value);
const boxesOf = (env: Env) => (typeof env.options.boxes === 'number' ? (env.options.boxes as number) : env.rulebook.boxes.value);
const chip = (env: Env) => env.ctx.smallestChip || 1;

function finding(code: DiscrepancyCode, rule: string, citation: string, message: string, expected: unknown, recorded: unknown, betId?: string): Finding {
  return { code, rule: `${GAME}/${rule}`, citation, message, expected, recorded, ...(betId ? { betId } : {}) };
}

const compareRules = (env: Env) => ({
  blackjackPays: env.rulebook.blackjackPays.value,
  winPays: env.rulebook.winPays.value,
  doubleAceCountsOne: aceOne(env),
  threeSevensPays: env.rulebook.threeSevensPays.value,
});

/** The bet types this table offers (main and insurance everywhere; side bets per jurisdiction and session). */
export function offeredBetTypes(env: Env): string[] {
  const types = ['main', 'insurance'];
  if (env.rulebook.pairs.value && optionBool(env.options, 'pairsAllowed', true)) types.push('pairs');
  if (env.rulebook.sevens.value && optionBool(env.options, 'sevensAllowed', true)) types.push('sevens');
  return types;
}

/** Maximum of a bet type: the session's per-type maximum wins; else the table max capped by the regulation's highest tier. */
export function maximumFor(betType: string, env: Env): LimitCheck | undefined {
  const limits = env.ctx.limits;
  const typed = limits[betType];
  if (typeof typed === 'number') return { amount: typed, rule: `${GAME}/bet-type-maximum`, citation: `TableSessionOpened.limits.${betType}` };
  const rb = env.rulebook;
  if (betType === 'main') {
    const cap = rb.maxMultipleOfMin.value * limits.min;
    return limits.max <= cap
      ? { amount: limits.max, rule: `${GAME}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' }
      : { amount: cap, rule: `${GAME}/maximum-multiple`, citation: rb.maxMultipleOfMin.cite };
  }
  if (betType === 'pairs' && rb.pairs.value) {
    return { amount: rb.pairs.value.maxMultipleOfMin * limits.min, rule: `${GAME}/pairs-maximum`, citation: rb.pairs.cite };
  }
  if (betType === 'sevens' && rb.sevens.value?.maxShareOfTableMin) {
    return { amount: Math.floor(rb.sevens.value.maxShareOfTableMin * limits.min), rule: `${GAME}/sevens-stake`, citation: rb.sevens.cite };
  }
  return undefined;
}

// ---- structural refusal --------------------------------------------------------------------

export function refuseTableFact(fact: Fact, env: Env, maxPlay: number, decisions: readonly string[]): Refusal | null {
  const d = fact.data ?? {};
  const seatOk = (s: unknown) => Number.isInteger(Number(s)) && Number(s) >= 1 && Number(s) <= boxesOf(env);
  switch (fact.type) {
    case 'CardDealt': {
      const c = parseCard(String(d.card));
      if (!c || isJoker(c)) return { field: 'data.card', reason: `${d.card} is not a card of a 52-card deck (${env.rulebook.decks.cite})` };
      const at = parsePosition(d.to);
      if (!at) return { field: 'data.to', reason: `"${d.to}" is not a blackjack position (dealer, seat:N, seat:N:hand:M, burn)` };
      if (at.kind === 'dealer' && at.play > maxPlay) return { field: 'data.to', reason: `the dealer has no play ${at.play} in ${env.rulebook.game}` };
      if (at.kind === 'box' && !seatOk(at.seat)) return { field: 'data.to', reason: `box ${at.seat} does not exist: the table has ${boxesOf(env)} boxes (${env.rulebook.boxes.cite})` };
      return null;
    }
    case 'BetPlaced':
      if (!seatOk(d.seat)) return { field: 'data.seat', reason: `box ${d.seat} does not exist: the table has ${boxesOf(env)} boxes (${env.rulebook.boxes.cite})` };
      return null;
    case 'PlayerDecision':
      if (!decisions.includes(String(d.decision))) return { field: 'data.decision', reason: `"${d.decision}" is not a ${env.rulebook.game} decision (${decisions.join(', ')})` };
      if (!seatOk(d.seat)) return { field: 'data.seat', reason: `box ${d.seat} does not exist: the table has ${boxesOf(env)} boxes` };
      if (d.hand !== undefined && !(Number.isInteger(Number(d.hand)) && Number(d.hand) >= 1)) return { field: 'data.hand', reason: 'a hand is numbered from 1' };
      return null;
    default:
      return null;
  }
}

// ---- judging facts -------------------------------------------------------------------------

/** Shoe checks common to the family: deck count, and the 5 cards burned at the start of a shoe. */
export function judgeShoe(before: TableState, fact: Fact, env: Env): Finding[] {
  const rb = env.rulebook;
  const shoe = env.ctx.shoe;
  if (fact.type === 'RoundStarted' && shoe && shoe.decks > rb.decks.value) {
    return [finding('CARD_COUNT_EXCEEDED', 'shoe-decks', rb.decks.cite, `a shoe of ${shoe.decks} decks; the regulation's shoe holds ${rb.decks.value}`, rb.decks.value, shoe.decks)];
  }
  if (fact.type !== 'CardDealt' || !shoe || Object.keys(shoe.dealt).length > 0) return [];
  const at = parsePosition(fact.data.to);
  if (at?.kind === 'burn' && (before.dealStarted || before.burned >= rb.burnCards.value)) {
    return [finding('DRAW_RULE_VIOLATION', 'burn', rb.burnCards.cite, `only the first ${rb.burnCards.value} cards of a new shoe are burned`, rb.burnCards.value, before.burned + 1)];
  }
  if (at && at.kind !== 'burn' && !before.dealStarted && before.burned !== rb.burnCards.value) {
    return [finding('DRAW_RULE_VIOLATION', 'burn', rb.burnCards.cite, `a new shoe burns its first ${rb.burnCards.value} cards before the deal; ${before.burned} were burned`, rb.burnCards.value, before.burned)];
  }
  return [];
}

/** A player's draw: never on 21 or more, one card on a double, one card on a split ace, none after the dealer (euskadi L1592–1602, L1757–1758, L1767–1773). */
export function judgePlayerCard(before: TableState, seat: number, handNo: number, named: boolean, env: Env): Finding[] {
  const rb = env.rulebook;
  const box = before.boxes[seat];
  if (!before.bets.some((b) => b.betType === 'main' && b.seat === seat)) {
    return [finding('DRAW_RULE_VIOLATION', 'deal', rb.source, `a card was dealt to box ${seat}, which has no bet`, 'no card', `seat:${seat}`)];
  }
  if (handNo > (box?.hands.length ?? 1)) {
    return [finding('DRAW_RULE_VIOLATION', 'deal', rb.source, `box ${seat} has no hand ${handNo} (no split made it)`, `hand ≤ ${box?.hands.length ?? 1}`, handNo)];
  }
  const hand = handOf(before, seat, handNo);
  if (!hand || hand.cards.length < 2) return [];
  const where = `box ${seat}${named || (box?.hands.length ?? 1) > 1 ? ` hand ${handNo}` : ''}`;
  const total = playTotal(hand, aceOne(env));
  if (hand.surrendered) return [finding('DRAW_RULE_VIOLATION', 'player-draw', rb.source, `${where} surrendered and takes no card`, 'no card', 'card')];
  if (hand.splitAces) return [finding('DRAW_RULE_VIOLATION', 'split-aces', rb.splitAcesOneCard.cite, `${where} is a split ace: one card only`, 2, hand.cards.length + 1)];
  if (hand.doubled && hand.cards.length >= 3) return [finding('DRAW_RULE_VIOLATION', 'double', rb.doubleOnTotals.cite, `${where} doubled: one card only`, 3, hand.cards.length + 1)];
  if (total >= rb.playerStopsAt.value) return [finding('DRAW_RULE_VIOLATION', 'player-draw', rb.playerStopsAt.cite, `${where} has ${total}: no card on 21 or more`, 'stand', 'draw')];
  if (before.dealerDraws.some((d) => d.length > 0)) return [finding('DRAW_RULE_VIOLATION', 'player-draw', rb.dealerHitsSoft17.cite, `${where} drew after the dealer had started drawing`, 'no card', 'card')];
  return [];
}

/**
 * A dealer's draw: once the players have played (never before every hand has its two cards), only below 17
 * (soft 17 stands), and, where the text says so, only against a competitor (euskadi L1604–1616, cantabria L805–807).
 */
export function judgeDealerCard(before: TableState, play: number, env: Env, inPlay?: (b: TableBet) => boolean): Finding[] {
  const dealer = dealerHand(before, play);
  if (!dealer.length) return [];
  const soft17 = hitSoft17(env);
  const cite = optionCite(env, 'dealerHitsSoft17');
  const t = handTotal(dealer);
  const dealing = [...new Set(before.bets.filter((b) => b.betType === 'main').map((b) => b.seat))].find((seat) => (before.boxes[seat]?.hands ?? [undefined]).some((h) => !h || h.cards.length < 2));
  if (dealing !== undefined) {
    return [finding('DRAW_RULE_VIOLATION', 'dealer-draw', cite, `dealer${play > 1 ? ` (play ${play})` : ''} drew before the players had played: box ${dealing} has not its two cards`, 'no card', 'draw')];
  }
  if (!dealerMustDraw(dealer, soft17)) {
    return [finding('DRAW_RULE_VIOLATION', 'dealer-draw', cite, `dealer${play > 1 ? ` (play ${play})` : ''} has ${t.soft ? 'soft ' : ''}${t.best} and must stand on 17 or more`, 'stand', 'draw')];
  }
  if (env.rulebook.dealerDrawsOnlyAgainstLiveHand.value && !dealerHasCompetitor(before, aceOne(env), inPlay)) {
    return [finding('DRAW_RULE_VIOLATION', 'dealer-draw', env.rulebook.dealerDrawsOnlyAgainstLiveHand.cite, `dealer${play > 1 ? ` (play ${play})` : ''} drew with no hand left to compete with`, 'no draw', 'draw')];
  }
  return [];
}

function judgeDecision(before: TableState, fact: Fact, env: Env): Finding[] {
  const rb = env.rulebook;
  const d = fact.data;
  const seat = Number(d.seat);
  const handNo = d.hand !== undefined ? Number(d.hand) : 1;
  const hand = handOf(before, seat, handNo);
  const decision = String(d.decision);
  const dealerAce = before.dealerFirst?.rank === 'A';
  const no = (rule: string, cite: string, why: string) => [finding('BET_NOT_ALLOWED', rule, cite, `box ${seat}: ${decision} not allowed: ${why}`, 'not allowed', decision)];
  switch (decision) {
    case 'double': {
      if (!hand || hand.cards.length !== 2) return no('double', rb.doubleOnTotals.cite, 'only on the first two cards');
      if (hand.doubled) return no('double', rb.doubleOnTotals.cite, 'the hand is already doubled');
      // a split ace takes one card: doubling would give it a second (galicia states no exception, but L304 is this)
      if (hand.splitAces) return no('double', rb.splitAcesOneCard.cite, 'split aces take one card and may not double');
      if (hand.fromSplit && !rb.doubleAfterSplit.value) return no('double', rb.doubleAfterSplit.cite, 'no double after a split');
      const totals = rb.doubleOnTotals.value;
      const hard = handTotal(hand.cards).hard;
      if (totals && !totals.includes(hard)) return no('double', rb.doubleOnTotals.cite, `only on ${totals.join(', ')}; the hand has ${hard}`);
      return [];
    }
    case 'split': {
      if (!hand || hand.cards.length !== 2) return no('split', rb.splitAcesOneCard.cite, 'only the first two cards of a hand');
      if (handTotal([hand.cards[0]]).hard !== handTotal([hand.cards[1]]).hard) return no('split', rb.splitAcesOneCard.cite, 'the two cards are not of the same value');
      return [];
    }
    case 'surrender': {
      const cite = optionCite(env, 'surrender');
      if (!optionBool(env.options, 'surrender', true)) return no('surrender', cite, 'this table does not accept surrender');
      if (dealerAce) return no('surrender', cite, "the dealer's first card is an ace");
      if (before.playStarted) return no('surrender', cite, 'the first third card has been given');
      if (!hand || hand.cards.length !== 2 || hand.fromSplit) return no('surrender', cite, 'only on the first two cards');
      return [];
    }
    case 'even-money': {
      const cite = rb.evenMoney.cite;
      if (!rb.evenMoney.value) return no('even-money', cite, 'this table does not offer even money');
      if (!dealerAce) return no('even-money', cite, "the dealer's first card is not an ace");
      if (!hand || !handBlackjack(hand)) return no('even-money', cite, 'the hand is not a blackjack');
      if (before.dealerDraws.some((d) => d.length > 0)) return no('even-money', cite, "the dealer has drawn: his hand is no longer an ace alone");
      if (before.playStarted && rb.evenMoneyUntil.value === 'first-third-card') return no('even-money', rb.evenMoneyUntil.cite, 'the first third card has been given');
      return [];
    }
    default:
      return [];
  }
}

/**
 * At least N hands bet on when a coup is dealt (cantabria L754–755, galicia L264): judged at the coup's first
 * card to a box or the dealer. Hands are boxes with a main bet, whoever holds them: one seated player on two
 * boxes plays two hands; three bettors on one box play one.
 */
export function judgeMinimumHands(before: TableState, fact: Fact, env: Env): Finding[] {
  const minimum = env.rulebook.minimumHands;
  if (minimum.value === null || fact.type !== 'CardDealt' || before.dealStarted) return [];
  const at = parsePosition(fact.data.to);
  if (!at || at.kind === 'burn') return [];
  const hands = new Set(before.bets.filter((b) => b.betType === 'main').map((b) => b.seat)).size;
  if (hands >= minimum.value) return [];
  return [finding('SESSION_RULE_VIOLATION', 'minimum-hands', minimum.cite, `the coup was dealt with ${hands} hand${hands === 1 ? '' : 's'} bet on; no coup begins with fewer than ${minimum.value}`, minimum.value, hands)];
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
    return [finding('BET_NOT_ALLOWED', 'bet-types', rb.source, `${bet.betType} is not a bet of this ${env.ctx.jurisdiction} table (${offered.join(', ')})`, offered, bet.betType, bet.betId)];
  }
  if (bet.betType !== 'insurance' && state.dealStarted && rb.betsBeforeDeal.value) {
    out.push(finding('BET_AFTER_CLOSE', 'bets-before-deal', rb.betsBeforeDeal.cite, `${bet.betType} bet ${bet.betId} was placed after the deal had started`, 'before the first card', 'after', bet.betId));
  }
  const sameBox = state.bets.filter((b) => b.seat === seat && b.betType === bet.betType);
  if (bet.betType === 'main') {
    const perBox = rb.betsPerBox.value;
    if (perBox !== null && sameBox.length + 1 > perBox) {
      out.push(finding('BET_NOT_ALLOWED', 'bets-per-box', rb.betsPerBox.cite, `box ${seat} already holds ${sameBox.length} bets; at most ${perBox}`, perBox, sameBox.length + 1, bet.betId));
    }
    out.push(...handSumCheck(bet, sameBox, env, rb.maxIsPerHandSum.cite));
    if (rb.maxAcrossControlledHands.value && bet.onBehalfOf) {
      const controlled = state.bets.filter((b) => b.betType === 'main' && b.onBehalfOf === bet.onBehalfOf);
      const max = maximumFor('main', env);
      const total = controlled.reduce((t, b) => t + b.amount, 0) + bet.amount;
      if (max && controlled.length && total > max.amount && bet.amount <= max.amount) {
        out.push(finding('BET_ABOVE_MAXIMUM', 'controlled-hands-maximum', rb.maxAcrossControlledHands.cite, `${bet.onBehalfOf}'s bets on the hands he controls total ${total}, above the maximum ${max.amount}`, max.amount, total, bet.betId));
      }
    }
  }
  if (bet.betType === 'pairs' && rb.pairs.value) {
    if (!mainBetsOf(state, seat).length) out.push(finding('BET_NOT_ALLOWED', 'pairs', rb.pairs.cite, `pairs bet on box ${seat}, which has no main bet`, 'a main bet on the box', 'none', bet.betId));
    if (sameBox.length + 1 > rb.pairs.value.betsPerBox) out.push(finding('BET_NOT_ALLOWED', 'pairs', rb.pairs.cite, `at most ${rb.pairs.value.betsPerBox} pairs bets per box`, rb.pairs.value.betsPerBox, sameBox.length + 1, bet.betId));
    out.push(...handSumCheck(bet, sameBox, env, rb.pairs.cite));
  }
  if (bet.betType === 'sevens' && !mainBetsOf(state, seat).length) {
    out.push(finding('BET_NOT_ALLOWED', 'sevens', rb.sevens.cite, `sevens bet on box ${seat}, which has no main bet`, 'a main bet on the box', 'none', bet.betId));
  }
  if (bet.betType === 'insurance') out.push(...judgeInsurance(bet, state, env, mainBetsOf(state, seat)));
  return out;
}

function handSumCheck(bet: Bet, sameBox: readonly TableBet[], env: Env, cite: string): Finding[] {
  const max = maximumFor(bet.betType, env) ?? { amount: env.ctx.limits.max, rule: '', citation: '' };
  const total = sameBox.reduce((t, b) => t + b.amount, 0) + bet.amount;
  // a single bet above the maximum is the judge's generic BET_ABOVE_MAXIMUM; here only the sum
  if (!env.rulebook.maxIsPerHandSum.value || !sameBox.length || total <= max.amount || bet.amount > max.amount) return [];
  return [finding('BET_ABOVE_MAXIMUM', 'hand-maximum', cite, `the ${bet.betType} bets on box ${bet.seat} total ${total}, above the maximum per hand ${max.amount}`, max.amount, total, bet.betId)];
}

/** Insurance: only against a dealer's ace, before the first third card, at most half the box's bet (euskadi L1646–1727). */
export function judgeInsurance(bet: Bet, state: TableState, env: Env, insured: readonly TableBet[]): Finding[] {
  const rb = env.rulebook;
  if (state.dealerFirst?.rank !== 'A') return [finding('BET_NOT_ALLOWED', 'insurance', rb.insurancePays.cite, "insurance is offered only when the dealer's first card is an ace", 'dealer ace', state.dealerFirst?.code ?? 'no dealer card', bet.betId)];
  if (state.playStarted) return [finding('BET_NOT_ALLOWED', 'insurance', rb.insurancePays.cite, 'insurance after the first third card was given', 'before the first third card', 'after', bet.betId)];
  if (!insured.length) return [finding('BET_NOT_ALLOWED', 'insurance', rb.insurancePays.cite, `insurance on box ${bet.seat}, which has no bet to insure`, 'a main bet', 'none', bet.betId)];
  const cap = Math.floor(insured.reduce((t, b) => t + b.amount, 0) * rb.insuranceMaxShare.value);
  // every insurance on the same bets counts against the half
  const already = state.bets.filter((b) => b.betType === 'insurance' && b.seat === Number(bet.seat) && insured.some((m) => boxOfBet(m) === boxOfBet(b))).reduce((t, b) => t + b.amount, 0);
  if (already + bet.amount > cap) return [finding('BET_ABOVE_MAXIMUM', 'insurance', rb.insuranceMaxShare.cite, `insurance ${already ? `${already} + ` : ''}${bet.amount} is more than half the box's bet (${cap})`, cap, already + bet.amount, bet.betId)];
  return [];
}

export function betLimits(bet: Bet, env: Env): { min?: LimitCheck; max?: LimitCheck } {
  const rb = env.rulebook;
  const tableMin: LimitCheck = { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
  switch (bet.betType) {
    case 'insurance': {
      const share = rb.insuranceMinShareOfTableMin.value;
      const min = share ? { amount: Math.floor(share * env.ctx.limits.min), rule: `${GAME}/insurance-minimum`, citation: rb.insuranceMinShareOfTableMin.cite } : undefined;
      return { min, max: maximumFor('insurance', env) };
    }
    case 'pairs': {
      const p = rb.pairs.value;
      const min = p ? { amount: Math.floor(p.minShareOfTableMin * env.ctx.limits.min), rule: `${GAME}/pairs-minimum`, citation: rb.pairs.cite } : undefined;
      return { min, max: maximumFor('pairs', env) };
    }
    case 'sevens':
    case 'jackpot':
      return { min: undefined, max: maximumFor(bet.betType, env) };
    default:
      return { min: tableMin, max: maximumFor(bet.betType, env) };
  }
}

// ---- settlement ----------------------------------------------------------------------------

const undecided = (reason: string): SettlementVerdict => ({ undecided: true, reason });

/** `explained`: the explanation as a phrase of the narrative catalogue (`blackjack.*`), for other languages (issue 16). */
function expected(outcome: ExpectedSettlement['outcome'], payout: number, rule: string, citation: string, explanation: string, explained?: Phrase): ExpectedSettlement {
  return { outcome, payout, rule: `${GAME}/${rule}`, citation, explanation, ...(explained ? { explanationPhrase: explained } : {}) };
}
const why = (key: string, values?: Record<string, PhraseValue>) => phrase(`blackjack.${key}`, values);

/** A box's hand against the dealer's play (blackjack: play 1). */
export function settleHand(state: TableState, hand: Hand | undefined, stake: number, env: Env, play = 1, inPlay?: (b: TableBet) => boolean): SettlementVerdict {
  const rb = env.rulebook;
  if (!hand || hand.cards.length < 2) return undecided('the hand has not had its two cards');
  const doubledStake = hand.doubled ? stake * 2 : stake;
  const ones = aceOne(env);
  if (hand.surrendered) return expected('half-lost', 0, 'surrender', optionCite(env, 'surrender'), 'surrendered: half the bet is lost, half returned', why('surrendered'));
  if (hand.evenMoney) {
    return expected('win', oddsPayout(stake, 1, chip(env)), 'even-money', rb.evenMoney.cite, 'blackjack against a dealer ace, even money taken: pays 1:1', why('evenMoney'));
  }
  if (handBusted(hand, ones)) return expected('lose', 0, 'bust', rb.playerStopsAt.cite, `player busts with ${playTotal(hand, ones)}: the bet is lost`, why('bust', { player: playTotal(hand, ones) }));
  if (!dealerFinished(state, play, hitSoft17(env), ones, inPlay)) return undecided("the dealer's hand is not complete");
  const c = compareWithDealer(hand, dealerHand(state, play), compareRules(env));
  const doubled = hand.doubled ? ` (doubled stake ${doubledStake}${ones ? ', aces counted 1 (index.md OQ-12)' : ''})` : '';
  const cite =
    c.odds === rb.blackjackPays.value && c.result === 'win' && handBlackjack(hand)
      ? rb.blackjackPays.cite
      : c.result === 'win' && c.odds === rb.threeSevensPays.value && sevensOnly(hand.cards, 3)
        ? rb.threeSevensPays.cite
        : c.result === 'push'
          ? rb.tiePushes.cite
          : rb.winPays.cite;
  const rule = c.result === 'push' ? 'push' : handBlackjack(hand) && c.result === 'win' ? 'blackjack' : 'main';
  const explained = hand.doubled ? why('doubled', { why: c.whyPhrase, stake: amount(doubledStake), acesOne: ones ? 'yes' : 'no' }) : c.whyPhrase;
  return expected(c.result, c.result === 'win' ? oddsPayout(doubledStake, c.odds, chip(env)) : 0, rule, cite, c.why + doubled, explained);
}

/** Insurance pays 2:1 when the dealer makes blackjack (euskadi L1646–1727). */
export function settleInsurance(state: TableState, stake: number, env: Env, play = 1): SettlementVerdict {
  const dealer = dealerHand(state, play);
  const cite = env.rulebook.insurancePays.cite;
  if (dealer.length < 2) return undecided("the dealer's second card is not dealt");
  if (dealer.length === 2 && handTotal(dealer).best === 21) {
    return expected('win', oddsPayout(stake, env.rulebook.insurancePays.value, chip(env)), 'insurance', cite, 'dealer blackjack: insurance pays 2:1', why('insuranceWins'));
  }
  return expected('lose', 0, 'insurance', cite, 'dealer has no blackjack: the insurance is lost', why('insuranceLost'));
}

function settlePairs(box: Box | undefined, stake: number, env: Env): SettlementVerdict {
  const p = env.rulebook.pairs.value;
  const cite = env.rulebook.pairs.cite;
  if (!p) return expected('void', 0, 'pairs', cite, 'no pairs bet at this table: returned', why('noPairs'));
  const [a, b] = box?.dealtInOrder ?? [];
  if (!a || !b) return undecided("the box's first two cards are not dealt");
  if (a.rank !== b.rank) return expected('lose', 0, 'pairs', cite, `${a.code} ${b.code} is not a pair`, why('notAPair', { cards: `${a.code} ${b.code}` }));
  const [kind, odds] = a.suit === b.suit ? ['perfect pair', p.perfect] : (a.suit === 'H' || a.suit === 'D') === (b.suit === 'H' || b.suit === 'D') ? ['colour pair', p.colour] : ['mixed pair', p.mixed];
  return expected('win', oddsPayout(stake, odds, chip(env)), 'pairs', cite, `${a.code} ${b.code} is a ${kind}: pays ${odds}:1`, why('pair', { cards: `${a.code} ${b.code}`, kind: term('pair', kind), odds }));
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

type SevensPrize = Exclude<SevensCombination, 'three-suited-sevens'>;
const SEVENS_PRIZES: readonly SevensPrize[] = ['seven', 'two-sevens', 'two-suited-sevens', 'three-sevens'];

/**
 * The regulated minimum prizes ("como mínimo", euskadi L1981–1999, cantabria L949–967), null where the text has
 * none (illes-balears, docs/decisions/open-questions.md#oq-52). `sevensSuitedPairPays` is a reading of the text (docs/decisions/open-questions.md#oq-13: Spanish
 * 50:1, Basque 10:1), not a casino's prize: it sets the minimum itself.
 */
export function minimumSevensPrizes(env: Env): SevensPrizes | null {
  const prizes = env.rulebook.sevens.value?.prizes ?? null;
  const suitedPair = env.options.sevensSuitedPairPays;
  return prizes && typeof suitedPair === 'number' ? { ...prizes, odds: { ...prizes.odds, 'two-suited-sevens': suitedPair } } : prizes;
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
    theirs === undefined ? { odds: mine ?? 0, cite: regulated(name) } : mine === undefined || theirs >= mine ? { odds: theirs, cite: session } : { odds: mine, cite: regulated(name) };
  const odds = {} as Record<SevensPrize, Prize>;
  for (const name of SEVENS_PRIZES) odds[name] = pick(name, minimum?.odds[name], declared?.odds[name]);
  return { odds, jackpotFloor: pick('jackpotFloor', minimum?.jackpotFloor, declared?.jackpotFloor) };
}

function settleSevens(state: TableState, query: SettlementQuery, env: Env, boxDone: boolean): SettlementVerdict {
  const box = state.boxes[Number(query.bet.seat)];
  const prizes = sevensPrizes(env);
  const cite = env.rulebook.sevens.cite;
  if (!prizes) return { unverifiable: true, reason: 'no prize table for the accumulated sevens bet', citation: 'index.md OQ-52', reasonPhrase: phrase('judge.unverifiable.noSevensPrizes') };
  const cards = box?.dealtInOrder ?? [];
  if (!cards.length) return undecided("the box's first card is not dealt");
  const combo = sevensCombination(box);
  // two 7s could still become three: wait for the box's third card or the end of its play
  if ((combo === 'two-sevens' || combo === 'two-suited-sevens') && cards.length < 3 && !boxDone) return undecided("the box's third card is not dealt");
  if (combo === 'seven' && cards.length < 2) return undecided("the box's second card is not dealt");
  const stake = query.bet.amount;
  if (!combo) return expected('lose', 0, 'sevens', cite, `first card ${cards[0].code} is not a 7: the sevens bet is lost`, why('noSeven', { card: cards[0].code }));
  if (combo === 'three-suited-sevens') {
    const floor = oddsPayout(stake, prizes.jackpotFloor.odds, chip(env));
    if (Object.keys(env.ctx.jackpotPools ?? {}).length) {
      return expected('win', 0, 'sevens-jackpot', cite, 'three suited 7s win the whole jackpot, paid by JackpotWon from the pool', why('sevensJackpot'));
    }
    const recorded = query.recorded?.payout ?? 0;
    return expected('win', Math.max(recorded, floor), 'sevens-jackpot', prizes.jackpotFloor.cite, `three suited 7s win the whole jackpot, at least ${prizes.jackpotFloor.odds} × the stake (${floor})`, why('sevensJackpotFloor', { odds: prizes.jackpotFloor.odds, floor: amount(floor) }));
  }
  const prize = prizes.odds[combo];
  return expected('win', oddsPayout(stake, prize.odds, chip(env)), 'sevens', prize.cite, `${combo.replace(/-/g, ' ')}: pays ${prize.odds}:1 (only the highest prize)`, why('sevensPrize', { combination: term('sevens', combo), odds: prize.odds }));
}

// ---- the session's opening -------------------------------------------------------------------

/**
 * Structural refusals only (contract §1.1: accept, judge): an option of the wrong shape cannot be judged with.
 * A value the text forbids (the dealer drawing on soft 17, prizes below the minimum) is accepted and flagged by
 * `judgeOpening`.
 */
export function refuseTableOptions(options: Readonly<Record<string, unknown>>): Refusal | null {
  for (const name of ['dealerHitsSoft17', 'surrender', 'doubleAceCountsOne', 'pairsAllowed', 'sevensAllowed']) {
    if (name in options && typeof options[name] !== 'boolean') return { field: `options.${name}`, reason: `${name} is true or false` };
  }
  const amount = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
  if ('sevensSuitedPairPays' in options && !amount(options.sevensSuitedPairPays)) return { field: 'options.sevensSuitedPairPays', reason: 'net odds "N to 1": a number ≥ 0' };
  if ('boxes' in options && !(Number.isInteger(options.boxes) && (options.boxes as number) >= 1)) return { field: 'options.boxes', reason: 'a number of boxes' };
  const table = options.sevensPrizes as { odds?: Record<string, unknown>; jackpotFloor?: unknown } | null | undefined;
  if (table !== undefined && table !== null) {
    if (typeof table !== 'object' || typeof table.odds !== 'object' || !table.odds) return { field: 'options.sevensPrizes', reason: '{ odds: { seven, "two-sevens", "two-suited-sevens", "three-sevens" }, jackpotFloor }' };
    for (const name of SEVENS_PRIZES) if (!amount(table.odds[name])) return { field: `options.sevensPrizes.odds.${name}`, reason: 'net odds "N to 1": a number ≥ 0' };
    if (!amount(table.jackpotFloor)) return { field: 'options.sevensPrizes.jackpotFloor', reason: 'a multiple of the stake ≥ 0' };
  }
  return null;
}

/**
 * What a table's opening declares against the text (issue 14 §3): findings on the session, never refusals.
 * The rounds are then judged by what the session declared (its croupier follows the table's posted rules), except
 * the sevens prizes, which never fall below the regulated minimum.
 */
export function judgeTableOpening(opening: SessionOpening, env: Env): Finding[] {
  const rb = env.rulebook;
  const out: Finding[] = [];
  const at = opening.eventId ? { eventId: opening.eventId } : {};
  const flag = (rule: string, citation: string, message: string, expectedValue: unknown, recorded: unknown) =>
    out.push({ ...finding('SESSION_RULE_VIOLATION', rule, citation, message, expectedValue, recorded), ...at });
  if (opening.options.dealerHitsSoft17 === true && !rb.dealerHitsSoft17.value) {
    flag('dealer-soft-17', rb.dealerHitsSoft17.cite, 'the session declares that the dealer draws on soft 17; the text makes him count the ace as 11 once that reaches 17, and stand', false, true);
  }
  const declared = opening.options.sevensPrizes as SevensPrizes | null | undefined;
  const minimum = minimumSevensPrizes(env);
  if (declared && minimum) {
    for (const name of SEVENS_PRIZES) {
      if (declared.odds[name] < minimum.odds[name]) {
        flag('sevens-prizes', name === 'two-suited-sevens' ? optionCite(env, 'sevensSuitedPairPays') : rb.sevens.cite, `the session's sevens table pays ${name.replace(/-/g, ' ')} ${declared.odds[name]}:1, below the minimum ${minimum.odds[name]}:1 ("como mínimo"); the minimum is judged`, `≥ ${minimum.odds[name]}`, declared.odds[name]);
      }
    }
    if (declared.jackpotFloor < minimum.jackpotFloor) {
      flag('sevens-prizes', rb.sevens.cite, `the session's sevens jackpot is at least ${declared.jackpotFloor} × the stake; the text: never below ${minimum.jackpotFloor} ×`, `≥ ${minimum.jackpotFloor}`, declared.jackpotFloor);
    }
  }
  const boxes = opening.options.boxes;
  if (typeof boxes === 'number' && boxes > rb.mostBoxes.value) {
    flag('boxes', rb.mostBoxes.cite, `the session declares ${boxes} boxes; a table has at most ${rb.mostBoxes.value}`, `≤ ${rb.mostBoxes.value}`, boxes);
  }
  const { min, max } = opening.limits;
  if (min > 0 && max > rb.maxMultipleOfMin.value * min) {
    flag('maximum-multiple', rb.maxMultipleOfMin.cite, `the table maximum ${max} is more than ${rb.maxMultipleOfMin.value} × the minimum ${min}; bets are judged against ${rb.maxMultipleOfMin.value * min}`, `≤ ${rb.maxMultipleOfMin.value * min}`, max);
  } else if (min > 0 && !rb.maxTiers.value.some((k) => k * min === max)) {
    // "El máximo ... es fijado por cada mesa en la autorización en 25, 50, 100 ó 200 veces el mínimo"
    flag('maximum-tier', rb.maxTiers.cite, `the table maximum ${max} is ${+(max / min).toFixed(2)} × the minimum ${min}; the authorisation fixes it at ${rb.maxTiers.value.join(', ')} ×`, rb.maxTiers.value.map((k) => k * min), max);
  }
  return out;
}

function settle(state: BlackjackState, query: SettlementQuery, env: Env): SettlementVerdict {
  const bet = query.bet;
  const seat = Number(bet.seat);
  switch (bet.betType) {
    case 'main': {
      const handNo = query.hand !== undefined && query.hand !== null ? Number(query.hand) : 1;
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
      return expected('void', 0, 'bet-types', env.rulebook.source, `${bet.betType} is not a blackjack bet: returned`, why('notABet', { betType: term('betType', bet.betType) }));
  }
}

function handsToSettle(state: BlackjackState, bet: Bet): readonly (number | undefined)[] {
  if (bet.betType !== 'main') return [undefined];
  const n = state.boxes[Number(bet.seat)]?.hands.length ?? 1;
  return n > 1 ? Array.from({ length: n }, (_, i) => i + 1) : [undefined];
}

// ---- end of round --------------------------------------------------------------------------

/** Cards owed at the end: each hand's second card, a doubled hand's card, the dealer's draws. */
export function judgeTableEnd(state: TableState, env: Env, plays: number, inPlay: (play: number) => (b: TableBet) => boolean, boxesInGame: Iterable<number>): Finding[] {
  const out: Finding[] = [];
  const ones = aceOne(env);
  for (const seat of boxesInGame) {
    const box = state.boxes[seat];
    (box?.hands ?? [undefined]).forEach((h, i) => {
      const where = `box ${seat}${(box?.hands.length ?? 1) > 1 ? ` hand ${i + 1}` : ''}`;
      if (!h || h.cards.length < 2) out.push(finding('DRAW_RULE_VIOLATION', 'deal', env.rulebook.source, `${where} never received its second card`, 2, h?.cards.length ?? 0));
      else if (h.doubled && h.cards.length < 3 && !h.surrendered) out.push(finding('DRAW_RULE_VIOLATION', 'double', env.rulebook.doubleOnTotals.cite, `${where} doubled and never received its card`, 3, h.cards.length));
    });
  }
  for (let play = 1; play <= plays; play++) {
    const dealer = dealerHand(state, play);
    if (!dealer.length) continue;
    if (dealerMustDraw(dealer, hitSoft17(env)) && dealerHasCompetitor(state, ones, inPlay(play))) {
      const t = handTotal(dealer);
      out.push(finding('DRAW_RULE_VIOLATION', 'dealer-draw', optionCite(env, 'dealerHitsSoft17'), `dealer${plays > 1 ? ` (play ${play})` : ''} stood on ${t.soft ? 'soft ' : ''}${t.best}: the dealer draws below 17`, 'draw', 'stand'));
    }
  }
  return out;
}

export function describeTable(state: TableState, env: Env, plays = 1) {
  const ones = aceOne(env);
  const dealer = Array.from({ length: plays }, (_, i) => {
    const cards = dealerHand(state, i + 1);
    return { play: i + 1, cards: describeCards(cards), total: cards.length ? handTotal(cards).best : null };
  });
  return {
    dealer: plays === 1 ? dealer[0] : dealer,
    boxes: Object.values(state.boxes).map((b) => ({
      seat: b.seat,
      hands: b.hands.map((h, i) => ({
        hand: i + 1,
        cards: describeCards(h.cards),
        total: h.cards.length ? playTotal(h, ones) : null,
        ...(handBlackjack(h) ? { blackjack: true } : {}),
        ...(handBusted(h, ones) ? { bust: true } : {}),
        ...(h.doubled ? { doubled: true } : {}),
        ...(h.surrendered ? { surrendered: true } : {}),
        ...(h.evenMoney ? { evenMoney: true } : {}),
      })),
    })),
    burned: state.burned,
  };
}

/** A card's line, in English and as a phrase of the narrative catalogue (`blackjack.*`, issue 16). */
export function narrateTable(fact: Fact, after: TableState, env: Env): Said | undefined {
  if (fact.type !== 'CardDealt') return undefined;
  const at = parsePosition(fact.data.to);
  const card = String(fact.data.card);
  if (!at || at.kind === 'burn') return at ? said(`${card} burned`, 'blackjack.burned', { card }) : undefined;
  if (at.kind === 'dealer') {
    const cards = dealerHand(after, at.play);
    const total = handTotal(cards).best;
    return said(`${card} to the dealer${at.play > 1 ? ` (play ${at.play})` : ''}: ${total}`, 'blackjack.toDealer', { card, play: at.play > 1 ? String(at.play) : 'none', total: String(total) });
  }
  const h = handOf(after, at.seat, at.hand);
  if (!h) return undefined;
  const total = playTotal(h, aceOne(env));
  return said(`${card} to box ${at.seat}${at.named ? ` hand ${at.hand}` : ''}: ${total}`, 'blackjack.toBox', { card, box: String(at.seat), hand: at.named ? String(at.hand) : 'none', total: String(total) });
}

// ---- the croupier --------------------------------------------------------------------------

/** The shoe as the croupier keeps it in `ctx.memory`. */
export interface ShoeMemory {
  shoe?: string[];
  shoeNo?: number;
}

/** A new shoe when the cut card has come out (≥ 1 deck in reserve, euskadi L2150–2153): ShoeStarted, shuffled cards, a burn owed. */
export function ensureShoe(ctx: PlayContext<BlackjackRulebook>, facts: PlayedFact[], reserve: number): boolean {
  const memory = ctx.memory as ShoeMemory;
  const rb = ctx.env.rulebook;
  if (memory.shoe && memory.shoe.length > reserve) return false;
  memory.shoeNo = (memory.shoeNo ?? 0) + 1;
  memory.shoe = shuffle(shoeCards(DECK_52, rb.decks.value), seededRandom(Math.floor(ctx.random() * 2 ** 32)));
  facts.push({ type: 'ShoeStarted', data: { sessionId: ctx.sessionId, shoeId: `${ctx.sessionId}-shoe-${memory.shoeNo}`, decks: rb.decks.value, cutCardPosition: memory.shoe.length - reserve } });
  return true;
}

/** Too few hands for the text's minimum: the seated players also bet vacant boxes (cantabria L745–747, galicia L262). */
export function withMinimumHands(seats: readonly number[], env: Env): number[] {
  const out = [...seats];
  const minimum = env.rulebook.minimumHands.value ?? 0;
  for (let box = 1; out.length < minimum && out.length > 0 && box <= boxesOf(env); box++) if (!out.includes(box)) out.push(box);
  return out.sort((a, b) => a - b);
}

/** The shoe the texts require (issue 14 §2): decks, the cut card at least a deck from the end, no coup after it. */
export function shoeRulesOf(env: Env): ShoeRules {
  const rb = env.rulebook;
  return {
    decks: cited([rb.decks.value], rb.decks.cite),
    cardsBehindCut: cited({ atLeast: 52 * rb.cutCardReserveDecks.value }, rb.cutCardReserveDecks.cite),
    coupsAfterCut: rb.coupsAfterCut,
  };
}

function play(ctx: PlayContext<BlackjackRulebook>): PlayedFact[] {
  const env = ctx.env;
  const rb = env.rulebook;
  const r = ctx.random;
  const unit = chip(env);
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
  const seats = withMinimumHands(ctx.seats.filter((s) => s >= 1 && s <= boxesOf(env)), env);
  const mainMax = maximumFor('main', env)!.amount;
  const offered = offeredBetTypes(env);
  for (const seat of seats) {
    const first = chipsBetween(r, limits.min, mainMax, unit);
    bet(seat, 'main', first);
    // a second bettor on the box, within the per-hand maximum and the bettors per box
    if (r() < 0.25 && (rb.betsPerBox.value ?? 2) >= 2) bet(seat, 'main', chipsBetween(r, limits.min, mainMax - first, unit), { onBehalfOf: `standing-${seat}` });
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
      if (!hand.splitAces && handTotal([a]).hard === handTotal([b]).hard && k.state.boxes[seat].hands.length < 4 && (a.rank === 'A' || a.rank === '8' || r() < 0.2)) {
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

export const blackjack: GameRules<BlackjackState, BlackjackRulebook> = {
  game: GAME,
  family: 'cards',
  rulebooks: BLACKJACK_RULEBOOKS,
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
  houseEdges: (env) =>
    tableHouseEdges(blackjack, env, offeredBetTypes(env), blackjackPlan(env), () => exactMainBetEdge(env, `${env.rulebook.winPays.cite}; ${env.rulebook.blackjackPays.cite}`)),
  isDecided: (state) => state.dealerFirst !== null,
  judgeEnd: (state, env) =>
    judgeTableEnd(state, env, 1, () => () => true, new Set(state.bets.filter((b) => b.betType === 'main').map((b) => b.seat))),
  describe: (state, env) => describeTable(state, env, 1),
  narrate: (fact, _before, after, env) => narrateTable(fact, after, env),
  play,
};
