-- Server-side profile of the append (issue 17; run by append-profile.sh, which reads the backend's CPU
-- around each CALL). Each append is its own transaction (a procedure that COMMITs); run it with
-- synchronous_commit off, so that the flush wait (the same for every variant) stays out and the CPU shows.
-- prof_results keeps the wall-clock time of each run (statement alone, and with its commit).
\ir prof-chain.sql
CREATE TABLE IF NOT EXISTS prof_results (at timestamptz DEFAULT clock_timestamp(), label text, kind text, batch int, n int, us_stmt numeric, us_total numeric);
CREATE TABLE IF NOT EXISTS prof_raw (id bigserial PRIMARY KEY, stream_id text NOT NULL, version integer NOT NULL, data jsonb NOT NULL);

-- a contract BetPlaced as bench/append.ts writes it
CREATE OR REPLACE FUNCTION prof_bet(n int) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object('sessionId', 'FR-ENG-T01-2025-06-14-s01', 'roundId', 'T01-2025-06-14-r' || lpad((n >> 3)::text, 6, '0'),
    'betId', 'b-' || gen_random_uuid(), 'seat', 1 + n % 7, 'betType', 'straight', 'selection', jsonb_build_array(n % 37),
    'amount', 2500 + (n % 10) * 500, 'onBehalfOf', 'player-' || (1000 + n % 9000)) $$;

CREATE OR REPLACE PROCEDURE prof_run(label text, kind text, n int, batch int) LANGUAGE plpgsql AS $$
DECLARE
  vers int[]; heads text[]; i int; j int; k int; t0 timestamptz; t1 timestamptz;
  sids text[]; eids uuid[]; types text[]; datas jsonb[]; metas jsonb[]; occ text[]; chs text[]; vs int[]; prevs text[]; hs text[];
  hd jsonb; sid text; v int; v0 int; prev0 text; ch text; d jsonb; c int := 0;
  st interval := '0'; tt interval := '0';
  numbered boolean := to_regclass('ca_event_rows') IS NOT NULL; numbers int[]; meta int;
BEGIN
  SELECT array_agg(version ORDER BY stream_id), array_agg(head_hash ORDER BY stream_id) INTO vers, heads FROM ca_streams WHERE stream_id LIKE 'prof-%';
  -- after migration 10 the rows carry numbers: 'insert' is the INSERT of ca_append with them known, as it runs it
  IF numbered THEN
    EXECUTE $q$SELECT array_agg(stream_number ORDER BY stream_id) FROM ca_stream_ids WHERE stream_id LIKE 'prof-%'$q$ INTO numbers;
    EXECUTE $q$SELECT (ca_number_metadata(ARRAY['{"recordedBy":"terminal:T-1"}'::jsonb]))[1]$q$ INTO meta;
  END IF;
  FOR i IN 1..n LOOP
    k := 1 + (i % 16);
    sid := 'prof-' || lpad(k::text, 2, '0');
    sids := '{}'; eids := '{}'; types := '{}'; datas := '{}'; metas := '{}'; occ := '{}'; chs := '{}'; vs := '{}'; prevs := '{}'; hs := '{}';
    v0 := vers[k]; prev0 := heads[k];
    FOR j IN 1..batch LOOP
      c := c + 1;
      d := prof_bet(c);
      ch := prof_digest(d::text);
      v := vers[k] + 1;
      prevs := prevs || heads[k];
      heads[k] := prof_link(heads[k], sid, v, ch);
      vers[k] := v;
      sids := sids || sid; eids := eids || gen_random_uuid(); types := types || 'BetPlaced'::text; datas := datas || d;
      metas := metas || '{"recordedBy":"terminal:T-1"}'::jsonb; occ := occ || '2025-06-14T20:00:00.000Z'::text; chs := chs || ch; vs := vs || v; hs := hs || heads[k];
    END LOOP;
    hd := jsonb_build_object(sid, jsonb_build_object('from', v0, 'prev', prev0, 'to', vers[k], 'head', heads[k]));
    t0 := clock_timestamp();
    IF kind = 'append' THEN
      PERFORM * FROM ca_append(sids, eids, types, datas, metas, occ, chs, vs, prevs, hs, hd);
    ELSIF kind = 'head' THEN -- (before migration 6: the head row's update alone)
      UPDATE ca_streams SET version = vers[k], head_hash = heads[k] WHERE stream_id = sid AND version = v0 AND head_hash = prev0;
    ELSIF kind = 'insert' AND numbered THEN
      -- (static: PL/pgSQL plans a statement when it first runs it, so a store before migration 10 never sees this one)
      INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
      SELECT numbers[k], u.v, meta, u.id, u.d, u.t, u.o, decode(u.c, 'hex'), decode(u.h, 'hex')
        FROM unnest(vs, eids, datas, types, occ, chs, hs) AS u(v, id, d, t, o, c, h);
    ELSIF kind = 'insert' THEN
      INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at, content_hash, prev_hash, hash)
      SELECT * FROM unnest(sids, vs, eids, types, datas, metas, occ, chs, prevs, hs);
    ELSIF kind = 'raw' THEN
      INSERT INTO prof_raw (stream_id, version, data) SELECT * FROM unnest(sids, vs, datas);
    ELSIF kind = 'insert+head' THEN -- (before migration 6)
      UPDATE ca_streams SET version = vers[k], head_hash = heads[k] WHERE stream_id = sid AND version = v0 AND head_hash = prev0;
      INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at, content_hash, prev_hash, hash)
      SELECT * FROM unnest(sids, vs, eids, types, datas, metas, occ, chs, prevs, hs);
    ELSIF kind = 'nothing' THEN
      NULL;
    END IF;
    t1 := clock_timestamp();
    COMMIT;
    st := st + (t1 - t0);
    tt := tt + (clock_timestamp() - t0);
  END LOOP;
  INSERT INTO prof_results (label, kind, batch, n, us_stmt, us_total)
  VALUES (label, kind, batch, n, round(extract(epoch FROM st) * 1e6 / (n * batch), 2), round(extract(epoch FROM tt) * 1e6 / (n * batch), 2));
  COMMIT;
END $$;

CREATE OR REPLACE PROCEDURE prof_sync() LANGUAGE plpgsql AS $$
BEGIN
  -- 'head' alone moves heads past events, 'insert' alone events past heads: start from the events
  -- (a table before migration 6; a view of the last events after it)
  IF (SELECT relkind FROM pg_class WHERE oid = 'ca_streams'::regclass) = 'r' THEN
    ALTER TABLE ca_streams DISABLE TRIGGER USER;
    UPDATE ca_streams s SET version = e.stream_version, head_hash = e.hash
      FROM (SELECT DISTINCT ON (stream_id) stream_id, stream_version, hash FROM ca_events WHERE stream_id LIKE 'prof-%' ORDER BY stream_id, stream_version DESC) e
     WHERE e.stream_id = s.stream_id;
    ALTER TABLE ca_streams ENABLE TRIGGER USER;
  END IF;
  COMMIT;
END $$;

-- 16 streams of one event each, appended through ca_append (the same call before and after migration 6)
CREATE OR REPLACE PROCEDURE prof_start_streams() LANGUAGE plpgsql AS $$
DECLARE
  k int;
  sid text;
  d jsonb;
  ch text;
BEGIN
  FOR k IN 1..16 LOOP
    sid := 'prof-' || lpad(k::text, 2, '0');
    d := prof_bet(k);
    ch := prof_digest(d::text);
    PERFORM * FROM ca_append(ARRAY[sid], ARRAY[gen_random_uuid()], ARRAY['BetPlaced'], ARRAY[d], ARRAY['{}'::jsonb],
      ARRAY['2025-06-14T20:00:00.000Z'], ARRAY[ch], ARRAY[1], ARRAY[''],
      ARRAY[prof_link('', sid, 1, ch)],
      jsonb_build_object(sid, jsonb_build_object('from', 0, 'prev', '', 'to', 1,
        'head', prof_link('', sid, 1, ch))));
  END LOOP;
  COMMIT;
END $$;
