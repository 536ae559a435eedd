/**
 * Actual against theoretical win (issue 21 §2), folded fact by fact: the pure part of the performance read
 * model, so that the projection, its rebuild and the tests fold alike.
 *
 * A round is weighed when it completes, from the bets settled in it:
 * - actual win = what the house kept: the stake at risk on a loss, minus `payout` on a win (paid on top of the
 *   returned stake, already net of commission: contract §3 BetSettled, so a `CommissionCharged` adds nothing),
 *   half the stake on `half-lost`, nothing on a push or a void; a doubled blackjack hand has twice the stake at risk;
 * - theoretical win = Σ stake × house edge (`betFigures`, the session's own rulebook and options), a bet counted
 *   in the round that settles it (a craps line bet carried over several throws is valued once, as its figure is);
 * - variance: exact from the game's round law (`roundMoments`) when every valued bet was placed and settled in
 *   the round, else the Cauchy–Schwarz bound (Σ stake·σ)², never below the truth (`bounded_rounds` counts them);
 * - a bet with no figure is counted apart (handle and win without figure), never guessed, and kept out of the
 *   z-score; a bet valued inside another's figure (a caribbean stud play bet, `BetEdge.covers`) adds its stake
 *   and its result but no figure of its own.
 * A bet settled `prison` is worth what its figure takes for it (half back, or the prison's worth), as the
 * round law values it. Trente et quarante places it again (`selection: { prison }`): that stake is no new
 * handle, and the house's result on it is counted less the worth already counted (mean 0). What happens in
 * prison on the roulette (`ImprisonedBetResolved`) is outside the figures.
 * Circle poker (and any game whose house income is the cagnotte, `BetFigures.houseIncome`): the house is no
 * party to the bets; its income is the cagnotte, summed apart, and its bets are neither handle nor win.
 */
import { amountBack, asContractEvent, betFigures, BetFigures, type EventData, JurisdictionId, roundMoments } from '../../../rules/src';
import { RoundBet as FigureBet, roundFigures, RoundFigures } from '../../../statistics/src';
import type { PerformanceRoundEntity, PerformanceSessionEntity, PerformanceSumsEntity } from './performance.entity';
import type { OpenBet, OpenRound, PerformanceLevel, SettledBet } from './performance-columns';

export type { OpenBet, OpenRound, PerformanceLevel, SettledBet };

/** Rows as stored: the entities' columns by name (performance.entity.ts). */
export type PerformanceSessionRow = PerformanceSessionEntity;
export type PerformanceRoundRow = PerformanceRoundEntity;
export type PerformanceSumsRow = PerformanceSumsEntity;

export const emptySums = (casinoId: string, gamingDay: string, level: PerformanceLevel, subject: string): PerformanceSumsRow => ({
  casino_id: casinoId,
  gaming_day: gamingDay,
  level,
  subject,
  games: [],
  table_id: null,
  rounds: 0,
  handle: 0,
  actual_win: 0,
  theoretical_win: 0,
  variance: 0,
  unvalued_handle: 0,
  unvalued_win: 0,
  bounded_rounds: 0,
  staff_rounds: 0,
  strategy_handle: 0,
  cagnotte: 0,
  last_position: 0,
});

/** A fact as the fold reads it (a stored event or a test's). */
export interface PerformanceFact {
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly globalPosition?: number | bigint | string;
}

export const PERFORMANCE_FACTS = new Set([
  'TableSessionOpened',
  'RoundStarted',
  'BetPlaced',
  'PlayerDecision',
  'BetSettled',
  'RoundCompleted',
  'RoundVoided',
  'CagnotteDeducted',
  'CroupierChanged',
]);

/** `e`: a session's TableSessionOpened, read as that type declares it. */
export function openSession(e: PerformanceFact, smallestChip: number): PerformanceSessionRow {
  const d = e.data as EventData<'TableSessionOpened'>;
  const croupiers = Array.isArray(d.staff?.croupiers) ? d.staff.croupiers : [];
  let houseIncome: string | null = null;
  try {
    houseIncome = betFigures(d.game, d.jurisdiction as JurisdictionId, d.options ?? {}, { smallestChip }).houseIncome ?? null;
  } catch {
    /* a game or rulebook the rules do not know: its bets are counted without figures */
  }
  return {
    session_id: d.sessionId,
    casino_id: d.casinoId,
    table_id: d.tableId,
    game: d.game,
    jurisdiction: d.jurisdiction,
    gaming_day: d.gamingDay,
    options: d.options ?? {},
    smallest_chip: smallestChip,
    house_income: houseIncome,
    croupier_id: typeof croupiers[0] === 'string' ? croupiers[0] : null,
    croupier_recorded: false,
    croupier_change: null,
    open_bets: {},
    open_rounds: {},
    last_position: Number(e.globalPosition ?? 0),
  };
}

/** A weighed round and the croupier it goes to; what the fold of one fact produced. */
export interface Weighed {
  readonly round: Omit<PerformanceRoundRow, 'table_round'>;
  /** `strategyHandle`: stakes whose figure assumes the player's best decisions (blackjack, the poker-vs-bank games) */
  readonly figures: RoundFigures & { readonly unvaluedWin: number; readonly strategyHandle: number };
}

/**
 * Fold one fact (not an opening) into its session's row, in place. Returns the round it completed, if any,
 * and the cagnotte it recorded.
 */
export function foldPerformance(s: PerformanceSessionRow, e: PerformanceFact): { weighed?: Weighed; cagnotte?: number } {
  const c = asContractEvent(e);
  s.last_position = Number(e.globalPosition ?? s.last_position);
  const roundId = typeof e.data.roundId === 'string' ? e.data.roundId : undefined;
  switch (c?.type) {
    case 'CroupierChanged': {
      if (typeof c.data.croupierId !== 'string') return {};
      // from `roundId` when given (a round already started: contract, CroupierChanged): at once, that round
      // included if it is under way; a round already completed keeps its croupier, the change holds from now on
      if (roundId) {
        const round = s.open_rounds[roundId];
        if (round) Object.assign(round, { croupier: c.data.croupierId, recorded: true });
        s.croupier_id = c.data.croupierId;
        s.croupier_recorded = true;
        s.croupier_change = null;
      } else s.croupier_change = { croupierId: c.data.croupierId };
      return {};
    }
    case 'RoundStarted': {
      if (!roundId) return {};
      const change = s.croupier_change;
      if (change && (!change.roundId || change.roundId === roundId)) {
        s.croupier_id = change.croupierId;
        s.croupier_recorded = true;
        s.croupier_change = null;
      }
      s.open_rounds[roundId] = { croupier: s.croupier_id, recorded: s.croupier_recorded, doubled: [], settled: {} };
      return {};
    }
    case 'BetPlaced': {
      if (!roundId || typeof c.data.betId !== 'string' || !(Number(c.data.amount) > 0)) return {};
      s.open_bets[c.data.betId] = {
        round: roundId,
        seat: Number(c.data.seat),
        stake: Number(c.data.amount),
        betType: c.data.betType,
        ...(c.data.selection !== undefined ? { selection: c.data.selection } : {}),
      };
      return {};
    }
    case 'PlayerDecision': {
      const round = roundId ? s.open_rounds[roundId] : undefined;
      if (round && c.data.decision === 'double') round.doubled.push(`${c.data.seat}:${c.data.hand ?? 1}`);
      return {};
    }
    case 'BetSettled': {
      const round = roundId ? s.open_rounds[roundId] : undefined;
      const bet = s.open_bets[c.data.betId];
      if (!round || !bet) return {};
      const doubled = bet.betType === 'main' && round.doubled.includes(`${bet.seat}:${c.data.hand ?? 1}`);
      const risk = doubled ? 2 * bet.stake : bet.stake;
      const settled = (round.settled[c.data.betId] ??= {
        betId: c.data.betId,
        stake: bet.stake,
        betType: bet.betType,
        ...(bet.selection !== undefined ? { selection: bet.selection } : {}),
        win: 0,
        placedHere: bet.round === roundId,
        voided: true,
      });
      if (c.data.outcome !== 'void') settled.voided = false;
      if (c.data.outcome === 'prison') {
        const value = prisonValue(s, bet);
        if (value === null) settled.unpriced = true;
        else settled.win += risk * (1 - value);
      } else settled.win += risk - amountBack(risk, { outcome: c.data.outcome, payout: Number(c.data.payout), rule: '', citation: '', explanation: '' });
      return {};
    }
    case 'RoundVoided': {
      // every bet of the round returned: it weighs nothing
      if (!roundId) return {};
      delete s.open_rounds[roundId];
      for (const [betId, bet] of Object.entries(s.open_bets)) if (bet.round === roundId) delete s.open_bets[betId];
      return {};
    }
    case 'RoundCompleted': {
      const round = roundId ? s.open_rounds[roundId] : undefined;
      if (!round || !roundId) return {};
      delete s.open_rounds[roundId];
      for (const betId of Object.keys(round.settled)) delete s.open_bets[betId];
      return { weighed: weighRound(s, roundId, round, Number(e.globalPosition ?? 0)) };
    }
    case 'CagnotteDeducted':
      return { cagnotte: Number(c.data.amount) || 0 };
  }
  return {};
}

function figuresOf(s: PerformanceSessionRow): BetFigures | null {
  try {
    return betFigures(s.game, s.jurisdiction as JurisdictionId, s.options, { smallestChip: s.smallest_chip });
  } catch {
    return null;
  }
}

/** What the bet's figure takes a bet in prison to be worth per unit: half back where it values the zero or the refait so. */
function prisonValue(s: PerformanceSessionRow, bet: OpenBet): number | null {
  const settings = figuresOf(s)?.figureOf(bet.betType, bet.selection)?.settings;
  const value = settings?.onZero === 'half-back' || settings?.refait === 'half back' ? 0.5 : settings?.prisonValuePerUnit;
  return typeof value === 'number' ? value : null;
}

/** The outcome of an imprisoned bet's worth: no edge of its own, at most ¼ of variance per unit. */
const PRISON_OUTCOME = { houseEdge: 0, variancePerUnit: 0.25 } as const;

/**
 * For an imprisoned bet placed again (`selection: { prison: betId }`), the worth per unit it was counted at when
 * it went to prison; undefined when no figure valued it; null for any other bet.
 */
function imprisonedValue(s: PerformanceSessionRow, b: SettledBet): number | null | undefined {
  const selection = b.selection as { prison?: unknown } | undefined;
  if (!selection || typeof selection !== 'object' || Array.isArray(selection) || selection.prison === undefined) return null;
  return prisonValue(s, { round: '', seat: 0, stake: b.stake, betType: b.betType }) ?? undefined;
}

/** A covered bet (valued inside another's figure) adds its stake and result, and no figure of its own. */
const COVERED = { houseEdge: 0, variancePerUnit: 0 } as const;

/** The round's figures from its settled bets (exact variance where the round law holds them all). */
export function weighRound(s: PerformanceSessionRow, roundId: string, round: OpenRound, position: number): Weighed {
  const figures = s.house_income ? null : figuresOf(s);
  const bets = Object.values(round.settled).filter((b) => !b.voided);
  const weighed: FigureBet[] = [];
  const exact: Array<{ betType: string; selection?: unknown; amount: number }> = [];
  let lawHolds = true;
  let valuedWin = 0;
  let unvaluedWin = 0;
  let strategyHandle = 0;
  let carriedStake = 0;
  for (const b of s.house_income ? [] : bets) {
    const inPrison = imprisonedValue(s, b);
    if (inPrison === undefined) {
      // placed again from a prison no figure values (its first settlement was counted without one): the same
      weighed.push({ stake: b.stake });
      unvaluedWin += b.win;
      continue;
    }
    if (inPrison !== null) {
      // an imprisoned bet placed again (trente et quarante): its stake is no new handle, and its worth in prison
      // was already counted when it went there; what it brings now is that worth's outcome, whose mean is 0 and
      // whose spread per unit is at most ¼ (Popoviciu: a result within one unit)
      weighed.push({ stake: b.stake, figure: PRISON_OUTCOME });
      carriedStake += b.stake;
      valuedWin += b.win - b.stake * (1 - inPrison);
      lawHolds = false;
      continue;
    }
    const figure = b.unpriced ? null : (figures?.figureOf(b.betType, b.selection) ?? null);
    const covered = !figure && !b.unpriced && !!figures?.figures.some((f) => f.covers?.includes(b.betType));
    if (figure || covered) {
      weighed.push({ stake: b.stake, figure: figure ?? COVERED });
      valuedWin += b.win;
      if (figure?.method === 'exact-strategy' || figure?.strategy) strategyHandle += b.stake;
      // the law of one round holds the bets placed and settled in it, at their own stakes
      if (covered || !b.placedHere || round.doubled.length) lawHolds = false;
      else exact.push({ betType: b.betType, ...(b.selection !== undefined ? { selection: b.selection } : {}), amount: b.stake });
    } else {
      weighed.push({ stake: b.stake });
      unvaluedWin += b.win;
    }
  }
  let variance: number | undefined;
  if (lawHolds && exact.length) {
    try {
      variance = roundMoments(s.game, s.jurisdiction as JurisdictionId, s.options, exact, { smallestChip: s.smallest_chip })?.variance;
    } catch {
      variance = undefined; // a bet the law cannot settle: the bound
    }
  } else if (!exact.length && lawHolds) variance = 0;
  const f = { ...roundFigures(weighed, valuedWin + unvaluedWin, variance) };
  f.handle -= carriedStake;
  return {
    figures: { ...f, unvaluedWin, strategyHandle },
    round: {
      session_id: s.session_id,
      round_id: roundId,
      casino_id: s.casino_id,
      gaming_day: s.gaming_day,
      table_id: s.table_id,
      croupier_id: round.croupier,
      croupier_recorded: round.recorded ?? false,
      handle: f.handle,
      actual_win: f.actualWin,
      theoretical_win: f.theoreticalWin,
      variance: f.variance,
      variance_method: f.varianceMethod,
      unvalued_handle: f.unvaluedHandle,
      unvalued_win: unvaluedWin,
      completed_position: position,
    },
  };
}

/** A round added to a level's sums (in place). */
export function addToSums(sums: PerformanceSumsRow, w: Weighed, game: string): void {
  const f = w.figures;
  sums.rounds += 1;
  sums.handle += f.handle;
  sums.actual_win += f.actualWin;
  sums.theoretical_win += f.theoreticalWin;
  sums.variance += f.variance;
  sums.unvalued_handle += f.unvaluedHandle;
  sums.unvalued_win += f.unvaluedWin;
  if (f.varianceMethod === 'bound') sums.bounded_rounds += 1;
  sums.strategy_handle += f.strategyHandle;
  if (!w.round.croupier_recorded) sums.staff_rounds += 1;
  if (!sums.games.includes(game)) sums.games = [...sums.games, game].sort();
  sums.last_position = w.round.completed_position;
}
