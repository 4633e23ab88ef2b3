#!/usr/bin/env bash
# Beacons: 1,000,000 advertising reports replayed --fast through parser + presence tracker,
# beside `btmon -r` decoding the same capture (the reference), as a ratio.
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-.build/release}
"$BIN/memberdesk-bench" beacons --reports "${BEACON_REPORTS:-1000000}"
