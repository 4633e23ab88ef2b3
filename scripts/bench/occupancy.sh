#!/usr/bin/env bash
# Who is inside at 1,000,000 members and 10,000,000 visit events: the inside count beside a bare
# indexed COUNT in the sqlite3 shell (goal < 5 ms), closing time with 5,000 inside (goal < 1 s),
# and a tap's changes file with its entry event (goal < 2 KB, merged in < 20 ms).
set -euo pipefail
"$BIN/memberdesk-bench" occupancy "${OCCUPANCY_BENCH_MEMBERS:-1000000}" "${OCCUPANCY_BENCH_EVENTS:-10000000}" "${OCCUPANCY_BENCH_INSIDE:-5000}"
