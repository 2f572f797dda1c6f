#!/usr/bin/env bash
# validate keeps its adequacy check between runs (docs/writing-assignments.md): the second run
# of an unchanged assignment reads it from the cache (the finding says "cached"), --no-cache
# recomputes it, and a changed assignment.json (then `tilegrade expect`) is a new key, computed
# afresh. The cache lives where TILEGRADE_CACHE_DIR says, one file per key. `tilegrade tests`
# computes the same adequacy and shares the cache both ways: what validate stored, tests reads
# (saying so on stderr) and prints exactly as it would compute it, --suggest included; what tests
# stored, validate reads; a changed assignment is computed afresh by tests too.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
export TILEGRADE_CACHE_DIR="$work/cache"

mkdir -p "$work/a" "$work/ref"
cp reference/classic-8puzzle/solution.lua "$work/ref/solution.lua"
cat > "$work/a/assignment.json" <<'JSON'
{"title": "cache", "size": "3x3", "goal": "blank-first",
 "semantics": {"action_order": "UDLR", "goal_test": "on-pop", "duplicates": "on-push", "count": "expanded"},
 "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
            "tests": [{"name": "start-is-goal", "start": "0 1 2 3 4 5 6 7 8"},
                      {"name": "near", "start": "1 4 2 3 0 5 6 7 8"}]}]}
JSON
"$T" expect "$work/a" > /dev/null

adequacy_line() {  # ARGS...: validate's finding on the tests of bfs
  "$T" validate "$work/a" --reference "$work/ref" "$@" > "$work/out.txt" ||
    { cat "$work/out.txt"; fail "validate failed"; }
  grep '^ok    tests of bfs: ' "$work/out.txt" || { cat "$work/out.txt"; fail "no adequacy finding"; }
}

first=$(adequacy_line)
case "$first" in *cached*) fail "the first run says cached: $first" ;; esac
[ "$(find "$work/cache/adequacy" -name '*.json' | wc -l)" = 1 ] || fail "no cache file written"
second=$(adequacy_line)
case "$second" in *"(tilegrade tests; cached)") ;; *) fail "the second run did not use the cache: $second" ;; esac
[ "${first% (tilegrade tests)}" = "${second% (tilegrade tests; cached)}" ] ||
  fail "the cache changed the figures: '$first' then '$second'"
echo "ok: an unchanged assignment's adequacy comes from the cache: $second"

forced=$(adequacy_line --no-cache)
case "$forced" in *cached*) fail "--no-cache used the cache: $forced" ;; esac
echo "ok: --no-cache recomputes"

# A changed file: another test board, then the answers for it.
sed -i 's/"1 4 2 3 0 5 6 7 8"/"1 2 0 3 4 5 6 7 8"/' "$work/a/assignment.json"
"$T" expect "$work/a" > /dev/null
changed=$(adequacy_line)
case "$changed" in *cached*) fail "a changed assignment.json was answered from the cache: $changed" ;; esac
[ "$(find "$work/cache/adequacy" -name '*.json' | wc -l)" = 2 ] || fail "the changed assignment got no key of its own"
echo "ok: a changed assignment.json is checked afresh"

# tests_output NAME ARGS...: `tilegrade tests` into $work/NAME.json (stdout) and NAME.err (stderr).
tests_output() {
  local name=$1 code=0
  shift
  "$T" tests "$work/a" --reference "$work/ref" --json "$@" > "$work/$name.json" 2> "$work/$name.err" ||
    code=$?
  [ "$code" -le 1 ] || { cat "$work/$name.err"; fail "tests $*: exit $code"; }
}
from_cache() { grep -q "the adequacy comes from the cache" "$work/$1.err"; }

tests_output cached
from_cache cached || fail "tests did not read what validate cached: $(cat "$work/cached.err")"
tests_output computed --no-cache
from_cache computed && fail "tests --no-cache used the cache"
cmp -s "$work/cached.json" "$work/computed.json" ||
  fail "tests prints other figures from the cache: $(diff "$work/cached.json" "$work/computed.json")"
grep -q '"detected_by"' "$work/cached.json" || fail "the cached report names no detecting test"
# --suggest runs the variants themselves: the cached ones must be the catalogue's.
tests_output suggest_cached --suggest --seed 3 --max-boards 20
tests_output suggest_computed --suggest --seed 3 --max-boards 20 --no-cache
from_cache suggest_cached || fail "tests --suggest did not read the cache"
cmp -s "$work/suggest_cached.json" "$work/suggest_computed.json" ||
  fail "--suggest suggests otherwise from the cache"
echo "ok: tests reads validate's cache and prints what it computes (--suggest too)"

# The other way, and a changed assignment for tests: a new board, then tests first.
sed -i 's/"1 2 0 3 4 5 6 7 8"/"1 4 2 3 5 0 6 7 8"/' "$work/a/assignment.json"
"$T" expect "$work/a" > /dev/null
tests_output changed
from_cache changed && fail "tests answered a changed assignment.json from the cache"
[ "$(find "$work/cache/adequacy" -name '*.json' | wc -l)" = 3 ] ||
  fail "tests stored no entry for the changed assignment"
after_tests=$(adequacy_line)
case "$after_tests" in *"(tilegrade tests; cached)") ;; *) fail "validate did not read what tests cached: $after_tests" ;; esac
echo "ok: a changed assignment is computed afresh by tests, and validate reads what tests stored"
