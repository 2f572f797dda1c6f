#!/usr/bin/env bash
# The schema caps every budget at what a job thread's memory holds (grader/spec/limits.h): an
# assignment asking for 4e9 expansions or engine nodes on a 5x5 breadth-first search, more
# heuristic calls, a huge generated block or more tests in all than the bound is refused by
# `tests --suggest`, `validate` and `expect` with exit 2, in one line naming the field, before any
# search runs (it used to die of bad_alloc at 2.3 GB).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

assignment() {  # NAME LIMITS_JSON TESTS_JSON
  mkdir -p "$work/$1"
  cat > "$work/$1/assignment.json" <<JSON
{"title": "huge", "size": "5x5", "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs",
  "points": 10, "limits": $2, "tests": $3}]}
JSON
}
# Refused before any search: under a 4 GiB address-space limit (left out in an ASan build, which
# reserves terabytes up front), nothing is allocated for the huge budget.
limit=4194304
! grep -aq __asan_init "$T" || limit=unlimited
refused() {  # NAME FIELD_PATH [REASON]: every command refuses it in one line, naming the field
  local command code reason=${3:-expected a whole number from 1 to} started
  for command in "tests --suggest" validate expect; do
    code=0
    started=$SECONDS
    (ulimit -v $limit; "$T" $command "$work/$1" > /dev/null 2> "$work/err") || code=$?
    [ "$code" = 2 ] || fail "$command on $1: exit $code, expected 2: $(head -3 "$work/err")"
    grep -qF "$2: $reason" "$work/err" ||
      fail "$command on $1: the error does not name $2: $(head -3 "$work/err")"
    [ "$(wc -l < "$work/err")" = 1 ] || fail "$command on $1: not one line: $(head -3 "$work/err")"
    [ $((SECONDS - started)) -le 10 ] || fail "$command on $1: $((SECONDS - started)) s to refuse"
  done
}
one='[{"start": "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 0 24"}]'
assignment expansions '{"max_expansions": 4000000000}' "$one"
refused expansions 'tasks[0].limits.max_expansions'
assignment nodes '{"engine_nodes": 4000000000}' "$one"
refused nodes 'tasks[0].limits.engine_nodes'
assignment calls '{"heuristic_calls": 4000000000}' "$one"
refused calls 'tasks[0].limits.heuristic_calls'
assignment generated '{}' '[{"generate": {"count": 5000, "seed": 1, "random": true}}]'
refused generated 'tasks[0].tests[0].generate.count'

# Per-block caps multiply: issue 32's 1,000 blocks of 1,000 5x5 boards were accepted, and expect
# grew to 3 GiB and died of bad_alloc. The tests of the whole assignment are bounded; the block
# that passes the bound is refused before its boards are made.
blocks=$(python3 -c 'import json; print(json.dumps([{"generate": {"count": 1000, "seed": i + 1,
  "random": True}} for i in range(1000)]))')
assignment blocks '{}' "$blocks"
refused blocks 'tasks[0].tests[10].generate.count' 'the assignment would have more than 10000 tests'
# A shared "tests" list counts once for each task that reads it.
mkdir -p "$work/shared"
python3 - "$work/shared/assignment.json" <<'PY'
import json, sys
tests = [{"generate": {"count": 1000, "seed": i + 1, "random": True}} for i in range(6)]
tasks = [{"name": n, "kind": "search", "algorithm": n, "points": 1} for n in ("bfs", "dfs")]
json.dump({"title": "shared", "size": "5x5", "tests": tests, "tasks": tasks}, open(sys.argv[1], "w"))
PY
refused shared 'tests[4].generate.count' 'the assignment would have more than 10000 tests'

# What is left to run out of memory (a machine with less than the caps assume) is the
# assignment's error in one line, never bad_alloc: one 5x5 breadth-first search allowed 10 million
# engine nodes (about 1 GB), under 400 MiB of address space.
if [ "$limit" != unlimited ]; then
  assignment memory '{"engine_nodes": 10000000}' \
    '[{"start": "0 24 23 22 21 20 19 18 17 16 15 14 13 12 11 10 9 8 7 6 5 4 3 2 1"}]'
  code=0
  (ulimit -v 409600; "$T" expect "$work/memory" > /dev/null 2> "$work/err") || code=$?
  [ "$code" = 2 ] || fail "expect out of memory: exit $code, expected 2: $(head -3 "$work/err")"
  grep -qF "task bfs, test test-1: out of memory computing the engine's expected answers" \
    "$work/err" || fail "expect out of memory: $(head -3 "$work/err")"
  [ "$(wc -l < "$work/err")" = 1 ] || fail "expect out of memory: not one line"
  [ ! -e "$work/memory/expected.json" ] || fail "expect out of memory wrote expected.json"
else
  echo "skipped under AddressSanitizer: running out of memory under an address-space limit"
fi
echo "limits_bounded: budgets, generate counts and the assignment's tests capped (exit 2, path named), running out of memory said in one line"
