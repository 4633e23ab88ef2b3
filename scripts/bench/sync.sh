#!/usr/bin/env bash
# Sync with 1,000,000 members: memberdesk export/import against the sqlite3 shell on the same table,
# and memberdesk's peak RSS (goals, issue 29: export <= 1.25x, import+merge <= 1.0x; RSS <= 200 MB).
set -euo pipefail
"$BIN/memberdesk-bench" sync "${SYNC_BENCH_COUNT:-1000000}"
# What per-field stamps (sync format 3, and format 2 beside it) add to the sync folder, against format 1 for the same edits (goal <= 1.20x).
"$BIN/memberdesk-bench" field-stamps "${FIELD_STAMPS_BENCH_COUNT:-10000}"
