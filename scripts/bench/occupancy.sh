#!/usr/bin/env bash
# Who is inside at 1,000,000 members and 10,000,000 visit events (issue #18), each figure beside
# its reference as a ratio, with its goal: the inside count beside a bare indexed COUNT in the
# sqlite3 shell (< 5 ms), `memberdesk report` over a year beside the sqlite3 shell's aggregates
# (< 3 s), closing time with 5,000 inside (< 1 s), and a tap's changes file with its entry event
# (< 2 KB, merged in < 20 ms). The database is made once and kept in .build/bench-data
# (MEMBERDESK_BENCH_DATA); delete it to make it again.
set -euo pipefail
"$BIN/memberdesk-bench" occupancy "${OCCUPANCY_BENCH_MEMBERS:-1000000}" "${OCCUPANCY_BENCH_EVENTS:-10000000}" "${OCCUPANCY_BENCH_INSIDE:-5000}"
