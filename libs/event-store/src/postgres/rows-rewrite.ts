/**
 * Rewriting the events' rows (`ca_event_rows`) without one long transaction (issue 23 §2: "the migration can be
 * stopped and resumed"). Store migration 12 changes the type of `data`; done by `ALTER TABLE … TYPE` it rewrote every
 * row in one transaction under an exclusive lock (8.7–13.2 s a million events on the machines here, about 50 minutes for a casino's year), and
 * a stop threw all of it away. Here the rows are copied to a staging table, `ca_event_rows_next`, in committed steps:
 *
 * 1. `prepareRowsRewrite` (the migration's `prepare`, run by the migration runner under the store's advisory lock and
 *    before the migration's transaction): chunks of rows in feed order, only below the feed horizon (committed, and no
 *    earlier row can still come), then each index of `ca_event_rows` built on the copy, one statement each. Appends go
 *    on meanwhile (a process of the version before keeps writing). A stop between steps keeps what they did: the next
 *    start continues after the last row copied and builds only the indexes not yet built.
 * 2. `rowsRewriteSwap` (in the migration's transaction, after its `prepare`): the rows locked, the rows appended
 *    since copied, the counts and position sums compared, the old table dropped and the copy renamed in its place with the same indexes,
 *    constraints (their names are what the append's error handling reads), triggers, statistics, identity and grants.
 *    A stop here rolls back to the prepared state. Without a `prepare` (a caller applying the SQL alone) the swap copies
 *    and indexes everything itself, in its one transaction, as before.
 *
 * The copy keeps every column as it is (position, transaction, time, numbers, hashes); only `data` is cast to the new
 * type. The dependent views (`ca_events`, `ca_streams`) are dropped and made again by the migration around the swap.
 */
import type { PoolClient } from 'pg';

/** Rows a prepared step copies (one transaction each): under a second of work here (bench/results.md). */
export const REWRITE_CHUNK_ROWS = 100_000;

const COLUMNS =
  'global_position, transaction_id, recorded_at, stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash';

/**
 * The staging table's two steps as functions, so that the prepared steps and the swap run the same SQL:
 * - `ca_rows_next_copy(limit)`: copies up to `limit` rows after the last one copied, in feed order, below the feed
 *   horizon; `NULL`: every row left (the swap, under its lock). Creates the staging table first if needed, with
 *   `dataType` as the type of `data` and the feed index its keyset needs.
 * - `ca_rows_next_index(most)`: builds up to `most` (`NULL`: all) of the indexes of `ca_event_rows` the copy lacks, each
 *   as its definition says, named with `_next`.
 */
export const rowsRewriteFunctions = (dataType: 'json') => `
CREATE OR REPLACE FUNCTION ca_rows_next_copy(p_limit integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  last_t xid8;
  last_p bigint;
  copied bigint;
BEGIN
  IF to_regclass('ca_event_rows_next') IS NULL THEN
    CREATE TABLE ca_event_rows_next (LIKE ca_event_rows INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS);
    ALTER TABLE ca_event_rows_next ALTER COLUMN data TYPE ${dataType} USING data::${dataType};
    CREATE INDEX ca_events_feed_next ON ca_event_rows_next (transaction_id, global_position);
  END IF;
  SELECT n.transaction_id, n.global_position INTO last_t, last_p FROM ca_event_rows_next n
   ORDER BY n.transaction_id DESC, n.global_position DESC LIMIT 1;
  -- planned for these values each call (EXECUTE): a range scan of ca_events_feed, whatever the table's statistics
  EXECUTE format('INSERT INTO ca_event_rows_next (${COLUMNS}) OVERRIDING SYSTEM VALUE
                  SELECT r.global_position, r.transaction_id, r.recorded_at, r.stream_number, r.stream_version, r.metadata_id, r.event_id,
                         r.data::${dataType}, r.event_type, r.occurred_at, r.content_hash, r.hash
                    FROM ca_event_rows r WHERE (r.transaction_id, r.global_position) > ($1, $2) %s
                   ORDER BY r.transaction_id, r.global_position %s',
                 CASE WHEN p_limit IS NULL THEN '' ELSE 'AND r.transaction_id < ca_feed_horizon()' END,
                 CASE WHEN p_limit IS NULL THEN '' ELSE 'LIMIT ' || p_limit END)
    USING coalesce(last_t, '0'::xid8), coalesce(last_p, 0);
  GET DIAGNOSTICS copied = ROW_COUNT;
  RETURN copied;
END $$;

CREATE OR REPLACE FUNCTION ca_rows_next_index(p_most integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  i record;
  made integer := 0;
BEGIN
  FOR i IN SELECT c.relname::text AS name, pg_get_indexdef(x.indexrelid) AS def
             FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
            WHERE x.indrelid = 'ca_event_rows'::regclass
              AND NOT EXISTS (SELECT 1 FROM pg_index y JOIN pg_class d ON d.oid = y.indexrelid
                               WHERE y.indrelid = 'ca_event_rows_next'::regclass AND d.relname = c.relname || '_next')
            ORDER BY c.relname LOOP
    EXIT WHEN p_most IS NOT NULL AND made >= p_most;
    -- "CREATE [UNIQUE] INDEX name ON schema.ca_event_rows USING …": the same index, on the copy
    EXECUTE regexp_replace(i.def, '^CREATE (UNIQUE )?INDEX \\S+ ON \\S+ ', format('CREATE \\1INDEX %I ON ca_event_rows_next ', i.name || '_next'));
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;
`;

/**
 * The swap, inside the migration's transaction, with the views on `ca_event_rows` already dropped (the migration
 * makes them again after). Waits for the readers of the rows, then holds them until the commit.
 */
export const rowsRewriteSwap = (dataType: 'json') => `
LOCK TABLE ca_event_rows IN ACCESS EXCLUSIVE MODE;
${rowsRewriteFunctions(dataType)}
SELECT ca_rows_next_copy(NULL);
SELECT ca_rows_next_index(NULL);

-- What goes with the old table and is made again on the copy: constraints over its indexes, triggers, statistics, grants.
CREATE TEMPORARY TABLE ca_rows_carried ON COMMIT DROP AS
  SELECT 'constraint' AS what, c.relname::text AS name, k.contype::text AS detail FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
    JOIN pg_constraint k ON k.conindid = x.indexrelid AND k.conrelid = x.indrelid WHERE x.indrelid = 'ca_event_rows'::regclass
  UNION ALL
  SELECT 'index', c.relname::text, NULL FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid WHERE x.indrelid = 'ca_event_rows'::regclass
     AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid)
  UNION ALL
  SELECT 'ddl', t.tgname::text, pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE t.tgrelid = 'ca_event_rows'::regclass AND NOT t.tgisinternal
  UNION ALL
  SELECT 'ddl', s.stxname::text, pg_get_statisticsobjdef(s.oid) FROM pg_statistic_ext s WHERE s.stxrelid = 'ca_event_rows'::regclass
  UNION ALL
  SELECT 'grant', a.grantee::regrole::text, a.privilege_type FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = 'ca_event_rows'::regclass AND a.grantee NOT IN (0, c.relowner);

DO $$
DECLARE
  before record;
  after record;
  r record;
BEGIN
  -- nothing lost, nothing added: the same rows by count and by the sum of their positions
  SELECT count(*) AS n, coalesce(sum(global_position), 0) AS s INTO before FROM ca_event_rows;
  SELECT count(*) AS n, coalesce(sum(global_position), 0) AS s INTO after FROM ca_event_rows_next;
  IF before IS DISTINCT FROM after THEN
    RAISE EXCEPTION 'the copied rows (%, positions summing to %) are not the stored ones (%, %): the store is not migrated',
      after.n, after.s, before.n, before.s USING ERRCODE = 'CA003';
  END IF;
  -- the next append's position follows the last one given, not the last one copied
  PERFORM setval(pg_get_serial_sequence('ca_event_rows_next', 'global_position'), q.last_value, q.is_called)
     FROM ca_event_rows_global_position_seq q;
  DROP TABLE ca_event_rows;
  ALTER TABLE ca_event_rows_next RENAME TO ca_event_rows;
  ALTER SEQUENCE ca_event_rows_next_global_position_seq RENAME TO ca_event_rows_global_position_seq;
  FOR r IN SELECT * FROM ca_rows_carried ORDER BY what, name LOOP
    IF r.what = 'constraint' THEN
      EXECUTE format('ALTER TABLE ca_event_rows ADD CONSTRAINT %I %s USING INDEX %I', r.name,
                     CASE r.detail WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END, r.name || '_next');
    ELSIF r.what = 'index' THEN
      EXECUTE format('ALTER INDEX %I RENAME TO %I', r.name || '_next', r.name);
    ELSIF r.what = 'ddl' THEN
      EXECUTE r.detail; -- the definition names the table, now the copy
    ELSE
      EXECUTE format('GRANT %s ON ca_event_rows TO %s', r.detail, r.name); -- regrole text: quoted already
    END IF;
  END LOOP;
END $$;
DROP FUNCTION ca_rows_next_copy(integer);
DROP FUNCTION ca_rows_next_index(integer);
`;

export interface RowsRewriteProgress {
  /** rows copied so far by this call */
  readonly copied: number;
  /** indexes built so far by this call */
  readonly indexes: number;
}

/**
 * The resumable part of the rewrite: each statement commits on its own (`client` is outside any transaction). Copies
 * until a chunk comes back short, then builds the indexes one at a time. `onStep` is told after each step; a throw from
 * it stops the preparation there (the tests' stop), keeping what was done.
 */
export async function prepareRowsRewrite(
  client: PoolClient,
  dataType: 'json',
  options: { chunkRows?: number; onStep?: (progress: RowsRewriteProgress) => void; log?: (line: string) => void } = {},
): Promise<RowsRewriteProgress> {
  const chunk = options.chunkRows ?? REWRITE_CHUNK_ROWS;
  if (!Number.isInteger(chunk) || chunk < 1) throw new Error('chunkRows must be a positive integer');
  await client.query(rowsRewriteFunctions(dataType));
  // what to tell the operator: a copy left by a stopped run, and the planner's estimate of the rows (not a count: a
  // count of either table would itself take minutes at a year's size)
  const { resuming, estimate } = (
    await client.query(
      `SELECT to_regclass('ca_event_rows_next') IS NOT NULL AS resuming, (SELECT reltuples::bigint FROM pg_class WHERE oid = 'ca_event_rows'::regclass) AS estimate`,
    )
  ).rows[0];
  const worthSaying = resuming || Number(estimate) > chunk;
  const say = (line: string) => (worthSaying ? options.log?.(`store migration: ${line}`) : undefined);
  say(
    `${resuming ? "resuming the copy of the events' rows where it stopped" : "copying the events' rows"}` +
      `${Number(estimate) > 0 ? ` (about ${Number(estimate).toLocaleString('en-US')} in all)` : ''}; a stop keeps what is copied`,
  );
  let copied = 0;
  let indexes = 0;
  for (;;) {
    const n = Number((await client.query('SELECT ca_rows_next_copy($1) AS n', [chunk])).rows[0].n);
    copied += n;
    if (n === chunk) say(`${copied.toLocaleString('en-US')} rows copied in this run`);
    options.onStep?.({ copied, indexes });
    if (n < chunk) break;
  }
  say(`${copied.toLocaleString('en-US')} rows copied in this run; building the copy's indexes`);
  while (Number((await client.query('SELECT ca_rows_next_index(1) AS n')).rows[0].n) > 0) {
    indexes++;
    say(`${indexes} index(es) built in this run`);
    options.onStep?.({ copied, indexes });
  }
  return { copied, indexes };
}
