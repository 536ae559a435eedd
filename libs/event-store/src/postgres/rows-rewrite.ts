/**
 * Rewriting the events' table without one long transaction (issue 23 §2: "the migration can be stopped and
 * resumed"). Three store migrations rewrite every event: 8 (hashes as bytes, `ca_events`), 10 (a stream's number
 * and a metadata's number, `ca_events` into `ca_event_rows`) and 12 (data as json, `ca_event_rows`). Done in their
 * transaction (`ALTER TABLE … TYPE`, `INSERT … SELECT`) each rewrote every row under an exclusive lock (8.7–13.2 s a
 * million events on the machines here, about 50 minutes for a casino's year), and a stop threw all of it away.
 * Here the rows are copied to a staging table, `<target>_next`, in committed steps:
 *
 * 1. `prepareRowsRewrite` (the migration's `prepare`, run by the migration runner under the store's advisory lock and
 *    before the migration's transaction): chunks of rows in feed order, only below the feed horizon (committed, and no
 *    earlier row can still come), each chunk checked and converted as its plan says (`RowsRewrite`), then each index
 *    the copy needs built on it, one statement each. Appends go on meanwhile (a process of the version before keeps
 *    writing). A stop between steps keeps what they did: the next start continues after the last row copied and
 *    builds only the indexes not yet built.
 * 2. `rowsRewriteSwap` (in the migration's transaction, after its `prepare`): the rows locked, the rows appended
 *    since copied, the counts and position sums compared, the old table dropped and the copy renamed in its place with
 *    its indexes under their names and the old table's constraints over them (their names are what the append's error
 *    handling reads); where the copy takes the old table's name, its triggers, statistics and grants too. A stop here
 *    rolls back to the prepared state. Without a `prepare` (a caller applying the SQL alone) the swap copies and
 *    indexes everything itself, in its one transaction.
 *
 * The copy keeps each row's position, transaction and recording time: the feed, the chains and the seals read the
 * same. The migration drops the views over the old table before the swap and makes them again after it.
 */
import type { PoolClient } from 'pg';

/** Rows a prepared step copies (one transaction each): under a second of work here (bench/results.md). */
export const REWRITE_CHUNK_ROWS = 100_000;

/**
 * What one migration's rewrite does. Its SQL reads the old rows as `r`; `$1, $2` (exclusive) and `$3, $4`
 * (inclusive) bound a chunk by (transaction_id, global_position): `CHUNK` says so.
 */
export interface RowsRewrite {
  /** the store migration it belongs to (its start-up lines name it) */
  readonly migration: number;
  /** the table whose rows are copied */
  readonly source: 'ca_events' | 'ca_event_rows';
  /** the name the copy takes at the swap (the copy is `<target>_next` until then) */
  readonly target: 'ca_events' | 'ca_event_rows';
  /** statements made idempotent, run before the copy's first step and again in the swap: what the copy's rows refer to */
  readonly setup?: string;
  /**
   * statements made idempotent, run by the prepared steps only (committed before the swap): what lets a process of the
   * version before, whose append waits for the rows while the swap holds them, go on after it
   */
  readonly transition?: string;
  /** PL/pgSQL statements making the empty copy (its feed index is made after them) */
  readonly createCopy: string;
  /** a refusal: a query of the first row in the chunk that must not be converted (stream_id, stream_version), and why */
  readonly refuse?: { readonly query: string; readonly reason: string };
  /** statements run on each chunk before its rows are copied (numbering what they refer to) */
  readonly beforeChunk?: readonly string[];
  /** the copy's columns, and their values from `r` (and `joins`) */
  readonly columns: string;
  readonly values: string;
  readonly joins?: string;
  /** a query of (name, def): the copy's indexes, each `def` making index `<name>_next` on the copy */
  readonly indexes: string;
  /** true where the copy takes the old table's name: its triggers, extended statistics and grants are made again on it */
  readonly carry: boolean;
}

/** The chunk of old rows a step copies: after the last row copied, up to the step's last row. */
export const CHUNK = '(r.transaction_id, r.global_position) > ($1, $2) AND (r.transaction_id, r.global_position) <= ($3, $4)';

/** A SQL string literal. */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** The copy's indexes given one by one: (name, the statement making `<name>_next` on the copy). */
export const givenIndexes = (copy: string, indexes: Readonly<Record<string, string>>) =>
  `VALUES ${Object.entries(indexes)
    .map(([name, definition]) => `(${literal(name)}, ${literal(definition.replace('%COPY%', `${name}_next ON ${copy}`))})`)
    .join(',\n         ')}`;

/** The copy's indexes as the old table's, but for `except` (made anew by the migration and given in `also`). */
export const sourceIndexes = (source: string, copy: string, except: readonly string[] = [], also?: Readonly<Record<string, string>>) => `
  SELECT c.relname::text,
         -- "CREATE [UNIQUE] INDEX name ON schema.table USING …": the same index, on the copy
         regexp_replace(pg_get_indexdef(x.indexrelid), '^CREATE (UNIQUE )?INDEX \\S+ ON \\S+ ', format('CREATE \\1INDEX %I ON ${copy} ', c.relname || '_next'))
    FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
   WHERE x.indrelid = '${source}'::regclass${except.length ? ` AND c.relname NOT IN (${except.map(literal).join(', ')})` : ''}${
     also ? `\n  UNION ALL ${givenIndexes(copy, also)}` : ''
   }`;

/** The staging table a rewrite copies into, `<target>_next` until the swap gives it the target's name. */
export const stagingTable = (plan: RowsRewrite) => `${plan.target}_next`;

/**
 * The staging table's two steps as functions, so that the prepared steps and the swap run the same SQL:
 * - `ca_rows_next_copy(limit)`: copies up to `limit` rows after the last one copied, in feed order, below the feed
 *   horizon; `NULL`: every row left (the swap, under its lock). Makes the copy first if needed, with the feed index
 *   its keyset needs. Each chunk is checked (`refuse`) and prepared (`beforeChunk`) before it is copied.
 * - `ca_rows_next_index(most)`: builds up to `most` (`NULL`: all) of the copy's indexes not built yet.
 */
export const rowsRewriteFunctions = (plan: RowsRewrite) => {
  const copy = stagingTable(plan);
  // each statement planned for its chunk's bounds (EXECUTE): range scans of the feed index, whatever the table's statistics
  const run = (sql: string) => `EXECUTE ${literal(sql)} USING last_t, last_p, hi_t, hi_p;`;
  return `
CREATE OR REPLACE FUNCTION ca_rows_next_copy(p_limit integer) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  last_t xid8;
  last_p bigint;
  hi_t xid8;
  hi_p bigint;
  bad_stream text;
  bad_version integer;
  copied bigint;
BEGIN
  IF to_regclass(${literal(copy)}) IS NULL THEN
    ${plan.createCopy}
    CREATE INDEX ca_events_feed_next ON ${copy} (transaction_id, global_position);
  END IF;
  SELECT n.transaction_id, n.global_position INTO last_t, last_p FROM ${copy} n ORDER BY n.transaction_id DESC, n.global_position DESC LIMIT 1;
  last_t := coalesce(last_t, '0'::xid8);
  last_p := coalesce(last_p, 0);
  -- the chunk's last row: p_limit rows on, below the horizon; or the table's last row (the swap, every writer locked out)
  IF p_limit IS NULL THEN
    SELECT r.transaction_id, r.global_position INTO hi_t, hi_p FROM ${plan.source} r ORDER BY r.transaction_id DESC, r.global_position DESC LIMIT 1;
  ELSE
    EXECUTE 'SELECT c.t, c.p FROM (SELECT r.transaction_id AS t, r.global_position AS p FROM ${plan.source} r
               WHERE (r.transaction_id, r.global_position) > ($1, $2) AND r.transaction_id < ca_feed_horizon()
               ORDER BY r.transaction_id, r.global_position LIMIT ' || p_limit || ') c ORDER BY c.t DESC, c.p DESC LIMIT 1'
      INTO hi_t, hi_p USING last_t, last_p;
  END IF;
  IF hi_t IS NULL OR (hi_t, hi_p) <= (last_t, last_p) THEN RETURN 0; END IF;
${
  plan.refuse
    ? `  EXECUTE ${literal(`${plan.refuse.query} LIMIT 1`)} INTO bad_stream, bad_version USING last_t, last_p, hi_t, hi_p;
  IF bad_stream IS NOT NULL THEN
    RAISE EXCEPTION 'event % of stream % ${plan.refuse.reason.replace(/'/g, "''")}: run casino-audit verify; the store is not migrated',
      bad_version, bad_stream USING ERRCODE = 'CA003';
  END IF;\n`
    : ''
}${(plan.beforeChunk ?? []).map((s) => `  ${run(s)}\n`).join('')}  ${run(
    `INSERT INTO ${copy} (${plan.columns}) OVERRIDING SYSTEM VALUE SELECT ${plan.values} FROM ${plan.source} r ${plan.joins ?? ''}
      WHERE ${CHUNK} ORDER BY r.transaction_id, r.global_position`,
  )}
  GET DIAGNOSTICS copied = ROW_COUNT;
  RETURN copied;
END $$;

CREATE OR REPLACE FUNCTION ca_rows_next_index(p_most integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  i record;
  made integer := 0;
BEGIN
  FOR i IN SELECT w.name, w.def FROM (${plan.indexes}) AS w(name, def)
            WHERE NOT EXISTS (SELECT 1 FROM pg_index y JOIN pg_class d ON d.oid = y.indexrelid
                               WHERE y.indrelid = ${literal(copy)}::regclass AND d.relname = w.name || '_next')
            ORDER BY w.name LOOP
    EXIT WHEN p_most IS NOT NULL AND made >= p_most;
    EXECUTE i.def;
    made := made + 1;
  END LOOP;
  RETURN made;
END $$;
`;
};

/**
 * The swap, inside the migration's transaction, with the views on the old table already dropped (the migration
 * makes them again after). Waits for the readers and writers of the old table, then holds them until the commit.
 */
export const rowsRewriteSwap = (plan: RowsRewrite) => {
  const copy = stagingTable(plan);
  return `
LOCK TABLE ${plan.source} IN ACCESS EXCLUSIVE MODE;
${plan.setup ?? ''}
${rowsRewriteFunctions(plan)}
SELECT ca_rows_next_copy(NULL);
SELECT ca_rows_next_index(NULL);

-- What goes with the old table and is made again on the copy: constraints over its indexes${plan.carry ? ', triggers, statistics, grants' : ''}.
CREATE TEMPORARY TABLE ca_rows_carried ON COMMIT DROP AS
  SELECT 'constraint' AS what, k.conname::text AS name, k.contype::text AS detail FROM pg_constraint k
   WHERE k.conrelid = '${plan.source}'::regclass AND k.contype IN ('p', 'u')${
     plan.carry
       ? `
  UNION ALL
  SELECT 'ddl', t.tgname::text, pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE t.tgrelid = '${plan.source}'::regclass AND NOT t.tgisinternal
  UNION ALL
  SELECT 'ddl', s.stxname::text, pg_get_statisticsobjdef(s.oid) FROM pg_statistic_ext s WHERE s.stxrelid = '${plan.source}'::regclass
  UNION ALL
  SELECT 'grant', a.grantee::regrole::text, a.privilege_type FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = '${plan.source}'::regclass AND a.grantee NOT IN (0, c.relowner)`
       : ''
   };

DO $$
DECLARE
  before record;
  after record;
  r record;
  seq record;
BEGIN
  -- nothing lost, nothing added: the same rows by count and by the sum of their positions
  SELECT count(*) AS n, coalesce(sum(global_position), 0) AS s INTO before FROM ${plan.source};
  SELECT count(*) AS n, coalesce(sum(global_position), 0) AS s INTO after FROM ${copy};
  IF before IS DISTINCT FROM after THEN
    RAISE EXCEPTION 'the copied rows (%, positions summing to %) are not the stored ones (%, %): the store is not migrated',
      after.n, after.s, before.n, before.s USING ERRCODE = 'CA003';
  END IF;
  -- the next append's position follows the last one given, not the last one copied
  EXECUTE format('SELECT last_value, is_called FROM %s', pg_get_serial_sequence('${plan.source}', 'global_position')) INTO seq;
  PERFORM setval(pg_get_serial_sequence('${copy}', 'global_position'), seq.last_value, seq.is_called);
  DROP TABLE ${plan.source};
  ALTER TABLE ${copy} RENAME TO ${plan.target};
  ALTER SEQUENCE ${copy}_global_position_seq RENAME TO ${plan.target}_global_position_seq;
  -- the copy's indexes under their own names, those of the old table's constraints as those constraints
  FOR r IN SELECT c.relname::text AS index, left(c.relname, -5) AS name, k.detail FROM pg_index x JOIN pg_class c ON c.oid = x.indexrelid
             LEFT JOIN ca_rows_carried k ON k.what = 'constraint' AND k.name = left(c.relname, -5)
            WHERE x.indrelid = '${plan.target}'::regclass AND c.relname LIKE '%\\_next' ORDER BY 1 LOOP
    IF r.detail IS NULL THEN
      EXECUTE format('ALTER INDEX %I RENAME TO %I', r.index, r.name);
    ELSE
      EXECUTE format('ALTER TABLE ${plan.target} ADD CONSTRAINT %I %s USING INDEX %I', r.name,
                     CASE r.detail WHEN 'p' THEN 'PRIMARY KEY' ELSE 'UNIQUE' END, r.index);
    END IF;
  END LOOP;
  FOR r IN SELECT * FROM ca_rows_carried WHERE what <> 'constraint' ORDER BY what, name LOOP
    IF r.what = 'ddl' THEN
      EXECUTE r.detail; -- the definition names the old table, whose name the copy now has
    ELSE
      EXECUTE format('GRANT %s ON ${plan.target} TO %s', r.detail, r.name); -- regrole text: quoted already
    END IF;
  END LOOP;
  IF EXISTS (SELECT 1 FROM ca_rows_carried k WHERE k.what = 'constraint'
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conrelid = '${plan.target}'::regclass AND c.conname = k.name)) THEN
    RAISE EXCEPTION 'a constraint of the old table has no index on the copy: the store is not migrated' USING ERRCODE = 'CA003';
  END IF;
END $$;
DROP FUNCTION ca_rows_next_copy(integer);
DROP FUNCTION ca_rows_next_index(integer);
`;
};

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
  plan: RowsRewrite,
  options: { chunkRows?: number; onStep?: (progress: RowsRewriteProgress) => void; log?: (line: string) => void } = {},
): Promise<RowsRewriteProgress> {
  const chunk = options.chunkRows ?? REWRITE_CHUNK_ROWS;
  if (!Number.isInteger(chunk) || chunk < 1) throw new Error('chunkRows must be a positive integer');
  if (plan.setup) await client.query(plan.setup);
  if (plan.transition) await client.query(plan.transition);
  await client.query(rowsRewriteFunctions(plan));
  // what to tell the operator: a copy left by a stopped run, and the planner's estimate of the rows (not a count: a
  // count of either table would itself take minutes at a year's size)
  const { resuming, estimate } = (
    await client.query(`SELECT to_regclass($1) IS NOT NULL AS resuming, (SELECT reltuples::bigint FROM pg_class WHERE oid = $2::regclass) AS estimate`, [
      stagingTable(plan),
      plan.source,
    ])
  ).rows[0];
  const worthSaying = resuming || Number(estimate) > chunk;
  const say = (line: string) => (worthSaying ? options.log?.(`store migration ${plan.migration}: ${line}`) : undefined);
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
