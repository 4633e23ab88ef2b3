#!/usr/bin/env bash
# The front desk with 1,000,000 members: startup, search keystroke latency, idle CPU, RSS.
# The member database is generated once and cached in .build/ (TUI_BENCH_DB overrides it).
set -euo pipefail
"$BIN/memberdesk-bench" tui "${TUI_BENCH_MEMBERS:-1000000}"
