#!/bin/bash
# Server-side cost of ca_append by the shape of a call (issue 17; bench/results.md, "Append profile", "After store
# migration 17"). Usage:
#   bench/profile/append-groups.sh REPS postgres://…/SCRATCH_A [postgres://…/SCRATCH_B …]
# Each SCRATCH database is one the store has migrated (any version from 12; e.g. one by the code before a change and
# one by the code after it) and this script may fill: it adds the procedures of append-groups.sql and, the first
# time, 16 streams prof-01…16 of one event each. Then, REPS times, for each shape (streams × events a call) and each
# database in turn: about 2,000 events through ca_append and through the bare INSERT, each call its own transaction
# with synchronous_commit off. It prints each database's medians per event: the statement's time (us_stmt) and with
# its commit (us_total). Run it on an idle machine: the times are wall-clock.
set -euo pipefail
REPS=$1
shift
LABEL="run-$(date +%s)" # this run's rows only, in a database that kept earlier ones
DIR=$(cd "$(dirname "$0")" && pwd)
for U in "$@"; do
  psql -qX "$U" -v ON_ERROR_STOP=1 -f "$DIR/append-groups.sql" 2>&1 | grep -v NOTICE || true
  if [ "$(psql -AtX "$U" -c "SELECT count(*) FROM ca_streams WHERE stream_id LIKE 'prof-%'")" = 0 ]; then
    for k in $(seq -w 1 16); do
      # a stream's first event: version 1, linked to nothing (any hex hashes: ca_append checks the links, not the hashes)
      psql -qAtX "$U" -v ON_ERROR_STOP=1 -c "SELECT * FROM ca_append(ARRAY['prof-$k'], ARRAY[gen_random_uuid()], ARRAY['BetPlaced'],
        ARRAY[prof_bet_json($k)], ARRAY['{}'::jsonb], ARRAY['2025-06-14T20:00:00.000Z'], ARRAY[repeat('c', 64)], ARRAY[1], ARRAY[''],
        ARRAY[prof_digest('prof-$k')], '{}'::jsonb)" >/dev/null
    done
  fi
done
for rep in $(seq 1 "$REPS"); do
  for shape in "1 1" "1 10" "4 1" "8 1" "4 10"; do
    set -- $shape "$@"
    g=$1 b=$2
    shift 2
    for U in "$@"; do
      for kind in insert append; do
        psql -qX "$U" -v ON_ERROR_STOP=1 -c "SET synchronous_commit = off" -c "CALL prof_group('$LABEL', '$kind', $((2000 / (g * b) + 1)), $g, $b)" >/dev/null
      done
    done
  done
done
for U in "$@"; do
  echo "# $(psql -AtX "$U" -c "SELECT current_database() || ', store migration ' || max(version) FROM ca_schema_migrations" 2>/dev/null || echo "$U")"
  psql -X "$U" -c "SELECT kind, g AS streams, b AS events_each, count(*) AS runs, percentile_disc(0.5) WITHIN GROUP (ORDER BY us_stmt) AS us_stmt,
      min(us_stmt), max(us_stmt), percentile_disc(0.5) WITHIN GROUP (ORDER BY us_total) AS us_total FROM prof_group_results WHERE label = '$LABEL' GROUP BY 1, 2, 3 ORDER BY 2, 3, 1"
done
