/**
 * The month's turn (docs/scaling.md §2, "The month's turn"): at the close of a month, in one transaction,
 * 1. lock the events against appends (SHARE ROW EXCLUSIVE: it waits for every append in flight, each of
 *    which holds ROW EXCLUSIVE until it commits, and holds new ones back; reads go on);
 * 2. move the position sequence to the next month's first position (`firstPositionOfMonth`);
 * 3. write the month's closing seal, on this transaction's connection (`sealWith`): it is the first event of
 *    the next month's range and commits to every stream's head as the month left it.
 * From then on a position names its month, the month can be exported and checked against the closing
 * seal's receipt (`month-export.ts`, `verify-archive`), and, on a partitioned store, detached.
 *
 * `setval` is not transactional: a turn that fails after moving the sequence puts it back (from a savepoint taken
 * under the lock) before it lets the lock go, so no append can have taken a position in between.
 */
import type { Pool } from 'pg';
import { because } from '../../../i18n/src/reasons';
import { firstPositionOfMonth, monthOfPosition } from '../archive';
import { WrongExpectedVersionError } from '../errors';
import { SealRefusedError, sealWith, type SealResult } from '../seal';
import { PostgresEventStore } from './postgres-event-store';

/** The month after `month` (YYYY-MM). */
export function monthAfter(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** The last calendar day of `month`: the closing seal's gaming day. */
export function lastDayOf(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(year, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

export interface MonthTurn {
  /** the month closed */
  readonly month: string;
  /** the month its closing seal opens */
  readonly next: string;
  /** where the next month's positions start: the closing seal's own */
  readonly firstPosition: bigint;
  readonly closingSeal: SealResult;
}

/**
 * Close `month` (YYYY-MM): lock, move the sequence, seal. Refused (SealRefusedError, `errors:turn.*`) when the
 * store's positions are already in a later month's range (a turn made twice, or too late), or in an earlier
 * month's than the one closed (a turn missed: that month would hold two); the store's history before its first
 * turn (below the first month's range) may be closed into any month.
 */
export async function turnMonth(pool: Pool, month: string, options: { now?: Date } = {}): Promise<MonthTurn> {
  firstPositionOfMonth(month); // refuses what is not a month
  const next = monthAfter(month);
  const firstPosition = firstPositionOfMonth(next);
  const client = await pool.connect();
  let movedFrom: { last: string; called: boolean; sequence: string } | null = null;
  try {
    await client.query('BEGIN');
    await client.query('LOCK TABLE ca_event_rows IN SHARE ROW EXCLUSIVE MODE');
    const sequence = (await client.query(`SELECT pg_get_serial_sequence('ca_event_rows', 'global_position') AS name`)).rows[0].name as string;
    const { last_value: last, is_called: called } = (await client.query(`SELECT last_value::text, is_called FROM ${sequence}`)).rows[0];
    const latest = called ? BigInt(last) : BigInt(last) - 1n; // the last position handed out (0: none yet)
    const inMonth = monthOfPosition(latest);
    if (latest >= firstPosition || (inMonth !== null && inMonth > month)) {
      throw new SealRefusedError(because('turn.past', { month, position: latest.toString(), at: inMonth ?? 'none' }));
    }
    if (inMonth !== null && inMonth < month) {
      throw new SealRefusedError(because('turn.missed', { month, at: inMonth, next: monthAfter(inMonth) }));
    }
    // a failure after this point goes back here, where the lock is still held, to put the sequence back
    await client.query('SAVEPOINT before_turn');
    movedFrom = { last, called, sequence };
    await client.query(`SELECT setval($1, $2, false)`, [sequence, firstPosition.toString()]);
    const { seal } = await sealWith(client, new PostgresEventStore(pool), { gamingDay: lastDayOf(month), reason: 'month-close', now: options.now });
    await client.query('COMMIT');
    return { month, next, firstPosition, closingSeal: seal };
  } catch (error) {
    // the sequence back while the lock still holds every append (a failed statement aborts the transaction: back to the savepoint first)
    if (movedFrom) {
      const { sequence, last, called } = movedFrom;
      await client.query('ROLLBACK TO SAVEPOINT before_turn').catch(() => undefined);
      await client.query(`SELECT setval($1, $2, $3)`, [sequence, last, called]).catch(() => undefined);
    }
    await client.query('ROLLBACK').catch(() => undefined);
    if (error instanceof WrongExpectedVersionError) throw new SealRefusedError(because('seal.concurrent'));
    throw error;
  } finally {
    client.release();
  }
}
