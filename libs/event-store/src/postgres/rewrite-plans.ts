/**
 * The three store migrations that rewrite every event (issue 23 §2), as plans for the resumable rewrite
 * (rows-rewrite.ts): what each checks, converts and indexes. Each runs as its migration's `prepare` (committed
 * steps, resumed where a stop left them, appends going on) and its swap in the migration's transaction.
 */
import { appendSignature } from './append-signature';
import { CHUNK, givenIndexes, RowsRewrite, sourceIndexes } from './rows-rewrite';

/** The round index once migration 8 took global_position out of its key (schema.ts, migration 8 step 3). */
const ROUND_INDEX = `CREATE INDEX %COPY% ((data->>'roundId')) WHERE data->>'roundId' IS NOT NULL`;

/**
 * Migration 8: the three chain hashes from 64-digit hex text to 32 bytes, the round index without global_position.
 * Only what ca_append wrote converts without loss (lower-case hex, '' before a stream's first event): anything
 * else is refused rather than decoded, which would hide it.
 */
export const HASHES_AS_BYTES: RowsRewrite = {
  migration: 8,
  source: 'ca_events',
  target: 'ca_events',
  // An append of the version before that waits for the rows while the swap holds them would go on, once they are
  // swapped, with its own statements, which compare hex text to the new bytes: refused (42883), though nothing was
  // wrong with it (bench/results.md, "Store migrations that rewrite every event"). So the append of migration 7 first
  // takes the rows itself (where it waits, if it waits), then looks: the hashes swapped to bytes, it hands its
  // arguments to the append the migration made (a call by name: the new body), which checks and stores them.
  transition: `
DO $$
DECLARE
  def text := pg_get_functiondef('${appendSignature('jsonb')}'::regprocedure);
BEGIN
  IF position('ca_rewrite_guard' IN def) = 0 THEN
    EXECUTE regexp_replace(def, '\nBEGIN\n', E'\nBEGIN\n' || $guard$
  -- ca_rewrite_guard (store migration 8, rewrite-plans.ts): the rows taken here, and if the hashes are bytes now, the append the migration made
  LOCK TABLE ca_events IN ROW EXCLUSIVE MODE;
  IF (SELECT a.atttypid FROM pg_attribute a WHERE a.attrelid = to_regclass('ca_events') AND a.attname = 'hash') <> 'text'::regtype THEN
    RETURN QUERY SELECT * FROM ca_append(p_stream_ids, p_event_ids, p_types, p_data, p_metadata, p_occurred_at, p_content_hashes,
                                         p_versions, p_prev_hashes, p_hashes, p_heads);
    RETURN;
  END IF;
$guard$);
  END IF;
END $$;
`,
  createCopy: `CREATE TABLE ca_events_next (LIKE ca_events INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS);
    ALTER TABLE ca_events_next ALTER COLUMN content_hash TYPE bytea USING decode(content_hash, 'hex'),
                               ALTER COLUMN prev_hash TYPE bytea USING decode(prev_hash, 'hex'),
                               ALTER COLUMN hash TYPE bytea USING decode(hash, 'hex');`,
  refuse: {
    query: `SELECT r.stream_id, r.stream_version FROM ca_events r WHERE ${CHUNK}
               AND (r.content_hash !~ '^[0-9a-f]{64}$' OR r.hash !~ '^[0-9a-f]{64}$' OR r.prev_hash !~ '^([0-9a-f]{64})?$')`,
    reason: 'holds a hash that is not 64 lower-case hex digits',
  },
  columns:
    'global_position, transaction_id, stream_id, stream_version, event_id, event_type, data, metadata, occurred_at, recorded_at, content_hash, prev_hash, hash',
  values: `r.global_position, r.transaction_id, r.stream_id, r.stream_version, r.event_id, r.event_type, r.data, r.metadata, r.occurred_at, r.recorded_at,
           decode(r.content_hash, 'hex'), decode(r.prev_hash, 'hex'), decode(r.hash, 'hex')`,
  indexes: sourceIndexes('ca_events', 'ca_events_next', ['ca_events_round'], { ca_events_round: ROUND_INDEX }),
  carry: true,
};

/**
 * Migration 10: the events move to ca_event_rows with a stream number and a metadata number, without prev_hash.
 * prev_hash is dropped only where it is what the chain says (the hash of the stream's event before, none before
 * version 1); anything else is evidence of an event removed or rewritten, and is refused rather than lost. Streams
 * and metadata are numbered chunk by chunk as the copy meets them (in a chunk, by position).
 */
export const STREAMS_NUMBERED: RowsRewrite = {
  migration: 10,
  source: 'ca_events',
  target: 'ca_event_rows',
  // given once and never changed (like the events, the owner is stopped by triggers); the metadata found by the
  // sha256 of its text (jsonb's text is one per value), so metadata of any size is numbered
  setup: `
CREATE TABLE IF NOT EXISTS ca_stream_ids (
  stream_number integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  stream_id     text NOT NULL CONSTRAINT ca_stream_ids_stream_id UNIQUE
);
CREATE TABLE IF NOT EXISTS ca_event_metadata (
  metadata_id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  digest      bytea NOT NULL CONSTRAINT ca_event_metadata_digest UNIQUE,
  metadata    jsonb NOT NULL
);
CREATE OR REPLACE FUNCTION ca_numbers_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stream and metadata numbers are never changed: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'CA003';
END $$;
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = 'ca_stream_ids'::regclass AND tgname = 'ca_stream_ids_no_update') THEN
    CREATE TRIGGER ca_stream_ids_no_update BEFORE UPDATE OR DELETE ON ca_stream_ids FOR EACH ROW EXECUTE FUNCTION ca_numbers_are_immutable();
    CREATE TRIGGER ca_stream_ids_no_truncate BEFORE TRUNCATE ON ca_stream_ids FOR EACH STATEMENT EXECUTE FUNCTION ca_numbers_are_immutable();
    CREATE TRIGGER ca_event_metadata_no_update BEFORE UPDATE OR DELETE ON ca_event_metadata FOR EACH ROW EXECUTE FUNCTION ca_numbers_are_immutable();
    CREATE TRIGGER ca_event_metadata_no_truncate BEFORE TRUNCATE ON ca_event_metadata FOR EACH STATEMENT EXECUTE FUNCTION ca_numbers_are_immutable();
  END IF;
END $$;
REVOKE ALL ON ca_stream_ids, ca_event_metadata FROM PUBLIC;
CREATE OR REPLACE FUNCTION ca_metadata_digest(metadata jsonb) RETURNS bytea LANGUAGE sql STABLE AS $$ SELECT sha256(convert_to(metadata::text, 'UTF8')) $$;
`,
  // the fixed-width columns first (no alignment padding between them), data (4-byte aligned) after them, the short
  // texts and the two hashes last
  createCopy: `CREATE TABLE ca_event_rows_next (
      global_position  bigint GENERATED ALWAYS AS IDENTITY,
      -- the writer's transaction: the feed is ordered by (transaction_id, global_position) (migration 1)
      transaction_id   xid8 NOT NULL DEFAULT pg_current_xact_id(),
      recorded_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
      stream_number    integer NOT NULL,
      stream_version   integer NOT NULL,
      metadata_id      integer NOT NULL,
      event_id         uuid NOT NULL,
      data             jsonb NOT NULL,
      event_type       text NOT NULL,
      occurred_at      text,
      content_hash     bytea NOT NULL,
      hash             bytea NOT NULL
    );`,
  refuse: {
    query: `SELECT r.stream_id, r.stream_version FROM ca_events r
              LEFT JOIN ca_events p ON p.stream_id = r.stream_id AND p.stream_version = r.stream_version - 1
             WHERE ${CHUNK} AND r.prev_hash IS DISTINCT FROM CASE WHEN r.stream_version = 1 THEN ''::bytea ELSE p.hash END`,
    reason: 'does not link to the hash of the event before it',
  },
  beforeChunk: [
    `INSERT INTO ca_stream_ids (stream_id)
       SELECT r.stream_id FROM ca_events r WHERE ${CHUNK} AND NOT EXISTS (SELECT 1 FROM ca_stream_ids i WHERE i.stream_id = r.stream_id)
        GROUP BY r.stream_id ORDER BY min(r.global_position)
     ON CONFLICT (stream_id) DO NOTHING`,
    // by digest, not by jsonb equality, which holds 1.0 and 1.00 equal: each text keeps its own number
    `INSERT INTO ca_event_metadata (digest, metadata)
       SELECT x.digest, x.metadata
         FROM (SELECT DISTINCT ON (ca_metadata_digest(r.metadata)) ca_metadata_digest(r.metadata) AS digest, r.metadata, r.global_position
                 FROM ca_events r WHERE ${CHUNK} ORDER BY ca_metadata_digest(r.metadata), r.global_position) x
        WHERE NOT EXISTS (SELECT 1 FROM ca_event_metadata i WHERE i.digest = x.digest)
        ORDER BY x.global_position
     ON CONFLICT (digest) DO NOTHING`,
  ],
  columns:
    'global_position, transaction_id, recorded_at, stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash',
  values: `r.global_position, r.transaction_id, r.recorded_at, s.stream_number, r.stream_version, m.metadata_id, r.event_id, r.data,
           r.event_type, r.occurred_at, r.content_hash, r.hash`,
  joins: 'JOIN ca_stream_ids s ON s.stream_id = r.stream_id JOIN ca_event_metadata m ON m.digest = ca_metadata_digest(r.metadata)',
  // the same constraints and indexes under the same names (the append names its refusals by them), each for the
  // query it serves (docs/deployment.md, "Disk per event"); the stream's number in place of its id
  indexes: givenIndexes('ca_event_rows_next', {
    ca_events_pkey: 'CREATE UNIQUE INDEX %COPY% (global_position)',
    ca_events_stream_version: 'CREATE UNIQUE INDEX %COPY% (stream_number, stream_version)',
    ca_events_event_id: 'CREATE UNIQUE INDEX %COPY% (event_id)',
    ca_events_feed: 'CREATE INDEX %COPY% (transaction_id, global_position)',
    ca_events_round: ROUND_INDEX,
    ca_events_sessions_by_day: `CREATE INDEX %COPY% ((data->>'gamingDay')) WHERE event_type = 'TableSessionOpened'`,
    ca_events_closed_sessions: `CREATE INDEX %COPY% (stream_number) WHERE event_type = 'TableSessionClosed'`,
    ca_events_session_context: `CREATE INDEX %COPY% (stream_number, event_type, stream_version)
      WHERE event_type IN ('TableSessionOpened', 'TableLimitsChanged', 'TableSessionSuspended', 'TableSessionResumed',
                           'ShoeStarted', 'TableSessionClosed', 'CorrectionRecorded')`,
    ca_events_jackpots: `CREATE INDEX %COPY% (global_position)
      WHERE event_type IN ('JackpotPoolConfigured', 'JackpotContributed', 'JackpotWon', 'JackpotReset')`,
  }),
  carry: false,
};

/** Migration 12: an event's data from jsonb to json; every other column, index, constraint, trigger and grant as it was. */
export const DATA_AS_JSON: RowsRewrite = {
  migration: 12,
  source: 'ca_event_rows',
  target: 'ca_event_rows',
  createCopy: `CREATE TABLE ca_event_rows_next (LIKE ca_event_rows INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE INCLUDING COMPRESSION INCLUDING COMMENTS);
    ALTER TABLE ca_event_rows_next ALTER COLUMN data TYPE json USING data::json;`,
  columns:
    'global_position, transaction_id, recorded_at, stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash',
  values: `r.global_position, r.transaction_id, r.recorded_at, r.stream_number, r.stream_version, r.metadata_id, r.event_id, r.data::json,
           r.event_type, r.occurred_at, r.content_hash, r.hash`,
  indexes: sourceIndexes('ca_event_rows', 'ca_event_rows_next'),
  carry: true,
};
