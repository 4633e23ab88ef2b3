#!/usr/bin/env bash
# Builds every fuzz target under Fuzz/ with libFuzzer and runs each for SECONDS (default 60).
# Crashes are kept in fuzz-corpus/<target>/crashes; turn each into a test and a fix.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
ONLY=${FUZZ_TARGET:-}
export MEMBERDESK_FUZZ=1
# TOMLKit leaks a few bytes per parse (TOMLTable.keys); leaks are not what we hunt here.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
FLAGS=(--scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address)
status=0
for dir in Fuzz/[!_]*/; do
  name=$(basename "$dir")
  [ -n "$ONLY" ] && [ "$ONLY" != "$name" ] && continue
  echo "== fuzz $name (${SECONDS_EACH}s)"
  swift build "${FLAGS[@]}" --product "fuzz-$name" 2>&1 | grep -E "error|warning: unre" || true
  bin=$(swift build "${FLAGS[@]}" --show-bin-path)/fuzz-$name
  mkdir -p "fuzz-corpus/$name/corpus" "fuzz-corpus/$name/crashes"
  [ -d "Fuzz/$name/seeds" ] && cp -n Fuzz/"$name"/seeds/* "fuzz-corpus/$name/corpus/" 2>/dev/null || true
  if ! "$bin" -max_total_time="$SECONDS_EACH" -max_len=4096 -artifact_prefix="fuzz-corpus/$name/crashes/" \
       "fuzz-corpus/$name/corpus" 2>"fuzz-corpus/$name/log.txt"; then
    echo "   CRASH: see fuzz-corpus/$name/crashes/ and fuzz-corpus/$name/log.txt"
    status=1
  else
    grep -E "^(#[0-9]+\s+DONE|Done)" "fuzz-corpus/$name/log.txt" | tail -1 || true
  fi
done
exit $status
