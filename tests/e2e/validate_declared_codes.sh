#!/usr/bin/env bash
# Issue 50: the docs listed heuristic-counts-blank for a heuristic mutant while validate required
# inadmissible. Both now read the code table's "reported as" column (diagnosis_codes.def): a
# mutant declared as a heuristic's source is named by the check's code its docs row names, with
# that heuristic_source; a mutant whose check is right but whose source is not is refused, with
# what was expected; a goal test's reading, which no report field records, is refused before
# grading, with the code to declare.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# The docs' row for heuristic-counts-blank: the code a test carries for it.
reported=$(python3 - <<'PY'
import re
for line in open("docs/diagnosis-codes.md"):
    if line.startswith("| `heuristic-counts-blank` |"):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        print(re.match(r"`([^`]+)` with this heuristic_source$", cells[3]).group(1))
PY
)
[ "$reported" = inadmissible ] || fail "the docs report heuristic-counts-blank as '$reported'"

ref=$work/heuristic
mkdir -p "$ref/mutants"
cp reference/heuristic-challenge/solution.lua reference/heuristic-challenge/adequacy.json "$ref/"
cp reference/heuristic-challenge/mutants/manhattan_counts_blank.lua "$ref/mutants/"
printf '{"score": 36.0, "diagnosis": "heuristic-counts-blank"}\n' \
  > "$ref/mutants/manhattan_counts_blank.json"
"$T" validate assignments/heuristic-challenge --reference "$ref" --json > "$work/blank.json" ||
  fail "a mutant declared as the docs name it does not validate: $(cat "$work/blank.json")"
python3 - "$work/blank.json" "$reported" <<'PY' || fail "the counts-blank mutant's finding"
import json, sys
report, reported = json.load(open(sys.argv[1])), sys.argv[2]
[mutant] = [f for f in report["findings"] if f["subject"] == "mutant manhattan_counts_blank.lua"]
assert mutant["ok"] and f"diagnosis {reported}" in mutant["detail"], mutant
PY

# An inadmissible heuristic whose values are not the blank counted is no heuristic-counts-blank.
cp reference/heuristic-challenge/mutants/hardcoded_3_columns.lua "$ref/mutants/"
printf '{"score": 63.0, "diagnosis": "heuristic-counts-blank"}\n' \
  > "$ref/mutants/hardcoded_3_columns.json"
expect_exit 1 "$T" validate assignments/heuristic-challenge --reference "$ref" --json \
  > "$work/hardcoded.json"
python3 - "$work/hardcoded.json" <<'PY' || fail "the hardcoded mutant's finding"
import json, sys
findings = {f["subject"]: f for f in json.load(open(sys.argv[1]))["findings"]}
wrong = findings["mutant hardcoded_3_columns.lua"]
assert not wrong["ok"], wrong
assert wrong["detail"].endswith(
    "(expected inadmissible with heuristic_source heuristic-counts-blank first)"), wrong
assert findings["mutant manhattan_counts_blank.lua"]["ok"], findings
PY

# A goal test's reading is said with wrong-goal-test's code and no field: declare that code.
ref=$work/practice
mkdir -p "$ref/mutants"
cp reference/sliding-tile-practice/{solution.lua,adequacy.json} "$ref/"
cp reference/sliding-tile-practice/mutants/check_solved_blank_only.lua "$ref/mutants/"
printf '{"score": 99.0, "diagnosis": "goal-test-blank-only"}\n' \
  > "$ref/mutants/check_solved_blank_only.json"
expect_exit 1 "$T" validate assignments/sliding-tile-practice --reference "$ref" \
  > "$work/reading.txt"
reason='is said only as the sentence of wrong-goal-test, which no field of a report records'
grep -qF "\"goal-test-blank-only\" $reason: declare wrong-goal-test" "$work/reading.txt" ||
  fail "no reason for the refused reading: $(cat "$work/reading.txt")"
echo "validate_declared_codes: a source validates as its docs row says; a reading is refused"
