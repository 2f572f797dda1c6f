#!/usr/bin/env bash
# The GitHub Classroom template, end to end without GitHub: scripts/ci/github-classroom.yml passes
# the workflow linter (@action-validator/cli, installed by scripts/setup-lint.sh; under CI=true a
# missing linter fails this test), which itself rejects a broken copy; the workflow grades with
# `check` under the names Classroom's reporter requires; and its grading step
# (scripts/ci/classroom-check.sh), run on a student copy as Actions would, writes a result whose
# points, added up the way the reporter adds them, are check's score, with no hidden board in
# anything it writes.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
W=scripts/ci/github-classroom.yml

linter=.cache/npm/node_modules/.bin/action-validator
[ -x "$linter" ] || linter=$(command -v action-validator || true)
linted=no
if [ -n "$linter" ]; then
  "$linter" "$W" > "$work/lint.txt" 2>&1 || fail "$W does not lint: $(head -c 2000 "$work/lint.txt")"
  # The linter must be able to say no: a step with both `run` and `uses` is not a step.
  sed 's/^        id: tilegrade$/        id: tilegrade\n        uses: actions\/checkout@v4/' "$W" > "$work/broken.yml"
  grep -q "uses: actions/checkout@v4" "$work/broken.yml"
  if "$linter" "$work/broken.yml" > /dev/null 2>&1; then fail "the linter accepts a broken workflow"; fi
  linted=yes
elif [ "${CI:-}" = true ]; then
  fail "no workflow linter: run scripts/setup-lint.sh"
else
  echo "classroom_workflow: no linter (run scripts/setup-lint.sh); the other checks run"
fi

grep -qx "name: Autograding Tests" "$W" || fail "the workflow is not named Autograding Tests"
grep -qx "  run-autograding-tests:" "$W" || fail "the job is not run-autograding-tests"
grep -q "classroom-resources/autograding-grading-reporter@v1" "$W" || fail "no reporter step"
grep -q "TILEGRADE_RESULTS: \${{ steps.tilegrade.outputs.result }}" "$W" || fail "the reporter is not given the result"
grep -q "scripts/ci/classroom-check.sh" "$W" || fail "the workflow does not run classroom-check.sh"
grep -q "actions/cache@" "$W" || fail "the build is not cached"
grep -Eq "tilegrade[^ ]* grade " "$W" && fail "the workflow runs grade (hidden tests) on students' runners"

A=assignments/heuristic-challenge
R=reference/heuristic-challenge
"$T" export $A "$work/repo/assignment" > /dev/null

# Runs the grading step as Actions does: in the job's folder, with its two files.
step() {  # NAME SUBMISSION [ASSIGNMENT]
  mkdir -p "$work/$1"
  (cd "$work/$1" && GITHUB_OUTPUT=$PWD/output GITHUB_STEP_SUMMARY=$PWD/summary \
     "$OLDPWD/scripts/ci/classroom-check.sh" "$T" "${3:-$work/repo/assignment}" "$2") ||
    fail "classroom-check.sh $1: exit $?"
  sed -n 's/^result=//p' "$work/$1/output" | base64 -d > "$work/$1/result.json"
}
# The reporter's arithmetic: the sum of the tests' scores over max_score.
points() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
total = round(sum(t["score"] for t in r["tests"]), 6)
print(f"{total:g}/{r['max_score']:g} {r['status']}")
PY
}

step solution "$PWD/$R/solution.lua"
[ "$(points "$work/solution/result.json")" = "25/25 pass" ] || fail "solution: $(points "$work/solution/result.json")"
grep -q "Not checked here: 8 hidden tests" "$work/solution/summary" || fail "the summary does not say what was not checked"
grep -q "<svg" "$work/solution/tilegrade-report.html" || fail "no HTML report"

step mutant "$PWD/$R/mutants/manhattan_counts_blank.lua"
"$T" check "$work/repo/assignment" "$R/mutants/manhattan_counts_blank.lua" --json > "$work/check.json" || true
want=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%g/%g fail" % (r["score"], r["max_score"]))' "$work/check.json")
[ "$(points "$work/mutant/result.json")" = "$want" ] || fail "mutant: $(points "$work/mutant/result.json"), check says $want"

step missing "$work/repo/solution.lua"
[ "$(points "$work/missing/result.json")" = "0/25 fail" ] || fail "missing script: $(points "$work/missing/result.json")"
grep -q "solution.lua is missing" "$work/missing/summary" || fail "the summary does not say the script is missing"
grep -q "solution.lua is missing" "$work/missing/result.json" || fail "the result does not say the script is missing"
[ ! -e "$work/missing/tilegrade-report.html" ] || fail "an HTML report of a script that is not there"

mkdir -p "$work/broken-assignment"
echo '{"title": "x \"quoted\" \\ back"}' > "$work/broken-assignment/assignment.json"
step broken "$PWD/$R/solution.lua" "$work/broken-assignment"
[ "$(points "$work/broken/result.json")" = "0/0 error" ] || fail "broken assignment: $(points "$work/broken/result.json")"

# A link under the script's name (here to the instructor's reference solution) is never followed.
ln -s "$PWD/$R/solution.lua" "$work/repo/linked.lua"
step linked "$work/repo/linked.lua"
[ "$(points "$work/linked/result.json")" = "0/25 fail" ] || fail "a linked script: $(points "$work/linked/result.json")"
grep -q "linked.lua is a symbolic link" "$work/linked/summary" || fail "the summary does not say the script is a link"
[ ! -e "$work/linked/tilegrade-report.html" ] || fail "the HTML report followed a link"
mkdir "$work/repo/folder.lua"
step folder "$work/repo/folder.lua"
[ "$(points "$work/folder/result.json")" = "0/25 fail" ] || fail "a folder named .lua: $(points "$work/folder/result.json")"

# A broken assignment whose path holds a Latin-1 byte: the error result is still valid UTF-8 JSON.
latin=$work/cours-$'\xe9'
cp -r "$work/broken-assignment" "$latin"
step latin "$PWD/$R/solution.lua" "$latin"
python3 -c 'import json,sys; r=json.loads(open(sys.argv[1],"rb").read().decode("utf-8")); assert r["status"] == "error", r' \
  "$work/latin/result.json" || fail "the error result of a Latin-1 path is not UTF-8 JSON"

# Nothing the job writes shows a hidden board.
python3 - "$A/expected.json" "$work" <<'PY' || fail "the job's outputs show a hidden test"
import json, os, sys
full = json.load(open(sys.argv[1]))["tasks"]
copy = json.load(open(os.path.join(sys.argv[2], "repo/assignment/expected.json")))["tasks"]
visible = {t["start"] for tests in copy.values() for t in tests}
hidden = {t["start"] for tests in full.values() for t in tests} - visible
assert hidden, "no hidden test to look for"
import re
def numbers(text):
    # Every number and lone "." (a drawn blank) in order: a board written on one line or drawn
    # as rows reads the same.
    return " " + " ".join("0" if t == "." else t
                          for t in re.findall(r"\d+|(?<=\s)\.(?=\s)", text)) + " "
for run in ("solution", "mutant", "missing"):
    for name in ("output", "summary", "result.json", "tilegrade-report.html"):
        if run == "missing" and name == "tilegrade-report.html":
            continue  # none: nothing was graded (checked above)
        text = open(os.path.join(sys.argv[2], run, name), encoding="utf-8").read()
        flat = numbers(text)
        for board in hidden:
            assert " " + board + " " not in flat, (run, name, board)
# The search can find a board: the visible ones are drawn in the solution's summary.
assert any(" " + board + " " in numbers(open(os.path.join(sys.argv[2], "solution", "summary")).read())
           for board in visible), "the board search finds nothing, not even a visible board"
PY

echo "classroom_workflow: linted=$linted; solution, mutant, missing, linked and folder scripts, and broken assignments (a Latin-1 path too) reported as Classroom reads them"
