#!/usr/bin/env bash
# Issue 48: a check-in with every door rule active (opening hours, a plan's access windows, a
# freeze on file, a waiver required and signed, an alert) beside an open check-in in the same
# run (goal: ratio <= 1.10).
set -euo pipefail
"$BIN/memberdesk-bench" door-rules "${DOOR_RULES_BENCH_TAPS:-10000}"
