#!/usr/bin/env bash
# `tilegrade new` scaffolds an assignment that loads, whose expected.json is the engine's, whose
# starter defines every function, and that `validate` then reports on (the solution is the
# instructor's to write); it never writes over existing files.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"

cd "$work"
"$T" new assignments/maze --algorithms bfs,astar,weighted-astar --size 2x4 --goal blank-first \
  --title "Two rows" > new.txt || check_failed "new: exit $?"
for file in assignments/maze/assignment.json assignments/maze/expected.json assignments/maze/README.md \
            assignments/maze/starter.lua reference/maze/solution.lua reference/maze/mutants/README.md; do
  [ -s "$file" ] || check_failed "missing $file"
done
grep -q "tilegrade validate assignments/maze" new.txt ||
  check_failed "new does not say what comes next"

# expected.json is exactly what `tilegrade expect` writes for the same spec.
cp -r assignments/maze assignments/again
"$T" expect assignments/again > /dev/null || check_failed "expect on the scaffold: exit $?"
cmp -s assignments/maze/expected.json assignments/again/expected.json ||
  check_failed "expected.json differs from tilegrade expect's"

python3 - assignments/maze/assignment.json assignments/maze/starter.lua assignments/maze/README.md \
  assignments/maze/expected.json <<'PY' || check_failed "spec, starter or handout"
import json, sys
spec = json.load(open(sys.argv[1]))
assert spec["title"] == "Two rows" and spec["size"] == "2x4" and spec["goal"] == "blank-first", spec
names = [t["name"] for t in spec["tasks"]]
assert names == ["bfs", "astar", "weighted-astar"], names
for task in spec["tasks"]:
    tests = [t["name"] for t in task["tests"]]
    assert tests[0] == "start-is-goal" and "hidden" in tests, tests
assert spec["tasks"][2]["weight"] == "1.5" and spec["tasks"][1]["heuristic"] == "manhattan"
starter = open(sys.argv[2]).read()
# The handout and the starter give every function the same signature.
import re
handout = open(sys.argv[3]).read()
in_starter = re.findall(r"^function (\w+\([^)]*\))", starter, re.M)
in_handout = re.findall(r"^- `(\w+\([^)]*\))`", handout, re.M)
assert in_starter == in_handout == ["bfs(problem)", "astar(problem, h)",
                                    "weighted_astar(problem, h)"], (in_starter, in_handout)
# Every default limit is written out, and the handout's start-is-goal count is the engine's.
assert set(spec["limits"]) == {"test_seconds", "call_seconds", "lua_memory_mb"}, spec["limits"]
for task in spec["tasks"]:
    assert {"max_expansions", "max_api_calls", "engine_nodes"} <= set(task["limits"]), task
expected = json.load(open(sys.argv[4]))["tasks"]
lines = re.findall(r"^- `.*$", handout, re.M)
for task, line in zip(spec["tasks"], lines):
    at_goal = [t for t in expected[task["name"]] if t["test"] == "start-is-goal"][0]["count"]
    assert line.endswith("return an empty path and a count of %d." % at_goal), (line, at_goal)
PY

# validate reads the scaffold and says the solution is not written yet.
code=0
"$T" validate assignments/maze > validate.txt 2>&1 || code=$?
[ "$code" = 1 ] || check_failed "validate on the scaffold: exit $code, expected 1"
grep -q "^FAIL  solution.lua" validate.txt ||
  check_failed "validate does not name the unwritten solution"

# Nothing is written over: the folder, or the reference folder, already holding files.
before=$(cat assignments/maze/assignment.json)
code=0
"$T" new assignments/maze 2> err.txt || code=$?
[ "$code" = 2 ] && grep -q "exists and is not an empty folder" err.txt ||
  check_failed "new over a folder: exit $code"
[ "$(cat assignments/maze/assignment.json)" = "$before" ] ||
  check_failed "new changed an existing file"
mkdir -p other/x && "$T" new other/x/y --reference reference/maze 2> err.txt &&
  check_failed "new over a reference folder"

# An assignment of another kind: tile costs, goal test on generate, weighted A* with w = 2. The
# spec holds the choices, the heuristic is the one that counts tile costs, and the handout states
# every rule that changes a path or a count.
# (A trailing slash names the same folder: the title is still its name.)
"$T" new assignments/costly/ --algorithms astar,weighted-astar --semantics cost=tile \
  --semantics goal_test=on-generate --semantics tie_break=h-low,fifo --weight 2 > costly.txt ||
  check_failed "new with options: exit $?"
python3 - assignments/costly/assignment.json assignments/costly/README.md <<'PY' ||
import json, re, sys
spec = json.load(open(sys.argv[1]))
assert spec["title"] == "costly", spec["title"]
assert spec["semantics"] == {"cost": "tile", "goal_test": "on-generate",
                             "tie_break": ["h-low", "fifo"]}, spec["semantics"]
assert [t["heuristic"] for t in spec["tasks"]] == ["manhattan-tile-cost"] * 2, spec["tasks"]
assert spec["tasks"][1]["weight"] == "2", spec["tasks"][1]
handout = open(sys.argv[2]).read()
for rule in ("`cost`: tile", "`goal_test`: on-generate", "`duplicates`: ", "`tie_break`: ",
             "`count`: ", "the heuristic `problem:h`: manhattan-tile-cost"):
    assert handout.count(rule) == 2, (rule, handout)  # once per task
assert "The weight w is 2." in handout, handout
PY
  check_failed "the tile-cost scaffold's spec or handout"
"$T" expect assignments/costly > /dev/null || check_failed "expect on the tile-cost scaffold"
# Bad choices: one line naming the option, exit 2, nothing written.
for args in "--semantics cost=free" "--semantics colour=blue" "--semantics cost" \
            "--weight 2" "--algorithms weighted-astar --weight zero" \
            "--algorithms astar --heuristic manhatan"; do
  code=0
  # shellcheck disable=SC2086  # each case is several words
  "$T" new assignments/bad $args > /dev/null 2> err.txt || code=$?
  [ "$code" = 2 ] && [ "$(wc -l < err.txt)" = 1 ] ||
    check_failed "new $args: exit $code, $(cat err.txt)"
  grep -q -- "--\(semantics\|weight\|heuristic\)" err.txt || check_failed "new $args: $(cat err.txt)"
  [ ! -e assignments/bad ] || check_failed "new $args wrote assignments/bad"
done

echo "new_assignment: scaffold loads, answers are the engine's, validate reports, nothing overwritten"
