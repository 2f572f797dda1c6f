#!/usr/bin/env bash
# The mutation-adequacy report's suggestions: --suggest is deterministic (same seed, same
# suggestion). The report on every bundled assignment (its figures add up, every search task tests
# the start-is-the-goal case, every variant reference/<name>/adequacy.json records as detected is
# still detected, every equivalent variant states its reason) is checked in
# validate_assignments.sh, right after validate has computed the same adequacy, from the cache.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# Same seed, same suggestion, each computed in full (--no-cache: as it was before the cache).
for run in a b; do
  "$TILEGRADE" tests assignments/slider-2x3 --suggest --seed 7 --max-boards 60 --no-cache --json \
    >"$work/$run.json" 2>"$work/$run.err" || true
done
cmp -s "$work/a.json" "$work/b.json" || check_failed "--suggest with one seed gave two answers"
grep -q '"suggested_tests"' "$work/a.json" || check_failed "--suggest printed no suggested_tests"
# Its progress, written to a file (no terminal), is whole lines: no carriage return.
! grep -q $'\r' "$work/a.err" || check_failed "--suggest wrote carriage returns into a file"
grep -q "boards tried" "$work/a.err" || check_failed "--suggest said nothing of its progress: $(cat "$work/a.err")"

echo "adequacy report: --suggest is deterministic"
