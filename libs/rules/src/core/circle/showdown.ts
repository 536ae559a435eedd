/**
 * Who wins each pot: hands evaluated by the shared poker evaluator (best five, Omaha two-plus-three,
 * hi-lo, double board), the pots built from the contributions, the cagnotte taken from each pot, and
 * each pot's net split among its tied winners (docs/decisions/open-questions.md#oq-08, OQ-09, OQ-38, OQ-39).
 * The recorded pot awards and each seat's settlement are judged against that award.
 */
import type { RoundEnv } from '../game';
import { optionCite } from '../game';
import { findingsOf, undecided } from '../findings';
import { amount as amountValue, phrase } from '../phrase';
import type { Fact, Finding, SettlementQuery, SettlementVerdict } from '../types';
import { bestLow, bestOf, bestOmaha, Category, compareHands, compareLow, handName, HandValue, LowHand, Ranking, STANDARD } from '../poker/evaluate';
import { parseCard } from '../cards';
import { chipUnit } from '../money';
import { addShares, buildPots, levyPots, Pot, PotAward, Seat, splitAmount, SplitRule } from './pot';
import { optionsOf } from './options';
import type { CircleRulebook } from './rulebook';
import { after, CircleState, CircleVariant, holeCards, seatKey } from './state';

const FLUSH_OVER_FULL_ORDER: readonly Category[] = [
  'royal-flush',
  'straight-flush',
  'four-of-a-kind',
  'flush',
  'full-house',
  'straight',
  'three-of-a-kind',
  'two-pair',
  'pair',
  'high-card',
];

/**
 * The ranking for the deck in use: the ace below the lowest rank in play makes a straight (euskadi L10783–10785), or
 * only below the 2 where the text says so (cantabria L5307–5310: no ace-low straight without 2s).
 */
export function rankingFor(env: RoundEnv<CircleRulebook>): Ranking {
  const deckSize = Number(env.options.deckSize ?? 52);
  const lowestRank = env.rulebook.aceLowBelow.value === 'two' ? 2 : deckSize === 28 ? 8 : deckSize === 32 ? 7 : 2;
  // with fewer than 52 cards a flush beats a full house (euskadi L11114–11115), unless the rulebook says otherwise
  const flushOverFull = deckSize < 52 && env.rulebook.flushBeatsFull.value;
  return {
    name: `circle-${deckSize}${flushOverFull ? '-flush-over-full' : ''}${lowestRank === 2 && deckSize < 52 ? '-no-ace-low' : ''}`,
    order: flushOverFull ? FLUSH_OVER_FULL_ORDER : STANDARD.order,
    lowestRank,
  };
}

export interface SeatHand {
  readonly seat: Seat;
  readonly value: HandValue;
  /** covered variants: five figures (A/K/Q/J) rank between trío and two pair (euskadi L11097–11100) */
  readonly figuras: boolean;
  readonly low: LowHand | null;
  readonly name: string;
}

function isFiguras(v: HandValue): boolean {
  return (v.category === 'pair' || v.category === 'two-pair') && v.cards.every((c) => (parseCard(c)?.value ?? 0) >= 11);
}

/**
 * Positive when a beats b. Figuras sits just below three of a kind; between two Figuras "gana el que tiene la pareja
 * más alta, y si coincide, se considera la carta de valor más alto" (euskadi L11204–11206, cantabria L5557–5559): the
 * highest pair, then the other three cards from the highest down, whether a hand holds one pair or two.
 */
export function compareSeatHands(a: SeatHand, b: SeatHand, ranking: Ranking): number {
  const trio = ranking.order.length - ranking.order.indexOf('three-of-a-kind');
  const eff = (h: SeatHand) => (h.figuras ? trio - 0.5 : h.value.strength);
  if (eff(a) !== eff(b)) return eff(a) > eff(b) ? 1 : -1;
  if (a.figuras && b.figuras) {
    const x = figurasOrder(a.value);
    const y = figurasOrder(b.value);
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] > y[i] ? 1 : -1;
    return 0;
  }
  return compareHands(a.value, b.value);
}

/** A Figuras hand's values for the tie: its highest pair, then the other three cards high to low. */
function figurasOrder(v: HandValue): number[] {
  const pair = v.ranks[0];
  const rest = v.cards.map((c) => parseCard(c)?.value ?? 0).sort((x, y) => y - x);
  rest.splice(rest.indexOf(pair), 2);
  return [pair, ...rest];
}

/** A seat's hand on one board, or null when it does not hold enough cards to make one. */
export function seatHand(st: CircleState, seat: Seat, board: readonly string[], env: RoundEnv<CircleRulebook>, withLow = false): SeatHand | null {
  const s = st.seats[seatKey(seat)];
  if (!s) return null;
  const hole = holeCards(s);
  const ranking = rankingFor(env);
  let value: HandValue;
  let low: LowHand | null = null;
  if (env.rulebook.handRule.value === 'two-plus-three' && board.length) {
    if (hole.length < 2 || board.length < 3) return null;
    value = bestOmaha(hole, board, ranking);
    if (withLow) low = bestLow(hole, board);
  } else {
    const all = [...hole, ...board];
    if (all.length < 5) return null;
    value = bestOf(all, 5, ranking);
    if (withLow) low = bestLow(all);
  }
  const figuras = env.rulebook.figuras.value && isFiguras(value);
  return { seat, value, figuras, low, name: figuras ? `figuras (${handName(value)})` : handName(value) };
}

export interface HandAward {
  readonly pots: readonly PotAward[];
  readonly uncalled: { seat: Seat; amount: number } | null;
  /** per seat: what is pushed to it (pot shares + uncalled bet) */
  readonly received: ReadonlyMap<Seat, number>;
  /** per seat: pot shares only */
  readonly won: ReadonlyMap<Seat, number>;
  readonly cagnotte: number;
  readonly potBase: number;
  readonly hands: ReadonlyMap<Seat, SeatHand>;
  /** a seat cannot make a hand with the cards recorded */
  readonly incomplete: boolean;
}

const money = (n: number) => String(n);

const memo = new WeakMap<CircleState, WeakMap<object, HandAward>>();

/** The hand's expected award: pots, cagnotte, winners, shares (states are immutable: computed once per state and env). */
export function awardHand(st: CircleState, variant: CircleVariant, env: RoundEnv<CircleRulebook>): HandAward {
  let byEnv = memo.get(st);
  if (!byEnv) memo.set(st, (byEnv = new WeakMap<object, HandAward>()));
  const known = byEnv.get(env);
  if (known) return known;
  const award = computeAward(st, variant, env);
  byEnv.set(env, award);
  return award;
}

/** `to` differs from `from` only in what the award does not read (e.g. `completed`): both share one award per env. */
export function shareAward(from: CircleState, to: CircleState): void {
  let byEnv = memo.get(from);
  if (!byEnv) memo.set(from, (byEnv = new WeakMap<object, HandAward>()));
  memo.set(to, byEnv);
}

function computeAward(st: CircleState, variant: CircleVariant, env: RoundEnv<CircleRulebook>): HandAward {
  const unit = chipUnit(env.ctx);
  const o = optionsOf(env);
  const contributions = st.order.map((s) => {
    const seat = st.seats[seatKey(s)];
    return { seat: s, amount: seat.contributed, folded: seat.folded };
  });
  const layout = buildPots(contributions, st.carriedPot);
  const levies = o.cagnotteMode === 'pot-percentage' ? levyPots(layout.pots, Number(o.cagnotteRate), unit, o.cagnotteCap) : layout.pots.map(() => 0);
  const contenders = st.order.filter((s) => !st.seats[seatKey(s)].folded);
  const showdown = st.handOver !== 'folds' && contenders.length > 1;
  const hands = new Map<Seat, SeatHand>();
  const ranking = rankingFor(env);
  let incomplete = false;
  const boardHands: Array<Map<Seat, SeatHand>> = [];
  for (let b = 0; b < variant.boards; b++) {
    const m = new Map<Seat, SeatHand>();
    if (showdown) {
      for (const s of contenders) {
        const h = seatHand(st, s, st.boards[b], env, variant.split === 'hi-lo');
        if (h) m.set(s, h);
        else incomplete = true;
        if (h && b === 0) hands.set(s, h);
      }
    }
    boardHands.push(m);
  }
  const mano = st.mano ?? st.order[0];
  // odd chips: first tied winner in the direction of play from the mano (docs/decisions/open-questions.md#oq-09)
  const inOrder = (seats: Seat[]) => after(st.order, mano, env).filter((s) => seats.includes(s));
  const split = (amount: number, winners: Seat[]) => splitAmount(amount, inOrder(winners), unit, o.splitPot as SplitRule, restos(st));
  const best = (eligible: readonly Seat[], m: Map<Seat, SeatHand>) => {
    let top: Seat[] = [];
    for (const s of eligible) {
      const h = m.get(s);
      if (!h) continue;
      if (!top.length) top = [s];
      else {
        const c = compareSeatHands(h, m.get(top[0]) as SeatHand, ranking);
        if (c > 0) top = [s];
        else if (c === 0) top.push(s);
      }
    }
    return top;
  };
  const lowQualifies = variant.split === 'hi-lo' && st.boards[0].filter((c) => (parseCard(c)?.value ?? 99) <= 8 || parseCard(c)?.value === 14).length >= 3;
  const won = new Map<Seat, number>();
  const pots: PotAward[] = layout.pots.map((pot: Pot, i) => {
    const net = pot.amount - levies[i];
    const shares = new Map<Seat, number>();
    const parts: string[] = [];
    if (!showdown || pot.eligible.length === 1) {
      const winners = pot.eligible.length ? [...pot.eligible] : contenders.slice(0, 1);
      addShares(shares, split(net, winners));
      parts.push(`uncontested: seat ${winners.join(', ')} takes it`);
    } else if (variant.boards === 2) {
      // one half per board; the odd chip between the halves by docs/decisions/open-questions.md#oq-39 → OQ-09
      const halves = splitAmount(net, [0, 1], unit);
      for (let b = 0; b < 2; b++) {
        const w = best(pot.eligible, boardHands[b]);
        addShares(shares, split(halves.get(b) ?? 0, w));
        parts.push(`board ${b + 1}: seat ${w.join(' and ')} with ${boardHands[b].get(w[0])?.name ?? '?'}`);
      }
    } else {
      const high = best(pot.eligible, boardHands[0]);
      const lows = lowQualifies ? pot.eligible.filter((s) => boardHands[0].get(s)?.low) : [];
      if (lows.length) {
        let lowWinners: Seat[] = [];
        for (const s of lows) {
          const l = boardHands[0].get(s)?.low as LowHand;
          if (!lowWinners.length) lowWinners = [s];
          else {
            const c = compareLow(l, boardHands[0].get(lowWinners[0])?.low as LowHand);
            if (c < 0) lowWinners = [s];
            else if (c === 0) lowWinners.push(s);
          }
        }
        // odd chip to the high half (docs/decisions/open-questions.md#oq-38)
        const lowHalf = Math.floor(net / 2 / unit + 1e-9) * unit;
        addShares(shares, split(net - lowHalf, high));
        addShares(shares, split(lowHalf, lowWinners));
        parts.push(
          `high: seat ${high.join(' and ')} with ${boardHands[0].get(high[0])?.name}; low: seat ${lowWinners.join(' and ')} with ${boardHands[0].get(lowWinners[0])?.low?.ranks.join('-')}`,
        );
      } else {
        addShares(shares, split(net, high));
        parts.push(
          `seat ${high.join(' and ')} with ${boardHands[0].get(high[0])?.name ?? '?'}${variant.split === 'hi-lo' ? ' (no qualifying low: the high hand takes all, index.md OQ-38)' : ''}`,
        );
      }
    }
    addShares(won, shares);
    const name = i === 0 ? 'main pot' : `side pot ${i}`;
    const levy = levies[i] ? ` less cagnotte ${money(levies[i])}` : '';
    return {
      index: i,
      gross: pot.amount,
      cagnotte: levies[i],
      net,
      eligible: pot.eligible,
      shares,
      explanation: `${name} of ${money(pot.amount)}${levy} = ${money(net)}: ${parts.join('; ')}`,
    };
  });
  const received = new Map<Seat, number>(won);
  if (layout.uncalled) received.set(layout.uncalled.seat, (received.get(layout.uncalled.seat) ?? 0) + layout.uncalled.amount);
  return {
    pots,
    uncalled: layout.uncalled,
    received,
    won,
    cagnotte: levies.reduce((t, l) => t + l, 0),
    potBase: layout.pots.reduce((t, p) => t + p.amount, 0),
    hands,
    incomplete,
  };
}

function restos(st: CircleState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of Object.values(st.seats)) out[String(s.seat)] = s.resto ?? 0;
  return out;
}

export const showdownCite = (env: RoundEnv<CircleRulebook>) => `${env.rulebook.potToBestHand.cite}; ${optionCite(env, 'splitPot')}; index.md OQ-09`;

/** A PotAwarded against the expected award (the state before it): after the betting, an existing pot, its net to its winners. */
export function judgePotAwarded(variant: CircleVariant, before: CircleState, fact: Fact, env: RoundEnv<CircleRulebook>): Finding[] {
  const { finding } = findingsOf(variant.game);
  const d = fact.data ?? {};
  if (!before.handOver && !before.completed) {
    if (before.interval || !before.opened)
      return [
        finding({
          code: 'OUTCOME_MISSING',
          rule: 'pot-award',
          citation: showdownCite(env),
          expected: 'the end of the betting',
          recorded: d.potIndex,
          message: `pot ${d.potIndex} awarded before the hand was decided`,
          messagePhrase: phrase('finding.circle.potEarly', { pot: String(d.potIndex) }),
        }),
      ];
  }
  const award = awardHand(before, variant, env);
  const pot = award.pots[Number(d.potIndex)];
  const seats = (Array.isArray(d.seats) ? d.seats.map(Number) : []).sort((a: number, b: number) => a - b);
  if (!pot)
    return [
      finding({
        code: 'PAYOUT_MISMATCH',
        rule: 'pot-award',
        citation: showdownCite(env),
        expected: award.pots.length,
        recorded: Number(d.potIndex),
        message: `there is no pot ${d.potIndex}: the hand has ${award.pots.length} pot(s)`,
        messagePhrase: phrase('finding.circle.noSuchPot', { pot: String(d.potIndex), pots: award.pots.length }),
      }),
    ];
  const winners = [...pot.shares.entries()]
    .filter(([, a]) => a > 0)
    .map(([s]) => s)
    .sort((a, b) => a - b);
  if (pot.net !== Number(d.amount) || winners.join(',') !== seats.join(','))
    return [
      finding({
        code: 'PAYOUT_MISMATCH',
        rule: 'pot-award',
        citation: showdownCite(env),
        expected: { amount: pot.net, seats: winners },
        recorded: { amount: Number(d.amount), seats },
        message: pot.explanation,
        messagePhrase: phrase('finding.circle.potAward', {
          pot: String(pot.index),
          gross: amountValue(pot.gross),
          levy: pot.cagnotte ? amountValue(pot.cagnotte) : 'none',
          net: amountValue(pot.net),
          seats: winners.join(', '),
        }),
      }),
    ];
  return [];
}

/** What a seat's bet is settled for: its pot shares and any uncalled bet back (nothing in a blank hand); undecided while the betting goes on. */
export function settleSeat(variant: CircleVariant, st: CircleState, query: SettlementQuery, env: RoundEnv<CircleRulebook>): SettlementVerdict {
  const rule = (r: string) => `${variant.game}/${r}`;
  const seat = Number(query.bet.seat);
  const s = st.seats[seatKey(seat)];
  if (!s) return undecided(`seat ${seat} was not dealt into the hand`);
  if (st.handOver === 'blank')
    return {
      outcome: 'lose',
      payout: 0,
      rule: rule('blank-hand'),
      citation: env.rulebook.openers.cite,
      explanation: 'nobody opened ("mano en blanco"): the pot stays for the next deal, nothing is paid',
      explanationPhrase: phrase('circle.blankHand'),
    };
  if (!st.handOver && (st.interval || !st.opened)) return undecided('the betting is not over');
  const award: HandAward = awardHand(st, variant, env);
  if (award.incomplete && !st.handOver) return undecided('a seat in the showdown holds too few cards');
  const won = award.won.get(seat) ?? 0;
  const received = award.received.get(seat) ?? 0;
  const returned = award.uncalled?.seat === seat ? award.uncalled.amount : 0;
  const mine = award.pots.filter((p) => (p.shares.get(seat) ?? 0) > 0);
  const hand = award.hands.get(seat)?.name;
  const explanation =
    won > 0
      ? `seat ${seat} (put in ${s.contributed}) receives ${received}: ${mine.map((p) => `${p.shares.get(seat)} of ${p.explanation}`).join('; ')}${returned ? `; plus its uncalled ${returned} back` : ''}`
      : `seat ${seat} ${s.folded ? 'folded' : `loses${hand ? ` with ${hand}` : ''}`} (put in ${s.contributed})${returned ? `; its uncalled ${returned} is returned` : ''}: receives ${received}`;
  // in other languages the seat's account (what it put in, what it receives); the pots' English detail stays in `explanation` (issue 16)
  const account = {
    seat: String(seat),
    contributed: amountValue(s.contributed),
    received: amountValue(received),
    uncalled: returned ? amountValue(returned) : 'none',
  };
  const explanationPhrase = won > 0 ? phrase('circle.receives', account) : phrase('circle.loses', { ...account, folded: s.folded ? 'yes' : 'no' });
  return { outcome: won > 0 ? 'win' : 'lose', payout: received, rule: rule('pot-award'), citation: showdownCite(env), explanation, explanationPhrase };
}
