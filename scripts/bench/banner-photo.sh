#!/usr/bin/env bash
# The banner with a member's photo (block art, sixel, kitty) beside the banner without one.
set -euo pipefail
"$BIN/memberdesk-bench" banner-photo "${PHOTO_BENCH_ROUNDS:-300}"
