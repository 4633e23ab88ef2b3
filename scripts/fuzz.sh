#!/usr/bin/env bash
# Builds every fuzz target under Fuzz/ with libFuzzer and runs each for SECONDS (default 60), or,
# with FUZZ_RUNS=N, each to N runs (no time limit). FUZZ_TARGET=NAME runs only that one;
# FUZZ_SCRATCH=DIR builds elsewhere than .build-fuzz.
# Prints the runs each target reached, then a summary. Crashes are kept in
# fuzz-corpus/<target>/crashes; turn each into a test and a fix.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
RUNS=${FUZZ_RUNS:-}
ONLY=${FUZZ_TARGET:-}
export MEMBERDESK_FUZZ=1
# TOMLKit leaks a few bytes per parse (TOMLTable.keys); leaks are not what we hunt here.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Optimised (-c release keeps Swift's overflow and bounds traps; ASan still checks memory): the
# slow targets (crypto, dates) run 2-3x as many inputs a second as a debug build, which is what
# lets every target reach 1M runs in one run (FUZZ_RUNS=1000000).
FLAGS=(-c release --scratch-path "${FUZZ_SCRATCH:-.build-fuzz}" -Xswiftc -sanitize=fuzzer,address)
if [ -n "$RUNS" ]; then LIMIT=(-runs="$RUNS"); WHAT="to $RUNS runs"; else LIMIT=(-max_total_time="$SECONDS_EACH"); WHAT="${SECONDS_EACH}s"; fi
status=0
summary=()
for dir in Fuzz/[!_]*/; do
  name=$(basename "$dir")
  [ -n "$ONLY" ] && [ "$ONLY" != "$name" ] && continue
  echo "== fuzz $name ($WHAT)"
  swift build "${FLAGS[@]}" --product "fuzz-$name" 2>&1 | grep -E "error|warning: unre" || true
  bin=$(swift build "${FLAGS[@]}" --show-bin-path)/fuzz-$name
  mkdir -p "fuzz-corpus/$name/corpus" "fuzz-corpus/$name/crashes"
  [ -d "Fuzz/$name/seeds" ] && cp -n Fuzz/"$name"/seeds/* "fuzz-corpus/$name/corpus/" 2>/dev/null || true
  started=$(date +%s)
  if ! "$bin" "${LIMIT[@]}" -max_len=4096 -artifact_prefix="fuzz-corpus/$name/crashes/" \
       "fuzz-corpus/$name/corpus" 2>"fuzz-corpus/$name/log.txt"; then
    echo "   CRASH: see fuzz-corpus/$name/crashes/ and fuzz-corpus/$name/log.txt"
    summary+=("$(printf '%-18s CRASH' "$name")")
    status=1
  else
    # libFuzzer's last status line (#N DONE) or "Done N runs in S second(s)".
    runs=$(grep -oE '^(#[0-9]+\s+DONE|Done [0-9]+ runs)' "fuzz-corpus/$name/log.txt" | tail -1 | grep -oE '[0-9]+' | head -1)
    echo "   $name: ${runs:-?} runs, no crash"
    summary+=("$(printf '%-18s %12s runs  %6ss  no crash' "$name" "${runs:-?}" "$(( $(date +%s) - started ))")")
  fi
done
echo "== fuzz summary ($WHAT each)"
printf '  %s\n' "${summary[@]}"
exit $status
