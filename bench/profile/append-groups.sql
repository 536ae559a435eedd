-- Server-side profile of a call of ca_append by its shape (issue 17; run by append-groups.sh): G streams of B events
-- each, as group commit sends them (G > 1: the several-streams path of store migration 17), against the same rows'
-- INSERT into ca_event_rows with their numbers known, and a single-index table's (the bench's raw ceiling). Each call
-- is its own transaction (a procedure that COMMITs); run with synchronous_commit off, so that the flush stays out.
-- prof_group_results keeps each run's time per event: of the statement alone, and with its commit.
-- Needs a store at migration 12 or later (data as json) holding streams prof-01…prof-16 (append-groups.sh makes them).
\ir prof-chain.sql
CREATE TABLE IF NOT EXISTS prof_raw (id bigserial PRIMARY KEY, stream_id text NOT NULL, version integer NOT NULL, data jsonb NOT NULL);
CREATE TABLE IF NOT EXISTS prof_group_results (at timestamptz DEFAULT clock_timestamp(), label text, kind text, g int, b int, n int, us_stmt numeric, us_total numeric);
CREATE OR REPLACE FUNCTION prof_bet_json(n int) RETURNS json LANGUAGE sql AS $$
  SELECT json_build_object('sessionId', 'FR-ENG-T01-2025-06-14-s01', 'roundId', 'T01-2025-06-14-r' || lpad((n >> 3)::text, 6, '0'),
    'betId', 'b-' || gen_random_uuid(), 'seat', 1 + n % 7, 'betType', 'straight', 'selection', json_build_array(n % 37),
    'amount', 2500 + (n % 10) * 500, 'onBehalfOf', 'player-' || (1000 + n % 9000)) $$;
-- n calls; each call: g streams (of the 16, in turn) × b events; kind: append (ca_append), insert, raw
CREATE OR REPLACE PROCEDURE prof_group(label text, kind text, n int, g int, b int) LANGUAGE plpgsql AS $$
DECLARE
  vers int[]; heads text[]; nums int[]; i int; j int; q int; k int; t0 timestamptz; t1 timestamptz; c int := 0; meta int;
  sids text[]; eids uuid[]; types text[]; datas json[]; metas jsonb[]; occ text[]; chs text[]; vs int[]; prevs text[]; hs text[]; sn int[];
  sid text; v int; d json; ch text; st interval := '0'; tt interval := '0'; s0 int := 0;
BEGIN
  FOR k IN 1..16 LOOP
    sid := 'prof-' || lpad(k::text, 2, '0');
    SELECT coalesce(max(stream_version), 0) INTO v FROM ca_events WHERE stream_id = sid;
    vers[k] := v;
    heads[k] := coalesce((SELECT encode(hash, 'hex') FROM ca_event_rows e JOIN ca_stream_ids s USING (stream_number) WHERE s.stream_id = sid AND e.stream_version = v), '');
  END LOOP;
  FOR i IN 1..n LOOP
    sids := '{}'; eids := '{}'; types := '{}'; datas := '{}'; metas := '{}'; occ := '{}'; chs := '{}'; vs := '{}'; prevs := '{}'; hs := '{}'; sn := '{}';
    FOR q IN 1..g LOOP
      k := 1 + (s0 % 16); s0 := s0 + 1;
      sid := 'prof-' || lpad(k::text, 2, '0');
      FOR j IN 1..b LOOP
        c := c + 1; d := prof_bet_json(c);
        ch := prof_digest(d::text);
        v := vers[k] + 1;
        prevs := prevs || heads[k];
        heads[k] := prof_link(heads[k], sid, v, ch);
        vers[k] := v;
        sids := sids || sid; eids := eids || gen_random_uuid(); types := types || 'BetPlaced'::text; datas := datas || d;
        metas := metas || '{}'::jsonb; occ := occ || '2025-06-14T20:00:00.000Z'::text; chs := chs || ch; vs := vs || v; hs := hs || heads[k];
        sn := sn || (SELECT stream_number FROM ca_stream_ids WHERE stream_id = sid);
      END LOOP;
    END LOOP;
    t0 := clock_timestamp();
    IF kind = 'append' THEN
      PERFORM * FROM ca_append(sids, eids, types, datas, metas, occ, chs, vs, prevs, hs, '{}'::jsonb);
    ELSIF kind = 'insert' THEN
      SELECT metadata_id INTO meta FROM ca_event_metadata WHERE metadata = '{}'::jsonb;
      INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, data, event_type, occurred_at, content_hash, hash)
      SELECT u.s, u.v, meta, u.id, u.d, u.t, u.o, decode(u.c, 'hex'), decode(u.h, 'hex')
        FROM unnest(sn, vs, eids, datas, types, occ, chs, hs) AS u(s, v, id, d, t, o, c, h);
    ELSIF kind = 'raw' THEN
      INSERT INTO prof_raw (stream_id, version, data) SELECT u.s, u.v, u.d::jsonb FROM unnest(sids, vs, datas) AS u(s, v, d);
    END IF;
    t1 := clock_timestamp();
    COMMIT;
    st := st + (t1 - t0);
    tt := tt + (clock_timestamp() - t0);
  END LOOP;
  INSERT INTO prof_group_results (label, kind, g, b, n, us_stmt, us_total) VALUES (label, kind, g, b, n, round(extract(epoch FROM st) * 1e6 / (n * g * b), 2), round(extract(epoch FROM tt) * 1e6 / (n * g * b), 2));
  COMMIT;
END $$;
