/**
 * Draw poker against the bank (euskadi "póker con descarte"): five cards each and to the bank, all face
 * down; "voy" (`play` = 2 × ante) or "paso"; players who play may change up to two cards
 * (`PlayerDecision` "draw" with `discards`); the bank then draws by its fixed table (game fact
 * `BankDiscarded { roundId, discards[] }`, empty when it stands) and plays with a pair of 8s.
 * Rulebook: ./rulebook.ts.
 */
import { DECK_52, parseCard } from '../../core/cards';
import { roundFact, type GameRules, type RoundEnv } from '../../core/game';
import { field } from '../../core/fields';
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
  judgeBox,
  judgeBoxCount,
  judgeCard,
  judgeDealEnd,
  judgeMultipleOf,
  judgeOffered,
  lose,
  notAllowed,
  afterDeal,
  withoutAnte,
  optionCite,
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
import { CATEGORIES, evaluateFive, handName, handPhrase, HandValue, qualifies } from '../../core/poker/evaluate';
import { phrase, said, type Phrase } from '../../core/phrase';
import type { Fact, Finding, SettlementVerdict, Bet } from '../../core/types';
import { DrawPokerRulebook, rulebooks } from './rulebook';

const GAME = 'draw-poker-vs-bank';
const { finding } = findingsOf(GAME);
type R = DrawPokerRulebook;
type Env = RoundEnv<R>;

export interface DrawPokerState extends BankPokerState {
  /** the bank's recorded discards (null until `BankDiscarded`) */
  readonly bankDiscards: readonly string[] | null;
  /** the bank's first five cards, as dealt */
  readonly bankDealt: readonly string[];
}

const MADE: ReadonlySet<string> = new Set(['straight', 'flush', 'full-house', 'four-of-a-kind', 'straight-flush', 'royal-flush']);

/** The bank's fixed draw (euskadi L8085–8175): which cards it discards from its five, and by which rule. */
export function bankDiscards(five: readonly string[]): { discards: string[]; step: number; reason: string; reasonPhrase: Phrase } {
  const hand = evaluateFive(five);
  const drawn = (d: { discards: string[]; step: number; reason: string }) => ({
    ...d,
    reasonPhrase: phrase(`finding.drawPoker.discard.${d.step}`, { hand: handPhrase(hand) }),
  });
  const cards = five.map((c) => parseCard(c)!);
  const byValue = [...cards].sort((a, b) => a.value - b.value);
  const outside = (values: number[]) => cards.filter((c) => !values.includes(c.value)).map((c) => c.code);
  if (MADE.has(hand.category)) return drawn({ discards: [], step: 1, reason: `${handName(hand)}: a straight or better stands` });
  if (hand.category === 'three-of-a-kind') return drawn({ discards: outside([hand.ranks[0]]), step: 2, reason: `${handName(hand)}: the two other cards go` });
  if (hand.category === 'two-pair')
    return drawn({ discards: outside([hand.ranks[0], hand.ranks[1]]), step: 3, reason: `${handName(hand)}: the odd card goes` });
  if (hand.category === 'pair') {
    const others = byValue.filter((c) => c.value !== hand.ranks[0]);
    return drawn({ discards: others.slice(0, 2).map((c) => c.code), step: 4, reason: `${handName(hand)}: the two lowest other cards go` });
  }
  for (const suit of ['S', 'H', 'D', 'C']) {
    const off = cards.filter((c) => c.suit !== suit);
    if (off.length === 1) return drawn({ discards: [off[0].code], step: 5, reason: 'four to a flush: the fifth card goes (even with four to a straight)' });
  }
  for (const c of cards) {
    const rest = cards.filter((x) => x !== c).map((x) => x.value);
    const consecutive = (vs: number[]) => Math.max(...vs) - Math.min(...vs) === 3;
    // ace high or low (euskadi L7640–7648)
    if (consecutive(rest) || (rest.includes(14) && consecutive(rest.map((v) => (v === 14 ? 1 : v)))))
      return drawn({ discards: [c.code], step: 6, reason: 'four consecutive values: the fifth card goes' });
  }
  return drawn({ discards: byValue.slice(0, 2).map((c) => c.code), step: 7, reason: 'no combination: the two lowest cards go' });
}

const sameCards = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();
const drawsOf = (s: BankPokerState, seat: unknown) => decisionsOf(s, seat as number, 'draw').reduce((t, d) => t + (d.discards?.length ?? 0), 0);

const deal: DealSpec<R> = {
  count(s, position, env) {
    const rb = env.rulebook;
    const st = s as DrawPokerState;
    if (position === DEALER) {
      const drawn = st.bankDiscards?.length ?? 0;
      return {
        due: rb.cardsPerHand.value + drawn,
        rule: drawn ? `${GAME}/bank-draw` : `${GAME}/deal`,
        citation: drawn ? rb.bankDraw.cite : rb.cardsPerHand.cite,
      };
    }
    const seat = seatOf(position);
    if (seat === null || !betsOf(s, seat, 'ante').length)
      return { due: 0, rule: `${GAME}/deal`, citation: `${rb.cardsPerHand.cite}: cards go to boxes with an ante and the bank` };
    const drawn = drawsOf(s, seat);
    return {
      due: rb.cardsPerHand.value + drawn,
      rule: drawn ? `${GAME}/player-draw` : `${GAME}/deal`,
      citation: drawn ? rb.playerMaxDraw.cite : rb.cardsPerHand.cite,
    };
  },
  burns: (_s, env) => ({ due: 0, rule: `${GAME}/deal`, citation: env.rulebook.cardsPerHand.cite }),
  positions: (s) => [DEALER, ...seatsWith(s, ['ante']).map(seatPosition)],
};

const handOf = (s: BankPokerState, position: string, env: Env): HandValue | null => {
  const held = cardsAt(s, position);
  return held.length === env.rulebook.cardsPerHand.value ? evaluateFive(held) : null;
};

/**
 * The bank's hand as it stands: five cards dealt and, after any recorded draw, five held. A draw the table
 * required but never recorded is flagged at the end (judgeEnd); the coup is judged on the cards held.
 */
const bankFinal = (s: DrawPokerState): boolean => s.bankDealt.length === 5 && cardsAt(s, DEALER).length === 5;

function settleMain(s: DrawPokerState, bet: Bet, env: Env): SettlementVerdict {
  const rb = env.rulebook;
  const ante = bet.betType === 'ante' ? bet : bettorBet(s, bet, 'ante');
  if (!ante) return lose({ rule: `${GAME}/play`, citation: rb.playMultiple.cite, why: bankWhy.noAnte('play') });
  const sd = showdown(s, ante, {
    playType: 'play',
    hand: (p) => (p === DEALER && !bankFinal(s) ? null : handOf(s, p, env)),
    qualifies: (bank) => qualifies(bank, rb.qualifier.value),
  });
  switch (sd.kind) {
    case 'undecided':
      return undecided(sd.reason);
    case 'folded':
      return lose({ rule: `${GAME}/fold`, citation: rb.playMultiple.cite, why: bankWhy.folded(`box ${ante.seat} passed ("paso")`, ante.seat, 'paso') });
    case 'bank-does-not-qualify': {
      const why = bankDoesNotQualify(sd.bank, `bank ${handName(sd.bank)} after its draw does not qualify (a pair of 8s needed)`);
      if (bet.betType === 'ante') return winAt(bet, rb.anteOdds, env, { rule: `${GAME}/bank-does-not-qualify`, why });
      return optionOr<string>(env, 'playWhenBankDoesNotQualify', 'push') === 'lose'
        ? lose({ rule: `${GAME}/bank-does-not-qualify`, citation: optionCite(env, 'playWhenBankDoesNotQualify'), why })
        : push({
            rule: `${GAME}/bank-does-not-qualify`,
            citation: `${rb.qualifier.cite}; index.md OQ-06`,
            why: bankWhy.playBet(why, 'the play bet is returned', 'returned'),
          });
    }
    case 'compared': {
      const versus = versusText(sd);
      if (sd.sign < 0) return lose({ rule: `${GAME}/bank-wins`, citation: rb.tie.cite, why: handsCompared(sd, 'bank', 'the bank wins') });
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

function judgeBankDraw(before: DrawPokerState, fact: Fact, env: Env): Finding[] {
  const given = discardsOf(fact.data);
  const recorded = (Array.isArray(given) ? given : []).map((c: unknown) => parseCard(String(c))?.code ?? String(c));
  if (before.bankDealt.length < 5)
    return [
      finding({
        code: 'SEQUENCE_VIOLATION',
        expected: 'the bank holds five cards',
        recorded,
        rule: 'bank-draw',
        citation: env.rulebook.bankDraw.cite,
        message: 'the bank discarded before holding five cards',
        messagePhrase: phrase('finding.drawPoker.discardEarly'),
      }),
    ];
  const due = bankDiscards(before.bankDealt);
  return sameCards(due.discards, recorded)
    ? []
    : [
        finding({
          code: 'DRAW_RULE_VIOLATION',
          expected: due.discards,
          recorded,
          rule: 'bank-draw',
          citation: `${env.rulebook.bankDraw.cite} (rule ${due.step})`,
          message: `bank ${before.bankDealt.join(' ')}: ${due.reason}`,
          messagePhrase: phrase('finding.drawPoker.bankDraw', { cards: before.bankDealt.join(' '), why: due.reasonPhrase }),
        }),
      ];
}

function jackpotHandOf(s: DrawPokerState, seat: unknown, env: Env): string | null {
  const jp = env.rulebook.jackpot;
  const dealt = (s.received[seatPosition(seat as number)] ?? []).slice(0, 5);
  if (dealt.length < 5) return null;
  // "a) Pagos sin haber realizado descarte … b) Pagos habiéndose descartado" (L8234–8314): a box that changed cards
  // plays only the optional after-draw scale, whatever its first five held
  const drew = drawsOf(s, seat) > 0;
  const first = evaluateFive(dealt);
  if (!drew && jp.withoutDraw[first.category]) return first.category;
  if (!optionOr<boolean>(env, 'jackpotAfterDraw', false) || !drew) return null;
  const final = handOf(s, seatPosition(seat as number), env);
  return final && jp.afterDraw[final.category] ? `${final.category}-after-draw` : null;
}

export const rules: GameRules<DrawPokerState, R> = {
  game: GAME,
  family: 'cards',
  rulebooks: rulebooks,
  factTypes: {
    // discards: a list of cards, checked in `refuse`
    BankDiscarded: roundFact(
      "the bank's discards by its fixed drawing table: discards [cards] (empty when it stands); its replacements follow as CardDealt to dealer",
      {
        discards: field('any'),
      },
    ),
  },
  deck: () => DECK_52,

  refuseOptions(options) {
    const fate = options.playWhenBankDoesNotQualify;
    if (fate !== undefined && fate !== 'push' && fate !== 'lose')
      return { field: 'options.playWhenBankDoesNotQualify', reason: 'must be "push" (index.md OQ-06) or "lose"' };
    if (options.jackpotAfterDraw !== undefined && typeof options.jackpotAfterDraw !== 'boolean')
      return { field: 'options.jackpotAfterDraw', reason: 'true or false' };
    return null;
  },
  refuse(fact) {
    const r = refuseCard(fact, DECK_52) ?? refuseDecision(fact, ['fold', 'play', 'draw']);
    if (r) return r;
    if ((fact.type === 'BankDiscarded' || (fact.type === 'PlayerDecision' && fact.data.decision === 'draw')) && !Array.isArray(discardsOf(fact.data)))
      return { field: 'data.discards', reason: 'discards is a list of cards (empty to stand)' };
    return null;
  },

  initialState: () => ({ ...emptyState(), bankDiscards: null, bankDealt: [] }),
  evolve(s, fact) {
    if (fact.type === 'BankDiscarded') {
      const discards = (discardsOf(fact.data) as unknown[]).map((c) => parseCard(String(c))?.code ?? String(c));
      const held = cardsAt(s, DEALER).filter((c) => !discards.includes(c));
      return { ...s, bankDiscards: discards, hands: { ...s.hands, [DEALER]: held } };
    }
    const next = { ...s, ...evolveBankPoker(s, fact) };
    if (fact.type === 'CardDealt' && fact.data.to === DEALER && s.bankDealt.length < 5 && s.bankDiscards === null)
      return { ...next, bankDealt: [...s.bankDealt, parseCard(String(fact.data.card))?.code ?? String(fact.data.card)] };
    return next;
  },

  judgeFact(before, fact, env) {
    const findings = judgeCard(GAME, deal, before, fact, env);
    if (fact.type === 'BankDiscarded') findings.push(...judgeBankDraw(before, fact, env));
    if (fact.type === 'PlayerDecision' && fact.data.decision === 'draw') {
      const seat = Number(fact.data.seat);
      const given = discardsOf(fact.data);
      const total = drawsOf(before, seat) + (Array.isArray(given) ? given.length : 0);
      const max = env.rulebook.playerMaxDraw;
      if (total > max.value)
        findings.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            expected: max.value,
            recorded: total,
            rule: 'player-draw',
            citation: max.cite,
            message: `box ${seat} changes ${total} cards; at most ${max.value}`,
            messagePhrase: phrase('finding.drawPoker.tooMany', { box: seat, total, max: max.value }),
          }),
        );
      if (!betsOf(before, seat, 'play').length)
        findings.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            expected: 'no draw',
            recorded: total,
            rule: 'player-draw',
            citation: max.cite,
            message: `box ${seat} draws without having played ("voy")`,
            messagePhrase: phrase('finding.drawPoker.drawUnplayed', { box: seat }),
          }),
        );
    }
    return findings;
  },

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
    if (bet.betType === 'jackpot' && !bettorBet(state, bet, 'ante'))
      findings.push(
        notAllowed(GAME, bet, {
          rule: 'jackpot-needs-ante',
          citation: rb.jackpot.maxFractionOfMinimum.cite,
          message: withoutAnte(`a jackpot bet on box ${bet.seat} without an ante`, bet, 'ante'),
          expected: 'an ante first',
        }),
      );
    return findings;
  },

  betLimits(bet, env) {
    const rb = env.rulebook;
    const ante = initialBetMax(bet, env, rb.maxInitialMultiple, GAME);
    if (bet.betType === 'play') return secondBetMax(bet, env, rb.maxInitialMultiple, rb.playMultiple, GAME);
    if (bet.betType === 'jackpot') return sideBetMax(env, rb.jackpot.maxFractionOfMinimum, GAME, 'jackpot');
    return ante;
  },

  settle(s, { bet }, env) {
    if (bet.betType === 'ante' || bet.betType === 'play') return settleMain(s, bet, env);
    if (bet.betType === 'jackpot') return jackpotStake({ rule: `${GAME}/jackpot-stake`, citation: `${env.rulebook.betTypes.jackpot.cite}; index.md OQ-14` });
    return returned({ rule: `${GAME}/bet-types`, citation: env.rulebook.source, why: `${bet.betType} is not a bet of ${GAME}` });
  },

  jackpotHand: (s, seat, env) => (betsOf(s, seat, 'jackpot').length ? jackpotHandOf(s, seat, env) : null),
  // the scale without a draw names the category, the optional one after a draw `<category>-after-draw` (jackpotHandOf)
  jackpotHands: [...CATEGORIES, ...CATEGORIES.map((c) => `${c}-after-draw`)],

  isDecided: (s) => bankFinal(s) && seatsWith(s, ['ante']).every((seat) => cardsAt(s, seatPosition(seat)).length === 5),

  judgeEnd(s, env) {
    const findings = judgeDealEnd(deal, s, env);
    if (s.bankDiscards === null && s.bankDealt.length === 5) {
      const due = bankDiscards(s.bankDealt);
      if (due.discards.length)
        findings.push(
          finding({
            code: 'DRAW_RULE_VIOLATION',
            expected: due.discards,
            recorded: null,
            rule: 'bank-draw',
            citation: `${env.rulebook.bankDraw.cite} (rule ${due.step})`,
            message: `the bank never drew: ${due.reason}`,
            messagePhrase: phrase('finding.drawPoker.bankNeverDrew', { why: due.reasonPhrase }),
          }),
        );
    }
    return findings;
  },

  narrate(fact, before) {
    if (fact.type !== 'BankDiscarded') return undefined;
    const discards = (discardsOf(fact.data) as string[]) ?? [];
    const due = before.bankDealt.length === 5 ? bankDiscards(before.bankDealt) : null;
    // the phrase names the step of the bank's table; its reason stays in the English (issue 16)
    return said(
      `the bank ${discards.length ? `discards ${discards.join(' ')}` : 'stands'}${due ? ` (its table, rule ${due.step}: ${due.reason})` : ''}`,
      'bank.discards',
      {
        cards: discards.length ? discards.join(' ') : 'none',
        step: due ? due.step : 'none',
      },
    );
  },

  describe(s, env) {
    const named: Record<string, string> = {};
    for (const p of Object.keys(s.hands)) {
      const h = handOf(s, p, env);
      if (h) named[p] = handName(h);
    }
    return { ...describeState(s), named, bankDealt: s.bankDealt, bankDiscards: s.bankDiscards };
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
      if (c.chance(0.2)) c.bet(seat, 'jackpot', Math.max(1, Math.floor(env.ctx.limits.min * rb.jackpot.maxFractionOfMinimum.value)));
    }
    for (let i = 0; i < 5; i++) {
      for (const seat of seats) c.deal(seatPosition(seat));
      c.deal(DEALER);
    }
    const players: number[] = [];
    for (const seat of seats) {
      const hand = evaluateFive(cardsAt(c.state(), seatPosition(seat)));
      if ((hand.category !== 'high-card' && c.chance(0.9)) || c.chance(0.3)) {
        c.decide(seat, 'play');
        c.bet(seat, 'play', antes.get(seat)! * rb.playMultiple.value);
        players.push(seat);
      } else c.decide(seat, 'fold');
    }
    c.close();
    for (const seat of players) {
      // a simple player: keep a made hand, otherwise change the lowest card or two (at most 2)
      const held = cardsAt(c.state(), seatPosition(seat));
      const hand = evaluateFive(held);
      const change = MADE.has(hand.category) || hand.category === 'four-of-a-kind' ? 0 : Math.floor(c.random() * (rb.playerMaxDraw.value + 1));
      if (!change) continue;
      const discards = hand.cards.slice(-change);
      c.decide(seat, 'draw', { discards });
      for (let i = 0; i < change; i++) c.deal(seatPosition(seat));
    }
    const bankDealt = cardsAt(c.state(), DEALER);
    const due = bankDiscards(bankDealt);
    c.record('BankDiscarded', { discards: due.discards });
    for (let i = 0; i < due.discards.length; i++) c.deal(DEALER);
    playJackpot(c, rules, ctx);
    c.settleAll();
    return c.complete();
  },
};
