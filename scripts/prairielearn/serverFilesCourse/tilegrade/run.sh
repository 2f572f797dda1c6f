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
# The messages are this script's own fixed sentences, so escaping quotes and backslashes suffices.
not_gradable() {
  echo "run.sh: $1"
  local message=${1//\\/\\\\}
  message=${message//\"/\\\"}
  printf '{"gradable": false, "score": 0, "message": "%s", "format_errors": ["%s"], "tests": []}\n' \
    "$message" "$message" > "$results"
}

shopt -s nullglob
submissions=("$root"/student/*.lua)
if ((${#submissions[@]} != 1)) || [ ! -f "${submissions[0]}" ] || [ -L "${submissions[0]}" ]; then
  not_gradable "Submit exactly one .lua file (your Lua script); this submission has ${#submissions[@]}."
  exit 0
fi

code=0
"$tilegrade" grade "$assignment" "${submissions[0]}" --format prairielearn \
  > "$results.partial" 2> "$root/results/tilegrade.stderr" || code=$?
cat "$root/results/tilegrade.stderr" >&2
if [ "$code" = 0 ] || [ "$code" = 1 ]; then  # graded: all passed, or with failures
  mv "$results.partial" "$results"
  echo "run.sh: graded ${submissions[0]} (exit $code)"
else
  # The error above is for instructors only: it may quote a hidden test's board or figures.
  rm -f "$results.partial"
  echo "run.sh: tilegrade exit $code on ${submissions[0]}"
  not_gradable "The autograder could not grade your submission, because of a problem on the\
 course's side, not in your script. Please tell your instructor."
fi
exit 0
