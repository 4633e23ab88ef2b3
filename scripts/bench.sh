#!/usr/bin/env bash
# Runs every benchmark: each prints memberdesk's figure beside a reference run, as a ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release
for bench in scripts/bench/*.sh; do
  echo "== $(basename "$bench" .sh)"
  BIN="$BIN" bash "$bench"
done
