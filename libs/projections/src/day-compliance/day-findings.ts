/**
 * The gaming day's findings as the reports read them: the day's compliance rows, and the findings among
 * them that belong to one session's own verdict, added to its table book.
 */
import type { Pool, PoolClient } from 'pg';
import { Discrepancy, isSessionScoped } from '../../../rules/src';
import type { DayComplianceEntity } from './day-compliance.entity';
import { DAY_COMPLIANCE } from './day-compliance.projection';

/** What the reports read of a day's compliance row (`loadDayCompliance`). */
export type DayComplianceRead = Pick<DayComplianceEntity, 'findings' | 'notes' | 'not_judged' | 'not_judged_phrases'>;

/** What a report says of a session's own verdict. */
interface SessionVerdict {
  readonly sessionId: string;
  readonly sessionFindings: Discrepancy[];
  readonly sessionVerdict: 'consistent' | 'findings';
}

/**
 * The table books with the day's findings that belong to their sessions (dice, a reversed cloth's
 * float and number) added to their own verdicts: the day's read model judges them, since a table's
 * previous session and its other games are not in its own stream. Any report with a session's verdict
 * (the table book's) is taken as it is: the table book imports this file, not the other way round.
 */
export function withDayFindings<Book extends SessionVerdict>(books: Book[], days: readonly DayComplianceRead[]): Book[] {
  const bySession = new Map<string, Discrepancy[]>();
  for (const f of days.flatMap((d) => d.findings)) {
    if (!isSessionScoped(f)) continue;
    const { sessionId, tableId: _table, ...finding } = f;
    bySession.set(sessionId!, [...(bySession.get(sessionId!) ?? []), finding as Discrepancy]);
  }
  return books.map((b) => {
    const extra = bySession.get(b.sessionId);
    if (!extra) return b;
    const sessionFindings = [...b.sessionFindings, ...extra];
    return { ...b, sessionFindings, sessionVerdict: 'findings' as const };
  });
}

/** The day's compliance rows of one casino (or every casino) on a gaming day. */
export async function loadDayCompliance(c: PoolClient | Pool, q: { gamingDay: string; casinoId?: string | null }): Promise<DayComplianceRead[]> {
  return (
    await c.query(
      `SELECT findings, notes, not_judged, not_judged_phrases FROM ${DAY_COMPLIANCE} WHERE gaming_day = $1 AND ($2::text IS NULL OR casino_id = $2) ORDER BY casino_id`,
      [q.gamingDay, q.casinoId ?? null],
    )
  ).rows;
}
