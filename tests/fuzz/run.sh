#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, with ASan and UBSan) and runs each for a bounded time on its
# seed corpus: tests/fuzz/corpus/<target>/ (the bundled assignments, expected.json, the seeds'
# semantics files, boards, batch records). New interesting inputs go to a temp folder, so the
# kept corpus changes only by hand; a crash is written to tests/fuzz/crashes/<target>-<hash> (keep
# it: every file there is replayed first, as a regression test) and fails the run.
# Usage: tests/fuzz/run.sh [SECONDS_PER_TARGET]   (default 20: five targets in under 2 minutes of
# fuzzing, plus the build)
set -euo pipefail
cd "$(dirname "$0")/../.."
SECONDS_PER_TARGET=${1:-${FUZZ_SECONDS:-20}}
BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}
TARGETS=(assignment expected semantics board record metadata roster)

scripts/apt-install.sh fuzz clang
cmake -S . -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_C_COMPILER=clang -DTILEGRADE_FUZZ=ON >/dev/null
cmake --build "$BUILD_DIR" -j "$(nproc)" --target "${TARGETS[@]/#/fuzz_}" >/dev/null

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
mkdir -p tests/fuzz/crashes
failures=0
for target in "${TARGETS[@]}"; do
  binary=$BUILD_DIR/fuzz_$target
  # Kept reproducers first: each must now pass.
  shopt -s nullglob
  kept=(tests/fuzz/crashes/"$target"-*)
  shopt -u nullglob
  if ((${#kept[@]})) && ! "$binary" "${kept[@]}" >/dev/null 2>&1; then
    echo "fuzz $target: a kept reproducer fails again: ${kept[*]}"
    failures=$((failures + 1))
    continue
  fi
  fresh=$(mktemp -d)
  status=0
  "$binary" "$fresh" "tests/fuzz/corpus/$target" -max_total_time="$SECONDS_PER_TARGET" \
    -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
    -artifact_prefix="tests/fuzz/crashes/$target-" >"$fresh.log" 2>&1 || status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$fresh.log" | tail -1 | grep -o '[0-9]*$' || echo "?")
  if [ $status -ne 0 ]; then
    echo "fuzz $target: FAILED after $runs runs (reproducer in tests/fuzz/crashes/):"
    grep -E "ERROR|SUMMARY|runtime error" "$fresh.log" | head -5
    failures=$((failures + 1))
  else
    echo "fuzz $target: $runs runs in ${SECONDS_PER_TARGET} s, no failure"
  fi
  rm -rf "$fresh" "$fresh.log"
done
[ "$failures" = 0 ]
