#!/usr/bin/env bash
# The platform adapters never present a cut results document as a grade. Gradescope's
# run_autograder, PrairieLearn's run.sh and Classroom's classroom-check.sh each check what
# tilegrade wrote before handing it on; given a report cut short (a stand-in tilegrade that exits
# 0 after half a document) or a results folder with no room (a small tmpfs, filled), each exits
# non-zero and leaves either a minimal valid document saying the course's side failed, or none:
# never a cut one, never a "graded" line in the log.
set -uo pipefail
T=${TILEGRADE:?set TILEGRADE to the tilegrade binary}
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}" || exit 1
A=assignments/classic-8puzzle
R=reference/classic-8puzzle
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# A tilegrade that reports success after printing half a document, as a full disk once did.
printf '#!/bin/sh\nprintf '"'"'{\\n  "score": 75,\\n  "tests": [\\n'"'"'\nexit 0\n' > "$work/cut-tilegrade"
chmod +x "$work/cut-tilegrade"

# The two platforms' layouts, fresh: ROOT for Gradescope (AUTOGRADER_ROOT) and PrairieLearn
# (GRADE_ROOT), with the reference solution as the upload.
gradescope_root() {
  rm -rf "$1" && mkdir -p "$1/source" "$1/submission" "$1/results"
  cp -r $A "$1/source/assignment"
  cp scripts/gradescope/run_autograder "$1/run_autograder"
  cp $R/solution.lua "$1/submission/"
}
prairielearn_root() {
  rm -rf "$1" && mkdir -p "$1/tests" "$1/student" "$1/results" "$1/serverFilesCourse/tilegrade"
  cp -r $A "$1/tests/assignment"
  cp scripts/prairielearn/serverFilesCourse/tilegrade/run.sh "$1/serverFilesCourse/tilegrade/"
  cp $R/solution.lua "$1/student/"
}
run_gradescope() {  # ROOT TILEGRADE: the exit status of run_autograder
  (cd "$1" && AUTOGRADER_ROOT="$1" TILEGRADE="$2" ./run_autograder > "$work/log" 2>&1)
}
run_prairielearn() {
  GRADE_ROOT="$1" TILEGRADE="$2" "$1/serverFilesCourse/tilegrade/run.sh" > "$work/log" 2>&1
}

# WHAT RESULTS KIND: after a failed write, the adapter's folder holds no partial file and either
# no results.json (KIND none) or the minimal one (KIND minimal: score 0, the course's side named).
no_cut_document() {
  local what=$1 results=$2 kind=$3
  ! grep -q "graded (exit" "$work/log" || fail "$what: the log says graded: $(cat "$work/log")"
  [ ! -e "$results.partial" ] || fail "$what: $results.partial was left behind"
  if [ "$kind" = none ]; then
    [ ! -e "$results" ] || fail "$what: a results.json with no room for one: $(head -c 200 "$results")"
    return
  fi
  python3 - "$results" <<'PY' || fail "$what: results.json is not the minimal one (above)"
import json, sys
results = json.load(open(sys.argv[1]))
assert results["score"] == 0 and results["tests"] == [], results
message = results.get("output", results.get("message", ""))
assert "problem on the course's side" in message, message
PY
}

gradescope_root "$work/gs"
code=0; run_gradescope "$work/gs" "$work/cut-tilegrade" || code=$?
[ "$code" != 0 ] || fail "run_autograder exits 0 on a cut report: $(cat "$work/log")"
no_cut_document "run_autograder, a cut report" "$work/gs/results/results.json" minimal

prairielearn_root "$work/pl"
code=0; run_prairielearn "$work/pl" "$work/cut-tilegrade" || code=$?
[ "$code" != 0 ] || fail "run.sh exits 0 on a cut report: $(cat "$work/log")"
no_cut_document "run.sh, a cut report" "$work/pl/results/results.json" minimal
python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["gradable"] is False' \
  "$work/pl/results/results.json" || fail "run.sh: a cut report is gradable"

# Classroom: the cut result becomes an "error" result naming why, handed on whole.
mkdir -p "$work/classroom" && touch "$work/classroom/output" "$work/classroom/summary"
(cd "$work/classroom" && GITHUB_OUTPUT="$work/classroom/output" GITHUB_STEP_SUMMARY="$work/classroom/summary" \
  "$OLDPWD/scripts/ci/classroom-check.sh" "$work/cut-tilegrade" "$OLDPWD/$A" "$OLDPWD/$R/solution.lua" \
  > "$work/log" 2>&1) || fail "classroom-check.sh failed with room to write: $(cat "$work/log")"
python3 - "$work/classroom/output" <<'PY' || fail "classroom-check.sh handed on a cut result (above)"
import base64, json, sys
line = open(sys.argv[1]).read().strip()
assert line.startswith("result="), line
result = json.loads(base64.b64decode(line[len("result="):]))
assert result["status"] == "error", result
assert "not written whole" in result["tests"][0]["message"], result
PY

# A results folder with no room: a tmpfs of its own, in a private mount namespace.
if ! unshare -m true 2> /dev/null; then
  if [ "${CI:-}" = true ]; then
    fail "unshare -m is not available: a full results folder cannot be tested"
  else
    echo "skip: unshare -m is not available (not root?): a full results folder is not tested"
  fi
else
  cat > "$work/full_results.sh" <<'SH'
set -uo pipefail
work=$1 kind=$2 results_dir=$3 run=$4
# kind: the room the filler leaves. "some": one 4 KiB page, enough for the minimal document once
# the cut report is removed, never for a report (PrairieLearn's is about 5 KB, Gradescope's 30);
# "none": not a byte.
mount -t tmpfs -o size=64k tilegrade-results "$results_dir" || exit 90
if [ "$kind" = some ]; then
  dd if=/dev/zero of="$results_dir/filler" bs=4k count=15 2> /dev/null
else
  dd if=/dev/zero of="$results_dir/filler" bs=4k 2> /dev/null
fi
code=0
$run || code=$?  # "run_gradescope ROOT TILEGRADE": words without spaces (mktemp's paths)
rm -f "$results_dir/filler"
# What is left, for the checks outside (the mount goes with this namespace).
cp -a "$results_dir/." "$work/left/" 2> /dev/null
exit $code
SH
  export -f run_gradescope run_prairielearn
  export work
  for kind in some none; do
    expected=minimal
    [ "$kind" = none ] && expected=none
    # ADAPTER ROOT-MAKER RUNNER NAME
    for adapter in "gs gradescope_root run_gradescope run_autograder" \
                   "pl prairielearn_root run_prairielearn run.sh"; do
      read -r dir make run name <<< "$adapter"
      $make "$work/$dir"
      rm -rf "$work/left" && mkdir -p "$work/left"
      code=0
      unshare -m bash "$work/full_results.sh" "$work" $kind "$work/$dir/results" \
        "$run $work/$dir $T" || code=$?
      [ "$code" != 0 ] && [ "$code" != 90 ] || fail "$name, $kind room: exit $code: $(cat "$work/log")"
      grep -q "tilegrade exit 3" "$work/log" || fail "$name, $kind room: $(cat "$work/log")"
      no_cut_document "$name, $kind room" "$work/left/results.json" $expected
    done
  done
fi

if [ "$failures" -ne 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "adapters_unwritable_results: no cut results document presented as graded (3 adapters)"
