#!/usr/bin/env bash
# The class report's similarity section (issue 37 §4) on a planted class: two copies of one
# unusual wrong bfs (every third board's children taken the other way round), the second renamed,
# reindented, its identifiers and comments changed; four students who each make the common named
# mistake bfs_goal_on_generate (each copy commented differently); one student with another
# unusual bug; three correct solutions. Only the two copies may be grouped, with their evidence;
# the page shows the section and its caution; a resumed run (summaries read back from records)
# writes the same class.json.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
R=reference/classic-8puzzle
C=$work/class
mkdir -p "$C/lee"

python3 - "$R" "$C" <<'PY'
import sys
ref, out = sys.argv[1], sys.argv[2]
src = open(ref + "/solution.lua").read()
loop = '''    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
'''
assert src.index(loop) < src.index("function dfs")  # bfs's loop comes first
def odd(every):
    return src.replace(loop, '''    expanded = expanded + 1
    local kids = problem:successors(node.state)
    if expanded %% %d == 0 then
      -- every so often: its children the other way round
      local flipped = {}
      for i = #kids, 1, -1 do flipped[#flipped + 1] = kids[i] end
      kids = flipped
    end
    for _, child in ipairs(kids) do
''' % every, 1)
open(out + "/kim.lua", "w").write(odd(3))
# The copy: renamed, reindented to four spaces, identifiers and comments changed.
copy = odd(3)
for a, b in (("kids", "nexts"), ("flipped", "backwards"), ("marked", "seen"), ("queue", "q"),
             ("every so often: its children the other way round", "reverse sometimes (lee)")):
    copy = copy.replace(a, b)
copy = "\n".join(("    " * ((len(l) - len(l.lstrip(" "))) // 2)) + l.lstrip(" ")
                 for l in copy.split("\n"))
copy = "-- Lee's search, written alone\n\n" + copy.replace("\n\n", "\n\n\n")
open(out + "/lee/submission.lua", "w").write(copy)
open(out + "/nia.lua", "w").write(odd(4))
mutant = open(ref + "/mutants/bfs_goal_on_generate.lua").read()
for i, name in enumerate(("ada", "ben", "cho", "dev")):
    open(out + "/%s.lua" % name, "w").write("-- %s's own work, attempt %d\n%s" % (name, i, mutant))
for name in ("eli", "fay", "gus"):
    open(out + "/%s.lua" % name, "w").write("-- " + name + "\n" + src)
PY
cmp -s "$C/kim.lua" "$C/lee/submission.lua" && fail "the copy is byte-identical to the original"

$T batch assignments/classic-8puzzle "$C" --out "$work/out" --jobs 2 > /dev/null
python3 - "$work/out" <<'PY'
import csv, json, sys
out = sys.argv[1]
summary = json.load(open(out + "/class.json"))
rows = {r["student"]: r for r in csv.DictReader(open(out + "/gradebook.csv", newline=""))}
# What was planted, as the grader saw it: the common mistake is named, the copies' bug is not.
for name in ("ada", "ben", "cho", "dev"):
    assert "goal-test-on-generate" in rows[name]["diagnoses"].split(), rows[name]
for name in ("kim", "lee", "nia"):
    assert "unrecognised" in rows[name]["diagnoses"].split(), rows[name]
similarity = summary["similarity"]
groups = [g["students"] for g in similarity["groups"]]
assert groups == [["kim", "lee"]], groups
group = similarity["groups"][0]
assert group["reports"] == ["reports/kim.html", "reports/lee.html"], group
kinds = {e["kind"] for e in group["evidence"]}
assert "trace" in kinds, group
for item in group["evidence"]:
    assert item["students"] == ["kim", "lee"], item
    assert item["sentence"].startswith("2 of 10 students "), item
    if item["kind"] == "trace":
        assert item["task"] == "bfs" and item["expanded"] > 0, item
        assert "no other student does" in item["sentence"], item
assert "never a verdict or a penalty" in similarity["note"]
PY
grep -q "<h2>Similar behaviour</h2>" "$work/out/class.html" || fail "class.html has no section"
grep -q "never a verdict or a penalty" "$work/out/class.html" || fail "class.html: no caution"

# A resume reads every summary back from its record: the same section, byte for byte.
cp "$work/out/class.json" "$work/first.json"
$T batch assignments/classic-8puzzle "$C" --out "$work/out" --jobs 1 > /dev/null 2> "$work/err"
[ ! -s "$work/err" ] || fail "resume said: $(cat "$work/err")"
cmp "$work/first.json" "$work/out/class.json" || fail "a resumed run changed class.json"
