-- The two hashes of the append profiles (append-profile.sql and append-groups.sql include this file), written once:
-- a text's sha256 in hex, which the profiles take as an event's content hash (ca_append checks the links, not the
-- contents), and the chain link as the store computes it (libs/event-store/src/canonical.ts, `chainHash`).
-- Simple SQL functions: PostgreSQL inlines them into the expressions that call them.
CREATE OR REPLACE FUNCTION prof_digest(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(t, 'UTF8')), 'hex') $$;
CREATE OR REPLACE FUNCTION prof_link(prev_hash text, stream_id text, version int, content_hash text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT prof_digest(prev_hash || '|' || stream_id || '|' || version || '|' || content_hash) $$;
