#!/usr/bin/env bash
# Check-in throughput: Club.checkIn vs the same SQL through the raw SQLite C API, with each one's
# latency, WAL pages per check-in and largest WAL; where a tap's pages go, table by table (a count,
# the same in any build); then a burst of 100,000 through `scan --stdin`.
set -euo pipefail
"$BIN/memberdesk-bench" checkin "${CHECKIN_BENCH_COUNT:-20000}"
"$BIN/memberdesk-bench" checkin-pages "${CHECKIN_PAGES_TAPS:-300}"
"$BIN/memberdesk-bench" checkin-burst "${CHECKIN_BURST_COUNT:-100000}"
