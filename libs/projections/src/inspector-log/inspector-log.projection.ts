/**
 * The inspector's log: one row per fact an inspector signs off beside the day's figures — limit
 * changes (from → to), suspensions and resumptions, voided rounds, disputes raised and resolved, and
 * corrections (with their effect and the four-eyes check). The figures themselves come from the table
 * book, reconciliation, round verdicts and jackpot read models (report-queries.ts).
 */
import type { PoolClient } from 'pg';
import type { StoredEvent } from '../../../event-store/src';
import { dataOf } from '../../../rules/src';
import { correctionEffect } from '../corrections';
import { loadEventsById, loadPoolCasinos, loadSessionInfo, SessionInfo, sessionOf } from '../facts';
import type { EventProjection } from '../projection';
import { upsertRows } from '../upsert';
import { InspectorLogEntity } from './inspector-log.entity';

/** A row as stored: the entity's columns by name. */
export type InspectorLogRow = InspectorLogEntity;

const KIND: Record<string, string> = {
  TableLimitsChanged: 'limits-changed',
  TableSessionSuspended: 'suspended',
  TableSessionResumed: 'resumed',
  RoundVoided: 'round-voided',
  RoundDisputed: 'dispute-raised',
  DisputeResolved: 'dispute-resolved',
  CorrectionRecorded: 'correction',
};

export const INSPECTOR_LOG = 'inspector_log';

export class InspectorLogProjection implements EventProjection {
  readonly name = 'inspector-log';
  readonly tables = [INSPECTOR_LOG];
  readonly handles = new Set(Object.keys(KIND));

  async apply(db: PoolClient, events: readonly StoredEvent[], tables: Readonly<Record<string, string>>): Promise<void> {
    const table = tables[INSPECTOR_LOG];
    const corrections = events.filter((e) => e.type === 'CorrectionRecorded');
    const corrected = corrections.length
      ? await loadEventsById(
          db,
          corrections.map((e) => String(e.data.correctsEventId)),
        )
      : new Map<string, StoredEvent>();
    const sessions = await loadSessionInfo(
      db,
      events.map(sessionOf).filter((s): s is string => !!s),
    );
    const poolCasinos = await loadPoolCasinos(
      db,
      corrections.filter((e) => e.streamId.startsWith('jackpot-')).map((e) => e.streamId.slice('jackpot-'.length)),
    );
    // the limits in force before each change: the last change already logged, else the opening's
    const limitSessions = [...new Set(events.filter((e) => e.type === 'TableLimitsChanged').map((e) => String(e.data.sessionId)))];
    const limits = new Map<string, Record<string, number>>();
    if (limitSessions.length) {
      const r = await db.query(
        `SELECT DISTINCT ON (session_id) session_id, details FROM ${table} WHERE kind = 'limits-changed' AND session_id = ANY ($1::text[]) ORDER BY session_id, global_position DESC`,
        [limitSessions],
      );
      for (const row of r.rows) limits.set(row.session_id, row.details.to);
    }
    const rows: InspectorLogRow[] = [];
    for (const e of events) {
      const sessionId = sessionOf(e) ?? null;
      const info: SessionInfo | undefined = sessionId ? sessions.get(sessionId) : undefined;
      const d = e.data;
      let details: Record<string, unknown>;
      let roundId: string | null = typeof d.roundId === 'string' ? d.roundId : null;
      let casinoId = info?.casinoId ?? null;
      let gamingDay = info?.gamingDay ?? null;
      switch (e.type) {
        case 'TableLimitsChanged': {
          const changed = dataOf(e, 'TableLimitsChanged')!;
          const from = limits.get(String(changed.sessionId)) ?? info?.limits ?? null;
          details = { from, to: changed.limits, announcedRounds: changed.announcedRounds ?? null };
          limits.set(String(changed.sessionId), changed.limits);
          break;
        }
        case 'TableSessionSuspended':
        case 'TableSessionResumed':
          details = { reason: d.reason ?? null };
          break;
        case 'RoundVoided':
          details = { reason: d.reason, decidedBy: d.decidedBy };
          break;
        case 'RoundDisputed':
          details = { raisedBy: d.raisedBy, claim: d.claim };
          break;
        case 'DisputeResolved':
          details = { resolvedBy: d.resolvedBy, resolution: d.resolution, adjustment: d.adjustment ?? null };
          break;
        case 'CorrectionRecorded': {
          const c = correctionEffect(e, corrected.get(String(d.correctsEventId).toLowerCase()));
          roundId = c.roundId;
          if (c.poolId && !casinoId) {
            // a correction of a pool fact: the pool's casino; the day it was recorded (pools have no gaming day)
            casinoId = poolCasinos.get(c.poolId) ?? null;
            gamingDay = e.occurredAt ? e.occurredAt.slice(0, 10) : null;
          }
          details = { ...c };
          break;
        }
        default:
          continue;
      }
      rows.push({
        event_id: e.eventId,
        global_position: Number(e.globalPosition),
        casino_id: casinoId,
        gaming_day: gamingDay,
        session_id: sessionId,
        table_id: info?.tableId ?? null,
        round_id: roundId,
        kind: KIND[e.type],
        occurred_at: e.occurredAt,
        recorded_by: typeof e.metadata?.recordedBy === 'string' ? e.metadata.recordedBy : null,
        details,
      });
    }
    await upsertRows(db, InspectorLogEntity, table, rows);
  }
}
