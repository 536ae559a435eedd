/**
 * Who bets with the count (issue 21 §6): per player reference and gaming day, the correlation of the stake a
 * player puts up before a round's cards with the true count of the shoe at that moment (`core/card-count.ts`).
 * A counter raises his bet when the count is high — that is his whole edge — and a casino's surveillance
 * identifies him by exactly this: bet variation that follows the count (Zender, *Card Counting for the Casino
 * Executive*, "identifying the counter"). A player who does not count bets whatever the shoe holds.
 *
 * The test: Pearson's r between the count and the logarithm of the stake over the player's rounds at shoe games,
 * within each shoe (both centred on the shoe's own means, a fixed effect per shoe), one-sided (the stake
 * rises with the count). The logarithm because a spread bettor multiplies his bet (one unit, two, four…), and
 * so that one large bet of a player who does not count weighs no more than a doubling. Within the shoe
 * because stakes drift over an evening (a table's limits raised at a new shoe, a player warming up) while a
 * shoe's counts run together: a drift across shoes against counts that stay high or low for a whole shoe
 * correlates by chance more often than independent pairs would (honest simulated days gave 14 % of
 * p-values below 0.1 across shoes, as chance gives within them). When stakes within a shoe do not depend on
 * the count, r·√N is asymptotically standard normal whatever the two distributions (conditional on the
 * counts, Σ(x − x̄)·y has variance σ²_y·Σ(x − x̄)² for exchangeable stakes); Fisher's z = atanh(r)·√(N − 3),
 * N the pairs less the shoes' means, is used for its better tail (Fisher 1921, "On the probable error of a
 * coefficient of correlation deduced from a small sample", *Metron* 1, 3–32). Across a day's players the
 * findings are held to a false discovery rate by Benjamini–Hochberg, as the performance findings are.
 *
 * Folded fact by fact with constant work (six sums per player and shoe, folded into five per player and day
 * when the shoe ends), so a read model can keep it. A player whose stake never varies within a shoe cannot be
 * tested (he is no spread bettor).
 */
import { benjaminiHochberg, normalCdf } from '../../../statistics/src';
import { countFact, newShoeCount, ShoeCountState, trueCount } from '../../../rules/src/core/card-count';
import { asContractEvent } from '../../../rules/src/core/events';

/** Fewer rounds than this are not tested: Fisher's approximation wants a few dozen pairs. */
export const ADVANTAGE_MIN_ROUNDS = 30;

/** One player's pairs in one shoe: raw sums, centred when the shoe ends. */
interface ShoeSums {
  n: number;
  sx: number;
  sy: number;
  sxx: number;
  syy: number;
  sxy: number;
}

/** A player's day: the within-shoe sums of squares and products of count and log stake. */
export interface CountCorrelationSums {
  casinoId: string;
  gamingDay: string;
  playerRef: string;
  /** pairs (rounds with a stake of his before the cards) */
  n: number;
  /** shoes they fell in (each takes its own mean) */
  shoes: number;
  /** Σ (x − x̄_shoe)², Σ (y − ȳ_shoe)², Σ (x − x̄_shoe)(y − ȳ_shoe) */
  wxx: number;
  wyy: number;
  wxy: number;
  tables: string[];
}

interface SessionCount {
  readonly casinoId: string;
  readonly gamingDay: string;
  readonly tableId: string;
  readonly count: ShoeCountState;
  /** the true count when the round started (null: no shoe) */
  atRound: number | null;
  /** a card of the round has been dealt to the table: later bets are made knowing it */
  cardsOut: boolean;
  /** the stakes each player put up before the round's cards (summed, then taken as a logarithm) */
  stakes: Map<string, number>;
  /** the shoe's pairs per player, until the shoe ends */
  shoe: Map<string, ShoeSums>;
}

export interface CountCorrelationState {
  readonly sessions: Map<string, SessionCount>;
  readonly players: Map<string, CountCorrelationSums>;
}

export const newCountCorrelation = (): CountCorrelationState => ({ sessions: new Map(), players: new Map() });

/** The facts foldCountCorrelation reads (its cases below): a day's sessions are read for these alone. */
export const COUNT_CORRELATION_FACTS: readonly string[] = [
  'TableSessionOpened',
  'ShoeStarted',
  'CardDealt',
  'RoundStarted',
  'BetPlaced',
  'RoundCompleted',
  'RoundVoided',
  'TableSessionClosed',
];

/** Fold one recorded fact (in recording order). */
export function foldCountCorrelation(state: CountCorrelationState, e: { readonly type: string; readonly data: Readonly<Record<string, unknown>> }): void {
  const sessionId = typeof e.data?.sessionId === 'string' ? e.data.sessionId : undefined;
  if (!sessionId) return;
  const c = asContractEvent(e);
  if (c?.type === 'TableSessionOpened') {
    const d = c.data;
    state.sessions.set(sessionId, {
      casinoId: d.casinoId,
      gamingDay: d.gamingDay,
      tableId: d.tableId,
      count: newShoeCount(),
      atRound: null,
      cardsOut: false,
      stakes: new Map(),
      shoe: new Map(),
    });
    return;
  }
  const s = state.sessions.get(sessionId);
  if (!s) return;
  switch (c?.type) {
    case 'ShoeStarted':
      endShoe(state, s);
      countFact(s.count, c.type, c.data);
      break;
    case 'CardDealt':
      countFact(s.count, c.type, c.data);
      if (c.data.to !== 'burn') s.cardsOut = true;
      break;
    case 'RoundStarted':
      s.atRound = trueCount(s.count);
      s.cardsOut = false;
      s.stakes = new Map();
      break;
    case 'BetPlaced':
      if (s.atRound === null || s.cardsOut || typeof c.data.playerRef !== 'string' || !(Number(c.data.amount) > 0)) break;
      s.stakes.set(c.data.playerRef, (s.stakes.get(c.data.playerRef) ?? 0) + Number(c.data.amount));
      break;
    case 'RoundCompleted':
      if (s.atRound !== null) for (const [player, stake] of s.stakes) addPair(s, player, s.atRound, Math.log(stake));
      s.stakes = new Map();
      break;
    case 'RoundVoided':
      s.stakes = new Map();
      break;
    case 'TableSessionClosed':
      endShoe(state, s);
      state.sessions.delete(sessionId);
      break;
  }
}

function addPair(s: SessionCount, player: string, x: number, y: number) {
  let p = s.shoe.get(player);
  if (!p) s.shoe.set(player, (p = { n: 0, sx: 0, sy: 0, sxx: 0, syy: 0, sxy: 0 }));
  p.n += 1;
  p.sx += x;
  p.sy += y;
  p.sxx += x * x;
  p.syy += y * y;
  p.sxy += x * y;
}

/** The shoe is over: each player's pairs in it, centred on their own means, join his day. */
function endShoe(state: CountCorrelationState, s: SessionCount) {
  for (const [player, b] of s.shoe) {
    const key = JSON.stringify([s.casinoId, s.gamingDay, player]);
    let p = state.players.get(key);
    if (!p)
      state.players.set(key, (p = { casinoId: s.casinoId, gamingDay: s.gamingDay, playerRef: player, n: 0, shoes: 0, wxx: 0, wyy: 0, wxy: 0, tables: [] }));
    p.n += b.n;
    p.shoes += 1;
    p.wxx += Math.max(0, b.sxx - (b.sx * b.sx) / b.n);
    p.wyy += Math.max(0, b.syy - (b.sy * b.sy) / b.n);
    p.wxy += b.sxy - (b.sx * b.sy) / b.n;
    if (!p.tables.includes(s.tableId)) p.tables = [...p.tables, s.tableId].sort();
  }
  s.shoe = new Map();
}

/** The day so far: the shoes still being dealt end here (a report read before the sessions close). */
export function endOpenShoes(state: CountCorrelationState): void {
  for (const s of state.sessions.values()) endShoe(state, s);
}

/** One player's stakes against the count: what a finding and a row of the day's tested players both say. */
interface StakesAgainstCount {
  readonly playerRef: string;
  readonly tables: string[];
  /** rounds at shoe games with a stake of the player's */
  readonly rounds: number;
  readonly shoes: number;
  readonly r: number;
  readonly z: number;
  readonly p: number;
  /** Benjamini–Hochberg's adjusted p across the day's players tested: a finding when ≤ `fdr` */
  readonly adjustedP: number;
  /** the factor the player's stake is multiplied by per point of true count (least squares on the logarithm) */
  readonly stakeFactorPerCount: number;
}

export interface AdvantagePlayFinding extends StakesAgainstCount {
  readonly kind: 'bets-follow-count';
  readonly casinoId: string;
  readonly gamingDay: string;
  readonly tested: number;
  readonly fdr: number;
  readonly message: string;
}

export interface CountCorrelationTest {
  readonly playerRef: string;
  readonly rounds: number;
  readonly r: number;
  readonly z: number;
  readonly p: number;
}

/** Pearson's r and Fisher's one-sided test of one player's sums; null when it cannot be tested. */
export function countCorrelation(p: CountCorrelationSums, minRounds = ADVANTAGE_MIN_ROUNDS): (CountCorrelationTest & { stakeFactorPerCount: number }) | null {
  // the pairs less one per shoe mean taken: what is left to correlate
  const free = p.n - p.shoes + 1;
  if (p.n < minRounds || free < 4) return null;
  // a count that never moved within a shoe, or a stake that never changed: nothing to correlate
  if (!(p.wxx > 1e-9) || !(p.wyy > 1e-12)) return null;
  const r = Math.max(-1 + 1e-12, Math.min(1 - 1e-12, p.wxy / Math.sqrt(p.wxx * p.wyy)));
  const z = Math.atanh(r) * Math.sqrt(free - 3);
  return { playerRef: p.playerRef, rounds: p.n, r, z, p: normalCdf(-z), stakeFactorPerCount: Math.exp(p.wxy / p.wxx) };
}

type Tested = { row: CountCorrelationSums; t: NonNullable<ReturnType<typeof countCorrelation>> };

/** The day's players that could be tested (in `rows`' order), each with Benjamini–Hochberg's verdict across them. */
function testDay(rows: readonly CountCorrelationSums[], fdr: number, minRounds: number): Array<Tested & { adjustedP: number; finding: boolean }> {
  const tested = rows.flatMap((row) => {
    const t = countCorrelation(row, minRounds);
    return t ? [{ row, t }] : [];
  });
  if (!tested.length) return [];
  const discoveries = benjaminiHochberg(
    tested.map((x) => x.t.p),
    fdr,
  );
  return tested.map((x, i) => ({ ...x, adjustedP: discoveries[i].adjustedP, finding: discoveries[i].finding }));
}

/** What a finding and a tested player's row both say of one player. */
const stakesAgainstCount = ({ row, t, adjustedP }: Tested & { adjustedP: number }): StakesAgainstCount => ({
  playerRef: row.playerRef,
  tables: row.tables,
  rounds: t.rounds,
  shoes: row.shoes,
  r: t.r,
  z: t.z,
  p: t.p,
  adjustedP,
  stakeFactorPerCount: t.stakeFactorPerCount,
});

/** The day's players whose stakes follow the count, at false discovery rate `fdr` across the players tested. */
export function judgeAdvantagePlay(rows: readonly CountCorrelationSums[], fdr: number, minRounds = ADVANTAGE_MIN_ROUNDS): AdvantagePlayFinding[] {
  const day = testDay(rows, fdr, minRounds).sort((a, b) => a.row.playerRef.localeCompare(b.row.playerRef));
  return day
    .filter((x) => x.finding)
    .map((x) => ({
      kind: 'bets-follow-count' as const,
      casinoId: x.row.casinoId,
      gamingDay: x.row.gamingDay,
      ...stakesAgainstCount(x),
      tested: day.length,
      fdr,
      message:
        `player ${x.row.playerRef}: stakes rise with the shoe's true count, ×${x.t.stakeFactorPerCount.toFixed(2)} a point (r = ${x.t.r.toFixed(2)} over ${x.t.rounds} rounds in ${x.row.shoes} shoes, z = ${x.t.z.toFixed(2)}, ` +
        `p = ${x.t.p.toExponential(2)}; ${day.length} players tested, adjusted p ${x.adjustedP.toExponential(2)} ≤ ${fdr})`,
    }));
}

/** One player tested on the day, found or not: what a compliance reader weighs a finding against. */
export interface AdvantagePlayTested extends StakesAgainstCount {
  /** the step-up threshold at this player's rank by p (rank ÷ tested × fdr): a p at or below it is a finding, and so is every smaller one */
  readonly threshold: number;
  readonly finding: boolean;
}

/** Every player of the day that could be tested, the findings first (then by p): the table behind the findings. */
export function advantagePlayTested(rows: readonly CountCorrelationSums[], fdr: number, minRounds = ADVANTAGE_MIN_ROUNDS): AdvantagePlayTested[] {
  const day = testDay(rows, fdr, minRounds);
  const rank = new Map([...day.keys()].sort((a, b) => day[a].t.p - day[b].t.p).map((i, k) => [i, k + 1]));
  return day
    .map((x, i) => ({ ...stakesAgainstCount(x), threshold: (rank.get(i)! / day.length) * fdr, finding: x.finding }))
    .sort((a, b) => Number(b.finding) - Number(a.finding) || a.p - b.p || a.playerRef.localeCompare(b.playerRef));
}
