#!/usr/bin/env bash
# An upload whose folders a path cannot carry is the student's to fix, not the course's: issue
# 32's upload 2,100 folders deep made `grade --submission-dir` exit 2, and run_autograder told the
# student "a problem on the course's side". Now such an upload, and one whose names with their
# folders are too long, is graded as a refused submission: exit 1 (graded, as run_autograder and
# PrairieLearn's run.sh take it), every test 0, and one sentence saying what to move or rename.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
SOLUTION=$PWD/reference/classic-8puzzle/solution.lua

# nest DIR DEPTH NAME: DEPTH folders called NAME inside each other under DIR, the solution at the
# bottom (made one folder at a time from the one above: the whole path is longer than PATH_MAX;
# in one process, since bash's cd takes minutes to walk 2,100 folders one at a time).
nest() {
  mkdir -p "$1"
  python3 - "$@" "$SOLUTION" <<'PY'
import os, shutil, sys
top, depth, name, solution = sys.argv[1:]
os.chdir(top)
for _ in range(int(depth)):
    os.mkdir(name)
    os.chdir(name)
shutil.copyfile(solution, "solution.lua")
PY
}

# refused LABEL UPLOAD SENTENCE...: graded as refused, 0 of 75, each sentence said once.
refused() {
  local label=$1 upload=$2 code=0 started=$SECONDS
  shift 2
  "$T" grade "$A" --submission-dir "$upload" --format gradescope > "$work/results.json" \
    2> "$work/err" || code=$?
  [ "$code" = 1 ] || fail "$label: exit $code, expected 1 (a refused submission): $(head -c 300 "$work/err")"
  [ ! -s "$work/err" ] || fail "$label: stderr is not empty: $(head -c 300 "$work/err")"
  [ $((SECONDS - started)) -le 20 ] || fail "$label: $((SECONDS - started)) s"
  python3 - "$work/results.json" "$label" "$@" <<'PY' || fail "$label: the student's results.json"
import json, sys
path, label, *sentences = sys.argv[1:]
results = json.loads(open(path, "rb").read().decode("utf-8"))
assert results["score"] == 0 and results["max_score"] == 75, (label, results["score"])
assert all(t["score"] == 0 for t in results["tests"]), label
for sentence in sentences:
    assert results["output"].count(sentence) == 1, (label, sentence, results["output"])
assert "course" not in results["output"], (label, results["output"])
PY
  echo "ok: $label"
}

nest "$work/deep" 2100 d
refused "2,100 folders deep" "$work/deep" "Your submission has folders more than 32 deep (d/d/d/" \
  "move your .lua script out of them and upload it on its own"

long_names=$(python3 -c 'print("/".join(chr(97 + i) * 250 for i in range(5)))')
mkdir -p "$work/long/$long_names"
cp "$SOLUTION" "$work/long/$long_names/solution.lua"
refused "names 1,255 bytes long with their folders" "$work/long" \
  "is longer than 1024 characters (aaaa" "rename it or its folders with shorter names"

# The bounds leave room for any real layout: a script inside 32 folders is graded as any other.
nest "$work/nested" 32 src
code=0
"$T" grade "$A" --submission-dir "$work/nested" --json > "$work/nested.json" 2> "$work/err" || code=$?
[ "$code" = 0 ] || fail "32 folders deep: exit $code: $(head -c 300 "$work/err")"
python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["score"] == 75, r["score"]' \
  "$work/nested.json" || fail "32 folders deep: not full marks"
echo "ok: a script inside 32 folders is graded"
