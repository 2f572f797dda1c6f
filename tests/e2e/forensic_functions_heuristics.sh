#!/usr/bin/env bash
# Function and heuristic tasks named from all of their evidence (docs/diagnosis-codes.md), as the
# CLI reports them in JSON: a slide_left refused on the right edge is named by its column, never
# as moving the tile (which one answer of it matches by accident); a heuristic of 0 everywhere is
# named as a constant, not as inadmissible; and misplaced tiles, admissible but weak, is named
# only not-informed, with no source claimed for it.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
subs=tests/grader/run/submissions/forensic

"$T" grade assignments/sliding-tile-practice "$subs/slide_left_refuses_both_edges.lua" \
  --task slide_left --json > "$work/slide.json" || true
python3 - "$work/slide.json" <<'PY'
import json, sys
tests = [t["extra_data"] for t in json.load(open(sys.argv[1]))["tests"]]
tests = [t for t in tests if not t["passed"]]
assert tests, "slide_left_refuses_both_edges failed no test"
codes = {t["diagnosis"]["code"] for t in tests}
assert codes == {"refuses-blank-in-column-3"}, codes
for t in tests:
    assert "column 3 (the right edge)" in t["diagnosis"]["sentence"], t["diagnosis"]
print("ok: slide_left refused on column 3 is named by it (%d tests)" % len(tests))
PY

"$T" grade assignments/heuristic-challenge "$subs/heuristic_zero.lua" --task 3x3 --json \
  > "$work/zero.json" || true
python3 - "$work/zero.json" <<'PY'
import json, sys
tests = [t["extra_data"] for t in json.load(open(sys.argv[1]))["tests"]]
tests = [t for t in tests if not t["passed"]]
named = [t for t in tests if t["test"] != "informedness"]
assert named and all(t["diagnosis"]["code"] == "heuristic-constant-0" for t in named), \
    [t["diagnosis"]["code"] for t in named]
assert not any("inadmissible" in note for t in tests for note in t["notes"]), "admissibility blamed"
print("ok: a heuristic of 0 everywhere is named heuristic-constant-0 (%d tests)" % len(named))
PY

"$T" grade assignments/heuristic-challenge "$subs/heuristic_misplaced_while.lua" --task 3x3 \
  --json > "$work/weak.json" || true
python3 - "$work/weak.json" <<'PY'
import json, sys
tests = [t["extra_data"] for t in json.load(open(sys.argv[1]))["tests"]]
failed = [t for t in tests if not t["passed"]]
assert [t["test"] for t in failed] == ["informedness"], [t["name"] for t in failed]
diagnosis = failed[0]["diagnosis"]
assert diagnosis["code"] == "not-informed" and diagnosis["sentence"] == "", diagnosis
print("ok: misplaced tiles is only not-informed, with no source claimed")
PY
