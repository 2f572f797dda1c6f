#!/usr/bin/env bash
# The grading step of scripts/ci/github-classroom.yml, kept here so that tests/e2e can run it:
#   classroom-check.sh TILEGRADE ASSIGNMENT_DIR SUBMISSION.lua
# runs `tilegrade check` on the student copy, which writes classroom.json itself whatever happens
# (`--results`, docs/delivery.md): the result; every test at 0 with the reason when the script is
# missing or is a link or a folder (never followed or opened); an "error" result naming the reason
# when the course's side failed. Then, in the current folder:
#   - $GITHUB_OUTPUT: result=<classroom.json, base64>, what GitHub Classroom's reporter action
#     (classroom-resources/autograding-grading-reporter) reads as <ID>_RESULTS;
#   - $GITHUB_STEP_SUMMARY: the text report (or the error line);
#   - tilegrade-report.html: the HTML report (boards, divergence, replay) of a script it graded.
# Exit 0 whenever a result was handed on: the reporter, not this step, passes or fails the job;
# 1 when there is none (tilegrade could not write it), which fails the job.
set -uo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 TILEGRADE ASSIGNMENT_DIR SUBMISSION.lua" >&2
  exit 2
fi
tilegrade=$1 assignment=$2 submission=$3
: "${GITHUB_OUTPUT:?set by GitHub Actions}" "${GITHUB_STEP_SUMMARY:?set by GitHub Actions}"
code=0
{
  echo '```'
  "$tilegrade" check "$assignment" "$submission" --format classroom --results classroom.json \
    2>&1 || code=$?
  echo '```'
} >> "$GITHUB_STEP_SUMMARY"
if ! result=$(base64 -w0 < classroom.json) || ! echo "result=$result" >> "$GITHUB_OUTPUT"; then
  echo "classroom-check.sh: no result to hand on (tilegrade exit $code)" >&2
  exit 1
fi
# A link is never followed, not even for the HTML report.
if [ -f "$submission" ] && [ ! -L "$submission" ]; then
  "$tilegrade" check "$assignment" "$submission" --format html > tilegrade-report.html \
    2> /dev/null || true
fi
exit 0
