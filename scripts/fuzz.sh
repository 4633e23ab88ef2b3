#!/usr/bin/env bash
# Builds every fuzz target under Fuzz/ with libFuzzer and runs each for SECONDS (default 60), or,
# with FUZZ_RUNS=N, each to N runs (no time limit). FUZZ_TARGET=NAME runs only that one;
# FUZZ_SCRATCH=DIR builds elsewhere than .build-fuzz; FUZZ_JOBS=N runs N targets at once
# (default: one per core; each libFuzzer run is one thread).
# Prints the runs each target reached, then a summary. Crashes are kept in
# fuzz-corpus/<target>/crashes; turn each into a test and a fix.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-60}
RUNS=${FUZZ_RUNS:-}
ONLY=${FUZZ_TARGET:-}
JOBS=${FUZZ_JOBS:-$(nproc)}
export MEMBERDESK_FUZZ=1
# TOMLKit leaks a few bytes per parse (TOMLTable.keys); leaks are not what we hunt here.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# Optimised (-c release keeps Swift's overflow and bounds traps; ASan still checks memory): the
# slow targets (crypto, dates) run 2-3x as many inputs a second as a debug build, which is what
# lets every target reach 1M runs in one run (FUZZ_RUNS=1000000).
FLAGS=(-c release --scratch-path "${FUZZ_SCRATCH:-.build-fuzz}" -Xswiftc -sanitize=fuzzer,address)
if [ -n "$RUNS" ]; then LIMIT=(-runs="$RUNS"); WHAT="to $RUNS runs"; else LIMIT=(-max_total_time="$SECONDS_EACH"); WHAT="${SECONDS_EACH}s"; fi

targets=()
for dir in Fuzz/[!_]*/; do
  name=$(basename "$dir")
  [ -n "$ONLY" ] && [ "$ONLY" != "$name" ] && continue
  targets+=("$name")
done
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no target named '$ONLY' under Fuzz/" >&2; exit 2; }

# Run order: the slowest first, by the inputs a second its last run reached (libFuzzer's last
# "exec/s" in its log), and a target never run before all of them. With targets side by side, a
# slow one started last would run alone at the end; started first, the quick ones fill the other
# lanes beside it.
run_order=()
while read -r _ name; do run_order+=("$name"); done < <(
  for name in "${targets[@]}"; do
    rate=$(grep -oE 'exec/s: [0-9]+' "fuzz-corpus/$name/log.txt" 2>/dev/null | tail -1 | grep -oE '[0-9]+' || true)
    printf '%s %s\n' "${rate:-0}" "$name"
  done | sort -k1,1n -k2,2)

# Build them all first (one build at a time: the products share every module), so that the
# runs below can go side by side without two builds fighting over one scratch folder.
for name in "${targets[@]}"; do
  echo "== build fuzz-$name"
  if ! swift build "${FLAGS[@]}" --product "fuzz-$name" > "/tmp/fuzz-build-$name.log" 2>&1; then
    grep -E "error" "/tmp/fuzz-build-$name.log" | head -20
    echo "fuzz: building fuzz-$name failed (full log: /tmp/fuzz-build-$name.log)" >&2
    exit 2
  fi
done
BIN=$(swift build "${FLAGS[@]}" --show-bin-path)

# One target's run: its result line goes to fuzz-corpus/<name>/result.txt for the summary.
run_one() {
  local name=$1 started runs
  mkdir -p "fuzz-corpus/$name/corpus" "fuzz-corpus/$name/crashes"
  [ -d "Fuzz/$name/seeds" ] && cp -n Fuzz/"$name"/seeds/* "fuzz-corpus/$name/corpus/" 2>/dev/null || true
  started=$(date +%s)
  echo "== fuzz $name ($WHAT)"
  if ! "$BIN/fuzz-$name" "${LIMIT[@]}" -max_len=4096 -artifact_prefix="fuzz-corpus/$name/crashes/" \
       "fuzz-corpus/$name/corpus" 2>"fuzz-corpus/$name/log.txt"; then
    echo "   $name: CRASH: see fuzz-corpus/$name/crashes/ and fuzz-corpus/$name/log.txt"
    printf '%-18s CRASH (fuzz-corpus/%s/crashes)\n' "$name" "$name" > "fuzz-corpus/$name/result.txt"
    return 1
  fi
  # libFuzzer's last status line (#N DONE) or "Done N runs in S second(s)".
  runs=$(grep -oE '^(#[0-9]+\s+DONE|Done [0-9]+ runs)' "fuzz-corpus/$name/log.txt" | tail -1 | grep -oE '[0-9]+' | head -1 || true)
  echo "   $name: ${runs:-?} runs, no crash"
  printf '%-18s %12s runs  %6ss  no crash\n' "$name" "${runs:-?}" "$(( $(date +%s) - started ))" > "fuzz-corpus/$name/result.txt"
}

status=0
running=0
for name in "${run_order[@]}"; do
  rm -f "fuzz-corpus/$name/result.txt"
  if [ "$running" -ge "$JOBS" ]; then wait -n || status=1; running=$((running - 1)); fi
  run_one "$name" & running=$((running + 1))
done
while [ "$running" -gt 0 ]; do wait -n || status=1; running=$((running - 1)); done

echo "== fuzz summary ($WHAT each, $JOBS at a time)"
for name in "${targets[@]}"; do
  printf '  %s\n' "$(cat "fuzz-corpus/$name/result.txt" 2>/dev/null || printf '%-18s no result' "$name")"
done
exit $status
