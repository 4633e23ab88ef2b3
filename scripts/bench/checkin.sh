#!/usr/bin/env bash
# Check-in throughput: Club.checkIn vs the same SQL through the raw SQLite C API.
set -euo pipefail
"$BIN/memberdesk-bench" checkin "${CHECKIN_BENCH_COUNT:-20000}"
