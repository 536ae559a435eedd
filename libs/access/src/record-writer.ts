/**
 * The access log's rows, written in groups (issue 23 §1): every request waits for its own row's commit, as before,
 * but the rows of requests answered while a write is in flight go together in the next one, one INSERT and one
 * commit for all of them.
 *
 * Why: each request to the API committed twice, its events and its access-log row. At 10,000 events/s asked
 * (200 requests of 50 events a second) PostgreSQL's backends spent 0.42 of a backend waiting for the WAL's write
 * lock on the access-log inserts alone, beside 0.56 on the appends, and ingestion held at 5,889 events/s
 * (bench/results.md, the load sweep of 2026-11-30 afternoon). Writing the rows that are waiting as one statement
 * takes a flush for the group instead of one for each row.
 *
 * Nothing is held back: a row is written as soon as no write is in flight, so a lone request waits for its own
 * insert as it always did, and none waits for a timer. A group that fails is written again row by row, so that one
 * row PostgreSQL refuses fails only its own request's record (which the recorder then logs in full), not its
 * neighbours'.
 */
import type { Pool } from 'pg';

/** The columns of `ca_access_log` a record writes, in the order of a row's values. */
export const RECORD_COLUMNS = [
  'credential_id',
  'subject',
  'roles',
  'kind',
  'method',
  'route',
  'path',
  'params',
  'query',
  'format',
  'outcome',
  'reason',
  'status',
  'address',
  'request_id',
] as const;

export type RecordRow = readonly unknown[];

/** At most this many rows in one INSERT (15 parameters each: 7,500, far below PostgreSQL's 65,535). */
const MAX_GROUP = 500;

interface Waiting {
  readonly row: RecordRow;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export class RecordWriter {
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly pool: Pool) {}

  /** Write one row; resolves once it is committed (with the rows that went in the same group). */
  write(row: RecordRow): Promise<void> {
    if (row.length !== RECORD_COLUMNS.length) throw new Error(`an access-log row has ${RECORD_COLUMNS.length} values, not ${row.length}`);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      this.next();
    });
  }

  /** Start the next group when none is in flight. */
  private next(): void {
    if (this.writing || !this.waiting.length) return;
    this.writing = true;
    const group = this.waiting.splice(0, MAX_GROUP);
    void this.writeGroup(group).finally(() => {
      this.writing = false;
      this.next();
    });
  }

  private async writeGroup(group: readonly Waiting[]): Promise<void> {
    try {
      await this.insert(group.map((w) => w.row));
      for (const w of group) w.resolve();
      return;
    } catch (error) {
      if (group.length === 1) {
        group[0].reject(error);
        return;
      }
    }
    // the group failed: each row on its own, so that only a row that cannot be written fails its request's record
    for (const w of group) await this.insert([w.row]).then(w.resolve, w.reject);
  }

  private insert(rows: readonly RecordRow[]): Promise<unknown> {
    const width = RECORD_COLUMNS.length;
    const values = rows.map((_, r) => `(${RECORD_COLUMNS.map((__, c) => `$${r * width + c + 1}`).join(', ')})`).join(', ');
    return this.pool.query(`INSERT INTO ca_access_log (${RECORD_COLUMNS.join(', ')}) VALUES ${values}`, rows.flat());
  }
}
