#!/usr/bin/env bash
# Sync with 1,000,000 members: memberdesk export/import against the sqlite3 shell on the same table,
# and memberdesk's peak RSS (goals: export <= 1.5x, import+merge <= 2x, RSS <= 200 MB).
set -euo pipefail
"$BIN/memberdesk-bench" sync "${SYNC_BENCH_COUNT:-1000000}"
