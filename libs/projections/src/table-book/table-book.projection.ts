/**
 * The table book: the finance close of each table session (contract §7). One batch = load the rows
 * of the sessions it touches, fold the events in memory, write the rows back in one statement.
 */
import type { Pool, PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { asContractEvent, emptySession, evolveSession, sessionEnv } from '../../../ledger/src';
import {
  complianceAfter,
  complianceRules,
  Discrepancy,
  gameRules,
  initialCompliance,
  inventoryTotal,
  JurisdictionId,
  judgeSettings,
  judgeShoe,
  RoundEnv,
  SessionJudgement,
} from '../../../rules/src';
import { correctionEffect, CorrectionEntry, recordCorrection } from '../corrections';
import { loadDayCompliance, withDayFindings } from '../day-compliance/day-findings';
import { loadEventsById, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { TableBookEntity } from './table-book.entity';

/** A row as stored: the entity's columns by name, so that it can be written with jsonb_populate_recordset. */
export type TableBookRow = TableBookEntity;

const HANDLES = new Set([
  'TableSessionOpened',
  'TableLimitsChanged',
  'TableSessionSuspended',
  'TableSessionResumed',
  'TableSessionClosed',
  'CashExchanged',
  'ChipsFilled',
  'ChipsCredited',
  'TipDeposited',
  'CagnotteDeducted',
  'CommissionCharged',
  'JackpotContributed',
  'JackpotWon',
  'RoundStarted',
  'RoundVoided',
  'CorrectionRecorded',
  'ShoeStarted',
  // session compliance (issue 15): announcements, the shooter, the bank deposit, boxes taken while suspended
  'LastRoundsAnnounced',
  'ShooterNamed',
  'HandOpened',
  'BankDeposited',
  'DropBoxCounted',
  'TipsBoxCounted',
  'CagnotteBoxCounted',
]);

/** The rules' environment of a session as its book knows it (undefined: no rules for this game here). */
function bookEnv(
  row: Pick<
    TableBookRow,
    'session_id' | 'casino_id' | 'table_id' | 'game' | 'jurisdiction' | 'gaming_day' | 'currency' | 'limits' | 'options' | 'opening_float'
  >,
): RoundEnv | undefined {
  const opened = {
    sessionId: row.session_id,
    casinoId: row.casino_id,
    tableId: row.table_id,
    game: row.game,
    jurisdiction: row.jurisdiction,
    gamingDay: row.gaming_day,
    currency: row.currency,
    limits: row.limits,
    options: row.options,
    openingFloat: row.opening_float,
  };
  return sessionEnv(evolveSession(emptySession(row.session_id), 'TableSessionOpened', opened));
}

/** A session judgement added to the row's findings, each finding tied to the event it was found at. */
function addJudgement(r: TableBookRow, e: ProjectedEvent, judged: SessionJudgement): void {
  if (judged.findings.length) r.findings = [...r.findings, ...judged.findings.map((f) => ({ ...f, eventId: f.eventId ?? e.eventId }))];
  if (judged.notes.length) r.finding_notes = [...r.finding_notes, ...judged.notes];
}

/** The session-compliance rows (limit changes, closing, suspension, bank deposit) judged on one more fact. */
function judgeCompliance(r: TableBookRow, e: ProjectedEvent): void {
  const rules = gameRules(r.game);
  if (!rules) return;
  const step = complianceAfter(
    complianceRules(r.game, rules.family, r.jurisdiction as JurisdictionId),
    { ...initialCompliance(), ...r.compliance },
    { eventId: e.eventId, type: e.type, data: e.data, occurredAt: e.occurredAt ?? undefined },
  );
  r.compliance = step.state;
  addJudgement(r, e, step);
}

function addChips(into: Record<string, number>, chips: Readonly<Record<string, number>>): Record<string, number> {
  const out = { ...into };
  for (const [denomination, count] of Object.entries(chips)) out[denomination] = (out[denomination] ?? 0) + count;
  return out;
}

/**
 * Fold one event into a session's row (pure; exported for tests and replay of the book). A correction
 * needs its effect (`correctionEffect` of the correction and the event it corrects); without one it is
 * judged from its own fields.
 */
export function evolveTableBook(row: TableBookRow | undefined, e: ProjectedEvent, correction?: CorrectionEntry): TableBookRow | undefined {
  // the contract's types of the core facts (a game's own facts, undefined here, reach only the compliance fold)
  const c = asContractEvent(e);
  if (c?.type === 'TableSessionOpened') {
    const d = c.data;
    const opened: TableBookRow = {
      session_id: d.sessionId,
      casino_id: d.casinoId,
      table_id: d.tableId,
      game: d.game,
      jurisdiction: d.jurisdiction,
      gaming_day: d.gamingDay,
      currency: d.currency ?? 'EUR',
      limits: d.limits,
      staff: d.staff,
      opening_float: d.openingFloat,
      closing_float: null,
      fills: {},
      credits: {},
      fill_slips: [],
      credit_slips: [],
      drop: 0,
      tips: 0,
      cagnotte: 0,
      commission: 0,
      jackpot_contributions: 0,
      jackpot_wins: 0,
      rounds: 0,
      rounds_voided: 0,
      limit_changes: 0,
      status: 'open',
      suspended: false,
      opened_at: e.occurredAt,
      closed_at: null,
      last_position: Number(e.globalPosition),
      adjustments: {},
      corrections: [],
      options: d.options ?? {},
      findings: [],
      finding_notes: [],
      compliance: initialCompliance(),
    };
    judgeCompliance(opened, e);
    const env = bookEnv(opened);
    if (env) addJudgement(opened, e, judgeSettings(gameRules(opened.game)!, env, { limits: env.ctx.limits, options: opened.options, eventId: e.eventId }));
    return opened;
  }
  if (!row) return row;
  const r: TableBookRow = { ...row, last_position: Number(e.globalPosition) };
  switch (c?.type) {
    case 'TableLimitsChanged': {
      r.limits = c.data.limits;
      r.limit_changes++;
      // new limits are judged as an opening is (a table minimum out of its range…); the settings' house edges did not change
      const env = bookEnv(r);
      if (env)
        addJudgement(r, e, judgeSettings(gameRules(r.game)!, env, { limits: env.ctx.limits, options: r.options, eventId: e.eventId }, { houseEdges: false }));
      break;
    }
    case 'ShoeStarted': {
      const env = bookEnv(r);
      if (env)
        addJudgement(
          r,
          e,
          judgeShoe(gameRules(r.game)!, env, {
            shoeId: String(c.data.shoeId),
            decks: Number(c.data.decks),
            cutCardPosition: typeof c.data.cutCardPosition === 'number' ? c.data.cutCardPosition : undefined,
            eventId: e.eventId,
          }),
        );
      break;
    }
    case 'TableSessionSuspended':
      r.suspended = true;
      break;
    case 'TableSessionResumed':
      r.suspended = false;
      break;
    case 'TableSessionClosed':
      r.closing_float = c.data.closingFloat;
      r.status = 'closed';
      r.suspended = false;
      r.closed_at = e.occurredAt;
      break;
    case 'CashExchanged':
      r.drop += c.data.amount;
      break;
    case 'ChipsFilled':
      r.fills = addChips(r.fills, c.data.chips);
      r.fill_slips = [...r.fill_slips, c.data.slipId];
      break;
    case 'ChipsCredited':
      r.credits = addChips(r.credits, c.data.chips);
      r.credit_slips = [...r.credit_slips, c.data.slipId];
      break;
    case 'TipDeposited':
      r.tips += c.data.amount;
      break;
    case 'CagnotteDeducted':
      r.cagnotte += c.data.amount;
      break;
    case 'CommissionCharged':
      r.commission += c.data.amount;
      break;
    case 'JackpotContributed':
      r.jackpot_contributions += c.data.amount;
      break;
    case 'JackpotWon':
      r.jackpot_wins += c.data.amount;
      break;
    case 'RoundStarted':
      r.rounds++;
      break;
    case 'RoundVoided':
      r.rounds_voided++;
      break;
    case 'CorrectionRecorded':
      recordCorrection(r, e, correction);
      break;
  }
  judgeCompliance(r, e);
  return r;
}

export const TABLE_BOOKS = 'table_books';

export class TableBookProjection implements EventProjection {
  readonly name = 'table-book';
  readonly tables = [TABLE_BOOKS];
  readonly handles = HANDLES;
  readonly closeBehind = true;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables[TABLE_BOOKS];
    const sessionIds = [...new Set(events.map(sessionOf).filter((s): s is string => typeof s === 'string'))];
    if (!sessionIds.length) return;
    const correctionEvents = events.filter((e) => e.type === 'CorrectionRecorded');
    const corrected = correctionEvents.length
      ? await loadEventsById(
          db,
          correctionEvents.map((e) => String(e.data.correctsEventId)),
        )
      : new Map<string, ProjectedEvent>();
    const rows = new Map<string, TableBookRow>();
    const loaded = await db.query(`SELECT * FROM ${table} WHERE session_id = ANY ($1::text[])`, [sessionIds]);
    for (const row of loaded.rows) rows.set(row.session_id, row);
    const changed = new Set<string>();
    for (const e of events) {
      const sessionId = sessionOf(e);
      if (!sessionId) continue;
      const effect = e.type === 'CorrectionRecorded' ? correctionEffect(e, corrected.get(String(e.data.correctsEventId).toLowerCase())) : undefined;
      const next = evolveTableBook(rows.get(sessionId), e, effect);
      if (next && next !== rows.get(sessionId)) {
        rows.set(sessionId, next);
        changed.add(sessionId);
      }
    }
    if (!changed.size) return;
    await upsertRows(
      db,
      TableBookEntity,
      table,
      [...changed].map((id) => rows.get(id)!),
    );
  }
}

/** The report (contract §7): inventories with their totals, and the gross table win. */
export interface TableBookReport {
  sessionId: string;
  casinoId: string;
  tableId: string;
  game: string;
  jurisdiction: string;
  gamingDay: string;
  currency: string;
  openingFloat: Inventory;
  closingFloat: Inventory | null;
  fills: Inventory & { slips: string[] };
  credits: Inventory & { slips: string[] };
  drop: number;
  tips: number;
  cagnotte: number;
  commission: number;
  jackpotContributions: number;
  jackpotWins: number;
  rounds: number;
  roundsVoided: number;
  limits: Record<string, number>;
  staff: Record<string, unknown>;
  /** win = drop + closingFloat.total + credits − openingFloat.total − fills; null while the session is open */
  win: number | null;
  status: 'open' | 'closed';
  suspended: boolean;
  openedAt: string | null;
  closedAt: string | null;
  /** the figures above with the applied corrections added (side by side with the uncorrected ones) */
  corrected: CorrectedFigures;
  /** figure → Σ applied correction amounts */
  adjustments: Record<string, number>;
  corrections: CorrectionEntry[];
  /** the options the table opened with */
  options: Record<string, unknown>;
  /** the session's own verdict: `findings` when its settings, limit changes or shoes broke a rule; rounds have theirs */
  sessionVerdict: 'consistent' | 'findings';
  /** findings on the session (issue 14 §2–§4): settings that give the player the edge, shoes, table minimums */
  sessionFindings: Discrepancy[];
  /** what could not be judged on the session, and why */
  sessionNotes: string[];
}

export interface CorrectedFigures {
  openingFloat: number;
  closingFloat: number | null;
  fills: number;
  credits: number;
  drop: number;
  tips: number;
  cagnotte: number;
  commission: number;
  jackpotContributions: number;
  jackpotWins: number;
  /** the same formula on the corrected figures; null while the session is open */
  win: number | null;
}

export interface Inventory {
  chips: Record<string, number>;
  total: number;
}

const inventory = (chips: Record<string, number>): Inventory => ({ chips, total: inventoryTotal(chips) });

export function tableBookReport(row: TableBookRow): TableBookReport {
  const opening = inventory(row.opening_float);
  const closing = row.closing_float ? inventory(row.closing_float) : null;
  const fills = inventory(row.fills);
  const credits = inventory(row.credits);
  const drop = Number(row.drop);
  const adj = row.adjustments ?? {};
  const a = (k: string) => Number(adj[k] ?? 0);
  const corrected: CorrectedFigures = {
    openingFloat: opening.total + a('openingFloat'),
    closingFloat: closing ? closing.total + a('closingFloat') : null,
    fills: fills.total + a('fills'),
    credits: credits.total + a('credits'),
    drop: drop + a('drop'),
    tips: Number(row.tips) + a('tips'),
    cagnotte: Number(row.cagnotte) + a('cagnotte'),
    commission: Number(row.commission) + a('commission'),
    jackpotContributions: Number(row.jackpot_contributions) + a('jackpotContributions'),
    jackpotWins: Number(row.jackpot_wins) + a('jackpotWins'),
    win: null,
  };
  if (corrected.closingFloat !== null) corrected.win = corrected.drop + corrected.closingFloat + corrected.credits - corrected.openingFloat - corrected.fills;
  return {
    sessionId: row.session_id,
    casinoId: row.casino_id,
    tableId: row.table_id,
    game: row.game,
    jurisdiction: row.jurisdiction,
    gamingDay: row.gaming_day,
    currency: row.currency,
    openingFloat: opening,
    closingFloat: closing,
    fills: { ...fills, slips: row.fill_slips },
    credits: { ...credits, slips: row.credit_slips },
    drop,
    tips: Number(row.tips),
    cagnotte: Number(row.cagnotte),
    commission: Number(row.commission),
    jackpotContributions: Number(row.jackpot_contributions),
    jackpotWins: Number(row.jackpot_wins),
    rounds: row.rounds,
    roundsVoided: row.rounds_voided,
    limits: row.limits,
    staff: row.staff,
    win: closing ? drop + closing.total + credits.total - opening.total - fills.total : null,
    status: row.status === 'closed' ? 'closed' : 'open',
    suspended: row.suspended,
    openedAt: row.opened_at,
    closedAt: row.closed_at,
    corrected,
    adjustments: adj,
    corrections: row.corrections ?? [],
    options: row.options ?? {},
    sessionVerdict: (row.findings ?? []).length ? 'findings' : 'consistent',
    sessionFindings: row.findings ?? [],
    sessionNotes: row.finding_notes ?? [],
  };
}

/** The table book of one session as the read model has it (null: no such session). */
export async function loadTableBook(db: { pool: Pool } | Pool, sessionId: string): Promise<TableBookReport | null> {
  const pool = 'pool' in db ? db.pool : db;
  const r = await pool.query(`SELECT * FROM ${TABLE_BOOKS} WHERE session_id = $1`, [sessionId]);
  if (!r.rowCount) return null;
  // the session's own findings the gaming day's read model judged (its dice, a reversed cloth)
  const [book] = withDayFindings(
    [tableBookReport(r.rows[0])],
    await loadDayCompliance(pool, { gamingDay: r.rows[0].gaming_day, casinoId: r.rows[0].casino_id }),
  );
  return book;
}
