#!/usr/bin/env bash
# Issue #19: what the audit record adds to a check-in's commit (beside the same check-in without
# it, same run), a sign-in's PIN check (Argon2id), and that the desk draws and checks in meanwhile.
set -euo pipefail
"$BIN/memberdesk-bench" staff "${STAFF_BENCH_COUNT:-10000}"
