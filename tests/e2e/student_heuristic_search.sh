#!/usr/bin/env bash
# "A* with your heuristic" (docs/writing-assignments.md): a search task whose h is the student's
# own function, through the bundled assignments/astar-your-heuristic. validate passes (reference
# full marks, each mutant named as declared); a correct A* with a weak or an overestimating
# heuristic keeps every search point and loses only the heuristic's, with no search mistake named;
# a wrong A* with the right heuristic keeps the heuristic's points and is named by its own
# mistake; a heuristic that fails leaves the search unchecked, said in the heuristic's terms; and
# the expected run replayed from the student's values is the engine's with the same built-in.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
export TILEGRADE_CACHE_DIR="$work/cache"
src="${TILEGRADE_SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}"
a="$src/assignments/astar-your-heuristic"
r="$src/reference/astar-your-heuristic"

"$T" validate "$a" >"$work/validate.txt" 2>&1 || { cat "$work/validate.txt"; fail "validate failed"; }
echo "ok: validate passes (reference full marks, every mutant named as declared)"
grep -q "tests of astar: not measured: the expected run comes from each submission's own heuristic" \
  "$work/validate.txt" || fail "validate does not say the search's adequacy is not measured"
# tests measures the search with the reference solution's heuristic standing in for each
# student's (said so), and its exit status is not decided by that stand-in's measure.
"$T" tests "$a" >"$work/tests.txt" 2>/dev/null || fail "tests failed: $(cat "$work/tests.txt")"
grep -q "^task astar: 54 variants" "$work/tests.txt" &&
  grep -q "(measured with $r/solution.lua's heuristic as h, a stand-in for each student's own" \
    "$work/tests.txt" || fail "tests does not measure the search with a stand-in: $(cat "$work/tests.txt")"
"$T" tests "$a" --json >"$work/tests.json" 2>/dev/null
python3 - "$work/tests.json" "$r/solution.lua" <<'PY' || fail "tests --json: the stand-in"
import json, sys
d = json.load(open(sys.argv[1]))
astar = next(t for t in d["tasks"] if t["task"] == "astar")
assert astar["heuristic_stand_in"] == sys.argv[2], astar
assert "not_measured" not in d, d
PY
# Without a reference solution to stand in, the search is not measured, and why is said.
mkdir -p "$work/no-reference"
"$T" tests "$a" --reference "$work/no-reference" >"$work/bare.txt" 2>/dev/null ||
  fail "tests without a reference: $(cat "$work/bare.txt")"
grep -qx "task astar: not measured: its expected run comes from each submission's own heuristic (student:heuristic)" \
  "$work/bare.txt" || fail "tests does not say the search is not measured: $(cat "$work/bare.txt")"
"$T" tests "$a" --reference "$work/no-reference" --json >"$work/bare.json" 2>/dev/null
python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); assert [t["task"] for t in d["not_measured"]] == ["astar"], d' \
  "$work/bare.json" || fail "tests --json does not list the search under not_measured"
echo "ok: validate says the search's adequacy is not measured; tests measures it with the reference's heuristic"

# per_task SUBMISSION NAME: grades it; prints per task "task earned/max failing-codes".
per_task() {
  "$T" grade "$a" "$1" --json >"$work/$2.json" || true
  python3 - "$work/$2.json" <<'PY'
import json, sys
from collections import OrderedDict
tasks = OrderedDict()
for t in json.load(open(sys.argv[1]))["tests"]:
    x = t["extra_data"]
    entry = tasks.setdefault(x["task"], [0.0, 0.0, []])
    entry[0] += t["score"]; entry[1] += t["max_score"]
    if not x["passed"]:
        entry[2].append(x["diagnosis"]["code"] or "-")
for name, (got, most, codes) in tasks.items():
    print("%s %g/%g %s" % (name, round(got, 4), round(most, 4), ",".join(sorted(set(codes))) or "none"))
PY
}
expect_line() {  # OUTPUT PATTERN WHAT
  grep -Eq "$2" <<<"$1" || fail "$3: got
$1"
  echo "ok: $3"
}

out=$(per_task "$r/solution.lua" reference)
expect_line "$out" '^heuristic 30/30 none$' "reference: the heuristic's full marks"
expect_line "$out" '^astar 30/30 none$' "reference: the search's full marks"

out=$(per_task "$r/mutants/weak_heuristic.lua" weak)
expect_line "$out" '^astar 30/30 none$' "a correct A* with a weak heuristic keeps the search's points"
expect_line "$out" '^heuristic 20/30 not-informed$' "the weak heuristic loses its informedness points only"

out=$(per_task "$r/mutants/heuristic_counts_blank.lua" blank)
expect_line "$out" '^astar 30/30 none$' \
  "a correct A* with an overestimating heuristic keeps the search's points"
expect_line "$out" '^heuristic [0-9.]+/30 .*inadmissible' "the overestimating heuristic is named inadmissible"

out=$(per_task "$r/mutants/no_duplicate_detection.lua" tree)
expect_line "$out" '^heuristic 30/30 none$' "a wrong A* with the right heuristic: the heuristic's full marks"
expect_line "$out" '^astar [0-9.]+/30 no-duplicate-detection$' "the wrong A* is named by its own mistake"

# A heuristic that raises an error on boards with the blank in the middle: the search's tests
# whose reference run meets such a board are not checked, and say why in the heuristic's terms.
python3 - "$r/solution.lua" "$work/errors.lua" <<'PY'
import sys
text = open(sys.argv[1]).read()
head = "function heuristic(board)\n"
assert head in text, "the reference's heuristic changed: update this test"
open(sys.argv[2], "w").write(text.replace(head, head + "  if board[5] == 0 then error('no centre') end\n"))
PY
"$T" grade "$a" "$work/errors.lua" --task astar --json >"$work/errors.json" || true
python3 - "$work/errors.json" <<'PY'
import json, sys
tests = [t["extra_data"] for t in json.load(open(sys.argv[1]))["tests"]]
unchecked = [t for t in tests if not t["passed"]]
assert unchecked, "no test met the failing heuristic"
for t in unchecked:
    assert t["diagnosis"]["code"] == "did-not-run", t["diagnosis"]
    text = " ".join(t["notes"]) + t["header"]
    assert "Your search cannot be checked on this test: your heuristic failed when the reference astar used it" in text, text
    assert "no centre" in text, text
print("ok: a failing heuristic leaves %d search tests unchecked, said in its own terms" % len(unchecked))
PY

# The replay from the student's values is the engine's own search with the same function: the
# reference's search graded against the built-in manhattan gets the same full marks, on the same
# expected paths and counts.
mkdir "$work/builtin"
python3 - "$a/assignment.json" "$work/builtin/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["tasks"] = [t for t in spec["tasks"] if t["name"] == "astar"]
spec["tasks"][0]["heuristic"] = "manhattan"
json.dump(spec, open(sys.argv[2], "w"))
PY
"$T" expect "$work/builtin" >/dev/null
"$T" grade "$work/builtin" "$r/solution.lua" --json >"$work/builtin.json" ||
  fail "the reference search does not pass with the built-in manhattan"
python3 - "$work/reference.json" "$work/builtin.json" <<'PY'
import json, sys
def headers(path):
    return [t["extra_data"]["header"] for t in json.load(open(path))["tests"]
            if t["extra_data"]["task"] == "astar"]
own, builtin = headers(sys.argv[1]), headers(sys.argv[2])
assert own == builtin, (own, builtin)
print("ok: the replayed expected runs are the built-in's (%d tests)" % len(own))
PY
