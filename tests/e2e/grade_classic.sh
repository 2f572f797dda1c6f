#!/usr/bin/env bash
# End-to-end grading of the bundled classic-8puzzle assignment through the CLI.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

# The reference solution: full marks, exit 0, Gradescope shape.
$T grade $A $R/solution.lua --format gradescope > "$work/solution.json" || fail "solution exit $?"
python3 - "$work/solution.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["score"] == d["max_score"] == 75, d["score"]
assert all(t["status"] == "passed" for t in d["tests"])
for t in d["tests"]:
    assert set(["name", "score", "max_score", "status", "output", "visibility"]) <= set(t), t
assert {t["visibility"] for t in d["tests"]} == {"visible", "after_due_date"}
PY

# A mutant: exit 1, the diagnosis named, the first divergence drawn.
set +e
$T grade $A $R/mutants/bfs_goal_on_generate.lua --json > "$work/mutant.json"; code=$?
$T grade $A $R/mutants/bfs_goal_on_generate.lua > "$work/mutant.txt"
set -e
[ "$code" = 1 ] || fail "mutant exit $code, expected 1"
python3 - "$work/mutant.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
tags = {tag for t in d["tests"] for tag in t.get("tags", [])}
assert "goal-test-on-generate" in tags, tags
assert d["score"] < d["max_score"]
PY
grep -q "Diagnosis (goal-test-on-generate)" "$work/mutant.txt" || fail "no diagnosis in text"
grep -q "the reference goes on to expansion 6" "$work/mutant.txt" || fail "no divergence shown"

# Reruns are byte-identical apart from the execution time.
$T grade $A $R/mutants/bfs_goal_on_generate.lua --json | grep -v execution_time > "$work/again1" || true
$T grade $A $R/mutants/bfs_goal_on_generate.lua --json | grep -v execution_time > "$work/again2" || true
cmp "$work/again1" "$work/again2" || fail "reruns differ"

# JUnit is well-formed XML with one testcase per test.
$T grade $A $R/solution.lua --format junit > "$work/junit.xml"
python3 -c "
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert len(root.findall('.//testcase')) == 18, len(root.findall('.//testcase'))
" "$work/junit.xml"

# Students' local check: visible tests only, the same verdicts as the real run.
$T check $A $R/mutants/bfs_goal_on_generate.lua --json > "$work/check.json" || true
python3 - "$work/check.json" "$work/mutant.json" <<'PY'
import json, sys
check, full = (json.load(open(p)) for p in sys.argv[1:3])
assert all(t["visibility"] == "visible" for t in check["tests"])
full_by_name = {t["name"]: t for t in full["tests"]}
for t in check["tests"]:
    assert t["score"] == full_by_name[t["name"]]["score"], t["name"]
    assert t["status"] == full_by_name[t["name"]]["status"], t["name"]
PY

# Bad input: exit 2 with one clear line.
set +e
$T grade $A "$work/missing.lua" 2> "$work/err"; code=$?
set -e
[ "$code" = 2 ] || fail "missing submission: exit $code"
grep -q "no such submission" "$work/err" || fail "missing submission message"
mkdir "$work/bad"; echo '{"title": "x", "size": "3x3", "tasks": [], "colour": 1}' > "$work/bad/assignment.json"
set +e
$T grade "$work/bad" $R/solution.lua 2> "$work/err"; code=$?
set -e
[ "$code" = 2 ] || fail "bad assignment: exit $code"
grep -q "colour" "$work/err" || fail "unknown key not named: $(cat "$work/err")"

# A stale expected.json is refused.
cp -r $A "$work/stale"
sed -i 's/"count": 10,/"count": 11,/' "$work/stale/expected.json"
set +e
$T grade "$work/stale" $R/solution.lua 2> "$work/err"; code=$?
set -e
[ "$code" = 2 ] || fail "stale expected.json: exit $code"
grep -q "does not match the engine" "$work/err" || fail "stale message: $(cat "$work/err")"
echo "grade_classic: ok"
