#!/usr/bin/env bash
# Lays out one assignment as a PrairieLearn question, in the folders of a course repository, from
# a source tree: `tilegrade bundle prairielearn` does the work (docs/delivery.md; an installed
# tilegrade runs it alone), given the self-contained binary this tree builds. It writes
#   OUT/serverFilesCourse/tilegrade/run.sh       the external grader's entrypoint (shared)
#   OUT/serverFilesCourse/tilegrade/tilegrade    the self-contained tilegrade it runs
#   OUT/questions/NAME/info.json                 gradingMethod External, a fresh uuid, the title
#   OUT/questions/NAME/question.html             the handout (README.md), the starter to download,
#                                                pl-file-upload for the one .lua file
#   OUT/questions/NAME/clientFilesQuestion/      starter.lua, when the assignment has one
#   OUT/questions/NAME/tests/assignment/         the assignment (mounted at /grade/tests)
# Copy those folders into the course (serverFilesCourse/ and questions/ sit at its root).
# Usage: scripts/prairielearn/make-course.sh [--image IMAGE] [--allow-dynamic] ASSIGNMENT_DIR OUT_DIR
#   IMAGE      the grading container (default debian:bookworm-slim: enough for the static binary)
#   --allow-dynamic  ship a dynamically linked TILEGRADE_STATIC, for an IMAGE that has tilegrade's
#              libraries installed (liblua5.4, libfmt, libyaml-cpp, libminizip); refused
#              otherwise, since every submission would then be "not gradable"
#   TILEGRADE  the tilegrade that validates and lays out (default: build/tilegrade)
#   TILEGRADE_STATIC  the binary to ship (default: build/static/tilegrade, else
#              build-static/static/tilegrade, built by scripts/build-static.sh when missing)
# It refuses an assignment that `tilegrade validate` rejects, so no student is graded against it.
set -euo pipefail
fail() { echo "prairielearn: $*" >&2; exit 2; }
usage="usage: scripts/prairielearn/make-course.sh [--image IMAGE] [--allow-dynamic] ASSIGNMENT_DIR OUT_DIR"
options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --image)
      [ $# -ge 2 ] || fail "$usage"
      options+=(--image "$2")
      shift 2 ;;
    --allow-dynamic) options+=(--allow-dynamic); shift ;;
    -*) fail "unknown option $1; $usage" ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || fail "$usage"
repo=$(cd "$(dirname "$0")/../.." && pwd)
tilegrade=${TILEGRADE:-$repo/build/tilegrade}
[ -x "$tilegrade" ] || fail "no tilegrade binary at $tilegrade (build it: scripts/setup.sh)"
. "$repo/scripts/lib/static-binary.sh"
exec "$tilegrade" bundle prairielearn "${options[@]}" --binary "$(find_static_binary "$repo")" "$@"
