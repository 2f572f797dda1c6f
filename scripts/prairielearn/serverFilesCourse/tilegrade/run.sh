#!/usr/bin/env bash
# PrairieLearn's external grader runs this for every submission (info.json's
# externalGradingOptions.entrypoint). It grades the student's one .lua file in /grade/student
# against the question's assignment (/grade/tests/assignment, from the question's tests/ folder)
# with the tilegrade binary beside this script (from the course's serverFilesCourse/tilegrade/),
# and writes /grade/results/results.json in PrairieLearn's format (`--format prairielearn`).
# Whatever goes wrong, PrairieLearn gets a results.json: a submission that cannot be graded is
# marked "gradable": false (the student keeps the attempt) with a message saying why; stdout and
# stderr (the grading job's log, for instructors) get the details.
#   GRADE_ROOT  the job's root (default /grade), so it can run outside a grading container
#   TILEGRADE   the tilegrade binary (default: the one beside this script)
set -uo pipefail
root=${GRADE_ROOT:-/grade}
here=$(cd "$(dirname "$0")" && pwd)
tilegrade=${TILEGRADE:-$here/tilegrade}
assignment=$root/tests/assignment
results=$root/results/results.json
mkdir -p "$root/results"

# A results.json that awards nothing and costs no attempt, with one message for the student.
# The messages are this script's own fixed sentences, so escaping quotes and backslashes suffices
# (tilegrade writes every other results.json, escaping whatever bytes a name holds).
not_gradable() {
  echo "run.sh: $1"
  local message=${1//\\/\\\\}
  message=${message//\"/\\\"}
  printf '{"gradable": false, "score": 0, "message": "%s", "format_errors": ["%s"], "tests": []}\n' \
    "$message" "$message" > "$results"
}

if [ -L "$root/student" ] || [ ! -d "$root/student" ]; then
  not_gradable "The autograder found no submission folder. Please tell your instructor."
  exit 0
fi

code=0
# tilegrade finds the one .lua file in the upload itself, never following a link (one to a file
# of the course's would be graded as the student's); what the student must fix (a link, several
# scripts or none, a folder named x.lua) comes back not gradable, with the sentence saying what.
"$tilegrade" grade "$assignment" --submission-dir "$root/student" --format prairielearn \
  > "$results.partial" 2> "$root/results/tilegrade.stderr" || code=$?
cat "$root/results/tilegrade.stderr" >&2
if [ "$code" = 0 ] || [ "$code" = 1 ]; then  # graded: all passed, or with failures
  mv "$results.partial" "$results"
  echo "run.sh: graded (exit $code)"
else
  # The error above is for instructors only: it may quote a hidden test's board or figures.
  rm -f "$results.partial"
  echo "run.sh: tilegrade exit $code"
  not_gradable "The autograder could not grade your submission, because of a problem on the\
 course's side, not in your script. Please tell your instructor."
fi
exit 0
