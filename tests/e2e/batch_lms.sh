#!/usr/bin/env bash
# batch fits the course's records: a Gradescope submissions export read as downloaded (a folder
# per submission and submission_metadata.yml naming its submitters, a group included) gives the
# gradebook student id, email and name columns, one line per submitter; a roster CSV does the same
# for a plain folder, and its students who submitted nothing get a row of 0 points; every student gets an HTML report; --task regrades one part (and its records
# never stand for a whole run); and on a terminal the progress line names the student.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

E="$work/export"
mkdir -p "$E/submission_1001" "$E/submission_1002" "$E/submission_1003"
cp $R/solution.lua "$E/submission_1001/eight_puzzle.lua"
cp $R/mutants/bfs_goal_on_generate.lua "$E/submission_1002/mine.lua"
cp $R/mutants/dfs_forward_push.lua "$E/submission_1003/mine.lua"
# The shape Gradescope writes: Ruby-symbol keys, quoted ids, extra fields that are not ours.
cat > "$E/submission_metadata.yml" <<'YAML'
submission_1001:
  :submitters:
  - :name: Ada Lovelace
    :sid: '0042'
    :email: ada@example.edu
  :created_at: 2024-03-01 10:00:00.000000000 -08:00
  :score: 0.0
  :status: processed
submission_1002:
  :submitters:
  - :name: Grace Hopper
    :sid: '1906'
    :email: grace@example.edu
  - :name: Edsger "EWD" Dijkstra, Jr
    :sid: 1930
    :email: ewd@example.edu
  :created_at: 2024-03-01 11:00:00.000000000 -08:00
submission_1003:
  :submitters:
  - :name: Alan Turing
    :sid: '1912'
    :email: alan@example.edu
YAML
"$T" batch $A "$E" --out "$work/out" --jobs 2 > /dev/null
python3 - "$work/out" <<'PY' || fail "the Gradescope export's gradebook"
import csv, os, sys
out = sys.argv[1]
rows = list(csv.DictReader(open(os.path.join(out, "gradebook.csv"))))
assert list(rows[0].keys())[:6] == ["student", "sid", "email", "name", "score", "max_score"], rows[0].keys()
who = [(r["student"], r["sid"], r["email"], r["name"]) for r in rows]
assert who == [
    ("submission_1001", "0042", "ada@example.edu", "Ada Lovelace"),
    ("submission_1002", "1906", "grace@example.edu", "Grace Hopper"),
    ("submission_1002", "1930", "ewd@example.edu", 'Edsger "EWD" Dijkstra, Jr'),
    ("submission_1003", "1912", "alan@example.edu", "Alan Turing"),
], who
assert rows[0]["score"] == rows[0]["max_score"] == "75", rows[0]
assert rows[1]["score"] == rows[2]["score"] and float(rows[1]["score"]) < 75, rows[1:3]
assert "goal-test-on-generate" in rows[1]["diagnoses"], rows[1]
for student in ("submission_1001", "submission_1002", "submission_1003"):
    page = open(os.path.join(out, "reports", student + ".html")).read()
    assert page.startswith("<!DOCTYPE html>") and "<svg" in page, student
PY

# A plain folder and a roster CSV (quoted fields, a BOM, extra columns, a student not submitting).
mkdir -p "$work/plain"
cp $R/solution.lua "$work/plain/alice.lua"
cp $R/mutants/bfs_counts_goal_pop.lua "$work/plain/bob.lua"
cp $R/solution.lua "$work/plain/carol.lua"
printf '\xEF\xBB\xBFStudent,Section,SID,Email,Name\r\nalice,A,7,alice@example.edu,"Liddell, Alice"\r\nbob,B,8,bob@example.edu,Bob\r\ndora,B,9,dora@example.edu,Dora\r\n' \
  > "$work/roster.csv"
"$T" batch $A "$work/plain" --out "$work/plain-out" --roster "$work/roster.csv" > /dev/null
head -1 "$work/plain-out/gradebook.csv" | grep -q "^student,sid,email,name,score,max_score,bfs,dfs,astar,status,diagnoses$" ||
  fail "roster header: $(head -1 "$work/plain-out/gradebook.csv")"
grep -q '^alice,7,alice@example.edu,"Liddell, Alice",75,75,' "$work/plain-out/gradebook.csv" || fail "alice's row"
grep -q '^carol,,,,75,75,' "$work/plain-out/gradebook.csv" || fail "a student the roster lacks keeps empty columns"
grep -q '^dora,9,dora@example.edu,Dora,0,75,0,0,0,no-submission,$' "$work/plain-out/gradebook.csv" ||
  fail "a roster student who submitted nothing gets a row of 0 points: $(grep dora "$work/plain-out/gradebook.csv")"
# Read back as a roster, the gradebook names every roster student as the roster did.
python3 - "$work/roster.csv" "$work/plain-out/gradebook.csv" <<'PY' || fail "the roster's people through the gradebook"
import csv, sys
def people(path):
    rows = csv.DictReader(open(path, encoding="utf-8-sig", newline=""))
    return {r.get("Student", r.get("student")): (r.get("SID", r.get("sid")), r.get("Email", r.get("email")),
            r.get("Name", r.get("name"))) for r in rows}
roster, gradebook = people(sys.argv[1]), people(sys.argv[2])
assert all(gradebook[s] == who for s, who in roster.items()), (roster, gradebook)
PY
code=0
"$T" batch $A "$work/plain" --out "$work/x" --roster "$work/nothing.csv" 2> /dev/null || code=$?
[ "$code" = 2 ] || fail "a missing roster: exit $code"
printf 'sid,email\n1,a@b\n' > "$work/bad-roster.csv"
code=0
"$T" batch $A "$work/plain" --out "$work/x" --roster "$work/bad-roster.csv" 2> "$work/err" || code=$?
[ "$code" = 2 ] && grep -q '"student" column' "$work/err" || fail "a roster without a student column: exit $code"

# --task: one part regraded; the other tasks score nothing and are named as not selected.
"$T" batch $A "$work/plain" --out "$work/plain-out" --task bfs --json > "$work/part.json"
python3 - "$work/part.json" "$work/plain-out/reports/bob.txt" <<'PY' || fail "--task bfs"
import json, re, sys
summary = json.load(open(sys.argv[1]))
assert summary["reused"] == 0, "a whole run's records stood for a --task run"
rows = {r["student"]: r for r in summary["rows"]}
assert rows["alice"]["tasks"] == {"bfs": 25, "dfs": 0, "astar": 0}, rows["alice"]
assert rows["alice"]["max_score"] == 25 and rows["bob"]["score"] < 25, rows
# dfs and astar, 25 points each, whatever number of tests they have
assert re.search(r"Not checked here: \d+ tests not selected \(50 points\)", open(sys.argv[2]).read())
PY
code=0
"$T" batch $A "$work/plain" --out "$work/x" --task nope 2> "$work/err" || code=$?
[ "$code" = 2 ] && grep -q "no such task (tasks: bfs, dfs, astar)" "$work/err" || fail "--task nope: exit $code"

# On a terminal (script(1) gives batch one), the progress line names each student.
if command -v script > /dev/null; then
  script -qec "$T batch $A $work/plain --out $work/tty-out --jobs 1" /dev/null > "$work/tty.txt"
  for student in alice bob carol; do
    grep -q "students (0 reused, 0 errors) $student" "$work/tty.txt" ||
      grep -q "errors) $student" "$work/tty.txt" || fail "the progress line never names $student"
  done
fi
echo "batch_lms: Gradescope export and roster columns, HTML reports, --task and the progress line checked"
