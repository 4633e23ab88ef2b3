#!/usr/bin/env bash
# A SUN card's tap-to-commit latency (p50/p99 over SUN_TAPS taps, default 200) through real pcscd
# and the virtual NTAG 424 DNA, beside a bare client sending the same APDUs, as a ratio.
# Starts its own pcscd when none is running (and stops it afterwards).
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/release}
"$BIN/memberdesk-bench" securecard "${SUN_TAPS:-200}"
