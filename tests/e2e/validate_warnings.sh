#!/usr/bin/env bash
# validate's warnings (a missing handout or starter, a starter that earns points, a task no mutant
# targets) leave the verdict alone, and --write-scores writes each mutant's score as graded into
# its .json, keeping the rest of it in its order, while still failing a wrong diagnosis.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

mkdir -p "$work/assignments" "$work/reference"
cp -r assignments/classic-8puzzle "$work/assignments/"
cp -r reference/classic-8puzzle "$work/reference/"
A="$work/assignments/classic-8puzzle"
M="$work/reference/classic-8puzzle/mutants"

"$T" validate "$A" --json > "$work/clean.json" || fail "the copied assignment does not validate"
python3 - "$work/clean.json" <<'PY' || fail "warnings on a complete assignment"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["warnings"] == [], report["warnings"]
starter = [f for f in report["findings"] if f["subject"] == "starter.lua"]
assert starter and starter[0]["ok"] and starter[0]["detail"].startswith("score 0/75"), starter
PY

# A starter whose stubs return an empty path ("return {}, 0") passes the start-is-goal tests:
# 12.5 of 75 points, above the 5% a starter should earn.
sed -i 's/^  error(".*")$/  return {}, 0/' "$A/starter.lua"
grep -q '^  return {}, 0$' "$A/starter.lua" || fail "the bundled starter's stubs changed shape"
"$T" validate "$A" --json > "$work/generous.json" || fail "a generous starter made it invalid"
python3 - "$work/generous.json" <<'PY' || fail "no warning for a starter that earns points"
import json, sys
report = json.load(open(sys.argv[1]))
warnings = report["warnings"]
assert len(warnings) == 1 and warnings[0].startswith("starter.lua scores 12.5/75, more than 5%"), warnings
PY

rm "$A/starter.lua" "$M"/astar_*
"$T" validate "$A" > "$work/out.txt" || fail "warnings made the assignment invalid"
grep -q "^warn  no starter.lua in " "$work/out.txt" || fail "no warning for the missing starter"
grep -q "^warn  task astar: no mutant makes its mistake here" "$work/out.txt" || fail "no warning for astar"
grep -q "warn  task bfs" "$work/out.txt" && fail "a warning for bfs, which mutants cover"

# What follows is about one mutant's .json (dfs_forward_push), so the copy keeps that mutant
# alone: each validate below would otherwise grade the other four again (the two DFS mutants
# explore to their budget), checking nothing these checks look at; validate_assignments.sh
# validates every mutant.
find "$M" -name '*.lua' ! -name dfs_forward_push.lua -delete
find "$M" -name '*.json' ! -name dfs_forward_push.json -delete
[ "$(ls "$M")" = "$(printf 'dfs_forward_push.json\ndfs_forward_push.lua')" ] ||
  fail "the copy's mutants: $(ls "$M" | tr '\n' ' ')"

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
assert list(now) == list(original), ("fields reordered", list(now), list(original))
PY
  fail "--write-scores wrote something else than the graded score, or moved the other fields"
# A wrong diagnosis is never written over: still a failure.
sed -i 's/"diagnosis": "[^"]*"/"diagnosis": "no-such-code"/' "$M/dfs_forward_push.json"
code=0
"$T" validate "$A" --write-scores > /dev/null || code=$?
[ "$code" = 1 ] || fail "a wrong diagnosis with --write-scores: exit $code"
# A placeholder diagnosis with a wrong score: --write-scores still writes the score (and fails on
# the placeholder, which --write-diagnoses fills in).
python3 - "$M/dfs_forward_push.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
doc["score"], doc["diagnosis"] = 1, "TODO"
json.dump(doc, open(sys.argv[1], "w"))
PY
code=0
"$T" validate "$A" --write-scores > "$work/todo.txt" || code=$?
[ "$code" = 1 ] || fail "a TODO diagnosis with --write-scores: exit $code"
grep -q '"TODO" is not a diagnosis code .*its score .* is written' "$work/todo.txt" ||
  fail "--write-scores did not say it wrote the score of a TODO mutant: $(grep dfs_forward "$work/todo.txt")"
python3 - "$M/dfs_forward_push.json" reference/classic-8puzzle/mutants/dfs_forward_push.json <<'PY' ||
import json, sys
now, original = (json.load(open(p)) for p in sys.argv[1:3])
assert now["score"] == original["score"], (now, original)
PY
  fail "--write-scores wrote no graded score for a TODO mutant"

# A stale expected.json stops validate at once: nothing is graded against answers it no longer has.
python3 - "$A/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["tasks"][0]["tests"][0]["start"] = "1 0 2 3 4 5 6 7 8"
json.dump(spec, open(sys.argv[1], "w"), indent=2)
PY
code=0
"$T" validate "$A" > "$work/stale.txt" || code=$?
[ "$code" = 1 ] || fail "a stale expected.json: exit $code"
grep -q "^FAIL  expected.json: " "$work/stale.txt" || fail "no FAIL line for the stale expected.json"
grep -q "^stopped: expected.json is stale: rerun tilegrade expect " "$work/stale.txt" ||
  fail "validate did not say it stopped"
grep -q "solution.lua\|mutant" "$work/stale.txt" && fail "validate went on after a stale expected.json"
echo "validate_warnings: warnings, --write-scores, its limits and the stale stop checked"
