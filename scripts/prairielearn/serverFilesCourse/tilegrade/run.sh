#!/usr/bin/env bash
# PrairieLearn's external grader runs this for every submission (info.json's
# externalGradingOptions.entrypoint). tilegrade, beside this script, grades the one .lua file of
# /grade/student against the question's assignment (/grade/tests/assignment) and writes
# /grade/results/results.json itself, whatever happens (`grade --results`, docs/delivery.md):
# the report; or "gradable": false with a message, for an upload it refuses (a link, several
# scripts or none), a script that does not load, or the course's side failing. The job's log gets
# the text report or the error line. Exit 0 when the student has a report or a message about the
# course's assignment (tilegrade exit 0, 1 or 2); 1 when grading failed or its results could not
# be written (exit 3).
#   GRADE_ROOT  the job's root (default /grade), so it can run outside a grading container
#   TILEGRADE   the tilegrade binary (default: the one beside this script)
set -uo pipefail
root=${GRADE_ROOT:-/grade}
tilegrade=${TILEGRADE:-$(dirname "$0")/tilegrade}
mkdir -p "$root/results"  # the grader does not create it
code=0
"$tilegrade" grade "$root/tests/assignment" --submission-dir "$root/student" \
  --format prairielearn --results "$root/results/results.json" 2>&1 || code=$?
echo "run.sh: tilegrade exit $code"
[ "$code" -le 2 ]
