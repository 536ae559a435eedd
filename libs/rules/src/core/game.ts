/**
 * What a game module provides. Each game is a small decider (docs/decisions/design.md#rules-as-deciders):
 * `initialState`, `evolve` and the judging functions are pure; the generic round judge
 * (`judge-round.ts`) folds a round's facts through them and does everything common to all games
 * (bets after the close, limits, settlements against expectations, commissions, cagnotte, jackpots,
 * card counts per shoe, unsettled and unknown bets, missing outcomes).
 */
import type { DeckSpec } from './cards';
import { field, type DataOf, type FieldTable } from './fields';
import type { BetEdge } from './house-edge';
import type { Phrase, Said } from './phrase';
import type { Bet, Cited, ExpectedLevy, Fact, Finding, JurisdictionId, Refusal, SessionContext, SettlementQuery, SettlementVerdict } from './types';

/** A warning a rulebook surfaces with every verdict: its English, its citation and, for the edges to word, its phrase (issue 16). */
export type RulebookWarning = Cited<string> & { readonly phrase?: Phrase };

/** A rulebook is data: one per game and jurisdiction, every regulatory value cited. */
export interface RulebookBase {
  readonly game: string;
  readonly jurisdiction: JurisdictionId;
  /** the text's section for this game, e.g. `cantabria L2069–2200` */
  readonly source: string;
  /** rulebook options a session may set (`TableSessionOpened.options`), with their defaults and citations */
  readonly options?: Readonly<Record<string, Cited<unknown>>>;
  /** warnings to surface with every verdict (e.g. docs/decisions/open-questions.md#oq-05: a pay table with a player edge) */
  readonly warnings?: readonly RulebookWarning[];
}

export interface RoundEnv<R extends RulebookBase = RulebookBase> {
  readonly ctx: SessionContext;
  readonly rulebook: R;
  /** the rulebook's option defaults overlaid with the session's options */
  readonly options: Readonly<Record<string, unknown>>;
}

export interface LimitCheck {
  readonly amount: number;
  readonly rule: string;
  readonly citation: string;
}

/**
 * A game-specific fact type (contract extension), validated at ingestion: each declared field is checked as a
 * core event's field of the same kind (core/fields.ts), with the same refusals; the fact is open to the other
 * fields its game documents (docs/games/). Declare one with `sessionFact` or `roundFact`, so that its fields'
 * kinds stay in its type (`GameFactData`).
 */
export interface FactTypeSpec {
  /** one line for the contract document */
  readonly description: string;
  /** its data fields by kind, `sessionId` (and `roundId` for a round's fact) included */
  readonly fields: FieldTable;
  /** does this fact belong to a round (needs `roundId`)? */
  readonly roundScoped: boolean;
}

/** A fact of the session as a whole: `sessionId` and these fields. */
export const sessionFact = <const F extends FieldTable>(description: string, fields: F) => ({
  description,
  roundScoped: false as const,
  fields: { sessionId: field('id'), ...fields },
});

/** A fact of a round already started in its session: `sessionId`, `roundId` and these fields. */
export const roundFact = <const F extends FieldTable>(description: string, fields: F) => ({
  description,
  roundScoped: true as const,
  fields: { sessionId: field('id'), roundId: field('id'), ...fields },
});

/** The data of a valid game fact as its declaration types it, with whatever else its game documents. */
export type GameFactData<S extends FactTypeSpec> = DataOf<S['fields']> & { readonly [documented: string]: unknown };

/**
 * The data of `fact` as `facts` declares its type when it is of that type, else undefined. Ingestion checked
 * every stored fact's declared fields by kind, so only the type name is compared.
 */
export function gameFactData<F extends Readonly<Record<string, FactTypeSpec>>, T extends keyof F & string>(
  facts: F,
  type: T,
  fact: { readonly type: string; readonly data: unknown },
): GameFactData<F[T]> | undefined {
  return fact.type === type && Object.hasOwn(facts, type) ? (fact.data as GameFactData<F[T]>) : undefined;
}

/**
 * A game's own field that is untyped on purpose (declared `any`, like HandOpened's `seats`, or documented but not
 * declared, like a decision's `discards`), read as the list its game's refusals check it to be: missing, it is empty.
 */
export const listField = (v: unknown): readonly unknown[] => (v ?? []) as readonly unknown[];

// `any` by default: the registry and the judges hold every game's rules side by side, each with its own state and rulebook types
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface GameRules<S = any, R extends RulebookBase = any> {
  readonly game: string;
  readonly family: 'wheel' | 'dice' | 'cards' | 'circle-poker';
  /** rulebooks by jurisdiction; a jurisdiction absent here has no rules for this game */
  readonly rulebooks: Partial<Record<JurisdictionId, R>>;
  /** the deck one shoe deck is made of, for card validity and CARD_COUNT_EXCEEDED */
  deck?(env: RoundEnv<R>): DeckSpec;
  /** game-specific fact types this game accepts (contract extensions) */
  readonly factTypes?: Readonly<Record<string, FactTypeSpec>>;
  /**
   * Session options this game validates at ingestion (e.g. commissionRate ≤ 0.05, docs/decisions/open-questions.md#oq-21).
   * Returns a refusal naming the option, or null.
   */
  refuseOptions?(options: Readonly<Record<string, unknown>>, rulebook: R): Refusal | null;
  /** Structural refusal at ingestion: a pocket, card or die face that does not exist, an impossible bet selection. */
  refuse?(fact: Fact, env: RoundEnv<R>): Refusal | null;

  /**
   * Session state carried between rounds (see `SessionContext.carried`): folded over every fact of the
   * session before the judged round, in order. Omit when rounds are independent.
   */
  carry?(carried: unknown, fact: Fact, env: RoundEnv<R>): unknown;

  /**
   * A correct croupier: plays one whole round by these rules (bets, outcome, draws, settlements,
   * commission, cagnotte) and returns its facts in order. Used by the simulator and by the property
   * tests; it must decide every amount with this module's own `settle` / `expectedCagnotte`.
   */
  play?(ctx: PlayContext<R>): PlayedFact[];

  initialState(env: RoundEnv<R>): S;
  evolve(state: S, fact: Fact, env: RoundEnv<R>): S;
  /** Findings at the moment a fact is recorded (drawing decisions, a draw out of turn), judged on the state before it. */
  judgeFact?(before: S, fact: Fact, env: RoundEnv<R>): Finding[];
  /** What a bet (or one hand of it) should get, judged on the state when it is settled. */
  settle(state: S, query: SettlementQuery, env: RoundEnv<R>): SettlementVerdict;
  /** Hands a bet must be settled on (blackjack splits); default one settlement per bet. */
  handsToSettle?(state: S, bet: Bet, env: RoundEnv<R>): readonly (number | string | undefined)[];
  /** The cagnotte due on this round (null: none due); undefined function: the game never takes one. */
  expectedCagnotte?(state: S, env: RoundEnv<R>): ExpectedLevy | null;
  /** Minimum and maximum for a bet; default: `limits.min` and `limits[betType] ?? limits.max`. */
  betLimits?(bet: Bet, env: RoundEnv<R>): { min?: LimitCheck; max?: LimitCheck };
  /** A bet type this jurisdiction does not offer, or a selection that is not a real bet. */
  judgeBet?(bet: Bet, state: S, env: RoundEnv<R>): Finding[];
  /**
   * What a round's jackpot stakes owe the pool where the text itself fixes the share (illes-balears
   * caribbean stud: 90 % of the carousel coins, L2457–2458): judged instead of the pool's configured
   * contribution. Null or absent: the pool's configuration says (docs/decisions/open-questions.md#oq-14).
   */
  jackpotContributionDue?(state: S, env: RoundEnv<R>): ExpectedLevy | null;
  /** The jackpot hand a seat holds (for JackpotWon), or null when it holds none. */
  jackpotHand?(state: S, seat: string | number, env: RoundEnv<R>): string | null;
  /**
   * Every prize-table hand `jackpotHand` can name. A casino pool whose prize table names none of them is not a pool
   * of this game's tables unless a session's opening names it (`poolsPlayed`, libs/ledger): a blackjack table does
   * not play the casino's caribbean stud progressive.
   */
  readonly jackpotHands?: readonly string[];
  /** The bet that stakes on a jackpot pool (its contribution's base, its prize's stake); default `jackpot` (contract §3). */
  readonly jackpotBetType?: string;
  /**
   * How strong the jackpot hand of a seat is (compared element by element, higher is stronger): which of
   * several winners of one coup is paid first, and which are equal (`jackpot-prizes.ts`). Absent: paid in
   * the order of the prize table, then as recorded.
   */
  jackpotHandStrength?(state: S, seat: string | number, env: RoundEnv<R>): readonly number[] | null;
  /** Has the round's outcome been recorded (a spin, a throw, all cards needed)? */
  isDecided(state: S, env: RoundEnv<R>): boolean;
  /** Findings at the end of the round: draws that should have happened and did not, etc. */
  judgeEnd?(state: S, env: RoundEnv<R>): Finding[];
  /** Game state for a replay step: small, JSON-ready, readable. */
  describe(state: S, env: RoundEnv<R>): unknown;
  /**
   * One line of the inspector's narrative for a fact, when the game can say more than the generic line;
   * `Said` to be worded in other languages too (a bare string is English only: elsewhere the generic line stands).
   */
  narrate?(fact: Fact, before: S, after: S, env: RoundEnv<R>): string | Said | undefined;
  /**
   * The house edge of every bet type this rulebook offers under the session's settings (`env.options`),
   * computed by enumerating the physical outcomes through this module's own `settle` (see
   * `house-edge.ts`). Used when a table opens to flag a setting that gives the player the edge
   * (issue 14 §4), and by the outside-truth tests. Must be cheap enough to run once per session
   * opening (memoise per rulebook and options where the enumeration is large).
   */
  houseEdges?(env: RoundEnv<R>): readonly BetEdge[];
  /**
   * The physical outcomes that decide one round (a wheel's results), each with its weight and the facts that
   * record it, and the environment to settle in: the joint law of a round's bets (issue 21 — red and black on
   * one spin are not independent), each bet settled by `settle` on the state after the facts
   * (`core/round-moments.ts`). Absent: the game's rounds are not enumerated this way.
   */
  roundOutcomes?(env: RoundEnv<R>): { readonly env: RoundEnv<R>; readonly outcomes: readonly { readonly weight: number; readonly facts: readonly Fact[] }[] };
  /**
   * The shoe as the rulebook requires it, judged at every `ShoeStarted` (decks, where the cut or stop
   * card goes) and at every round start (no coup begins after the cut card came out, beyond those the
   * rules allow). Omit for games without a shoe.
   */
  shoeRules?(env: RoundEnv<R>): ShoeRules;
  /**
   * Session-level findings when a table opens (or its limits/options change): a setting below a
   * regulated minimum, a table minimum out of its range, a declared option the text forbids. The opening
   * is accepted and stored (contract §1.1); these are findings on the session, never refusals.
   */
  judgeOpening?(opening: SessionOpening, env: RoundEnv<R>): Finding[];
}

/** What the rules require of a shoe (issue 14 §2). */
export interface ShoeRules {
  /** decks a shoe must hold; several values where the text allows a choice */
  readonly decks: Cited<readonly number[]>;
  /**
   * where the cut (stop, red) card goes, as the number of cards left behind it: exactly, or at least.
   * `ShoeStarted.cutCardPosition` is the 0-based index of the first card behind the cut card.
   */
  readonly cardsBehindCut?: Cited<{ readonly exactly?: number; readonly atLeast?: number }>;
  /**
   * coups that may still begin once the cut card has come out: 0 = the coup in which it came out is the
   * shoe's last, 1 = one more coup is dealt (the baccarats' "un golpe más").
   */
  readonly coupsAfterCut?: Cited<number>;
}

/** The table's opening as the session-level judge sees it. */
export interface SessionOpening {
  readonly limits: SessionContext['limits'];
  readonly options: Readonly<Record<string, unknown>>;
  /** the fact that set them: `TableSessionOpened` or a limit change */
  readonly eventId?: string;
}

export function roundEnv<R extends RulebookBase>(rulebook: R, ctx: SessionContext): RoundEnv<R> {
  return { ctx, rulebook, options: optionsOf(rulebook, ctx.options) };
}

/**
 * The rulebook's option defaults overlaid with a session's options, made once per (rulebook, options
 * object): a replay asks for an environment at every fact, and both inputs are replaced, never changed,
 * when a session changes them. Frozen, since every environment of the session shares it.
 */
const overlays = new WeakMap<object, WeakMap<object, Readonly<Record<string, unknown>>>>();
const NO_OPTIONS = {};
function optionsOf(rulebook: RulebookBase, options: Readonly<Record<string, unknown>> | undefined): Readonly<Record<string, unknown>> {
  let bySession = overlays.get(rulebook);
  if (!bySession) overlays.set(rulebook, (bySession = new WeakMap()));
  const key = options ?? NO_OPTIONS;
  let merged = bySession.get(key);
  if (!merged) {
    const defaults: Record<string, unknown> = {};
    for (const [name, option] of Object.entries(rulebook.options ?? {})) defaults[name] = option.value;
    merged = Object.freeze({ ...defaults, ...(options ?? {}) });
    bySession.set(key, merged);
  }
  return merged;
}

/** Citation of an option: the session's own value where it set one, else the rulebook default's citation. */
export function optionCite(env: RoundEnv, name: string): string {
  if (env.ctx.options && name in env.ctx.options) {
    const base = env.rulebook.options?.[name]?.cite;
    return base ? `session option ${name} (${base})` : `session option ${name}`;
  }
  return env.rulebook.options?.[name]?.cite ?? `rulebook option ${name}`;
}

/** A fact as the croupier produces it; the simulator adds the event id and times. */
export interface PlayedFact {
  readonly type: string;
  readonly data: Record<string, unknown>;
}

export interface PlayContext<R extends RulebookBase = RulebookBase> {
  readonly env: RoundEnv<R>;
  readonly sessionId: string;
  readonly roundId: string;
  /** uniform [0, 1): the only source of chance, so play is reproducible from a seed */
  readonly random: () => number;
  /** seats with a player this round (1-based seat numbers) */
  readonly seats: readonly number[];
  /**
   * The player's own memory across the rounds of a session (the shoe's remaining cards, the bank
   * holder…): private to `play`, never read by the judge. Starts as {} for a new session.
   */
  readonly memory: Record<string, unknown>;
  /** equipment that is not what its design says (a simulated biased table, issue 21 §6); absent, play draws from the design */
  readonly bias?: EquipmentBias;
}

/** A simulated table's faulty equipment: each result key's weight on the wheel (1 = as designed), one die's six face weights. */
export interface EquipmentBias {
  readonly wheel?: Readonly<Record<string, number>>;
  /** the first die of every throw is this loaded one */
  readonly loadedDie?: readonly number[];
}
