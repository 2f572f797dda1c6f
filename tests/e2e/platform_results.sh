#!/usr/bin/env bash
# `grade --format gradescope|prairielearn|classroom --results FILE` always writes a valid results
# document (docs/delivery.md, "A results document, always"): for a graded script, a missing
# submission, a refused upload, a script that does not load, an assignment tilegrade refuses, a
# grader fault (every grading child killed from outside, as grading_child_killed.sh does) and a
# results file that cannot be written, each in the three formats, with the documented exit code.
# Each document is parsed with Python's json and its platform's required fields checked.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}" || exit 1
A=assignments/classic-8puzzle
R=reference/classic-8puzzle
grader=""
on_exit '[ -z "$grader" ] || kill -9 "$grader" 2> /dev/null' 

mkdir -p "$work/empty" "$work/linked" "$work/syntax"
ln -s "$PWD/$R/solution.lua" "$work/linked/solution.lua"
printf 'function bfs(problem)\n  return "U" 1\nend\n' > "$work/syntax/broken.lua"
cp -r $A "$work/stale"
sed -i 's/"count": 10,/"count": 11,/' "$work/stale/expected.json"
touch "$work/not-a-folder"
# The reference, each call computing for a tenth of a second first, so that every grading child
# is seen and killed before it finishes its first test (grading_child_killed.sh).
{ cat $R/solution.lua
  cat <<'LUA'
local function ponder() local sum = 0 for i = 1, 20000000 do sum = sum + i end return sum end
local correct_bfs, correct_dfs, correct_astar = bfs, dfs, astar
function bfs(problem) ponder() return correct_bfs(problem) end
function dfs(problem) ponder() return correct_dfs(problem) end
function astar(problem) ponder() return correct_astar(problem) end
LUA
} > "$work/slow.lua"

# FORMAT FILE KIND [WORDS]: FILE is FORMAT's document of KIND (graded, zero: every test at 0 with
# WORDS said once for the whole submission, course: the course's side with WORDS in the sentence).
check_document() {
  python3 - "$@" <<'PY'
import json, sys
form, path, kind = sys.argv[1:4]
words = sys.argv[4] if len(sys.argv) > 4 else ""
doc = json.loads(open(path, "rb").read().decode("utf-8"))  # strict: valid UTF-8 only
number = (int, float)
assert isinstance(doc["tests"], list), doc
if form == "gradescope":
    assert isinstance(doc["score"], number) and doc["output_format"] == "text", doc
    assert doc["stdout_visibility"] == "hidden", doc
    said = doc["output"]
    for test in doc["tests"]:
        for key in ("name", "score", "max_score", "status", "output", "visibility"):
            assert key in test, (key, test)
elif form == "prairielearn":
    assert isinstance(doc["gradable"], bool) and 0 <= doc["score"] <= 1, doc
    assert isinstance(doc.get("message", ""), str), doc  # a course-side failure has none
    said = doc.get("message", "") + " " + " ".join(doc.get("format_errors", []))
    for test in doc["tests"]:
        for key in ("name", "points", "max_points", "message", "output"):
            assert key in test, (key, test)
else:
    assert doc["version"] == 1 and doc["status"] in ("pass", "fail", "error"), doc
    assert isinstance(doc["max_score"], number), doc
    said = doc.get("script_error", "") + " ".join(t["message"] for t in doc["tests"])
    for test in doc["tests"]:
        for key in ("name", "status", "score", "max_score", "message"):
            assert key in test, (key, test)
scores = [t.get("score", t.get("points")) for t in doc["tests"]]
if kind == "graded":
    assert doc["tests"] and any(score > 0 for score in scores), doc
elif kind == "zero":
    assert doc["tests"] and all(score == 0 for score in scores), scores
    assert doc.get("gradable", False) is False, "gradable"
    assert words in said, (words, said)
else:
    assert "a problem on the course's side, not in your script" in said, said
    assert words in said, (words, said)
    if form == "gradescope":
        assert doc["score"] == 0 and doc["tests"] == [], doc
    elif form == "prairielearn":
        assert doc["gradable"] is False and doc["score"] == 0 and doc["tests"] == [], doc
    else:
        assert doc["status"] == "error" and sum(scores) == 0 and doc["max_score"] == 0, doc
PY
}

# NAME CODE KIND WORDS -- ARGS...: `tilegrade ARGS... --format F --results FILE` in each format
# exits CODE, and FILE is a document of KIND (check_document); stderr is at most one line.
case_of() {
  local name=$1 code=$2 kind=$3 words=$4
  shift 5
  for format in gradescope prairielearn classroom; do
    local results=$work/$name-$format.json got=0
    "$T" "$@" --format $format --results "$results" > "$work/stdout" 2> "$work/stderr" || got=$?
    [ "$got" = "$code" ] || check_failed "$name, $format: exit $got, expected $code: $(head -c 300 "$work/stderr")"
    [ "$(wc -l < "$work/stderr")" -le 1 ] || check_failed "$name, $format: more than one line: $(cat "$work/stderr")"
    check_document $format "$results" "$kind" "$words" ||
      check_failed "$name, $format: not the document expected (above)"
    [ "$kind" = course ] || [ -s "$work/stdout" ] || check_failed "$name, $format: no text report on stdout"
  done
}

case_of solution 0 graded "" -- grade $A $R/solution.lua
case_of mutant 1 graded "" -- grade $A $R/mutants/bfs_goal_on_generate.lua
case_of missing-script 1 zero "none.lua is missing" -- grade $A "$work/none.lua"
case_of missing-check 1 zero "none.lua is missing" -- check $A "$work/none.lua"
case_of empty-upload 1 zero "holds no .lua file" -- grade $A --submission-dir "$work/empty"
case_of linked-upload 1 zero "is a symbolic link" -- grade $A --submission-dir "$work/linked"
case_of linked-script 1 zero "is a symbolic link" -- grade $A "$work/linked/solution.lua"
case_of folder-script 1 zero "is not a file" -- grade $A "$work/empty"
case_of syntax-error 1 zero "'end' expected" -- grade $A --submission-dir "$work/syntax"
case_of no-upload-folder 2 course "Please tell your instructor" -- \
  grade $A --submission-dir "$work/nowhere"
case_of stale-assignment 2 course "Please tell your instructor" -- grade "$work/stale" $R/solution.lua
# The course's reason reaches the log (stderr), never a Gradescope or PrairieLearn student.
grep -q "expected.json" "$work/stderr" || check_failed "the stale assignment's reason is not in the log"
! grep -q "expected.json" "$work/stale-assignment-gradescope.json" "$work/stale-assignment-prairielearn.json" ||
  check_failed "a student reads the course's reason"

# A results file that cannot be written: exit 3, one line naming it, nothing written.
for format in gradescope prairielearn classroom; do
  code=0
  "$T" grade $A $R/solution.lua --format $format --results "$work/not-a-folder/results.json" \
    > /dev/null 2> "$work/stderr" || code=$?
  [ "$code" = 3 ] || check_failed "unwritable results, $format: exit $code, expected 3"
  [ "$(wc -l < "$work/stderr")" = 1 ] &&
    grep -q "cannot write .*not-a-folder/results.json.*: Not a directory$" "$work/stderr" ||
    check_failed "unwritable results, $format: not one line naming the file: $(cat "$work/stderr")"
done
# Only a platform's document is written this way.
code=0
"$T" grade $A $R/solution.lua --format html --results "$work/page.html" 2> "$work/stderr" || code=$?
[ "$code" = 2 ] && grep -q "use it with --format gradescope" "$work/stderr" ||
  check_failed "--results with html: exit $code: $(cat "$work/stderr")"

# A grader fault: every grading child killed from outside, so the first test has no verdict.
children_of() { cat /proc/"$1"/task/*/children 2> /dev/null || true; }
for format in gradescope prairielearn classroom; do
  results=$work/fault-$format.json
  # Every child is killed, and in the sanitized build LeakSanitizer's tracer at exit is a child
  # too: killed, it leaves the grader waiting for it for ever (StopTheWorld spinning). This grade
  # is about the kills, so it is checked for leaks nowhere else than in the other tests.
  ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
    "$T" grade $A "$work/slow.lua" --format $format --results "$results" 2> "$work/stderr" &
  grader=$!
  seen=" "
  while kill -0 "$grader" 2> /dev/null; do
    for child in $(children_of "$grader"); do
      case "$seen" in *" $child "*) continue ;; esac
      seen="$seen$child "
      kill -9 "$child" 2> /dev/null || true
    done
    sleep 0.002
  done
  code=0
  wait "$grader" || code=$?
  grader=""
  [ "$code" = 3 ] || check_failed "grader fault, $format: exit $code, expected 3: $(cat "$work/stderr")"
  grep -q "could not grade test bfs: published-1" "$work/stderr" ||
    check_failed "grader fault, $format: the log does not say it: $(cat "$work/stderr")"
  check_document $format "$results" course "Please submit it again" ||
    check_failed "grader fault, $format: not the course's-side document (above)"
done

echo "platform_results: a valid document and the documented exit code in every case, 3 formats"
