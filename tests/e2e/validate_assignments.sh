#!/usr/bin/env bash
# Every ready-made assignment is ready to hand out:
#   1. `tilegrade validate` passes (spec, expected.json, reference solution, every mutant);
#   2. expected.json is reproducible: `tilegrade expect` on a fresh copy writes the same file;
#   3. reference/<name>/alternatives/*.lua (other correct solutions) get full marks;
#   4. reference/<name>/pending/*.lua (known-wrong submissions whose mistake the grader cannot name
#      yet, see their README) still get exactly the score written in their .json;
#   5. the mutation-adequacy report (`tilegrade tests --json`): its figures add up (detected +
#      equivalent + undetected = variants), every search task tests the start-is-the-goal case,
#      every variant reference/<name>/adequacy.json records as detected is still detected, every
#      equivalent variant states its reason and every detected one the tests that detect it.
#      (These were adequacy_report.sh's, which computed the same adequacy a second time: `tests`
#      now reads what `validate` computed from the cache, so each assignment's is computed once.)
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
# A cache of this run's own: validate computes every assignment's adequacy afresh (whatever an
# earlier run left in ~/.cache), and `tests` reads it from there.
export TILEGRADE_CACHE_DIR=$work/cache
fail() { echo "FAIL: $*"; }

# score_of FILE.json: its "score"; graded ASSIGNMENT SUBMISSION: "score max_score" from grade --json
# (in the calling check's own $scratch folder).
score_of() { python3 -c 'import json, sys; print(float(json.load(open(sys.argv[1]))["score"]))' "$1"; }
graded() {
  "$TILEGRADE" grade "$1" "$2" --json >"$scratch/grade.json" 2>"$scratch/grade.err" || true
  python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(float(d["score"]), float(d["max_score"]))' \
    "$scratch/grade.json" 2>/dev/null || echo "no-score ($(head -c 300 "$scratch/grade.err" | tr '\n' ' '))"
}

check() {  # DIR: the four checks of one assignment, as ok:/FAIL: lines
  local dir=$1 name scratch
  name=$(basename "$dir")
  scratch=$work/$name
  mkdir -p "$scratch"

  started=$(date +%s%N)
  if "$TILEGRADE" validate "$dir" >"$scratch/validate.txt" 2>&1; then
    elapsed=$((($(date +%s%N) - started) / 1000000))
    printf 'ok: validate %s (%d.%03d s)\n' "$name" $((elapsed / 1000)) $((elapsed % 1000))
  else
    fail "validate $name:"
    sed 's/^/      /' "$scratch/validate.txt"
  fi

  "$TILEGRADE" tests "$dir" --json >"$scratch/tests.json" 2>"$scratch/tests.err" || true
  if ! python3 - "$scratch/tests.json" "reference/$name/adequacy.json" "$name" <<'PY'; then
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
    fail "adequacy of $name: $(head -c 300 "$scratch/tests.err")"
  fi

  rm -rf "$scratch/copy"
  mkdir "$scratch/copy"
  cp "$dir/assignment.json" "$scratch/copy/"
  if ! "$TILEGRADE" expect "$scratch/copy" >/dev/null 2>"$scratch/expect.err"; then
    fail "expect $name: $(cat "$scratch/expect.err")"
  elif ! diff -u "$dir/expected.json" "$scratch/copy/expected.json" >"$scratch/expect.diff"; then
    fail "expected.json of $name is not what tilegrade expect writes (rerun: tilegrade expect $dir)"
    head -40 "$scratch/expect.diff" | sed 's/^/      /'
  else
    echo "ok: expected.json of $name is reproducible"
  fi

  for alternative in reference/"$name"/alternatives/*.lua; do
    [ -f "$alternative" ] || continue
    read -r got max <<<"$(graded "$dir" "$alternative")"
    if [ "$got" = "$max" ]; then
      echo "ok: $alternative gets full marks ($got)"
    else
      fail "$alternative: scores $got (of $max), expected full marks"
    fi
  done

  for pending in reference/"$name"/pending/*.lua; do
    [ -f "$pending" ] || continue
    want=$(score_of "${pending%.lua}.json")
    read -r got max <<<"$(graded "$dir" "$pending")"
    if python3 -c 'import sys; sys.exit(0 if abs(float(sys.argv[1]) - float(sys.argv[2])) < 1e-6 else 1)' \
      "$got" "$want" 2>/dev/null; then
      echo "ok: $pending scores $got (pending a diagnosis)"
    else
      fail "$pending: scores $got (of $max), its .json says $want"
    fi
  done
}

# Two assignments at a time (validate grades on one core); each check writes its own log, and the
# logs are printed in order.
dirs=()
for dir in assignments/*/; do
  if [ -f "$dir/assignment.json" ]; then dirs+=("${dir%/}"); fi
done
count=${#dirs[@]}
running=0
for dir in "${dirs[@]}"; do
  (check "$dir" || echo "FAIL: the checks of $dir stopped (exit $?)") > "$work/$(basename "$dir").log" 2>&1 &
  if ((++running >= 2)); then
    wait -n || true
    running=$((running - 1))
  fi
done
wait
failures=0
for dir in "${dirs[@]}"; do
  cat "$work/$(basename "$dir").log"
  failures=$((failures + $(grep -c '^FAIL' "$work/$(basename "$dir").log" || true)))
done

[ "$count" -gt 0 ] || { fail "no assignments found under $(pwd)/assignments"; failures=1; }
if ((failures)); then
  echo "$failures problem(s) in the assignments"
  exit 1
fi
echo "all $count assignments valid"
