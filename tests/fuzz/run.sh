#!/usr/bin/env bash
# Builds the libFuzzer targets (part of the sanitized build, build-sanitize: clang, ASan and UBSan,
# coverage in the parsers; after scripts/test.sh --sanitize there is nothing left to build) and
# runs each for a bounded time on its seed corpus: tests/fuzz/corpus/<target>/ (the bundled
# assignments, expected.json, the seeds' semantics files, boards, batch records). New interesting inputs go to a temp folder, so the
# kept corpus changes only by hand; a crash is written to tests/fuzz/crashes/<target>-<hash> (keep
# it: every file there is replayed first, as a regression test) and fails the run.
# Usage: tests/fuzz/run.sh [SECONDS_PER_TARGET]   (default 20: seven targets, nproc at a time, in
# 80 s of fuzzing on 2 cores); FUZZ_JOBS: how many at a time (default nproc)
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-${FUZZ_SECONDS:-20}}
BUILD_DIR=${FUZZ_BUILD_DIR:-build-sanitize}
# One target per tests/fuzz/fuzz_NAME.cpp, as CMakeLists.txt and scripts/setup.sh --fuzz find them.
TARGETS=()
for source in tests/fuzz/fuzz_*.cpp; do
  name=${source##*/fuzz_}
  TARGETS+=("${name%.cpp}")
done

BUILD_DIR=$BUILD_DIR scripts/setup.sh --fuzz >/dev/null

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p tests/fuzz/crashes
# One target: its kept reproducers, then SECONDS_PER_TARGET of fuzzing; prints one line (and the
# error's first lines), exits non-zero on a failure.
fuzz_one() {
  local target=$1 binary=$BUILD_DIR/fuzz_$1 fresh status=0 runs kept
  # Kept reproducers first: each must now pass.
  shopt -s nullglob
  kept=(tests/fuzz/crashes/"$target"-*)
  shopt -u nullglob
  if ((${#kept[@]})) && ! "$binary" "${kept[@]}" >/dev/null 2>&1; then
    echo "fuzz $target: a kept reproducer fails again: ${kept[*]}"
    return 1
  fi
  fresh=$(mktemp -d)
  "$binary" "$fresh" "tests/fuzz/corpus/$target" -max_total_time="$SECONDS_PER_TARGET" \
    -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
    -artifact_prefix="tests/fuzz/crashes/$target-" >"$fresh.log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$fresh.log" | tail -1 | grep -o '[0-9]*$' || echo "?")
  if [ $status -ne 0 ]; then
    echo "fuzz $target: FAILED after $runs runs (reproducer in tests/fuzz/crashes/):"
    grep -E "ERROR|SUMMARY|runtime error" "$fresh.log" | head -5
  else
    echo "fuzz $target: $runs runs in ${SECONDS_PER_TARGET} s, no failure"
  fi
  rm -rf "$fresh" "$fresh.log"
  return $status
}
# Each libFuzzer process is one thread: the targets run nproc at a time, each for its whole
# SECONDS_PER_TARGET (on 2 cores CI's fuzz step took 7 x 20 s one by one; now half of that).
# Their lines are printed in the targets' order once all have ended.
FUZZ_JOBS=${FUZZ_JOBS:-$(nproc)}
results=$(mktemp -d)
trap 'rm -rf "$results"' EXIT
for target in "${TARGETS[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$FUZZ_JOBS" ]; do wait -n || true; done
  # (called from an `if`, fuzz_one runs without -e: its own status is what counts)
  { if fuzz_one "$target" > "$results/$target.out" 2>&1; then echo 0; else echo 1; fi \
      > "$results/$target.status"; } &
done
wait
failures=0
for target in "${TARGETS[@]}"; do
  cat "$results/$target.out"
  [ "$(cat "$results/$target.status")" = 0 ] || failures=$((failures + 1))
done
[ "$failures" = 0 ]
