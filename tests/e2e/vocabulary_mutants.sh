#!/usr/bin/env bash
# Each known-wrong submission of iterative-deepening whose mistake is one of issue 19's new
# semantics fields is reproduced exactly by that one field: graded against a copy of the
# assignment whose task takes the field's value, it gets full marks on that task (path, cost,
# count and the whole expansion order). This holds the engine's vocabulary to the Lua code a
# student writes, through the grader's own expectations.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
failures=0
reference=reference/iterative-deepening

# reproduce SUBMISSION TASK SEMANTICS-JSON
reproduce() {
  local submission=$1 task=$2 semantics=$3 file="" folder
  for folder in mutants pending; do
    [ -f "$reference/$folder/$submission.lua" ] && file="$reference/$folder/$submission.lua"
  done
  if [ -z "$file" ]; then
    echo "FAIL: $submission.lua is in neither mutants/ nor pending/"
    failures=$((failures + 1))
    return
  fi
  rm -rf "$work/copy" && mkdir "$work/copy"
  python3 - assignments/iterative-deepening/assignment.json "$work/copy/assignment.json" "$task" \
    "$semantics" <<'PY'
import json, sys
source, target, task, semantics = sys.argv[1:]
assignment = json.load(open(source))
for t in assignment["tasks"]:
    if t["name"] == task:
        t.setdefault("semantics", {}).update(json.loads(semantics))
    # fourteen-moves is there to tell the reverse-move check apart from the path check; without a
    # cycle check, or expanding at the limit, IDDFS on it passes the engine's node budget (and
    # the student's), so the field's reproduction is shown on the other boards.
    t["tests"] = [test for test in t["tests"] if test["name"] != "fourteen-moves"]
json.dump(assignment, open(target, "w"))
PY
  "$TILEGRADE" expect "$work/copy" >/dev/null
  "$TILEGRADE" grade "$work/copy" "$file" --task "$task" --json >"$work/grade.json" 2>/dev/null || true
  if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d["score"] == d["max_score"] else 1)' \
    "$work/grade.json" 2>/dev/null; then
    echo "ok: $submission is $task under $semantics"
  else
    echo "FAIL: $submission is not reproduced by $task under $semantics"
    failures=$((failures + 1))
  fi
}

reproduce idastar_bound_plus_one idastar '{"round_growth": "plus-one"}'
reproduce idastar_bound_plus_two idastar-misplaced '{"round_growth": "plus-two"}'
reproduce idastar_undo_check_only idastar '{"cycle_check": "reverse-move"}'
reproduce iddfs_count_starts_at_one iddfs '{"count_offset": 1}'
reproduce iddfs_counts_last_round iddfs '{"rounds_counted": "last"}'
reproduce iddfs_expands_at_limit iddfs '{"at_depth_limit": "expand"}'
reproduce iddfs_no_cycle_check iddfs '{"cycle_check": "none"}'
reproduce iddfs_visited_on_expand iddfs '{"duplicates": "closed-on-expand"}'
reproduce iddfs_stack_forward_push iddfs '{"push_order": "forward"}'
((failures == 0)) || exit 1
