/**
 * Texas hold'em against the bank (cantabria A.14.5 with the Bonus bet; A.14.6 `texas-holdem-vs-bank`
 * without it, built from the same factory): `ante`; `flop` = 2 × ante or fold; `turn` and `river` =
 * 1 × ante or check; one burn before the flop, the turn and the river; no bank qualifier; the ante is
 * paid only with a straight or better (else returned, docs/decisions/open-questions.md#oq-29); `bonus` on the player's two cards.
 */
import { DECK_52 } from '../../core/cards';
import type { GameRules, RoundEnv } from '../../core/game';
import {
  BankPokerState,
  betsOf,
  bettorBet,
  BOARD,
  BURN,
  cardsAt,
  Croupier,
  DEALER,
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
  judgeMultipleOf,
  judgeOffered,
  lose,
  memoEdges,
  notAllowed,
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
  winAt,
  bankWhy,
  playerWins,
} from '../../core/poker/bank';
import { undecided } from '../../core/findings';
import { said, term } from '../../core/phrase';
import { bestOf, handName, HandValue, qualifies } from '../../core/poker/evaluate';
import { parseCard } from '../../core/cards';
import { cited, type Bet, type Finding, type JurisdictionId, type SettlementVerdict } from '../../core/types';
import { texasHoldemEdges } from './house-edge';
import { rulebooks, TexasHoldemRulebook } from './rulebook';
import { bonusHand } from './hands';
export { bonusHand } from './hands';

type R = TexasHoldemRulebook;
type Env = RoundEnv<R>;
const STREETS = ['flop', 'turn', 'river'] as const;
type Street = (typeof STREETS)[number];
const isStreet = (t: string): t is Street => (STREETS as readonly string[]).includes(t);

export function texasHoldemGame(game: string, rulebooks: Partial<Record<JurisdictionId, R>>): GameRules<BankPokerState, R> {
  const deal: DealSpec<R> = {
    count(s, position, env) {
      const rb = env.rulebook;
      if (position === DEALER) return { due: rb.holeCards.value, rule: `${game}/deal`, citation: rb.holeCards.cite };
      if (position === BOARD) return { due: rb.boardCards.value, rule: `${game}/board`, citation: rb.boardCards.cite };
      const seat = seatOf(position);
      const inPlay = seat !== null && betsOf(s, seat, 'ante').length > 0;
      return {
        due: inPlay ? rb.holeCards.value : 0,
        rule: `${game}/deal`,
        citation: inPlay ? rb.holeCards.cite : `${rb.holeCards.cite}: cards go to boxes with an ante`,
      };
    },
    burns: (_s, env) => ({ due: env.rulebook.burns.value, rule: `${game}/burn`, citation: env.rulebook.burns.cite }),
    positions: (s) => [DEALER, BOARD, ...seatsWith(s, ['ante']).map(seatPosition)],
  };

  const handOf = (s: BankPokerState, position: string, env: Env): HandValue | null =>
    handOnce(s, env, position, () => {
      const hole = cardsAt(s, position);
      const board = cardsAt(s, BOARD);
      return hole.length === env.rulebook.holeCards.value && board.length === env.rulebook.boardCards.value ? bestOf([...hole, ...board]) : null;
    });

  function settleMain(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
    const rb = env.rulebook;
    const ante = bet.betType === 'ante' ? bet : bettorBet(s, bet, 'ante');
    if (!ante) return lose({ rule: `${game}/${bet.betType}`, citation: rb.streetMultiples.flop.cite, why: bankWhy.noAnte(bet.betType) });
    // "se anulará la mano de ese jugador": a box dealt more cards than its two is out of the hand, its bets returned
    if (receivedAt(s, seatPosition(ante.seat as number)) > rb.holeCards.value)
      return returned({
        rule: `${game}/wrong-card-count`,
        citation: rb.wrongCardCount.cite,
        why: `box ${ante.seat} was dealt ${receivedAt(s, seatPosition(ante.seat as number))} cards: its hand is void`,
      });
    const sd = showdown(s, ante, { playType: 'flop', hand: (p) => handOf(s, p, env), qualifies: null });
    switch (sd.kind) {
      case 'undecided':
        return undecided(sd.reason);
      case 'folded':
        return lose({
          rule: `${game}/fold`,
          citation: rb.streetMultiples.flop.cite,
          why: bankWhy.folded(`box ${ante.seat} folded instead of the flop bet`, ante.seat),
        });
      case 'bank-does-not-qualify': // no qualifier in this game
        return undecided('no bank qualifier');
      case 'compared': {
        const versus = versusText(sd);
        if (sd.sign < 0) return lose({ rule: `${game}/bank-wins`, citation: rb.bankWins.cite, why: handsCompared(sd, 'bank', 'the bank wins') });
        if (sd.sign === 0) return push({ rule: `${game}/tie`, citation: rb.tie.cite, why: handsCompared(sd, 'tie', 'a tie returns every bet') });
        if (bet.betType !== 'ante') return winAt(bet, rb.streetOdds, env, { rule: `${game}/street-bets`, why: handsCompared(sd, 'player', 'the player wins') });
        if (qualifies(sd.player, { category: rb.anteMinimum.value }))
          return winAt(bet, rb.anteOdds, env, {
            rule: `${game}/ante`,
            why: bankWhy.payTable(`${versus}: a winning ${sd.player.category}`, playerWins(sd), sd.player, 'winning'),
          });
        const why = `${versus}: the player wins below a straight, the ante "no se pagará"`;
        return optionOr<string>(env, 'anteBelowStraight', 'push') === 'lose'
          ? lose({ rule: `${game}/ante`, citation: optionCite(env, 'anteBelowStraight'), why: bankWhy.anteBelowStraight(why, playerWins(sd)) })
          : push({ rule: `${game}/ante`, citation: `${rb.anteMinimum.cite}`, why: bankWhy.anteBelowStraight(`${why} and is returned`, playerWins(sd)) });
      }
    }
  }

  function settleBonus(s: BankPokerState, bet: Bet, env: Env): SettlementVerdict {
    const table = env.rulebook.bonusPayTable;
    if (!table) return returned({ rule: `${game}/bet-types`, citation: env.rulebook.betTypes.bonus.cite, why: 'no Bonus bet in this game' });
    const hole = cardsAt(s, seatPosition(bet.seat as number));
    if (hole.length > env.rulebook.holeCards.value)
      return returned({
        rule: `${game}/wrong-card-count`,
        citation: env.rulebook.wrongCardCount.cite,
        why: `box ${bet.seat} was dealt ${hole.length} cards: its hand is void`,
      });
    if (hole.length < 2) return undecided(`box ${bet.seat} does not hold two cards`);
    const hand = bonusHand(hole, cardsAt(s, DEALER));
    if (hand === 'undecided') return undecided("A-A: the bank's cards decide the bonus");
    // the bonus hand's own name (ace-king-suited…) is the code's English: the phrase shows the two cards
    const why = bankWhy.onHand(`Bonus on ${hole.join(' ')}${hand ? ` (${hand})` : ''}, independent of every other bet`, 'bonus', hole.join(' '), false);
    if (!hand) return lose({ rule: `${game}/bonus`, citation: 'cantabria L4956–4959', why: bankWhy.short(`${why.text}: not a Bonus hand`, why, 'bonusHand') });
    let odds = table[hand]!;
    if (hand === 'ace-queen-or-jack-offsuit' && env.ctx.options && 'bonusAceQueenOrJackOffsuit' in env.ctx.options)
      odds = cited(Number(env.ctx.options.bonusAceQueenOrJackOffsuit), optionCite(env, 'bonusAceQueenOrJackOffsuit'));
    return winAt(bet, odds, env, { rule: `${game}/bonus`, why });
  }

  const rules: GameRules<BankPokerState, R> = {
    game,
    family: 'cards',
    rulebooks,
    deck: () => DECK_52,

    refuseOptions(options) {
      const a = options.anteBelowStraight;
      if (a !== undefined && a !== 'push' && a !== 'lose') return { field: 'options.anteBelowStraight', reason: 'must be "push" (index.md OQ-29) or "lose"' };
      const b = options.bonusAceQueenOrJackOffsuit;
      if (b !== undefined && !(typeof b === 'number' && b > 0))
        return { field: 'options.bonusAceQueenOrJackOffsuit', reason: 'a positive "N to 1" (index.md OQ-30)' };
      return null;
    },
    refuse: (fact) => refuseCard(fact, DECK_52) ?? refuseDecision(fact, ['fold', 'check', ...STREETS]),

    initialState: () => emptyState(),
    evolve: (s, fact) => evolveBankPoker(s, fact),
    judgeFact: (before, fact, env) => judgeCard(game, deal, before, fact, env),

    judgeBet(bet, state, env): Finding[] {
      const rb = env.rulebook;
      const findings = judgeOffered(game, bet, rb.betTypes, rb.source);
      if (findings.length) return findings;
      findings.push(...judgeBox(game, bet, rb.boxes), ...judgeBoxCount(game, bet, state, 'ante', rb.betsPerBox));
      if (isStreet(bet.betType)) {
        const street = bet.betType;
        findings.push(...judgeMultipleOf(game, bet, state, 'ante', rb.streetMultiples[street], `${street}-amount`));
        if (street !== 'flop' && !bettorBet(state, bet, 'flop'))
          findings.push(
            notAllowed(game, bet, {
              rule: `${street}-after-flop-bet`,
              citation: rb.streetMultiples[street].cite,
              message: said(`a ${street} bet on box ${bet.seat}, which made no flop bet`, 'finding.holdemBonus.noFlopBet', {
                street: term('betType', street),
                box: String(bet.seat),
              }),
              expected: 'a flop bet first',
            }),
          );
        if (bettorBet(state, bet, street))
          findings.push(
            notAllowed(game, bet, {
              rule: `${street}-once`,
              citation: rb.streetMultiples[street].cite,
              message: said(`a second ${street} bet on box ${bet.seat}`, 'finding.holdemBonus.secondStreetBet', {
                street: term('betType', street),
                box: String(bet.seat),
              }),
              expected: 'one bet per street',
            }),
          );
        const board = cardsAt(state, BOARD).length;
        if (board !== rb.streetBoard[street])
          findings.push(
            notAllowed(game, bet, {
              rule: `${street}-timing`,
              citation: rb.streetMultiples[street].cite,
              message: said(`the ${street} bet is made with ${rb.streetBoard[street]} board cards out; ${board} were`, 'finding.holdemBonus.streetTiming', {
                street: term('betType', street),
                due: rb.streetBoard[street],
                board,
              }),
              expected: rb.streetBoard[street],
            }),
          );
      } else if (receivedAt(state, seatPosition(bet.seat as number)) > 0) {
        findings.push(
          notAllowed(game, bet, {
            rule: `${bet.betType}-before-deal`,
            citation: rb.betTypes[bet.betType].cite,
            message: afterDeal(bet),
            expected: 'before the deal',
          }),
        );
      }
      return findings;
    },

    betLimits(bet, env) {
      const ante = initialBetMax(bet, env, env.rulebook.maxInitialMultiple, game);
      return isStreet(bet.betType) ? secondBetMax(bet, env, env.rulebook.maxInitialMultiple, env.rulebook.streetMultiples[bet.betType], game) : ante;
    },

    settle(s, { bet }, env) {
      if (bet.betType === 'ante' || isStreet(bet.betType)) return settleMain(s, bet, env);
      if (bet.betType === 'bonus') return settleBonus(s, bet, env);
      return returned({ rule: `${game}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${game}` });
    },

    isDecided: (s, env) => isComplete(deal, s, env),
    judgeEnd: (s, env) => [...judgeDealEnd(deal, s, env), ...judgeUndueExposure(game, s, (x) => x.to === DEALER, env.rulebook.bankCardExposed.cite)],

    houseEdges: (env) => memoEdges(env, () => texasHoldemEdges(rules, env)),

    describe(s, env) {
      const named: Record<string, string> = {};
      for (const p of [DEALER, ...seatsWith(s, ['ante']).map(seatPosition)]) {
        const h = handOf(s, p, env);
        if (h) named[p] = handName(h);
      }
      return { ...describeState(s), named };
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
        if (rb.bonusPayTable && c.chance(0.3)) c.bet(seat, 'bonus', env.ctx.limits.min);
      }
      for (let i = 0; i < rb.holeCards.value; i++) {
        for (const seat of seats) c.deal(seatPosition(seat));
        c.deal(DEALER);
      }
      const inPlay: number[] = [];
      for (const seat of seats) {
        const hole = cardsAt(c.state(), seatPosition(seat)).map((x) => parseCard(x)!.value);
        const good = hole[0] === hole[1] || Math.max(...hole) >= 12 || Math.min(...hole) >= 10;
        if ((good && c.chance(0.9)) || c.chance(0.2)) {
          c.bet(seat, 'flop', antes.get(seat)! * rb.streetMultiples.flop.value);
          inPlay.push(seat);
        } else c.decide(seat, 'fold');
      }
      const street = (name: 'turn' | 'river') => {
        for (const seat of inPlay) {
          const hand = bestOf([...cardsAt(c.state(), seatPosition(seat)), ...cardsAt(c.state(), BOARD)]);
          if ((hand.category !== 'high-card' && c.chance(0.7)) || c.chance(0.2)) c.bet(seat, name, antes.get(seat)! * rb.streetMultiples[name].value);
          else c.decide(seat, 'check');
        }
      };
      c.deal(BURN);
      for (let i = 0; i < 3; i++) c.deal(BOARD, true);
      street('turn');
      c.deal(BURN);
      c.deal(BOARD, true);
      street('river');
      c.close();
      c.deal(BURN);
      c.deal(BOARD, true);
      c.settleAll();
      return c.complete();
    },
  };
  return rules;
}

export const rules = texasHoldemGame('texas-holdem-bonus', rulebooks);
