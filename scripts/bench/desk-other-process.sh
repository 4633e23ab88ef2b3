#!/usr/bin/env bash
# The front desk showing a commit made by another process (issue #23): p99 from that commit to the
# frame showing it, beside the bare commit, as a ratio.
set -euo pipefail
"$BIN/memberdesk-bench" other-process
