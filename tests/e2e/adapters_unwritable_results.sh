#!/usr/bin/env bash
# The platform adapters never present a cut results document as a grade. Gradescope's
# run_autograder, PrairieLearn's run.sh and Classroom's classroom-check.sh leave the document to
# tilegrade (`--results`), which writes it whole or not at all; given a results folder with no
# room for the report (a small tmpfs, filled), each leaves the short document saying the course's
# side failed where one page is left, or none where nothing is (never a cut one), logs tilegrade's
# exit 3, and fails the run (Classroom: hands on the short "error" result, or fails the step when
# there is none).
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}" || exit 1
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

if ! unshare -m true 2> /dev/null; then
  if [ "${CI:-}" = true ]; then
    echo "FAIL: unshare -m is not available: a full results folder cannot be tested"
    exit 1
  fi
  echo "skip: unshare -m is not available (not root?): a full results folder is not tested"
  exit 0
fi

# The three platforms' layouts, fresh, with the reference solution as the upload: ROOT for
# Gradescope (AUTOGRADER_ROOT) and PrairieLearn (GRADE_ROOT); for Classroom, the job's folder
# (where classroom.json is written) and its two GitHub files beside it.
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
classroom_root() {  # an assignment whose result (visible tests only) is larger than one page
  rm -rf "$1" && mkdir -p "$1/results"
  "$T" export assignments/sliding-tile-practice "$1/assignment" > /dev/null
  cp reference/sliding-tile-practice/solution.lua "$1/solution.lua"
  : > "$1/output" && : > "$1/summary"
}
run_gradescope() {  # ROOT TILEGRADE: the exit status of run_autograder
  (cd "$1" && AUTOGRADER_ROOT="$1" TILEGRADE="$2" ./run_autograder > "$work/log" 2>&1)
}
run_prairielearn() {
  GRADE_ROOT="$1" TILEGRADE="$2" "$1/serverFilesCourse/tilegrade/run.sh" > "$work/log" 2>&1
}
run_classroom() {
  (cd "$1/results" && GITHUB_OUTPUT="$1/output" GITHUB_STEP_SUMMARY="$1/summary" \
     "$source/scripts/ci/classroom-check.sh" "$2" "$1/assignment" "$1/solution.lua" \
     > "$work/log" 2>&1)
  local code=$?
  cat "$1/summary" >> "$work/log"
  return $code
}
source=$PWD

# NAME FILE KIND: after a failed write, the results folder holds no temporary file and either no
# document (KIND none) or the short one (KIND minimal: score 0, the course's side named).
no_cut_document() {
  local what=$1 results=$2 kind=$3
  ! find "$(dirname "$results")" -name '*.tmp.*' | grep -q . || check_failed "$what: a temporary file was left"
  if [ "$kind" = none ]; then
    [ ! -e "$results" ] || check_failed "$what: a document with no room for one: $(head -c 200 "$results")"
    return
  fi
  python3 - "$results" <<'PY' || check_failed "$what: not the short document (above)"
import json, sys
results = json.load(open(sys.argv[1]))
assert results.get("score", 0) == 0, results
tests = results["tests"]
if results.get("version") == 1:  # Classroom: one "error" test, scored 0 of 0
    assert results["status"] == "error" and len(tests) == 1 and tests[0]["score"] == 0, results
    message = tests[0]["message"]
else:
    assert tests == [], results
    # Gradescope's output; PrairieLearn's format_errors (said once there).
    message = results.get("output") or " ".join(results.get("format_errors", []))
assert "problem on the course's side" in message, message
assert "Please submit it again" in message, message
PY
}

cat > "$work/full_results.sh" <<'SH'
set -uo pipefail
work=$1 kind=$2 results_dir=$3 run=$4
# kind: the room the filler leaves. "some": one 4 KiB page, enough for the short document,
# never for a report (Classroom's here is 8 KB, PrairieLearn's 5, Gradescope's 30); "none": not
# a byte.
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
export -f run_gradescope run_prairielearn run_classroom
export work source
for kind in some none; do
  expected=minimal
  [ "$kind" = none ] && expected=none
  # ADAPTER ROOT-MAKER RUNNER NAME DOCUMENT
  for adapter in "gs gradescope_root run_gradescope run_autograder results.json" \
                 "pl prairielearn_root run_prairielearn run.sh results.json" \
                 "cr classroom_root run_classroom classroom-check.sh classroom.json"; do
    read -r dir make run name document <<< "$adapter"
    $make "$work/$dir"
    rm -rf "$work/left" && mkdir -p "$work/left"
    code=0
    unshare -m bash "$work/full_results.sh" "$work" $kind "$work/$dir/results" \
      "$run $work/$dir $T" || code=$?
    [ "$code" != 90 ] || check_failed "$name: cannot mount a tmpfs"
    grep -q "cannot write .*$document.*: No space left on device" "$work/log" ||
      check_failed "$name, $kind room: the log does not say what could not be written: $(cat "$work/log")"
    no_cut_document "$name, $kind room" "$work/left/$document" $expected
    if [ $dir = cr ]; then
      # Classroom: the short result is handed on (the reporter fails the job), or the step fails.
      if [ $kind = some ]; then
        [ "$code" = 0 ] && grep -q "^result=" "$work/$dir/output" ||
          check_failed "$name, some room: the error result is not handed on (exit $code)"
      else
        [ "$code" = 1 ] && ! grep -q "^result=" "$work/$dir/output" ||
          check_failed "$name, no room: exit $code, $(cat "$work/$dir/output")"
      fi
    else
      [ "$code" = 1 ] || check_failed "$name, $kind room: exit $code, expected 1: $(cat "$work/log")"
      grep -q "tilegrade exit 3" "$work/log" || check_failed "$name, $kind room: $(cat "$work/log")"
    fi
  done
done

echo "adapters_unwritable_results: no cut results document presented as graded (3 adapters)"
