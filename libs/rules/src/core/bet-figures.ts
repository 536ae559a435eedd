/**
 * Every bet's expected value and variance per unit staked, for a game, jurisdiction and a table's settings
 * (issue 21 §1): the foundation of "is this table's result luck?" — a table's theoretical win is
 * Σ stake × houseEdge over its bets, and the spread of its actual win around it comes from
 * Σ stake² × variancePerUnit (for bets of one round that do not depend on each other).
 *
 * The figures are the games' own (`GameRules.houseEdges`, computed through their `settle`); this module keys
 * them as bets are recorded (`BetPlaced.betType` and `selection`) and remembers them per settings, since every
 * session of a day opens with the same few settings and some figures take an analysis to compute.
 */
import { gameRules } from '../registry';
import { roundEnv, type GameRules } from './game';
import type { BetEdge } from './house-edge';
import type { JurisdictionId, SessionContext } from './types';

export interface BetFigures {
  readonly game: string;
  readonly jurisdiction: JurisdictionId;
  /** the session's options the figures were computed under (the rulebook's defaults fill the rest) */
  readonly options: Readonly<Record<string, unknown>>;
  /** one figure per bet type, or per selection where the figure depends on it */
  readonly figures: readonly BetEdge[];
  /**
   * Why a game has no per-bet figure: the house does not bank it and its income is a levy on the pot or the
   * bank (circle poker's and the player-banked baccarats' cagnotte), counted from the recorded levies.
   */
  readonly houseIncome?: 'cagnotte';
  /** the reason no figure could be computed under these settings (never a finding) */
  readonly notComputed?: string;
  /**
   * The figure of a recorded bet: the one for its selection, else the bet type's when it does not depend on
   * the selection (a roulette straight is worth the same on every number); null when the game gives none —
   * or when the bet is valued inside another's figure (`BetEdge.covers`: a caribbean stud play bet is part of
   * its ante's figure and adds nothing of its own).
   */
  figureOf(betType: string, selection?: unknown): BetEdge | null;
}

/** Games the house does not bank: their house figure is the cagnotte, not an outcome. */
const LEVY_ONLY_FAMILIES: ReadonlySet<GameRules['family']> = new Set(['circle-poker']);

const CACHE_SIZE = 256;
const cache = new Map<string, BetFigures>();

/**
 * The figures of every bet of `game` in `jurisdiction` under a table's `options` (absent ones take the
 * rulebook's defaults). `context` adds what else of the session a valuation reads (the smallest chip).
 */
export function betFigures(
  game: string,
  jurisdiction: JurisdictionId,
  options: Readonly<Record<string, unknown>> = {},
  context: Partial<Pick<SessionContext, 'smallestChip' | 'currency'>> = {},
): BetFigures {
  const rules = gameRules(game);
  if (!rules) throw new Error(`unknown game ${game}`);
  const rulebook = rules.rulebooks[jurisdiction];
  if (!rulebook) throw new Error(`${game} has no ${jurisdiction} rulebook`);
  const ctx: SessionContext = {
    sessionId: 'bet-figures',
    game,
    jurisdiction,
    currency: context.currency ?? 'EUR',
    limits: { min: 1, max: Number.MAX_SAFE_INTEGER },
    options,
    smallestChip: context.smallestChip ?? 1,
  };
  const env = roundEnv(rulebook, ctx);
  const key = `${game}|${jurisdiction}|${ctx.smallestChip}|${JSON.stringify(env.options)}`;
  let known = cache.get(key);
  if (known) {
    // most recently used last
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  let figures: readonly BetEdge[] = [];
  let notComputed: string | undefined;
  try {
    figures = rules.houseEdges?.(env) ?? [];
  } catch (error) {
    notComputed = (error as Error).message;
  }
  const leviesOnly = LEVY_ONLY_FAMILIES.has(rules.family) || (!!rules.houseEdges && !figures.length && !!rules.expectedCagnotte && !notComputed);
  known = Object.freeze({
    game,
    jurisdiction,
    options: env.options,
    figures,
    ...(leviesOnly ? { houseIncome: 'cagnotte' as const } : {}),
    ...(notComputed ? { notComputed } : {}),
    figureOf: (betType: string, selection?: unknown) => figureOf(figures, betType, selection),
  });
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, known);
  return known;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b) || (a !== undefined && b !== undefined && String(a) === String(b));

function figureOf(figures: readonly BetEdge[], betType: string, selection: unknown): BetEdge | null {
  const ofType = figures.filter((f) => f.betType === betType);
  const exact = ofType.find((f) => same(f.selection, selection));
  if (exact) return exact;
  // the bet type's figures without a selection of their own, or one figure per shape: usable only if alike
  const candidates = ofType.filter((f) => f.selection === undefined || typeof f.selection !== 'object' || Array.isArray(f.selection));
  if (!candidates.length) return null;
  const first = candidates[0];
  const alike = candidates.every((f) => Math.abs(f.houseEdge - first.houseEdge) < 1e-12 && Math.abs(f.variancePerUnit - first.variancePerUnit) < 1e-12);
  return alike ? first : null;
}
