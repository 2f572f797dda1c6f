#!/usr/bin/env bash
# `tilegrade export` end to end: the student copy of every bundled assignment holds no hidden
# board (each hidden test's start, read from a full grade run and expected.json, is searched for in
# every file of the copy), and `check` on the copy gives the same verdicts, scores and outputs, test
# by test, as `check` on the full assignment, for the reference solution and every mutant of two
# assignments (one with hidden heuristic tests and informedness points, one without hidden tests),
# and says what it did not check. The one allowed difference: on 4x4 boards the copy's admissibility
# check may know fewer true distances (docs/student-copies.md).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# Exit 0 or 1 (graded, with or without failures) is a run; anything else is a failure of the test.
graded() {  # OUT ARGS...
  local out=$1 code=0
  shift
  "$T" "$@" > "$out" || code=$?
  [ "$code" -le 1 ] || fail "tilegrade $*: exit $code"
}

# Two jobs at a time (the machine's two cores; each grade is one process). A job's `fail` ends
# only that job: its output goes to its own log and its verdict to its own file, both read in
# order once every job has ended, and a job without an "ok" verdict fails the test.
JOBS=2
running=0
jobs_started=()
start_job() {  # ID COMMAND...: runs COMMAND in the background, logged as $work/jobs/ID
  local id=$1
  shift
  mkdir -p "$work/jobs"
  # errexit holds in the job: a command that fails ends it before its verdict is written.
  ( "$@"; echo ok > "$work/jobs/$id.verdict" ) > "$work/jobs/$id.log" 2>&1 &
  jobs_started+=("$id")
  if ((++running >= JOBS)); then
    wait -n || true
    running=$((running - 1))
  fi
}
finish_jobs() {  # waits for every job; prints the logs in order; fails when one did not succeed
  wait
  running=0
  local id failed=0
  for id in "${jobs_started[@]}"; do
    cat "$work/jobs/$id.log"
    [ "$(cat "$work/jobs/$id.verdict" 2>/dev/null)" = ok ] || { echo "FAIL: job $id"; failed=1; }
  done
  jobs_started=()
  [ $failed = 0 ] || fail "some jobs failed (above)"
}

export_one() {  # DIR: export it; the copy holds its four files and no hidden board
  local dir=$1 name copy
  name=$(basename "$dir")
  copy="$work/copy/$name"
  mkdir -p "$work/$name"
  "$T" export "$dir" "$copy" --json > "$work/$name/export.json" || fail "export $name"
  for file in assignment.json expected.json README.md starter.lua; do
    [ -f "$copy/$file" ] || fail "$name: the copy has no $file"
  done
  [ "$(ls "$copy" | wc -l)" = 4 ] || fail "$name: the copy holds more than its four files"
  grep -q '"seed"' "$copy/assignment.json" && fail "$name: the copy still has a seed"
  # The hidden tests' boards, from the full run's visibilities and the full expected.json.
  graded "$work/$name/full.json" grade "$dir" "reference/$name/solution.lua" --format json
  python3 - "$work/$name/full.json" "$dir/expected.json" "$copy" "$work/$name/export.json" <<'PY' ||
import json, os, sys
full = json.load(open(sys.argv[1]))
expected = json.load(open(sys.argv[2]))["tasks"]
copy = sys.argv[3]
exported = json.load(open(sys.argv[4]))
starts = {}
for task, tests in expected.items():
    for test in tests:
        starts[f"{task}: {test['test']}"] = test["start"]
hidden = [starts[t["name"]] for t in full["tests"]
          if t["visibility"] != "visible" and t["name"] in starts]
visible = {starts[t["name"]] for t in full["tests"]
           if t["visibility"] == "visible" and t["name"] in starts}
hidden_total = sum(1 for t in full["tests"] if t["name"] in starts and t["visibility"] != "visible")
assert exported["withheld_tests"] == hidden_total, (exported, hidden_total)
text = ""
for name in os.listdir(copy):
    text += open(os.path.join(copy, name), encoding="utf-8", errors="replace").read()
for board in hidden:
    # A hidden board that is also a visible test's is not a secret.
    if board not in visible and board in text:
        sys.exit(f"hidden board {board!r} is in the student copy")
PY
    fail "$name: the student copy reveals a hidden test"
}
exported=0
for dir in assignments/*/; do
  start_job "export-$(basename "$dir")" export_one "$dir"
  exported=$((exported + 1))
done
finish_jobs

# `export` refuses to write into a folder that holds anything.
mkdir -p "$work/busy" && touch "$work/busy/notes.txt"
code=0
"$T" export assignments/classic-8puzzle "$work/busy" --json > "$work/busy.json" || code=$?
[ "$code" = 2 ] || fail "export into a non-empty folder: exit $code, expected 2"
grep -q '"error"' "$work/busy.json" || fail "export into a non-empty folder: no JSON error"

compare_one() {  # NAME SCRIPT: check on the full assignment and on the copy, grade on the copy
  local name=$1 script=$2 out
  out="$work/compare/$name/$(basename "$script" .lua)"
  mkdir -p "$out"
  graded "$out/a.json" check "assignments/$name" "$script" --format json
  graded "$out/b.json" check "$work/copy/$name" "$script" --format json
  graded "$out/c.json" grade "$work/copy/$name" "$script" --format json
}
compared=0
compare_args=()
for name in heuristic-challenge classic-8puzzle; do
  for script in "reference/$name/solution.lua" reference/"$name"/mutants/*.lua; do
    start_job "compare-$name-$(basename "$script" .lua)" compare_one "$name" "$script"
    compare_args+=("$work/compare/$name/$(basename "$script" .lua)" "$script")
    compared=$((compared + 1))
  done
done
finish_jobs
# The three runs of every script, compared in one Python run (one interpreter, not one a script).
python3 - "${compare_args[@]}" <<'PY' || fail "verdicts differ (above)"
import json, re, sys
# Above the complete tables' size (4x4), admissibility is checked on the boards whose distance the
# tests' optimal paths prove; the copy has no hidden paths, so it may know fewer boards (never more).
KNOWN = re.compile(r"true distance on (\d+) boards")
def tests(doc):
    return [(t["name"], t["score"], t["max_score"], t["status"], KNOWN.sub("true distance on N boards", t["output"]))
            for t in doc["tests"]]
def compare(out, script):
    full, copy, graded = (json.load(open(f"{out}/{p}.json")) for p in "abc")
    assert tests(full) == tests(copy), f"{script}: check on the copy differs from check on the full assignment"
    for a, b in zip(full["tests"], copy["tests"]):
        for x, y in zip(KNOWN.findall(a["output"]), KNOWN.findall(b["output"])):
            assert int(y) <= int(x), (script, a["name"], x, y)
    assert tests(copy) == tests(graded), f"{script}: grade on the copy differs from check on it"
    for doc in (full, copy, graded):
        assert doc["score"] == full["score"] and doc["max_score"] == full["max_score"], script
        assert doc.get("not_checked") == full.get("not_checked"), (script, doc.get("not_checked"), full.get("not_checked"))
arguments, differ = sys.argv[1:], 0
for i in range(0, len(arguments), 2):
    try:
        compare(arguments[i], arguments[i + 1])
    except AssertionError as error:
        print(f"FAIL: {arguments[i + 1]}: verdicts differ: {error}"[:800])
        differ += 1
sys.exit(1 if differ else 0)
PY

# What check cannot check, in words, with the numbers of the full assignment: heuristic-challenge
# has 4 of 8 hidden 3x3 tests (15 of 30 points), 4 of 6 hidden 4x4 tests (20 of 30 points) and
# 40 informedness points, so the full grade is out of 100.
graded "$work/check.txt" check "$work/copy/heuristic-challenge" reference/heuristic-challenge/solution.lua
grep -qx "Score: 25/25" "$work/check.txt" || fail "check on the copy: $(grep Score "$work/check.txt")"
grep -qF "Not checked here: 8 hidden tests (35 points) and informedness (40 points), measured over all the tests. The full grade is out of 100." \
  "$work/check.txt" || fail "check does not say what it left out: $(tail -2 "$work/check.txt")"
graded "$work/full.txt" grade assignments/heuristic-challenge reference/heuristic-challenge/solution.lua
grep -qx "Score: 100/100" "$work/full.txt" || fail "the full grade: $(grep Score "$work/full.txt")"
grep -q "Not checked here" "$work/full.txt" && fail "a full grade says something was not checked"
# Before release a student on Gradescope or PrairieLearn sees what `check` shows: informedness
# totals the hidden tests too, so it is as hidden as they are (after the due date), never visible.
graded "$work/gradescope.json" grade assignments/heuristic-challenge \
  reference/heuristic-challenge/solution.lua --format gradescope
graded "$work/prairielearn.json" grade assignments/heuristic-challenge \
  reference/heuristic-challenge/solution.lua --format prairielearn
python3 - "$work/gradescope.json" "$work/prairielearn.json" <<'PY' || fail "informedness leaks hidden tests (above)"
import json, sys
gradescope = [t for t in json.load(open(sys.argv[1]))["tests"] if t["name"].endswith("informedness")]
assert len(gradescope) == 2 and all(t["visibility"] == "after_due_date" for t in gradescope), gradescope
prairielearn = [t for t in json.load(open(sys.argv[2]))["tests"] if t["name"].endswith("informedness")]
assert len(prairielearn) == 2, prairielearn
assert all("Total" not in t["output"] for t in prairielearn), prairielearn
PY

echo "student_copy: $exported assignments exported without a hidden board; $compared submissions graded alike on the copy and the full assignment"
