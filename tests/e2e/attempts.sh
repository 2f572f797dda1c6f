#!/usr/bin/env bash
# Dated attempts per student (issue 37 §2): NAME/WHEN/solution.lua. The latest attempt is the
# gradebook's row and the student's reports; the earlier ones get reports of their own (KEY~WHEN)
# and feed the class's attempts section and the student's timeline. An attempt without a script
# costs that attempt only. The same bytes with any --jobs, after a resume (every attempt reused)
# and after shards are merged.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
R=reference/classic-8puzzle
C=$work/class
put() { mkdir -p "$C/$1/$2"; cp "$3" "$C/$1/$2/solution.lua"; }
put ana 2026-10-01T12-00 $R/mutants/bfs_goal_on_generate.lua
put ana 2026-10-02T08-00-30 $R/mutants/bfs_goal_on_generate.lua
put ana 2026-10-03T09-30 $R/solution.lua
put bo 2026-10-01T10-00 $R/mutants/bfs_counts_goal_pop.lua
mkdir -p "$C/bo/2026-10-02T10-00"  # an attempt with no script
put bo 2026-10-04T10-00 $R/mutants/bfs_counts_goal_pop.lua
cp $R/solution.lua "$C/cy.lua"     # no attempts: graded as ever

$T batch assignments/classic-8puzzle "$C" --out "$work/one" --jobs 1 > "$work/said"
grep -q "^3 students graded" "$work/said" || fail "batch said: $(cat "$work/said")"
cut -d, -f1,2,7 "$work/one/gradebook.csv" > "$work/rows"
printf 'student,score,status\nana,75,graded\nbo,18.75,graded\ncy,75,graded\n' > "$work/want"
diff "$work/want" "$work/rows" || fail "the gradebook is not the latest attempts"
for key in 'ana~2026-10-01T12-00' 'ana~2026-10-02T08-00-30' 'bo~2026-10-01T10-00' \
           'bo~2026-10-02T10-00'; do
  [ -f "$work/one/reports/$key.json" ] || fail "no report for the attempt $key"
done
grep -q "holds no .lua file" "$work/one/reports/bo~2026-10-02T10-00.txt" ||
  fail "the empty attempt's report: $(cat "$work/one/reports/bo~2026-10-02T10-00.txt")"
printf 'Your attempts: 3, the last at 2026-10-03T09-30\nbfs: first attempt: goal-test-on-generate; fixed at attempt 3.\n' \
  > "$work/want"
diff "$work/want" "$work/one/reports/ana~timeline.txt" || fail "ana's timeline"
grep -qxF "bfs: first attempt: counts-popped; not fixed by attempt 3, the last." \
  "$work/one/reports/bo~timeline.txt" || fail "bo's timeline: $(cat "$work/one/reports/bo~timeline.txt")"
[ ! -e "$work/one/reports/cy~timeline.txt" ] || fail "cy has no attempts, yet a timeline"
python3 - "$work/one/class.json" <<'PY'
import json, sys
attempts = json.load(open(sys.argv[1]))["attempts"]
assert attempts["students"] == 2 and attempts["attempts"] == 6, attempts
rows = {m["code"]: m for m in attempts["misconceptions"]}
assert rows["goal-test-on-generate"] == {"task": "bfs", "code": "goal-test-on-generate",
                                         "had": 1, "fixed": 1, "median_attempts_to_fix": 2.0}, rows
assert rows["counts-popped"]["fixed"] == 0, rows
assert rows["counts-popped"]["median_attempts_to_fix"] is None, rows
PY
grep -q "<h2>Attempts</h2>" "$work/one/class.html" || fail "class.html has no attempts section"

$T batch assignments/classic-8puzzle "$C" --out "$work/two" --jobs 2 > /dev/null
for file in gradebook.csv class.json class.html reports/ana~timeline.txt; do
  cmp "$work/one/$file" "$work/two/$file" || fail "--jobs 2 changed $file"
done
$T batch assignments/classic-8puzzle "$C" --out "$work/one" --json > "$work/resumed.json"
python3 -c "import json,sys; s=json.load(open(sys.argv[1])); assert s['reused']==3, s" \
  "$work/resumed.json" || fail "resume: $(head -c 1000 "$work/resumed.json")"
cmp "$work/one/class.json" "$work/two/class.json" || fail "a resume changed class.json"

for k in 1 2; do
  $T batch assignments/classic-8puzzle "$C" --out "$work/shards" --shard $k/2 > /dev/null
done
[ ! -e "$work/shards/reports/ana~timeline.txt" ] || fail "a shard wrote a partial timeline"
$T batch assignments/classic-8puzzle "$C" --out "$work/shards" > /dev/null
for file in gradebook.csv class.json reports/ana~timeline.txt; do
  cmp "$work/one/$file" "$work/shards/$file" || fail "the merged shards' $file differs"
done
