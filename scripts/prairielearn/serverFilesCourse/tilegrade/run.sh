#!/usr/bin/env bash
# PrairieLearn's external grader runs this for every submission (info.json's
# externalGradingOptions.entrypoint). tilegrade, beside this script, grades the one .lua file of
# /grade/student against the question's assignment (/grade/tests/assignment) and writes
# /grade/results/results.json itself, whatever happens (`grade --results`, docs/delivery.md):
# the report; or "gradable": false with a message, for an upload it refuses (a link, several
# scripts or none), a script that does not load, or the course's side failing. The job's log gets
# the text report or the error line. Exit 0 when the student has a report or a message about the
# course's assignment (tilegrade exit 0, 1 or 2); 1 when grading failed or its results could not
# be written (exit 3), or when the binary beside it cannot run (missing, not executable, or one
# that needs libraries the image lacks): then it writes the course's-side sentence itself.
#   GRADE_ROOT  the job's root (default /grade), so it can run outside a grading container
#   TILEGRADE   the tilegrade binary (default: the one beside this script)
set -uo pipefail
root=${GRADE_ROOT:-/grade}
tilegrade=${TILEGRADE:-$(dirname "$0")/tilegrade}
mkdir -p "$root/results"  # the grader does not create it
# What tilegrade writes when the course's side fails, for when it cannot write it itself: no
# points, and the attempt is not used up.
course_side_failure() {  # WHY (for the job's log)
  echo "run.sh: $1"
  local sentence="The autograder could not grade your submission, because of a problem on the"
  sentence+=" course's side, not in your script. Please tell your instructor."
  # Whole or not at all, as tilegrade writes it: a full disk leaves no cut document behind.
  local partial=$root/results/results.json.tmp.$$
  if printf '{"gradable": false, "score": 0, "tests": [], "format_errors": ["%s"]}\n' \
       "$sentence" > "$partial" 2> /dev/null; then
    mv "$partial" "$root/results/results.json"
  else
    rm -f "$partial"
  fi
  exit 1
}
[ -x "$tilegrade" ] ||
  course_side_failure "$tilegrade is missing or not executable (copy serverFilesCourse/tilegrade whole)"
rm -f "$root/results/results.json"
code=0
"$tilegrade" grade "$root/tests/assignment" --submission-dir "$root/student" \
  --format prairielearn --results "$root/results/results.json" 2>&1 || code=$?
echo "run.sh: tilegrade exit $code"
# A binary the image cannot run (a dynamically linked one: exit 127) writes nothing.
[ -f "$root/results/results.json" ] ||
  course_side_failure "tilegrade wrote no results.json (exit $code; is it the static binary?)"
[ "$code" -le 2 ]
