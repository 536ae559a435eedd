/**
 * One batch of the performance read model in memory (issue 21 §2–§3): the rows a batch touches, each fact
 * folded into them in feed order, and the days it touched judged again. The projection loads these rows from
 * PostgreSQL and writes the changed ones back; the honest-days benchmark (bench/honest-days.ts) keeps them in
 * memory across 200 simulated days. Both call these functions, so what the benchmark measures is what the
 * read model raises.
 */
import { addToSums, emptySums, foldPerformance, PerformanceLevel, PerformanceRoundRow, PerformanceSessionRow, PerformanceSumsRow } from './performance-fold';
import { cusumAddRound, judgePerformanceDay, newCusum, PerformanceCusumRow, PerformanceSettings } from './performance-findings';

/** The rows, by key: sessions by id, sums by `sumsKey`, CUSUMs by `cusumKey`. */
export interface PerformanceState {
  readonly sessions: Map<string, PerformanceSessionRow>;
  readonly sums: Map<string, PerformanceSumsRow>;
  readonly cusums: Map<string, PerformanceCusumRow>;
}

/** What a batch changed: the keys of the rows to write back, and the rounds it weighed. */
export interface PerformanceChanges {
  readonly sessions: Set<string>;
  readonly sums: Set<string>;
  readonly cusums: Set<string>;
  /** `casino|gaming day` */
  readonly days: Set<string>;
  readonly rounds: PerformanceRoundRow[];
}

export const newPerformanceChanges = (): PerformanceChanges => ({ sessions: new Set(), sums: new Set(), cusums: new Set(), days: new Set(), rounds: [] });

export const sumsKey = (casino: string, day: string, level: PerformanceLevel, subject: string) => `${casino}|${day}|${level}|${subject}`;
export const cusumKey = (casino: string, level: 'table' | 'croupier', subject: string) => `${casino}|${level}|${subject}`;

/**
 * Fold one fact of a session already in `state.sessions` (the caller opens it, with the smallest chip of its
 * opening float) into the rows, in place; an opening only marks its session changed.
 */
export function foldPerformanceFact(
  state: PerformanceState,
  sessionId: string | undefined,
  e: { type: string; data: Readonly<Record<string, unknown>>; globalPosition: number | bigint | string },
  settings: PerformanceSettings,
  changed: PerformanceChanges,
): void {
  const s = sessionId ? state.sessions.get(sessionId) : undefined;
  if (!s || e.type === 'TableSessionOpened') {
    if (s) changed.sessions.add(s.session_id);
    return;
  }
  const sumsOf = (level: PerformanceLevel, subject: string) => {
    const k = sumsKey(s.casino_id, s.gaming_day, level, subject);
    let row = state.sums.get(k);
    if (!row)
      state.sums.set(
        k,
        (row = { ...emptySums(s.casino_id, s.gaming_day, level, subject), table_id: level === 'session' || level === 'table' ? s.table_id : null }),
      );
    changed.sums.add(k);
    return row;
  };
  const cusumOf = (level: 'table' | 'croupier', subject: string) => {
    const k = cusumKey(s.casino_id, level, subject);
    let row = state.cusums.get(k);
    if (!row) state.cusums.set(k, (row = newCusum(s.casino_id, level, subject, s.gaming_day)));
    changed.cusums.add(k);
    return row;
  };

  const { weighed, cagnotte } = foldPerformance(s, e);
  changed.sessions.add(s.session_id);
  const position = Number(e.globalPosition);
  if (cagnotte) {
    for (const [level, subject] of [
      ['session', s.session_id],
      ['table', s.table_id],
      ['casino', s.casino_id],
    ] as const) {
      const row = sumsOf(level, subject);
      row.cagnotte += cagnotte;
      row.last_position = position;
    }
    changed.days.add(`${s.casino_id}|${s.gaming_day}`);
  }
  if (!weighed) return;
  const table = sumsOf('table', s.table_id);
  addToSums(table, weighed, s.game);
  changed.rounds.push({ ...weighed.round, table_round: table.rounds });
  addToSums(sumsOf('session', s.session_id), weighed, s.game);
  addToSums(sumsOf('casino', s.casino_id), weighed, s.game);
  if (weighed.round.croupier_id) addToSums(sumsOf('croupier', weighed.round.croupier_id), weighed, s.game);
  changed.days.add(`${s.casino_id}|${s.gaming_day}`);
  // the CUSUM reads the bets with a figure, as the z-score does
  const f = weighed.figures;
  const valued = {
    handle: f.handle - f.unvaluedHandle,
    theoreticalWin: f.theoreticalWin,
    actualWin: f.actualWin - f.unvaluedWin,
    variance: f.variance,
    boundedVariance: f.varianceMethod === 'bound' ? f.variance : 0,
  };
  cusumAddRound(cusumOf('table', s.table_id), s.gaming_day, valued, position, settings);
  if (weighed.round.croupier_id && weighed.round.croupier_recorded)
    cusumAddRound(cusumOf('croupier', weighed.round.croupier_id), s.gaming_day, valued, position, settings);
}

/** The day's findings, judged again from all its sums in `state` (live and rebuilt rows agree whatever the batches). */
export function judgePerformanceDays(state: PerformanceState, days: Iterable<string>, settings: PerformanceSettings) {
  return [...days].map((k) => {
    const [casino, day] = k.split('|');
    const rows = [...state.sums.values()].filter((r) => r.casino_id === casino && r.gaming_day === day);
    return {
      casino_id: casino,
      gaming_day: day,
      findings: judgePerformanceDay(rows, settings),
      settings,
      last_position: Math.max(...rows.map((r) => r.last_position)),
    };
  });
}
