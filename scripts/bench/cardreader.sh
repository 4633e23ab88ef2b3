#!/usr/bin/env bash
# Tap-to-commit latency (p50/p99 over CARD_TAPS taps, default 200) through real pcscd and a vpcd
# virtual card, beside pcscd's own time to report the card to a bare client, as a ratio.
# Starts its own pcscd when none is running (and stops it afterwards).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/release}
"$BIN/memberdesk-bench" cardreader "${CARD_TAPS:-200}"
