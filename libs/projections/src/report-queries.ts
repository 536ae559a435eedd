/**
 * The report queries of contract §7 over the read models: reconciliation (per session, aggregated per
 * table, casino and gaming day), jackpots (per pool, with the value series for charts) and the
 * inspector's day. Each statement reads the latest committed state (READ COMMITTED, on purpose): a
 * rebuild swaps tables in one transaction, and a statement waiting on the swap then reads the new table
 * whole, where a snapshot taken before the swap would read the new table without the rows committed
 * after it. (Projections keep their own checkpoints, so a snapshot across them would not make the
 * parts of a report agree more than this does.)
 */
import type { Pool, PoolClient } from 'pg';
import { ChecklistRow, dayChecklist, DayFinding, Discrepancy, isSessionScoped, JurisdictionId } from '../../rules/src';
import { DayComplianceRead, loadDayCompliance, withDayFindings } from './day-compliance/day-findings';
import { loadPerformance, PerformanceReport } from './performance/performance-report';
import type { CorrectionEntry } from './corrections';
import type { AdvantagePlayReport } from './players/advantage-play-report';
import { INSPECTOR_LOG, type InspectorLogRow } from './inspector-log/inspector-log.projection';
import { JACKPOT_MOVEMENTS, JACKPOT_POOLS, JackpotMovementRow, JackpotPoolRow } from './jackpots/jackpot.projection';
import { RECONCILIATIONS, ReconciliationRow } from './reconciliation/reconciliation.projection';
import { ROUND_VERDICTS } from './round-verdicts/round-verdict.projection';
import type { RoundVerdictEntity } from './round-verdicts/round-verdict.entity';
import { TABLE_BOOKS, tableBookReport, TableBookReport } from './table-book/table-book.projection';

type Db = { pool: Pool } | Pool;
const poolOf = (db: Db): Pool => ('pool' in db ? db.pool : db);

/** Run a report's queries on one connection, each statement on the latest committed state. */
async function snapshot<T>(db: Db, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const client = await poolOf(db).connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

// ---------------------------------------------------------------- reconciliation

export const BOXES = ['drop', 'tips', 'cagnotte'] as const;
export type Box = (typeof BOXES)[number];

export interface BoxFigures {
  recorded: number;
  /** the count room's result; null until counted */
  counted: number | null;
  /** counted − recorded; null until counted */
  variance: number | null;
}

export interface BoxLine extends BoxFigures {
  /** the same with the applied corrections (`<box>` and `<box>Counted`) added */
  corrected: BoxFigures;
  countedBy: string[];
}

export interface BoxTotal extends BoxFigures {
  /** sessions of the group not counted yet (their recorded figure is in `recorded`, not in `variance`) */
  uncounted: number;
  corrected: BoxFigures & { uncounted: number };
}

export interface ReconciliationSession {
  sessionId: string;
  casinoId: string;
  tableId: string;
  gamingDay: string;
  game: string;
  jurisdiction: string;
  currency: string;
  status: string;
  drop: BoxLine;
  tips: BoxLine;
  cagnotte: BoxLine;
  corrections: CorrectionEntry[];
}

export interface ReconciliationGroup {
  casinoId: string | null;
  tableId: string | null;
  sessions: number;
  drop: BoxTotal;
  tips: BoxTotal;
  cagnotte: BoxTotal;
}

export interface ReconciliationReport {
  gamingDay: string;
  casinoId: string | null;
  currency: string;
  sessions: ReconciliationSession[];
  tables: ReconciliationGroup[];
  casinos: ReconciliationGroup[];
  totals: ReconciliationGroup;
  /** every non-zero variance (uncorrected), for the eye */
  variances: Array<{
    sessionId: string;
    casinoId: string;
    tableId: string;
    box: Box;
    recorded: number;
    counted: number;
    variance: number;
    correctedVariance: number | null;
  }>;
}

const n = (v: unknown) => Number(v ?? 0);
const nOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function reconciliationSession(row: ReconciliationRow): ReconciliationSession {
  const adj = row.adjustments ?? {};
  const line = (box: Box): BoxLine => {
    const recorded = n(row[`${box}_recorded`]);
    const counted = nOrNull(row[`${box}_counted`]);
    const cRecorded = recorded + n(adj[box]);
    const cCounted = counted === null ? null : counted + n(adj[`${box}Counted`]);
    return {
      recorded,
      counted,
      variance: counted === null ? null : counted - recorded,
      corrected: { recorded: cRecorded, counted: cCounted, variance: cCounted === null ? null : cCounted - cRecorded },
      countedBy: [...new Set((row.counts?.[box] ?? []).flatMap((c) => c.countedBy))],
    };
  };
  return {
    sessionId: row.session_id,
    casinoId: row.casino_id,
    tableId: row.table_id,
    gamingDay: row.gaming_day,
    game: row.game,
    jurisdiction: row.jurisdiction,
    currency: row.currency,
    status: row.status,
    drop: line('drop'),
    tips: line('tips'),
    cagnotte: line('cagnotte'),
    corrections: row.corrections ?? [],
  };
}

function sumFigures(lines: BoxFigures[]): BoxFigures & { uncounted: number } {
  const counted = lines.filter((l) => l.counted !== null);
  return {
    recorded: lines.reduce((t, l) => t + l.recorded, 0),
    counted: counted.length ? counted.reduce((t, l) => t + (l.counted as number), 0) : null,
    variance: counted.length ? counted.reduce((t, l) => t + (l.variance as number), 0) : null,
    uncounted: lines.length - counted.length,
  };
}

export function reconciliationGroup(sessions: ReconciliationSession[], casinoId: string | null, tableId: string | null): ReconciliationGroup {
  const total = (box: Box): BoxTotal => ({ ...sumFigures(sessions.map((s) => s[box])), corrected: sumFigures(sessions.map((s) => s[box].corrected)) });
  return { casinoId, tableId, sessions: sessions.length, drop: total('drop'), tips: total('tips'), cagnotte: total('cagnotte') };
}

export function reconciliationReport(rows: ReconciliationRow[], gamingDay: string, casinoId: string | null): ReconciliationReport {
  const sessions = rows
    .map(reconciliationSession)
    .sort((a, b) => a.casinoId.localeCompare(b.casinoId) || a.tableId.localeCompare(b.tableId) || a.sessionId.localeCompare(b.sessionId));
  const groupBy = (key: (s: ReconciliationSession) => string) => {
    const m = new Map<string, ReconciliationSession[]>();
    for (const s of sessions) m.set(key(s), [...(m.get(key(s)) ?? []), s]);
    return [...m.values()];
  };
  const variances: ReconciliationReport['variances'] = [];
  for (const s of sessions) {
    for (const box of BOXES) {
      const l = s[box];
      if (l.variance !== null && l.variance !== 0) {
        variances.push({
          sessionId: s.sessionId,
          casinoId: s.casinoId,
          tableId: s.tableId,
          box,
          recorded: l.recorded,
          counted: l.counted!,
          variance: l.variance,
          correctedVariance: l.corrected.variance,
        });
      }
    }
  }
  return {
    gamingDay,
    casinoId,
    currency: sessions[0]?.currency ?? 'EUR',
    sessions,
    tables: groupBy((s) => `${s.casinoId}\u0000${s.tableId}`).map((g) => reconciliationGroup(g, g[0].casinoId, g[0].tableId)),
    casinos: groupBy((s) => s.casinoId).map((g) => reconciliationGroup(g, g[0].casinoId, null)),
    totals: reconciliationGroup(sessions, casinoId, null),
    variances,
  };
}

export async function loadReconciliation(db: Db, q: { gamingDay: string; casinoId?: string | null }): Promise<ReconciliationReport> {
  return snapshot(db, async (c) => {
    const r = await c.query(`SELECT * FROM ${RECONCILIATIONS} WHERE gaming_day = $1 AND ($2::text IS NULL OR casino_id = $2)`, [
      q.gamingDay,
      q.casinoId ?? null,
    ]);
    return reconciliationReport(r.rows, q.gamingDay, q.casinoId ?? null);
  });
}

// ---------------------------------------------------------------- jackpots

export interface JackpotWinLine {
  roundId: string | null;
  sessionId: string | null;
  casinoId: string | null;
  tableId: string | null;
  gamingDay: string | null;
  seat: string | null;
  hand: string | null;
  amount: number;
  /** the pool's value just before and just after this win */
  before: number;
  after: number;
  occurredAt: string | null;
}

export interface JackpotPoolReport {
  poolId: string;
  casinoId: string;
  seed: number;
  /** Σ contributions since the pool was configured */
  contributions: number;
  /** Σ wins paid */
  won: number;
  current: number;
  contributionsCount: number;
  winsCount: number;
  config: Record<string, unknown>;
  configuredAt: string | null;
  /** every table and session that fed or paid the pool */
  tables: string[];
  sessions: string[];
  wins: JackpotWinLine[];
  resets: Array<{ amount: number; before: number; after: number; occurredAt: string | null }>;
  /** the value over time, one point per movement (downsampled to at most `points`, wins and resets kept) */
  series: Array<{ seq: number; at: string | null; kind: string; value: number }>;
  seriesPoints: number;
}

export interface JackpotsReport {
  casinoId: string | null;
  pools: JackpotPoolReport[];
}

export function downsample<T extends { kind: string }>(points: T[], max: number): T[] {
  if (points.length <= max || max < 2) return points;
  const step = Math.ceil(points.length / max);
  return points.filter((p, i) => i === 0 || i === points.length - 1 || i % step === 0 || p.kind === 'win' || p.kind === 'reset');
}

export function jackpotPoolReport(pool: JackpotPoolRow, movements: JackpotMovementRow[], points = 500): JackpotPoolReport {
  const ms = [...movements].sort((a, b) => a.seq - b.seq);
  const series = ms.map((m) => ({ seq: m.seq, at: m.occurred_at, kind: m.kind, value: n(m.value_after) }));
  return {
    poolId: pool.pool_id,
    casinoId: pool.casino_id,
    seed: n(pool.seed),
    contributions: n(pool.contributions),
    won: n(pool.won),
    current: n(pool.current),
    contributionsCount: pool.contributions_count,
    winsCount: pool.wins_count,
    config: pool.config,
    configuredAt: pool.configured_at,
    tables: [...new Set(ms.map((m) => m.table_id).filter((t): t is string => !!t))].sort(),
    sessions: [...new Set(ms.map((m) => m.session_id).filter((t): t is string => !!t))].sort(),
    wins: ms
      .filter((m) => m.kind === 'win')
      .map((m) => ({
        roundId: m.round_id,
        sessionId: m.session_id,
        casinoId: m.casino_id,
        tableId: m.table_id,
        gamingDay: m.gaming_day,
        seat: m.seat,
        hand: m.hand,
        amount: n(m.amount),
        before: n(m.value_before),
        after: n(m.value_after),
        occurredAt: m.occurred_at,
      })),
    resets: ms
      .filter((m) => m.kind === 'reset')
      .map((m) => ({ amount: n(m.amount), before: n(m.value_before), after: n(m.value_after), occurredAt: m.occurred_at })),
    series: downsample(series, points),
    seriesPoints: series.length,
  };
}

export async function loadJackpots(db: Db, q: { casinoId?: string | null; poolId?: string | null; points?: number } = {}): Promise<JackpotsReport> {
  return snapshot(db, async (c) => {
    const pools = (
      await c.query(`SELECT * FROM ${JACKPOT_POOLS} WHERE ($1::text IS NULL OR casino_id = $1) AND ($2::text IS NULL OR pool_id = $2) ORDER BY pool_id`, [
        q.casinoId ?? null,
        q.poolId ?? null,
      ])
    ).rows as JackpotPoolRow[];
    const movements = pools.length
      ? ((await c.query(`SELECT * FROM ${JACKPOT_MOVEMENTS} WHERE pool_id = ANY ($1::text[]) ORDER BY pool_id, seq`, [pools.map((p) => p.pool_id)]))
          .rows as JackpotMovementRow[])
      : [];
    return {
      casinoId: q.casinoId ?? null,
      pools: pools.map((p) =>
        jackpotPoolReport(
          p,
          movements.filter((m) => m.pool_id === p.pool_id),
          q.points ?? 500,
        ),
      ),
    };
  });
}

// ---------------------------------------------------------------- inspector's day

export interface InspectorSession {
  sessionId: string;
  casinoId: string;
  tableId: string;
  game: string;
  jurisdiction: string;
  currency: string;
  /** limits at the opening, and at the close (or now) */
  limits: Record<string, number>;
  limitsAtClose: Record<string, number>;
  openedAt: string | null;
  closedAt: string | null;
  status: 'open' | 'closed';
  staff: { inspector?: string; croupiers?: string[]; [k: string]: unknown };
  rounds: number;
  roundsVoided: number;
  drop: number;
  win: number | null;
  cagnotte: number;
  tips: number;
  commission: number;
  jackpotContributions: number;
  jackpotWins: number;
  corrected: TableBookReport['corrected'];
  discrepancies: number;
  /** the session's own verdict and its findings' count (settings, shoes, table minimums) */
  sessionVerdict: TableBookReport['sessionVerdict'];
  sessionFindings: number;
}

/** A finding on a session rather than a round (issue 14 §2–§4). */
export interface InspectorSessionFinding extends Discrepancy {
  sessionId: string;
  tableId: string;
  game: string;
}

export interface InspectorDiscrepancy extends Discrepancy {
  roundId: string;
  sessionId: string;
  tableId: string | null;
}

export interface FigureTotals {
  drop: number;
  /** Σ win of the closed sessions (an open session has no win yet) */
  win: number;
  cagnotte: number;
  tips: number;
  commission: number;
  jackpotContributions: number;
  jackpotWins: number;
}

export interface InspectorDayReport {
  casinoId: string | null;
  gamingDay: string;
  casinos: string[];
  jurisdictions: string[];
  currency: string;
  sessions: InspectorSession[];
  staff: { inspectors: string[]; croupiers: string[] };
  rounds: { played: number; voided: number; judged: number; consistent: number; withDiscrepancies: number; incomplete: number };
  discrepanciesByCode: Array<{ code: string; count: number; roundIds: string[] }>;
  discrepancies: InspectorDiscrepancy[];
  /** findings on the sessions themselves: a setting that gives the player the edge, a shoe, a table minimum */
  sessionFindings: InspectorSessionFinding[];
  totals: FigureTotals & { openSessions: number };
  correctedTotals: FigureTotals;
  counts: { drop: BoxTotal; tips: BoxTotal; cagnotte: BoxTotal };
  jackpots: { contributions: number; won: number; wins: Array<JackpotWinLine & { poolId: string }> };
  disputes: Array<{
    roundId: string | null;
    sessionId: string | null;
    tableId: string | null;
    raisedBy: string;
    claim: string;
    raisedAt: string | null;
    status: 'open' | 'resolved';
    resolution: { resolvedBy: string; resolution: string; adjustment: number | null; resolvedAt: string | null } | null;
  }>;
  corrections: Array<CorrectionEntry & { tableId: string | null }>;
  limitChanges: Array<{
    sessionId: string | null;
    tableId: string | null;
    from: Record<string, number> | null;
    to: Record<string, number>;
    announcedRounds: number | null;
    at: string | null;
  }>;
  voidedRounds: Array<{ roundId: string | null; sessionId: string | null; tableId: string | null; reason: string; decidedBy: string; at: string | null }>;
  suspensions: Array<{ sessionId: string | null; tableId: string | null; kind: 'suspended' | 'resumed'; reason: string | null; at: string | null }>;
  /** findings of the gaming day as a whole or across tables (issue 15): tables in service, jefes per table, changes of game */
  dayFindings: DayFinding[];
  /** the gaming-day compliance checklist: the nine issue-15 rows for each jurisdiction of the day */
  checklist: ChecklistRow[];
  /** what the day's judge could not see, and why */
  dayNotes: string[];
  /** actual against theoretical win, the day's findings and the CUSUM across days (issue 21; croupiers' figures left out) */
  performance?: PerformanceReport;
  /**
   * the players whose stakes follow the count, each casino's day tested on its own (issue 21 §6): figures of
   * people, added only for the readers who may see them (compliance, inspectors; the operator's command line)
   */
  advantagePlay?: AdvantagePlayReport[];
}

const sumOf = <T>(items: T[], f: (t: T) => number) => items.reduce((t, x) => t + f(x), 0);

export async function loadInspectorDay(db: Db, q: { gamingDay: string; casinoId?: string | null }): Promise<InspectorDayReport> {
  return snapshot(db, async (c) => {
    const args = [q.gamingDay, q.casinoId ?? null];
    const where = `gaming_day = $1 AND ($2::text IS NULL OR casino_id = $2)`;
    const days = await loadDayCompliance(c, q);
    const books = withDayFindings(
      (await c.query(`SELECT * FROM ${TABLE_BOOKS} WHERE ${where} ORDER BY casino_id, table_id, session_id`, args)).rows.map(tableBookReport),
      days,
    );
    const verdicts = (
      await c.query(
        `SELECT round_id, session_id, table_id, verdict, discrepancies FROM ${ROUND_VERDICTS} WHERE ${where} ORDER BY last_position, round_id`,
        args,
      )
    ).rows;
    const log = (await c.query(`SELECT * FROM ${INSPECTOR_LOG} WHERE ${where} ORDER BY global_position`, args)).rows;
    const recon = (await c.query(`SELECT * FROM ${RECONCILIATIONS} WHERE ${where}`, args)).rows.map(reconciliationSession);
    const wins = (await c.query(`SELECT * FROM ${JACKPOT_MOVEMENTS} WHERE ${where} AND kind = 'win' ORDER BY global_position`, args))
      .rows as JackpotMovementRow[];
    const performance = await loadPerformance(c, { gamingDay: q.gamingDay, casinoId: q.casinoId ?? null });
    return { ...inspectorDayReport({ gamingDay: q.gamingDay, casinoId: q.casinoId ?? null, books, verdicts, log, recon, wins, days }), performance };
  });
}

export function inspectorDayReport(input: {
  gamingDay: string;
  casinoId: string | null;
  books: TableBookReport[];
  verdicts: Array<Pick<RoundVerdictEntity, 'round_id' | 'session_id' | 'table_id' | 'verdict' | 'discrepancies'>>;
  /** `details` read as its kind has it */
  log: Array<Pick<InspectorLogRow, 'kind' | 'session_id' | 'table_id' | 'round_id' | 'occurred_at'> & { details: any }>;
  recon: ReconciliationSession[];
  wins: JackpotMovementRow[];
  days?: readonly DayComplianceRead[];
}): InspectorDayReport {
  const { books, verdicts, log, recon, wins } = input;
  const firstLimits = new Map<string, Record<string, number>>();
  for (const l of log)
    if (l.kind === 'limits-changed' && l.session_id && !firstLimits.has(l.session_id) && l.details.from) firstLimits.set(l.session_id, l.details.from);
  const discrepancies: InspectorDiscrepancy[] = verdicts.flatMap((v) =>
    (v.discrepancies ?? []).map((d) => ({ ...d, roundId: v.round_id, sessionId: v.session_id, tableId: v.table_id })),
  );
  const perSession = new Map<string, number>();
  for (const d of discrepancies) perSession.set(d.sessionId, (perSession.get(d.sessionId) ?? 0) + 1);
  const sessions: InspectorSession[] = books.map((b) => ({
    sessionId: b.sessionId,
    casinoId: b.casinoId,
    tableId: b.tableId,
    game: b.game,
    jurisdiction: b.jurisdiction,
    currency: b.currency,
    limits: firstLimits.get(b.sessionId) ?? b.limits,
    limitsAtClose: b.limits,
    openedAt: b.openedAt,
    closedAt: b.closedAt,
    status: b.status,
    staff: b.staff as InspectorSession['staff'],
    rounds: b.rounds,
    roundsVoided: b.roundsVoided,
    drop: b.drop,
    win: b.win,
    cagnotte: b.cagnotte,
    tips: b.tips,
    commission: b.commission,
    jackpotContributions: b.jackpotContributions,
    jackpotWins: b.jackpotWins,
    corrected: b.corrected,
    discrepancies: perSession.get(b.sessionId) ?? 0,
    sessionVerdict: b.sessionVerdict,
    sessionFindings: b.sessionFindings.length,
  }));
  const byCode = new Map<string, { count: number; roundIds: Set<string> }>();
  for (const d of discrepancies) {
    const e = byCode.get(d.code) ?? { count: 0, roundIds: new Set<string>() };
    e.count++;
    e.roundIds.add(d.roundId);
    byCode.set(d.code, e);
  }
  const closed = books.filter((b) => b.status === 'closed');
  const totals: InspectorDayReport['totals'] = {
    drop: sumOf(books, (b) => b.drop),
    win: sumOf(closed, (b) => b.win ?? 0),
    cagnotte: sumOf(books, (b) => b.cagnotte),
    tips: sumOf(books, (b) => b.tips),
    commission: sumOf(books, (b) => b.commission),
    jackpotContributions: sumOf(books, (b) => b.jackpotContributions),
    jackpotWins: sumOf(books, (b) => b.jackpotWins),
    openSessions: books.length - closed.length,
  };
  const correctedTotals: FigureTotals = {
    drop: sumOf(books, (b) => b.corrected.drop),
    win: sumOf(closed, (b) => b.corrected.win ?? 0),
    cagnotte: sumOf(books, (b) => b.corrected.cagnotte),
    tips: sumOf(books, (b) => b.corrected.tips),
    commission: sumOf(books, (b) => b.corrected.commission),
    jackpotContributions: sumOf(books, (b) => b.corrected.jackpotContributions),
    jackpotWins: sumOf(books, (b) => b.corrected.jackpotWins),
  };
  const group = reconciliationGroup(recon, input.casinoId, null);
  const tableOf = new Map(books.map((b) => [b.sessionId, b.tableId]));
  // disputes: each resolution closes the earliest open dispute of its round
  const disputes: InspectorDayReport['disputes'] = [];
  for (const l of log) {
    if (l.kind === 'dispute-raised') {
      disputes.push({
        roundId: l.round_id,
        sessionId: l.session_id,
        tableId: l.table_id,
        raisedBy: l.details.raisedBy,
        claim: l.details.claim,
        raisedAt: l.occurred_at,
        status: 'open',
        resolution: null,
      });
    } else if (l.kind === 'dispute-resolved') {
      const open = disputes.find((d) => d.roundId === l.round_id && d.status === 'open');
      const resolution = {
        resolvedBy: l.details.resolvedBy,
        resolution: l.details.resolution,
        adjustment: l.details.adjustment ?? null,
        resolvedAt: l.occurred_at,
      };
      if (open) Object.assign(open, { status: 'resolved', resolution });
      else
        disputes.push({
          roundId: l.round_id,
          sessionId: l.session_id,
          tableId: l.table_id,
          raisedBy: '—',
          claim: '(raised on another day)',
          raisedAt: null,
          status: 'resolved',
          resolution,
        });
    }
  }
  const casinos = [...new Set(books.map((b) => b.casinoId))].sort();
  const dayRows = input.days ?? [];
  const dayFindings = dayRows.flatMap((d) => d.findings).filter((f) => !isSessionScoped(f));
  const everyFinding = [...discrepancies, ...books.flatMap((b) => b.sessionFindings.map((f) => ({ ...f, sessionId: b.sessionId }))), ...dayFindings];
  const jurisdictions = [...new Set(books.map((b) => b.jurisdiction))].sort();
  const checklist = jurisdictions.flatMap((j) => {
    const mine = books.filter((b) => b.jurisdiction === j);
    const ids = new Set(mine.map((b) => b.sessionId));
    const day = {
      sessions: mine.map((b) => ({
        tableId: b.tableId,
        game: b.game,
        ...(typeof b.options?.tableFormat === 'string' ? { tableFormat: b.options.tableFormat } : {}),
      })),
      limitChanges: log.filter((l) => l.kind === 'limits-changed' && l.session_id && ids.has(l.session_id)).length,
      suspensions: log.filter((l) => l.kind === 'suspended' && l.session_id && ids.has(l.session_id)).length,
      closedSessions: mine.filter((b) => b.status === 'closed').length,
    };
    // a finding counts for the jurisdiction of its session (a day finding: of every jurisdiction it names in its citation)
    const ofJurisdiction = everyFinding.filter((f) => {
      const sessionId = (f as { sessionId?: string | null }).sessionId;
      return sessionId ? ids.has(sessionId) : f.citation.startsWith(j);
    });
    const notJudged = Object.assign({}, ...dayRows.map((d) => d.not_judged?.[j] ?? {}));
    const notJudgedPhrases = Object.assign({}, ...dayRows.map((d) => d.not_judged_phrases?.[j] ?? {}));
    return dayChecklist(j as JurisdictionId, day, ofJurisdiction, { notJudged, notJudgedPhrases });
  });
  const names = (f: (s: InspectorSession) => unknown) =>
    [...new Set(sessions.flatMap((s) => [f(s)].flat()).filter((x): x is string => typeof x === 'string'))].sort();
  return {
    casinoId: input.casinoId,
    gamingDay: input.gamingDay,
    casinos,
    jurisdictions,
    currency: books[0]?.currency ?? 'EUR',
    sessions,
    staff: { inspectors: names((s) => s.staff?.inspector), croupiers: names((s) => s.staff?.croupiers ?? []) },
    rounds: {
      played: sumOf(books, (b) => b.rounds),
      voided: sumOf(books, (b) => b.roundsVoided),
      judged: verdicts.length,
      consistent: verdicts.filter((v) => v.verdict === 'consistent').length,
      withDiscrepancies: verdicts.filter((v) => v.verdict === 'discrepancies').length,
      incomplete: verdicts.filter((v) => v.verdict === 'incomplete').length,
    },
    discrepanciesByCode: [...byCode.entries()]
      .map(([code, v]) => ({ code, count: v.count, roundIds: [...v.roundIds] }))
      .sort((a, b) => a.code.localeCompare(b.code)),
    discrepancies,
    sessionFindings: books.flatMap((b) => b.sessionFindings.map((f) => ({ ...f, sessionId: b.sessionId, tableId: b.tableId, game: b.game }))),
    totals,
    correctedTotals,
    counts: { drop: group.drop, tips: group.tips, cagnotte: group.cagnotte },
    jackpots: {
      contributions: totals.jackpotContributions,
      won: sumOf(wins, (w) => n(w.amount)),
      wins: wins.map((m) => ({
        poolId: m.pool_id,
        roundId: m.round_id,
        sessionId: m.session_id,
        casinoId: m.casino_id,
        tableId: m.table_id,
        gamingDay: m.gaming_day,
        seat: m.seat,
        hand: m.hand,
        amount: n(m.amount),
        before: n(m.value_before),
        after: n(m.value_after),
        occurredAt: m.occurred_at,
      })),
    },
    disputes,
    corrections: log
      .filter((l) => l.kind === 'correction')
      .map((l) => ({ ...(l.details as CorrectionEntry), tableId: l.table_id ?? (l.session_id ? (tableOf.get(l.session_id) ?? null) : null) })),
    limitChanges: log
      .filter((l) => l.kind === 'limits-changed')
      .map((l) => ({
        sessionId: l.session_id,
        tableId: l.table_id,
        from: l.details.from ?? null,
        to: l.details.to,
        announcedRounds: l.details.announcedRounds ?? null,
        at: l.occurred_at,
      })),
    voidedRounds: log
      .filter((l) => l.kind === 'round-voided')
      .map((l) => ({
        roundId: l.round_id,
        sessionId: l.session_id,
        tableId: l.table_id,
        reason: l.details.reason,
        decidedBy: l.details.decidedBy,
        at: l.occurred_at,
      })),
    suspensions: log
      .filter((l) => l.kind === 'suspended' || l.kind === 'resumed')
      .map((l) => ({
        sessionId: l.session_id,
        tableId: l.table_id,
        kind: l.kind as 'suspended' | 'resumed',
        reason: l.details.reason ?? null,
        at: l.occurred_at,
      })),
    dayFindings,
    checklist,
    dayNotes: dayRows.flatMap((d) => d.notes),
  };
}
