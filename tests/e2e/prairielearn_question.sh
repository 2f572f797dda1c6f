#!/usr/bin/env bash
# The PrairieLearn question end to end, without PrairieLearn: lay the classic 8-puzzle out as a
# course (scripts/prairielearn/make-course.sh), check info.json and question.html against the
# fields PrairieLearn's documentation names, then build the grading job's /grade folder the way
# PrairieLearn's grader does (serverFilesCourse entries info.json lists, the question's tests/,
# the student's files, data/data.json), run the entrypoint info.json names there (GRADE_ROOT
# points at the fake root) and check results.json: a correct script, a mutant, a syntax error and
# a submission with no .lua file.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
T=$(cd "$(dirname "$T")" && pwd)/$(basename "$T")
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

is_static() {  # no loader, no shared library (read whole: grep -q would cut the pipe short)
  local headers
  headers=$(LC_ALL=C readelf -l -d "$1" 2>/dev/null) && ! grep -q "INTERP\|(NEEDED)" <<< "$headers"
}
# The course ships the static binary (ctest's TILEGRADE_STATIC_BINARY); a sanitized build has
# none, and ships its own binary with --allow-dynamic (it runs here, not in an image).
static=${TILEGRADE_STATIC_BINARY:-}
make_options=()
if [ -z "$static" ] && [ "${CI:-}" = true ]; then
  fail "no static binary: configure with -DTILEGRADE_STATIC=ON"
fi
case "$static" in none:*|"") static=$T; make_options=(--allow-dynamic) ;; esac
TILEGRADE="$T" TILEGRADE_STATIC=$static scripts/prairielearn/make-course.sh "${make_options[@]}" \
  $A "$work/course" > "$work/make.log" 2>&1 ||
  fail "make-course.sh refused a valid assignment: $(cat "$work/make.log")"
question=$work/course/questions/classic-8puzzle
cmp -s "$static" "$work/course/serverFilesCourse/tilegrade/tilegrade" ||
  fail "the course does not ship the static binary $static"
# A dynamically linked binary would make every submission "not gradable" in the image: refused.
if ! is_static "$T"; then
  code=0
  TILEGRADE="$T" TILEGRADE_STATIC=$T scripts/prairielearn/make-course.sh $A "$work/dynamic" \
    > "$work/dynamic.log" 2>&1 || code=$?
  [ $code = 2 ] && grep -q "is not statically linked" "$work/dynamic.log" ||
    fail "a dynamically linked binary is shipped (exit $code): $(cat "$work/dynamic.log")"
fi

# The page shows the handout and offers the starter. PrairieLearn renders question.html with
# Mustache before its <markdown> element: rendered here by a Mustache renderer, the handout must
# come out whole, its own "{{" included (sliding-tile-practice's handout has a table of tables).
TILEGRADE="$T" TILEGRADE_STATIC=$static scripts/prairielearn/make-course.sh "${make_options[@]}" \
  assignments/sliding-tile-practice "$work/course" > "$work/make2.log" 2>&1 ||
  fail "make-course.sh refused sliding-tile-practice: $(cat "$work/make2.log")"
# Debian's python3-pystache (scripts/setup.sh) is importable by Debian's own python3, which may
# not be the python3 first on PATH (a version manager's).
mustache_python=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c "import pystache" 2> /dev/null; then mustache_python=$candidate; break; fi
done
[ -n "$mustache_python" ] || fail "no python3 imports pystache (scripts/setup.sh installs python3-pystache)"
for name in classic-8puzzle sliding-tile-practice; do
  "$mustache_python" - "$work/course/questions/$name" assignments/$name <<'PY' || fail "$name's page: above"
import os, re, sys
import pystache
question, assignment = sys.argv[1:3]
page = pystache.Renderer(missing_tags="strict").render(
    open(os.path.join(question, "question.html"), encoding="utf-8").read(), {})
handout = open(os.path.join(assignment, "README.md"), encoding="utf-8").read().strip()
shown = re.search(r"<markdown>\n\n(.*)\n\n</markdown>", page, re.S)
assert shown and shown.group(1) == handout, "the handout is not shown whole"
assert '<pl-file-download file-name="starter.lua"></pl-file-download>' in page, page
starter = os.path.join(question, "clientFilesQuestion", "starter.lua")
assert open(starter).read() == open(os.path.join(assignment, "starter.lua")).read(), starter
PY
done

# info.json: external grading enabled, an entrypoint inside a serverFilesCourse entry it copies,
# a timeout PrairieLearn accepts (at most 600 s); question.html: one upload matching *.lua.
python3 - "$question/info.json" "$question/question.html" "$work/course" > "$work/entrypoint" <<'PY'
import json, os, re, sys, uuid
info = json.load(open(sys.argv[1]))
uuid.UUID(info["uuid"])
assert info["type"] == "v3" and info["gradingMethod"] == "External", info
options = info["externalGradingOptions"]
assert options["enabled"] is True and options["image"], options
assert 0 < options["timeout"] <= 600, options
entrypoint = options["entrypoint"]
shared = [entry.rstrip("/") for entry in options["serverFilesCourse"]]
assert any(entrypoint.startswith(f"/grade/serverFilesCourse/{entry}/") for entry in shared), options
for entry in shared:
    assert os.path.isdir(os.path.join(sys.argv[3], "serverFilesCourse", entry)), entry
html = open(sys.argv[2]).read()
uploads = re.findall(r"<pl-file-upload\b[^>]*>", html)
assert uploads == ['<pl-file-upload file-patterns="*.lua">'], uploads
assert "<pl-external-grader-results>" in html
print(entrypoint, " ".join(shared))
PY
read -r entrypoint shared < "$work/entrypoint"
# Every question of a course needs its own uuid: not the template's.
[ "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["uuid"])' "$question/info.json")" != \
  "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["uuid"])' scripts/prairielearn/question/info.json)" ] ||
  fail "the question kept the template's uuid"

root=$work/grade
grade() {  # FILE...: a fresh /grade with these student files, then the entrypoint as PrairieLearn runs it
  rm -rf "$root"
  mkdir -p "$root/serverFilesCourse" "$root/student" "$root/data"
  for entry in $shared; do cp -r "$work/course/serverFilesCourse/$entry" "$root/serverFilesCourse/"; done
  cp -r "$question/tests" "$root/tests"
  echo '{"params": {}, "submitted_answers": {}}' > "$root/data/data.json"
  [ $# -eq 0 ] || cp -P "$@" "$root/student/"  # -P: a link stays a link, as an upload keeps it
  local script=${entrypoint/#\/grade/$root}
  chmod +x "$script"  # as PrairieLearn does for an entrypoint under /grade
  # The shipped binary, beside run.sh: never the TILEGRADE this test was given.
  env -u TILEGRADE GRADE_ROOT="$root" "$script" > "$work/log" 2>&1 || fail "the entrypoint exited $?: $(cat "$work/log")"
  [ -f "$root/results/results.json" ] || fail "no results.json: $(cat "$work/log")"
}
field() {  # EXPRESSION over the results.json as r
  python3 -c "import json, sys; r = json.load(open(sys.argv[1])); print($1)" "$root/results/results.json"
}

grade $R/solution.lua
[ "$(field 'r["score"]')" = 1.0 ] || fail "the reference solution scores $(field 'r["score"]')"
[ "$(field 'r.get("gradable", True)')" = True ] || fail "the reference solution is not gradable"
[ "$(field 'all(t["points"] == t["max_points"] for t in r["tests"]) and len(r["tests"]) > 0')" = True ] ||
  fail "a test of the reference solution lost points"

grade $R/mutants/bfs_goal_on_generate.lua
score=$(field 'r["score"]')
python3 -c "import sys; sys.exit(0 if 0 < float(sys.argv[1]) < 1 else 1)" "$score" ||
  fail "the mutant scores $score, not partial credit"
[ "$(field 'r.get("gradable", True)')" = True ] || fail "the mutant is not gradable"
[ -n "$(field '"".join(t["message"] for t in r["tests"]).strip()')" ] || fail "the mutant's tests say nothing"

printf 'function bfs(problem)\n  return "U" 1\nend\n' > "$work/syntax.lua"
grade "$work/syntax.lua"
[ "$(field 'r["gradable"]')" = False ] || fail "a script with a syntax error is gradable"
[[ "$(field 'r["message"] + " ".join(r.get("format_errors", []))')" == *"'end' expected"* ]] ||
  fail "the syntax error is not said: $(cat "$root/results/results.json")"

# A script that defines none of the three functions: each is named, one a line, and no board is
# flattened into format_errors.
printf 'function foo() end\n' > "$work/none.lua"
grade "$work/none.lua"
[ "$(field 'r["gradable"]')" = False ] || fail "a script with none of the functions is gradable"
[ "$(field 'len(r["format_errors"]) == 3 and all("\n" not in e for e in r["format_errors"])')" = True ] ||
  fail "not one line per missing function: $(field 'r["format_errors"]')"
for function in bfs dfs astar; do
  [[ "$(field '" ".join(r["format_errors"])')" == *"no function named '$function'"* ]] ||
    fail "the missing $function is not named: $(cat "$root/results/results.json")"
done

echo "-- notes" > "$work/notes.txt"
grade "$work/notes.txt"
[ "$(field 'r["gradable"]')" = False ] || fail "a submission with no .lua file is gradable"
[[ "$(field 'r["message"] + " ".join(r.get("format_errors", []))')" == *"holds no .lua file"* ]] ||
  fail "the missing file is not said: $(cat "$root/results/results.json")"

# A link to a file of the course's (here the reference solution) is never followed.
ln -s "$PWD/$R/solution.lua" "$work/linked.lua"
grade "$work/linked.lua"
[ "$(field 'r["gradable"]')" = False ] || fail "a linked script is gradable"
[ "$(field 'r["score"] == 0')" = True ] || fail "a linked script scores $(field 'r["score"]')"
[[ "$(field 'r["message"] + " ".join(r.get("format_errors", []))')" == *"is a symbolic link"* ]] ||
  fail "the link is not said: $(cat "$root/results/results.json")"

# A binary that cannot run in the image (here: not executable) still leaves a results.json, and
# the student reads that the course's side failed.
grade_without_binary() {
  rm -rf "$root"
  mkdir -p "$root/serverFilesCourse" "$root/student"
  for entry in $shared; do cp -r "$work/course/serverFilesCourse/$entry" "$root/serverFilesCourse/"; done
  cp -r "$question/tests" "$root/tests"
  cp $R/solution.lua "$root/student/"
  chmod -x "$root/serverFilesCourse/tilegrade/tilegrade"
  local script=${entrypoint/#\/grade/$root}
  code=0
  env -u TILEGRADE GRADE_ROOT="$root" "$script" > "$work/log" 2>&1 || code=$?
}
grade_without_binary
[ $code = 1 ] || fail "the entrypoint exited $code without a binary it can run"
[ "$(field 'r["gradable"]')" = False ] || fail "a job with no runnable binary is gradable"
[[ "$(field '" ".join(r["format_errors"])')" == *"problem on the course's side"* ]] ||
  fail "the course's failure is not said: $(cat "$root/results/results.json")"

echo "prairielearn_question: info.json, question.html with handout and starter, 7 submissions" \
  "(a link among them) and a job without its binary, graded as PrairieLearn runs them"
