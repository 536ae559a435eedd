/**
 * The European no-hole-card blackjack table that blackjack and triple blackjack share (docs/decisions/games.md#blackjack):
 * what a card, a decision, an insurance, a bet's limits and the session's opening are judged by, how a hand and an
 * insurance settle, the shoe, and how a round is described and narrated. Each game's rules.ts adds its own bets and
 * its own croupier. Rules are named `blackjack/…` whichever game plays them (triple blackjack renames its
 * settlements), as the findings and the recorded verdicts always have been.
 */
import { DECK_52, isJoker, parseCard, seededRandom, shoeCards, shuffle } from './cards';
import type { LimitCheck, PlayContext, PlayedFact, RoundEnv, SessionOpening, ShoeRules } from './game';
import { optionCite } from './game';
import {
  boxOfBet,
  compareWithDealer,
  dealerFinished,
  dealerHand,
  dealerHasCompetitor,
  dealerMustDraw,
  describeCards,
  Hand,
  handBlackjack,
  handBusted,
  handNumber,
  handOf,
  handTotal,
  oddsPayout,
  parsePosition,
  playTotal,
  sevensOnly,
  TableBet,
  TableState,
} from './blackjack-hand';
import { BlackjackRulebook, optionBool, SevensCombination, SevensPrizes } from './blackjack-rulebook';
import { findingsOf, undecided } from './findings';
import { chipUnit } from './money';
import { amount, phrase, said, term, type Phrase, type PhraseValue, type Said } from './phrase';
import { cited } from './types';
import type { Bet, Fact, Finding, Refusal, SettlementVerdict } from './types';

/** A box (and its hand, where it has several) as a finding's phrase names it. */
const whereOf = (box: number, hand?: number): Phrase => phrase('finding.blackjack.where', { box, hand: hand ?? 'none' });
/** The dealer (and which play, at a table of several plays). */
const dealerP = (play: number, several: boolean): Phrase => phrase('finding.blackjack.dealer', { play: several ? play : 'none' });

type Env = RoundEnv<BlackjackRulebook>;

const GAME = 'blackjack';
const { finding, expectedSettlement } = findingsOf(GAME);

// ---- options and small helpers -------------------------------------------------------------

export const aceOne = (env: Env) => optionBool(env.options, 'doubleAceCountsOne', false);
export const hitSoft17 = (env: Env) => optionBool(env.options, 'dealerHitsSoft17', env.rulebook.dealerHitsSoft17.value);
export const boxesOf = (env: Env) => (typeof env.options.boxes === 'number' ? (env.options.boxes as number) : env.rulebook.boxes.value);
/** An explanation as a phrase of the narrative catalogue (`blackjack.*`), for the other languages (issue 16). */
export const blackjackPhrase = (key: string, values?: Record<string, PhraseValue>) => phrase(`blackjack.${key}`, values);

const compareRules = (env: Env) => ({
  blackjackPays: env.rulebook.blackjackPays.value,
  winPays: env.rulebook.winPays.value,
  doubleAceCountsOne: aceOne(env),
  threeSevensPays: env.rulebook.threeSevensPays.value,
});

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
      if (at.kind === 'box' && !seatOk(at.seat))
        return { field: 'data.to', reason: `box ${at.seat} does not exist: the table has ${boxesOf(env)} boxes (${env.rulebook.boxes.cite})` };
      return null;
    }
    case 'BetPlaced':
      if (!seatOk(d.seat))
        return { field: 'data.seat', reason: `box ${d.seat} does not exist: the table has ${boxesOf(env)} boxes (${env.rulebook.boxes.cite})` };
      return null;
    case 'PlayerDecision':
      if (!decisions.includes(String(d.decision)))
        return { field: 'data.decision', reason: `"${d.decision}" is not a ${env.rulebook.game} decision (${decisions.join(', ')})` };
      if (!seatOk(d.seat)) return { field: 'data.seat', reason: `box ${d.seat} does not exist: the table has ${boxesOf(env)} boxes` };
      const hand = handNumber(d.hand); // left out or null: the first hand
      if (!(Number.isInteger(hand) && hand >= 1)) return { field: 'data.hand', reason: 'a hand is numbered from 1' };
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
    return [
      finding({
        code: 'CARD_COUNT_EXCEEDED',
        rule: 'shoe-decks',
        citation: rb.decks.cite,
        message: `a shoe of ${shoe.decks} decks; the regulation's shoe holds ${rb.decks.value}`,
        messagePhrase: phrase('finding.shoeDecks', { decks: shoe.decks, due: rb.decks.value }),
        expected: rb.decks.value,
        recorded: shoe.decks,
      }),
    ];
  }
  if (fact.type !== 'CardDealt' || !shoe || Object.keys(shoe.dealt).length > 0) return [];
  const at = parsePosition(fact.data.to);
  if (at?.kind === 'burn' && (before.dealStarted || before.burned >= rb.burnCards.value)) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'burn',
        citation: rb.burnCards.cite,
        message: `only the first ${rb.burnCards.value} cards of a new shoe are burned`,
        messagePhrase: phrase('finding.blackjack.burnOnlyFirst', { due: rb.burnCards.value }),
        expected: rb.burnCards.value,
        recorded: before.burned + 1,
      }),
    ];
  }
  if (at && at.kind !== 'burn' && !before.dealStarted && before.burned !== rb.burnCards.value) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'burn',
        citation: rb.burnCards.cite,
        message: `a new shoe burns its first ${rb.burnCards.value} cards before the deal; ${before.burned} were burned`,
        messagePhrase: phrase('finding.blackjack.burnFirst', { due: rb.burnCards.value, burned: before.burned }),
        expected: rb.burnCards.value,
        recorded: before.burned,
      }),
    ];
  }
  return [];
}

/** A player's draw: never on 21 or more, one card on a double, one card on a split ace, none after the dealer (euskadi L1592–1602, L1757–1758, L1767–1773). */
export function judgePlayerCard(before: TableState, seat: number, handNo: number, named: boolean, env: Env): Finding[] {
  const rb = env.rulebook;
  const box = before.boxes[seat];
  if (!before.bets.some((b) => b.betType === 'main' && b.seat === seat)) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'deal',
        citation: rb.source,
        message: `a card was dealt to box ${seat}, which has no bet`,
        messagePhrase: phrase('finding.blackjack.noBet', { box: seat }),
        expected: 'no card',
        recorded: `seat:${seat}`,
      }),
    ];
  }
  if (handNo > (box?.hands.length ?? 1)) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'deal',
        citation: rb.source,
        message: `box ${seat} has no hand ${handNo} (no split made it)`,
        messagePhrase: phrase('finding.blackjack.noHand', { box: seat, hand: handNo }),
        expected: `hand ≤ ${box?.hands.length ?? 1}`,
        recorded: handNo,
      }),
    ];
  }
  const hand = handOf(before, seat, handNo);
  if (!hand || hand.cards.length < 2) return [];
  const where = `box ${seat}${named || (box?.hands.length ?? 1) > 1 ? ` hand ${handNo}` : ''}`;
  const whereP = whereOf(seat, named || (box?.hands.length ?? 1) > 1 ? handNo : undefined);
  const total = playTotal(hand, aceOne(env));
  if (hand.surrendered)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'player-draw',
        citation: rb.source,
        message: `${where} surrendered and takes no card`,
        messagePhrase: phrase('finding.blackjack.surrendered', { where: whereP }),
        expected: 'no card',
        recorded: 'card',
      }),
    ];
  if (hand.splitAces)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'split-aces',
        citation: rb.splitAcesOneCard.cite,
        message: `${where} is a split ace: one card only`,
        messagePhrase: phrase('finding.blackjack.splitAce', { where: whereP }),
        expected: 2,
        recorded: hand.cards.length + 1,
      }),
    ];
  if (hand.doubled && hand.cards.length >= 3)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'double',
        citation: rb.doubleOnTotals.cite,
        message: `${where} doubled: one card only`,
        messagePhrase: phrase('finding.blackjack.doubledOne', { where: whereP }),
        expected: 3,
        recorded: hand.cards.length + 1,
      }),
    ];
  if (total >= rb.playerStopsAt.value)
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'player-draw',
        citation: rb.playerStopsAt.cite,
        message: `${where} has ${total}: no card on 21 or more`,
        messagePhrase: phrase('finding.blackjack.on21', { where: whereP, total }),
        expected: 'stand',
        recorded: 'draw',
      }),
    ];
  if (before.dealerDraws.some((d) => d.length > 0))
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'player-draw',
        citation: rb.dealerHitsSoft17.cite,
        message: `${where} drew after the dealer had started drawing`,
        messagePhrase: phrase('finding.blackjack.afterDealer', { where: whereP }),
        expected: 'no card',
        recorded: 'card',
      }),
    ];
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
  const dealing = [...new Set(before.bets.filter((b) => b.betType === 'main').map((b) => b.seat))].find((seat) =>
    (before.boxes[seat]?.hands ?? [undefined]).some((h) => !h || h.cards.length < 2),
  );
  if (dealing !== undefined) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'dealer-draw',
        citation: cite,
        message: `dealer${play > 1 ? ` (play ${play})` : ''} drew before the players had played: box ${dealing} has not its two cards`,
        messagePhrase: phrase('finding.blackjack.dealerEarly', { dealer: dealerP(play, play > 1), box: dealing }),
        expected: 'no card',
        recorded: 'draw',
      }),
    ];
  }
  if (!dealerMustDraw(dealer, soft17)) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'dealer-draw',
        citation: cite,
        message: `dealer${play > 1 ? ` (play ${play})` : ''} has ${t.soft ? 'soft ' : ''}${t.best} and must stand on 17 or more`,
        messagePhrase: phrase('finding.blackjack.dealerStands', { dealer: dealerP(play, play > 1), soft: t.soft ? 'yes' : 'no', total: t.best }),
        expected: 'stand',
        recorded: 'draw',
      }),
    ];
  }
  if (env.rulebook.dealerDrawsOnlyAgainstLiveHand.value && !dealerHasCompetitor(before, aceOne(env), inPlay)) {
    return [
      finding({
        code: 'DRAW_RULE_VIOLATION',
        rule: 'dealer-draw',
        citation: env.rulebook.dealerDrawsOnlyAgainstLiveHand.cite,
        message: `dealer${play > 1 ? ` (play ${play})` : ''} drew with no hand left to compete with`,
        messagePhrase: phrase('finding.blackjack.dealerNoCompetitor', { dealer: dealerP(play, play > 1) }),
        expected: 'no draw',
        recorded: 'draw',
      }),
    ];
  }
  return [];
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
  return [
    finding({
      code: 'SESSION_RULE_VIOLATION',
      rule: 'minimum-hands',
      citation: minimum.cite,
      message: `the coup was dealt with ${hands} hand${hands === 1 ? '' : 's'} bet on; no coup begins with fewer than ${minimum.value}`,
      messagePhrase: phrase('finding.blackjack.minimumHands', { hands, min: minimum.value }),
      expected: minimum.value,
      recorded: hands,
    }),
  ];
}

/** Insurance: only against a dealer's ace, before the first third card, at most half the box's bet (euskadi L1646–1727). */
export function judgeInsurance(bet: Bet, state: TableState, env: Env, insured: readonly TableBet[]): Finding[] {
  const rb = env.rulebook;
  if (state.dealerFirst?.rank !== 'A')
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'insurance',
        citation: rb.insurancePays.cite,
        message: "insurance is offered only when the dealer's first card is an ace",
        messagePhrase: phrase('finding.blackjack.insuranceNoAce'),
        expected: 'dealer ace',
        recorded: state.dealerFirst?.code ?? 'no dealer card',
        betId: bet.betId,
      }),
    ];
  if (state.playStarted)
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'insurance',
        citation: rb.insurancePays.cite,
        message: 'insurance after the first third card was given',
        messagePhrase: phrase('finding.blackjack.insuranceLate'),
        expected: 'before the first third card',
        recorded: 'after',
        betId: bet.betId,
      }),
    ];
  if (!insured.length)
    return [
      finding({
        code: 'BET_NOT_ALLOWED',
        rule: 'insurance',
        citation: rb.insurancePays.cite,
        message: `insurance on box ${bet.seat}, which has no bet to insure`,
        messagePhrase: phrase('finding.blackjack.insuranceNoBet', { box: String(bet.seat) }),
        expected: 'a main bet',
        recorded: 'none',
        betId: bet.betId,
      }),
    ];
  const cap = Math.floor(insured.reduce((t, b) => t + b.amount, 0) * rb.insuranceMaxShare.value);
  // every insurance on the same bets counts against the half
  const already = state.bets
    .filter((b) => b.betType === 'insurance' && b.seat === Number(bet.seat) && insured.some((m) => boxOfBet(m) === boxOfBet(b)))
    .reduce((t, b) => t + b.amount, 0);
  if (already + bet.amount > cap)
    return [
      finding({
        code: 'BET_ABOVE_MAXIMUM',
        rule: 'insurance',
        citation: rb.insuranceMaxShare.cite,
        message: `insurance ${already ? `${already} + ` : ''}${bet.amount} is more than half the box's bet (${cap})`,
        messagePhrase: phrase('finding.blackjack.insuranceHalf', { already: already ? amount(already) : 'none', amount: amount(bet.amount), cap: amount(cap) }),
        expected: cap,
        recorded: already + bet.amount,
        betId: bet.betId,
      }),
    ];
  return [];
}

export function betLimits(bet: Bet, env: Env): { min?: LimitCheck; max?: LimitCheck } {
  const rb = env.rulebook;
  const tableMin: LimitCheck = { amount: env.ctx.limits.min, rule: `${GAME}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
  switch (bet.betType) {
    case 'insurance': {
      const share = rb.insuranceMinShareOfTableMin.value;
      const min = share
        ? { amount: Math.floor(share * env.ctx.limits.min), rule: `${GAME}/insurance-minimum`, citation: rb.insuranceMinShareOfTableMin.cite }
        : undefined;
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

/** A box's hand against the dealer's play (blackjack: play 1). */
export function settleHand(state: TableState, hand: Hand | undefined, stake: number, env: Env, play = 1, inPlay?: (b: TableBet) => boolean): SettlementVerdict {
  const rb = env.rulebook;
  if (!hand || hand.cards.length < 2) return undecided('the hand has not had its two cards');
  const doubledStake = hand.doubled ? stake * 2 : stake;
  const ones = aceOne(env);
  if (hand.surrendered)
    return expectedSettlement({
      outcome: 'half-lost',
      payout: 0,
      rule: 'surrender',
      citation: optionCite(env, 'surrender'),
      explanation: 'surrendered: half the bet is lost, half returned',
      explanationPhrase: blackjackPhrase('surrendered'),
    });
  if (hand.evenMoney) {
    return expectedSettlement({
      outcome: 'win',
      payout: oddsPayout(stake, 1, chipUnit(env.ctx)),
      rule: 'even-money',
      citation: rb.evenMoney.cite,
      explanation: 'blackjack against a dealer ace, even money taken: pays 1:1',
      explanationPhrase: blackjackPhrase('evenMoney'),
    });
  }
  if (handBusted(hand, ones))
    return expectedSettlement({
      outcome: 'lose',
      payout: 0,
      rule: 'bust',
      citation: rb.playerStopsAt.cite,
      explanation: `player busts with ${playTotal(hand, ones)}: the bet is lost`,
      explanationPhrase: blackjackPhrase('bust', { player: playTotal(hand, ones) }),
    });
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
  const explained = hand.doubled ? blackjackPhrase('doubled', { why: c.whyPhrase, stake: amount(doubledStake), acesOne: ones ? 'yes' : 'no' }) : c.whyPhrase;
  return expectedSettlement({
    outcome: c.result,
    payout: c.result === 'win' ? oddsPayout(doubledStake, c.odds, chipUnit(env.ctx)) : 0,
    rule,
    citation: cite,
    explanation: c.why + doubled,
    explanationPhrase: explained,
  });
}

/** Insurance pays 2:1 when the dealer makes blackjack (euskadi L1646–1727). */
export function settleInsurance(state: TableState, stake: number, env: Env, play = 1): SettlementVerdict {
  const dealer = dealerHand(state, play);
  const cite = env.rulebook.insurancePays.cite;
  if (dealer.length < 2) return undecided("the dealer's second card is not dealt");
  if (dealer.length === 2 && handTotal(dealer).best === 21) {
    return expectedSettlement({
      outcome: 'win',
      payout: oddsPayout(stake, env.rulebook.insurancePays.value, chipUnit(env.ctx)),
      rule: 'insurance',
      citation: cite,
      explanation: 'dealer blackjack: insurance pays 2:1',
      explanationPhrase: blackjackPhrase('insuranceWins'),
    });
  }
  return expectedSettlement({
    outcome: 'lose',
    payout: 0,
    rule: 'insurance',
    citation: cite,
    explanation: 'dealer has no blackjack: the insurance is lost',
    explanationPhrase: blackjackPhrase('insuranceLost'),
  });
}

export type SevensPrize = Exclude<SevensCombination, 'three-suited-sevens'>;
export const SEVENS_PRIZES: readonly SevensPrize[] = ['seven', 'two-sevens', 'two-suited-sevens', 'three-sevens'];

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
  if ('sevensSuitedPairPays' in options && !amount(options.sevensSuitedPairPays))
    return { field: 'options.sevensSuitedPairPays', reason: 'net odds "N to 1": a number ≥ 0' };
  if ('boxes' in options && !(Number.isInteger(options.boxes) && (options.boxes as number) >= 1))
    return { field: 'options.boxes', reason: 'a number of boxes' };
  const table = options.sevensPrizes as { odds?: Record<string, unknown>; jackpotFloor?: unknown } | null | undefined;
  if (table !== undefined && table !== null) {
    if (typeof table !== 'object' || typeof table.odds !== 'object' || !table.odds)
      return { field: 'options.sevensPrizes', reason: '{ odds: { seven, "two-sevens", "two-suited-sevens", "three-sevens" }, jackpotFloor }' };
    for (const name of SEVENS_PRIZES)
      if (!amount(table.odds[name])) return { field: `options.sevensPrizes.odds.${name}`, reason: 'net odds "N to 1": a number ≥ 0' };
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
  const flag = (rule: string, citation: string, message: Said, expectedValue: unknown, recorded: unknown) =>
    out.push({
      ...finding({ code: 'SESSION_RULE_VIOLATION', rule, citation, message: message.text, messagePhrase: message.phrase, expected: expectedValue, recorded }),
      ...at,
    });
  if (opening.options.dealerHitsSoft17 === true && !rb.dealerHitsSoft17.value) {
    flag(
      'dealer-soft-17',
      rb.dealerHitsSoft17.cite,
      said(
        'the session declares that the dealer draws on soft 17; the text makes him count the ace as 11 once that reaches 17, and stand',
        'finding.blackjack.soft17Declared',
      ),
      false,
      true,
    );
  }
  const declared = opening.options.sevensPrizes as SevensPrizes | null | undefined;
  const minimum = minimumSevensPrizes(env);
  if (declared && minimum) {
    for (const name of SEVENS_PRIZES) {
      if (declared.odds[name] < minimum.odds[name]) {
        flag(
          'sevens-prizes',
          name === 'two-suited-sevens' ? optionCite(env, 'sevensSuitedPairPays') : rb.sevens.cite,
          said(
            `the session's sevens table pays ${name.replace(/-/g, ' ')} ${declared.odds[name]}:1, below the minimum ${minimum.odds[name]}:1 ("como mínimo"); the minimum is judged`,
            'finding.blackjack.sevensBelow',
            { prize: term('sevens', name), odds: declared.odds[name], minimum: minimum.odds[name] },
          ),
          `≥ ${minimum.odds[name]}`,
          declared.odds[name],
        );
      }
    }
    if (declared.jackpotFloor < minimum.jackpotFloor) {
      flag(
        'sevens-prizes',
        rb.sevens.cite,
        said(
          `the session's sevens jackpot is at least ${declared.jackpotFloor} × the stake; the text: never below ${minimum.jackpotFloor} ×`,
          'finding.blackjack.sevensFloor',
          { declared: declared.jackpotFloor, minimum: minimum.jackpotFloor },
        ),
        `≥ ${minimum.jackpotFloor}`,
        declared.jackpotFloor,
      );
    }
  }
  const boxes = opening.options.boxes;
  if (typeof boxes === 'number' && boxes > rb.mostBoxes.value) {
    flag(
      'boxes',
      rb.mostBoxes.cite,
      said(`the session declares ${boxes} boxes; a table has at most ${rb.mostBoxes.value}`, 'finding.blackjack.boxes', { boxes, max: rb.mostBoxes.value }),
      `≤ ${rb.mostBoxes.value}`,
      boxes,
    );
  }
  const { min, max } = opening.limits;
  if (min > 0 && max > rb.maxMultipleOfMin.value * min) {
    flag(
      'maximum-multiple',
      rb.maxMultipleOfMin.cite,
      said(
        `the table maximum ${max} is more than ${rb.maxMultipleOfMin.value} × the minimum ${min}; bets are judged against ${rb.maxMultipleOfMin.value * min}`,
        'finding.maximumMultiple',
        { max: amount(max), multiple: rb.maxMultipleOfMin.value, min: amount(min), judged: amount(rb.maxMultipleOfMin.value * min) },
      ),
      `≤ ${rb.maxMultipleOfMin.value * min}`,
      max,
    );
  } else if (min > 0 && !rb.maxTiers.value.some((k) => k * min === max)) {
    // "El máximo ... es fijado por cada mesa en la autorización en 25, 50, 100 ó 200 veces el mínimo"
    flag(
      'maximum-tier',
      rb.maxTiers.cite,
      said(
        `the table maximum ${max} is ${+(max / min).toFixed(2)} × the minimum ${min}; the authorisation fixes it at ${rb.maxTiers.value.join(', ')} ×`,
        'finding.blackjack.maximumTier',
        { max: amount(max), multiple: +(max / min).toFixed(2), min: amount(min), tiers: rb.maxTiers.value.join(', ') },
      ),
      rb.maxTiers.value.map((k) => k * min),
      max,
    );
  }
  return out;
}

// ---- end of round --------------------------------------------------------------------------

/** Cards owed at the end: each hand's second card, a doubled hand's card, the dealer's draws. */
export function judgeTableEnd(
  state: TableState,
  env: Env,
  plays: number,
  inPlay: (play: number) => (b: TableBet) => boolean,
  boxesInGame: Iterable<number>,
): Finding[] {
  const out: Finding[] = [];
  const ones = aceOne(env);
  for (const seat of boxesInGame) {
    const box = state.boxes[seat];
    (box?.hands ?? [undefined]).forEach((h, i) => {
      const where = `box ${seat}${(box?.hands.length ?? 1) > 1 ? ` hand ${i + 1}` : ''}`;
      if (!h || h.cards.length < 2)
        out.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            rule: 'deal',
            citation: env.rulebook.source,
            message: `${where} never received its second card`,
            messagePhrase: phrase('finding.blackjack.noSecond', { where: whereOf(seat, (box?.hands.length ?? 1) > 1 ? i + 1 : undefined) }),
            expected: 2,
            recorded: h?.cards.length ?? 0,
          }),
        );
      else if (h.doubled && h.cards.length < 3 && !h.surrendered)
        out.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            rule: 'double',
            citation: env.rulebook.doubleOnTotals.cite,
            message: `${where} doubled and never received its card`,
            messagePhrase: phrase('finding.blackjack.doubledNoCard', { where: whereOf(seat, (box?.hands.length ?? 1) > 1 ? i + 1 : undefined) }),
            expected: 3,
            recorded: h.cards.length,
          }),
        );
    });
  }
  for (let play = 1; play <= plays; play++) {
    const dealer = dealerHand(state, play);
    if (!dealer.length) continue;
    if (dealerMustDraw(dealer, hitSoft17(env)) && dealerHasCompetitor(state, ones, inPlay(play))) {
      const t = handTotal(dealer);
      out.push(
        finding({
          code: 'DRAW_RULE_VIOLATION',
          rule: 'dealer-draw',
          citation: optionCite(env, 'dealerHitsSoft17'),
          message: `dealer${plays > 1 ? ` (play ${play})` : ''} stood on ${t.soft ? 'soft ' : ''}${t.best}: the dealer draws below 17`,
          messagePhrase: phrase('finding.blackjack.dealerStood', { dealer: dealerP(play, plays > 1), soft: t.soft ? 'yes' : 'no', total: t.best }),
          expected: 'draw',
          recorded: 'stand',
        }),
      );
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
    return said(`${card} to the dealer${at.play > 1 ? ` (play ${at.play})` : ''}: ${total}`, 'blackjack.toDealer', {
      card,
      play: at.play > 1 ? String(at.play) : 'none',
      total: String(total),
    });
  }
  const h = handOf(after, at.seat, at.hand);
  if (!h) return undefined;
  const total = playTotal(h, aceOne(env));
  return said(`${card} to box ${at.seat}${at.named ? ` hand ${at.hand}` : ''}: ${total}`, 'blackjack.toBox', {
    card,
    box: String(at.seat),
    hand: at.named ? String(at.hand) : 'none',
    total: String(total),
  });
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
  facts.push({
    type: 'ShoeStarted',
    data: { sessionId: ctx.sessionId, shoeId: `${ctx.sessionId}-shoe-${memory.shoeNo}`, decks: rb.decks.value, cutCardPosition: memory.shoe.length - reserve },
  });
  return true;
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
