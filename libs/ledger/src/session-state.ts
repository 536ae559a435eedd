/**
 * The write side's view of a table session: what ingestion needs to refuse what cannot be a fact
 * (an unknown or closed session, an unknown round, a card or pocket that is not on this equipment).
 * Rebuilt from the session's stream; kept small.
 */
import {
  catalogueRefusal,
  gameRules,
  JackpotPoolView,
  JurisdictionId,
  roundEnv,
  RoundEnv,
  SessionContext,
  smallestDenomination,
  TableLimits,
} from '../../rules/src';
import type { ArchivedStateKeeper } from '../../event-store/src/postgres/month-drop';
import { asContractEvent, type EventData } from './schema';

export interface SessionState {
  readonly sessionId: string;
  version: number;
  opened: boolean;
  closed: boolean;
  suspended: boolean;
  casinoId?: string;
  tableId?: string;
  game?: string;
  jurisdiction?: JurisdictionId;
  gamingDay?: string;
  currency: string;
  limits: TableLimits;
  options: Record<string, unknown>;
  smallestChip: number;
  shoe?: { shoeId: string; decks: number; cutCardPosition?: number };
  /** round id → finished (completed or voided) */
  rounds: Map<string, boolean>;
  /**
   * Set when the session's facts up to `version` left the store (archive --drop) in months that kept no state of it
   * (before store migration 16): nothing is known of it, and ingestion refuses its facts naming those months.
   */
  outOfStore?: { readonly version: number; readonly months: readonly string[] };
}

export const sessionStreamId = (sessionId: string) => `session-${sessionId}`;
export const poolStreamId = (poolId: string) => `jackpot-${poolId}`;

export function emptySession(sessionId: string): SessionState {
  return {
    sessionId,
    version: 0,
    opened: false,
    closed: false,
    suspended: false,
    currency: 'EUR',
    limits: { min: 0, max: Number.MAX_SAFE_INTEGER },
    options: {},
    smallestChip: 1,
    rounds: new Map(),
  };
}

export function cloneSession(s: SessionState): SessionState {
  return { ...s, rounds: new Map(s.rounds), options: { ...s.options } };
}

/** The facts that change a session's state (evolveSession); every other fact only moves its version. */
export const SESSION_STATE_FACTS = [
  'TableSessionOpened',
  'TableLimitsChanged',
  'TableSessionSuspended',
  'TableSessionResumed',
  'TableSessionClosed',
  'ShoeStarted',
  'RoundStarted',
  'RoundCompleted',
  'RoundVoided',
] as const;

/** A session's state as JSON, kept with a month out of the store (sessionStateKeeper): its rounds as an object. */
export function sessionToJson(s: SessionState): Record<string, unknown> {
  const { rounds, outOfStore: _, ...rest } = s;
  return { ...rest, rounds: Object.fromEntries(rounds) };
}

export function sessionFromJson(sessionId: string, json: unknown): SessionState {
  const j = json as Omit<SessionState, 'rounds'> & { rounds?: Record<string, boolean> };
  return { ...emptySession(sessionId), ...j, sessionId, rounds: new Map(Object.entries(j.rounds ?? {})) };
}

/**
 * What `archive --drop` keeps of each session with facts in the month (store migration 16, month-drop.ts): its state
 * at its last fact there, folded as ingestion folds it, so that a late count, a dispute or a correction is judged
 * against the session as it was, not refused as an unknown session. A month with a session still open does not leave
 * (`inPlay`).
 */
export const sessionStateKeeper: ArchivedStateKeeper = {
  streamPrefix: 'session-',
  types: SESSION_STATE_FACTS,
  fold(streamId, kept, facts, version) {
    const sessionId = streamId.slice('session-'.length);
    const s = kept === undefined ? emptySession(sessionId) : sessionFromJson(sessionId, kept);
    for (const f of facts) evolveSession(s, f.type, f.data);
    s.version = version;
    return sessionToJson(s);
  },
  // an open session's next rounds are judged from its whole stream (the round verdicts fold it from its opening)
  inPlay: (state) => (state as SessionState).opened === true && (state as SessionState).closed !== true,
};

/** Apply one stored fact to the session state (mutates: callers clone first). */
export function evolveSession(s: SessionState, type: string, data: unknown): SessionState {
  s.version++;
  // read as the contract types each fact (a game's own facts change nothing here)
  const c = asContractEvent({ type, data });
  switch (c?.type) {
    case 'TableSessionOpened': {
      const d = c.data;
      s.opened = true;
      s.casinoId = d.casinoId;
      s.tableId = d.tableId;
      s.game = d.game;
      s.jurisdiction = d.jurisdiction;
      s.gamingDay = d.gamingDay;
      s.currency = d.currency ?? 'EUR';
      s.limits = d.limits;
      s.options = d.options ?? {};
      s.smallestChip = smallestDenomination(d.openingFloat, 1);
      break;
    }
    case 'TableLimitsChanged':
      s.limits = c.data.limits;
      break;
    case 'TableSessionSuspended':
      s.suspended = true;
      break;
    case 'TableSessionResumed':
      s.suspended = false;
      break;
    case 'TableSessionClosed':
      s.closed = true;
      break;
    case 'ShoeStarted':
      s.shoe = { shoeId: c.data.shoeId, decks: c.data.decks, cutCardPosition: typeof c.data.cutCardPosition === 'number' ? c.data.cutCardPosition : undefined };
      break;
    case 'RoundStarted':
      s.rounds.set(c.data.roundId, false);
      break;
    case 'RoundCompleted':
    case 'RoundVoided':
      if (s.rounds.has(c.data.roundId)) s.rounds.set(c.data.roundId, true);
      break;
  }
  return s;
}

/**
 * The jackpot pools a session's rounds can play: those of its own casino, and of them the ones its opening names when
 * it names any (`options.jackpotPools`, the contract's "jackpot pool ids" among a session's options), else the ones
 * whose prize table names a hand the game can make (`GameRules.jackpotHands`).
 * - A pool is configured by one casino (`JackpotPoolConfigured.casinoId`, contract §3) and linked across that casino's
 *   tables; replay and the verdicts read every pool of the store, and a store may hold several casinos (a region's).
 *   Without the casino, a table of a casino with no pool was judged as playing another casino's: three suited 7s at
 *   blackjack were expected to be paid by a pool (payout 0, blackjack/rules.ts) where the table rightly paid the floor.
 * - Without the game's hands, a blackjack table whose terminal sends no `jackpotPools` was judged as playing its
 *   casino's caribbean stud progressive: the same false finding within one casino. A pool's prize table is the only
 *   thing the contract says of the game it serves (`prizes`: hand → prize). A game with no jackpot hand of its own
 *   (a roulette in a casino's mystery pool) cannot be told apart this way, and keeps every pool of its casino.
 * A table that plays none of its casino's pools says so with `jackpotPools: []`. A pool given without a casino (the
 * rules' tests, the simulator) is kept.
 */
export function poolsPlayed(
  pools: Readonly<Record<string, JackpotPoolView>> | undefined,
  casinoId: string | undefined,
  named: unknown,
  gameHands: readonly string[] | undefined,
): Readonly<Record<string, JackpotPoolView>> | undefined {
  if (!pools) return pools;
  const ids = Array.isArray(named) ? new Set(named.map(String)) : undefined;
  // a game that names no jackpot hand cannot tell its pools from others: every pool of its casino counts, as before
  const ofTheGame = (p: JackpotPoolView) => !gameHands || gameHands.some((hand) => p.prizes[hand] !== undefined);
  const played = (p: JackpotPoolView) =>
    (casinoId === undefined || p.casinoId === undefined || p.casinoId === casinoId) && (ids ? ids.has(p.poolId) : ofTheGame(p));
  // at every fact of a replay: no copy when every pool is played
  for (const p of Object.values(pools)) if (!played(p)) return Object.fromEntries(Object.entries(pools).filter(([, v]) => played(v)));
  return pools;
}

/** Why `options.jackpotPools` of a session's opening cannot be read (a list of pool ids), or null. */
export function jackpotPoolsRefusal(options: Readonly<Record<string, unknown>> | null | undefined): string | null {
  const named = options?.jackpotPools;
  if (named === undefined) return null;
  return Array.isArray(named) && named.every((id) => typeof id === 'string' && id.length > 0)
    ? null
    : 'must be a list of the jackpot pool ids the table plays (texts, none empty); [] when it plays none';
}

/** What a caller adds to the session's own view: the shoe as it shows it, and the round's extras. */
export type ContextExtras = Pick<SessionContext, 'shoe' | 'carried' | 'jackpotPools' | 'lastRoundOfSession'>;

/**
 * The rules' view of the session (for structural checks at ingestion and for replay). Always one
 * shape, the extras set or undefined: replay asks for a context at every fact, and the rules read
 * them everywhere, so one shape keeps those reads monomorphic.
 */
export function sessionContext(s: SessionState, extra: Partial<ContextExtras> = {}): SessionContext {
  return {
    sessionId: s.sessionId,
    casinoId: s.casinoId,
    tableId: s.tableId,
    game: s.game ?? 'unknown',
    jurisdiction: (s.jurisdiction ?? 'euskadi') as JurisdictionId,
    currency: s.currency,
    limits: s.limits,
    options: s.options,
    smallestChip: s.smallestChip,
    shoe: 'shoe' in extra ? extra.shoe : s.shoe ? { shoeId: s.shoe.shoeId, decks: s.shoe.decks, dealt: {} } : undefined,
    jackpotPools: poolsPlayed(extra.jackpotPools, s.casinoId, s.options?.jackpotPools, s.game ? gameRules(s.game)?.jackpotHands : undefined),
    carried: extra.carried,
    lastRoundOfSession: extra.lastRoundOfSession,
  };
}

/** The game's rules and rulebook for a session, when the rules library has them. */
export function sessionEnv(s: SessionState, extra: Partial<SessionContext> = {}): RoundEnv | undefined {
  if (!s.game || !s.jurisdiction) return undefined;
  const rulebook = gameRules(s.game)?.rulebooks[s.jurisdiction];
  return rulebook ? roundEnv(rulebook, sessionContext(s, extra)) : undefined;
}

/** Why a session cannot be opened for this game in this jurisdiction (catalogue and options), or null. */
export function openingRefusal(data: Pick<EventData<'TableSessionOpened'>, 'game' | 'jurisdiction' | 'options'>): { field: string; reason: string } | null {
  const refusal = catalogueRefusal(data.game, data.jurisdiction);
  if (refusal) return { field: 'data.game', reason: refusal };
  const pools = jackpotPoolsRefusal(data.options);
  if (pools) return { field: 'data.options.jackpotPools', reason: pools };
  const rules = gameRules(data.game);
  const rulebook = rules?.rulebooks[data.jurisdiction as JurisdictionId];
  if (rules && rulebook && rules.refuseOptions) {
    const bad = rules.refuseOptions(data.options ?? {}, rulebook);
    if (bad) return { field: bad.field.startsWith('data.') ? bad.field : `data.options.${bad.field}`, reason: bad.reason };
  }
  return null;
}
