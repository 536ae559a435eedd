/**
 * Shared machinery of poker against the bank (caribbean stud, draw poker, trijoker, pai gow, three-card
 * poker, the hold'em games): the round state (cards per position, bets, player decisions), card-count
 * judging (a card the rules do not give, a hand left short), settlement builders and the croupier's tools.
 *
 * Round shape (documented in docs/games/bank-poker.md): the second bets (`play`, `flop`, `turn`,
 * `river`) are real bets placed during the deal, so `BetsClosed` is recorded after the last player
 * decision; the bank's hand and the settlements follow it.
 */
import { card as cardOf, DeckSpec, parseCard, RANKS, shuffle, shoeCards, SUITS } from '../cards';
import { backPerUnit, edgeFrom, type BetEdge } from '../house-edge';
import { asContractEvent } from '../events';
import type { GameRules, LimitCheck, PlayContext, PlayedFact, RoundEnv, RulebookBase } from '../game';
import { optionCite } from '../game';
import { applyRate, payOdds, roundDownTo } from '../money';
import { isJackpotStake, roundJackpotPrizes, roundJackpotWinners } from '../jackpot-prizes';
import { compareHands, handName, handPhrase, type HandValue } from './evaluate';
import type { Bet, Cited, ExpectedSettlement, Fact, Finding, Refusal } from '../types';
import { isUndecided, isUnverifiable } from '../types';
import { findingNamed, findingsOf, settlementNamed, type SettledBy } from '../findings';
import { amount, phrase, said, term, type Phrase, type Said } from '../phrase';

export interface Decision {
  readonly seat: number;
  readonly decision: string;
  readonly betId?: string;
  readonly amount?: number;
  /** cards given up (buy-card, draw) */
  readonly discards?: readonly string[];
  /** pai gow: the player's two-card low hand */
  readonly low?: readonly string[];
  readonly eventId: string;
}

export interface BankPokerState {
  /** cards held, per position (`seat:N`, `dealer`, `board`) */
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** every card each position received, discarded ones included */
  readonly received: Readonly<Record<string, readonly string[]>>;
  readonly burns: readonly string[];
  /** bank cards dealt face up */
  readonly upcards: number;
  readonly bets: readonly Bet[];
  readonly decisions: readonly Decision[];
  readonly closed: boolean;
  /** amounts recorded by `JackpotContributed` in this round */
  readonly jackpotContributed?: number;
  /** cards dealt face up, by position, in the order dealt */
  readonly exposed?: ReadonlyArray<{ readonly to: string; readonly card: string }>;
}

export const DEALER = 'dealer';
export const BOARD = 'board';
export const BURN = 'burn';
export const seatPosition = (seat: number | string | undefined): string => `seat:${seat}`;
export const seatOf = (position: string): number | null => (/^seat:\d+$/.test(position) ? Number(position.slice(5)) : null);

export const emptyState = (): BankPokerState => ({ hands: {}, received: {}, burns: [], upcards: 0, bets: [], decisions: [], closed: false });

export const cardsAt = (s: BankPokerState, position: string): readonly string[] => s.hands[position] ?? [];
export const receivedAt = (s: BankPokerState, position: string): number => (s.received[position] ?? []).length;
export const betsOf = (s: BankPokerState, seat: number | string | undefined, betType?: string): Bet[] =>
  s.bets.filter((b) => String(b.seat) === String(seat) && (!betType || b.betType === betType));
export const decisionsOf = (s: BankPokerState, seat: number | string | undefined, decision?: string): Decision[] =>
  s.decisions.filter((d) => String(d.seat) === String(seat) && (!decision || d.decision === decision));
export const hasFolded = (s: BankPokerState, seat: number | string | undefined): boolean => decisionsOf(s, seat, 'fold').length > 0;
/** seats holding a bet of one of these types */
export const seatsWith = (s: BankPokerState, betTypes: readonly string[]): number[] =>
  [...new Set(s.bets.filter((b) => betTypes.includes(b.betType) && !b.late).map((b) => Number(b.seat)))].sort((a, b) => a - b);

/** The cards a decision gives up: `discards`, or the contract's generic `cards` field. */
export const discardsOf = (data: Fact['data']): unknown => data.discards ?? data.cards;

/** The common fold of a bank-poker round's facts. */
export function evolveBankPoker(state: BankPokerState, fact: Fact): BankPokerState {
  const event = asContractEvent(fact);
  switch (event?.type) {
    case 'BetPlaced': {
      const d = event.data;
      return {
        ...state,
        bets: [
          ...state.bets,
          {
            betId: String(d.betId),
            seat: d.seat,
            betType: String(d.betType),
            selection: d.selection,
            amount: Number(d.amount),
            onBehalfOf: d.onBehalfOf,
            eventId: fact.eventId,
            late: state.closed,
          },
        ],
      };
    }
    case 'BetsClosed':
      return { ...state, closed: true };
    case 'JackpotContributed':
      return { ...state, jackpotContributed: (state.jackpotContributed ?? 0) + Number(event.data.amount ?? 0) };
    case 'CardDealt': {
      const d = event.data;
      const c = parseCard(String(d.card));
      const to = String(d.to);
      if (!c) return state;
      if (to === BURN) return { ...state, burns: [...state.burns, c.code] };
      return {
        ...state,
        upcards: state.upcards + (to === DEALER && d.faceUp === true ? 1 : 0),
        ...(d.faceUp === true ? { exposed: [...(state.exposed ?? []), { to, card: c.code }] } : {}),
        hands: { ...state.hands, [to]: [...(state.hands[to] ?? []), c.code] },
        received: { ...state.received, [to]: [...(state.received[to] ?? []), c.code] },
      };
    }
    case 'PlayerDecision': {
      const d = event.data;
      const given = discardsOf(d);
      const discards = Array.isArray(given) ? given.map((x: unknown) => parseCard(String(x))?.code ?? String(x)) : undefined;
      const decision: Decision = {
        seat: Number(d.seat),
        decision: String(d.decision),
        betId: d.betId === undefined ? undefined : String(d.betId),
        amount: d.amount === undefined ? undefined : Number(d.amount),
        discards,
        low: Array.isArray(d.low) ? d.low.map((x: unknown) => parseCard(String(x))?.code ?? String(x)) : undefined,
        eventId: fact.eventId,
      };
      let hands = state.hands;
      if (discards?.length) {
        const position = seatPosition(d.seat);
        const held = [...(hands[position] ?? [])];
        for (const x of discards) {
          const at = held.indexOf(x);
          if (at >= 0) held.splice(at, 1);
        }
        hands = { ...hands, [position]: held };
      }
      return { ...state, hands, decisions: [...state.decisions, decision] };
    }
    default:
      return state;
  }
}

// ---------------------------------------------------------------------------------------------------
// Settlement builders

export const fmtOdds = (n: number): string => (n === 0.5 ? '1:2' : `${n}:1`);

// The builders take the rule named in full (`<game>/<rule>`, core/findings.ts `settlementNamed`). Their phrases (issue 16) say what follows for the bet (`bank.*`); the reason before it (`why`) is
// said too where a game gives it as a phrase (the hands compared: `versus`, a bank that does not qualify:
// `bankDoesNotQualify`), and left to English readers where it is a game's English only.

/** The reason's English, and the consequence's phrase after the reason's where there is one. */
const because = (why: string | Said, then: Phrase): [string, Phrase] =>
  typeof why === 'string' ? [why, then] : [why.text, phrase('bank.because', { why: why.phrase, then })];

/** A win at "N to 1" (cited), rounded down to the smallest chip. */
export function winAt(bet: Bet, odds: Cited<number>, env: RoundEnv, { rule, why }: Omit<SettledBy, 'citation'>): ExpectedSettlement {
  const payout = payOdds(bet.amount, odds.value, env.ctx.smallestChip);
  const [text, explained] = because(
    why,
    phrase('bank.pays', { betType: term('betType', bet.betType), odds: fmtOdds(odds.value), stake: amount(bet.amount), payout: amount(payout) }),
  );
  return settlementNamed({
    outcome: 'win',
    payout,
    rule,
    citation: odds.cite,
    explanation: `${text}: ${bet.betType} pays ${fmtOdds(odds.value)} on ${bet.amount} = ${payout}`,
    explanationPhrase: explained,
  });
}
export function lose({ rule, citation, why }: SettledBy): ExpectedSettlement {
  const [text, explained] = because(why, phrase('bank.lost'));
  return settlementNamed({ outcome: 'lose', payout: 0, rule, citation, explanation: `${text}: the stake is lost`, explanationPhrase: explained });
}
export function push({ rule, citation, why }: SettledBy): ExpectedSettlement {
  const [text, explained] = because(why, phrase('bank.returned'));
  return settlementNamed({ outcome: 'push', payout: 0, rule, citation, explanation: `${text}: the stake is returned`, explanationPhrase: explained });
}
/** A bet this game or jurisdiction does not offer (flagged BET_NOT_ALLOWED when placed): it is returned. */
export const returned = ({ rule, citation, why }: SettledBy & { readonly why: string }): ExpectedSettlement =>
  settlementNamed({ outcome: 'void', payout: 0, rule, citation, explanation: `${why}: the bet is returned`, explanationPhrase: phrase('bank.notOffered') });

// ---------------------------------------------------------------------------------------------------
// The showdown of one box against the bank

export const sameBettor = (a: Bet, b: Bet): boolean => String(a.seat) === String(b.seat) && (a.onBehalfOf ?? null) === (b.onBehalfOf ?? null);
/** The bettor's bet of a type (the play bet of an ante, the ante of a play bet…). */
export const bettorBet = (s: BankPokerState, of: Bet, betType: string): Bet | undefined =>
  s.bets.find((b) => b.betType === betType && !b.late && sameBettor(b, of));

/**
 * The hands of a state, by position, each evaluated once: settling a round asks for the same hands (the
 * bank's against every box) of the same state, and a state is never changed once made. Kept for one env
 * at a time, as how many cards make a hand is the rulebook's.
 */
const handsByState = new WeakMap<BankPokerState, { env: object; hands: Map<string, HandValue | null> }>();

/** `evaluate()`, the hand at `position` in `s` under `env` (null while incomplete), computed once per state: one kind of hand per position. */
export function handOnce(s: BankPokerState, env: object, position: string, evaluate: () => HandValue | null): HandValue | null {
  let known = handsByState.get(s);
  if (known === undefined || known.env !== env) handsByState.set(s, (known = { env, hands: new Map() }));
  let hand = known.hands.get(position);
  if (hand === undefined) {
    hand = evaluate();
    known.hands.set(position, hand);
  }
  return hand;
}

export type Showdown =
  | { kind: 'undecided'; reason: string }
  | { kind: 'folded' }
  | { kind: 'bank-does-not-qualify'; bank: HandValue }
  | { kind: 'compared'; sign: number; player: HandValue; bank: HandValue };

export interface ShowdownSpec {
  /** the bet that says "I play" (`play`, `flop`); without it, after the close, the box folded */
  readonly playType: string;
  /** the hand a position holds, or null while incomplete */
  hand(position: string): HandValue | null;
  /** does the bank's hand qualify (null: no qualifier) */
  readonly qualifies: ((bank: HandValue) => boolean) | null;
}

/** The result of a box: folded, the bank does not qualify, or player vs bank. */
export function showdown(s: BankPokerState, ante: Bet, spec: ShowdownSpec): Showdown {
  const played = !!bettorBet(s, ante, spec.playType);
  if (!played && (decisionsOf(s, ante.seat, 'fold').length || s.closed)) return { kind: 'folded' };
  if (!played) return { kind: 'undecided', reason: `box ${ante.seat} has not decided to play or fold` };
  const bank = spec.hand(DEALER);
  const player = spec.hand(seatPosition(ante.seat));
  if (!bank) return { kind: 'undecided', reason: "the bank's hand is not complete" };
  if (!player) return { kind: 'undecided', reason: `box ${ante.seat}'s hand is not complete` };
  if (spec.qualifies && !spec.qualifies(bank)) return { kind: 'bank-does-not-qualify', bank };
  return { kind: 'compared', sign: compareHands(player, bank), player, bank };
}

export const versusText = (sd: { player: HandValue; bank: HandValue }): string => `player ${handName(sd.player)} vs bank ${handName(sd.bank)}`;

/**
 * The hands compared and who that makes the winner, as the game says it in English (`tail`: "the bank wins",
 * "an exact tie"…) and as a phrase (`bank.versus.<winner>`).
 */
export const handsCompared = (sd: { player: HandValue; bank: HandValue }, winner: 'bank' | 'tie' | 'player', tail: string): Said =>
  said(`${versusText(sd)}: ${tail}`, `bank.versus.${winner}`, { player: handPhrase(sd.player), bank: handPhrase(sd.bank) });

/** The bank's hand below the qualifier (`needed`: the game's English for the lowest qualifying hand). */
export const bankDoesNotQualify = (bank: HandValue, text: string): Said => said(text, 'bank.doesNotQualify', { bank: handPhrase(bank) });

/** What lies below a side bet's or a pay table's lowest paying hand, as `bank.why.short` names it. */
export type ShortOf = 'pair' | 'fullHouse' | 'acesPair' | 'jacksPair' | 'bonusHand';

/**
 * The other reasons the games give before what follows for a bet (issue 16): each game's English as it
 * was, and the phrase (`bank.why.*`) that says the same in the reader's language, hands by the texts' words.
 */
export const bankWhy = {
  /** a second bet with no ante on its box */
  noAnte: (betType: string): Said => said(`a ${betType} bet without an ante on the box`, 'bank.why.noAnte', { betType: term('betType', betType) }),
  /** the box gave up, in the text's own word where the game quotes one ("paso", "no voy", "retirarse") */
  folded: (text: string, box: unknown, word?: string): Said => said(text, 'bank.why.folded', { box: String(box), word: word ?? 'none' }),
  /** a side bet a fold or a bought card takes with it */
  forfeits: (text: string, box: unknown, betType: string, by: 'fold' | 'buy-card'): Said =>
    said(text, 'bank.why.forfeits', { box: String(box), betType: term('betType', betType), by: by === 'fold' ? 'fold' : 'buy' }),
  /** the bank does not qualify, and the play bet stands as it is or is returned */
  playBet: (why: Said, text: string, how: 'stands' | 'returned'): Said => said(`${why.text}, ${text}`, 'bank.why.playBet', { why: why.phrase, how }),
  /** a bet settled on the box's own hand (`bank`: whatever the bank holds) */
  onHand: (text: string, betType: string, hand: HandValue | string, bank: boolean): Said =>
    said(text, 'bank.why.onHand', { betType: term('betType', betType), hand: typeof hand === 'string' ? hand : handPhrase(hand), bank: bank ? 'yes' : 'no' }),
  /** below the lowest hand that pays */
  short: (text: string, why: Said | HandValue, below: ShortOf): Said =>
    said(text, 'bank.why.short', { why: 'phrase' in why ? why.phrase : handPhrase(why), below }),
  /** the player's winning hand is not in the pay table */
  notInPayTable: (text: string, hand: HandValue): Said => said(text, 'bank.why.notInPayTable', { hand: handPhrase(hand) }),
  /** the player wins and the pay table pays the hand (`ante`: the ante's own pay table; `winning`: the lowest hand that is paid) */
  payTable: (text: string, why: Phrase, hand: HandValue, table: 'main' | 'ante' | 'winning', odds?: string): Said =>
    said(text, 'bank.why.payTable', { why, hand: handPhrase(hand), table, odds: odds ?? 'none' }),
  /** the player wins below a straight: the ante "no se pagará" */
  anteBelowStraight: (text: string, why: Phrase): Said => said(text, 'bank.why.anteBelowStraight', { why }),
  /** a bet the player took back before the deal decided it */
  withdrawn: (text: string, betType: string): Said => said(text, 'bank.why.withdrawn', { betType: term('betType', betType) }),
  /** three card poker's ante bonus not paid: after a fold, or below a straight */
  noAnteBonus: (folded: boolean): Said =>
    said(folded ? 'no ante bonus after a fold' : 'no ante bonus below a straight', 'bank.why.noAnteBonus', { fold: folded ? 'yes' : 'no' }),
};

/** A jackpot side bet's stake: it goes to the pool, and a prize is paid by JackpotWon, not by the settlement (index.md OQ-14). */
export const jackpotStake = ({ rule, citation }: Omit<SettledBy, 'why'>): ExpectedSettlement =>
  settlementNamed({
    outcome: 'lose',
    payout: 0,
    rule,
    citation,
    explanation: 'the jackpot stake goes to the pool; any prize is paid by JackpotWon',
    explanationPhrase: phrase('bank.jackpotStake'),
  });

/** The hands compared, the player winning, as a phrase (the reason before a pay table's). */
export const playerWins = (sd: { player: HandValue; bank: HandValue }): Phrase =>
  phrase('bank.versus.player', { player: handPhrase(sd.player), bank: handPhrase(sd.bank) });

// ---------------------------------------------------------------------------------------------------
// Card counts and structure

export interface PositionCount {
  /** cards the position must hold by the end of the round */
  readonly due: number;
  readonly rule: string;
  readonly citation: string;
}

/** What a game tells the shared judge about its deal. */
export interface DealSpec<R extends RulebookBase> {
  /** the cards a position must receive in this round (0: the position takes no card) */
  count(state: BankPokerState, position: string, env: RoundEnv<R>): PositionCount;
  /** burn cards the deal requires (default: none required, any number allowed) */
  burns?(state: BankPokerState, env: RoundEnv<R>): PositionCount | null;
  /** positions that must be complete for the outcome to be decided */
  positions(state: BankPokerState, env: RoundEnv<R>): string[];
}

export function judgeCard<R extends RulebookBase>(game: string, spec: DealSpec<R>, before: BankPokerState, fact: Fact, env: RoundEnv<R>): Finding[] {
  if (fact.type !== 'CardDealt') return [];
  const c = parseCard(String(fact.data.card));
  const to = String(fact.data.to);
  if (!c) return [];
  const findings: Finding[] = [];
  // one deck per coup: the same card twice in a round cannot come from it (the generic judge checks shoes it knows)
  if (!env.ctx.shoe && c.rank !== 'JK') {
    let seen = 0; // counted in place: this runs for every card dealt
    for (const got of Object.values(before.received)) for (const x of got) if (x === c.code) seen++;
    for (const x of before.burns) if (x === c.code) seen++;
    if (seen >= 1)
      findings.push(
        findingsOf(game).finding({
          code: 'CARD_COUNT_EXCEEDED',
          expected: 1,
          recorded: seen + 1,
          rule: 'one-deck',
          citation: env.rulebook.source,
          message: `${c.code} dealt twice in one coup from a single deck`,
          messagePhrase: phrase('finding.poker.oneDeck', { card: c.code }),
        }),
      );
  }
  if (to === BURN) {
    const b = spec.burns?.(before, env);
    if (b && before.burns.length + 1 > b.due)
      findings.push(
        findingNamed({
          code: 'DRAW_RULE_VIOLATION',
          expected: b.due,
          recorded: before.burns.length + 1,
          rule: b.rule,
          citation: b.citation,
          message: `a burn card beyond the ${b.due} the deal requires`,
          messagePhrase: phrase('finding.poker.burnBeyond', { due: b.due }),
        }),
      );
    return findings;
  }
  const count = spec.count(before, to, env);
  const already = receivedAt(before, to);
  if (already + 1 > count.due) {
    findings.push(
      findingNamed({
        code: 'DRAW_RULE_VIOLATION',
        expected: count.due,
        recorded: already + 1,
        rule: count.rule,
        citation: count.citation,
        message: `${to} receives card ${already + 1} (${c.code}) where the rules give it ${count.due}`,
        messagePhrase: phrase('finding.poker.receives', { place: placePhrase(to), nth: already + 1, card: c.code, due: count.due }),
      }),
    );
  }
  return findings;
}

/**
 * A card dealt face up where the text deals it hidden voids the coup (every text: "la aparición indebida de
 * alguna carta descubierta supondrá la anulación de toda la jugada"); judged at the end of a coup that was
 * played on instead of voided. `voids` says which exposed cards void it.
 */
export function judgeUndueExposure(
  game: string,
  state: BankPokerState,
  voids: (exposed: { to: string; card: string }) => boolean,
  citation: string,
): Finding[] {
  const { finding } = findingsOf(game);
  return (state.exposed ?? []).filter(voids).map((x) =>
    finding({
      code: 'SEQUENCE_VIOLATION',
      expected: 'the coup voided (RoundVoided)',
      recorded: `${x.card} dealt face up to ${x.to}, and the coup played on`,
      rule: 'undue-exposure',
      citation,
      message: `${x.card} was dealt face up to ${x.to}: the text voids the whole coup, which was settled instead`,
      messagePhrase: phrase('finding.poker.undueExposure', { card: x.card, place: placePhrase(x.to) }),
    }),
  );
}

export function judgeDealEnd<R extends RulebookBase>(spec: DealSpec<R>, state: BankPokerState, env: RoundEnv<R>): Finding[] {
  const findings: Finding[] = [];
  for (const position of spec.positions(state, env)) {
    const count = spec.count(state, position, env);
    const got = receivedAt(state, position);
    if (got < count.due)
      findings.push(
        findingNamed({
          code: 'DRAW_RULE_VIOLATION',
          expected: count.due,
          recorded: got,
          rule: count.rule,
          citation: count.citation,
          message: `${position} ends the coup with ${got} card(s); the rules give it ${count.due}`,
          messagePhrase: phrase('finding.poker.endsShort', { place: placePhrase(position), got, due: count.due }),
        }),
      );
  }
  const b = spec.burns?.(state, env);
  if (b && state.burns.length < b.due)
    findings.push(
      findingNamed({
        code: 'DRAW_RULE_VIOLATION',
        expected: b.due,
        recorded: state.burns.length,
        rule: b.rule,
        citation: b.citation,
        message: `${b.due} burn card(s) required, ${state.burns.length} burnt`,
        messagePhrase: phrase('finding.poker.burnsShort', { due: b.due, burnt: state.burns.length }),
      }),
    );
  return findings;
}

export const isComplete = <R extends RulebookBase>(spec: DealSpec<R>, state: BankPokerState, env: RoundEnv<R>): boolean =>
  spec.positions(state, env).every((p) => receivedAt(state, p) >= spec.count(state, p, env).due);

/** Structural refusal of a card fact: a card that is not on this equipment, a position that does not exist. */
export function refuseCard(fact: Fact, deck: DeckSpec, extraPositions: readonly string[] = []): Refusal | null {
  if (fact.type !== 'CardDealt') return null;
  const c = parseCard(String(fact.data?.card));
  if (!c) return { field: 'data.card', reason: `${JSON.stringify(fact.data?.card)} is not a card` };
  if (c.rank === 'JK' ? deck.jokers === 0 : !deck.ranks.includes(c.rank as never))
    return { field: 'data.card', reason: `${c.code} is not in the deck of this game (${deck.name})` };
  const to = String(fact.data?.to);
  if (!(seatOf(to) !== null || [DEALER, BOARD, BURN, ...extraPositions].includes(to)))
    return { field: 'data.to', reason: `"${to}" is not a position at this table (seat:N, dealer, board, burn)` };
  return null;
}

export function refuseDecision(fact: Fact, decisions: readonly string[]): Refusal | null {
  if (fact.type !== 'PlayerDecision') return null;
  const d = String(fact.data?.decision);
  return decisions.includes(d) ? null : { field: 'data.decision', reason: `"${d}" is not a decision of this game (${decisions.join(', ')})` };
}

/** A bet the rules refuse (`rule`: its name within the game): the English `message` with its phrase (issue 16). */
export function notAllowed(
  game: string,
  bet: Bet,
  {
    rule,
    citation,
    message,
    expected = 'a bet the rulebook offers',
  }: { readonly rule: string; readonly citation: string; readonly message: Said; readonly expected?: unknown },
): Finding {
  return findingsOf(game).finding({
    code: 'BET_NOT_ALLOWED',
    betId: bet.betId,
    expected,
    recorded: bet.betType,
    rule,
    citation,
    message: message.text,
    messagePhrase: message.phrase,
  });
}

/** A place at a banking poker table as the catalogue names it: a box (`seat:N`), the bank's hand, the board. */
export const placePhrase = (to: string): Phrase => {
  const box = seatOf(to);
  return box !== null ? phrase('finding.poker.place', { place: 'seat', box: String(box) }) : phrase('finding.poker.place', { place: to, box: '' });
};

/** A bet on a box the layout (or table) does not have. */
export const noSuchBox = (bet: Bet, boxes: number, where: 'table' | 'layout'): Said =>
  said(`a bet on box ${String(bet.seat)}; the ${where} has boxes 1 to ${boxes}`, 'finding.poker.noSuchBox', { box: String(bet.seat), boxes });

/** A bet placed on a box after its cards were dealt. */
export const afterDeal = (bet: Bet): Said =>
  said(`${bet.betType} placed on box ${bet.seat} after its cards were dealt`, 'finding.poker.afterDeal', {
    betType: term('betType', bet.betType),
    box: String(bet.seat),
  });

/** A bet that needs the box's ante first. */
export const withoutAnte = (text: string, bet: Bet, ante: string): Said =>
  said(text, 'finding.poker.withoutAnte', { betType: term('betType', bet.betType), box: String(bet.seat), ante: term('betType', ante) });

/** A bet type this jurisdiction does not offer. */
export function judgeOffered(game: string, bet: Bet, offered: Readonly<Record<string, Cited<boolean>>>, source: string): Finding[] {
  const entry = offered[bet.betType];
  if (entry?.value) return [];
  return [
    notAllowed(game, bet, {
      rule: 'bet-types',
      citation: entry?.cite ?? source,
      message: said(`${bet.betType} is not a bet of ${game} in this jurisdiction`, 'finding.bet.notOffered', { betType: term('betType', bet.betType), game }),
    }),
  ];
}

/** A bet on a box the layout does not have: boxes are numbered 1 to the text's number of players. */
export function judgeBox(game: string, bet: Bet, boxes: Cited<number>): Finding[] {
  const box = Number(bet.seat);
  return Number.isInteger(box) && box >= 1 && box <= boxes.value
    ? []
    : [notAllowed(game, bet, { rule: 'box', citation: boxes.cite, message: noSuchBox(bet, boxes.value, 'table'), expected: `a box from 1 to ${boxes.value}` })];
}

/** Bets on one box beyond the rulebook's number (standing players, players on others' boxes). */
export function judgeBoxCount(game: string, bet: Bet, state: BankPokerState, mainBet: string, max: Cited<number>): Finding[] {
  if (bet.betType !== mainBet) return [];
  const onBox = betsOf(state, bet.seat, mainBet).length + 1;
  return onBox > max.value
    ? [
        notAllowed(game, bet, {
          rule: 'bets-per-box',
          citation: max.cite,
          message: said(`${onBox} ${mainBet} bets on box ${bet.seat}; at most ${max.value}`, 'finding.poker.perBox', {
            count: onBox,
            betType: term('betType', mainBet),
            box: String(bet.seat),
            max: max.value,
          }),
          expected: max.value,
        }),
      ]
    : [];
}

/** A second bet that must be a set multiple of the same box's ante (player's own or on his behalf). */
export function judgeMultipleOf(game: string, bet: Bet, state: BankPokerState, anteType: string, multiple: Cited<number>, rule: string): Finding[] {
  const ante = state.bets.find((b) => b.betType === anteType && String(b.seat) === String(bet.seat) && (b.onBehalfOf ?? null) === (bet.onBehalfOf ?? null));
  if (!ante)
    return [
      notAllowed(game, bet, {
        rule,
        citation: multiple.cite,
        message: withoutAnte(`${bet.betType} bet on box ${bet.seat} without an ${anteType}`, bet, anteType),
        expected: `an ${anteType} first`,
      }),
    ];
  const expected = ante.amount * multiple.value;
  return bet.amount === expected
    ? []
    : [
        notAllowed(game, bet, {
          rule,
          citation: multiple.cite,
          message: said(
            `${bet.betType} must be ${multiple.value} × the ${anteType} (${ante.amount}) = ${expected}; ${bet.amount} was bet`,
            'finding.poker.anteMultiple',
            {
              betType: term('betType', bet.betType),
              multiple: multiple.value,
              ante: term('betType', anteType),
              anteAmount: amount(ante.amount),
              due: amount(expected),
              bet: amount(bet.amount),
            },
          ),
          expected,
        }),
      ];
}

/** The maximum of an initial bet: the regulation's multiple of the minimum, or the session's own lower maximum. */
export function initialBetMax(bet: Bet, env: RoundEnv, multiple: Cited<number>, game: string): { min: LimitCheck; max: LimitCheck } {
  const limits = env.ctx.limits;
  const min: LimitCheck = { amount: limits.min, rule: `${game}/table-minimum`, citation: 'TableSessionOpened.limits (contract §3)' };
  const typed = limits[bet.betType];
  if (typeof typed === 'number') return { min, max: { amount: typed, rule: `${game}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` } };
  const byMultiple = limits.min * multiple.value;
  const max: LimitCheck =
    byMultiple <= limits.max
      ? { amount: byMultiple, rule: `${game}/maximum-multiple`, citation: multiple.cite }
      : { amount: limits.max, rule: `${game}/table-maximum`, citation: 'TableSessionOpened.limits (contract §3)' };
  return { min, max };
}

/**
 * The maximum of a second bet (`play`, `flop`…): its multiple of the ante's maximum (it is sized from the
 * ante, so only the ante is capped by the text), unless the session set a maximum for this bet type.
 */
export function secondBetMax(bet: Bet, env: RoundEnv, anteMultiple: Cited<number>, multiple: Cited<number>, game: string): { max: LimitCheck } {
  const typed = env.ctx.limits[bet.betType];
  if (typeof typed === 'number') return { max: { amount: typed, rule: `${game}/bet-type-maximum`, citation: `TableSessionOpened.limits.${bet.betType}` } };
  const ante = initialBetMax({ ...bet, betType: 'ante' }, env, anteMultiple, game).max;
  return { max: { ...ante, amount: ante.amount * multiple.value, citation: `${ante.citation}; ${multiple.cite}` } };
}

/** A side bet capped at a fraction of the table minimum (insurance, jackpot: "≤ ½ table minimum"). */
export function sideBetMax(env: RoundEnv, fraction: Cited<number>, game: string, betType: string): { max: LimitCheck } {
  const typed = env.ctx.limits[betType];
  if (typeof typed === 'number') return { max: { amount: typed, rule: `${game}/bet-type-maximum`, citation: `TableSessionOpened.limits.${betType}` } };
  return { max: { amount: roundDownTo(env.ctx.limits.min * fraction.value, 1), rule: `${game}/${betType}-maximum`, citation: fraction.cite } };
}

export const describeState = (s: BankPokerState): Record<string, unknown> => ({
  hands: s.hands,
  burns: s.burns.length,
  decisions: s.decisions.map((d) => ({ seat: d.seat, decision: d.decision, ...(d.discards ? { discards: d.discards } : {}) })),
});

export const optionOr = <T>(env: RoundEnv, name: string, fallback: T): T => (env.options[name] === undefined ? fallback : (env.options[name] as T));
export { optionCite };

// ---------------------------------------------------------------------------------------------------
// The croupier's tools

export class Croupier<S> {
  readonly facts: PlayedFact[] = [];
  private readonly deck: string[];
  private bets = 0;
  constructor(
    readonly rules: GameRules<S>,
    readonly ctx: PlayContext,
    deckSpec: DeckSpec,
  ) {
    this.deck = shuffle(shoeCards(deckSpec, 1), ctx.random);
    // a fresh, shuffled deck every coup (every rulebook: 1 deck per coup, several may alternate)
    this.facts.push({ type: 'ShoeStarted', data: { sessionId: ctx.sessionId, shoeId: `${ctx.roundId}-deck`, decks: 1 } });
    this.push('RoundStarted', {});
  }
  private push(type: string, data: Record<string, unknown>) {
    this.facts.push({ type, data: { sessionId: this.ctx.sessionId, roundId: this.ctx.roundId, ...data } });
  }
  get random() {
    return this.ctx.random;
  }
  /** The boxes in play this round: the seated players on boxes 1 to `max` (the table has `max` boxes). */
  boxes(max: number): number[] {
    return this.ctx.seats.filter((seat) => seat >= 1 && seat <= max).slice(0, max);
  }
  chance(p: number): boolean {
    return this.ctx.random() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.ctx.random() * items.length)];
  }
  /** A stake between the minimum and `maxMultiple` × the minimum, in whole minima, within the table maximum. */
  stake(maxMultiple: number): number {
    const { min, max } = this.ctx.env.ctx.limits;
    const top = Math.max(1, Math.min(maxMultiple, Math.floor(max / min)));
    return min * (1 + Math.floor(this.ctx.random() * Math.min(top, 5)));
  }
  bet(seat: number, betType: string, amount: number, extra: Record<string, unknown> = {}): string {
    const betId = `${this.ctx.roundId}-b${++this.bets}`;
    this.push('BetPlaced', { betId, seat, betType, amount, ...extra });
    return betId;
  }
  deal(to: string, faceUp = false): string {
    const c = this.deck.shift();
    if (!c) throw new Error('deck exhausted');
    this.push('CardDealt', { card: c, to, faceUp });
    return c;
  }
  decide(seat: number, decision: string, extra: Record<string, unknown> = {}) {
    this.push('PlayerDecision', { seat, decision, ...extra });
  }
  close() {
    this.push('BetsClosed', {});
  }
  /** The state the judge will see after the facts so far. */
  state(): S {
    const env = this.ctx.env;
    let s = this.rules.initialState(env as never);
    this.facts.forEach((f, i) => {
      if (f.type !== 'ShoeStarted') s = this.rules.evolve(s, { eventId: `play-${i}`, type: f.type, data: f.data }, env as never);
    });
    return s;
  }
  /** Settle every bet with the game's own `settle`; the commission, where due, recorded by CommissionCharged. */
  settleAll(): PlayedFact[] {
    const env = this.ctx.env;
    const s = this.state();
    const bets = (s as unknown as BankPokerState).bets;
    const commissions: PlayedFact[] = [];
    for (const bet of bets) {
      const hands = this.rules.handsToSettle?.(s, bet, env as never) ?? [undefined];
      for (const hand of hands) {
        const v = this.rules.settle(s, { bet, hand }, env as never) as ExpectedSettlement;
        if ((v as unknown as { undecided?: boolean }).undecided) throw new Error(`croupier: ${bet.betId} undecided`);
        const commission = v.commission ?? 0;
        // payout net of the commission; the commission itself recorded apart (contract §3 BetSettled, CommissionCharged)
        this.push('BetSettled', { betId: bet.betId, ...(hand !== undefined ? { hand } : {}), outcome: v.outcome, payout: v.payout });
        if (commission > 0)
          commissions.push({
            type: 'CommissionCharged',
            data: { sessionId: this.ctx.sessionId, roundId: this.ctx.roundId, betId: bet.betId, amount: commission },
          });
      }
    }
    this.facts.push(...commissions);
    return this.facts;
  }
  complete(): PlayedFact[] {
    this.push('RoundCompleted', {});
    return this.facts;
  }
  /** Used by the jackpot croupiers: record a fact outside the round helpers. */
  record(type: string, data: Record<string, unknown>) {
    this.push(type, data);
  }
}

/**
 * Jackpot facts of a round when the session plays a pool (the first configured one): the contribution
 * by the pool's configured rule and each seat's prize, highest hand first, computed as the judge does
 * (core/jackpot-prizes.ts: share of what the higher hands left, multiple of the stake, or a fixed prize).
 */
export function playJackpot<S>(c: Croupier<S>, rules: GameRules<S>, ctx: PlayContext, regulatedRate?: Cited<number> | null): void {
  const env = ctx.env;
  const pool = Object.values(env.ctx.jackpotPools ?? {})[0];
  if (!pool || !rules.jackpotHand) return;
  const s = c.state();
  const stakes = (s as unknown as BankPokerState).bets.filter((b) => isJackpotStake(rules, b) && !b.late);
  if (!stakes.length) return;
  let remaining = pool.current;
  // a share the text fixes (illes-balears carousel: 90 %) comes before the pool's own configuration
  const contribution = regulatedRate
    ? applyRate(
        stakes.reduce((t, b) => t + b.amount, 0),
        regulatedRate.value,
        env.ctx.smallestChip,
      )
    : pool.contributionAmount !== undefined
      ? pool.contributionAmount * stakes.length
      : pool.contributionRate !== undefined
        ? applyRate(
            stakes.reduce((t, b) => t + b.amount, 0),
            pool.contributionRate,
            env.ctx.smallestChip,
          )
        : 0;
  if (contribution > 0) {
    c.record('JackpotContributed', { poolId: pool.poolId, amount: contribution });
    remaining += contribution;
  }
  const winners = roundJackpotWinners(rules, s, env as RoundEnv, stakes, pool);
  // the highest hand first, as the judge expects them (core/jackpot-prizes.ts)
  const prizes = roundJackpotPrizes(winners, pool, remaining, env.ctx.smallestChip);
  for (const [seat, amount] of prizes) {
    const w = winners.find((x) => x.seat === seat)!;
    c.record('JackpotWon', { poolId: pool.poolId, seat: stakes.find((b) => String(b.seat) === seat)!.seat, hand: w.hand, amount });
  }
}

export const cards = (codes: readonly string[]) => codes.map(cardOf);

// ---------------------------------------------------------------------------------------------------
// House edges (issue 14 §5): the deals collapsed into classes of equal settlement, one real deal of each
// class played through the game's own evolve and settle, weighted by how many deals the class holds.

/** Card `i` of the 52 (0–51): rank index `i >> 2` (0 = two … 12 = ace), suit `i & 3`, as its contract code. */
export const cardCode = (i: number): string => `${RANKS[i >> 2]}${SUITS[i & 3]}`;

/**
 * The value classes of n-card hands (3 or 5 cards of a 52-card deck) under an evaluator: hands that tie
 * share a class, classes numbered from the weakest. A hand's value depends only on its ranks and on
 * whether it is suited, so each rank pattern is evaluated once (7,462 patterns for five cards, 741 for
 * three), always by the evaluator the game settles with.
 */
export interface HandClasses {
  readonly cards: number;
  /** one value per class, weakest first */
  readonly values: readonly HandValue[];
  /** how many hands of the deck each class holds */
  readonly counts: readonly number[];
  /** class of a hand given as card indices in ascending order */
  classOf(hand: ArrayLike<number>): number;
}

export function handClasses(n: number, evaluate: (codes: string[]) => HandValue): HandClasses {
  const patterns: Array<{ key: number; value: HandValue; hands: number }> = [];
  const choose4 = [1, 4, 6, 4, 1];
  const ranks: number[] = [];
  const keyOf = (rs: readonly number[], suited: boolean) => {
    let key = 0;
    for (let j = rs.length - 1; j >= 0; j--) key = key * 13 + rs[j];
    return key * 2 + (suited ? 1 : 0);
  };
  const visit = (from: number) => {
    if (ranks.length === n) {
      const distinct = new Set(ranks).size === n;
      // suits: repeated ranks take suits 0, 1, 2…; distinct ranks unsuited put the first card in suit 1
      const seen = new Map<number, number>();
      const unsuited = ranks.map((r, j) => {
        const k = seen.get(r) ?? 0;
        seen.set(r, k + 1);
        return cardCode(r * 4 + (distinct ? (j === 0 ? 1 : 0) : k));
      });
      // hands of the pattern: the suits each rank's cards can take, less the four suited ones
      let hands = 1;
      for (const [, k] of seen) hands *= choose4[k];
      patterns.push({ key: keyOf(ranks, false), value: evaluate(unsuited), hands: distinct ? hands - 4 : hands });
      if (distinct) patterns.push({ key: keyOf(ranks, true), value: evaluate(ranks.map((r) => cardCode(r * 4))), hands: 4 });
      return;
    }
    for (let r = from; r < 13; r++) {
      if (ranks.length >= 4 && ranks[ranks.length - 4] === r) continue; // four suits
      ranks.push(r);
      visit(r);
      ranks.pop();
    }
  };
  visit(0);
  patterns.sort((a, b) => compareHands(a.value, b.value));
  const table = new Int16Array(13 ** n * 2).fill(-1);
  const values: HandValue[] = [];
  const counts: number[] = [];
  for (let i = 0; i < patterns.length; i++) {
    if (i === 0 || compareHands(patterns[i - 1].value, patterns[i].value) !== 0) {
      values.push(patterns[i].value);
      counts.push(0);
    }
    table[patterns[i].key] = values.length - 1;
    counts[values.length - 1] += patterns[i].hands;
  }
  return {
    cards: n,
    values,
    counts,
    classOf(hand) {
      let key = 0;
      let suited = true;
      const suit = hand[0] & 3;
      for (let j = hand.length - 1; j >= 0; j--) {
        key = key * 13 + (hand[j] >> 2);
        if ((hand[j] & 3) !== suit) suited = false;
      }
      return table[key * 2 + (suited ? 1 : 0)];
    },
  };
}

/** The first class of `classes` that reaches `minimum` (the bank's qualifier), or `values.length` when none does. */
export function firstClassReaching(classes: HandClasses, reaches: (value: HandValue) => boolean): number {
  const i = classes.values.findIndex(reaches);
  return i < 0 ? classes.values.length : i;
}

/** One class of deals: how many equally likely deals it holds, and one of them, as the round's facts. */
export interface DealClass {
  readonly weight: number;
  readonly facts: readonly PlayedFact[];
}

/** A session environment to value bets in: whole chips (a payout of N to 1 is never rounded), no shoe. */
export const valuationEnv = <R extends RulebookBase>(env: RoundEnv<R>): RoundEnv<R> => ({ ...env, ctx: { ...env.ctx, smallestChip: 1, shoe: undefined } });

/** A stake every "N to 1" and "1 to 2" of these games pays in whole chips. */
export const EDGE_STAKE = 1000;

/** Builds a representative deal's facts: `deal.bet(1, 'ante')`, `deal.cards('seat:1', …)`, `deal.decide(1, 'play')`. */
export class DealFacts {
  readonly facts: PlayedFact[] = [{ type: 'RoundStarted', data: {} }];
  private n = 0;
  bet(seat: number, betType: string, multiple = 1): this {
    this.facts.push({ type: 'BetPlaced', data: { betId: `edge-${++this.n}`, seat, betType, amount: EDGE_STAKE * multiple } });
    return this;
  }
  cards(to: string, codes: readonly string[], faceUp = false): this {
    for (const c of codes) this.facts.push({ type: 'CardDealt', data: { card: c, to, faceUp } });
    return this;
  }
  decide(seat: number, decision: string, extra: Record<string, unknown> = {}): this {
    this.facts.push({ type: 'PlayerDecision', data: { seat, decision, ...extra } });
    return this;
  }
  close(): this {
    this.facts.push({ type: 'BetsClosed', data: {} });
    return this;
  }
  push(type: string, data: Record<string, unknown>): this {
    this.facts.push({ type, data });
    return this;
  }
}

/** The state after a deal's facts, folded through the game's own `initialState` and `evolve`. */
export function stateAfter<S>(rules: GameRules<S>, env: RoundEnv, facts: readonly PlayedFact[]): S {
  let s = rules.initialState(env as never);
  facts.forEach((f, i) => (s = rules.evolve(s, { eventId: `edge-${i}`, type: f.type, data: f.data }, env as never)));
  return s;
}

/**
 * What a deal's bets bring back per unit of its first bet of `unitType` (the ante), stakes included: every
 * bet of the deal (`include` picks them) and every hand the game settles it on (the ante bonus…), each by
 * the game's own `settle`. The second bets are the player's own strategy, so the ante and what follows
 * it are one wager, valued per ante (the published convention for these games).
 */
export function backPerUnitOf<S>(
  rules: GameRules<S>,
  env: RoundEnv,
  facts: readonly PlayedFact[],
  unitType: string,
  include: (bet: Bet) => boolean = () => true,
): number {
  const s = stateAfter(rules, env, facts);
  const bets = (s as unknown as BankPokerState).bets.filter(include);
  const unit = bets.find((b) => b.betType === unitType);
  if (!unit) throw new Error(`no ${unitType} bet in the deal`);
  let net = 0;
  for (const bet of bets) {
    for (const hand of rules.handsToSettle?.(s, bet, env as never) ?? [undefined]) {
      const v = rules.settle(s, { bet, hand }, env as never);
      if (hand === undefined) net += (backPerUnit(bet.amount, v) - 1) * bet.amount;
      // a bonus settled on the same stake (three card poker's ante bonus) adds its winnings only: the stake is the main hand's
      else if (!isUndecided(v) && !isUnverifiable(v) && v.outcome === 'win') net += v.payout;
    }
  }
  return 1 + net / unit.amount;
}

/** The figure of one wager from its classes of deals, each priced through the game's own settle. */
export function edgeOfClasses<S>(
  rules: GameRules<S>,
  env: RoundEnv,
  classes: readonly DealClass[],
  unitType: string,
  figure: Omit<BetEdge, 'returnPerUnit' | 'houseEdge' | 'variancePerUnit'>,
  include?: (bet: Bet) => boolean,
): BetEdge {
  return edgeFrom(
    classes.filter((c) => c.weight > 0).map((c) => ({ weight: c.weight, back: backPerUnitOf(rules, env, c.facts, unitType, include) })),
    figure,
  );
}

/** House edges once per rulebook and session options (by value: every table opening brings its own options object). */
const edgesMemo = new WeakMap<object, Map<string, readonly BetEdge[]>>();
export function memoEdges(env: RoundEnv, compute: () => readonly BetEdge[]): readonly BetEdge[] {
  let byOptions = edgesMemo.get(env.rulebook);
  if (!byOptions) edgesMemo.set(env.rulebook, (byOptions = new Map()));
  const key = JSON.stringify(Object.entries(env.options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let edges = byOptions.get(key);
  if (!edges) byOptions.set(key, (edges = Object.freeze(compute())));
  return edges;
}

/** How one bank-poker deal ends for the player's box, as the house-edge valuations class it. */
export type BankOutcome = 'fold' | 'bank-does-not-qualify' | 'player-wins' | 'tie' | 'bank-wins';
export const BANK_OUTCOMES: readonly BankOutcome[] = ['fold', 'bank-does-not-qualify', 'player-wins', 'tie', 'bank-wins'];

/**
 * Every five-card hand of a 52-card deck in colexicographic order, written into `hand` (card indices, 0–51,
 * ascending) before each `visit(index)`; `index` runs 0 … C(52, 5) − 1. One loop for the exact valuations.
 */
export function eachFiveCardHand(hand: Int8Array, visit: (index: number) => void): void {
  let index = 0;
  for (let a = 4; a < 52; a++)
    for (let b = 3; b < a; b++)
      for (let c = 2; c < b; c++)
        for (let d = 1; d < c; d++)
          for (let e = 0; e < d; e++) {
            hand[0] = e;
            hand[1] = d;
            hand[2] = c;
            hand[3] = b;
            hand[4] = a;
            visit(index++);
          }
}
