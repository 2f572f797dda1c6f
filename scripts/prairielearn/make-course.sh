#!/usr/bin/env bash
# Lays out one assignment as a PrairieLearn question, in the folders of a course repository:
#   OUT/serverFilesCourse/tilegrade/run.sh       the external grader's entrypoint (shared)
#   OUT/serverFilesCourse/tilegrade/tilegrade    the tilegrade binary it runs
#   OUT/questions/NAME/info.json                 gradingMethod External, a fresh uuid, the title
#   OUT/questions/NAME/question.html             pl-file-upload for the one .lua file
#   OUT/questions/NAME/tests/assignment/         the assignment (mounted at /grade/tests)
# Copy those folders into the course (serverFilesCourse/ and questions/ sit at its root).
# Usage: scripts/prairielearn/make-course.sh [--image IMAGE] ASSIGNMENT_DIR OUT_DIR
#   IMAGE      the grading container (default debian:bookworm-slim: enough for the static binary)
#   TILEGRADE  the binary to bundle and validate with (default: build/tilegrade); bundle the static
#              one (scripts/build-static.sh) unless IMAGE has tilegrade's libraries installed
# It refuses an assignment that `tilegrade validate` rejects, so no student is graded against it.
set -euo pipefail
fail() { echo "prairielearn: $*" >&2; exit 2; }
usage="usage: scripts/prairielearn/make-course.sh [--image IMAGE] ASSIGNMENT_DIR OUT_DIR"
image=debian:bookworm-slim
if [ "${1:-}" = --image ]; then
  [ $# -ge 2 ] || fail "$usage"
  image=$2
  shift 2
fi
[ $# -eq 2 ] || fail "$usage"
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
assignment=$(cd "$1" 2>/dev/null && pwd) || fail "no such folder: $1"
[ -f "$assignment/assignment.json" ] || fail "$1 has no assignment.json"
[ -f "$assignment/expected.json" ] || fail "$1 has no expected.json (run: tilegrade expect $1)"
out=$2
name=$(basename "$assignment")
tilegrade=${TILEGRADE:-$repo/build/tilegrade}
[ -x "$tilegrade" ] || fail "no tilegrade binary at $tilegrade (build it: scripts/setup.sh)"
if ! report=$("$tilegrade" validate "$assignment" 2>&1); then
  printf '%s\n' "$report" >&2
  fail "refusing $1: tilegrade validate rejects it (above)"
fi
# A binary that needs shared libraries beyond the C library runs only in an image that has them.
needs=$(ldd "$tilegrade" 2>/dev/null | grep -oE 'lib(lua|yaml-cpp|fmt|stdc\+\+)[^ ]*' | sort -u |
        tr '\n' ' ' || true)
[ -z "$needs" ] || echo "prairielearn: note: $tilegrade needs ${needs% }; $image must have them" >&2

question=$out/questions/$name
rm -rf "$question" "$out/serverFilesCourse/tilegrade"
mkdir -p "$question/tests" "$out/serverFilesCourse/tilegrade"
install -m 755 "$here/serverFilesCourse/tilegrade/run.sh" "$tilegrade" "$out/serverFilesCourse/tilegrade/"
[ "$(basename "$tilegrade")" = tilegrade ] ||
  mv "$out/serverFilesCourse/tilegrade/$(basename "$tilegrade")" "$out/serverFilesCourse/tilegrade/tilegrade"
cp -r "$assignment" "$question/tests/assignment"
cp "$here/question/question.html" "$question/"
python3 - "$here/question/info.json" "$assignment/assignment.json" "$image" \
  > "$question/info.json" <<'PY'
import json, sys, uuid
info = json.load(open(sys.argv[1], encoding="utf-8"))
info["uuid"] = str(uuid.uuid4())  # every question of a course needs its own
info["title"] = json.load(open(sys.argv[2], encoding="utf-8")).get("title", info["title"])
info["externalGradingOptions"]["image"] = sys.argv[3]
json.dump(info, sys.stdout, indent=2)
print()
PY
echo "prairielearn: $question and $out/serverFilesCourse/tilegrade"
