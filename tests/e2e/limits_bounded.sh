#!/usr/bin/env bash
# The schema caps every budget at what a job thread's memory holds (grader/spec/limits.h): an
# assignment asking for 4e9 expansions or engine nodes on a 5x5 breadth-first search, more
# heuristic calls, or a huge generated block is refused by `tests --suggest`, `validate` and
# `expect` with exit 2 and the field's path, before any search runs (it used to die of bad_alloc
# at 2.3 GB).
set -euo pipefail
T=${TILEGRADE:?set by ctest}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

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
refused() {  # NAME FIELD_PATH: every command refuses it, naming the field
  local command code
  for command in "tests --suggest" validate expect; do
    code=0
    (ulimit -v $limit; "$T" $command "$work/$1" > /dev/null 2> "$work/err") || code=$?
    [ "$code" = 2 ] || fail "$command on $1: exit $code, expected 2: $(head -3 "$work/err")"
    grep -qF "$2: expected a whole number from 1 to" "$work/err" ||
      fail "$command on $1: the error does not name $2: $(head -3 "$work/err")"
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
echo "limits_bounded: max_expansions, engine_nodes, heuristic_calls and generate counts capped (exit 2, path named)"
