#!/usr/bin/env bash
# `tilegrade export` end to end: the student copy of every bundled assignment holds no hidden
# board (each hidden test's start, read from a full grade run and expected.json, is searched for in
# every file of the copy), and `check` on the copy gives the same verdicts, scores and outputs, test
# by test, as `check` on the full assignment, for the reference solution and every mutant of two
# assignments (one with hidden heuristic tests and informedness points, one without hidden tests),
# and says what it did not check. The one allowed difference: on 4x4 boards the copy's admissibility
# check may know fewer true distances (README: "Student copies").
set -euo pipefail
T=${TILEGRADE:?set by ctest}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# Exit 0 or 1 (graded, with or without failures) is a run; anything else is a failure of the test.
graded() {  # OUT ARGS...
  local out=$1 code=0
  shift
  "$T" "$@" > "$out" || code=$?
  [ "$code" -le 1 ] || fail "tilegrade $*: exit $code"
}

exported=0
for dir in assignments/*/; do
  name=$(basename "$dir")
  copy="$work/copy/$name"
  "$T" export "$dir" "$copy" --json > "$work/export.json" || fail "export $name"
  for file in assignment.json expected.json README.md starter.lua; do
    [ -f "$copy/$file" ] || fail "$name: the copy has no $file"
  done
  [ "$(ls "$copy" | wc -l)" = 4 ] || fail "$name: the copy holds more than its four files"
  grep -q '"seed"' "$copy/assignment.json" && fail "$name: the copy still has a seed"
  # The hidden tests' boards, from the full run's visibilities and the full expected.json.
  graded "$work/full.json" grade "$dir" "reference/$name/solution.lua" --format json
  python3 - "$work/full.json" "$dir/expected.json" "$copy" "$work/export.json" <<'PY' ||
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
  exported=$((exported + 1))
done

# `export` refuses to write into a folder that holds anything.
mkdir -p "$work/busy" && touch "$work/busy/notes.txt"
code=0
"$T" export assignments/classic-8puzzle "$work/busy" --json > "$work/busy.json" || code=$?
[ "$code" = 2 ] || fail "export into a non-empty folder: exit $code, expected 2"
grep -q '"error"' "$work/busy.json" || fail "export into a non-empty folder: no JSON error"

compared=0
for name in heuristic-challenge classic-8puzzle; do
  for script in "reference/$name/solution.lua" reference/"$name"/mutants/*.lua; do
    graded "$work/a.json" check "assignments/$name" "$script" --format json
    graded "$work/b.json" check "$work/copy/$name" "$script" --format json
    graded "$work/c.json" grade "$work/copy/$name" "$script" --format json
    python3 - "$work/a.json" "$work/b.json" "$work/c.json" "$script" <<'PY' ||
import json, re, sys
full, copy, graded = (json.load(open(p)) for p in sys.argv[1:4])
# Above the complete tables' size (4x4), admissibility is checked on the boards whose distance the
# tests' optimal paths prove; the copy has no hidden paths, so it may know fewer boards (never more).
KNOWN = re.compile(r"true distance on (\d+) boards")
def tests(doc):
    return [(t["name"], t["score"], t["max_score"], t["status"], KNOWN.sub("true distance on N boards", t["output"]))
            for t in doc["tests"]]
assert tests(full) == tests(copy), f"{sys.argv[4]}: check on the copy differs from check on the full assignment"
for a, b in zip(full["tests"], copy["tests"]):
    for x, y in zip(KNOWN.findall(a["output"]), KNOWN.findall(b["output"])):
        assert int(y) <= int(x), (a["name"], x, y)
assert tests(copy) == tests(graded), f"{sys.argv[4]}: grade on the copy differs from check on it"
for doc in (full, copy, graded):
    assert doc["score"] == full["score"] and doc["max_score"] == full["max_score"]
    assert doc.get("not_checked") == full.get("not_checked"), (doc.get("not_checked"), full.get("not_checked"))
PY
      fail "$script: verdicts differ"
    compared=$((compared + 1))
  done
done

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

echo "student_copy: $exported assignments exported without a hidden board; $compared submissions graded alike on the copy and the full assignment"
