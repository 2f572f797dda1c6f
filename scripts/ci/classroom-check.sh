#!/usr/bin/env bash
# The grading step of scripts/ci/github-classroom.yml, kept here so that tests/e2e can run it:
#   classroom-check.sh TILEGRADE ASSIGNMENT_DIR SUBMISSION.lua
# runs `tilegrade check` on the student copy and writes, in the current folder,
#   - $GITHUB_OUTPUT: result=<the classroom result, base64>, the output that GitHub Classroom's
#     reporter action (classroom-resources/autograding-grading-reporter) reads, as <ID>_RESULTS;
#   - $GITHUB_STEP_SUMMARY: the text report;
#   - tilegrade-report.html: the HTML report (boards, divergence, replay).
# A missing submission (or a link or a folder under its name) is graded as an empty script (every
# test fails, the points are out of the full visible total) so that Classroom records 0 rather than nothing. Anything else that stops
# `check` (a broken assignment, an internal error) becomes an "error" result naming the reason.
# Exit 0 whenever a result was written: the reporter, not this step, passes or fails the job. A
# result is only handed on whole (a full disk never passes a cut one for a grade); when none can
# be written, exit 1, which fails the job.
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 TILEGRADE ASSIGNMENT_DIR SUBMISSION.lua" >&2
  exit 2
fi
tilegrade=$1 assignment=$2 submission=$3
: "${GITHUB_OUTPUT:?set by GitHub Actions}" "${GITHUB_STEP_SUMMARY:?set by GitHub Actions}"

graded=$submission
note=""
# A link is never followed (whatever it points to), and a folder or FIFO under the script's name is
# never opened: each is graded as an empty script, with the reason in the summary.
if [ -L "$submission" ]; then
  note="$submission is a symbolic link, which is never followed: commit the file itself."
elif [ -e "$submission" ] && [ ! -f "$submission" ]; then
  note="$submission is not a file (a folder or another object): commit your script under that name."
elif [ ! -e "$submission" ]; then
  note="$submission is missing: commit your script under that name and push again."
fi
if [ -n "$note" ]; then
  graded=$(mktemp --suffix=.lua)
  trap 'rm -f "$graded"' EXIT
fi

# Whole: it ends with a newline after the top-level object's closing brace, alone on its line
# (tilegrade indents every inner one) or ending the one line of the error result; and python3,
# where the runner has one, parses it.
json_is_whole() {
  [ "$(tail -c 2 "$1" 2> /dev/null | od -An -c | tr -d ' ')" = '}\n' ] || return 1
  case "$(tail -n 1 "$1")" in '}' | '{'*'}') ;; *) return 1 ;; esac
  ! command -v python3 > /dev/null ||
    python3 -c 'import json, sys; json.load(open(sys.argv[1], "rb"))' "$1" 2> /dev/null
}

code=0
"$tilegrade" check "$assignment" "$graded" --format classroom > classroom.json 2> classroom.err ||
  code=$?
# tilegrade exits 0 or 1 only when every byte of its result was written; checked all the same.
if [ "$code" -le 1 ] && ! json_is_whole classroom.json; then
  echo "classroom-check.sh: the result (tilegrade exit $code) was not written whole" >> classroom.err
  code=3
fi
if [ "$code" -gt 1 ]; then
  # One line of JSON-safe text: control characters dropped, bytes that are not UTF-8 dropped (a
  # Latin-1 byte in a path would make the reporter reject the whole result), backslashes and
  # quotes escaped.
  reason=$(tr -d '\000-\037\177' < classroom.err | iconv -c -f UTF-8 -t UTF-8 |
           sed 's/\\/\\\\/g; s/"/\\"/g')
  printf '{"version": 1, "status": "error", "max_score": 0, "tests": [{"name": "tilegrade", "status": "error", "score": 0, "message": "%s"}]}\n' \
    "tilegrade could not check this submission (exit $code): $reason" > classroom.json
fi
if ! json_is_whole classroom.json || ! echo "result=$(base64 -w0 < classroom.json)" >> "$GITHUB_OUTPUT"; then
  echo "classroom-check.sh: cannot write the result (classroom.json, $GITHUB_OUTPUT): is the disk full?" >&2
  exit 1
fi

"$tilegrade" check "$assignment" "$graded" --format html > tilegrade-report.html 2>/dev/null || true
{
  [ -z "$note" ] || printf '**%s**\n\n' "$note"
  echo '```'
  "$tilegrade" check "$assignment" "$graded" 2>&1 || true
  echo '```'
} >> "$GITHUB_STEP_SUMMARY"
exit 0
