#!/usr/bin/env bash
# Lays out one assignment as a PrairieLearn question, in the folders of a course repository:
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
#              libraries installed (liblua5.4, libfmt, libyaml-cpp); refused otherwise, since
#              every submission would then be "not gradable"
#   TILEGRADE  the binary that validates the assignment here (default: build/tilegrade)
#   TILEGRADE_STATIC  the binary to ship (default: build/static/tilegrade, else
#              build-static/static/tilegrade, built by scripts/build-static.sh when missing)
# It refuses an assignment that `tilegrade validate` rejects, so no student is graded against it.
set -euo pipefail
fail() { echo "prairielearn: $*" >&2; exit 2; }
usage="usage: scripts/prairielearn/make-course.sh [--image IMAGE] [--allow-dynamic] ASSIGNMENT_DIR OUT_DIR"
image=debian:bookworm-slim
allow_dynamic=0
while [ $# -gt 0 ]; do
  case "$1" in
    --image)
      [ $# -ge 2 ] || fail "$usage"
      image=$2
      shift 2 ;;
    --allow-dynamic) allow_dynamic=1; shift ;;
    -*) fail "unknown option $1; $usage" ;;
    *) break ;;
  esac
done
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
. "$repo/scripts/lib/static-binary.sh"
static=$(find_static_binary "$repo")
[ $allow_dynamic = 1 ] ||
  require_static_binary "$static" "or give --allow-dynamic for an image that has its libraries"
# The handout goes into question.html, which PrairieLearn renders with mustache before its
# <markdown> element: the handout is shown between changed delimiters, so its own "{{" (a Lua
# table of tables) stays text.
handout=$assignment/README.md
if [ -f "$handout" ] && grep -q '<%tilegrade\|tilegrade%>' "$handout"; then
  fail "$handout contains <%tilegrade or tilegrade%>, the delimiters question.html needs"
fi

question=$out/questions/$name
rm -rf "$question" "$out/serverFilesCourse/tilegrade"
mkdir -p "$question/tests" "$out/serverFilesCourse/tilegrade"
install -m 755 "$here/serverFilesCourse/tilegrade/run.sh" "$out/serverFilesCourse/tilegrade/"
install -m 755 "$static" "$out/serverFilesCourse/tilegrade/tilegrade"
cp -r "$assignment" "$question/tests/assignment"
if [ -f "$assignment/starter.lua" ]; then
  mkdir -p "$question/clientFilesQuestion"
  cp "$assignment/starter.lua" "$question/clientFilesQuestion/"
fi
python3 - "$here/question/question.html" "$handout" "$assignment/starter.lua" \
  > "$question/question.html" <<'PY'
import os, sys
template, handout, starter = sys.argv[1:4]
page = open(template, encoding="utf-8").read()
text = open(handout, encoding="utf-8").read() if os.path.isfile(handout) else ""
# Blank lines inside <markdown> keep its first and last lines apart from the tags.
shown = ("{{=<%tilegrade tilegrade%>=}}\n<markdown>\n\n" + text.strip() + "\n\n</markdown>\n"
         "<%tilegrade={{ }}=tilegrade%>") if text.strip() else ""
download = ('<p>Start from <pl-file-download file-name="starter.lua"></pl-file-download>.</p>'
            if os.path.isfile(starter) else "")
sys.stdout.write(page.replace("<!-- tilegrade: handout -->", shown)
                     .replace("<!-- tilegrade: starter -->", download))
PY
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
