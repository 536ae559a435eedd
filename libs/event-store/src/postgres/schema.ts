/**
 * The event store's own schema, as ordered migrations applied at start-up under an advisory lock.
 * Plain SQL on purpose: the store is usable without the ORM that the read models use.
 */

export interface SqlMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

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
];
