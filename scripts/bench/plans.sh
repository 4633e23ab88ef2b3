#!/usr/bin/env bash
# Plans at 1,000,000 members: a check-in of a pack member beside today's check-in of an open member
# in the same run (goal: under 10 % more), and `members list --expiring 14` beside the same
# indexed query in the sqlite3 shell (goal < 50 ms).
set -euo pipefail
"$BIN/memberdesk-bench" plans "${PLANS_BENCH_MEMBERS:-1000000}" "${PLANS_BENCH_TAPS:-2000}"
