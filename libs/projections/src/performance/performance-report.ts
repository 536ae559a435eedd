/**
 * The performance report of a gaming day (issue 21 §7): per casino, table, session and (for compliance and
 * inspectors only) croupier, actual against theoretical win with its z-score; the day's findings; each
 * table's and croupier's CUSUM across days with what it can detect; and, per table, the running
 * actual − theoretical with σ by round, which a control chart draws (±2σ, ±3σ).
 */
import type { Pool, PoolClient } from 'pg';
import type { PerformanceSumsRow } from './performance-fold';
import {
  detectionStatement,
  PerformanceCusumRow,
  PerformanceFigures,
  PerformanceFinding,
  PerformanceSettings,
  performanceSettings,
  readSums,
} from './performance-findings';
import { PERFORMANCE_CUSUM, PERFORMANCE_DAYS, PERFORMANCE_ROUNDS, PERFORMANCE_SUMS } from './performance.projection';

export interface PerformanceLine extends PerformanceFigures {
  readonly casinoId: string;
  readonly subject: string;
  readonly tableId: string | null;
  readonly games: string[];
}

export interface PerformanceCusumLine {
  readonly casinoId: string;
  readonly level: 'table' | 'croupier';
  readonly subject: string;
  /** the CUSUM statistic after the last completed day, and its threshold */
  readonly statistic: number;
  readonly threshold: number | null;
  readonly days: number;
  readonly alarm: boolean;
  readonly alarmDay: string | null;
  /** "a leak of X % of handle is found within N rounds with 90 % probability", for this subject's typical day */
  readonly detection: string;
  readonly detectionRounds: number | null;
}

/** One table's control chart: after each round, Σ(actual − theoretical) and √Σ variance. */
export interface PerformanceChart {
  readonly casinoId: string;
  readonly tableId: string;
  readonly points: Array<{ round: number; roundId: string; difference: number; sd: number }>;
}

export interface PerformanceReport {
  readonly gamingDay: string;
  readonly casinoId: string | null;
  readonly tableId: string | null;
  readonly settings: PerformanceSettings;
  /** whether the croupiers' figures are shown (compliance and inspectors only) */
  readonly croupiersShown: boolean;
  readonly casinos: PerformanceLine[];
  readonly tables: PerformanceLine[];
  readonly sessions: PerformanceLine[];
  readonly croupiers: PerformanceLine[];
  readonly findings: PerformanceFinding[];
  readonly cusum: PerformanceCusumLine[];
  readonly charts: PerformanceChart[];
}

type Db = { pool: Pool } | Pool | PoolClient;
const clientOf = (db: Db) => ('pool' in db ? db.pool : db);

const line = (r: PerformanceSumsRow): PerformanceLine => ({ casinoId: r.casino_id, subject: r.subject, tableId: r.table_id, games: r.games, ...readSums(r) });

export async function loadPerformance(
  db: Db,
  q: { gamingDay: string; casinoId?: string | null; tableId?: string | null; croupiers?: boolean },
): Promise<PerformanceReport> {
  const c = clientOf(db);
  const casinoId = q.casinoId ?? null;
  const tableId = q.tableId ?? null;
  const croupiersShown = q.croupiers ?? false;
  const args = [q.gamingDay, casinoId];
  const where = `gaming_day = $1 AND ($2::text IS NULL OR casino_id = $2)`;
  const sums = (await c.query(`SELECT * FROM ${PERFORMANCE_SUMS} WHERE ${where} ORDER BY casino_id, level, subject`, args)).rows as PerformanceSumsRow[];
  const days = (await c.query(`SELECT * FROM ${PERFORMANCE_DAYS} WHERE ${where} ORDER BY casino_id`, args)).rows;
  const ofTable = (r: { table_id: string | null; level?: string; subject?: string }) => !tableId || r.table_id === tableId;
  const rounds = (
    await c.query(
      `SELECT casino_id, table_id, round_id, table_round, croupier_id, actual_win - unvalued_win - theoretical_win AS difference, variance
         FROM ${PERFORMANCE_ROUNDS} WHERE ${where} AND ($3::text IS NULL OR table_id = $3) ORDER BY casino_id, table_id, table_round`,
      [...args, tableId],
    )
  ).rows;
  // a croupier's figures are over the day, all tables; with a table, the croupiers who dealt there
  const croupierIds = new Set(tableId ? rounds.map((r) => r.croupier_id) : sums.filter((r) => r.level === 'croupier').map((r) => r.subject));
  const of = (level: string) =>
    sums.filter((r) => r.level === level && (level === 'casino' || (level === 'croupier' ? croupierIds.has(r.subject) : ofTable(r)))).map(line);
  const findings = (days.flatMap((d) => d.findings) as PerformanceFinding[]).filter((f) =>
    f.level === 'croupier' ? croupiersShown && croupierIds.has(f.subject) : !tableId || f.tableId === tableId,
  );
  const cusumRows = (
    await c.query(`SELECT * FROM ${PERFORMANCE_CUSUM} WHERE ($1::text IS NULL OR casino_id = $1) ORDER BY casino_id, level, subject`, [casinoId])
  ).rows as PerformanceCusumRow[];
  const tablesOfDay = new Set(sums.filter((r) => r.level === 'table').map((r) => `${r.casino_id}|${r.subject}`));
  const cusum = cusumRows
    .filter((r) =>
      r.level === 'table'
        ? tablesOfDay.has(`${r.casino_id}|${r.subject}`) && (!tableId || r.subject === tableId)
        : croupiersShown && croupierIds.has(r.subject),
    )
    .map((r) => ({
      casinoId: r.casino_id,
      level: r.level,
      subject: r.subject,
      statistic: r.state.statistic,
      threshold: r.detection?.threshold ?? null,
      days: r.folded.days,
      alarm: r.state.alarm,
      alarmDay: r.alarm_day,
      detection: detectionStatement(r),
      detectionRounds: r.detection?.rounds ?? null,
    }));
  const charts: PerformanceChart[] = [];
  let chart: PerformanceChart | undefined;
  let difference = 0;
  let variance = 0;
  for (const r of rounds) {
    if (!chart || chart.casinoId !== r.casino_id || chart.tableId !== r.table_id) {
      charts.push((chart = { casinoId: r.casino_id, tableId: r.table_id, points: [] }));
      difference = 0;
      variance = 0;
    }
    difference += Number(r.difference);
    variance += Number(r.variance);
    chart.points.push({ round: r.table_round, roundId: r.round_id, difference, sd: Math.sqrt(variance) });
  }
  return {
    gamingDay: q.gamingDay,
    casinoId,
    tableId,
    settings: days[0]?.settings ?? performanceSettings(),
    croupiersShown,
    casinos: of('casino'),
    tables: of('table'),
    sessions: of('session'),
    croupiers: croupiersShown ? of('croupier') : [],
    findings,
    cusum,
    charts,
  };
}
