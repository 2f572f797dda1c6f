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
. "$(dirname "$0")/lib/harness.sh"
export TILEGRADE_CACHE_DIR="$work/cache"

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

make_assignment "$work/short" '{"call_seconds": 1, "wall_seconds": 2}' '{}'
"$T" validate "$work/short/assignment" --reference "$work/short/reference" > "$work/short.txt" ||
  { cat "$work/short.txt"; fail "validate of the short clock failed (a warning must not fail it)"; }
grep -q '^ok    budgets of bfs: the reference.s 2 tests of bfs ([0-9]* expansions, ' "$work/short.txt" ||
  fail "no projection of the tests: $(cat "$work/short.txt")"
grep -q '^warn  clock: task bfs: a search stopped by its budget could meet the processor-time limit first' "$work/short.txt" ||
  fail "a 1 s clock under the default budgets is not warned of: $(cat "$work/short.txt")"
grep '^warn  clock: task bfs' "$work/short.txt" | sed 's/^/      /'
echo "ok: a clock too short for the budget is warned of"

make_assignment "$work/fits" '{"call_seconds": 10, "wall_seconds": 20}' '{"max_api_calls": 50000}'
"$T" validate "$work/fits/assignment" --reference "$work/fits/reference" > "$work/fits.txt" ||
  { cat "$work/fits.txt"; fail "validate of the fitting budget failed"; }
grep -q '^ok    budgets of bfs: .*reach, at that pace, max_api_calls in about .*, within the processor-time limit of 10 s$' \
  "$work/fits.txt" || fail "no projection within the clock: $(cat "$work/fits.txt")"
if grep -q 'could meet the processor-time limit first' "$work/fits.txt"; then
  fail "a budget of 50,000 calls under a 10 s clock is warned of: $(cat "$work/fits.txt")"
fi
echo "ok: a budget well inside its clock is not warned of"

# A reference that loops without calling the problem API: its clock stops it, as a student's
# would, and validate reports the failing solution instead of hanging (timeout: the proof).
make_assignment "$work/loops" '{"call_seconds": 1, "wall_seconds": 2}' '{}'
printf 'function bfs(problem)\n  while true do end\nend\n' > "$work/loops/reference/solution.lua"
code=0
timeout 120 "$T" validate "$work/loops/assignment" --reference "$work/loops/reference" \
  > "$work/loops.txt" || code=$?
[ "$code" = 1 ] || fail "a looping reference: exit $code (124 is the timeout): $(cat "$work/loops.txt")"
grep -q '^FAIL  solution.lua: score 0' "$work/loops.txt" ||
  fail "a looping reference is not reported as failing: $(cat "$work/loops.txt")"
echo "ok: a reference that never returns is stopped by its clock"
