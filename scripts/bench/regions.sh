#!/usr/bin/env bash
# Region scripts: event → script-start latency (p99, goal < 2 ms) and sustained enter/exit
# script runs per second (goal 10,000/s), each beside an in-process reference, as a ratio.
set -euo pipefail
BIN=${BIN:-.build/release}
"$BIN/memberdesk-bench" regions --runs "${REGION_BENCH_RUNS:-20000}"
