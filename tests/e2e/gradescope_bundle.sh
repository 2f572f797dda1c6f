#!/usr/bin/env bash
# The Gradescope bundle end to end, without Gradescope: build the zip, unpack it into a fake root
# laid out as Gradescope's container (/autograder/source, submission/, results/), put a submission
# in, run run_autograder there (AUTOGRADER_ROOT points at the fake root, TILEGRADE at the binary
# ctest built, so nothing is rebuilt) and check results.json. setup.sh, which installs packages
# and builds, is not run here.
set -euo pipefail
T=${TILEGRADE:?set by ctest}
T=$(cd "$(dirname "$T")" && pwd)/$(basename "$T")
A=assignments/classic-8puzzle
R=reference/classic-8puzzle
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

scripts/gradescope-bundle.sh $A "$tmp/autograder.zip" > /dev/null
scripts/gradescope-bundle.sh $A "$tmp/again.zip" > /dev/null
cmp -s "$tmp/autograder.zip" "$tmp/again.zip" || fail "two bundles of the same sources differ"

# Gradescope unpacks the zip into /autograder/source and copies run_autograder to /autograder.
python3 - "$tmp/autograder.zip" "$tmp/root/source" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as bundle:
    names = set(bundle.namelist())
    for required in ("setup.sh", "run_autograder", "tilegrade/CMakeLists.txt",
                     "tilegrade/scripts/setup.sh", "tilegrade/engine/board.h",
                     "tilegrade/grader/report/report_html.cpp", "tilegrade/grader/cli/main.cpp",
                     "assignment/assignment.json", "assignment/expected.json"):
        assert required in names, "missing " + required
    assert not any(name.startswith(("build", "tilegrade/build", "/", "..")) for name in names)
    for info in bundle.infolist():
        path = bundle.extract(info, sys.argv[2])
        os.chmod(path, (info.external_attr >> 16) & 0o777)  # as unzip does
for script in ("setup.sh", "run_autograder", "tilegrade/scripts/setup.sh"):
    assert os.access(os.path.join(sys.argv[2], script), os.X_OK), script + " is not executable"
PY
root=$tmp/root
cp "$root/source/run_autograder" "$root/run_autograder"

grade() {  # SUBMISSION...: a fresh submission folder, then run_autograder as Gradescope does
  rm -rf "$root/submission" "$root/results"
  mkdir -p "$root/submission"
  for file in "$@"; do cp "$file" "$root/submission/"; done
  (cd "$root" && AUTOGRADER_ROOT="$root" TILEGRADE="$T" ./run_autograder > "$tmp/stdout") ||
    fail "run_autograder exited $?"
  [ -f "$root/results/results.json" ] || fail "no results.json; stdout: $(cat "$tmp/stdout")"
}

check_results() {  # KIND: full | partial | none
  python3 - "$root/results/results.json" "$1" <<'PY'
import json, sys
results, kind = json.load(open(sys.argv[1])), sys.argv[2]
assert isinstance(results["score"], (int, float)), results
if kind == "none":
    assert results["score"] == 0 and results["tests"] == [], results
    print(results["output"])
    sys.exit(0)
assert results["max_score"] == 75, results["max_score"]
assert len(results["tests"]) == 18, len(results["tests"])
for test in results["tests"]:
    for key in ("name", "score", "max_score", "status", "output", "visibility"):
        assert key in test, (key, test["name"])
    assert test["visibility"] in ("visible", "hidden", "after_due_date", "after_published"), test
assert {t["visibility"] for t in results["tests"]} == {"visible", "after_due_date"}
assert abs(sum(t["score"] for t in results["tests"]) - results["score"]) < 1e-4  # each rounded to 6 places
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

# What cannot be graded still gives the student a results.json that says why.
grade
check_results none | grep -q "exactly one .lua file; found 0" || fail "no-submission message"
grade $R/solution.lua $R/mutants/bfs_goal_on_generate.lua
check_results none | grep -q "found 2: bfs_goal_on_generate.lua solution.lua" ||
  fail "two-submissions message"
sed -i 's/"count": 10,/"count": 11,/' "$root/source/assignment/expected.json"
grade $R/solution.lua
check_results none | grep -q "does not match the engine" || fail "stale expected.json message"
grep -q "does not match the engine" "$tmp/stdout" || fail "the instructor's log lacks the error"

# Bad use of the bundler: exit 2 with a clear line.
code=0
scripts/gradescope-bundle.sh "$tmp/nowhere" "$tmp/x.zip" 2> "$tmp/err" || code=$?
[ "$code" = 2 ] && grep -q "no such folder" "$tmp/err" || fail "bundle of a missing folder: $code"
echo "gradescope_bundle: ok"
