#!/usr/bin/env bash
# The same submission gets the same verdicts on a quiet machine and beside more busy processes than
# the machine has cores, and with `batch --jobs 1` and `--jobs 2` (docs/student-api.md, Limits): the time limits
# that decide a verdict count the grading child's processor time, which load hardly changes. Once
# they were wall-clock time and a slow but correct A* lost half its points beside busy processes.
# Three students: one slow but correct (each search call first computes for a while, well inside
# the limit in processor time but not in wall time under load), one whose BFS never returns (its
# test ends by the processor-time limit, and the task's later tests are skipped, the same way
# quiet and loaded), and the reference. The per-test limits are short (1 s a call) so that load
# matters; the busy processes are started and stopped by their pids.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2> /dev/null || true; done
  for pid in "${hogs[@]}"; do wait "$pid" 2> /dev/null || true; done
  hogs=()
}
on_exit stop_hogs

# About 0.45 s of processor time a call here, against a limit of 1 s: beside 2 x nproc + 2 busy
# processes a call gets under a third of a core, so a wall-clock limit would end it (it did: the
# same script scored 0 of 75 loaded with the wall clock, 75 quiet). Under AddressSanitizer (every
# ASan build names __asan_init) Lua runs a few times slower: a longer limit and a quarter of the
# work keep the suite's time, and the test then checks the verdicts match, not the margin.
call_seconds=1
burn=80000000
if grep -aq __asan_init "$T"; then call_seconds=4; burn=20000000; fi

A=$work/assignment
mkdir "$A"
python3 - assignments/classic-8puzzle/assignment.json "$A/assignment.json" "$call_seconds" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
seconds = float(sys.argv[3])
doc["limits"] = {"test_seconds": 2 * seconds, "call_seconds": seconds, "lua_memory_mb": 256}
# Two tests a task (the endless BFS's second is the one skipped): each test repeats the same
# property, and all 14 made this the suite's costliest script for the busy processes' sake.
for task in doc["tasks"]:
    task["tests"] = task["tests"][:2]
json.dump(doc, open(sys.argv[2], "w"), indent=2)
PY
C=$work/class
mkdir "$C"
cp reference/classic-8puzzle/solution.lua "$C/reference.lua"
{ cat reference/classic-8puzzle/solution.lua
  cat <<LUA
-- Correct, but each call first computes for a while.
local function ponder() local sum = 0 for i = 1, $burn do sum = sum + i end return sum end
local correct_bfs, correct_dfs, correct_astar = bfs, dfs, astar
function bfs(problem) ponder() return correct_bfs(problem) end
function dfs(problem) ponder() return correct_dfs(problem) end
function astar(problem) ponder() return correct_astar(problem) end
LUA
} > "$C/slow.lua"
{ cat reference/classic-8puzzle/solution.lua
  echo 'function bfs(problem) while true do end end'
} > "$C/endless.lua"

# Each test's score, check results and diagnosis code, and the report's total: what must not move.
verdicts() {  # REPORT.json
  python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
print("score", report["score"], "of", report["max_score"])
for test in report["tests"]:
    extra = test["extra_data"]
    print(test["name"], test["score"], test["status"], extra["diagnosis"]["code"] or "-",
          extra["out_of_time"], [(c["key"], c["passed"]) for c in extra["checks"]])
PY
}
grade_all() {  # OUT_DIR
  mkdir -p "$1"
  for s in reference slow endless; do
    code=0
    $T grade "$A" "$C/$s.lua" --format json > "$1/$s.json" 2> "$1/$s.err" || code=$?
    [ "$code" = 0 ] || [ "$code" = 1 ] || fail "grade $s exited $code: $(cat "$1/$s.err")"
    verdicts "$1/$s.json" > "$1/$s.verdicts"
  done
}
start_hogs() {
  local count=$(( 2 * $(nproc) + 2 ))
  for _ in $(seq "$count"); do
    ( while :; do :; done ) &
    hogs+=("$!")
  done
}

grade_all "$work/quiet"
grep -q "^score \([0-9.]*\) of \1$" "$work/quiet/slow.verdicts" ||
  fail "the slow but correct script lost points on a quiet machine: $(cat "$work/quiet/slow.verdicts")"
grep -q "did not return within $call_seconds s of processor time" "$work/quiet/endless.json" ||
  fail "the endless BFS was not stopped by its processor-time limit: $(head -c 2000 "$work/quiet/endless.json")"

start_hogs
started=$SECONDS
grade_all "$work/loaded"
loaded_seconds=$((SECONDS - started))
stop_hogs
for s in reference slow endless; do
  diff "$work/quiet/$s.verdicts" "$work/loaded/$s.verdicts" > "$work/$s.diff" ||
    fail "$s: verdicts differ beside busy processes: $(cat "$work/$s.diff")"
done

# A class graded with one worker on a quiet machine and with two beside busy processes.
$T batch "$A" "$C" --out "$work/batch1" --jobs 1 --json > /dev/null 2> "$work/batch1.err" ||
  fail "batch --jobs 1 exited $?: $(cat "$work/batch1.err")"
start_hogs
$T batch "$A" "$C" --out "$work/batch2" --jobs 2 --json > /dev/null 2> "$work/batch2.err" ||
  fail "batch --jobs 2 exited $?: $(cat "$work/batch2.err")"
stop_hogs
for s in reference slow endless; do
  verdicts "$work/batch1/reports/$s.json" > "$work/batch1-$s.verdicts"
  verdicts "$work/batch2/reports/$s.json" > "$work/batch2-$s.verdicts"
  diff "$work/batch1-$s.verdicts" "$work/batch2-$s.verdicts" > "$work/$s.batch.diff" ||
    fail "$s: --jobs 1 quiet and --jobs 2 loaded differ: $(cat "$work/$s.batch.diff")"
  diff "$work/quiet/$s.verdicts" "$work/batch1-$s.verdicts" > "$work/$s.grade-batch.diff" ||
    fail "$s: grade and batch differ: $(cat "$work/$s.grade-batch.diff")"
done
echo "verdicts identical quiet and loaded (grading took ${loaded_seconds} s beside $(( 2 * $(nproc) + 2 )) busy processes)"
