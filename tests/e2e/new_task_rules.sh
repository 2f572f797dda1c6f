#!/usr/bin/env bash
# `tilegrade new --task TASK:FIELD=VALUE` writes a rule for one task alone into its "semantics",
# and the handout's rules for that task say it (generated from assignment.json, below a marker);
# bad --task values are one line each, before anything is written. validate warns when the marked
# rules no longer say what assignment.json does (edited by hand after `new`), naming the line,
# and when a handout's numbers about grading are not the assignment's (the bundled
# astar-manhattan handout once said 8 tests of 12.5 points; grading runs 10 of 10).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
export TILEGRADE_CACHE_DIR="$work/cache"

A="$work/assignments/rules"
"$T" new "$A" --algorithms bfs,greedy --size 2x3 --task greedy:goal_test=on-generate > /dev/null ||
  fail "new --task"
python3 - "$A/assignment.json" <<'PY' || fail "the per-task rule in assignment.json"
import json, sys
spec = json.load(open(sys.argv[1]))
tasks = {t["name"]: t for t in spec["tasks"]}
assert tasks["greedy"]["semantics"] == {"goal_test": "on-generate"}, tasks["greedy"]
assert "semantics" not in tasks["bfs"], tasks["bfs"]
PY
python3 - "$A/README.md" <<'PY' || fail "the handout's rules: $(cat "$A/README.md")"
import sys
text = open(sys.argv[1]).read()
bfs, greedy = text.split("<!-- rules of greedy")
assert "<!-- rules of bfs" in bfs
assert "  - `goal_test`: on-pop" in bfs, bfs
assert "  - `goal_test`: on-generate" in greedy, greedy
PY

# Bad --task values: one line naming the option, nothing written.
for bad in "greedy" "gready:goal_test=on-generate" "greedy:goal_test=sometimes" \
           "bibfs:goal_test=on-generate"; do
  algorithms=bfs,greedy
  [ "$bad" = "bibfs:goal_test=on-generate" ] && algorithms=bibfs
  code=0
  "$T" new "$work/bad" --algorithms $algorithms --task "$bad" > "$work/bad.out" 2> "$work/bad.err" ||
    code=$?
  [ "$code" = 2 ] || check_failed "--task $bad: exit $code"
  [ "$(wc -l < "$work/bad.err")" = 1 ] || check_failed "--task $bad: not one line: $(cat "$work/bad.err")"
  [ ! -e "$work/bad" ] || { check_failed "--task $bad: wrote $work/bad"; rm -rf "$work/bad"; }
done
grep -q "no task named 'gready'" <("$T" new "$work/bad" --task gready:cost=tile 2>&1) ||
  check_failed "an unknown task is not named"

# Unchanged: no warning about the rules. Edited by hand: a warning naming the line.
"$T" validate "$A" > "$work/fresh.txt" || true
grep -q "the rules of task" "$work/fresh.txt" && fail "a rules warning on a fresh handout: $(grep rules "$work/fresh.txt")"
python3 - "$A/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
for task in spec["tasks"]:
    if task["name"] == "greedy":
        del task["semantics"]
json.dump(spec, open(sys.argv[1], "w"), indent=2)
PY
"$T" expect "$A" > /dev/null
"$T" validate "$A" > "$work/edited.txt" || true
line=$(grep -n "^  - \`goal_test\`: on-generate" "$A/README.md" | cut -d: -f1)
grep -q "^warn  $A/README.md:[0-9]*: the rules of task greedy are not assignment.json's: line $line says \`goal_test\`: on-generate.*, but assignment.json has \`goal_test\`: on-pop" \
  "$work/edited.txt" || fail "no warning for the edited rule: $(grep '^warn' "$work/edited.txt")"

# A handout's numbers: the bundled astar-manhattan's, as it was before it was fixed.
mkdir -p "$work/assignments" "$work/reference/astar-manhattan"
cp -r assignments/astar-manhattan "$work/assignments/"
cp reference/astar-manhattan/solution.lua "$work/reference/astar-manhattan/"
M="$work/assignments/astar-manhattan"
"$T" validate "$M" > "$work/fixed.txt" || fail "astar-manhattan: $(cat "$work/fixed.txt")"
grep -q "^warn .*README.md:[0-9]*: says" "$work/fixed.txt" &&
  fail "a numbers warning on the fixed handout: $(grep '^warn' "$work/fixed.txt")"
sed -i 's/^10 tests (4 visible, 6 hidden), 10 points each,/8 tests (4 visible, 4 hidden), 12.5 points each,/' \
  "$M/README.md"
at=$(grep -n "^8 tests (4 visible" "$M/README.md" | cut -d: -f1)
"$T" validate "$M" > "$work/stale.txt" || fail "a numbers warning made it invalid"
grep -qF "warn  $M/README.md:$at: says \"8 tests (4 visible, 4 hidden)\", but assignment.json has 10 (4 visible, 6 hidden)" \
  "$work/stale.txt" || fail "the tests' count: $(grep '^warn' "$work/stale.txt")"
grep -qF "warn  $M/README.md:$at: says \"12.5 points each\", but a test is worth 10 points" \
  "$work/stale.txt" || fail "the points: $(grep '^warn' "$work/stale.txt")"
echo "new_task_rules: per-task rules written and said; stale rules and numbers warned with their lines"
