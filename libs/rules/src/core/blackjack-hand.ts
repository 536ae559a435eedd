/**
 * Shared machinery of the blackjack family (blackjack, triple blackjack): hand totals (soft and hard),
 * blackjack detection, busts, the dealer's drawing rule, hand positions from `CardDealt.to`, the
 * box/hand model every blackjack table folds its facts into, and the comparison of a hand with the
 * dealer's. Pure; the games' rules.ts decide what is allowed in their jurisdiction.
 */
import { Card, parseCard, pipValue } from './cards';
import { asContractEvent } from './events';
import { roundDownTo } from './money';
import type { PlayedFact } from './game';
import type { Fact } from './types';
import { phrase, type Phrase } from './phrase';

export const BLACKJACK = 21;
/** the dealer draws below this and stands on it (all four texts: euskadi L1604–1616) */
export const DEALER_STANDS_ON = 17;

export interface HandTotal {
  /** every ace counted 1 */
  readonly hard: number;
  /** the best total: one ace counted 11 where that does not pass 21 */
  readonly best: number;
  /** `best` counts an ace as 11 */
  readonly soft: boolean;
}

export function handTotal(cards: readonly Card[], acesCountOne = false): HandTotal {
  const hard = cards.reduce((t, c) => t + pipValue(c), 0);
  const hasAce = cards.some((c) => c.rank === 'A');
  const soft = !acesCountOne && hasAce && hard + 10 <= BLACKJACK;
  return { hard, best: soft ? hard + 10 : hard, soft };
}

/** 21 with the first two cards; a split hand's 21 is not a blackjack (euskadi L1760–1764). */
export const isBlackjack = (cards: readonly Card[], fromSplit = false): boolean => !fromSplit && cards.length === 2 && handTotal(cards).best === BLACKJACK;

export const isBust = (cards: readonly Card[], acesCountOne = false): boolean => handTotal(cards, acesCountOne).hard > BLACKJACK;

/**
 * The dealer's rule: draw below 17, stand on 17 or more, counting an ace as 11 when that makes 17–21,
 * so a soft 17 stands unless `hitSoft17` (no text has it; kept as a rulebook value).
 */
export function dealerMustDraw(cards: readonly Card[], hitSoft17 = false): boolean {
  const t = handTotal(cards);
  if (t.best < DEALER_STANDS_ON) return true;
  return hitSoft17 && t.soft && t.best === DEALER_STANDS_ON;
}

/** Where a card goes: the dealer (play N for triple blackjack), a box's hand, the burn pile. */
export type Position =
  | { readonly kind: 'dealer'; readonly play: number }
  | { readonly kind: 'box'; readonly seat: number; readonly hand: number; readonly named: boolean }
  | { readonly kind: 'burn' };

/** "dealer", "dealer:play:2", "seat:3" (hand 1), "seat:3:hand:2", "burn"; null for anything else. */
export function parsePosition(to: unknown): Position | null {
  if (typeof to !== 'string') return null;
  if (to === 'burn') return { kind: 'burn' };
  if (to === 'dealer') return { kind: 'dealer', play: 1 };
  let m = /^dealer:play:([1-9])$/.exec(to);
  if (m) return { kind: 'dealer', play: Number(m[1]) };
  m = /^seat:([1-9][0-9]?)(?::hand:([1-9][0-9]?))?$/.exec(to);
  if (m) return { kind: 'box', seat: Number(m[1]), hand: m[2] ? Number(m[2]) : 1, named: !!m[2] };
  return null;
}

// ---------------------------------------------------------------------------------------------
// The table model: boxes with their hands, the dealer's hand(s), the bets.

export interface Hand {
  readonly cards: readonly Card[];
  readonly fromSplit: boolean;
  readonly splitAces: boolean;
  readonly doubled: boolean;
  readonly surrendered: boolean;
  readonly evenMoney: boolean;
}

export interface Box {
  readonly seat: number;
  /** hand 1 is `hands[0]`; a split appends the new hand */
  readonly hands: readonly Hand[];
  /** the box's cards in the order dealt, whatever hand they went to (pairs, sevens) */
  readonly dealtInOrder: readonly Card[];
}

export interface TableBet {
  readonly betId: string;
  readonly seat: number;
  readonly betType: string;
  readonly selection?: unknown;
  readonly amount: number;
  readonly onBehalfOf?: string | null;
}

export interface TableState {
  readonly bets: readonly TableBet[];
  readonly boxes: Readonly<Record<number, Box>>;
  /** the dealer's first card, shared by every play (triple blackjack reuses it) */
  readonly dealerFirst: Card | null;
  /** the dealer's draws after the first card, per play (index 0 = play 1) */
  readonly dealerDraws: readonly (readonly Card[])[];
  readonly burned: number;
  /** a card has gone to a box or the dealer: no more bets on the boxes (euskadi L2032–2035) */
  readonly dealStarted: boolean;
  /** a box has had a third card or a split: insurance, even money and surrender are over (euskadi L1646–1734, L2009–2022) */
  readonly playStarted: boolean;
  /** decisions as recorded, for describe and narrate */
  readonly decisions: readonly { seat: number; hand: number; decision: string }[];
  /** what the round has put into each jackpot pool so far (`JackpotContributed`): the sevens jackpot's value when won */
  readonly jackpotContributed: Readonly<Record<string, number>>;
}

export const emptyTable = (plays = 1): TableState => ({
  bets: [],
  boxes: {},
  dealerFirst: null,
  dealerDraws: Array.from({ length: plays }, () => []),
  burned: 0,
  dealStarted: false,
  playStarted: false,
  decisions: [],
  jackpotContributed: {},
});

const newHand = (cards: Card[] = [], fromSplit = false, splitAces = false): Hand => ({
  cards,
  fromSplit,
  splitAces,
  doubled: false,
  surrendered: false,
  evenMoney: false,
});

export function dealerHand(state: TableState, play = 1): Card[] {
  return state.dealerFirst ? [state.dealerFirst, ...(state.dealerDraws[play - 1] ?? [])] : [];
}

export const mainBetsOf = (state: TableState, seat: number, box?: number): TableBet[] =>
  state.bets.filter((b) => b.betType === 'main' && b.seat === seat && (box === undefined || boxOfBet(b) === box));

/** triple blackjack: which of the player's three boxes a bet is on (`selection`, default 1) */
export const boxOfBet = (b: { selection?: unknown }): number => {
  const s = b.selection;
  const n = typeof s === 'number' ? s : typeof s === 'string' ? Number(s) : Array.isArray(s) ? Number(s[0]) : 1;
  return Number.isInteger(n) ? n : 1;
};

/**
 * The hand a fact names: `hand` counts a box's hands from 1, and a fact that leaves it out, or sends it as null (a
 * missing optional field may be null, contract §2), speaks of the box's first hand.
 */
export const handNumber = (hand: unknown): number => (hand === undefined || hand === null ? 1 : Number(hand));

export function handOf(state: TableState, seat: number, hand = 1): Hand | undefined {
  return state.boxes[seat]?.hands[hand - 1];
}

function updateHand(state: TableState, seat: number, hand: number, change: (h: Hand) => Hand): TableState {
  const box = state.boxes[seat] ?? { seat, hands: [newHand()], dealtInOrder: [] };
  const hands = [...box.hands];
  while (hands.length < hand) hands.push(newHand([], true));
  hands[hand - 1] = change(hands[hand - 1]);
  return { ...state, boxes: { ...state.boxes, [seat]: { ...box, hands } } };
}

/** Fold one fact into the table (bets, cards, decisions); unknown facts leave it unchanged. */
export function evolveTable(state: TableState, type: string, data: Readonly<Record<string, unknown>>): TableState {
  const fact = asContractEvent({ type, data });
  switch (fact?.type) {
    case 'BetPlaced': {
      const d = fact.data;
      return {
        ...state,
        bets: [
          ...state.bets,
          {
            betId: String(d.betId),
            seat: Number(d.seat),
            betType: String(d.betType),
            selection: d.selection,
            amount: Number(d.amount),
            onBehalfOf: d.onBehalfOf,
          },
        ],
      };
    }
    case 'CardDealt': {
      const d = fact.data;
      const c = parseCard(String(d.card));
      const at = parsePosition(d.to);
      if (!c || !at) return state;
      if (at.kind === 'burn') return { ...state, burned: state.burned + 1 };
      if (at.kind === 'dealer') {
        if (!state.dealerFirst) return { ...state, dealerFirst: c, dealStarted: true };
        const draws = [...state.dealerDraws];
        while (draws.length < at.play) draws.push([]);
        draws[at.play - 1] = [...draws[at.play - 1], c];
        return { ...state, dealerDraws: draws, dealStarted: true };
      }
      const before = handOf(state, at.seat, at.hand);
      const isHit = !!before && before.cards.length >= 2;
      const next = updateHand(state, at.seat, at.hand, (h) => ({ ...h, cards: [...h.cards, c] }));
      const box = next.boxes[at.seat];
      return {
        ...next,
        boxes: { ...next.boxes, [at.seat]: { ...box, dealtInOrder: [...box.dealtInOrder, c] } },
        dealStarted: true,
        playStarted: state.playStarted || isHit,
      };
    }
    case 'PlayerDecision': {
      const d = fact.data;
      const seat = Number(d.seat);
      const hand = handNumber(d.hand);
      const decision = String(d.decision);
      const withDecision = { ...state, decisions: [...state.decisions, { seat, hand, decision }] };
      const h = handOf(state, seat, hand);
      switch (decision) {
        case 'double':
          return updateHand(withDecision, seat, hand, (x) => ({ ...x, doubled: true }));
        case 'surrender':
          return updateHand(withDecision, seat, hand, (x) => ({ ...x, surrendered: true }));
        case 'even-money':
          return updateHand(withDecision, seat, hand, (x) => ({ ...x, evenMoney: true }));
        case 'split': {
          if (!h || h.cards.length < 2) return withDecision;
          const aces = h.cards[0].rank === 'A';
          const box = state.boxes[seat];
          const hands = [...box.hands];
          hands[hand - 1] = { ...h, cards: [h.cards[0]], fromSplit: true, splitAces: aces };
          hands.push(newHand([h.cards[1]], true, aces));
          return { ...withDecision, playStarted: true, boxes: { ...state.boxes, [seat]: { ...box, hands } } };
        }
        default:
          return withDecision;
      }
    }
    case 'JackpotContributed': {
      const pool = String(fact.data.poolId);
      const amount = Number(fact.data.amount ?? 0);
      return { ...state, jackpotContributed: { ...state.jackpotContributed, [pool]: (state.jackpotContributed[pool] ?? 0) + amount } };
    }
    default:
      return state;
  }
}

/** The total a hand plays with; a doubled hand may count its aces as 1 (docs/decisions/open-questions.md#oq-12, euskadi L1767–1773). */
export function playTotal(hand: Hand, doubleAceCountsOne: boolean): number {
  return handTotal(hand.cards, hand.doubled && doubleAceCountsOne).best;
}

export const handBusted = (hand: Hand, doubleAceCountsOne: boolean): boolean => playTotal(hand, doubleAceCountsOne) > BLACKJACK;

/** A hand still competing with the dealer: two cards or more, not bust, not surrendered, not paid even money. */
export const handLive = (hand: Hand, doubleAceCountsOne: boolean): boolean =>
  hand.cards.length >= 2 && !hand.surrendered && !hand.evenMoney && !handBusted(hand, doubleAceCountsOne);

export const handBlackjack = (hand: Hand): boolean => !hand.doubled && isBlackjack(hand.cards, hand.fromSplit);

export const sevensOnly = (cards: readonly Card[], n: number): boolean => cards.length === n && cards.every((c) => c.rank === '7');

export interface Comparison {
  readonly result: 'win' | 'lose' | 'push';
  /** net odds "N to 1" on a win */
  readonly odds: number;
  readonly why: string;
  /** `why` as a phrase of the narrative catalogue (`blackjack.why.*`, issue 16) */
  readonly whyPhrase: Phrase;
}

export interface CompareRules {
  readonly blackjackPays: number;
  readonly winPays: number;
  readonly doubleAceCountsOne: boolean;
  /** cantabria: three 7s pay 2:1 unless the dealer wins (a blackjack) or makes them too (cantabria L845–852); null elsewhere */
  readonly threeSevensPays: number | null;
}

/** A finished hand against the dealer's finished hand (neither surrendered nor paid even money). */
export function compareWithDealer(hand: Hand, dealer: readonly Card[], rules: CompareRules): Comparison {
  const player = playTotal(hand, rules.doubleAceCountsOne);
  const dealerTotal = handTotal(dealer).best;
  const playerBJ = handBlackjack(hand);
  const dealerBJ = isBlackjack(dealer);
  const why = (key: string, text: string, values: Record<string, number> = {}) => ({
    why: text,
    whyPhrase: phrase(`blackjack.why.${key}`, { player, dealer: dealerTotal, ...values }),
  });
  if (player > BLACKJACK) return { result: 'lose', odds: 0, ...why('playerBusts', `player busts with ${player}`) };
  if (playerBJ && dealerBJ) return { result: 'push', odds: 0, ...why('blackjacks', "blackjack against the dealer's blackjack: push") };
  if (playerBJ) return { result: 'win', odds: rules.blackjackPays, ...why('blackjack', `blackjack against dealer ${dealerTotal}: pays 3:2`) };
  // a blackjack beats every 21 of more than two cards, three 7s included (cantabria L845–847, L850–852)
  if (dealerBJ) return { result: 'lose', odds: 0, ...why('dealerBlackjack', `dealer blackjack beats player ${player}`) };
  if (rules.threeSevensPays !== null && sevensOnly(hand.cards, 3)) {
    if (sevensOnly(dealer, 3)) return { result: 'push', odds: 0, ...why('sevensBoth', "three 7s against the dealer's three 7s: push") };
    return {
      result: 'win',
      odds: rules.threeSevensPays,
      ...why('sevens', `21 with three 7s pays ${rules.threeSevensPays}:1`, { odds: rules.threeSevensPays }),
    };
  }
  if (dealerTotal > BLACKJACK)
    return { result: 'win', odds: rules.winPays, ...why('dealerBusts', `dealer busts with ${dealerTotal}, player ${player}: pays 1:1`) };
  if (player > dealerTotal) return { result: 'win', odds: rules.winPays, ...why('playerBeats', `player ${player} beats dealer ${dealerTotal}: pays 1:1`) };
  if (player < dealerTotal) return { result: 'lose', odds: 0, ...why('dealerBeats', `dealer ${dealerTotal} beats player ${player}`) };
  return { result: 'push', odds: 0, ...why('tie', `player ${player} ties dealer ${dealerTotal}: push, stake returned`) };
}

/**
 * "N to 1" on a stake: exact in minor units where it is whole (3:2 on 500 = 750), else rounded down
 * to the smallest chip (contract §7).
 */
export function oddsPayout(stake: number, toOne: number, smallestChip: number): number {
  const exact = Math.round(stake * toOne * 1e6) / 1e6;
  return Number.isInteger(exact) ? exact : roundDownTo(exact, smallestChip);
}

export const describeCards = (cards: readonly Card[]): string[] => cards.map((c) => c.code);

/**
 * Does the dealer have a competitor in this play: a live hand with a bet in play, or an insurance bet
 * still to settle? The dealer draws only then (euskadi L1604–1616 "no draw if all players bust";
 * cantabria L805–819 "only if a competing hand is live"); an open insurance needs the dealer's second
 * card (INDUSTRY-STANDARD).
 */
export function dealerHasCompetitor(state: TableState, doubleAceCountsOne: boolean, inPlay: (bet: TableBet) => boolean = () => true): boolean {
  for (const bet of state.bets) {
    if (!inPlay(bet)) continue;
    if (bet.betType === 'insurance') return true;
    if (bet.betType !== 'main') continue;
    const box = state.boxes[bet.seat];
    if (box?.hands.some((h) => handLive(h, doubleAceCountsOne))) return true;
  }
  return false;
}

/** The dealer's hand in this play is complete: he stands, or has nobody to draw against. */
export function dealerFinished(state: TableState, play: number, hitSoft17: boolean, doubleAceCountsOne: boolean, inPlay?: (bet: TableBet) => boolean): boolean {
  const dealer = dealerHand(state, play);
  if (!dealer.length) return false;
  return !dealerMustDraw(dealer, hitSoft17) || !dealerHasCompetitor(state, doubleAceCountsOne, inPlay);
}

// ---------------------------------------------------------------------------------------------
// The family's croupier helpers (used by every game's `play`).

/** Chip-multiple amount in [lo, hi] (0 if none exists). */
export function chipsBetween(random: () => number, lo: number, hi: number, unit: number): number {
  const from = Math.ceil(lo / unit);
  const to = Math.floor(hi / unit);
  if (to < from || to <= 0) return 0;
  const n = Math.max(from, 1) + Math.floor(random() * (to - Math.max(from, 1) + 1) * random());
  return Math.min(n, to) * unit;
}

/** Builds the round's facts while folding them into the state, so every decision sees the table as judged. */
export class Croupier<S> {
  readonly facts: PlayedFact[] = [];
  constructor(
    public state: S,
    private readonly fold: (s: S, f: Fact) => S,
    private readonly base: Record<string, unknown>,
  ) {}
  emit(type: string, data: Record<string, unknown>): void {
    const full = { ...this.base, ...data };
    this.facts.push({ type, data: full });
    this.state = this.fold(this.state, { eventId: `play-${this.facts.length}`, type, data: full });
  }
}
