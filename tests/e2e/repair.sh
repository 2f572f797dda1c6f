#!/usr/bin/env bash
# Verified repair (issue 49) through the CLI, on mistakes nobody here chose: `tilegrade mutate`
# draws single-token mutants of the bundled 8-puzzle reference's bfs, and each is graded as a
# student's submission is. For every mutant that fails:
#   - a repair in the JSON report (extra_data.repairs) is true: its change, applied to the mutant,
#     gives a script that `grade --no-repair` scores full marks on the task;
#   - the text report says where to look, once, at the repair's line;
#   - beside the catalogue, a code the repair names is a failing test's, and a claim it dropped
#     is no failing test's any more;
# and at least one mutant is repaired at its own mutated line. Then the switches: `--no-repair`
# and "repair": "none" give no repair, "edit" shows the change, and `batch` tallies repairs in
# class.json.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

A=assignments/classic-8puzzle
"$T" mutate reference/classic-8puzzle/solution.lua --out "$work/mutants" --count 6 --seed 3 \
  --kinds relational-operator,constant-off-by-one >/dev/null

repaired_at_own_line=0
for mutant in "$work"/mutants/mutant-*.lua; do
  name=$(basename "$mutant" .lua)
  "$T" grade "$A" "$mutant" --task bfs --format json > "$work/$name.json" || true
  "$T" grade "$A" "$mutant" --task bfs > "$work/$name.txt" || true
  verdict=$(python3 - "$work/$name.json" "$mutant" "$work/mutants/mutants.json" \
                     "$work/$name.edited.lua" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
mutant_path, manifest, edited_path = sys.argv[2], json.load(open(sys.argv[3])), sys.argv[4]
failing = any(t["score"] < t["max_score"] - 1e-6 for t in report["tests"])
repairs = report.get("extra_data", {}).get("repairs", [])
if not failing:
    print("passes" if not repairs else "repair-of-a-passing-script")
    sys.exit()
if not repairs:
    print("not-repaired")
    sys.exit()
(repair,) = repairs
assert repair["task"] == "bfs", repair
# Beside the catalogue: a code the repair names is one of its failing tests', and no failing
# test still claims a code it dropped, which now reads unrecognised.
failing_codes = [t["extra_data"]["diagnosis"]["code"] for t in report["tests"]
                 if t["score"] < t["max_score"] - 1e-6]
if repair.get("code"):
    assert repair["code"] in failing_codes, (repair, failing_codes)
for code in repair.get("dropped", []):
    assert code not in failing_codes, (code, failing_codes)
    assert "unrecognised" in failing_codes, (code, failing_codes)
lines = open(mutant_path).read().split("\n")
for change in repair["changes"]:
    line = lines[change["line"] - 1]
    assert change["line_before"] in line, (change, line)
    lines[change["line"] - 1] = line.replace(change["line_before"], change["line_after"], 1)
open(edited_path, "w").write("\n".join(lines))
entry = next(m for m in manifest["mutants"] if mutant_path.endswith(m["file"]))
own = any(c["line"] == entry["line"] for c in repair["changes"])
print(f"repaired {repair['changes'][0]['line']} {'own' if own else 'other'}")
PY
)
  case "$verdict" in
    passes|not-repaired) ;;
    repaired*)
      read -r _ line own <<<"$verdict"
      [ "$own" = own ] && repaired_at_own_line=$((repaired_at_own_line + 1))
      "$T" grade "$A" "$work/$name.edited.lua" --task bfs --no-repair >/dev/null ||
        check_failed "$name: the repair's edit does not make the task pass"
      [ "$(grep -c "Where to look: line $line of your file" "$work/$name.txt")" = 1 ] ||
        check_failed "$name: the text report does not say where to look once, at line $line"
      ;;
    *) check_failed "$name: $verdict" ;;
  esac
done
[ "$repaired_at_own_line" -ge 1 ] || fail "no mutant was repaired at its own line"

# The switches, on the first mutant repaired.
mutant=$(grep -l '"repairs"' "$work"/mutant-*.json | head -1)
mutant=$work/mutants/$(basename "$mutant" .json).lua
"$T" grade "$A" "$mutant" --task bfs --no-repair --format json > "$work/off.json" || true
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); sys.exit("repairs" in r.get("extra_data", {}))' \
  "$work/off.json" || fail "--no-repair still searched"
cp -r "$A" "$work/edit-shown"
python3 - "$work/edit-shown/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["repair"] = {"show": "edit", "seconds": 10}
json.dump(spec, open(sys.argv[1], "w"))
PY
"$T" grade "$work/edit-shown" "$mutant" --task bfs > "$work/edit.txt" || true
grep -q "The change: line [0-9]* \`.*\` becomes \`.*\`\." "$work/edit.txt" ||
  fail "\"edit\" does not show the change"
python3 - "$work/edit-shown/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["repair"] = "none"
json.dump(spec, open(sys.argv[1], "w"))
PY
"$T" grade "$work/edit-shown" "$mutant" --task bfs > "$work/none.txt" || true
! grep -q "Where to look" "$work/none.txt" || fail "\"none\" still shows a repair"
python3 - "$work/edit-shown/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
spec["repair"] = "sometimes"
json.dump(spec, open(sys.argv[1], "w"))
PY
expect_exit 2 "$T" grade "$work/edit-shown" "$mutant" 2> "$work/bad.err" >/dev/null
grep -q 'assignment.repair: expected "line", "edit" or "none", not "sometimes"' "$work/bad.err" ||
  fail "a bad repair setting is not refused with its path: $(cat "$work/bad.err")"

# batch tallies the class's repairs per task.
mkdir -p "$work/class"
cp "$mutant" "$work/class/ana.lua"
cp reference/classic-8puzzle/solution.lua "$work/class/bo.lua"
"$T" batch "$A" "$work/class" --out "$work/graded" --task bfs >/dev/null 2>&1 || true
python3 - "$work/graded/class.json" <<'PY' || fail "class.json does not tally the repair"
import json, sys
summary = json.load(open(sys.argv[1]))
bfs = next(t for t in summary["tasks"] if t["name"] == "bfs")["repairs"]
assert bfs["failing_students"] == 1 and bfs["repaired_students"] == 1, bfs
assert len(bfs["kinds"]) >= 1, bfs
PY
echo "repair: ok ($repaired_at_own_line repaired at their own line)"
