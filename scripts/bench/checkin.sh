#!/usr/bin/env bash
# Check-in throughput: Club.checkIn vs the same SQL through the raw SQLite C API, with each one's
# latency, WAL pages per check-in and largest WAL; then a burst of 100,000 through `scan --stdin`.
set -euo pipefail
"$BIN/memberdesk-bench" checkin "${CHECKIN_BENCH_COUNT:-20000}"
"$BIN/memberdesk-bench" checkin-burst "${CHECKIN_BURST_COUNT:-100000}"
