/**
 * Pai gow poker: seven cards each and to the bank (52 + joker); each sets a two-card low hand and a
 * five-card high hand that must outrank it. Both player hands higher: `main` wins 1:1 less the
 * commission (session option `commissionRate`, ≤ 5 %, docs/decisions/open-questions.md#oq-36); one higher: push; otherwise
 * the bank wins (it wins every tie). A wrongly set player hand always loses. Every box is settled
 * against the croupier's hands (docs/decisions/open-questions.md#oq-35; a `hold-bank` decision is recorded, the player-bank's own
 * accounts with the other players are not modelled). Facts: `PlayerDecision` "set-hands" with `low`
 * [2 cards]; game fact `BankSetHands { roundId, low }`; `DiceThrown` (3 dice) for the first hand.
 * Rulebooks: ./rulebook.ts.
 */
import { DECK_52, parseCard, withJokers } from '../../core/cards';
import { roundFact, type GameRules, type RoundEnv } from '../../core/game';
import { field } from '../../core/fields';
import { applyRate } from '../../core/money';
import {
  BankPokerState,
  betsOf,
  cardsAt,
  Croupier,
  DEALER,
  DealSpec,
  decisionsOf,
  describeState,
  emptyState,
  evolveBankPoker,
  isComplete,
  judgeBoxCount,
  judgeCard,
  judgeDealEnd,
  judgeOffered,
  lose,
  notAllowed,
  noSuchBox,
  optionCite,
  optionOr,
  push,
  returned,
  receivedAt,
  refuseCard,
  refuseDecision,
  seatOf,
  seatPosition,
  seatsWith,
} from '../../core/poker/bank';
import { findingsOf, undecided } from '../../core/findings';
import {
  choose,
  compareHands,
  evaluateFive,
  handName,
  handPhrase,
  HandValue,
  JokerInFlush,
  PAI_GOW,
  PAI_GOW_JOKER_ACE,
  Ranking,
} from '../../core/poker/evaluate';
import { amount, phrase, said, term, type Phrase, type PhraseValue } from '../../core/phrase';
import type { Fact, Finding, SettlementVerdict } from '../../core/types';
import { PaiGowRulebook, rulebooks } from './rulebook';

const GAME = 'pai-gow-poker';
const { finding, expectedSettlement } = findingsOf(GAME);
type R = PaiGowRulebook;
type Env = RoundEnv<R>;
const DECK = withJokers(DECK_52, 1);

export interface PaiGowState extends BankPokerState {
  /** the bank's low hand as set (null until `BankSetHands`) */
  readonly bankLow: readonly string[] | null;
}

/** The session's ranking: the joker completing a flush is the highest missing card, or an ace (option `jokerInFlush`). */
export function paiGowRanking(env: Env): Ranking {
  return optionOr<JokerInFlush>(env, 'jokerInFlush', 'highest-missing') === 'ace' ? PAI_GOW_JOKER_ACE : PAI_GOW;
}

const strength = (category: 'pair' | 'high-card') => PAI_GOW.order.length - PAI_GOW.order.indexOf(category);

/** The two-card low hand: a pair or high cards; the joker is an ace. */
export function evaluateTwo(cards: readonly string[]): HandValue {
  const values = cards.map((c) => (parseCard(c)!.rank === 'JK' ? 14 : parseCard(c)!.value)).sort((a, b) => b - a);
  const category = values[0] === values[1] ? 'pair' : 'high-card';
  return { category, strength: strength(category), ranks: category === 'pair' ? [values[0]] : values, cards: [...cards], ranking: PAI_GOW.name };
}

export interface SetHands {
  readonly high: HandValue;
  readonly low: HandValue;
  /** the high hand does not outrank the low, or the low is not two of the seven cards */
  readonly foul: string | null;
}

/** Split seven cards into the declared low hand and the high hand of the five others. */
export function setHands(seven: readonly string[], low: readonly string[], ranking: Ranking = PAI_GOW): SetHands | null {
  if (seven.length !== 7) return null;
  const rest = [...seven];
  for (const c of low) {
    const at = rest.indexOf(parseCard(c)?.code ?? c);
    if (at < 0) return { high: evaluateTwo(seven.slice(0, 2)), low: evaluateTwo(seven.slice(0, 2)), foul: `${c} is not one of the seven cards` };
    rest.splice(at, 1);
  }
  if (low.length !== 2) return { high: evaluateTwo(seven.slice(0, 2)), low: evaluateTwo(seven.slice(0, 2)), foul: `the low hand has ${low.length} cards` };
  const high = evaluateFive(rest, ranking);
  const lowHand = evaluateTwo(low);
  return {
    high,
    low: lowHand,
    foul: compareHands(high, lowHand) > 0 ? null : `the high hand (${handName(high)}) does not outrank the low hand (${handName(lowHand)})`,
  };
}

/** The bank's way for the croupier's play: the best legal low hand, then the best high hand. */
export function houseWay(seven: readonly string[], ranking: Ranking = PAI_GOW): readonly string[] {
  let best: { low: string[]; set: SetHands } | null = null;
  for (const low of choose(seven, 2)) {
    const set = setHands(seven, low, ranking)!;
    if (set.foul) continue;
    if (!best || compareHands(set.low, best.set.low) > 0 || (compareHands(set.low, best.set.low) === 0 && compareHands(set.high, best.set.high) > 0))
      best = { low, set };
  }
  return best!.low;
}

const deal: DealSpec<R> = {
  count(s, position, env) {
    const n = env.rulebook.cardsPerHand;
    if (position === DEALER) return { due: n.value, rule: `${GAME}/deal`, citation: n.cite };
    const seat = seatOf(position);
    const inPlay = seat !== null && betsOf(s, seat, 'main').length > 0;
    return { due: inPlay ? n.value : 0, rule: `${GAME}/deal`, citation: inPlay ? n.cite : `${n.cite}: hands go to the players with a bet and the bank` };
  },
  burns: (_s, env) => ({ due: 0, rule: `${GAME}/deal`, citation: env.rulebook.cardsPerHand.cite }),
  positions: (s) => [DEALER, ...seatsWith(s, ['main']).map(seatPosition)],
};

/** The bank's hands as set, worked out once per state and ranking: every box is settled against them (states never change). */
const bankSets = new WeakMap<PaiGowState, Map<Ranking, SetHands | null>>();
function bankHands(s: PaiGowState, ranking: Ranking): SetHands | null {
  let byRanking = bankSets.get(s);
  if (!byRanking) bankSets.set(s, (byRanking = new Map()));
  let set = byRanking.get(ranking);
  if (set === undefined) byRanking.set(ranking, (set = s.bankLow ? setHands(cardsAt(s, DEALER), s.bankLow, ranking) : null));
  return set;
}

const playerLow = (s: BankPokerState, seat: unknown) => decisionsOf(s, seat as number, 'set-hands').at(-1)?.low ?? null;

const commissionRate = (env: Env) => Number(optionOr(env, 'commissionRate', env.rulebook.maxCommission.value));

function settleMain(s: PaiGowState, bet: { seat?: unknown; amount: number; betId: string }, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const seven = cardsAt(s, seatPosition(bet.seat as number));
  const bankSeven = cardsAt(s, DEALER);
  if (seven.length !== 7 || bankSeven.length !== 7) return undecided('the seven-card hands are not complete');
  const low = playerLow(s, bet.seat);
  if (!low) return undecided(`box ${bet.seat} has not set its hands`);
  if (!s.bankLow) return undecided('the bank has not set its hands');
  const ranking = paiGowRanking(env);
  const player = setHands(seven, low, ranking)!;
  if (player.foul)
    return lose({
      rule: `${GAME}/foul-hand`,
      citation: rb.foulLoses.cite,
      why: said(`box ${bet.seat}'s hand is wrongly set (${player.foul}): it always loses`, 'paiGow.foul', { box: String(bet.seat) }),
    });
  const bank = bankHands(s, ranking)!;
  // the bank wins every tie ("igualdad")
  const highWins = compareHands(player.high, bank.high) > 0;
  const lowWins = compareHands(player.low, bank.low) > 0;
  const versus = `high ${handName(player.high)} vs ${handName(bank.high)}, low ${handName(player.low)} vs ${handName(bank.low)}`;
  // the two hands against the bank's, and who wins (issue 16)
  const compared = (winner: 'both' | 'one' | 'bank', more: Record<string, PhraseValue> = {}): Phrase =>
    phrase('paiGow.compared', {
      playerHigh: handPhrase(player.high),
      bankHigh: handPhrase(bank.high),
      playerLow: handPhrase(player.low),
      bankLow: handPhrase(bank.low),
      winner,
      ...more,
    });
  if (highWins && lowWins) {
    const rate = commissionRate(env);
    const win = bet.amount * rb.winOdds.value;
    const commission = applyRate(win, rate, env.ctx.smallestChip);
    return expectedSettlement({
      outcome: 'win',
      payout: win - commission,
      rule: 'both-hands-win',
      citation: `${rb.outcomes.cite}; ${optionCite(env, 'commissionRate')}`,
      explanation: `${versus}: both hands win, pays 1:1 (${win}) less ${rate * 100} % commission (${commission})`,
      explanationPhrase: compared('both', { win: amount(win), percent: rate * 100, commission: amount(commission) }),
      commission,
    });
  }
  if (highWins || lowWins)
    return push({
      rule: `${GAME}/one-hand-wins`,
      citation: rb.outcomes.cite,
      why: { text: `${versus}: one hand each ("partida nula")`, phrase: compared('one') },
    });
  return lose({
    rule: `${GAME}/bank-wins`,
    citation: rb.outcomes.cite,
    why: { text: `${versus}: the bank wins (it wins every tie)`, phrase: compared('bank') },
  });
}

function judgeSetting(before: PaiGowState, fact: Fact, env: Env): Finding[] {
  if (fact.type !== 'BankSetHands') return [];
  const findings: Finding[] = [];
  // the croupier sees his cards only once every player has set his hands face down
  const unset = seatsWith(before, ['main']).filter((seat) => playerLow(before, seat) === null);
  if (unset.length)
    findings.push(
      finding({
        code: 'SEQUENCE_VIOLATION',
        expected: 'every box sets its hands before the bank',
        recorded: `box ${unset.join(', ')} not set`,
        rule: 'setting-order',
        citation: env.rulebook.settingOrder.cite,
        message: `the bank sets its hands before box ${unset.join(', ')} has set ${unset.length === 1 ? 'its' : 'theirs'}: the croupier may not see his cards until every player has set his hands`,
        messagePhrase: phrase('finding.paiGow.bankFirst', { count: unset.length, boxes: unset.join(', ') }),
      }),
    );
  const seven = cardsAt(before, DEALER);
  const set = setHands(seven, (fact.data.low as string[]) ?? [], paiGowRanking(env));
  // the text states no house way; a foul bank setting is still a setting the rules forbid (high must outrank low)
  if (seven.length === 7 && set?.foul)
    findings.push(
      finding({
        code: 'DRAW_RULE_VIOLATION',
        expected: 'a high hand that outranks the low hand',
        recorded: fact.data.low,
        rule: 'bank-setting',
        citation: env.rulebook.lowCards.cite,
        message: `the bank's hands are wrongly set: ${set.foul}`,
        messagePhrase: phrase('finding.paiGow.foul', { high: handPhrase(set.high), low: handPhrase(set.low) }),
      }),
    );
  return findings;
}

export const rules: GameRules<PaiGowState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  factTypes: {
    // low: a list of two cards, checked in `refuse`
    BankSetHands: roundFact("the croupier's (bank's) setting: low [2 cards]; the other five are the high hand", { low: field('any') }),
  },
  deck: () => DECK,

  refuseOptions(options, rulebook) {
    const joker = options.jokerInFlush;
    if (joker !== undefined && !(['highest-missing', 'ace'] satisfies JokerInFlush[]).includes(joker as JokerInFlush))
      return { field: 'options.jokerInFlush', reason: `"highest-missing" or "ace" (${rulebook.options?.jokerInFlush?.cite})` };
    const rate = options.commissionRate;
    if (rate === undefined) return null;
    return typeof rate === 'number' && rate >= 0 && rate <= rulebook.maxCommission.value
      ? null
      : { field: 'options.commissionRate', reason: `the commission is at most ${rulebook.maxCommission.value * 100} % (${rulebook.maxCommission.cite})` };
  },
  refuse(fact, env) {
    const r = refuseCard(fact, DECK) ?? refuseDecision(fact, ['set-hands', 'hold-bank']);
    if (r) return r;
    if (fact.type === 'DiceThrown') {
      const dice = fact.data.dice;
      const n = env.rulebook.dice.value;
      if (!Array.isArray(dice) || dice.length !== n || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6))
        return { field: 'data.dice', reason: `${n} dice, each face 1–6 (${env.rulebook.dice.cite})` };
    }
    if (
      (fact.type === 'BankSetHands' || (fact.type === 'PlayerDecision' && fact.data.decision === 'set-hands')) &&
      !(Array.isArray(fact.data.low) && fact.data.low.length === 2)
    )
      return { field: 'data.low', reason: 'the low hand is two cards' };
    return null;
  },

  initialState: () => ({ ...emptyState(), bankLow: null }),
  evolve(s, fact) {
    if (fact.type === 'BankSetHands') return { ...s, bankLow: (fact.data.low as string[]).map((c) => parseCard(c)?.code ?? c) };
    const next = evolveBankPoker(s, fact);
    // a fact that changes nothing (a settlement) keeps the state itself, and what was worked out on it
    return next === s ? s : { ...s, ...next };
  },
  judgeFact: (before, fact, env) => [...judgeCard(GAME, deal, before, fact, env), ...judgeSetting(before, fact, env)],

  judgeBet(bet, state, env): Finding[] {
    const rb = env.rulebook;
    const findings = judgeOffered(GAME, bet, rb.betTypes, rb.source);
    if (findings.length) return findings;
    const box = Number(bet.seat);
    if (!(Number.isInteger(box) && box >= 1 && box <= rb.boxes.value))
      findings.push(
        notAllowed(GAME, bet, {
          rule: 'box',
          citation: rb.boxes.cite,
          message: noSuchBox(bet, rb.boxes.value, 'layout'),
          expected: `a box from 1 to ${rb.boxes.value}`,
        }),
      );
    findings.push(...judgeBoxCount(GAME, bet, state, 'main', rb.betsPerBox));
    if (receivedAt(state, seatPosition(bet.seat as number)) > 0)
      findings.push(
        notAllowed(GAME, bet, {
          rule: 'bet-before-deal',
          citation: rb.betTypes.main.cite,
          message: said(`a bet on box ${bet.seat} after its cards were dealt`, 'finding.poker.afterDeal', {
            betType: term('betType', bet.betType),
            box: String(bet.seat),
          }),
          expected: 'before the deal',
        }),
      );
    return findings;
  },

  settle(s, { bet }, env) {
    if (bet.betType !== 'main') return returned({ rule: `${GAME}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${GAME}` });
    return settleMain(s, bet, env);
  },

  isDecided: (s, env) => isComplete(deal, s, env) && s.bankLow !== null && seatsWith(s, ['main']).every((seat) => playerLow(s, seat) !== null),
  judgeEnd: (s, env) => judgeDealEnd(deal, s, env),

  narrate(fact, before, _after, env) {
    if (fact.type !== 'BankSetHands') return undefined;
    const set = setHands(cardsAt(before, DEALER), (fact.data.low as string[]) ?? [], paiGowRanking(env));
    if (!set) return said('the bank sets its hands', 'paiGow.bankSets', { high: 'none', low: 'none', foul: 'no' });
    return said(`the bank sets high ${handName(set.high)}, low ${handName(set.low)}${set.foul ? ` (wrongly: ${set.foul})` : ''}`, 'paiGow.bankSets', {
      high: handPhrase(set.high),
      low: handPhrase(set.low),
      foul: set.foul ? 'yes' : 'no',
    });
  },

  describe(s, env) {
    const ranking = paiGowRanking(env);
    const sets: Record<string, unknown> = {};
    for (const seat of seatsWith(s, ['main'])) {
      const low = playerLow(s, seat);
      const set = low ? setHands(cardsAt(s, seatPosition(seat)), low, ranking) : null;
      if (set) sets[seatPosition(seat)] = { high: handName(set.high), low: handName(set.low), foul: set.foul };
    }
    const bank = bankHands(s, ranking);
    if (bank) sets[DEALER] = { high: handName(bank.high), low: handName(bank.low), foul: bank.foul };
    return { ...describeState(s), sets };
  },

  play(ctx) {
    const c = new Croupier(rules, ctx, DECK);
    const seats = c.boxes(ctx.env.rulebook.boxes.value);
    for (const seat of seats) c.bet(seat, 'main', c.stake(20));
    c.close();
    const dice = [0, 1, 2].map(() => 1 + Math.floor(c.random() * 6));
    c.record('DiceThrown', { dice });
    // the dice choose the first hand; the hands go round from there (euskadi L9373–9384)
    const positions = [...seats.map(seatPosition), DEALER];
    const first = (dice.reduce((t, d) => t + d, 0) - 1) % positions.length;
    const order = [...positions.slice(first), ...positions.slice(0, first)];
    for (const position of order) for (let i = 0; i < 7; i++) c.deal(position);
    const ranking = paiGowRanking(ctx.env as Env);
    for (const seat of seats) {
      const seven = cardsAt(c.state(), seatPosition(seat));
      const low = c.chance(0.05) ? seven.slice(0, 2) : houseWay(seven, ranking);
      c.decide(seat, 'set-hands', { low });
    }
    c.record('BankSetHands', { low: houseWay(cardsAt(c.state(), DEALER), ranking) });
    c.settleAll();
    return c.complete();
  },
};
