/**
 * The event store's own schema, as ordered migrations applied at start-up by the one migration runner
 * (libs/database/src/migrations.ts, through applySqlMigrations) under an advisory lock, each in its own
 * transaction. Plain SQL on purpose: the store is usable without the ORM that the read models use.
 */

import type { SqlMigration } from '../../../database/src/migrations';
import { appendSignature } from './append-signature';
import { DATA_AS_JSON, HASHES_AS_BYTES, STREAMS_NUMBERED } from './rewrite-plans';
import { prepareRowsRewrite, rowsRewriteSwap } from './rows-rewrite';

export type { SqlMigration };
export { appendSignature };

/** One month of positions (archive.ts, `firstPositionOfMonth`): a month's range starts at a multiple of it. */
const POSITIONS_A_MONTH = '100000000000';

/** The variables of the closed months' check (store migration 13). */
const CLOSED_MONTHS_DECLARE = `
  open_from bigint;
  repeated uuid;
  taken record;`;

/** Store migration 14: a stream's event before may be archived, its head kept online (ca_archived_heads). */
const ARCHIVED_BEFORE_ONE = `
      OR stream IS NOT NULL AND EXISTS (SELECT 1 FROM ca_archived_heads a WHERE a.stream_number = stream AND a.stream_version = p_versions[1] - 1
                                          AND encode(a.hash, 'hex') = p_prev_hashes[1])`;
const ARCHIVED_BEFORE_SEVERAL = `
        OR EXISTS (SELECT 1 FROM ca_archived_heads a WHERE a.stream_number = (SELECT s.stream_number FROM ca_stream_ids s WHERE s.stream_id = opening.s)
                                                       AND a.stream_version = opening.v - 1 AND encode(a.hash, 'hex') = opening.p)`;

/**
 * Store migration 13 (docs/scaling.md §2): each partition has its own unique keys, so the append itself makes sure
 * that no event of the closed months online already has one of its ids, or the version it gives a stream. Run after
 * the INSERT, on purpose: the INSERT holds the rows against the month's turn (ROW EXCLUSIVE against its SHARE ROW
 * EXCLUSIVE), so the month its positions are in is still the open one, and everything below it is closed and can no
 * longer change. Refused as the open partition's own keys refuse (23505, under their names), so the store answers a
 * duplicate or a version race the same way wherever the first copy lies. Nothing to do before the first turn.
 */
const CLOSED_MONTHS_CHECK = (streams: 'one' | 'several', archives: boolean) => `
      open_from := currval('ca_event_positions') / ${POSITIONS_A_MONTH} * ${POSITIONS_A_MONTH};
      IF open_from > 0 THEN
        -- one probe of the id's key per id and online partition. The position is compared as an expression (+ 0), so
        -- that no index on it can serve the comparison: asked plainly, the generic plan ANDed the id's key with a range
        -- of the primary key over the whole closed month, and, with the open month alone online (after a drop), where
        -- no pruning is left to do, scanned the feed's index of the open month for every append (both seen: scans that
        -- grow with the month). The open month's own rows, this append's among them, are at or past open_from.
        SELECT u.id INTO repeated
          FROM unnest(p_event_ids) AS u(id)
         CROSS JOIN LATERAL (SELECT 1 FROM ca_event_rows e WHERE e.event_id = u.id AND e.global_position + 0 < open_from${
           archives ? '\n                             UNION ALL SELECT 1 FROM ca_archived_event_ids a WHERE a.event_id = u.id' : ''
         } LIMIT 1) e
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "ca_events_event_id"'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'ca_events_event_id',
                  DETAIL = format('Key (event_id)=(%s) already exists in a closed month.', repeated);
        END IF;${
          streams === 'one'
            ? `
        -- one stream: its first version here (the versions after it follow it in this append)
        SELECT p_stream_ids[1] AS s, p_versions[1] AS v INTO taken
         WHERE EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = stream AND e.stream_version = p_versions[1] AND e.global_position + 0 < open_from)${
           archives ? '\n            OR EXISTS (SELECT 1 FROM ca_archived_heads a WHERE a.stream_number = stream AND a.stream_version >= p_versions[1])' : ''
         };`
            : `
        SELECT f.s, f.v INTO taken
          FROM (SELECT DISTINCT ON (u.s) u.s, u.v FROM unnest(p_stream_ids, p_versions) WITH ORDINALITY AS u(s, v, i) ORDER BY u.s, u.i) f
          JOIN ca_stream_ids s ON s.stream_id = f.s
         CROSS JOIN LATERAL (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = s.stream_number AND e.stream_version = f.v
                                AND e.global_position + 0 < open_from${
                                  archives
                                    ? '\n                             UNION ALL SELECT 1 FROM ca_archived_heads a WHERE a.stream_number = s.stream_number AND a.stream_version >= f.v'
                                    : ''
                                } LIMIT 1) e
         LIMIT 1;`
        }
        IF FOUND THEN
          RAISE EXCEPTION 'duplicate key value violates unique constraint "ca_events_stream_version"'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'ca_events_stream_version',
                  DETAIL = format('Stream %s already has version %s, in a closed month.', taken.s, taken.v);
        END IF;
      END IF;`;

/** The variables of store migration 17's paths (`SEVERAL_STREAMS_ONE_STATEMENT`, `METADATA_NUMBERS`). */
const ONE_STATEMENT_DECLARE = `
  linked boolean;
  numbers integer[];
  metas integer[];`;

/**
 * Store migration 17 (issue 17): the metadata's numbers of a batch of several events. A batch from one terminal
 * carries one metadata (ingestion's `recordedBy`): one look-up by its digest, rather than a digest and a look-up an
 * event in ca_number_metadata.
 */
const METADATA_NUMBERS = `
      IF p_metadata <@ p_metadata[1:1] THEN
        SELECT m.metadata_id INTO meta FROM ca_event_metadata m WHERE m.digest = ca_metadata_digest(p_metadata[1]);
        IF meta IS NULL THEN meta := (ca_number_metadata(p_metadata[1:1]))[1]; END IF;
        metas := array_fill(meta, ARRAY[n]);
      ELSE
        metas := ca_number_metadata(p_metadata);
      END IF;`;

/**
 * Store migration 17 (issue 17): the several-streams path, which every grouped call takes (group commit), checks
 * the batch in one statement where it took one for the batch's own links, one a stream for each stream's first event
 * against its stored last event (and a look-up of its number), and one more for the numbers of the rows: measured on
 * a group of 8 streams of one event each, 58 µs of the server's time an event before, 41 after (bench/results.md,
 * "Append profile", "After store migration 17"). The checks are the same: CA004 when an event does not follow the
 * one before it in the batch, before anything else; CA002 (the refusal below) when a stream's first event does not
 * follow its last event online or its archived head. A stream not numbered yet is numbered by ca_number_streams.
 */
const SEVERAL_STREAMS_ONE_STATEMENT = (archives: boolean) => `
    -- several streams: each event against the one before it on its stream, in the batch or, for a stream's first
    -- event here, stored; and each event's stream number, in one statement
    WITH u AS (SELECT u.*, lag(u.v) OVER w AS bv, lag(u.h) OVER w AS bh
                 FROM unnest(p_stream_ids, p_versions, p_prev_hashes, p_hashes) WITH ORDINALITY AS u(s, v, p, h, i)
               WINDOW w AS (PARTITION BY u.s ORDER BY u.i)),
         o AS (SELECT u.s, n.stream_number AS sn,
                      CASE WHEN u.v = 1 AND u.p = '' THEN true
                           ELSE EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = n.stream_number AND e.stream_version = u.v - 1
                                                                       AND encode(e.hash, 'hex') = u.p)${
                                                                         archives
                                                                           ? `
                             OR EXISTS (SELECT 1 FROM ca_archived_heads a WHERE a.stream_number = n.stream_number AND a.stream_version = u.v - 1
                                                                           AND encode(a.hash, 'hex') = u.p)`
                                                                           : ''
                                                                       } END AS follows
                 FROM u LEFT JOIN ca_stream_ids n ON n.stream_id = u.s WHERE u.bv IS NULL)
    SELECT bool_and(u.bv IS NULL OR u.v = u.bv + 1 AND u.p = u.bh), bool_and(u.bv IS NOT NULL OR o.follows), array_agg(o.sn ORDER BY u.i)
      INTO linked, follows, numbers
      FROM u JOIN o ON o.s = u.s;
    IF NOT linked THEN
      RAISE EXCEPTION 'the events of this append do not follow each other on their streams' USING ERRCODE = 'CA004';
    END IF;
    IF follows THEN
      IF array_position(numbers, NULL) IS NOT NULL THEN numbers := ca_number_streams(p_stream_ids); END IF;${METADATA_NUMBERS}
`;

/**
 * The append of store migration 11, its text kept here once: migration 11 creates it with `p_data jsonb[]`,
 * migration 12 again with `p_data json[]` (an event's data kept as the text the writer sent), migration 13 with the
 * check of the closed months after each INSERT, migration 14 with the archived heads, migration 17 with several
 * streams checked in one statement (`oneStatement`).
 */
const appendFunction = (data: 'jsonb' | 'json', closedMonths = false, archives = false, oneStatement = false) => `CREATE OR REPLACE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data ${data}[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  n integer := coalesce(array_length(p_event_ids, 1), 0);
  i integer;
  follows boolean := true;
  opening record;
  behind record;
  stream integer;
  meta integer;${oneStatement ? ONE_STATEMENT_DECLARE : ''}${closedMonths ? CLOSED_MONTHS_DECLARE : ''}
BEGIN
  IF current_setting('ca.no_append', true) = 'on' THEN
    RAISE EXCEPTION 'this transaction promised not to append (ca.no_append)' USING ERRCODE = 'CA005';
  END IF;
  IF n = 0 THEN RETURN; END IF;
  IF n = 1 OR p_stream_ids <@ p_stream_ids[1:1] THEN
    FOR i IN 2..n LOOP
      IF p_versions[i] <> p_versions[i - 1] + 1 OR p_prev_hashes[i] <> p_hashes[i - 1] THEN
        RAISE EXCEPTION 'event % of this append does not follow the one before it on its stream', i USING ERRCODE = 'CA004';
      END IF;
    END LOOP;
    -- the stream's number, once: for the check against its stored last event and for the rows
    SELECT s.stream_number INTO stream FROM ca_stream_ids s WHERE s.stream_id = p_stream_ids[1];
    follows := p_versions[1] = 1 AND p_prev_hashes[1] = ''
      OR stream IS NOT NULL AND EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = stream AND e.stream_version = p_versions[1] - 1
                                          AND encode(e.hash, 'hex') = p_prev_hashes[1])${archives ? ARCHIVED_BEFORE_ONE : ''};
    IF follows THEN
      IF stream IS NULL THEN stream := (ca_number_streams(p_stream_ids[1:1]))[1]; END IF;
      IF n = 1 THEN
        SELECT m.metadata_id INTO meta FROM ca_event_metadata m WHERE m.digest = ca_metadata_digest(p_metadata[1]);
        IF meta IS NULL THEN meta := (ca_number_metadata(p_metadata))[1]; END IF;
        RETURN QUERY
        INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
        VALUES (stream, p_versions[1], meta, p_event_ids[1], p_data[1], p_types[1], p_occurred_at[1], decode(p_content_hashes[1], 'hex'),
                decode(p_hashes[1], 'hex'))
        RETURNING event_id, global_position;${closedMonths ? CLOSED_MONTHS_CHECK('one', archives) : ''}
        RETURN;
      END IF;${oneStatement ? METADATA_NUMBERS : ''}
      RETURN QUERY
      INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
      SELECT stream, u.v, u.m, u.id, u.d, u.t, u.o, decode(u.c, 'hex'), decode(u.h, 'hex')
        FROM unnest(p_versions, ${oneStatement ? 'metas' : 'ca_number_metadata(p_metadata)'}, p_event_ids, p_data, p_types, p_occurred_at, p_content_hashes, p_hashes)
             AS u(v, m, id, d, t, o, c, h)
      RETURNING event_id, global_position;${closedMonths ? CLOSED_MONTHS_CHECK('one', archives) : ''}
      RETURN;
    END IF;
  ELSE
${
  oneStatement
    ? SEVERAL_STREAMS_ONE_STATEMENT(archives)
    : `    -- several streams: each event against the one before it on its stream, in the batch or stored
    IF EXISTS (
      SELECT 1 FROM (SELECT u.*, lag(u.v) OVER w AS bv, lag(u.h) OVER w AS bh
                       FROM unnest(p_stream_ids, p_versions, p_prev_hashes, p_hashes) WITH ORDINALITY AS u(s, v, p, h, i)
                     WINDOW w AS (PARTITION BY u.s ORDER BY u.i)) b
       WHERE b.bv IS NOT NULL AND NOT (b.v = b.bv + 1 AND b.p = b.bh)) THEN
      RAISE EXCEPTION 'the events of this append do not follow each other on their streams' USING ERRCODE = 'CA004';
    END IF;
    -- each stream's first event against the stream's stored last event, one probe a stream
    FOR opening IN SELECT DISTINCT ON (u.s) u.s, u.v, u.p FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
                    ORDER BY u.s, u.i LOOP
      follows := opening.v = 1 AND opening.p = ''
        OR EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = (SELECT s.stream_number FROM ca_stream_ids s WHERE s.stream_id = opening.s)
                                                   AND e.stream_version = opening.v - 1 AND encode(e.hash, 'hex') = opening.p)${archives ? ARCHIVED_BEFORE_SEVERAL : ''};
      EXIT WHEN NOT follows;
    END LOOP;
    IF follows THEN
`
}      RETURN QUERY
      INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
      SELECT u.s, u.v, u.m, u.id, u.d, u.t, u.o, decode(u.c, 'hex'), decode(u.h, 'hex')
        FROM unnest(${oneStatement ? 'numbers' : 'ca_number_streams(p_stream_ids)'}, p_versions, ${oneStatement ? 'metas' : 'ca_number_metadata(p_metadata)'}, p_event_ids, p_data, p_types, p_occurred_at,
                    p_content_hashes, p_hashes) AS u(s, v, m, id, d, t, o, c, h)
      RETURNING event_id, global_position;${closedMonths ? CLOSED_MONTHS_CHECK('several', archives) : ''}
      RETURN;
    END IF;
  END IF;
  -- refused: the first stream whose first event does not follow its stored last event
  SELECT f.s, f.v - 1 AS expected, coalesce(h.version, 0) AS actual INTO behind
    FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p, u.i FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
           ORDER BY u.s, u.i) f
    LEFT JOIN ca_streams h ON h.stream_id = f.s
   WHERE f.v - 1 <> coalesce(h.version, 0) OR f.p <> coalesce(h.head_hash, '')
   ORDER BY f.i LIMIT 1;
  RAISE EXCEPTION 'stream % is at version %, expected %', behind.s, behind.actual, behind.expected
    USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', behind.s, 'actual', behind.actual, 'expected', behind.expected)::text;
END $$;
`;
/** The append's settings, set anew after each CREATE OR REPLACE (as in migration 10). */
const appendSettings = (data: 'jsonb' | 'json') => `DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ${appendSignature(data)} SET search_path = %I, pg_temp SET plan_cache_mode = force_generic_plan SET enable_seqscan = off', current_schema());
END $$;`;

/** The events as readers know them, over ca_event_rows (made by migration 10, again by migration 12). */
const EVENTS_VIEW = `CREATE VIEW ca_events AS
  SELECT e.global_position, e.transaction_id, s.stream_id, e.stream_version, e.event_id, e.event_type, e.data, m.metadata,
         e.occurred_at, e.recorded_at, e.content_hash,
         CASE WHEN e.stream_version = 1 THEN ''::bytea
              ELSE (SELECT p.hash FROM ca_event_rows p WHERE p.stream_number = e.stream_number AND p.stream_version = e.stream_version - 1) END AS prev_hash,
         e.hash, e.stream_number
    FROM ca_event_rows e
    LEFT JOIN ca_stream_ids s ON s.stream_number = e.stream_number
    LEFT JOIN ca_event_metadata m ON m.metadata_id = e.metadata_id;`;

/** The heads as readers know them, over ca_event_rows, and their refusal of writes (made by migration 10, again by migration 12). */
const STREAMS_VIEW_ONLY = `CREATE VIEW ca_streams AS
  SELECT s.stream_id, h.stream_version AS version, encode(h.hash, 'hex') AS head_hash
    FROM ca_stream_ids s CROSS JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_event_rows e WHERE e.stream_number = s.stream_number
                                               ORDER BY e.stream_version DESC LIMIT 1) h;`;
const STREAMS_VIEW = `${STREAMS_VIEW_ONLY}
CREATE OR REPLACE FUNCTION ca_streams_are_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (SELECT h.version = NEW.version AND h.head_hash = NEW.head_hash FROM ca_streams h WHERE h.stream_id = NEW.stream_id) THEN
      RETURN NULL;
    END IF;
    RAISE EXCEPTION 'the head given for stream % (version %) is not its last stored event: INSERT on ca_streams refused', NEW.stream_id, NEW.version
      USING ERRCODE = 'CA003';
  END IF;
  RAISE EXCEPTION 'stream heads are the streams'' last events: % on ca_streams refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_streams_derived INSTEAD OF INSERT OR UPDATE OR DELETE ON ca_streams
  FOR EACH ROW EXECUTE FUNCTION ca_streams_are_derived();
`;

/**
 * A table of what the months out of the store left, readable by whoever may read their heads (the application's role,
 * writerRoleGrants): the grant a migration adding such a table gives the roles that already exist.
 */
const readableAsArchivedHeads = (table: string, what: string) => `DO $$
DECLARE
  r record;
BEGIN
  -- whoever may read the archived heads may read the ${what} (writerRoleGrants gives both)
  FOR r IN SELECT a.grantee::regrole::text AS grantee FROM pg_class c, aclexplode(c.relacl) a
            WHERE c.oid = 'ca_archived_heads'::regclass AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner) LOOP
    EXECUTE format('GRANT SELECT ON ${table} TO %s', r.grantee);
  END LOOP;
END $$;`;

export const EVENT_STORE_MIGRATIONS: readonly SqlMigration[] = [
  {
    version: 1,
    name: 'events, streams and the append function',
    sql: `
CREATE TABLE ca_events (
  global_position  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- the writer's transaction: the feed is ordered by (transaction_id, global_position) and read only
  -- below the oldest running transaction, so a late commit is never skipped (design.md, gap safety)
  transaction_id   xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id        text NOT NULL,
  stream_version   integer NOT NULL,
  event_id         uuid NOT NULL,
  event_type       text NOT NULL,
  data             jsonb NOT NULL,
  metadata         jsonb NOT NULL DEFAULT '{}'::jsonb,
  occurred_at      text,
  recorded_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
  content_hash     text NOT NULL,
  prev_hash        text NOT NULL,
  hash             text NOT NULL,
  CONSTRAINT ca_events_stream_version UNIQUE (stream_id, stream_version),
  CONSTRAINT ca_events_event_id UNIQUE (event_id)
);
CREATE INDEX ca_events_feed ON ca_events (transaction_id, global_position);
CREATE INDEX ca_events_round ON ca_events ((data->>'roundId'), global_position);

-- one row per stream: its head, locked by appenders (optimistic concurrency and the chain's tip)
CREATE TABLE ca_streams (
  stream_id  text PRIMARY KEY,
  version    integer NOT NULL,
  head_hash  text NOT NULL
);

-- Nothing ever edits or deletes an event: corrections are new facts (contract §3).
CREATE FUNCTION ca_events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'events are immutable: % on ca_events refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_events_no_update BEFORE UPDATE OR DELETE ON ca_events
  FOR EACH ROW EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_events_no_truncate BEFORE TRUNCATE ON ca_events
  FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();

-- Append a batch (one round trip): duplicates by id are reported, a reused id with other content is
-- refused (CA001), a stream not at its expected version is refused (CA002), and each new event is
-- chained to its stream predecessor: hash = sha256(prev_hash|stream_id|stream_version|content_hash).
CREATE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_expected jsonb
) RETURNS TABLE (r_event_id uuid, r_stream_id text, r_stream_version integer, r_global_position bigint, r_status text)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_event_ids, 1), 0);
  i integer;
  s text;
  existing record;
  is_new boolean[] := array_fill(true, ARRAY[greatest(n, 1)]);
  streams text[];
  versions integer[];
  heads text[];
  k integer;
  v integer;
  new_versions integer[] := '{}';
  new_prev text[] := '{}';
  new_hashes text[] := '{}';
  idx integer[] := '{}';
BEGIN
  IF n = 0 THEN RETURN; END IF;

  -- idempotency: ids already stored
  FOR existing IN
    SELECT e.event_id, e.content_hash, e.stream_id, e.stream_version, e.global_position
    FROM ca_events e WHERE e.event_id = ANY (p_event_ids)
  LOOP
    FOR i IN 1..n LOOP
      IF p_event_ids[i] = existing.event_id THEN
        IF p_content_hashes[i] <> existing.content_hash THEN
          RAISE EXCEPTION 'event id % reused with other content', existing.event_id
            USING ERRCODE = 'CA001', DETAIL = existing.event_id::text;
        END IF;
        is_new[i] := false;
        r_event_id := existing.event_id; r_stream_id := existing.stream_id;
        r_stream_version := existing.stream_version; r_global_position := existing.global_position;
        r_status := 'duplicate';
        RETURN NEXT;
      END IF;
    END LOOP;
  END LOOP;

  -- lock every stream the batch touches, in a fixed order so that two batches never deadlock
  SELECT array_agg(x ORDER BY x) INTO streams
  FROM (SELECT DISTINCT p_stream_ids[j] AS x FROM generate_subscripts(p_stream_ids, 1) j WHERE is_new[j]) t;
  IF streams IS NULL THEN RETURN; END IF;
  INSERT INTO ca_streams (stream_id, version, head_hash)
    SELECT unnest(streams), 0, '' ON CONFLICT (stream_id) DO NOTHING;
  PERFORM 1 FROM ca_streams cs WHERE cs.stream_id = ANY (streams) ORDER BY cs.stream_id FOR UPDATE;
  SELECT array_agg(cs.version ORDER BY cs.stream_id), array_agg(cs.head_hash ORDER BY cs.stream_id)
    INTO versions, heads
  FROM ca_streams cs WHERE cs.stream_id = ANY (streams);

  -- optimistic concurrency
  FOR k IN 1..array_length(streams, 1) LOOP
    IF p_expected ? streams[k] AND (p_expected->>streams[k])::integer <> versions[k] THEN
      RAISE EXCEPTION 'stream % is at version %, expected %', streams[k], versions[k], p_expected->>streams[k]
        USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', streams[k], 'actual', versions[k],
          'expected', (p_expected->>streams[k])::integer)::text;
    END IF;
  END LOOP;

  -- versions and chain links, in batch order
  FOR i IN 1..n LOOP
    CONTINUE WHEN NOT is_new[i];
    k := array_position(streams, p_stream_ids[i]);
    v := versions[k] + 1;
    versions[k] := v;
    idx := idx || i;
    new_versions := new_versions || v;
    new_prev := new_prev || heads[k];
    heads[k] := encode(sha256(convert_to(heads[k] || '|' || p_stream_ids[i] || '|' || v || '|' || p_content_hashes[i], 'UTF8')), 'hex');
    new_hashes := new_hashes || heads[k];
  END LOOP;

  RETURN QUERY
  INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at,
                         content_hash, prev_hash, hash)
  SELECT p_stream_ids[j], nv, p_event_ids[j], p_types[j], p_data[j], p_metadata[j], p_occurred_at[j],
         p_content_hashes[j], np, nh
  FROM unnest(idx, new_versions, new_prev, new_hashes) AS u(j, nv, np, nh)
  ORDER BY j
  RETURNING event_id, stream_id, stream_version, global_position, 'appended'::text;

  UPDATE ca_streams cs SET version = u.version, head_hash = u.head
  FROM unnest(streams, versions, heads) AS u(stream_id, version, head)
  WHERE cs.stream_id = u.stream_id;

  PERFORM pg_notify('ca_events', '');
END $$;
`,
  },
  {
    version: 2,
    name: 'least privilege, forward-only heads and the indexes of seals',
    sql: `
-- Nobody but the owner may change an event or a head, and the owner is stopped by triggers: the app's
-- role needs only SELECT and EXECUTE on ca_append (docs/security.md, "Running as a non-owner role").
REVOKE ALL ON ca_events, ca_streams FROM PUBLIC;
REVOKE ALL ON FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], jsonb) FROM PUBLIC;

-- ca_append runs with its owner's rights, so a writer appends events (chained, by the one code path)
-- without holding INSERT on ca_events or UPDATE on ca_streams; its search path is pinned to this schema.
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], jsonb) SECURITY DEFINER SET search_path = %I, pg_temp',
                 current_schema());
END $$;

-- A stream's head only moves forward: a head moved back (to hide events removed from the end) or
-- deleted is refused, for the owner too (an intruder must disable this trigger as well).
CREATE FUNCTION ca_streams_move_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.stream_id = OLD.stream_id
     AND (NEW.version > OLD.version OR (NEW.version = OLD.version AND NEW.head_hash = OLD.head_hash)) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stream heads only move forward: % on ca_streams refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_streams_forward_only BEFORE UPDATE OR DELETE ON ca_streams
  FOR EACH ROW EXECUTE FUNCTION ca_streams_move_forward();
CREATE TRIGGER ca_streams_no_truncate BEFORE TRUNCATE ON ca_streams
  FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();

-- sealing at a gaming day's close asks "is every session of the day closed?"
CREATE INDEX ca_events_sessions_by_day ON ca_events ((data->>'gamingDay')) WHERE event_type = 'TableSessionOpened';
CREATE INDEX ca_events_closed_sessions ON ca_events (stream_id) WHERE event_type = 'TableSessionClosed';
`,
  },
  {
    version: 3,
    name: 'append without notify: the client computes the chain, the function checks the head and inserts',
    sql: `
-- ca_append no longer calls pg_notify: PostgreSQL holds its notify queue lock through the commit's
-- flush, so every notifying append waited for its own fsync (bench/results.md). Projectors are woken
-- by a NOTIFY the application sends after commits, debounced, and poll as the fallback.
-- The chain links are computed by the client from the stream's head; the function moves each head
-- forward only from the head the client computed from (optimistic concurrency and chain continuity in
-- one conditional UPDATE under the row lock), then inserts the batch: two statements for one stream.
DROP FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], jsonb);

CREATE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  head record;
  actual integer;
BEGIN
  -- p_heads: { streamId: { "from": version, "prev": hash, "to": version, "head": hash } }, keys in a fixed order
  FOR head IN SELECT key, value FROM jsonb_each(p_heads) ORDER BY key LOOP
    IF (head.value->>'from')::integer = 0 THEN
      INSERT INTO ca_streams (stream_id, version, head_hash)
        VALUES (head.key, (head.value->>'to')::integer, head.value->>'head')
        ON CONFLICT (stream_id) DO NOTHING;
    ELSE
      UPDATE ca_streams SET version = (head.value->>'to')::integer, head_hash = head.value->>'head'
       WHERE stream_id = head.key AND version = (head.value->>'from')::integer AND head_hash = head.value->>'prev';
    END IF;
    IF NOT FOUND THEN
      SELECT cs.version INTO actual FROM ca_streams cs WHERE cs.stream_id = head.key;
      RAISE EXCEPTION 'stream % is at version %, expected %', head.key, coalesce(actual, 0), head.value->>'from'
        USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', head.key, 'actual', coalesce(actual, 0),
          'expected', (head.value->>'from')::integer)::text;
    END IF;
  END LOOP;

  RETURN QUERY
  INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at,
                         content_hash, prev_hash, hash)
  SELECT * FROM unnest(p_stream_ids, p_versions, p_event_ids, p_types, p_data, p_metadata, p_occurred_at,
                       p_content_hashes, p_prev_hashes, p_hashes)
  RETURNING event_id, global_position;
END $$;

DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) SET search_path = %I, pg_temp', current_schema());
END $$;
REVOKE ALL ON FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) FROM PUBLIC;
`,
  },
  {
    version: 4,
    name: 'indexes for replaying one round without reading its whole session',
    sql: `
-- a round's replay reads its session's context facts and the jackpot facts before it by index: small
-- partial indexes, so the append pays almost nothing for them (bench/results.md, replay latency)
CREATE INDEX ca_events_session_context ON ca_events (stream_id, event_type, stream_version)
  WHERE event_type IN ('TableSessionOpened', 'TableLimitsChanged', 'TableSessionSuspended', 'TableSessionResumed',
                       'ShoeStarted', 'TableSessionClosed', 'CorrectionRecorded');
CREATE INDEX ca_events_jackpots ON ca_events (global_position)
  WHERE event_type IN ('JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset');
`,
  },
  {
    version: 5,
    name: 'the feed horizon as a function, planned once per connection',
    sql: `
-- The oldest transaction still in progress in THIS database (a transaction of another database on the
-- same server can never write here, so it must not hold the feed back), or the snapshot's xmax when
-- there is none: every event below it is committed or never will be. STABLE, so it sees the snapshot
-- of the query that calls it. As a CTE of the feed query it was planned again at every page (its
-- pg_locks and pg_stat_activity views are large to plan: about 1 ms a page, a third of the backend's
-- time in a rebuild); PL/pgSQL keeps its plan for the connection's life.
CREATE FUNCTION ca_feed_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
BEGIN
  RETURN coalesce(
    (SELECT x FROM pg_snapshot_xip(snap) AS x
      WHERE NOT EXISTS (
        SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'transactionid' AND l.transactionid = xid(x)
           AND a.datname IS DISTINCT FROM current_database())
      ORDER BY x LIMIT 1),
    pg_snapshot_xmax(snap));
END $$;
`,
  },
  {
    version: 6,
    name: 'the lean append: no head row, the chain checked against the stored predecessor, the round index on round starts',
    sql: `
-- Issue 17 (bench/results.md, "Append profile"): every append updated its stream's head row (a second
-- table, its trigger, a dead tuple per append) and fed an index of every event's roundId. The head is the
-- stream's last event: optimistic concurrency rides on the unique (stream_id, stream_version) constraint,
-- and chain continuity is checked against the stored predecessor, by that same index.

-- 1. A stored head that disagrees with its stream's events is evidence (events removed from the end, a
--    head rewritten): refuse to migrate rather than drop it. \`casino-audit verify\` names the break.
DO $$
DECLARE
  bad record;
BEGIN
  SELECT s.stream_id, s.version, h.stream_version AS last INTO bad
    FROM ca_streams s
    LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_events e WHERE e.stream_id = s.stream_id
                        ORDER BY e.stream_version DESC LIMIT 1) h ON true
   WHERE h.stream_version IS DISTINCT FROM s.version OR h.hash IS DISTINCT FROM s.head_hash
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'stream % has its head at version % but its events end at version %: run casino-audit verify; the store is not migrated',
      bad.stream_id, bad.version, coalesce(bad.last, 0) USING ERRCODE = 'CA003';
  END IF;
END $$;

-- 2. ca_streams becomes the view of every stream's last event (read in one index probe a stream, by a
--    skip scan of ca_events_stream_version), so heads cannot disagree with events. Who could read the
--    table may read the view.
CREATE TEMPORARY TABLE ca_streams_readers ON COMMIT DROP AS
  SELECT DISTINCT a.grantee::regrole::text AS grantee FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = 'ca_streams'::regclass AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner);
DROP TABLE ca_streams;
DROP FUNCTION ca_streams_move_forward();

CREATE VIEW ca_streams AS
  WITH RECURSIVE ids(stream_id) AS (
    (SELECT stream_id FROM ca_events ORDER BY stream_id LIMIT 1)
    UNION ALL
    SELECT (SELECT e.stream_id FROM ca_events e WHERE e.stream_id > ids.stream_id ORDER BY e.stream_id LIMIT 1)
      FROM ids WHERE ids.stream_id IS NOT NULL)
  SELECT ids.stream_id, h.stream_version AS version, h.hash AS head_hash
    FROM ids CROSS JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_events e WHERE e.stream_id = ids.stream_id
                                  ORDER BY e.stream_version DESC LIMIT 1) h;
REVOKE ALL ON ca_streams FROM PUBLIC;
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT grantee FROM ca_streams_readers LOOP
    EXECUTE format('GRANT SELECT ON ca_streams TO %s', r.grantee); -- regrole text: quoted already
  END LOOP;
END $$;

-- A head is never written: a restore's head rows (libs/backup) are accepted when they are what the
-- restored events say; anything else, and every UPDATE or DELETE, is refused.
CREATE FUNCTION ca_streams_are_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (SELECT e.stream_version = NEW.version AND e.hash = NEW.head_hash FROM ca_events e WHERE e.stream_id = NEW.stream_id
         ORDER BY e.stream_version DESC LIMIT 1) THEN
      RETURN NULL;
    END IF;
    RAISE EXCEPTION 'the head given for stream % (version %) is not its last stored event: INSERT on ca_streams refused', NEW.stream_id, NEW.version
      USING ERRCODE = 'CA003';
  END IF;
  RAISE EXCEPTION 'stream heads are the streams'' last events: % on ca_streams refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_streams_derived INSTEAD OF INSERT OR UPDATE OR DELETE ON ca_streams
  FOR EACH ROW EXECUTE FUNCTION ca_streams_are_derived();

-- 3. The append: the same signature (the grants of existing writer roles carry over; p_heads is no
--    longer read). Each stream's first event must follow the stream's stored last event (or, at version
--    1, nothing), and each later event of the batch the one before it on its stream; else the append is
--    refused (CA002 names the stream and its version, CA004 a batch whose own links are broken). A
--    version another writer takes meanwhile is refused by ca_events_stream_version (23505). The usual
--    batch, one stream, is checked without a query but one index probe.
CREATE OR REPLACE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  n integer := coalesce(array_length(p_event_ids, 1), 0);
  i integer;
  follows boolean;
  behind record;
BEGIN
  IF n = 0 THEN RETURN; END IF;
  IF n = 1 OR p_stream_ids <@ p_stream_ids[1:1] THEN
    FOR i IN 2..n LOOP
      IF p_versions[i] <> p_versions[i - 1] + 1 OR p_prev_hashes[i] <> p_hashes[i - 1] THEN
        RAISE EXCEPTION 'event % of this append does not follow the one before it on its stream', i USING ERRCODE = 'CA004';
      END IF;
    END LOOP;
    follows := p_versions[1] = 1 AND p_prev_hashes[1] = ''
      OR EXISTS (SELECT 1 FROM ca_events e WHERE e.stream_id = p_stream_ids[1] AND e.stream_version = p_versions[1] - 1
                                            AND e.hash = p_prev_hashes[1]);
  ELSE
    -- several streams: each event against the one before it on its stream, in the batch or stored
    IF EXISTS (
      SELECT 1 FROM (SELECT u.*, lag(u.v) OVER w AS bv, lag(u.h) OVER w AS bh
                       FROM unnest(p_stream_ids, p_versions, p_prev_hashes, p_hashes) WITH ORDINALITY AS u(s, v, p, h, i)
                     WINDOW w AS (PARTITION BY u.s ORDER BY u.i)) b
       WHERE b.bv IS NOT NULL AND NOT (b.v = b.bv + 1 AND b.p = b.bh)) THEN
      RAISE EXCEPTION 'the events of this append do not follow each other on their streams' USING ERRCODE = 'CA004';
    END IF;
    follows := NOT EXISTS (
      SELECT 1 FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
                      ORDER BY u.s, u.i) f
       WHERE NOT (f.v = 1 AND f.p = '' OR EXISTS (SELECT 1 FROM ca_events e WHERE e.stream_id = f.s AND e.stream_version = f.v - 1 AND e.hash = f.p)));
  END IF;
  IF follows THEN
    RETURN QUERY
    INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at,
                           content_hash, prev_hash, hash)
    SELECT * FROM unnest(p_stream_ids, p_versions, p_event_ids, p_types, p_data, p_metadata, p_occurred_at,
                         p_content_hashes, p_prev_hashes, p_hashes)
    RETURNING event_id, global_position;
    RETURN;
  END IF;
  -- refused: the first stream whose first event does not follow its stored last event
  SELECT f.s, f.v - 1 AS expected, coalesce(h.stream_version, 0) AS actual INTO behind
    FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p, u.i FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
           ORDER BY u.s, u.i) f
    LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_events e WHERE e.stream_id = f.s ORDER BY e.stream_version DESC LIMIT 1) h ON true
   WHERE f.v - 1 <> coalesce(h.stream_version, 0) OR f.p <> coalesce(h.hash, '')
   ORDER BY f.i LIMIT 1;
  RAISE EXCEPTION 'stream % is at version %, expected %', behind.s, behind.actual, behind.expected
    USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', behind.s, 'actual', behind.actual, 'expected', behind.expected)::text;
END $$;
-- (a generic plan: custom plans, costed for a one-element batch, were planned again at every call,
-- about twice the append's own cost)
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) SET search_path = %I, pg_temp SET plan_cache_mode = force_generic_plan', current_schema());
END $$;
`,
  },
  {
    version: 7,
    name: 'the feed horizon no longer held back by read-model transactions that promise not to append',
    sql: `
-- Issue 17 (bench/results.md, "Append profile", the HTTP path): the horizon is the oldest transaction in
-- progress in this database, so a projector's batch transaction (checkpoint lock to commit, seconds under
-- load) held every read model's feed back with it, though it never writes an event. A transaction that
-- takes the no-append promise first (\`ca.no_append\` set locally and the advisory lock below, both for the
-- transaction's life) is skipped by the horizon; ca_append refuses to run inside it, so the promise is kept.
-- One snapshot of pg_locks (MATERIALIZED, read once) sees the transaction's own xid lock and its promise
-- together, or, while it ends, one without the other: then it is still counted (conservative).
CREATE OR REPLACE FUNCTION ca_feed_horizon() RETURNS xid8 LANGUAGE plpgsql STABLE AS $$
DECLARE
  snap pg_snapshot := pg_current_snapshot();
BEGIN
  RETURN coalesce(
    (WITH locks AS MATERIALIZED (SELECT l.locktype, l.transactionid, l.mode, l.granted, l.pid, l.classid, l.objid, l.objsubid FROM pg_locks l)
     SELECT x FROM pg_snapshot_xip(snap) AS x
      WHERE NOT EXISTS (
        SELECT 1 FROM locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'transactionid' AND l.transactionid = xid(x)
           AND a.datname IS DISTINCT FROM current_database())
        AND NOT EXISTS (
        SELECT 1 FROM locks own JOIN locks promise ON promise.pid = own.pid
         WHERE own.locktype = 'transactionid' AND own.transactionid = xid(x) AND own.mode = 'ExclusiveLock' AND own.granted
           AND promise.locktype = 'advisory' AND promise.granted
           AND promise.classid = 1667329633 AND promise.objid = 1 AND promise.objsubid = 2)
      ORDER BY x LIMIT 1),
    pg_snapshot_xmax(snap));
END $$;

DO $$
DECLARE
  body text;
BEGIN
  SELECT pg_get_functiondef(p.oid) INTO body FROM pg_proc p
   WHERE p.proname = 'ca_append' AND p.pronamespace = current_schema()::regnamespace;
  -- the promise is kept: an append inside a promised transaction is refused before it writes
  body := replace(body, E'BEGIN\n  IF n = 0 THEN RETURN; END IF;',
    E'BEGIN\n  IF current_setting(''ca.no_append'', true) = ''on'' THEN\n    RAISE EXCEPTION ''this transaction promised not to append (ca.no_append)'' USING ERRCODE = ''CA005'';\n  END IF;\n  IF n = 0 THEN RETURN; END IF;');
  IF position('CA005' IN body) = 0 THEN RAISE EXCEPTION 'ca_append is not the one migration 6 wrote'; END IF;
  EXECUTE body;
END $$;
`,
  },
  {
    version: 8,
    name: 'hashes as 32 bytes, the round index deduplicated',
    prepare: (client, log) => prepareRowsRewrite(client, HASHES_AS_BYTES, { log }).then(() => undefined),
    sql: `
-- Issue 23 §2 (docs/deployment.md, "Disk per event"): the three chain hashes were 64-digit hex text (65 B each
-- on disk, 195 B of a 547 B row); as bytea they are 33 B. Every reader still sees hex: ca_append takes hex
-- and decodes it here, readers turn the bytes back into hex at the edge (hashText in postgres-event-store.ts),
-- ca_streams encodes its head_hash, so the API, the CLI, seals and their receipts are unchanged.
-- The rows are rewritten once, into a copy (rows-rewrite.ts, plan HASHES_AS_BYTES in rewrite-plans.ts): in committed
-- steps before this transaction (its prepare step, resumed where a stop left it, appends going on), each row
-- checked before it is converted: only what ca_append wrote converts without loss (lower-case hex, '' before a
-- stream's first event); anything else is refused (CA003) rather than decoded, which would hide it. Then here the
-- rows appended since, and the copy put in the table's place. A stop in this transaction leaves the store as it
-- was, the prepared copy kept for the next start.

-- 1. ca_streams reads ca_events.hash: dropped and made again over the new type, with its readers' grants.
CREATE TEMPORARY TABLE ca_streams_readers ON COMMIT DROP AS
  SELECT DISTINCT a.grantee::regrole::text AS grantee FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = 'ca_streams'::regclass AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner);
DROP VIEW ca_streams;

-- 2. The round index without global_position in its key (built on the copy, HASHES_AS_BYTES): a round's ~30 facts
--    share one key, which B-tree deduplication stores once with their row pointers (about 15 B an event instead of
--    121). Its readers ask for one round (data->>'roundId' = $1, which implies the predicate) and sort its few rows
--    by position themselves. Facts of no round (a session's, a shoe's, the seals) are left out: they would all share
--    the one NULL key, a posting list every such append would rewrite.

-- 3. The copy completed and put in the table's place, with its constraints, triggers and grants. Nothing was
--    edited: the old rows were read, the copy's written before it had triggers.
${rowsRewriteSwap(HASHES_AS_BYTES)}
-- a partial index gives the planner no statistics of its expression (it would guess a round holds 0.5 % of the
-- store, and walk the primary key instead to find a round's start): the expression's own statistics do
CREATE STATISTICS ca_events_round_stats ON (data->>'roundId') FROM ca_events;

CREATE VIEW ca_streams AS
  WITH RECURSIVE ids(stream_id) AS (
    (SELECT stream_id FROM ca_events ORDER BY stream_id LIMIT 1)
    UNION ALL
    SELECT (SELECT e.stream_id FROM ca_events e WHERE e.stream_id > ids.stream_id ORDER BY e.stream_id LIMIT 1)
      FROM ids WHERE ids.stream_id IS NOT NULL)
  SELECT ids.stream_id, h.stream_version AS version, encode(h.hash, 'hex') AS head_hash
    FROM ids CROSS JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_events e WHERE e.stream_id = ids.stream_id
                                  ORDER BY e.stream_version DESC LIMIT 1) h;
REVOKE ALL ON ca_streams FROM PUBLIC;
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT grantee FROM ca_streams_readers LOOP
    EXECUTE format('GRANT SELECT ON ca_streams TO %s', r.grantee); -- regrole text: quoted already
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION ca_streams_are_derived() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF (SELECT e.stream_version = NEW.version AND encode(e.hash, 'hex') = NEW.head_hash FROM ca_events e WHERE e.stream_id = NEW.stream_id
         ORDER BY e.stream_version DESC LIMIT 1) THEN
      RETURN NULL;
    END IF;
    RAISE EXCEPTION 'the head given for stream % (version %) is not its last stored event: INSERT on ca_streams refused', NEW.stream_id, NEW.version
      USING ERRCODE = 'CA003';
  END IF;
  RAISE EXCEPTION 'stream heads are the streams'' last events: % on ca_streams refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_streams_derived INSTEAD OF INSERT OR UPDATE OR DELETE ON ca_streams
  FOR EACH ROW EXECUTE FUNCTION ca_streams_are_derived();

-- 4. The append: the same signature and arguments (hex text: grants and clients carry over); it compares and
--    stores bytes. Links are compared as hex (a link that is not hex is simply not the stored head: CA002);
--    a new hash that is not hex is refused by decode (22023) before anything is written.
CREATE OR REPLACE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  n integer := coalesce(array_length(p_event_ids, 1), 0);
  i integer;
  follows boolean;
  behind record;
BEGIN
  IF current_setting('ca.no_append', true) = 'on' THEN
    RAISE EXCEPTION 'this transaction promised not to append (ca.no_append)' USING ERRCODE = 'CA005';
  END IF;
  IF n = 0 THEN RETURN; END IF;
  IF n = 1 OR p_stream_ids <@ p_stream_ids[1:1] THEN
    FOR i IN 2..n LOOP
      IF p_versions[i] <> p_versions[i - 1] + 1 OR p_prev_hashes[i] <> p_hashes[i - 1] THEN
        RAISE EXCEPTION 'event % of this append does not follow the one before it on its stream', i USING ERRCODE = 'CA004';
      END IF;
    END LOOP;
    follows := p_versions[1] = 1 AND p_prev_hashes[1] = ''
      OR EXISTS (SELECT 1 FROM ca_events e WHERE e.stream_id = p_stream_ids[1] AND e.stream_version = p_versions[1] - 1
                                            AND encode(e.hash, 'hex') = p_prev_hashes[1]);
  ELSE
    -- several streams: each event against the one before it on its stream, in the batch or stored
    IF EXISTS (
      SELECT 1 FROM (SELECT u.*, lag(u.v) OVER w AS bv, lag(u.h) OVER w AS bh
                       FROM unnest(p_stream_ids, p_versions, p_prev_hashes, p_hashes) WITH ORDINALITY AS u(s, v, p, h, i)
                     WINDOW w AS (PARTITION BY u.s ORDER BY u.i)) b
       WHERE b.bv IS NOT NULL AND NOT (b.v = b.bv + 1 AND b.p = b.bh)) THEN
      RAISE EXCEPTION 'the events of this append do not follow each other on their streams' USING ERRCODE = 'CA004';
    END IF;
    follows := NOT EXISTS (
      SELECT 1 FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
                      ORDER BY u.s, u.i) f
       WHERE NOT (f.v = 1 AND f.p = '' OR EXISTS (SELECT 1 FROM ca_events e WHERE e.stream_id = f.s AND e.stream_version = f.v - 1 AND encode(e.hash, 'hex') = f.p)));
  END IF;
  IF follows THEN
    RETURN QUERY
    INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at,
                           content_hash, prev_hash, hash)
    SELECT u.s, u.v, u.id, u.t, u.d, u.m, u.o, decode(u.c, 'hex'), decode(u.p, 'hex'), decode(u.h, 'hex')
      FROM unnest(p_stream_ids, p_versions, p_event_ids, p_types, p_data, p_metadata, p_occurred_at,
                  p_content_hashes, p_prev_hashes, p_hashes) AS u(s, v, id, t, d, m, o, c, p, h)
    RETURNING event_id, global_position;
    RETURN;
  END IF;
  -- refused: the first stream whose first event does not follow its stored last event
  SELECT f.s, f.v - 1 AS expected, coalesce(h.stream_version, 0) AS actual INTO behind
    FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p, u.i FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
           ORDER BY u.s, u.i) f
    LEFT JOIN LATERAL (SELECT e.stream_version, e.hash FROM ca_events e WHERE e.stream_id = f.s ORDER BY e.stream_version DESC LIMIT 1) h ON true
   WHERE f.v - 1 <> coalesce(h.stream_version, 0) OR f.p <> coalesce(encode(h.hash, 'hex'), '')
   ORDER BY f.i LIMIT 1;
  RAISE EXCEPTION 'stream % is at version %, expected %', behind.s, behind.actual, behind.expected
    USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', behind.s, 'actual', behind.actual, 'expected', behind.expected)::text;
END $$;
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) SET search_path = %I, pg_temp SET plan_cache_mode = force_generic_plan', current_schema());
END $$;

-- the rewritten table's statistics, the new ones included, before the first query plans against them
ANALYZE ca_events;
`,
  },
  {
    version: 9,
    name: 'the append looks up the event it follows by index, whatever the statistics said when its plan was made',
    sql: `
-- Issue 17 (bench/results.md, the load probes of 2026-11-29): ca_append's plan is generic (migration 6), made
-- once per connection from the statistics of that moment. On a store that was empty or small then, the
-- lookup of the event each stream's first new event follows (by stream and version) was planned as a
-- sequential scan of ca_events, and the connection kept that plan: every append read the whole table, so
-- its cost grew with the store (a 50-event append over four streams took 13 ms of CPU at 10,000 events,
-- and at 3,000 events/s over HTTP PostgreSQL ran out of CPU). The lookups are by the unique (stream_id,
-- stream_version) index by construction; the function's own setting says so, for every plan it makes (the
-- INSERT scans nothing; the multi-stream checks read the batch's arrays, never a table).
ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) SET enable_seqscan = off;
`,
  },
  {
    version: 10,
    name: 'a stream numbered, its metadata stored once, the link to the event before read from that event',
    prepare: (client, log) => prepareRowsRewrite(client, STREAMS_NUMBERED, { log }).then(() => undefined),
    sql: `
-- Issue 23 §2 (docs/deployment.md, "Disk per event"): 685 B an event after migration 8, of which a row held its
-- stream's 36-byte id, its 37-byte metadata (a dozen values in a store) and the 33-byte hash of the event before
-- it (which that event holds), and the stream/version index repeated the id in half-empty pages. The events move
-- to ca_event_rows, which carries a stream number and a metadata number, and not prev_hash; ca_events becomes
-- the view readers always read, with the same columns (stream_id, metadata and prev_hash looked up), so the API,
-- the CLI, seals, receipts, backups and the read models' SQL are unchanged. The hashes are the same bytes: every
-- chain and seal checks as before.
-- The rows are copied once (rows-rewrite.ts, plan STREAMS_NUMBERED in rewrite-plans.ts): in committed steps before
-- this transaction (its prepare step, resumed where a stop left it, appends going on), each row checked before it is
-- copied: prev_hash is dropped only where it is what the chain says, the hash of the stream's event before (none
-- before version 1); anything else is evidence (an event removed or rewritten), refused (CA003) rather than lost.
-- Then here the rows appended since, and the copy put in place. A stop in this transaction leaves the store as it
-- was, the prepared copy (and the numbers it gave) kept for the next start.

-- 1. Who may read the events and the heads may read them after (the views are made again below).
CREATE TEMPORARY TABLE ca_store_readers ON COMMIT DROP AS
  SELECT DISTINCT c.relname::text AS relation, a.grantee::regrole::text AS grantee FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid IN ('ca_events'::regclass, 'ca_streams'::regclass) AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner);
DROP VIEW ca_streams;

-- 2. A stream's number and a metadata's number (ca_stream_ids, ca_event_metadata: made by the plan's setup, numbered
--    as the copy meets them), given once and never changed; from here on, at the stream's first append (the
--    metadata's first use).
-- The numbers of a batch's streams and metadata, in the batch's order, made for those not numbered yet (ca_append,
-- the view's INSERT): one indexed look-up statement when all are numbered, as they almost always are.
CREATE FUNCTION ca_number_streams(p_stream_ids text[]) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  numbers integer[];
BEGIN
  FOR pass IN 1..2 LOOP
    SELECT array_agg(i.stream_number ORDER BY u.o) INTO numbers
      FROM unnest(p_stream_ids) WITH ORDINALITY AS u(s, o) JOIN ca_stream_ids i ON i.stream_id = u.s;
    EXIT WHEN coalesce(array_length(numbers, 1), 0) = coalesce(array_length(p_stream_ids, 1), 0);
    INSERT INTO ca_stream_ids (stream_id) SELECT DISTINCT u.s FROM unnest(p_stream_ids) AS u(s) ON CONFLICT (stream_id) DO NOTHING;
  END LOOP;
  RETURN numbers;
END $$;
CREATE FUNCTION ca_number_metadata(p_metadata jsonb[]) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  digests bytea[] := ARRAY(SELECT ca_metadata_digest(m) FROM unnest(p_metadata) AS m);
  numbers integer[];
BEGIN
  FOR pass IN 1..2 LOOP
    SELECT array_agg(i.metadata_id ORDER BY u.o) INTO numbers
      FROM unnest(digests) WITH ORDINALITY AS u(d, o) JOIN ca_event_metadata i ON i.digest = u.d;
    EXIT WHEN coalesce(array_length(numbers, 1), 0) = coalesce(array_length(p_metadata, 1), 0);
    INSERT INTO ca_event_metadata (digest, metadata) SELECT DISTINCT ON (u.d) u.d, u.m FROM unnest(digests, p_metadata) AS u(d, m)
      ON CONFLICT (digest) DO NOTHING;
  END LOOP;
  RETURN numbers;
END $$;
REVOKE ALL ON FUNCTION ca_number_streams(text[]), ca_number_metadata(jsonb[]) FROM PUBLIC;

-- 3. The rows, in ca_event_rows: the old table's rows appended since the prepared steps copied, its constraints
--    on the copy's indexes under the same names (the append names its refusals by them), each index for the query
--    it serves (docs/deployment.md, "Disk per event"); the stream's number in place of its id. The old table, its
--    indexes, statistics and triggers are dropped (DROP fires no row trigger: nothing was edited).
${rowsRewriteSwap(STREAMS_NUMBERED)}
CREATE STATISTICS ca_events_round_stats ON (data->>'roundId') FROM ca_event_rows;
CREATE TRIGGER ca_events_no_update BEFORE UPDATE OR DELETE ON ca_event_rows
  FOR EACH ROW EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_events_no_truncate BEFORE TRUNCATE ON ca_event_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();
-- (ca_stream_ids and ca_event_metadata: revoked by the plan's setup, which the swap ran)
REVOKE ALL ON ca_event_rows FROM PUBLIC;

-- 4. ca_events as readers knew it. The left joins fall away from a query that reads neither stream_id nor metadata;
--    prev_hash is looked up (one probe of ca_events_stream_version) only when it is read. stream_number is last: a
--    reader that needs a stream's events in order with a LIMIT filters by it (a filter on stream_id reaches the
--    rows through a join, whose order the planner does not carry: it sorts the stream first).
${EVENTS_VIEW}

-- Written through the view: an INSERT (a restore: positions and recording times given, the file's prev_hash
-- dropped; verify, which a restore runs, checks every link from the events themselves), an UPDATE or DELETE
-- passed to the rows, whose triggers refuse them (and an intruder who switched those off is seen by verify).
CREATE FUNCTION ca_events_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM ca_event_rows WHERE global_position = OLD.global_position;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.global_position IS DISTINCT FROM OLD.global_position OR NEW.prev_hash IS DISTINCT FROM OLD.prev_hash
                           OR NEW.stream_number IS DISTINCT FROM OLD.stream_number) THEN
    RAISE EXCEPTION 'an event''s position, its stream number and the hash of the event before it are not written: UPDATE on ca_events refused' USING ERRCODE = 'CA003';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE ca_event_rows SET transaction_id = NEW.transaction_id, recorded_at = NEW.recorded_at,
           stream_number = (ca_number_streams(ARRAY[NEW.stream_id]))[1], stream_version = NEW.stream_version,
           metadata_id = (ca_number_metadata(ARRAY[coalesce(NEW.metadata, '{}')]))[1],
           event_id = NEW.event_id, data = NEW.data, event_type = NEW.event_type, occurred_at = NEW.occurred_at,
           content_hash = NEW.content_hash, hash = NEW.hash
     WHERE global_position = OLD.global_position;
    RETURN NEW;
  END IF;
  INSERT INTO ca_event_rows (global_position, transaction_id, recorded_at, stream_number, stream_version, metadata_id, event_id, data,
                             event_type, occurred_at, content_hash, hash) OVERRIDING SYSTEM VALUE
    VALUES (coalesce(NEW.global_position, nextval(pg_get_serial_sequence('ca_event_rows', 'global_position'))),
            coalesce(NEW.transaction_id, pg_current_xact_id()), coalesce(NEW.recorded_at, clock_timestamp()),
            (ca_number_streams(ARRAY[NEW.stream_id]))[1], NEW.stream_version, (ca_number_metadata(ARRAY[coalesce(NEW.metadata, '{}')]))[1],
            NEW.event_id, NEW.data, NEW.event_type, NEW.occurred_at, NEW.content_hash, NEW.hash)
    RETURNING global_position INTO NEW.global_position;
  -- a position given: the next append's comes after it
  PERFORM setval(pg_get_serial_sequence('ca_event_rows', 'global_position'), NEW.global_position)
    FROM pg_sequences q WHERE q.schemaname = current_schema() AND q.sequencename = 'ca_event_rows_global_position_seq'
     AND NEW.global_position > coalesce(q.last_value, 0);
  RETURN NEW;
END $$;
CREATE TRIGGER ca_events_written INSTEAD OF INSERT OR UPDATE OR DELETE ON ca_events
  FOR EACH ROW EXECUTE FUNCTION ca_events_write();

-- 5. The heads: each numbered stream's last event, one backward probe of ca_events_stream_version a stream.
${STREAMS_VIEW}
REVOKE ALL ON ca_events, ca_streams FROM PUBLIC;
DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT relation, grantee FROM ca_store_readers LOOP
    EXECUTE format('GRANT SELECT ON %I TO %s', r.relation, r.grantee); -- regrole text: quoted already
    -- a stream's number from its id, for readers that filter by it
    EXECUTE format('GRANT SELECT ON ca_stream_ids TO %s', r.grantee);
  END LOOP;
END $$;

-- 6. The append: the same signature and arguments. It checks links as before (against the stored event before,
--    found by the stream's number), numbers new streams and metadata, and stores numbers; prev_hash is checked,
--    not stored.
CREATE OR REPLACE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE plpgsql SECURITY DEFINER AS $$
DECLARE
  n integer := coalesce(array_length(p_event_ids, 1), 0);
  i integer;
  follows boolean := true;
  opening record;
  behind record;
BEGIN
  IF current_setting('ca.no_append', true) = 'on' THEN
    RAISE EXCEPTION 'this transaction promised not to append (ca.no_append)' USING ERRCODE = 'CA005';
  END IF;
  IF n = 0 THEN RETURN; END IF;
  IF n = 1 OR p_stream_ids <@ p_stream_ids[1:1] THEN
    FOR i IN 2..n LOOP
      IF p_versions[i] <> p_versions[i - 1] + 1 OR p_prev_hashes[i] <> p_hashes[i - 1] THEN
        RAISE EXCEPTION 'event % of this append does not follow the one before it on its stream', i USING ERRCODE = 'CA004';
      END IF;
    END LOOP;
    follows := p_versions[1] = 1 AND p_prev_hashes[1] = ''
      OR EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = (SELECT s.stream_number FROM ca_stream_ids s WHERE s.stream_id = p_stream_ids[1])
                                                 AND e.stream_version = p_versions[1] - 1 AND encode(e.hash, 'hex') = p_prev_hashes[1]);
  ELSE
    -- several streams: each event against the one before it on its stream, in the batch or stored
    IF EXISTS (
      SELECT 1 FROM (SELECT u.*, lag(u.v) OVER w AS bv, lag(u.h) OVER w AS bh
                       FROM unnest(p_stream_ids, p_versions, p_prev_hashes, p_hashes) WITH ORDINALITY AS u(s, v, p, h, i)
                     WINDOW w AS (PARTITION BY u.s ORDER BY u.i)) b
       WHERE b.bv IS NOT NULL AND NOT (b.v = b.bv + 1 AND b.p = b.bh)) THEN
      RAISE EXCEPTION 'the events of this append do not follow each other on their streams' USING ERRCODE = 'CA004';
    END IF;
    -- each stream's first event against the stream's stored last event, one probe a stream (a loop: as one query,
    -- planned generically on a small store, the probes became one hashed scan of every stream's events)
    FOR opening IN SELECT DISTINCT ON (u.s) u.s, u.v, u.p FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
                    ORDER BY u.s, u.i LOOP
      follows := opening.v = 1 AND opening.p = ''
        OR EXISTS (SELECT 1 FROM ca_event_rows e WHERE e.stream_number = (SELECT s.stream_number FROM ca_stream_ids s WHERE s.stream_id = opening.s)
                                                   AND e.stream_version = opening.v - 1 AND encode(e.hash, 'hex') = opening.p);
      EXIT WHEN NOT follows;
    END LOOP;
  END IF;
  IF follows THEN
    RETURN QUERY
    INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
    SELECT u.s, u.v, u.m, u.id, u.d, u.t, u.o, decode(u.c, 'hex'), decode(u.h, 'hex')
      FROM unnest(ca_number_streams(p_stream_ids), p_versions, ca_number_metadata(p_metadata), p_event_ids, p_data, p_types, p_occurred_at,
                  p_content_hashes, p_hashes) AS u(s, v, m, id, d, t, o, c, h)
    RETURNING event_id, global_position;
    RETURN;
  END IF;
  -- refused: the first stream whose first event does not follow its stored last event
  SELECT f.s, f.v - 1 AS expected, coalesce(h.version, 0) AS actual INTO behind
    FROM (SELECT DISTINCT ON (u.s) u.s, u.v, u.p, u.i FROM unnest(p_stream_ids, p_versions, p_prev_hashes) WITH ORDINALITY AS u(s, v, p, i)
           ORDER BY u.s, u.i) f
    LEFT JOIN ca_streams h ON h.stream_id = f.s
   WHERE f.v - 1 <> coalesce(h.version, 0) OR f.p <> coalesce(h.head_hash, '')
   ORDER BY f.i LIMIT 1;
  RAISE EXCEPTION 'stream % is at version %, expected %', behind.s, behind.actual, behind.expected
    USING ERRCODE = 'CA002', DETAIL = json_build_object('streamId', behind.s, 'actual', behind.actual, 'expected', behind.expected)::text;
END $$;

-- CREATE OR REPLACE set the function's settings anew: the pinned search path (it runs with its owner's rights), the
-- generic plan (migration 6) and the lookups by index whatever the statistics (migration 9)
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ca_append(text[], uuid[], text[], jsonb[], jsonb[], text[], text[], integer[], text[], text[], jsonb) SET search_path = %I, pg_temp SET plan_cache_mode = force_generic_plan SET enable_seqscan = off', current_schema());
END $$;

-- the new tables' statistics, the expression's included, before the first query plans against them
ANALYZE ca_event_rows, ca_stream_ids, ca_event_metadata;
`,
  },
  {
    version: 11,
    name: 'the append looks its stream up once, and a single event is one row inserted by value',
    sql: `
-- Issue 17 (bench/results.md, "Append profile"): after migration 10 a single-event append ran five statements
-- inside ca_append besides its INSERT: the stream's number looked up for the chain check, then again (with an
-- array join, in a nested PL/pgSQL function) to insert, and the metadata's number the same way. Measured in the
-- server (pgbench, 16 clients, one event per call, prepared, interleaved): 3,600–4,200 appends/s against 8,200
-- for the bare INSERT of the same row with every index of ca_event_rows. Here a single-stream append looks the
-- stream up once, uses that number for the chain check and the INSERT, and a single event looks its metadata up
-- by digest and is inserted by value (4,600–5,800/s in the same runs). Same arguments, checks and refusals: the
-- batch's own links (CA004), the stored predecessor (CA002), the promise not to append (CA005); a new stream or
-- new metadata is numbered as before.
${appendFunction('jsonb')}
-- CREATE OR REPLACE set the function's settings anew (as in migration 10)
${appendSettings('jsonb')}
`,
  },
  {
    version: 12,
    name: "an event's data kept as the JSON text its writer sent (json, not jsonb)",
    prepare: (client, log) => prepareRowsRewrite(client, DATA_AS_JSON, { log }).then(() => undefined),
    sql: `
-- Issue 23 §2 (docs/deployment.md, "Disk per event"): jsonb kept an event's data as a binary tree of 178 bytes an
-- event on the simulator's mix, where the compact text the writer sends is 152 (with its 4-byte header, 156).
-- Nothing reads data but by ->> and -> of a top-level key (the round and gaming-day indexes, filters, the feed's
-- round id), which json serves from the text, and every reader gets the text as it is, not jsonb's re-print.
-- Both parse to the same value, so content hashes, chains and seal receipts are unchanged: a migrated event's
-- text is jsonb's print of it, a new event's the writer's own. The rows are rewritten once, into a copy whose
-- indexes are built packed (rows-rewrite.ts): in committed steps before this transaction (its prepare step, resumed
-- where a stop left it, appends going on), then here the rows appended since, and the copy put in the rows' place.
-- A stop in this transaction leaves the store as it was, the prepared copy kept for the next start.

-- 1. Who may read the events and who may append: kept for the view and the function made again below.
CREATE TEMPORARY TABLE ca_store_grants ON COMMIT DROP AS
  SELECT 'read'::text AS what, a.grantee::regrole::text AS grantee FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = 'ca_events'::regclass AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner)
  UNION
  SELECT 'append', a.grantee::regrole::text FROM pg_proc p, aclexplode(p.proacl) a
   WHERE p.oid = '${appendSignature('jsonb')}'::regprocedure
     AND a.privilege_type = 'EXECUTE' AND a.grantee NOT IN (0, p.proowner)
  UNION
  SELECT 'heads', a.grantee::regrole::text FROM pg_class c, aclexplode(c.relacl) a
   WHERE c.oid = 'ca_streams'::regclass AND a.privilege_type = 'SELECT' AND a.grantee NOT IN (0, c.relowner);
DROP VIEW ca_events;
DROP VIEW ca_streams;

-- 2. The rows: the prepared copy completed and put in their place.
${rowsRewriteSwap(DATA_AS_JSON)}

-- 3. The views, their writes (ca_events_write, unchanged) and their readers.
${EVENTS_VIEW}
${STREAMS_VIEW}
REVOKE ALL ON ca_streams FROM PUBLIC;
CREATE TRIGGER ca_events_written INSTEAD OF INSERT OR UPDATE OR DELETE ON ca_events
  FOR EACH ROW EXECUTE FUNCTION ca_events_write();
REVOKE ALL ON ca_events FROM PUBLIC;

-- 4. The append takes the data as json: the same checks, refusals and rows as migration 11's.
${appendFunction('json')}
${appendSettings('json')}
REVOKE ALL ON FUNCTION ${appendSignature('json')} FROM PUBLIC;

-- The jsonb append stays for a writer that prepared its call before this migration (a process still running on a
-- connection of before): it passes its arguments on unchanged, the data as jsonb prints it. Its grants stay.
CREATE OR REPLACE FUNCTION ca_append(
  p_stream_ids text[], p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_occurred_at text[], p_content_hashes text[], p_versions integer[], p_prev_hashes text[], p_hashes text[],
  p_heads jsonb
) RETURNS TABLE (r_event_id uuid, r_global_position bigint)
LANGUAGE sql AS $$
  SELECT * FROM ca_append(p_stream_ids, p_event_ids, p_types, p_data::json[], p_metadata, p_occurred_at, p_content_hashes,
                          p_versions, p_prev_hashes, p_hashes, p_heads)
$$;
DO $$
BEGIN
  EXECUTE format('ALTER FUNCTION ${appendSignature('jsonb')} SET search_path = %I, pg_temp', current_schema());
END $$;

DO $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT what, grantee FROM ca_store_grants LOOP
    IF r.what = 'read' THEN
      EXECUTE format('GRANT SELECT ON ca_events TO %s', r.grantee); -- regrole text: quoted already
    ELSIF r.what = 'heads' THEN
      EXECUTE format('GRANT SELECT ON ca_streams TO %s', r.grantee);
    ELSE
      EXECUTE format('GRANT EXECUTE ON FUNCTION ${appendSignature('json')} TO %s', r.grantee);
    END IF;
  END LOOP;
END $$;

ANALYZE ca_event_rows;
`,
  },
  {
    version: 13,
    name: 'the events partitioned by position, a range a month: the rows so far are the first partition',
    sql: `
-- Issue 23 §4 (docs/scaling.md §2): ca_event_rows becomes PARTITION BY RANGE (global_position), a month a range
-- (archive.ts, firstPositionOfMonth: ${POSITIONS_A_MONTH} positions a month), so that a month closed by its turn
-- (seal --close-month) can be detached and archived whole. Nothing is copied: the table as it stands is attached
-- as the first partition, ca_event_rows_history, from the lowest position to the end of the month its last position
-- is in (before a store's first turn: ${POSITIONS_A_MONTH}, below every month's range). Each turn attaches the next
-- month's partition (month-turn.ts). Attaching reads the rows once to check the range, under this transaction's
-- lock; the indexes are attached, not built again.
LOCK TABLE ca_event_rows IN ACCESS EXCLUSIVE MODE;
DO $$
DECLARE
  sequence text := pg_get_serial_sequence('ca_event_rows', 'global_position');
  last_given bigint;
  given boolean;
  bound bigint;
  ix record;
  grant_ record;
  defs text[] := '{}';
  def text;
BEGIN
  EXECUTE format('SELECT last_value, is_called FROM %s', sequence) INTO last_given, given;
  bound := (CASE WHEN given THEN last_given ELSE last_given - 1 END) / ${POSITIONS_A_MONTH} * ${POSITIONS_A_MONTH} + ${POSITIONS_A_MONTH};
  -- the indexes that are no unique key: made again on the parent under their own names (the history's attached to
  -- them); the two unique keys (stream and version, event id) stay the partition's own, under the names the append's
  -- refusals are matched by (PostgresEventStore), for as long as it is the open month
  FOR ix IN SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
              FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE i.indrelid = 'ca_event_rows'::regclass AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
             ORDER BY c.relname LOOP
    defs := defs || ix.def;
    EXECUTE format('ALTER INDEX %I RENAME TO %I', ix.name, replace(ix.name, 'ca_events_', 'ca_event_rows_history_'));
  END LOOP;
  ALTER TABLE ca_event_rows RENAME CONSTRAINT ca_events_pkey TO ca_event_rows_history_pkey;
  ALTER STATISTICS ca_events_round_stats RENAME TO ca_event_rows_history_round_stats;
  DROP TRIGGER ca_events_no_update ON ca_event_rows; -- the parent's, below, is cloned onto every partition
  ALTER TABLE ca_event_rows RENAME TO ca_event_rows_history;
  -- the positions go on from the same place, given by the parent's sequence (a partition gives none)
  ALTER TABLE ca_event_rows_history ALTER COLUMN global_position DROP IDENTITY;
  CREATE TABLE ca_event_rows (LIKE ca_event_rows_history INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION)
    PARTITION BY RANGE (global_position);
  ALTER TABLE ca_event_rows ALTER COLUMN global_position ADD GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME ca_event_positions);
  PERFORM setval('ca_event_positions', last_given, given);
  EXECUTE format('ALTER TABLE ca_event_rows ATTACH PARTITION ca_event_rows_history FOR VALUES FROM (MINVALUE) TO (%s)', bound);
  ALTER TABLE ca_event_rows ADD CONSTRAINT ca_events_pkey PRIMARY KEY (global_position);
  FOREACH def IN ARRAY defs LOOP
    EXECUTE def;
  END LOOP;
  -- whoever could read the rows still can (the application's role reads through the views and needs none)
  FOR grant_ IN SELECT a.grantee::regrole::text AS grantee, a.privilege_type AS privilege
                  FROM pg_class c, aclexplode(c.relacl) a
                 WHERE c.oid = 'ca_event_rows_history'::regclass AND a.grantee NOT IN (0, c.relowner) LOOP
    EXECUTE format('GRANT %s ON ca_event_rows TO %s', grant_.privilege, grant_.grantee);
  END LOOP;
END $$;
REVOKE ALL ON ca_event_rows FROM PUBLIC;
CREATE STATISTICS ca_events_round_stats ON (data->>'roundId') FROM ca_event_rows;

-- Nothing edits or deletes an event (migration 1). The row trigger is cloned onto every partition, the history's and
-- those the turns attach; a TRUNCATE trigger is not (a partition truncated by its name would not fire the parent's):
-- the history keeps its own and the turn gives each new partition one.
CREATE TRIGGER ca_events_no_update BEFORE UPDATE OR DELETE ON ca_event_rows FOR EACH ROW EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_events_no_truncate BEFORE TRUNCATE ON ca_event_rows FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();

-- The views read the parent (a view names its table once, when it is made): the same text, their grants and
-- triggers kept.
${EVENTS_VIEW.replace('CREATE VIEW', 'CREATE OR REPLACE VIEW')}
${STREAMS_VIEW_ONLY.replace('CREATE VIEW', 'CREATE OR REPLACE VIEW')}

-- An owner's write through the view (a restore, migration 10's ca_events_write) moves the parent's sequence on.
DO $$
DECLARE
  body text := pg_get_functiondef('ca_events_write()'::regprocedure);
BEGIN
  IF position('ca_event_rows_global_position_seq' IN body) = 0 THEN RAISE EXCEPTION 'ca_events_write is not the one migration 10 wrote'; END IF;
  EXECUTE replace(body, 'ca_event_rows_global_position_seq', 'ca_event_positions');
END $$;

-- The append: migration 12's, with the closed months' check after each INSERT (CLOSED_MONTHS_CHECK); its grants kept.
${appendFunction('json', true)}
${appendSettings('json')}

ANALYZE ca_event_rows;
`,
  },
  {
    version: 14,
    name: 'archived months: their heads, ids and seal kept online, the rest dropped',
    sql: `
-- Issue 23 §4 (docs/scaling.md §2 point 4, §3): a closed month whose archive file checked against its closing seal
-- may be dropped from the store (casino-audit archive MONTH --drop). What the store must still know of it is kept
-- here: each stream's head as the month left it (an append continues the stream from it, ca_streams reads it for a
-- stream with no event online, ca_events gives it as the link before a stream's first online event, verify starts
-- the stream's chain there), every id the month held with its content hash (a re-send is still a duplicate, other
-- content under the id a conflict), and the month itself (its positions, its closing seal, its file). The closing
-- seal stays online: it is the next month's first event.
CREATE TABLE ca_archived_months (
  month          text PRIMARY KEY,
  first_position bigint NOT NULL,
  last_position  bigint NOT NULL,
  events         bigint NOT NULL,
  closing_seal   integer NOT NULL,
  file_name      text NOT NULL,
  file_sha256    text NOT NULL,
  archived_at    timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE TABLE ca_archived_heads (
  stream_number  integer PRIMARY KEY,
  stream_version integer NOT NULL,
  hash           bytea NOT NULL
);
CREATE TABLE ca_archived_event_ids (
  event_id        uuid PRIMARY KEY,
  content_hash    bytea NOT NULL,
  stream_number   integer NOT NULL,
  stream_version  integer NOT NULL,
  global_position bigint NOT NULL
);
REVOKE ALL ON ca_archived_months, ca_archived_heads, ca_archived_event_ids FROM PUBLIC;
-- written once each, by the owner's drop of a month; an archived head only moves forward (the next month dropped)
CREATE FUNCTION ca_archived_heads_move_forward() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.stream_number = OLD.stream_number AND NEW.stream_version > OLD.stream_version THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'archived heads only move forward: % on ca_archived_heads refused', TG_OP USING ERRCODE = 'CA003';
END $$;
CREATE TRIGGER ca_archived_heads_forward_only BEFORE UPDATE OR DELETE ON ca_archived_heads
  FOR EACH ROW EXECUTE FUNCTION ca_archived_heads_move_forward();
CREATE TRIGGER ca_archived_months_no_update BEFORE UPDATE OR DELETE ON ca_archived_months
  FOR EACH ROW EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_archived_event_ids_no_update BEFORE UPDATE OR DELETE ON ca_archived_event_ids
  FOR EACH ROW EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_archived_no_truncate BEFORE TRUNCATE ON ca_archived_months FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_archived_no_truncate BEFORE TRUNCATE ON ca_archived_heads FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();
CREATE TRIGGER ca_archived_no_truncate BEFORE TRUNCATE ON ca_archived_event_ids FOR EACH STATEMENT EXECUTE FUNCTION ca_events_are_immutable();

-- The views: the link before a stream's first online event, and a stream's head, from its archived head when its
-- event is gone (same columns: grants and triggers kept).
CREATE OR REPLACE VIEW ca_events AS
  SELECT e.global_position, e.transaction_id, s.stream_id, e.stream_version, e.event_id, e.event_type, e.data, m.metadata,
         e.occurred_at, e.recorded_at, e.content_hash,
         CASE WHEN e.stream_version = 1 THEN ''::bytea
              ELSE coalesce((SELECT p.hash FROM ca_event_rows p WHERE p.stream_number = e.stream_number AND p.stream_version = e.stream_version - 1),
                            (SELECT a.hash FROM ca_archived_heads a WHERE a.stream_number = e.stream_number AND a.stream_version = e.stream_version - 1)) END AS prev_hash,
         e.hash, e.stream_number
    FROM ca_event_rows e
    LEFT JOIN ca_stream_ids s ON s.stream_number = e.stream_number
    LEFT JOIN ca_event_metadata m ON m.metadata_id = e.metadata_id;
CREATE OR REPLACE VIEW ca_streams AS
  SELECT s.stream_id, h.stream_version AS version, encode(h.hash, 'hex') AS head_hash
    FROM ca_stream_ids s CROSS JOIN LATERAL (
      SELECT x.stream_version, x.hash
        FROM ((SELECT e.stream_version, e.hash FROM ca_event_rows e WHERE e.stream_number = s.stream_number ORDER BY e.stream_version DESC LIMIT 1)
              UNION ALL
              (SELECT a.stream_version, a.hash FROM ca_archived_heads a WHERE a.stream_number = s.stream_number)) x
       ORDER BY x.stream_version DESC LIMIT 1) h;

-- The append: migration 13's, the archived heads accepted as the event before, and the archived heads and ids
-- checked with the closed months (its grants kept).
${appendFunction('json', true, true)}
${appendSettings('json')}
`,
  },
  {
    version: 15,
    name: 'the jackpot pools as the months out of the store left them',
    sql: `
-- A pool's value carries its whole history, and replay and the round verdicts fold it from the store's jackpot facts
-- (libs/replay jackpot-pools.ts). Once a month is out of the store, a pool configured in it was no pool at all to that
-- fold, and every later jackpot round would be judged without it. The drop now keeps, with the month, each pool as the
-- feed leaves it at the month's closing seal: its last configuration and its value (month-drop.ts); the fold starts
-- from them. A month dropped before this migration did not: its pools are unknown, and the fold says so rather than
-- judge without them (jackpot_pools_carried false).
ALTER TABLE ca_archived_months ADD COLUMN jackpot_pools_carried boolean NOT NULL DEFAULT false;
CREATE TABLE ca_archived_jackpot_pools (
  pool_id        text PRIMARY KEY,
  configuration  json NOT NULL,
  value          numeric NOT NULL
);
REVOKE ALL ON ca_archived_jackpot_pools FROM PUBLIC;
${readableAsArchivedHeads('ca_archived_jackpot_pools', 'pools')}
`,
  },
  {
    version: 16,
    name: 'the write-side state of each stream as the months out of the store left it',
    sql: `
-- Ingestion judges a fact against its session's state (open, closed, its game, its rounds: libs/ledger
-- session-state.ts), folded from the session's stream. Once a month is out of the store, a session with facts in it
-- could no longer be folded: its opening was gone, and a late count, a dispute, or the next round of a table open
-- across the month's turn was refused as "unknown session". The drop now keeps, for each stream of a kind the caller
-- names (the sessions), its state at the stream's archived head (month-drop.ts); ingestion starts from it. A month
-- dropped before this migration did not: ingestion says so rather than judge without it (states_carried false).
ALTER TABLE ca_archived_months ADD COLUMN states_carried boolean NOT NULL DEFAULT false;
CREATE TABLE ca_archived_stream_states (
  stream_number  integer PRIMARY KEY,
  stream_version integer NOT NULL,
  state          jsonb NOT NULL
);
-- a fact naming only its round (a dispute) finds the session of a round out of the store by the round's id
CREATE INDEX ca_archived_stream_states_rounds ON ca_archived_stream_states USING gin ((state -> 'rounds'));
REVOKE ALL ON ca_archived_stream_states FROM PUBLIC;
${readableAsArchivedHeads('ca_archived_stream_states', 'states')}
`,
  },
  {
    version: 17,
    name: 'the append of several streams checked in one statement',
    sql: `
-- Issue 17: a grouped call of ca_append (group commit: the appends of several streams in one call) checked the
-- batch's links, then each stream's first event against its stored last event in a statement of its own, then
-- looked the streams' numbers up again for the rows. One statement now does the three (SEVERAL_STREAMS_ONE_STATEMENT);
-- a batch of one metadata looks it up once. The checks, their order and their refusals are those of migration 14.
${appendFunction('json', true, true, true)}
${appendSettings('json')}
`,
  },
];

/**
 * The no-append promise of a read model's transaction (schema migration 7): taken first in the
 * transaction, before anything it writes gives it an xid, so the feed horizon never waits for it.
 * Harmless where the store's schema is absent (a plain setting and an advisory lock).
 */
export const PROMISE_NO_APPEND = `SELECT set_config('ca.no_append', 'on', true), pg_advisory_xact_lock_shared(1667329633, 1)`;

/**
 * The grants of the role the application runs as (docs/security.md): read everything, append only
 * through ca_append, change nothing. Run by the owner after the migrations; `role` must be a plain SQL
 * identifier. The read models (projections) need their own grants on their tables.
 */
export function writerRoleGrants(role: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(role)) throw new Error('role must be a plain lower-case SQL identifier');
  return `
GRANT USAGE ON SCHEMA public TO ${role};
GRANT SELECT ON ca_events, ca_streams, ca_schema_migrations TO ${role};
-- the tables behind ca_events (store migration 10): a stream's number may be read (readers that filter by it), none written
DO $$
BEGIN
  IF to_regclass('ca_event_rows') IS NOT NULL THEN
    GRANT SELECT ON ca_stream_ids TO ${role};
  END IF;
  -- the months archived out of the store (store migration 14): verify and the seals start from what they left
  IF to_regclass('ca_archived_heads') IS NOT NULL THEN
    GRANT SELECT ON ca_archived_months, ca_archived_heads, ca_archived_event_ids TO ${role};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ca_archived_months, ca_archived_heads, ca_archived_event_ids FROM ${role};
  END IF;
  -- the jackpot pools as the months out of the store left them (store migration 15): read by replay and the verdicts
  IF to_regclass('ca_archived_jackpot_pools') IS NOT NULL THEN
    GRANT SELECT ON ca_archived_jackpot_pools TO ${role};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ca_archived_jackpot_pools FROM ${role};
  END IF;
  -- the write side's states as the months out of the store left them (store migration 16): read by ingestion
  IF to_regclass('ca_archived_stream_states') IS NOT NULL THEN
    GRANT SELECT ON ca_archived_stream_states TO ${role};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ca_archived_stream_states FROM ${role};
  END IF;
  IF to_regclass('ca_event_rows') IS NOT NULL THEN
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ca_event_rows, ca_stream_ids, ca_event_metadata FROM ${role};
  END IF;
END $$;
-- the rows' partitions (store migration 13): nothing on them, the rows are read through ca_events
DO $$
DECLARE
  p regclass;
BEGIN
  IF to_regclass('ca_event_rows') IS NOT NULL THEN
    FOR p IN SELECT relid FROM pg_partition_tree('ca_event_rows') WHERE relid <> 'ca_event_rows'::regclass LOOP
      EXECUTE format('REVOKE ALL ON %s FROM ${role}', p);
    END LOOP;
  END IF;
END $$;
-- the append, as many as the store's migrations left (from migration 12: one taking the data as json, one as jsonb)
DO $$
DECLARE
  f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_proc p WHERE p.proname = 'ca_append' AND p.pronamespace = current_schema()::regnamespace LOOP
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO ${role}', f);
  END LOOP;
END $$;
REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ca_events, ca_streams, ca_schema_migrations FROM ${role};
`;
}
