#!/usr/bin/env bash
# Folder sync at 1,000,000 members: snapshot beside export, one check-in's changes file (size, merge
# time beside import --yes and a bare transaction), the watcher's idle CPU over 50 desks, and tap to
# counted through two real Syncthing instances beside Syncthing's own carry of a bare file.
set -euo pipefail
"$BIN/memberdesk-bench" folder-sync "${SYNC_BENCH_COUNT:-1000000}" "${SYNC_BENCH_TAPS:-20}"
