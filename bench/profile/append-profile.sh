#!/bin/bash
# Server-side profile of the append (issue 17; bench/results.md, "Append profile"). Usage:
#   bench/profile/append-profile.sh postgres://…/SCRATCH_DB [REPS]
# SCRATCH_DB: a database migrated by the store (any schema version) that this script may fill: it adds
# the procedures of append-profile.sql, 16 streams prof-01…16 of 20,000 BetPlaced facts (first run), then
# runs each variant in its own psql session and prints the backend's CPU (utime+stime from /proc, 10 ms
# ticks; PostgreSQL must run on this machine) per event: on a busy machine wall time is mostly waiting
# for a core, CPU time much less so. Variants (each append its own transaction, synchronous_commit off):
#   nothing  the loop alone (building the arguments, hashing) and an empty commit: subtract it
#   raw      a single-index table's INSERT (the bench's ceiling)
#   insert   the INSERT alone, as ca_append runs it (into ca_event_rows with its numbers after migration 10)
#   append   ca_append
# Then the WAL and buffers of one event's INSERT with every index of ca_events, and with each dropped
# (rolled back): what each index costs on every append, deterministically.
set -euo pipefail
U=$1
REPS=${2:-3}
DIR=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
psql -qX "$U" -v ON_ERROR_STOP=1 -f "$DIR/append-profile.sql" 2>&1 | grep -v NOTICE || true
if [ "$(psql -AtX "$U" -c "SELECT count(*) FROM ca_events WHERE stream_id LIKE 'prof-%'")" = 0 ]; then
  # the first events of each stream go through ca_append (any schema version), the rest through the loop
  psql -qX "$U" -v ON_ERROR_STOP=1 -c "SET synchronous_commit = off" -c "CALL prof_start_streams()" -c "CALL prof_run('preload', 'append', 2000, 10)"
fi
run() { # kind n batch
  psql -qAtX "$U" -v ON_ERROR_STOP=1 >/dev/null <<SQL
SET synchronous_commit = off;
CALL prof_sync();
\o $TMP/pid
SELECT pg_backend_pid();
\o
\! awk '{print \$14+\$15}' /proc/\$(cat $TMP/pid)/stat > $TMP/cpu.a
CALL prof_run('profile', '$1', $2, $3);
\! awk '{print \$14+\$15}' /proc/\$(cat $TMP/pid)/stat > $TMP/cpu.b
SQL
  echo "$1 batch=$3 cpu_us_per_event=$(( ($(cat $TMP/cpu.b) - $(cat $TMP/cpu.a)) * 10000 / ($2 * $3) ))"
}
for rep in $(seq 1 "$REPS"); do
  echo "# repetition $rep"
  for kind in nothing raw insert append; do
    run $kind 1500 1
    run $kind 200 10
  done
done
echo "# one event's INSERT: WAL and buffers, with every index and without each"
TABLE=ca_events
ins="EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF, TIMING OFF, SUMMARY OFF) INSERT INTO ca_events (stream_id, stream_version, event_id, event_type, data, metadata, occurred_at, content_hash, prev_hash, hash) SELECT 'prof-03', (SELECT max(stream_version) + 1 FROM ca_events WHERE stream_id = 'prof-03'), gen_random_uuid(), 'BetPlaced', prof_bet(123457), '{\"recordedBy\":\"terminal:T-1\"}', '2025-06-14T20:00:00.000Z', repeat('c', 64), repeat('p', 64), repeat('h', 64)"
if [ "$(psql -AtX "$U" -c "SELECT to_regclass('ca_event_rows') IS NOT NULL")" = t ]; then
  # after migration 10: the rows, with the stream's and the metadata's numbers (as ca_append inserts them)
  TABLE=ca_event_rows
  ins="EXPLAIN (ANALYZE, BUFFERS, WAL, COSTS OFF, TIMING OFF, SUMMARY OFF) INSERT INTO ca_event_rows (stream_number, stream_version, metadata_id, event_id, event_type, data, occurred_at, content_hash, hash) SELECT s.stream_number, (SELECT max(stream_version) + 1 FROM ca_event_rows WHERE stream_number = s.stream_number), (SELECT min(metadata_id) FROM ca_event_metadata), gen_random_uuid(), 'BetPlaced', prof_bet(123457), '2025-06-14T20:00:00.000Z', decode(repeat('c', 64), 'hex'), decode(repeat('e', 64), 'hex') FROM ca_stream_ids s WHERE s.stream_id = 'prof-03'"
fi
one() { psql -AtX "$U" -c "BEGIN" -c "$1" -c "$ins" -c "ROLLBACK" | grep -E "WAL:|Buffers:" | head -2 | tr -s ' ' | tr '\n' ' '; echo; }
echo "every index: $(one 'SELECT 1')"
for idx in $(psql -AtX "$U" -c "SELECT indexrelid::regclass FROM pg_index WHERE indrelid = '$TABLE'::regclass ORDER BY 1"); do
  if [ -n "$(psql -AtX "$U" -c "SELECT conname FROM pg_constraint WHERE conname = '$idx'")" ]; then d="ALTER TABLE $TABLE DROP CONSTRAINT $idx"; else d="DROP INDEX $idx"; fi
  echo "without $idx: $(one "$d")"
done
