#!/usr/bin/env bash
# The Gradescope bundle end to end, without Gradescope: build the zip, unpack it into a fake root
# laid out as Gradescope's container (/autograder/source, submission/, results/), put a submission
# in, run run_autograder there (AUTOGRADER_ROOT points at the fake root, TILEGRADE at the binary
# ctest built) and check results.json. The bundle carries the static binary
# (TILEGRADE_STATIC_BINARY, as static_binary.sh finds it), and setup.sh checks the bundled
# assignment against the validation the bundler recorded (validation.json: the assignment's
# digest) and grades the reference solution with that binary, installing and building nothing, and
# fails on an assignment changed after it was validated; the --from-source bundle's
# contents are checked too. scripts/gradescope-images.sh runs all of it in real Ubuntu and Debian
# roots (too slow for CI).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
T=$(cd "$(dirname "$T")" && pwd)/$(basename "$T")
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

is_static() {  # no loader, no shared library (read whole: grep -q would cut the pipe short)
  local headers
  headers=$(LC_ALL=C readelf -l -d "$1" 2>/dev/null) && ! grep -q "INTERP\|(NEEDED)" <<< "$headers"
}
static=${TILEGRADE_STATIC_BINARY:-}
sanitized=0
case "$static" in none:*) static="" sanitized=1 ;; esac
[ -n "$static" ] || ! is_static "$T" || static=$T
if [ -z "$static" ]; then
  [ "${CI:-}" = true ] && [ $sanitized = 0 ] && fail "no static binary: configure with -DTILEGRADE_STATIC=ON"
  echo "no static binary in this build: the --from-source bundle is graded instead"
fi

# --from-source: the source of the tilegrade command alone (no tests, no build folder).
scripts/gradescope-bundle.sh --from-source $A "$work/source.zip" > /dev/null
python3 - "$work/source.zip" <<'PY'
import sys, zipfile
names = set(zipfile.ZipFile(sys.argv[1]).namelist())
for required in ("tilegrade/CMakeLists.txt", "tilegrade/scripts/setup.sh",
                 "tilegrade/scripts/apt-install.sh", "tilegrade/scripts/lua-source.sh",
                 "tilegrade/lua/lua.cmake", "tilegrade/lua/object_ids.c",
                 "tilegrade/engine/board.h", "tilegrade/grader/report/report_html.cpp",
                 "tilegrade/grader/cli/main.cpp"):
    assert required in names, "--from-source: missing " + required
assert not any(name.startswith(("build", "tilegrade/build", "tilegrade/tests", "/", ".."))
               for name in names), sorted(names)
zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[1] + ".d")
PY
# What setup.sh runs first in the image: the shipped source configures as `setup.sh
# --grader-only` configures it (every file CMakeLists.txt names is in the zip).
cmake -S "$work/source.zip.d/tilegrade" -B "$work/source-build" -DCMAKE_BUILD_TYPE=Release \
  -DTILEGRADE_TESTS=OFF > "$work/source-cmake.log" 2>&1 ||
  fail "the --from-source zip does not configure:" \
       "$(grep -A3 Error "$work/source-cmake.log" | head -8)"
if [ -n "$static" ]; then
  TILEGRADE_STATIC=$static scripts/gradescope-bundle.sh $A "$work/autograder.zip" > /dev/null
  TILEGRADE_STATIC=$static scripts/gradescope-bundle.sh $A "$work/again.zip" > /dev/null
  cmp -s "$work/autograder.zip" "$work/again.zip" || fail "two bundles of the same sources differ"
  kind=static
else
  cp "$work/source.zip" "$work/autograder.zip"
  kind=source
fi
# A dynamically linked binary would not run in the image: refused.
if ! is_static "$T"; then
  code=0
  TILEGRADE_STATIC=$T scripts/gradescope-bundle.sh $A "$work/dynamic.zip" > /dev/null 2>&1 ||
    code=$?
  [ $code = 2 ] || fail "a dynamically linked binary is bundled (exit $code)"
fi

# Gradescope unpacks the zip into /autograder/source and copies run_autograder to /autograder.
python3 - "$work/autograder.zip" "$work/root/source" "$kind" <<'PY'
import os, sys, zipfile
kind = sys.argv[3]
with zipfile.ZipFile(sys.argv[1]) as bundle:
    names = set(bundle.namelist())
    for required in ("setup.sh", "run_autograder", "assignment/assignment.json",
                     "assignment/expected.json", "reference/solution.lua",
                     "reference/mutants/bfs_goal_on_generate.json", "validation.json"):
        assert required in names, "missing " + required
    if kind == "static":
        # The binary alone, where run_autograder looks: no source to build, no tests.
        assert "tilegrade/build/tilegrade" in names, sorted(names)
        assert not any(name.startswith("tilegrade/") and name != "tilegrade/build/tilegrade"
                       for name in names), sorted(names)
    assert not any(name.startswith(("build", "tilegrade/tests", "/", "..")) for name in names)
    for info in bundle.infolist():
        path = bundle.extract(info, sys.argv[2])
        os.chmod(path, (info.external_attr >> 16) & 0o777)  # as unzip does
executables = ["setup.sh", "run_autograder"]
executables.append("tilegrade/build/tilegrade" if kind == "static" else "tilegrade/scripts/setup.sh")
for script in executables:
    assert os.access(os.path.join(sys.argv[2], script), os.X_OK), script + " is not executable"
PY
root=$work/root
cp "$root/source/run_autograder" "$root/run_autograder"

# setup.sh checks the bundled assignment with the bundled binary (the image build's last step),
# installing and building nothing; given TILEGRADE (a source bundle here), with that binary.
if [ $kind = static ]; then
  env -u TILEGRADE "$root/source/setup.sh" > "$work/setup.out" 2>&1 ||
    fail "setup.sh rejects a valid bundle: $(cat "$work/setup.out")"
  grep -q "used the bundled .*tilegrade/build/tilegrade and checked" "$work/setup.out" ||
    fail "setup.sh did not use the bundled binary: $(cat "$work/setup.out")"
else
  TILEGRADE="$T" "$root/source/setup.sh" > "$work/setup.out" 2>&1 ||
    fail "setup.sh rejects a valid bundle: $(cat "$work/setup.out")"
fi
grep -q "checked the assignment against the bundle's validation and graded the reference solution" \
  "$work/setup.out" || fail "setup.sh did not check the recorded validation: $(cat "$work/setup.out")"
grep -q "^ok    solution.lua: score 75.0/75.0" "$work/setup.out" ||
  fail "setup.sh did not grade the reference solution: $(cat "$work/setup.out")"
grep -q "^ok    mutant " "$work/setup.out" && fail "setup.sh graded the mutants again"

# An assignment changed after the bundle validated it (a title here: the digest covers every byte
# of assignment.json) fails the image build, naming both digests.
cp "$root/source/assignment/assignment.json" "$work/assignment.json.kept"
sed -i 's/"title": "/"title": "Changed /' "$root/source/assignment/assignment.json"
code=0
TILEGRADE="$T" "$root/source/setup.sh" > "$work/changed.out" 2>&1 || code=$?
[ "$code" = 1 ] && grep -q "^FAIL  validation.json: the assignment here (digest [0-9a-f]*) is not the one tilegrade .* validated (digest [0-9a-f]*)" \
  "$work/changed.out" || fail "setup.sh of a changed assignment: exit $code, $(cat "$work/changed.out")"
cp "$work/assignment.json.kept" "$root/source/assignment/assignment.json"

grade() {  # SUBMISSION...: a fresh submission folder, then run_autograder as Gradescope does
  rm -rf "$root/submission" "$root/results"
  mkdir -p "$root/submission"
  for file in "$@"; do cp "$file" "$root/submission/"; done
  (cd "$root" && AUTOGRADER_ROOT="$root" TILEGRADE="$T" ./run_autograder > "$work/stdout") ||
    fail "run_autograder exited $?"
  [ -f "$root/results/results.json" ] || fail "no results.json; stdout: $(cat "$work/stdout")"
}

check_results() {  # KIND: full | partial | none
  python3 - "$root/results/results.json" "$1" <<'PY'
import json, sys
results, kind = json.load(open(sys.argv[1])), sys.argv[2]
assert isinstance(results["score"], (int, float)), results
# Plain text, so that boards keep their spacing (Gradescope's default for the top level is HTML).
assert results["output_format"] == "text", results.get("output_format")
assert results.get("stdout_visibility", "hidden") == "hidden", results["stdout_visibility"]
if kind == "none":
    assert results["score"] == 0 and results["tests"] == [], results
    print(results["output"])
    sys.exit(0)
assert results["test_output_format"] == "text", results.get("test_output_format")
assert results["max_score"] == 75, results["max_score"]
assert len(results["tests"]) == 18, len(results["tests"])
for test in results["tests"]:
    for key in ("name", "score", "max_score", "status", "output", "visibility"):
        assert key in test, (key, test["name"])
    assert test["visibility"] in ("visible", "hidden", "after_due_date", "after_published"), test
assert {t["visibility"] for t in results["tests"]} == {"visible", "after_due_date"}
assert abs(sum(t["score"] for t in results["tests"]) - results["score"]) < 1e-4  # each rounded to 6 places
# Students see the top-level output at once: its total is the visible tests' only.
visible = [t for t in results["tests"] if t["visibility"] == "visible"]
later = len(results["tests"]) - len(visible)
def score_text(value):  # as the reports print a score: at most two decimals
    return ("%.2f" % round(value, 2)).rstrip("0").rstrip(".")
shown = "%s/%s" % (score_text(sum(t["score"] for t in visible)),
                   score_text(sum(t["max_score"] for t in visible)))
title = json.load(open("assignments/classic-8puzzle/assignment.json"))["title"]
assert results["output"] == ("%s: %s on the tests shown now. %d more tests are graded and shown"
                             " later." % (title, shown, later)), results["output"]
assert "%g/" % results["score"] not in results["output"], results["output"]
if kind == "full":
    assert results["score"] == 75 and all(t["status"] == "passed" for t in results["tests"])
else:
    assert 0 < results["score"] < 75, results["score"]
    tags = {tag for t in results["tests"] for tag in t.get("tags", [])}
    assert "goal-test-on-generate" in tags, tags
PY
}

grade $R/solution.lua
check_results full
grade $R/mutants/bfs_goal_on_generate.lua
check_results partial

# A repository submission keeps the script in a folder; it is found there.
rm -rf "$root/submission" "$root/results"
mkdir -p "$root/submission/src"
cp $R/solution.lua "$root/submission/src/"
(cd "$root" && AUTOGRADER_ROOT="$root" TILEGRADE="$T" ./run_autograder > /dev/null)
check_results full

# What the student uploaded decides: what cannot be graded still gives the student a
# results.json with every test at 0 and one sentence saying what to upload instead.
prepare() {  # a fresh, empty submission folder
  rm -rf "$root/submission" "$root/results"
  mkdir -p "$root/submission"
}
autograde() {
  (cd "$root" && AUTOGRADER_ROOT="$root" TILEGRADE="$T" ./run_autograder > "$work/stdout") ||
    fail "run_autograder exited $?"
}
refused() {  # WHAT SENTENCE: the upload is refused with SENTENCE, the student scores 0
  python3 - "$root/results/results.json" "$2" "$1" <<'PY' || fail "$1"
import json, sys
path, sentence, what = sys.argv[1:]
results = json.loads(open(path, "rb").read().decode("utf-8"))  # strict: valid UTF-8 only
assert results["score"] == 0, (what, results["score"])
assert len(results["tests"]) == 18 and results["max_score"] == 75, what
assert all(t["score"] == 0 and "could not be graded" in t["output"] for t in results["tests"]), what
assert sentence in results["output"], (what, results["output"])
assert results["output"].count(sentence) == 1, what
PY
}
prepare
autograde
refused "an empty upload" "holds no .lua file"
grade $R/solution.lua $R/mutants/bfs_goal_on_generate.lua
refused "two scripts" "found 2: bfs_goal_on_generate.lua, solution.lua"

# A link to the course's own reference solution, which the image holds: never followed.
prepare
ln -s ../source/reference/solution.lua "$root/submission/solution.lua"
autograde
refused "a link to the reference" "solution.lua is a symbolic link"
prepare
mkdir -p "$root/submission/src"
ln -s ../../source/reference/solution.lua "$root/submission/src/bfs.lua"
autograde
refused "a link to the reference in a folder" "holds a symbolic link (src/bfs.lua)"
# A link beside a real script still refuses the upload: nothing of it is followed.
prepare
cp $R/solution.lua "$root/submission/"
ln -s /etc "$root/submission/notes"
autograde
refused "a link beside the script" "holds a symbolic link (notes)"
# Odd objects named x.lua, and names a line-based listing would split.
prepare
mkdir "$root/submission/solution.lua"
autograde
refused "a folder named .lua" "solution.lua is a folder, not a file"
prepare
mkfifo "$root/submission/solution.lua"
autograde
refused "a FIFO named .lua" "solution.lua is a FIFO (a named pipe), not a file"
prepare
mkdir -p "$root/submission/src"
cp $R/solution.lua "$root/submission/src/my"$'\n'"search.lua"
autograde
refused "a name with a line break" 'line break or another control character (src/my\x0Asearch.lua)'
# A Latin-1 byte in the name is no problem of the student's: graded, and results.json is UTF-8.
prepare
cp $R/solution.lua "$root/submission/Jos"$'\xe9'".lua"
autograde
python3 -c 'import json,sys; r=json.loads(open(sys.argv[1],"rb").read().decode("utf-8")); assert r["score"] == 75, r["score"]' \
  "$root/results/results.json" || fail "a Latin-1 file name"

# A stale expected.json: setup.sh fails the image build; if it were graded all the same, the
# student reads that the course is at fault and nothing of the error, which may quote a hidden
# test; the instructor's log has it.
sed -i 's/"count": 10,/"count": 11,/' "$root/source/assignment/expected.json"
code=0
TILEGRADE="$T" "$root/source/setup.sh" > "$work/setup.out" 2>&1 || code=$?
[ "$code" = 1 ] || fail "setup.sh accepts a stale expected.json: exit $code"
grep -q "FAIL  expected.json" "$work/setup.out" && grep -q "is not valid" "$work/setup.out" ||
  fail "setup.sh's message for a stale expected.json: $(cat "$work/setup.out")"
grade $R/solution.lua
check_results none > "$work/message"
grep -q "problem on the course's side" "$work/message" || fail "stale expected.json message"
! grep -q "expected.json\|engine" "$work/message" ||
  fail "the student reads the error: $(cat "$work/message")"
grep -q "does not match the engine" "$work/stdout" || fail "the instructor's log lacks the error"

# The bundler refuses a stale assignment (and writes no zip).
mkdir -p "$work/stale"
cp -r $A "$work/stale/"
sed -i 's/"count": 10,/"count": 11,/' "$work/stale/classic-8puzzle/expected.json"
code=0
scripts/gradescope-bundle.sh --reference $R "$work/stale/classic-8puzzle" "$work/stale.zip" \
  2> "$work/err" > /dev/null || code=$?
[ "$code" = 2 ] && grep -q "refusing to bundle" "$work/err" &&
  grep -q "FAIL  expected.json" "$work/err" ||
  fail "bundle of a stale assignment: exit $code, $(cat "$work/err")"
[ ! -e "$work/stale.zip" ] || fail "a zip was written for a stale assignment"
code=0
scripts/gradescope-bundle.sh "$work/stale/classic-8puzzle" "$work/stale.zip" 2> "$work/err" || code=$?
[ "$code" = 2 ] && grep -q "no reference solution" "$work/err" ||
  fail "bundle without a reference solution: exit $code, $(cat "$work/err")"

# Bad use of the bundler: exit 2 with a clear line.
code=0
scripts/gradescope-bundle.sh "$work/nowhere" "$work/x.zip" 2> "$work/err" || code=$?
[ "$code" = 2 ] && grep -q "no such folder" "$work/err" || fail "bundle of a missing folder: $code"
echo "gradescope_bundle: ok"
