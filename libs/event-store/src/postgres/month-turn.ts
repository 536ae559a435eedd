/**
 * The month's turn (docs/scaling.md §2, "The month's turn"): at the close of a month, in one transaction,
 * 1. lock the events against appends (SHARE ROW EXCLUSIVE: it waits for every append in flight, each of
 *    which holds ROW EXCLUSIVE until it commits, and holds new ones back; reads go on);
 * 2. move the position sequence to the next month's first position (`firstPositionOfMonth`);
 * 3. write the month's closing seal, on this transaction's connection (`sealWith`): it is the first event of
 *    the next month's range and commits to every stream's head as the month left it.
 * Between 1 and 2 the next month's partition is made and attached (store migration 13, `openPartitionOf`).
 * From then on a position names its month, the month can be exported and checked against the closing
 * seal's receipt (`month-export.ts`, `verify-archive`), and, on a partitioned store, detached.
 *
 * `setval` is not transactional: a turn that fails after moving the sequence puts it back (from a savepoint taken
 * under the lock) before it lets the lock go, so no append can have taken a position in between.
 */
import type { Pool, PoolClient } from 'pg';
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

/** Whether the events are partitioned by month (store migration 13), or still one table. */
export async function eventsArePartitioned(db: Pick<PoolClient, 'query'>): Promise<boolean> {
  return (await db.query(`SELECT relkind = 'p' AS p FROM pg_class WHERE oid = 'ca_event_rows'::regclass`)).rows[0].p as boolean;
}

/** The partition that holds `month`'s positions (store migration 13): `ca_event_rows_2027_01`. */
export const partitionOf = (month: string) => `ca_event_rows_${month.replace('-', '_')}`;

/**
 * Make `month`'s partition, inside the turn's transaction (which holds the rows against appends), unless it is made
 * already: a plain table attached (ATTACH locks the parent against schema changes only, where CREATE TABLE …
 * PARTITION OF would lock out readers too), with its own unique keys, `<partition>_stream_version` and
 * `<partition>_event_id`, and TRUNCATE trigger (neither comes from the parent: PostgreSQL wants the partition key
 * in a partitioned table's unique keys, and clones only row triggers). The closing month's keys keep their names:
 * renaming them would lock its partition against every reader, and deadlock with an append that has read it and
 * waits for the turn (seen). The append's refusals are matched by the names' ends (`isStoreKey`); the closed months'
 * keys are checked by the append itself (schema.ts, CLOSED_MONTHS_CHECK).
 */
export async function openPartitionOf(client: PoolClient, month: string): Promise<void> {
  const table = partitionOf(month);
  const from = firstPositionOfMonth(month);
  const to = firstPositionOfMonth(monthAfter(month));
  // a store before migration 13 (one table) turns all the same
  if (!(await eventsArePartitioned(client))) return;
  const made = (await client.query(`SELECT to_regclass($1) IS NOT NULL AS made`, [table])).rows[0].made as boolean;
  if (!made) {
    await client.query(`
      CREATE TABLE ${table} (LIKE ca_event_rows INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION);
      ALTER TABLE ${table} ADD CONSTRAINT ${table}_stream_version UNIQUE (stream_number, stream_version),
                           ADD CONSTRAINT ${table}_event_id UNIQUE (event_id);
      CREATE TRIGGER ca_events_no_truncate BEFORE TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();
      CREATE STATISTICS ${table}_round_stats ON (data->>'roundId') FROM ${table};
      REVOKE ALL ON ${table} FROM PUBLIC;
      ALTER TABLE ca_event_rows ATTACH PARTITION ${table} FOR VALUES FROM (${from}) TO (${to});`);
  }
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
    await openPartitionOf(client, next);
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
