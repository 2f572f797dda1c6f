#!/usr/bin/env bash
# A grading child killed from outside (what an out-of-memory killer or a container's limit does on
# a busy node) is not the student's fault (docs/student-api.md, Limits): the test runs again and the report is
# the quiet run's. A child killed every time gives no verdict: `grade` exits 3 with one line saying
# which test, and `batch` gives the student an error row, keeps no record for them and exits 3, so
# that the next run grades them again and gets the real grade.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
graders=()
stop_graders() {
  for pid in "${graders[@]}"; do kill -9 "$pid" 2> /dev/null || true; done
  graders=()
}
on_exit stop_graders

A=assignments/classic-8puzzle
C=$work/class
mkdir "$C"
# The reference, each call computing for about a tenth of a second first, so that every grading
# child is seen and killed before it finishes its first test (with a hundredth, the first child
# sometimes finished bfs: published-1 before the killer saw it).
{ cat reference/classic-8puzzle/solution.lua
  cat <<'LUA'
local function ponder() local sum = 0 for i = 1, 20000000 do sum = sum + i end return sum end
local correct_bfs, correct_dfs, correct_astar = bfs, dfs, astar
function bfs(problem) ponder() return correct_bfs(problem) end
function dfs(problem) ponder() return correct_dfs(problem) end
function astar(problem) ponder() return correct_astar(problem) end
LUA
} > "$C/student.lua"

# The children of process PID, now.
children_of() { cat /proc/"$1"/task/*/children 2> /dev/null || true; }
no_leaks=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0  # (a prefix, so that $! is the grader's)
# Kills with SIGKILL the first COUNT grading children of PID as it sees them (each once), then
# waits for PID to end. Killing by pid: never by name. In the sanitized build LeakSanitizer's
# tracer at exit is a child too, which killed leaves the grader waiting for ever: the graders
# whose every child is killed run without the leak check ($no_leaks), which the other tests keep.
kill_children() {  # PID COUNT
  local killed=0 seen=" "
  while kill -0 "$1" 2> /dev/null && [ "$killed" -lt "$2" ]; do
    for child in $(children_of "$1"); do
      case "$seen" in *" $child "*) continue ;; esac
      seen="$seen$child "
      if kill -9 "$child" 2> /dev/null; then killed=$((killed + 1)); fi
    done
    sleep 0.002
  done
  echo "$killed"
}

$T grade "$A" "$C/student.lua" --format json > "$work/quiet.json" || fail "quiet grade exited $?"

# One kill: the test runs again, the report is the quiet one's (execution time aside).
$T grade "$A" "$C/student.lua" --format json > "$work/once.json" 2> "$work/once.err" &
grader=$!
graders+=("$grader")
killed=$(kill_children "$grader" 1)
code=0
wait "$grader" || code=$?
graders=()
[ "$killed" = 1 ] || fail "expected to kill one grading child, killed $killed"
[ "$code" = 0 ] || fail "grade after one outside kill exited $code: $(cat "$work/once.err")"
python3 - "$work/quiet.json" "$work/once.json" <<'PY' || fail "one outside kill changed the report"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for d in (a, b): d.pop("execution_time", None)
assert a == b, (a, b)
PY

# Every child killed: no verdict, exit 3, one line naming the test.
ASAN_OPTIONS=$no_leaks $T grade "$A" "$C/student.lua" --format gradescope > "$work/always.json" \
  2> "$work/always.err" &
grader=$!
graders+=("$grader")
kill_children "$grader" 1000 > /dev/null
code=0
wait "$grader" || code=$?
graders=()
[ "$code" = 3 ] || fail "grade with every child killed exited $code, not 3: $(cat "$work/always.err")"
grep -q "could not grade test bfs: published-1: .*from outside the grader.*twice; grade this submission again" \
  "$work/always.err" || fail "the grader fault is not said: $(cat "$work/always.err")"
[ "$(wc -l < "$work/always.err")" = 1 ] || fail "more than one line: $(cat "$work/always.err")"
[ ! -s "$work/always.json" ] || fail "a report was written although a test has no verdict"

# A batch whose grading children are all killed: an error row, no record, exit 3; the next run
# grades the student for real.
ASAN_OPTIONS=$no_leaks $T batch "$A" "$C" --out "$work/out" --json > "$work/batch.json" \
  2> "$work/batch.err" &
grader=$!
graders+=("$grader")
# One student: the batch grades in its own process, which forks the grading children.
kill_children "$grader" 1000 > /dev/null
code=0
wait "$grader" || code=$?
graders=()
[ "$code" = 3 ] || fail "batch with every child killed exited $code, not 3: $(cat "$work/batch.err")"
grep -q "^student,.*,error," "$work/out/gradebook.csv" ||
  fail "no error row: $(cat "$work/out/gradebook.csv")"
[ -z "$(ls -A "$work/out/records" 2> /dev/null)" ] || fail "a record was kept: $(ls "$work/out/records")"
$T batch "$A" "$C" --out "$work/out" --json > "$work/again.json" 2> "$work/again.err" ||
  fail "the next batch exited $?: $(cat "$work/again.err")"
python3 - "$work/out/reports/student.json" "$work/quiet.json" <<'PY' || fail "the regrade differs"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
assert a["score"] == b["score"] == b["max_score"], (a["score"], b["score"])
PY
echo "an outside kill is run again; every child killed gives exit 3 and no record"
