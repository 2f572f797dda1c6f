#!/usr/bin/env bash
# A simulated term (issue 37, "How it is measured"): 40 students x 5 dated attempts on
# classic-8puzzle, generated from the bundled reference and its mutants. Students 1-38 each start
# with one mutant and switch to the reference at a planted attempt (2 to 5, or never); students 39
# and 40 hand in, at every attempt, the same unusual wrong bfs (every third board's children taken
# the other way round), the second renamed and reformatted. After the deadline bfs's published-2
# changes. Checked against what was planted: the attempts section (per mistake: who had it, who
# fixed it, the median attempts it took), one student's timeline, the similarity groups (the two
# copies, nothing else), and the regrade (only the changed test named, only latest attempts
# compared). TERM_TIMES=FILE appends the run times.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
. "$(dirname "$0")/lib/changed_after_deadline.sh"
R=reference/classic-8puzzle
C=$work/term

python3 - "$R" "$C" "$work/planted.json" <<'PY'
import json, os, statistics, sys
ref, out, planted_path = sys.argv[1:]
solution = open(ref + "/solution.lua").read()
mutants = sorted(f[:-4] for f in os.listdir(ref + "/mutants") if f.endswith(".lua"))
codes = {m: json.load(open(ref + "/mutants/%s.json" % m))["diagnosis"] for m in mutants}
times = ["2026-10-0%dT1%d-00" % (day, day) for day in range(1, 6)]
loop = '''    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
'''
assert solution.index(loop) < solution.index("function dfs")
odd = solution.replace(loop, '''    expanded = expanded + 1
    local kids = problem:successors(node.state)
    if expanded % 3 == 0 then
      -- every third board: its children the other way round
      local flipped = {}
      for i = #kids, 1, -1 do flipped[#flipped + 1] = kids[i] end
      kids = flipped
    end
    for _, child in ipairs(kids) do
''', 1)
copy = odd
for a, b in (("kids", "nexts"), ("flipped", "backwards"), ("marked", "seen"),
             ("every third board: its children the other way round", "my own idea")):
    copy = copy.replace(a, b)
copy = "\n".join("    " * ((len(l) - len(l.lstrip(" "))) // 2) + l.lstrip(" ")
                 for l in copy.split("\n"))
def put(student, attempt, text):
    folder = os.path.join(out, student, times[attempt])
    os.makedirs(folder)
    open(folder + "/solution.lua", "w").write("-- %s, attempt %d\n%s" % (student, attempt + 1, text))
planted = {}
for i in range(1, 39):
    student = "s%02d" % i
    mutant = mutants[i % len(mutants)]
    fix = 2 + i % 5  # the attempt that is the reference; 6: never
    for attempt in range(5):
        put(student, attempt, solution if attempt + 1 >= fix else open(
            ref + "/mutants/%s.lua" % mutant).read())
    row = planted.setdefault(codes[mutant], {"had": 0, "fixed": 0, "to_fix": []})
    row["had"] += 1
    if fix <= 5:
        row["fixed"] += 1
        row["to_fix"].append(fix - 1)
for attempt in range(5):
    put("s39", attempt, odd)
    put("s40", attempt, copy)
for row in planted.values():
    row["median"] = statistics.median(row["to_fix"]) if row["to_fix"] else None
json.dump({"mistakes": planted, "s01_mutant": codes[mutants[1]]}, open(planted_path, "w"))
PY

start=$(date +%s.%N)
# --no-repair: what is checked here (attempts, similarity, the regrade) reads no repair, and the
# repair search would spend up to its 10 s budget on each failing attempt that one
# or two edits do not mend (tests/e2e/repair.sh checks repairs in batch).
$T batch assignments/classic-8puzzle "$C" --out "$work/graded" --no-repair > /dev/null
graded_at=$(date +%s.%N)

change_after_deadline "$work/changed"
before_regrade=$(date +%s.%N)
$T batch "$work/changed" "$C" --out "$work/regraded" --compare "$work/graded" --no-repair \
  > /dev/null
end=$(date +%s.%N)

python3 - "$work" <<'PY'
import csv, json, sys
work = sys.argv[1]
planted = json.load(open(work + "/planted.json"))
summary = json.load(open(work + "/graded/class.json"))
rows = list(csv.DictReader(open(work + "/graded/gradebook.csv", newline="")))
assert [r["student"] for r in rows] == ["s%02d" % i for i in range(1, 41)], rows
# The gradebook is each student's latest attempt: the reference, unless never fixed.
attempts = summary["attempts"]
assert attempts["students"] == 40 and attempts["attempts"] == 200, attempts
found = {(m["code"]): m for m in attempts["misconceptions"]}
for code, want in planted["mistakes"].items():
    got = found.get(code)
    assert got, (code, attempts)
    assert got["had"] == want["had"], (code, got, want)
    assert got["fixed"] == want["fixed"], (code, got, want)
    assert got["median_attempts_to_fix"] == want["median"], (code, got, want)
# s01 had mutant 1 and fixed it at attempt 3 (2 + 1 % 5).
timeline = open(work + "/graded/reports/s01~timeline.txt").read()
assert timeline.startswith("Your attempts: 5, the last at 2026-10-05T15-00\n"), timeline
assert "first attempt: %s; fixed at attempt 3." % planted["s01_mutant"] in timeline, timeline
groups = [g["students"] for g in summary["similarity"]["groups"]]
assert groups == [["s39", "s40"]], groups
regrade = json.load(open(work + "/regraded/regrade.json"))
assert regrade["students"] == 40, regrade["students"]
named = {t["test"] for row in regrade["rows"] for t in row["tests"]}
assert named == {"bfs: published-2"}, named
# Scores move only where the changed test's verdict does: the two copies' bfs passed the old
# published-2 (10 expansions) and fails the new one (34); s04's goal-test-on-generate failed it
# before and after, so s04 is listed with the reasons but keeps its score.
moved = {row["student"] for row in regrade["rows"] if row["change"] != 0}
assert moved == {"s39", "s40"}, moved
s04 = next(row for row in regrade["rows"] if row["student"] == "s04")
assert s04["changed"] and [t["test"] for t in s04["tests"]] == ["bfs: published-2"], s04
assert all("~" not in row["student"] for row in regrade["rows"]), regrade["rows"]
PY
grep -q "<h2>Attempts</h2>" "$work/graded/class.html" || fail "class.html has no attempts section"
if [ -n "${TERM_TIMES:-}" ]; then
  python3 - "$start" "$graded_at" "$before_regrade" "$end" >> "$TERM_TIMES" <<'PY'
import sys
start, graded, before, end = map(float, sys.argv[1:])
print("term: grade %.1f s, regrade %.1f s, whole term %.1f s (wall)" %
      (graded - start, end - before, end - start))
PY
fi
