#!/usr/bin/env bash
# validate keeps its adequacy check between runs (README: Writing an assignment): the second run
# of an unchanged assignment reads it from the cache (the finding says "cached"), --no-cache
# recomputes it, and a changed assignment.json (then `tilegrade expect`) is a new key, computed
# afresh. The cache lives where TILEGRADE_CACHE_DIR says, one file per key.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
export TILEGRADE_CACHE_DIR="$tmp/cache"

mkdir -p "$tmp/a" "$tmp/ref"
cp reference/classic-8puzzle/solution.lua "$tmp/ref/solution.lua"
cat > "$tmp/a/assignment.json" <<'JSON'
{"title": "cache", "size": "3x3", "goal": "blank-first",
 "semantics": {"action_order": "UDLR", "goal_test": "on-pop", "duplicates": "on-push", "count": "expanded"},
 "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
            "tests": [{"name": "start-is-goal", "start": "0 1 2 3 4 5 6 7 8"},
                      {"name": "near", "start": "1 4 2 3 0 5 6 7 8"}]}]}
JSON
"$T" expect "$tmp/a" > /dev/null

adequacy_line() {  # ARGS...: validate's finding on the tests of bfs
  "$T" validate "$tmp/a" --reference "$tmp/ref" "$@" > "$tmp/out.txt" ||
    { cat "$tmp/out.txt"; fail "validate failed"; }
  grep '^ok    tests of bfs: ' "$tmp/out.txt" || { cat "$tmp/out.txt"; fail "no adequacy finding"; }
}

first=$(adequacy_line)
case "$first" in *cached*) fail "the first run says cached: $first" ;; esac
[ "$(find "$tmp/cache/adequacy" -name '*.json' | wc -l)" = 1 ] || fail "no cache file written"
second=$(adequacy_line)
case "$second" in *"(tilegrade tests; cached)") ;; *) fail "the second run did not use the cache: $second" ;; esac
[ "${first% (tilegrade tests)}" = "${second% (tilegrade tests; cached)}" ] ||
  fail "the cache changed the figures: '$first' then '$second'"
echo "ok: an unchanged assignment's adequacy comes from the cache: $second"

forced=$(adequacy_line --no-cache)
case "$forced" in *cached*) fail "--no-cache used the cache: $forced" ;; esac
echo "ok: --no-cache recomputes"

# A changed file: another test board, then the answers for it.
sed -i 's/"1 4 2 3 0 5 6 7 8"/"1 2 0 3 4 5 6 7 8"/' "$tmp/a/assignment.json"
"$T" expect "$tmp/a" > /dev/null
changed=$(adequacy_line)
case "$changed" in *cached*) fail "a changed assignment.json was answered from the cache: $changed" ;; esac
[ "$(find "$tmp/cache/adequacy" -name '*.json' | wc -l)" = 2 ] || fail "the changed assignment got no key of its own"
echo "ok: a changed assignment.json is checked afresh"
