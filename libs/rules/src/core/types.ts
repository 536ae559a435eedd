/**
 * The vocabulary shared by every game: jurisdictions, cited rulebook values, the facts of a round
 * and what the judge says about them. Pure types; no framework, no I/O.
 */
import type { Phrase } from './phrase';

export const JURISDICTIONS = ['euskadi', 'cantabria', 'illes-balears', 'galicia', 'andalucia'] as const;
export type JurisdictionId = (typeof JURISDICTIONS)[number];

/**
 * A regulatory value with where it comes from: `cantabria L2105` (a line of that jurisdiction's text),
 * `docs/decisions/open-questions.md#oq-07` (an open question's default) or `INDUSTRY-STANDARD` where no text says it.
 */
export interface Cited<T> {
  readonly value: T;
  readonly cite: string;
}

export const cited = <T>(value: T, cite: string): Cited<T> => ({ value, cite });

/** One stored fact as the rules see it: the envelope without storage details. */
export interface Fact<D = Readonly<Record<string, unknown>>> {
  readonly eventId: string;
  readonly type: string;
  readonly data: D;
  readonly occurredAt?: string;
  /** position within the replayed sequence (1-based), filled by the replayer */
  readonly position?: number;
}

export type DiscrepancyCode =
  | 'PAYOUT_MISMATCH'
  | 'BET_ABOVE_MAXIMUM'
  | 'BET_BELOW_MINIMUM'
  | 'BET_AFTER_CLOSE'
  | 'DRAW_RULE_VIOLATION'
  | 'CARD_COUNT_EXCEEDED'
  | 'CAGNOTTE_MISMATCH'
  | 'COMMISSION_MISMATCH'
  | 'JACKPOT_MISMATCH'
  | 'UNSETTLED_BET'
  | 'SETTLED_UNKNOWN_BET'
  | 'OUTCOME_MISSING'
  // extensions (contract §6 says "at least" the codes above)
  | 'BET_NOT_ALLOWED'
  | 'SEQUENCE_VIOLATION'
  /** a session setting under which a bet's house edge is ≤ 0 (issue 14 §4): a finding on the session */
  | 'PLAYER_EDGE_SETTING'
  /** a session-level rule broken: players at the table, the shoe, a setting below a regulated minimum */
  | 'SESSION_RULE_VIOLATION'
  // session and gaming-day compliance (issue 15): one code per regulated subject, so an inspector can
  // search by it; each finding's `rule` and `citation` name the jurisdiction's own clause
  /** a limit change: when, how often, in which direction, announced, the float topped up */
  | 'LIMIT_CHANGE_VIOLATION'
  /** closing: the announced last balls / shooter / shoe / hands, and the close after them */
  | 'CLOSING_VIOLATION'
  /** a temporary closing: movements while suspended, who reopened, the hour left */
  | 'SUSPENSION_VIOLATION'
  /** a reversible cloth: game changes per table per day, the previous game closed, a new float */
  | 'CLOTH_CHANGE_VIOLATION'
  /** the gaming day: the tables that must be in service */
  | 'TABLES_IN_SERVICE_VIOLATION'
  /** the gaming day: one jefe de mesa per N tables */
  | 'SUPERVISION_VIOLATION'
  /** dice, ternas, shoes: new, numbered, rotated, not reused as the rules require */
  | 'EQUIPMENT_CUSTODY_VIOLATION'
  /** circle poker: the session's published duration or turns of the mano, its fee */
  | 'CIRCLE_SESSION_VIOLATION'
  /** baccarat à deux tableaux: the bank deposited in the Caja before play and after a broken bank */
  | 'BANK_DEPOSIT_VIOLATION';

export interface Discrepancy {
  readonly code: DiscrepancyCode;
  readonly eventId?: string;
  readonly betId?: string;
  readonly expected: unknown;
  readonly recorded: unknown;
  /** `<game>/<rule-name>`, stable, e.g. `punto-banco/banker-commission` */
  readonly rule: string;
  readonly citation: string;
  readonly message: string;
  /**
   * the message as a phrase of the narrative catalogue (issue 16): what the rules found, in the reader's
   * language; `message` stays the English that integrators and logs read
   */
  readonly messagePhrase?: Phrase;
}

/** A rule-derived finding before the judge attaches event ids. */
export type Finding = Omit<Discrepancy, 'eventId'> & { eventId?: string };

export type SettlementOutcome = 'win' | 'lose' | 'push' | 'half-lost' | 'prison' | 'void';

/** Limits as opened (`TableSessionOpened.limits`) or changed; money in minor units. */
export interface TableLimits {
  readonly min: number;
  readonly max: number;
  /** per-bet-type maxima (e.g. `{ straight: 2000, red: 36000 }`) */
  readonly [betType: string]: number | undefined;
}

/** The session a round belongs to, as the judge needs it. */
export interface SessionContext {
  readonly sessionId: string;
  readonly casinoId?: string;
  readonly tableId?: string;
  readonly game: string;
  readonly jurisdiction: JurisdictionId;
  readonly currency: string;
  readonly limits: TableLimits;
  /** game options the rulebook allows (commissionRate, cagnotteRate, payTable, …) */
  readonly options: Readonly<Record<string, unknown>>;
  /** smallest chip of the session float: the rounding unit for rate-derived amounts (contract §7) */
  readonly smallestChip: number;
  /** shoe in play when the round started, with the cards already dealt from it in earlier rounds */
  readonly shoe?: ShoeInPlay;
  /** jackpot pools as they stood when the round started (poolId → state) */
  readonly jackpotPools?: Readonly<Record<string, JackpotPoolView>>;
  /**
   * Game state carried from the session's earlier facts into this round (prison bets, a craps point,
   * the chemin-de-fer bank): the fold of `GameRules.carry` over every earlier fact of the session.
   */
  readonly carried?: unknown;
  /** true when the round is the last of the session (roulette prison refunds, announced last coups) */
  readonly lastRoundOfSession?: boolean;
}

export interface ShoeInPlay {
  readonly shoeId: string;
  readonly decks: number;
  /** card code → copies already dealt from this shoe before the round */
  readonly dealt: Readonly<Record<string, number>>;
  /** `ShoeStarted.cutCardPosition`: the 0-based index of the first card behind the cut card, where recorded */
  readonly cutCardPosition?: number;
  /** cards dealt from this shoe before the round (burnt cards included) */
  readonly cardsDealt?: number;
  /** coups begun after the cut card came out, before this round */
  readonly coupsAfterCut?: number;
}

export interface JackpotPoolView {
  readonly poolId: string;
  /**
   * the casino that configured it (`JackpotPoolConfigured.casinoId`): only its tables play it (`sessionContext`);
   * undefined where the pool is given without one (the rules' own tests, the simulator's view of its pool)
   */
  readonly casinoId?: string;
  readonly current: number;
  /** prize table: hand → share of the pool (0..1) or a fixed multiple of the jackpot bet */
  readonly prizes: Readonly<Record<string, { share?: number; multiple?: number; fixed?: number }>>;
  readonly contributionAmount?: number;
  readonly contributionRate?: number;
}

/** A bet as placed (`BetPlaced.data`). */
export interface Bet {
  readonly betId: string;
  readonly seat?: string | number;
  readonly betType: string;
  readonly selection?: unknown;
  readonly amount: number;
  /** as recorded: an optional field may be sent as null */
  readonly onBehalfOf?: string | null;
  readonly eventId: string;
  /** placed after `BetsClosed` */
  readonly late: boolean;
}

/** What the rules say a bet (or one hand of a split bet) should get. */
export interface ExpectedSettlement {
  readonly outcome: SettlementOutcome;
  /** winnings on top of the returned stake, net of commission unless the commission is charged separately */
  readonly payout: number;
  /** commission due on this bet (0 when none) */
  readonly commission?: number;
  readonly rule: string;
  readonly citation: string;
  /** one sentence for the inspector's narrative: "banker 7 beats player 5: 1:1 less 5 % commission" */
  readonly explanation: string;
  /** the same sentence as a phrase of the `narrative` catalogue, where the game words it (issue 16) */
  readonly explanationPhrase?: Phrase;
}

/** The outcome does not decide this bet yet (the ball has not dropped, cards are still to come). */
export interface Undecided {
  readonly undecided: true;
  readonly reason: string;
}

/** The rules cannot verify this payout (e.g. sic bo without an authorised pay table, docs/decisions/open-questions.md#oq-15). */
export interface Unverifiable {
  readonly unverifiable: true;
  readonly reason: string;
  readonly citation: string;
  /** the reason as a phrase of the `narrative` catalogue, for the edges to word (issue 16) */
  readonly reasonPhrase?: Phrase;
}

export type SettlementVerdict = ExpectedSettlement | Undecided | Unverifiable;

export const isUndecided = (v: SettlementVerdict): v is Undecided => (v as Undecided).undecided === true;
export const isUnverifiable = (v: SettlementVerdict): v is Unverifiable => (v as Unverifiable).unverifiable === true;

/** The settlement a judge is asked about: which bet, and which hand of it (blackjack splits). */
export interface SettlementQuery {
  readonly bet: Bet;
  /** as recorded: an optional field may be sent as null */
  readonly hand?: number | string | null;
  /** the recorded settlement being judged, if any */
  readonly recorded?: { outcome: string; payout: number };
}

export interface ExpectedLevy {
  readonly base: number;
  readonly amount: number;
  readonly rule: string;
  readonly citation: string;
  readonly explanation: string;
  /** the explanation as a phrase of the `narrative` catalogue, where the game words it (issue 16) */
  readonly explanationPhrase?: Phrase;
}

/** A structural refusal: this fact cannot have happened on this equipment. */
export interface Refusal {
  readonly field: string;
  readonly reason: string;
}
