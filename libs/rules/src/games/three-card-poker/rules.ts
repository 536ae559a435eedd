/**
 * Three-card poker: three cards each against the bank's three; the bank plays with a queen high or
 * better; `ante`, `play` (= ante), the ante bonus (settled as hand "ante-bonus" of the ante bet) and
 * `pair-plus`. Rulebooks: ./rulebook.ts.
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
  describeState,
  emptyState,
  evolveBankPoker,
  handOnce,
  hasFolded,
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
  notAllowed,
  afterDeal,
  memoEdges,
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
  secondBetMax,
  showdown,
  handsCompared,
  bankDoesNotQualify,
  winAt,
  bankWhy,
} from '../../core/poker/bank';
import { undecided } from '../../core/findings';
import { evaluateThree, handName, HandValue, qualifies } from '../../core/poker/evaluate';
import type { Bet, Finding, SettlementVerdict } from '../../core/types';
import { threeCardPokerEdges } from './house-edge';
import { rulebooks, ThreeCardPokerRulebook } from './rulebook';

const GAME = 'three-card-poker';
type R = ThreeCardPokerRulebook;
type Env = RoundEnv<R>;
const MAIN = ['ante', 'pair-plus'];
export const ANTE_BONUS = 'ante-bonus';

const deal: DealSpec<R> = {
  count(s, position, env) {
    const n = env.rulebook.cardsPerHand;
    if (position === DEALER) return { due: n.value, rule: `${GAME}/deal`, citation: n.cite };
    const seat = seatOf(position);
    const inPlay = seat !== null && MAIN.some((t) => betsOf(s, seat, t).length);
    return { due: inPlay ? n.value : 0, rule: `${GAME}/deal`, citation: inPlay ? n.cite : `${n.cite}: cards go to boxes with a bet and the bank only` };
  },
  burns: (_s, env) => ({ due: 0, rule: `${GAME}/deal`, citation: env.rulebook.cardsPerHand.cite }),
  positions: (s) => [DEALER, ...seatsWith(s, MAIN).map(seatPosition)],
};

const handOf = (s: BankPokerState, position: string, env: Env): HandValue | null =>
  handOnce(s, env, position, () => {
    const held = cardsAt(s, position);
    return held.length === env.rulebook.cardsPerHand.value ? evaluateThree(held) : null;
  });

const pairPlusTable = (env: Env) => {
  const chosen = String(optionOr(env, 'pairPlusTable', '1'));
  return env.rulebook.pairPlusTables[chosen] ?? env.rulebook.pairPlusTables['1'];
};

/** The ante bonus is due when the box played and holds a hand of the bonus table (docs/decisions/open-questions.md#oq-27). */
function anteBonus(s: BankPokerState, ante: Bet, env: Env): { hand: HandValue; odds: NonNullable<R['anteBonus'][keyof R['anteBonus']]> } | null {
  if (!bettorBet(s, ante, 'play')) return null;
  const hand = handOf(s, seatPosition(ante.seat as number), env);
  const odds = hand ? env.rulebook.anteBonus[hand.category] : undefined;
  return hand && odds ? { hand, odds } : null;
}

function settleMain(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const ante = bet.betType === 'ante' ? bet : bettorBet(s, bet, 'ante');
  if (!ante) return lose({ rule: `${GAME}/play`, citation: rb.playMultiple.cite, why: bankWhy.noAnte('play') });
  const sd = showdown(s, ante, {
    playType: 'play',
    hand: (p) => handOf(s, p, env),
    qualifies: (bank) => qualifies(bank, rb.qualifier.value),
  });
  switch (sd.kind) {
    case 'undecided':
      return undecided(sd.reason);
    case 'folded':
      return lose({
        rule: `${GAME}/fold`,
        citation: rb.playMultiple.cite,
        why: bankWhy.folded(`box ${ante.seat} withdrew ("retirarse")`, ante.seat, 'retirarse'),
      });
    case 'bank-does-not-qualify': {
      const why = bankDoesNotQualify(sd.bank, `bank ${handName(sd.bank)} does not qualify (queen high or better needed)`);
      return bet.betType === 'ante'
        ? winAt(bet, rb.anteOdds, env, { rule: `${GAME}/bank-does-not-qualify`, why })
        : push({
            rule: `${GAME}/bank-does-not-qualify`,
            citation: rb.playWhenBankDoesNotQualify.cite,
            why: bankWhy.playBet(why, 'the play bet stands unchanged', 'stands'),
          });
    }
    case 'compared': {
      if (sd.sign < 0) return lose({ rule: `${GAME}/bank-wins`, citation: rb.qualifier.cite, why: handsCompared(sd, 'bank', 'the bank wins') });
      if (sd.sign === 0) return push({ rule: `${GAME}/tie`, citation: rb.tie.cite, why: handsCompared(sd, 'tie', 'identical hands') });
      return winAt(bet, bet.betType === 'ante' ? rb.anteOdds : rb.playOdds, env, {
        rule: `${GAME}/player-wins`,
        why: handsCompared(sd, 'player', 'the player wins'),
      });
    }
  }
}

function settlePairPlus(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const ante = bettorBet(s, bet, 'ante');
  if (ante && !bettorBet(s, ante, 'play') && (hasFolded(s, bet.seat) || s.closed) && optionOr(env, 'pairPlusOnFold', 'lost') === 'lost')
    return lose({
      rule: `${GAME}/fold`,
      citation: optionCite(env, 'pairPlusOnFold'),
      why: bankWhy.forfeits(`box ${bet.seat} withdrew: the croupier takes its bets and its cards, the pair plus with them`, bet.seat, 'pair-plus', 'fold'),
    });
  const hand = handOf(s, seatPosition(bet.seat as number), env);
  if (!hand) return undecided(`box ${bet.seat} does not hold three cards`);
  const tableCite = optionCite(env, 'pairPlusTable');
  const odds = pairPlusTable(env)[hand.category];
  const why = bankWhy.onHand(`pair plus on ${handName(hand)}, settled whatever the bank holds`, 'pair-plus', hand, true);
  return odds
    ? winAt(bet, odds, env, { rule: `${GAME}/pair-plus`, why })
    : lose({ rule: `${GAME}/pair-plus`, citation: tableCite, why: bankWhy.short(`${why.text}: no pair`, why, 'pair') });
}

export const rules: GameRules<BankPokerState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  deck: () => DECK_52,

  refuseOptions(options, rulebook) {
    const f = options.pairPlusOnFold;
    if (f !== undefined && f !== 'lost' && f !== 'settled')
      return { field: 'options.pairPlusOnFold', reason: 'must be "lost" (the folded box\'s bets are taken) or "settled"' };
    const t = options.pairPlusTable;
    if (t !== undefined && !rulebook.pairPlusTables[String(t)])
      return { field: 'options.pairPlusTable', reason: `${rulebook.jurisdiction} has pair-plus table(s) ${Object.keys(rulebook.pairPlusTables).join(', ')}` };
    return null;
  },
  refuse: (fact) => refuseCard(fact, DECK_52) ?? refuseDecision(fact, ['fold', 'play']),

  initialState: () => emptyState(),
  evolve: (s, fact) => evolveBankPoker(s, fact),
  judgeFact: (before, fact, env) => judgeCard(GAME, deal, before, fact, env),

  judgeBet(bet, state, env): Finding[] {
    const rb = env.rulebook;
    const findings = judgeOffered(GAME, bet, rb.betTypes, rb.source);
    if (findings.length) return findings;
    findings.push(...judgeBox(GAME, bet, rb.boxes), ...judgeBoxCount(GAME, bet, state, 'ante', rb.betsPerBox));
    if (bet.betType === 'play') findings.push(...judgeMultipleOf(GAME, bet, state, 'ante', rb.playMultiple, 'play-amount'));
    else if (receivedAt(state, seatPosition(bet.seat as number)) > 0)
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
    if (bet.betType === 'play') return secondBetMax(bet, env, rb.maxInitialMultiple, rb.playMultiple, GAME);
    if (bet.betType === 'pair-plus' && rb.pairPlusMaxMultiple && typeof env.ctx.limits['pair-plus'] !== 'number') {
      // cantabria L4663–4667: pair plus up to 10 × the ante minimum, from ½ the ante minimum
      const min = env.ctx.limits.min;
      return {
        min: { amount: Math.ceil(min / 2), rule: `${GAME}/pair-plus-minimum`, citation: rb.pairPlusMaxMultiple.cite },
        max: { amount: min * rb.pairPlusMaxMultiple.value, rule: `${GAME}/pair-plus-maximum`, citation: rb.pairPlusMaxMultiple.cite },
      };
    }
    return ante;
  },

  handsToSettle(s, bet, env) {
    return bet.betType === 'ante' && anteBonus(s, bet, env) ? [undefined, ANTE_BONUS] : [undefined];
  },

  settle(s, { bet, hand }, env) {
    if (bet.betType === 'ante' && hand === ANTE_BONUS) {
      const bonus = anteBonus(s, bet, env);
      if (!handOf(s, seatPosition(bet.seat as number), env)) return undecided(`box ${bet.seat} does not hold three cards`);
      return bonus
        ? winAt(bet, bonus.odds, env, {
            rule: `${GAME}/ante-bonus`,
            why: bankWhy.onHand(`ante bonus on ${handName(bonus.hand)}, whatever the bank holds (index.md OQ-27)`, 'ante-bonus', bonus.hand, true),
          })
        : lose({ rule: `${GAME}/ante-bonus`, citation: Object.values(env.rulebook.anteBonus)[0]!.cite, why: bankWhy.noAnteBonus(hasFolded(s, bet.seat)) });
    }
    switch (bet.betType) {
      case 'ante':
      case 'play':
        return settleMain(s, bet, env);
      case 'pair-plus':
        return settlePairPlus(s, bet, env);
      default:
        return returned({ rule: `${GAME}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${GAME}` });
    }
  },

  isDecided: (s, env) => isComplete(deal, s, env),
  // no card of the bank is dealt face up (euskadi L9885–9899, cantabria L4569–4578); an exposed card voids the coup
  judgeEnd: (s, env) => [...judgeDealEnd(deal, s, env), ...judgeUndueExposure(GAME, s, (x) => x.to === DEALER, env.rulebook.misdeal.cite)],

  houseEdges: (env) => memoEdges(env, () => threeCardPokerEdges(rules, env)),

  describe(s, env) {
    const named: Record<string, string> = {};
    for (const p of Object.keys(s.hands)) {
      const h = handOf(s, p, env);
      if (h) named[p] = handName(h);
    }
    const bank = handOf(s, DEALER, env);
    return { ...describeState(s), named, bankQualifies: bank ? qualifies(bank, env.rulebook.qualifier.value) : null };
  },

  play(ctx) {
    const env = ctx.env as unknown as Env;
    const rb = env.rulebook;
    const c = new Croupier(rules, ctx, DECK_52);
    const seats = c.boxes(rb.boxes.value);
    const antes = new Map<number, number>();
    const min = env.ctx.limits.min;
    for (const seat of seats) {
      const pairPlusOnly = c.chance(0.1);
      if (!pairPlusOnly) {
        antes.set(seat, c.stake(rb.maxInitialMultiple.value));
        c.bet(seat, 'ante', antes.get(seat)!);
      }
      if (pairPlusOnly || c.chance(0.4)) c.bet(seat, 'pair-plus', min * (1 + Math.floor(c.random() * 3)));
    }
    for (let i = 0; i < 3; i++) {
      for (const seat of seats) c.deal(seatPosition(seat));
      c.deal(DEALER);
    }
    for (const seat of antes.keys()) {
      const hand = evaluateThree(cardsAt(c.state(), seatPosition(seat)));
      // the usual strategy: play Q-6-4 or better
      const good = hand.category !== 'high-card' || hand.ranks[0] > 12 || (hand.ranks[0] === 12 && hand.ranks[1] >= 6);
      if ((good && c.chance(0.95)) || c.chance(0.1)) {
        c.decide(seat, 'play');
        c.bet(seat, 'play', antes.get(seat)! * rb.playMultiple.value);
      } else c.decide(seat, 'fold');
    }
    c.close();
    c.settleAll();
    return c.complete();
  },
};
