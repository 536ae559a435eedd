/**
 * Reconciliation: per table session, drop / tips / cagnotte recorded (the sum of the table's
 * CashExchanged, TipDeposited, CagnotteDeducted) against counted (the count room's DropBoxCounted,
 * TipsBoxCounted, CagnotteBoxCounted; null until counted); variance = counted − recorded. Corrections
 * add to the corrected figures, shown beside the uncorrected ones. Aggregates per table, casino and
 * gaming day are made by the report query (report-queries.ts).
 */
import type { PoolClient } from 'pg';
import type { ProjectedEvent } from '../../../event-store/src';
import { asContractEvent, type CoreEventType } from '../../../ledger/src';
import { correctionEffect, CorrectionEntry, recordCorrection } from '../corrections';
import { loadEventsById, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { CountRecord, ReconciliationEntity } from './reconciliation.entity';

/** A row as stored: the entity's columns by name. */
export type ReconciliationRow = ReconciliationEntity;

const COUNTED = { DropBoxCounted: 'drop', TipsBoxCounted: 'tips', CagnotteBoxCounted: 'cagnotte' } as const satisfies Partial<Record<CoreEventType, string>>;

const HANDLES = new Set([
  'TableSessionOpened',
  'TableSessionClosed',
  'CashExchanged',
  'TipDeposited',
  'CagnotteDeducted',
  'DropBoxCounted',
  'TipsBoxCounted',
  'CagnotteBoxCounted',
  'CorrectionRecorded',
]);

/**
 * Fold one event into a session's reconciliation (pure). Several count events for one box (a box
 * changed during the session, counted apart) add up; a recount is a correction of the count
 * (`field: "dropCounted"`), not a second count.
 */
export function evolveReconciliation(row: ReconciliationRow | undefined, e: ProjectedEvent, correction?: CorrectionEntry): ReconciliationRow | undefined {
  const c = asContractEvent(e);
  if (c?.type === 'TableSessionOpened') {
    const d = c.data;
    return {
      session_id: d.sessionId,
      casino_id: d.casinoId,
      table_id: d.tableId,
      gaming_day: d.gamingDay,
      game: d.game,
      jurisdiction: d.jurisdiction,
      currency: d.currency ?? 'EUR',
      status: 'open',
      drop_recorded: 0,
      tips_recorded: 0,
      cagnotte_recorded: 0,
      drop_counted: null,
      tips_counted: null,
      cagnotte_counted: null,
      counts: {},
      adjustments: {},
      corrections: [],
      last_position: Number(e.globalPosition),
    };
  }
  if (!row) return row;
  const r: ReconciliationRow = { ...row, last_position: Number(e.globalPosition) };
  switch (c?.type) {
    case 'TableSessionClosed':
      r.status = 'closed';
      break;
    case 'CashExchanged':
      r.drop_recorded = Number(r.drop_recorded) + Number(c.data.amount);
      break;
    case 'TipDeposited':
      r.tips_recorded = Number(r.tips_recorded) + Number(c.data.amount);
      break;
    case 'CagnotteDeducted':
      r.cagnotte_recorded = Number(r.cagnotte_recorded) + Number(c.data.amount);
      break;
    case 'DropBoxCounted':
    case 'TipsBoxCounted':
    case 'CagnotteBoxCounted': {
      const box = COUNTED[c.type];
      const key = `${box}_counted` as const;
      r[key] = (r[key] === null || r[key] === undefined ? 0 : Number(r[key])) + Number(c.data.amount);
      const record: CountRecord = {
        eventId: e.eventId,
        amount: Number(c.data.amount),
        countedBy: (c.data.countedBy ?? []).map(String),
        occurredAt: e.occurredAt,
      };
      r.counts = { ...r.counts, [box]: [...(r.counts?.[box] ?? []), record] };
      break;
    }
    case 'CorrectionRecorded':
      recordCorrection(r, e, correction);
      break;
  }
  return r;
}

export const RECONCILIATIONS = 'reconciliations';

export class ReconciliationProjection implements EventProjection {
  readonly name = 'reconciliation';
  readonly tables = [RECONCILIATIONS];
  readonly handles = HANDLES;

  async apply(db: PoolClient, events: readonly ProjectedEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables[RECONCILIATIONS];
    const sessionIds = [...new Set(events.map(sessionOf).filter((s): s is string => !!s))];
    if (!sessionIds.length) return;
    const corrections = events.filter((e) => e.type === 'CorrectionRecorded');
    const corrected = corrections.length
      ? await loadEventsById(
          db,
          corrections.map((e) => String(e.data.correctsEventId)),
        )
      : new Map<string, ProjectedEvent>();
    const rows = new Map<string, ReconciliationRow>();
    for (const row of (await db.query(`SELECT * FROM ${table} WHERE session_id = ANY ($1::text[])`, [sessionIds])).rows) rows.set(row.session_id, row);
    const changed = new Set<string>();
    for (const e of events) {
      const sessionId = sessionOf(e);
      if (!sessionId) continue;
      const effect = e.type === 'CorrectionRecorded' ? correctionEffect(e, corrected.get(String(e.data.correctsEventId).toLowerCase())) : undefined;
      const next = evolveReconciliation(rows.get(sessionId), e, effect);
      if (next && next !== rows.get(sessionId)) {
        rows.set(sessionId, next);
        changed.add(sessionId);
      }
    }
    await upsertRows(
      db,
      ReconciliationEntity,
      table,
      [...changed].map((id) => rows.get(id)!),
    );
  }
}
