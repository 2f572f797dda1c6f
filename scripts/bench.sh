#!/usr/bin/env bash
# Prints tilegrade's speed figures, each beside a peer measured in the same run. Benchmarks report;
# they never pass or fail, and no unit test times anything.
# Usage: scripts/bench.sh [--perf | --profile] [CASE...]
#   (no case: all of them; an unknown name lists the cases)
#   --perf     the cases under `perf stat` (processor time, page faults; cycles and instructions
#              where the machine exposes them, not in most virtual machines)
#   --profile  the cases under `perf record`, then the functions that took the most samples
# TILEGRADE_SHARED_DIR: where the seeds and data are (seeds/, data/korf100.txt); default shared/
# beside the repository, which a git worktree elsewhere does not have.
set -euo pipefail
cd "$(dirname "$0")/.."
perf_mode=
case "${1:-}" in --perf|--profile) perf_mode=$1; shift ;; esac
scripts/setup.sh
if [ -n "$perf_mode" ] && ! command -v perf >/dev/null; then
  scripts/apt-install.sh bench linux-perf  # Debian's perf
fi
# The seed 001 peer runs the notebook's own Python code, which needs numpy.
scripts/apt-install.sh bench python3-numpy || echo "bench: without python3-numpy its peer will fail" >&2
# validate_assignments compares this build with an earlier one: TILEGRADE_BEFORE=/path/to/tilegrade,
# or TILEGRADE_BEFORE_COMMIT=<commit> to build that commit's tilegrade once, in build/before-<commit>.
if [ -z "${TILEGRADE_BEFORE:-}" ] && [ -n "${TILEGRADE_BEFORE_COMMIT:-}" ]; then
  before=build/before-$TILEGRADE_BEFORE_COMMIT
  if [ ! -x "$before/build/tilegrade" ]; then
    rm -rf "$before" && mkdir -p "$before"
    git archive "$TILEGRADE_BEFORE_COMMIT" | tar -x -C "$before"
    cmake -S "$before" -B "$before/build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$before/build" --target tilegrade -j2 >/dev/null
  fi
  export TILEGRADE_BEFORE=$PWD/$before/build/tilegrade
fi
case "$perf_mode" in
  --perf) exec perf stat -e task-clock,context-switches,page-faults,cycles,instructions build/bench "$@" ;;
  --profile)
    data=$(mktemp /tmp/tilegrade-perf.XXXXXX)
    trap 'rm -f "$data"' EXIT
    perf record -q -e cpu-clock -F 5000 -o "$data" build/bench "$@"
    perf report -i "$data" --no-children --percent-limit 1 --stdio 2>/dev/null | grep '%' ;;
  *) exec build/bench "$@" ;;
esac
