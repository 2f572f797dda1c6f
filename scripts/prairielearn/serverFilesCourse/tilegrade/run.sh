#!/usr/bin/env bash
# PrairieLearn's external grader runs this for every submission (info.json's
# externalGradingOptions.entrypoint). It grades the student's one .lua file in /grade/student
# against the question's assignment (/grade/tests/assignment, from the question's tests/ folder)
# with the tilegrade binary beside this script (from the course's serverFilesCourse/tilegrade/),
# and writes /grade/results/results.json in PrairieLearn's format (`--format prairielearn`).
# Whatever goes wrong, PrairieLearn gets a results.json: a submission that cannot be graded is
# marked "gradable": false (the student keeps the attempt) with a message saying why; stdout and
# stderr (the grading job's log, for instructors) get the details. It exits 0 when the results are
# tilegrade's report, or a message about the course's assignment (tilegrade exit 2); 1 when
# grading failed or its results could not be written whole (tilegrade exit 3, a full results
# folder), still leaving a minimal results.json where there is room, never a cut one.
#   GRADE_ROOT  the job's root (default /grade), so it can run outside a grading container
#   TILEGRADE   the tilegrade binary (default: the one beside this script)
set -uo pipefail
root=${GRADE_ROOT:-/grade}
here=$(cd "$(dirname "$0")" && pwd)
tilegrade=${TILEGRADE:-$here/tilegrade}
assignment=$root/tests/assignment
results=$root/results/results.json
mkdir -p "$root/results"

# A results.json is put in place only whole: written beside it, checked, then renamed over it, so
# PrairieLearn never reads a document cut short by a full disk. Whole: it ends with a newline
# after the top-level object's closing brace, alone on its line (tilegrade indents every inner
# one) or ending the one line of not_gradable's; and python3, where the image has one, parses it.
json_is_whole() {
  [ "$(tail -c 2 "$1" 2> /dev/null | od -An -c | tr -d ' ')" = '}\n' ] || return 1
  case "$(tail -n 1 "$1")" in '}' | '{'*'}') ;; *) return 1 ;; esac
  ! command -v python3 > /dev/null ||
    python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$1" 2> /dev/null
}

# A results.json that awards nothing and costs no attempt, with one message for the student.
# The messages are this script's own fixed sentences, so escaping quotes and backslashes suffices
# (tilegrade writes every other results.json, escaping whatever bytes a name holds). Returns
# non-zero when even this could not be written.
not_gradable() {
  echo "run.sh: $1"
  local message=${1//\\/\\\\}
  message=${message//\"/\\\"}
  if printf '{"gradable": false, "score": 0, "message": "%s", "format_errors": ["%s"], "tests": []}\n' \
       "$message" "$message" > "$results.partial" && json_is_whole "$results.partial" &&
     mv "$results.partial" "$results"; then
    return 0
  fi
  rm -f "$results.partial" "$results"
  echo "run.sh: cannot write $results (is the results folder full?)"
  return 1
}

if [ -L "$root/student" ] || [ ! -d "$root/student" ]; then
  not_gradable "The autograder found no submission folder. Please tell your instructor."
  exit  # not_gradable's status: non-zero when even that could not be written
fi

code=0
# tilegrade finds the one .lua file in the upload itself, never following a link (one to a file
# of the course's would be graded as the student's); what the student must fix (a link, several
# scripts or none, a folder named x.lua) comes back not gradable, with the sentence saying what.
"$tilegrade" grade "$assignment" --submission-dir "$root/student" --format prairielearn \
  > "$results.partial" 2> "$root/results/tilegrade.stderr" || code=$?
cat "$root/results/tilegrade.stderr" >&2
# Graded (all passed, or with failures): tilegrade exits 0 or 1 only when every byte of its report
# was written, and the report is checked all the same before it is presented as the grade.
if [ "$code" = 0 ] || [ "$code" = 1 ]; then
  if json_is_whole "$results.partial" && mv "$results.partial" "$results"; then
    echo "run.sh: graded (exit $code)"
    exit 0
  fi
  echo "run.sh: the report (tilegrade exit $code) could not be written whole"
  code=3
fi
# The error above is for instructors only: it may quote a hidden test's board or figures.
rm -f "$results.partial"
echo "run.sh: tilegrade exit $code"
not_gradable "The autograder could not grade your submission, because of a problem on the\
 course's side, not in your script. Please tell your instructor." || exit 1
# A course's assignment tilegrade refuses (exit 2) is the instructor's to fix and the student is
# told so; a grading run that failed or could not write its results (exit 3, or a report that is
# not whole) is a failed run, which PrairieLearn's job log shows as one.
[ "$code" = 2 ]
