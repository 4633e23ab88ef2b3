#!/usr/bin/env bash
# Runs the built tests with a watchdog: a hung test fails the run with every thread's stack,
# instead of holding CI until its own time limit.
set -uo pipefail
limit="${TEST_TIME_LIMIT:-1200}"
"${SWIFT:-swift}" test --skip-build "$@" &
runner=$!
# This run's processes only: other checkouts on the machine may be running their own tests.
descendants() { for child in $(pgrep -P "$1"); do echo "$child"; descendants "$child"; done; }
waited=0
while kill -0 "$runner" 2>/dev/null; do
  if [ "$waited" -ge "$limit" ]; then
    echo "test.sh: the tests ran over ${limit} s; stacks of the hung test process follow" >&2
    for pid in $(descendants "$runner"); do
      grep -q 'memberdeskPackageTests.xctest' "/proc/$pid/cmdline" 2>/dev/null || continue
      if command -v gdb >/dev/null; then
        timeout 120 gdb -p "$pid" -batch -ex "thread apply all bt 30" 2>/dev/null | grep -E '^(Thread|#[0-9]+ .* at /)' >&2
      fi
      ps -o pid,etime,args --ppid "$pid" >&2
      # Its children too (pcscd, memberdesk scan ...): left running, they would read the next run's cards.
      pkill -KILL -P "$pid"
      kill -KILL "$pid"
    done
    kill "$runner" 2>/dev/null
    wait "$runner" 2>/dev/null
    exit 1
  fi
  sleep 1
  waited=$((waited + 1))
done
wait "$runner"
