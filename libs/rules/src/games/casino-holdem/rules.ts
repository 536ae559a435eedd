/**
 * Casino hold'em (euskadi "Texas Poker"): two cards each and to the bank, a three-card flop, then the
 * decision: play (`play` = 2 × ante, docs/decisions/open-questions.md#oq-28) or fold (losing the ante and the TXB). Turn and
 * river follow; best five of seven; the bank plays with a pair of 4s. The Texas Bonus (`txb`) is settled
 * on the player's two cards and the flop. Rulebook: ./rulebook.ts.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules, RoundEnv } from '../../core/game';
import {
  BankPokerState,
  betsOf,
  bettorBet,
  BOARD,
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
  memoEdges,
  notAllowed,
  withoutAnte,
  afterDeal,
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
  versusText,
  handsCompared,
  bankDoesNotQualify,
  winAt,
  bankWhy,
  playerWins,
} from '../../core/poker/bank';
import { undecided } from '../../core/findings';
import { bestOf, handName, HandValue, qualifies } from '../../core/poker/evaluate';
import { cited, type Bet, type Cited, type Finding, type SettlementVerdict } from '../../core/types';
import { casinoHoldemEdges } from './house-edge';
import { CasinoHoldemRulebook, rulebooks } from './rulebook';

const GAME = 'casino-holdem';
type R = CasinoHoldemRulebook;
type Env = RoundEnv<R>;
const MAIN = ['ante'];

const deal: DealSpec<R> = {
  count(s, position, env) {
    const rb = env.rulebook;
    if (position === DEALER) return { due: rb.holeCards.value, rule: `${GAME}/deal`, citation: rb.holeCards.cite };
    if (position === BOARD) return { due: rb.boardCards.value, rule: `${GAME}/board`, citation: rb.boardCards.cite };
    const seat = seatOf(position);
    const inPlay = seat !== null && betsOf(s, seat, 'ante').length > 0;
    return {
      due: inPlay ? rb.holeCards.value : 0,
      rule: `${GAME}/deal`,
      citation: inPlay ? rb.holeCards.cite : `${rb.holeCards.cite}: cards go to boxes with an ante`,
    };
  },
  // burn cards are not mentioned by the text: none are judged
  positions: (s) => [DEALER, BOARD, ...seatsWith(s, MAIN).map(seatPosition)],
};

const playMultiple = (env: Env): Cited<number> => cited(Number(optionOr(env, 'playMultiple', 2)), optionCite(env, 'playMultiple'));

const handOf = (s: BankPokerState, position: string, env: Env): HandValue | null =>
  handOnce(s, env, position, () => {
    const hole = cardsAt(s, position);
    const board = cardsAt(s, BOARD);
    return hole.length === env.rulebook.holeCards.value && board.length === env.rulebook.boardCards.value ? bestOf([...hole, ...board]) : null;
  });

function settleMain(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const ante = bet.betType === 'ante' ? bet : bettorBet(s, bet, 'ante');
  if (!ante) return lose({ rule: `${GAME}/play`, citation: playMultiple(env).cite, why: bankWhy.noAnte('play') });
  const sd = showdown(s, ante, { playType: 'play', hand: (p) => handOf(s, p, env), qualifies: (bank) => qualifies(bank, rb.qualifier.value) });
  const anteOdds = (player: HandValue) => rb.antePayTable[player.category]!;
  switch (sd.kind) {
    case 'undecided':
      return undecided(sd.reason);
    case 'folded':
      return lose({ rule: `${GAME}/fold`, citation: playMultiple(env).cite, why: bankWhy.folded(`box ${ante.seat} folded ("no voy")`, ante.seat, 'no voy') });
    case 'bank-does-not-qualify': {
      const why = bankDoesNotQualify(sd.bank, `bank ${handName(sd.bank)} does not qualify (a pair of 4s needed)`);
      if (bet.betType === 'play')
        return push({
          rule: `${GAME}/bank-does-not-qualify`,
          citation: rb.qualifier.cite,
          why: bankWhy.playBet(why, 'the 2.ª apuesta stays as it is', 'stands'),
        });
      const player = handOf(s, seatPosition(ante.seat as number), env)!;
      return winAt(bet, anteOdds(player), env, {
        rule: `${GAME}/ante-pay-table`,
        why: bankWhy.payTable(`${why.text}: the ante is paid by the ante pay table on the player's ${handName(player)}`, why.phrase, player, 'ante'),
      });
    }
    case 'compared': {
      const versus = versusText(sd);
      if (sd.sign < 0) return lose({ rule: `${GAME}/bank-wins`, citation: rb.tie.cite, why: handsCompared(sd, 'bank', 'the bank wins') });
      if (sd.sign === 0) return push({ rule: `${GAME}/tie`, citation: rb.tie.cite, why: handsCompared(sd, 'tie', 'identical hands') });
      return bet.betType === 'ante'
        ? winAt(bet, anteOdds(sd.player), env, {
            rule: `${GAME}/ante-pay-table`,
            why: bankWhy.payTable(`${versus}: ${sd.player.category} on the ante pay table`, playerWins(sd), sd.player, 'ante'),
          })
        : winAt(bet, rb.playOdds, env, { rule: `${GAME}/play`, why: handsCompared(sd, 'player', 'the player wins') });
    }
  }
}

/** The Texas Bonus looks at the player's two cards and the flop only (euskadi L10520–10529). */
function settleTxb(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const ante = bettorBet(s, bet, 'ante');
  if (ante && !bettorBet(s, ante, 'play') && (hasFolded(s, bet.seat) || s.closed))
    return lose({
      rule: `${GAME}/fold`,
      citation: 'euskadi L10442–10517',
      why: bankWhy.forfeits(`box ${bet.seat} folded, which loses the Texas Bonus too`, bet.seat, 'txb', 'fold'),
    });
  const hole = cardsAt(s, seatPosition(bet.seat as number));
  const flop = cardsAt(s, BOARD).slice(0, rb.flopCards.value);
  if (hole.length < rb.holeCards.value || flop.length < rb.flopCards.value) return undecided('the TXB needs the two cards and the flop');
  const hand = bestOf([...hole, ...flop]);
  const odds = rb.txbPayTable[hand.category];
  const why = bankWhy.onHand(`Texas Bonus on two cards and the flop: ${handName(hand)}`, 'txb', hand, false);
  return odds && qualifies(hand, rb.txbMinimum.value)
    ? winAt(bet, odds, env, { rule: `${GAME}/txb`, why })
    : lose({ rule: `${GAME}/txb`, citation: rb.txbMinimum.cite, why: bankWhy.short(`${why.text}, below a pair of aces`, why, 'acesPair') });
}

export const rules: GameRules<BankPokerState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  deck: () => DECK_52,

  refuseOptions(options) {
    const m = options.playMultiple;
    return m === undefined || m === 1 || m === 2 ? null : { field: 'options.playMultiple', reason: 'the 2.ª apuesta is 2 × ante (index.md OQ-28) or 1 × ante' };
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
    if (bet.betType === 'txb' && !bettorBet(state, bet, 'ante'))
      findings.push(
        notAllowed(GAME, bet, {
          rule: 'txb-needs-ante',
          citation: rb.betTypes.txb.cite,
          message: withoutAnte(`a Texas Bonus on box ${bet.seat} without an ante`, bet, 'ante'),
          expected: 'an ante first',
        }),
      );
    if (bet.betType === 'play') findings.push(...judgeMultipleOf(GAME, bet, state, 'ante', playMultiple(env), 'play-amount'));
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
    const ante = initialBetMax(bet, env, env.rulebook.maxInitialMultiple, GAME);
    return bet.betType === 'play' ? secondBetMax(bet, env, env.rulebook.maxInitialMultiple, playMultiple(env), GAME) : ante;
  },

  settle(s, { bet }, env) {
    switch (bet.betType) {
      case 'ante':
      case 'play':
        return settleMain(s, bet, env);
      case 'txb':
        return settleTxb(s, bet, env);
      default:
        return returned({ rule: `${GAME}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${GAME}` });
    }
  },

  isDecided: (s, env) => isComplete(deal, s, env),
  judgeEnd: (s, env) => [...judgeDealEnd(deal, s, env), ...judgeUndueExposure(GAME, s, (x) => x.to === DEALER, env.rulebook.misdeal.cite)],

  houseEdges: (env) => memoEdges(env, () => casinoHoldemEdges(rules, env, playMultiple(env).value)),

  describe(s, env) {
    const named: Record<string, string> = {};
    for (const p of [DEALER, ...seatsWith(s, MAIN).map(seatPosition)]) {
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
    for (const seat of seats) {
      antes.set(seat, c.stake(rb.maxInitialMultiple.value));
      c.bet(seat, 'ante', antes.get(seat)!);
      if (c.chance(0.35)) c.bet(seat, 'txb', env.ctx.limits.min);
    }
    for (let i = 0; i < rb.holeCards.value; i++) {
      for (const seat of seats) c.deal(seatPosition(seat));
      c.deal(DEALER);
    }
    for (let i = 0; i < rb.flopCards.value; i++) c.deal(BOARD, true);
    for (const seat of seats) {
      const hand = bestOf([...cardsAt(c.state(), seatPosition(seat)), ...cardsAt(c.state(), BOARD)]);
      const hole = cardsAt(c.state(), seatPosition(seat));
      const worth = hand.category !== 'high-card' || hole.some((x) => x.startsWith('A') || x.startsWith('K'));
      if ((worth && c.chance(0.9)) || c.chance(0.15)) {
        c.decide(seat, 'play');
        c.bet(seat, 'play', antes.get(seat)! * playMultiple(env).value);
      } else c.decide(seat, 'fold');
    }
    c.close();
    for (let i = rb.flopCards.value; i < rb.boardCards.value; i++) c.deal(BOARD, true);
    c.settleAll();
    return c.complete();
  },
};
