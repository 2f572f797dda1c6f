#!/usr/bin/env bash
# A diagnosis-only test (visibility "diagnosis") planted with a distinctive start board: graded
# with a mutant it fails, in every format of `grade`, in a batch's reports, and in the student copy
# (`export`), the board, the test's expected values and the reference's path appear nowhere, while
# the test's name, points, verdict and the mistake's code and sentence do. The same test made
# visible shows the board in every format (so the search can fail). The browser check page draws
# the same report functions (format_html, gradescope_json) and is not driven here.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
M=reference/classic-8puzzle/mutants/bfs_goal_on_generate.lua

plant() {  # FOLDER VISIBILITY
  cp -r assignments/classic-8puzzle "$1"
  python3 - "$1/assignment.json" "$2" <<'PY'
import json, sys
path, visibility = sys.argv[1], sys.argv[2]
spec = json.load(open(path))
bfs = next(t for t in spec["tasks"] if t["name"] == "bfs")
bfs["tests"].append({"name": "planted", "start": "4 1 2 0 5 3 7 8 6", "visibility": visibility})
json.dump(spec, open(path, "w"), indent=2)
PY
  $T expect "$1" > /dev/null
}
plant "$work/diagnosis" diagnosis
plant "$work/visible" visible

# The visible side is the control that shows the board: no repair is searched for there (a
# repair's sentence never quotes a board, and the search costs seconds per grading under ASan).
for format in text json gradescope junit prairielearn html classroom; do
  expect_exit 1 $T grade "$work/diagnosis" $M --task bfs --format $format > "$work/diagnosis.$format"
  expect_exit 1 $T grade "$work/visible" $M --task bfs --format $format --no-repair \
    > "$work/visible.$format"
done
mkdir -p "$work/class"
cp $M "$work/class/mutant.lua"
$T batch "$work/diagnosis" "$work/class" --out "$work/graded" --task bfs --jobs 1 > /dev/null
$T export "$work/diagnosis" "$work/copy" > /dev/null

python3 - "$work" <<'PY'
import json, os, re, sys
work = sys.argv[1]
def shows_board(text):
    digits = re.sub(r"[^0-9]", "", text.replace(".", "0"))
    return "412053786" in digits or "4 1 2" in text
visible = json.load(open(os.path.join(work, "visible.json")))
planted = next(t for t in visible["tests"] if t["name"] == "bfs: planted")["extra_data"]
others = {c["name"] for t in visible["tests"] if t["name"] != "bfs: planted"
          for c in t["extra_data"]["checks"]}
secrets = [c["name"] for c in planted["checks"] if c["name"] not in others]  # expected values
assert secrets, planted["checks"]
sentence = planted["diagnosis"]["sentence"]
assert planted["diagnosis"]["code"] == "goal-test-on-generate", planted["diagnosis"]
formats = ["text", "json", "gradescope", "junit", "prairielearn", "html", "classroom"]
files = [os.path.join(work, "diagnosis." + f) for f in formats]
reports = os.path.join(work, "graded", "reports")
files += [os.path.join(reports, n) for n in os.listdir(reports)]
for f in formats:
    assert shows_board(open(os.path.join(work, "visible." + f)).read()), "control " + f
for path in files:
    text = open(path).read()
    assert not shows_board(text), path + " shows the planted board"
    for secret in secrets:
        assert secret not in text, (path, secret)
    assert "bfs: planted" in text, path
    if not path.endswith("junit.xml") and not path.endswith(".junit"):
        assert "goal-test-on-generate" in text, path
for path in [os.path.join(work, "diagnosis.text"), os.path.join(reports, "mutant.txt")]:
    assert sentence in open(path).read(), path
results = json.load(open(os.path.join(work, "diagnosis.gradescope")))
test = next(t for t in results["tests"] if t["name"] == "bfs: planted")
assert test["visibility"] == "visible" and test["status"] == "failed", test
assert 0 < test["score"] < test["max_score"], test
# The student copy withholds the test, as a hidden one: its board is not on the student's machine.
for root, _, names in os.walk(os.path.join(work, "copy")):
    for name in names:
        text = open(os.path.join(root, name), errors="replace").read()
        assert "planted" not in text and not shows_board(text), os.path.join(root, name)
PY
echo "diagnosis_only: the planted board is in no format, the mistake is in every one"
