#!/usr/bin/env bash
# A regrade after a test changed past the deadline: a class of the bundled reference and mutants
# graded, one test's start board changed (expected.json rewritten by `tilegrade expect`), graded
# again with `batch --compare`. Checked against what was planted: OLD_OUT is untouched, every
# score in regrade.csv is the two gradebooks', rows run largest change first, the only test named
# is the changed one, every student is stamped with the two assignment digests, `regrade` prints
# and writes the same comparison, the class report has its section, and --publish puts the new
# grading where the old one was (keeping the old one in previous-1), from which a batch resumes.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
. "$(dirname "$0")/lib/changed_after_deadline.sh"
R=reference/classic-8puzzle

C=$work/class
mkdir -p "$C"
cp $R/solution.lua "$C/alice.lua"
for m in bfs_goal_on_generate bfs_counts_goal_pop bfs_pushes_in_reverse astar_no_duplicates \
         dfs_checks_on_pop; do
  cp "$R/mutants/$m.lua" "$C/$m.lua"
done
cp tests/hostile/syntax_error.lua "$C/syntax.lua"

$T batch assignments/classic-8puzzle "$C" --out "$work/old" --jobs 2 > /dev/null
before=$(cd "$work/old" && find . -type f -exec sha256sum {} + | sort)

# The change after the deadline: bfs's published-2 starts elsewhere.
change_after_deadline "$work/changed"

expect_exit 2 $T batch "$work/changed" "$C" --out "$work/old" --compare "$work/old" 2> "$work/err"
grep -q "names the --out folder" "$work/err" || fail "--compare onto --out: $(cat "$work/err")"
$T batch "$work/changed" "$C" --out "$work/new" --jobs 2 --compare "$work/old" > "$work/said"
grep -q "students changed: $work/new/regrade.txt" "$work/said" ||
  fail "batch said: $(cat "$work/said")"
after=$(cd "$work/old" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "batch --compare changed a file in OLD_OUT"

$T regrade "$work/old" "$work/new" --json > "$work/regrade.json"
$T regrade "$work/old" "$work/new" > "$work/regrade.out"
grep -q "^Nothing in $work/old was changed" "$work/regrade.out" || fail "regrade did not say so"
after=$(cd "$work/old" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$after" ] || fail "regrade without --publish changed a file in OLD_OUT"

python3 - "$work" <<'PY'
import csv, json, os, sys
work = sys.argv[1]
def gradebook(side):
    return {r["student"]: float(r["score"])
            for r in csv.DictReader(open(os.path.join(work, side, "gradebook.csv"), newline=""))}
old, new = gradebook("old"), gradebook("new")
rows = list(csv.DictReader(open(os.path.join(work, "new", "regrade.csv"), newline="")))
assert {r["student"] for r in rows} == set(old) == set(new), rows
for r in rows:
    s = r["student"]
    assert abs(float(r["old_score"]) - old[s]) < 1e-4, r
    assert abs(float(r["new_score"]) - new[s]) < 1e-4, r
    assert abs(float(r["change"]) - (new[s] - old[s])) < 1e-4, r
sizes = [abs(float(r["change"])) for r in rows]
assert sizes == sorted(sizes, reverse=True), sizes
document = json.load(open(os.path.join(work, "new", "regrade.json")))
printed = json.load(open(os.path.join(work, "regrade.json")))
assert printed.pop("published") is None
assert printed == document
assert document["before"]["assignment_digest"] != document["after"]["assignment_digest"]
assert document["before"]["version"] == document["after"]["version"]
planted = "bfs: published-2"
named = {t["test"] for row in document["rows"] for t in row["tests"]}
assert named == {planted}, named  # the changed test, and nothing else
for row in document["rows"]:
    digest = "assignment digest %s -> %s" % (document["before"]["assignment_digest"],
                                             document["after"]["assignment_digest"])
    if row["student"] != "syntax":  # refused unrun: its tests say so, before and after alike
        assert digest in row["reasons"], row
    assert "the script changed" not in row["reasons"], row
    if row["change"] != 0:
        assert any(t["test"] == planted for t in row["tests"]), row
# The solution's changed test still passes: only its checks' expected values moved.
alice = next(r for r in document["rows"] if r["student"] == "alice")
assert alice["change"] == 0 and alice["tests"][0]["old_score"] == alice["tests"][0]["new_score"]
assert any(reason.startswith("check count changed") for reason in alice["tests"][0]["reasons"])
summary = json.load(open(os.path.join(work, "new", "class.json")))
assert summary["regrade"] == document
html = open(os.path.join(work, "new", "class.html")).read()
assert "<h2>Regrade</h2>" in html and "bfs: published-2" in html
# Every report is stamped.
for name in os.listdir(os.path.join(work, "new", "reports")):
    if name.endswith(".json"):
        report = json.load(open(os.path.join(work, "new", "reports", name)))
        stamp = report["extra_data"]["tilegrade"]
        assert stamp["assignment_digest"] == document["after"]["assignment_digest"], name
        assert stamp["version"] == document["after"]["version"], name
PY

# Publishing: the new grading where the old one was, the old one kept beside it.
$T regrade "$work/old" "$work/new" --publish > "$work/published"
grep -q "the old one is in $work/old/previous-1" "$work/published" ||
  fail "publish said: $(cat "$work/published")"
cmp "$work/old/gradebook.csv" "$work/new/gradebook.csv" || fail "the new gradebook is not published"
kept=$(cd "$work/old/previous-1" && find . -type f -exec sha256sum {} + | sort)
[ "$before" = "$kept" ] || fail "previous-1 is not the old grading, byte for byte"
# A batch into the published folder resumes from the copied records: nobody is graded again.
$T batch "$work/changed" "$C" --out "$work/old" --json > "$work/resume.json"
python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))
assert s['reused'] == s['students'], s
" "$work/resume.json"
expect_exit 2 $T regrade "$work/old" "$work/nowhere" 2> /dev/null
echo "regrade: planted change found, OLD_OUT untouched until --publish"
