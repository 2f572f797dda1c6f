#!/usr/bin/env bash
# Scores an instructor controls (docs/writing-assignments.md, `weights`), through `tilegrade
# grade`: a BFS whose search is right but whose path is returned backwards passes the count and
# the order and fails the path. Under the default rule it earns nothing for them (and is told so);
# with "wrong_path": "partial" it earns them; weights set at the task level are overridden by a
# test's; a bad weight is refused with its path and exit 2.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

# One BFS task of classic-8puzzle, two tests: one a move away, one two moves away (Up Left).
# TASK_WEIGHTS is the task's "weights" member, TEST_WEIGHTS the second test's (either may be "").
write_assignment() {  # DIR TASK_WEIGHTS TEST_WEIGHTS
  mkdir -p "$1"
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
out, task_weights, test_weights = sys.argv[1], sys.argv[2], sys.argv[3]
task = {"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 20,
        "tests": [{"name": "one-move", "start": "1 0 2 3 4 5 6 7 8"},
                  {"name": "two-moves", "start": "1 4 2 3 0 5 6 7 8"}]}
if task_weights: task["weights"] = json.loads(task_weights)
if test_weights: task["tests"][1]["weights"] = json.loads(test_weights)
doc = {"title": "weights", "size": "3x3", "goal": "blank-first",
       "semantics": {"action_order": "UDLR", "goal_test": "on-pop", "duplicates": "on-push",
                     "count": "expanded"},
       "tasks": [task]}
json.dump(doc, open(out + "/assignment.json", "w"), indent=2)
PY
  "$T" expect "$1" > /dev/null
}

# The reference BFS with its path handed back last move first.
python3 - reference/classic-8puzzle/solution.lua "$work/backwards.lua" <<'PY'
import sys
text = open(sys.argv[1]).read()
forward = "  for i = #reversed, 1, -1 do moves[#moves + 1] = reversed[i] end\n"
assert forward in text, "the reference solution's path_to changed: update this test"
open(sys.argv[2], "w").write(text.replace(forward, "  for i = 1, #reversed do moves[#moves + 1] = reversed[i] end\n"))
PY

scores() {  # DIR: "one-move two-moves" scores of the backwards BFS
  "$T" grade "$1" "$work/backwards.lua" --json > "$work/grade.json" || true
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(str(round(t["score"], 6)) for t in d["tests"]))' "$work/grade.json"
}
expect_scores() {  # DIR WANTED WHAT
  local got
  got=$(scores "$1")
  [ "$got" = "$2" ] || fail "$3: scores $got, expected $2"
  echo "ok: $3: $got"
}

# A one-move path reads the same backwards: full marks (10). Two moves backwards (Left Up) end
# elsewhere: path and cost fail; count and order match but earn nothing under the default rule.
write_assignment "$work/strict" "" ""
expect_scores "$work/strict" "10.0 0.0" "default weights, wrong path"
"$T" grade "$work/strict" "$work/backwards.lua" > "$work/strict.txt" || true
grep -q "so your count and your expansion order earn no points on this test, though they match" \
  "$work/strict.txt" || fail "the student is not told why a matching count earned nothing"
echo "ok: the report says why the count and order earned nothing"

# "partial": count and order earn their weights, 2 of 4.
write_assignment "$work/partial" '{"wrong_path": "partial"}' ""
expect_scores "$work/partial" "10.0 5.0" "wrong_path partial"

# Task weights path 2, count 3 (order and cost 1): 4 of 7 under partial; the second test's own
# weights (order 0, strict) override the task's: 0 of 6.
write_assignment "$work/levels" '{"path": 2, "count": 3, "wrong_path": "partial"}' ""
expect_scores "$work/levels" "10.0 5.714286" "task weights"
write_assignment "$work/override" '{"path": 2, "count": 3, "wrong_path": "partial"}' \
  '{"order": 0, "wrong_path": "strict"}'
expect_scores "$work/override" "10.0 0.0" "a test's weights override its task's"

# Refusals: exit 2, the file and the field's path.
write_assignment "$work/bad" "" ""
python3 - "$work/bad/assignment.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["tasks"][0]["tests"][1]["weights"] = {"count": -1}
json.dump(doc, open(sys.argv[1], "w"))
PY
code=0
"$T" grade "$work/bad" "$work/backwards.lua" > "$work/bad.out" 2> "$work/bad.err" || code=$?
[ "$code" = 2 ] || fail "a negative weight: exit $code, expected 2"
grep -q "assignment.json: tasks\[0\].tests\[1\].weights.count: expected a number from 0" "$work/bad.err" ||
  fail "a negative weight is not refused with its path: $(cat "$work/bad.err")"
echo "ok: a negative weight is refused with its path (exit 2)"
