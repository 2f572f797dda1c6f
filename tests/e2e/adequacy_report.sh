#!/usr/bin/env bash
# The mutation-adequacy report on every bundled assignment: `tilegrade tests --json` runs, its
# figures add up (detected + equivalent + undetected = variants), every search task tests the
# start-is-the-goal case, every variant reference/<name>/adequacy.json records as detected is
# still detected, every equivalent variant states its reason, and --suggest is deterministic.
set -euo pipefail
: "${TILEGRADE:?path of the tilegrade binary}"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}

for dir in assignments/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  "$TILEGRADE" tests "$dir" --json >"$work/tests.json" 2>"$work/tests.err" || true
  if ! python3 - "$work/tests.json" "reference/$name/adequacy.json" "$name" <<'PY'; then
import json, os, sys
doc = json.load(open(sys.argv[1]))
recorded = json.load(open(sys.argv[2]))["tasks"] if os.path.exists(sys.argv[2]) else {}
problems = []
for task in doc["tasks"]:
    n = task["detected"] + task["equivalent"] + task["undetected"]
    if n != task["variants"] or n != len(task["details"]):
        problems.append(f"{task['task']}: figures do not add up")
    if not task["start_is_goal_tested"]:
        problems.append(f"{task['task']}: no test starts at the goal")
    detected = {d["variant"] for d in task["details"] if d["status"] == "detected"}
    for variant in recorded.get(task["task"], {}).get("detected", []):
        if variant not in detected:
            problems.append(f"{task['task']}: {variant} no longer detected")
    for d in task["details"]:
        if d["status"] == "equivalent" and not d.get("reason"):
            problems.append(f"{task['task']}: {d['variant']} equivalent without a reason")
        if d["status"] == "detected" and not d.get("detected_by"):
            problems.append(f"{task['task']}: {d['variant']} detected by no test")
    print(f"ok: {sys.argv[3]} {task['task']}: {task['variants']} variants, {task['detected']} detected, "
          f"{task['equivalent']} equivalent, {task['undetected']} undetected")
for p in problems:
    print("  " + p)
sys.exit(1 if problems else 0)
PY
    fail "adequacy of $name"
  fi
done

# Same seed, same suggestion.
"$TILEGRADE" tests assignments/slider-2x3 --suggest --seed 7 --max-boards 60 --json >"$work/a.json" || true
"$TILEGRADE" tests assignments/slider-2x3 --suggest --seed 7 --max-boards 60 --json >"$work/b.json" || true
cmp -s "$work/a.json" "$work/b.json" || fail "--suggest with one seed gave two answers"
grep -q '"suggested_tests"' "$work/a.json" || fail "--suggest printed no suggested_tests"

if ((failures)); then
  echo "$failures problem(s)"
  exit 1
fi
echo "adequacy report: every bundled assignment checked"
