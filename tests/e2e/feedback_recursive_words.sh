#!/usr/bin/env bash
# Feedback speaks in the words of the submission's shape (docs/diagnosis-codes.md): a search that
# marks no state and goes depth first (dls, iddfs, idastar, or dfs with "duplicates": "none") is
# written recursively and pops nothing, so nothing a student of such a task reads may speak of
# pops. Every mutant of iterative-deepening (both tasks recursive) is graded in the text format
# and in Gradescope's results.json, and no word starting with "pop" may appear; as a control, a
# queue search's count mistake on classic-8puzzle still names pops, so the check can fail.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

assignment=assignments/iterative-deepening
mkdir -p "$work/subs"
cp reference/iterative-deepening/mutants/*.lua "$work/subs/"
"$T" batch "$assignment" "$work/subs" --out "$work/out" --jobs 2 --class-report off > /dev/null ||
  fail "batch iterative-deepening exited $?"
found=0
for script in "$work/subs"/*.lua; do
  student=$(basename "$script" .lua)
  for report in "$work/out/reports/$student.txt" "$work/out/reports/$student.json"; do
    [ -s "$report" ] || fail "no report $report"
    # Diagnosis codes are names, not words (counts-popped, goal-test-on-pop): left out.
    if sed -E 's/[a-z0-9]+(-[a-z0-9{}]+)+//g' "$report" | grep -n -i -E '\bpop' > "$work/hits"; then
      echo "FAIL: $student: feedback of a recursive search speaks of pops ($report):" >&2
      sed 's/^/      /' "$work/hits" >&2
      found=1
    fi
  done
done
((found == 0)) || exit 1
echo "ok: $(ls "$work/subs" | wc -l) iterative-deepening mutants: no feedback speaks of pops"

# The control: classic-8puzzle's BFS counts expansions of a queue; a count of every pop is named
# in its own words there.
# The reference solution with its count moved before the goal test: every pop, the goal's too.
python3 - reference/classic-8puzzle/solution.lua "$work/counts_pops.lua" <<'PY'
import sys
text = open(sys.argv[1]).read()
test = "    if problem:is_goal(node.state) then return path_to(node), expanded end\n"
count = "    expanded = expanded + 1\n"
assert test + count in text, "the reference solution's bfs changed: update this control"
open(sys.argv[2], "w").write(text.replace(test + count, count + test))
PY
"$T" grade assignments/classic-8puzzle "$work/counts_pops.lua" --task bfs > "$work/control.txt" || true
grep -q -i -E '\bpop' "$work/control.txt" ||
  fail "the control (a BFS counting every pop) was not told of pops: $(head -c 600 "$work/control.txt")"
echo "ok: a queue search's count is still told in pops (control)"
