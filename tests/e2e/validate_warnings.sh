#!/usr/bin/env bash
# validate's warnings (a missing handout or starter, a task no mutant targets) leave the verdict
# alone, and --write-scores writes each mutant's score as graded into its .json, keeping the rest,
# while still failing a wrong diagnosis.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$work/assignments" "$work/reference"
cp -r assignments/classic-8puzzle "$work/assignments/"
cp -r reference/classic-8puzzle "$work/reference/"
A="$work/assignments/classic-8puzzle"
M="$work/reference/classic-8puzzle/mutants"

"$T" validate "$A" --json > "$work/clean.json" || fail "the copied assignment does not validate"
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["warnings"] == []' "$work/clean.json" ||
  fail "warnings on a complete assignment"

rm "$A/starter.lua" "$M"/astar_*
"$T" validate "$A" > "$work/out.txt" || fail "warnings made the assignment invalid"
grep -q "^warn  no starter.lua in " "$work/out.txt" || fail "no warning for the missing starter"
grep -q "^warn  task astar: no mutant makes its mistake here" "$work/out.txt" || fail "no warning for astar"
grep -q "warn  task bfs" "$work/out.txt" && fail "a warning for bfs, which mutants cover"

# A score copied wrong by hand: validate fails; --write-scores puts the graded one in its place.
python3 - "$M/dfs_forward_push.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["score"] = 1
json.dump(doc, open(sys.argv[1], "w"))
PY
code=0
"$T" validate "$A" > /dev/null || code=$?
[ "$code" = 1 ] || fail "a wrong score: exit $code"
"$T" validate "$A" --write-scores > /dev/null || fail "--write-scores did not fix the score"
python3 - "$M/dfs_forward_push.json" reference/classic-8puzzle/mutants/dfs_forward_push.json <<'PY' ||
import json, sys
now, original = (json.load(open(p)) for p in sys.argv[1:3])
assert now == original, (now, original)
PY
  fail "--write-scores wrote something else than the graded score"
# A wrong diagnosis is never written over: still a failure.
sed -i 's/"diagnosis": "[^"]*"/"diagnosis": "no-such-code"/' "$M/dfs_forward_push.json"
code=0
"$T" validate "$A" --write-scores > /dev/null || code=$?
[ "$code" = 1 ] || fail "a wrong diagnosis with --write-scores: exit $code"
echo "validate_warnings: warnings, --write-scores and its limits checked"
