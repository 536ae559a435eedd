/**
 * The gaming day's compliance (issue 15): per casino and gaming day, a summary of each session as the
 * day's judge needs it (libs/rules/src/core/day-compliance.ts), and what that judge finds in the day —
 * reversible cloths, tables in service, jefes per table, dice and ternas. The findings are judged again
 * from the summary at every batch that touches the day, so live and rebuilt rows agree whatever the
 * batches; the dice each table was last given are kept apart, since a table's previous session may be
 * another day's.
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { asContractEvent, dataOf, DaySession, IssuedDie, JurisdictionId, judgeGamingDay } from '../../../rules/src';
import { loadSessionInfo, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { DayComplianceEntity, TableDiceEntity } from './day-compliance.entity';

export const DAY_COMPLIANCE = 'day_compliance';
export const TABLE_DICE = 'table_dice';

/** Rows as stored: the entities' columns by name. */
export type DayComplianceRow = DayComplianceEntity;
export type TableDiceRow = TableDiceEntity;

export const DAY_COMPLIANCE_FACTS = new Set([
  'TableSessionOpened',
  'TableSessionClosed',
  'TableSupervisorChanged',
  'DiceIssued',
  'DiceTernaChanged',
  'DiceThrowerChanged',
]);

const inventoryTotal = (chips: Record<string, number> | undefined) => Object.entries(chips ?? {}).reduce((t, [d, n]) => t + Number(d) * Number(n), 0);

/** The day's findings and notes, judged again from the sessions (each jurisdiction's tables by its own text). */
export function judgeDayRow(row: DayComplianceRow): DayComplianceRow {
  const byJurisdiction = new Map<string, DaySession[]>();
  for (const s of row.sessions) byJurisdiction.set(s.jurisdiction, [...(byJurisdiction.get(s.jurisdiction) ?? []), s]);
  const parts = [...byJurisdiction].sort(([a], [b]) => a.localeCompare(b)).map(([j, sessions]) => [j, judgeGamingDay(j as JurisdictionId, sessions)] as const);
  return {
    ...row,
    jurisdictions: parts.map(([j]) => j),
    findings: parts.flatMap(([, p]) => p.findings),
    notes: parts.flatMap(([, p]) => p.notes),
    not_judged: Object.fromEntries(parts.map(([j, p]) => [j, { ...(p.notJudged ?? {}) }])),
    not_judged_phrases: Object.fromEntries(parts.map(([j, p]) => [j, { ...(p.notJudgedPhrases ?? {}) }])),
  };
}

/** A fact as the day's fold needs it (a stored event, or a simulated one). */
export interface DayFact {
  readonly eventId: string;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly occurredAt: string | null;
  readonly globalPosition?: number | bigint | string;
}

/**
 * Fold one fact of a session into its day's row and its table's dice (pure: the projection and the
 * simulator's tests fold alike). Returns the keys it changed.
 */
export function foldDayFact(
  days: Map<string, DayComplianceRow>,
  dice: Map<string, TableDiceRow>,
  e: DayFact,
  sessionId: string,
  opening: { casinoId: string; gamingDay: string },
): { day?: string; dice?: string } {
  const key = `${opening.casinoId}|${opening.gamingDay}`;
  const day = days.get(key) ?? {
    casino_id: opening.casinoId,
    gaming_day: opening.gamingDay,
    jurisdictions: [],
    sessions: [],
    findings: [],
    notes: [],
    not_judged: {},
    not_judged_phrases: {},
    last_position: 0,
  };
  const c = asContractEvent(e);
  const index = day.sessions.findIndex((s) => s.sessionId === sessionId);
  let diceKey: string | undefined;
  if (c?.type === 'TableSessionOpened') {
    const d = c.data;
    if (index >= 0) return {}; // a session opens once (ingestion refuses a second opening)
    day.sessions = [
      ...day.sessions,
      {
        sessionId,
        tableId: d.tableId,
        game: d.game,
        jurisdiction: d.jurisdiction,
        openEventId: e.eventId,
        openedAt: e.occurredAt,
        closedAt: null,
        openingFloat: inventoryTotal(d.openingFloat),
        ...(typeof d.clothNumber === 'string' ? { clothNumber: d.clothNumber } : {}),
        ...(typeof d.individualRecording === 'boolean' ? { individualRecording: d.individualRecording } : {}),
        ...(typeof d.options?.tableFormat === 'string' ? { tableFormat: d.options.tableFormat } : {}),
        supervisors: typeof d.staff?.inspector === 'string' ? [{ eventId: e.eventId, at: e.occurredAt, inspector: d.staff.inspector }] : [],
        diceIssued: [],
        ternaChanges: [],
        throwerChanges: [],
      },
    ];
  } else {
    if (index < 0) return {};
    const s = { ...day.sessions[index] } as { -readonly [K in keyof DaySession]: DaySession[K] };
    switch (c?.type) {
      case 'TableSessionClosed':
        s.closedAt = e.occurredAt;
        s.closeEventId = e.eventId;
        break;
      case 'TableSupervisorChanged':
        s.supervisors = [...s.supervisors, { eventId: e.eventId, at: e.occurredAt, inspector: c.data.inspector }];
        if (typeof c.data.individualRecording === 'boolean') s.individualRecording = c.data.individualRecording;
        break;
      case 'DiceIssued': {
        const issued: IssuedDie[] = c.data.dice.map((die) => ({
          ...(typeof die.serial === 'string' ? { serial: die.serial } : {}),
          ...(typeof die.initials === 'string' ? { initials: die.initials } : {}),
        }));
        const serials = issued.map((die) => die.serial).filter((x): x is string => !!x);
        diceKey = `${opening.casinoId}|${s.tableId}`;
        const last = dice.get(diceKey);
        // the table's previous session's dice; a second issue in the same session is judged against the same
        const previous = last ? (last.session_id === sessionId ? last.previous : { sessionId: last.session_id, serials: last.serials }) : null;
        s.diceIssued = [...s.diceIssued, { eventId: e.eventId, at: e.occurredAt, dice: issued, ...(previous ? { previous } : {}) }];
        dice.set(diceKey, {
          casino_id: opening.casinoId,
          table_id: s.tableId,
          session_id: sessionId,
          serials: last?.session_id === sessionId ? [...new Set([...last.serials, ...serials])] : serials,
          previous,
        });
        break;
      }
      case 'DiceTernaChanged':
        s.ternaChanges = [...s.ternaChanges, { eventId: e.eventId, at: e.occurredAt }];
        break;
      case 'DiceThrowerChanged':
        s.throwerChanges = [...s.throwerChanges, { eventId: e.eventId, at: e.occurredAt, ...(c.data.forceMajeure === true ? { forceMajeure: true } : {}) }];
        break;
      default:
        return {};
    }
    day.sessions = day.sessions.map((x, i) => (i === index ? s : x));
  }
  day.last_position = Number(e.globalPosition ?? day.last_position);
  days.set(key, day);
  return { day: key, dice: diceKey };
}

export class DayComplianceProjection implements EventProjection {
  readonly name = 'day-compliance';
  readonly tables = [DAY_COMPLIANCE, TABLE_DICE];
  readonly handles = DAY_COMPLIANCE_FACTS;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const dayTable = tables[DAY_COMPLIANCE];
    const diceTable = tables[TABLE_DICE];
    // each fact's casino and gaming day: its session's opening (in the batch, or stored)
    const openings = new Map<string, { casinoId: string; gamingDay: string; tableId: string }>();
    for (const d of events.flatMap((e) => dataOf(e, 'TableSessionOpened') ?? []))
      openings.set(d.sessionId, { casinoId: d.casinoId, gamingDay: d.gamingDay, tableId: d.tableId });
    const missing = events.map(sessionOf).filter((s): s is string => !!s && !openings.has(s));
    for (const [id, info] of await loadSessionInfo(db, missing)) openings.set(id, info);

    const dayKey = (casinoId: string, gamingDay: string) => `${casinoId}|${gamingDay}`; // as foldDayFact keys them
    const keys = [...new Set([...openings.values()].map((o) => dayKey(o.casinoId, o.gamingDay)))];
    const days = new Map<string, DayComplianceRow>();
    if (keys.length) {
      const r = await db.query(`SELECT * FROM ${dayTable} WHERE casino_id || '|' || gaming_day = ANY ($1::text[])`, [keys]);
      for (const row of r.rows) days.set(dayKey(row.casino_id, row.gaming_day), { ...row, last_position: Number(row.last_position) });
    }
    const diceTables = [
      ...new Set(
        events
          .flatMap((e) => dataOf(e, 'DiceIssued') ?? [])
          .map((d) => openings.get(d.sessionId))
          .filter((o) => !!o)
          .map((o) => `${o!.casinoId}|${o!.tableId}`),
      ),
    ];
    const dice = new Map<string, TableDiceRow>();
    if (diceTables.length) {
      const r = await db.query(`SELECT * FROM ${diceTable} WHERE casino_id || '|' || table_id = ANY ($1::text[])`, [diceTables]);
      for (const row of r.rows) dice.set(`${row.casino_id}|${row.table_id}`, row);
    }
    const changedDays = new Set<string>();
    const changedDice = new Set<string>();

    for (const e of events) {
      const sessionId = sessionOf(e);
      const opening = sessionId ? openings.get(sessionId) : undefined;
      if (!sessionId || !opening) continue;
      const changed = foldDayFact(days, dice, e, sessionId, opening);
      if (changed.day) changedDays.add(changed.day);
      if (changed.dice) changedDice.add(changed.dice);
    }
    await upsertRows(
      db,
      DayComplianceEntity,
      dayTable,
      [...changedDays].map((k) => judgeDayRow(days.get(k)!)),
    );
    await upsertRows(
      db,
      TableDiceEntity,
      diceTable,
      [...changedDice].map((k) => dice.get(k)!),
    );
  }
}
