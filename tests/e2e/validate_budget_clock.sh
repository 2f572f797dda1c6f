#!/usr/bin/env bash
# Budgets decide before clocks (docs/writing-assignments.md, limits): `validate` grades the
# reference solution as a student is graded, under the assignment's clocks; each search call
# reports its processor time, and each search task's pace is scaled to its budgets. It warns when
# a search stopped by its budget could meet the processor-time limit first on a slower machine. A BFS task
# with the default budgets and a 1 s clock gets the warning; the same task with a clock of 10 s
# and a budget of 50,000 problem calls does not. Either way the projection is printed, and the
# warning never makes the assignment invalid. A reference that never returns is stopped by its
# clock like any script, and validate goes on.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export TILEGRADE_CACHE_DIR="$tmp/cache"

make_assignment() {  # DIR LIMITS_JSON TASK_LIMITS_JSON
  mkdir -p "$1/assignment" "$1/reference"
  cp reference/classic-8puzzle/solution.lua "$1/reference/solution.lua"
  python3 - "$1/assignment/assignment.json" "$2" "$3" <<'PY'
import json, sys
task = {"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
        "limits": json.loads(sys.argv[3]),
        "tests": [{"name": "start-is-goal", "start": "0 1 2 3 4 5 6 7 8"},
                  {"name": "far", "generate": {"count": 1, "seed": 5, "scramble": 16}}]}
doc = {"title": "clock", "size": "3x3", "goal": "blank-first",
       "semantics": {"action_order": "UDLR", "goal_test": "on-pop", "duplicates": "on-push",
                     "count": "expanded"},
       "limits": json.loads(sys.argv[2]), "tasks": [task]}
json.dump(doc, open(sys.argv[1], "w"), indent=2)
PY
  "$T" expect "$1/assignment" > /dev/null
}

make_assignment "$tmp/short" '{"call_seconds": 1, "wall_seconds": 2}' '{}'
"$T" validate "$tmp/short/assignment" --reference "$tmp/short/reference" > "$tmp/short.txt" ||
  { cat "$tmp/short.txt"; fail "validate of the short clock failed (a warning must not fail it)"; }
grep -q '^ok    budgets of bfs: the reference.s 2 tests of bfs ([0-9]* expansions, ' "$tmp/short.txt" ||
  fail "no projection of the tests: $(cat "$tmp/short.txt")"
grep -q '^warn  clock: task bfs: a search stopped by its budget could meet the processor-time limit first' "$tmp/short.txt" ||
  fail "a 1 s clock under the default budgets is not warned of: $(cat "$tmp/short.txt")"
grep '^warn  clock: task bfs' "$tmp/short.txt" | sed 's/^/      /'
echo "ok: a clock too short for the budget is warned of"

make_assignment "$tmp/fits" '{"call_seconds": 10, "wall_seconds": 20}' '{"max_api_calls": 50000}'
"$T" validate "$tmp/fits/assignment" --reference "$tmp/fits/reference" > "$tmp/fits.txt" ||
  { cat "$tmp/fits.txt"; fail "validate of the fitting budget failed"; }
grep -q '^ok    budgets of bfs: .*reach, at that pace, max_api_calls in about .*, within the processor-time limit of 10 s$' \
  "$tmp/fits.txt" || fail "no projection within the clock: $(cat "$tmp/fits.txt")"
if grep -q 'could meet the processor-time limit first' "$tmp/fits.txt"; then
  fail "a budget of 50,000 calls under a 10 s clock is warned of: $(cat "$tmp/fits.txt")"
fi
echo "ok: a budget well inside its clock is not warned of"

# A reference that loops without calling the problem API: its clock stops it, as a student's
# would, and validate reports the failing solution instead of hanging (timeout: the proof).
make_assignment "$tmp/loops" '{"call_seconds": 1, "wall_seconds": 2}' '{}'
printf 'function bfs(problem)\n  while true do end\nend\n' > "$tmp/loops/reference/solution.lua"
code=0
timeout 120 "$T" validate "$tmp/loops/assignment" --reference "$tmp/loops/reference" \
  > "$tmp/loops.txt" || code=$?
[ "$code" = 1 ] || fail "a looping reference: exit $code (124 is the timeout): $(cat "$tmp/loops.txt")"
grep -q '^FAIL  solution.lua: score 0' "$tmp/loops.txt" ||
  fail "a looping reference is not reported as failing: $(cat "$tmp/loops.txt")"
echo "ok: a reference that never returns is stopped by its clock"
