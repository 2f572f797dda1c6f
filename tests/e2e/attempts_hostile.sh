#!/usr/bin/env bash
# Hostile names and attempt folders (issue 48 §2, §3): no student's file is another's (a student
# named "ana.timeline" beside ana's timeline); names that look alike (José in NFC and NFD, a
# Cyrillic а in pаul) are told apart in the gradebook, with a line; an attempt folder named by an
# impossible date, a link or a file named like an attempt, and a second name for one moment are
# each named in a line and never graded as the latest attempt; a withdrawn attempt's reports and
# record are removed; and a resume regrades no one.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
R=reference/slider-2x3
A=assignments/slider-2x3
C=$work/class
put() { mkdir -p "$C/$1/$2"; cp "$3" "$C/$1/$2/solution.lua"; }
put ana 2026-10-01T12-00 $R/mutants/bfs_goal_on_generate.lua
put ana 2026-10-03T09-30 $R/solution.lua
put ana 2026-10-02T15-00 $R/mutants/bfs_goal_on_generate.lua
put ana 2026-10-02T15-00-00 $R/solution.lua              # the same moment, another name
put ana 9999-99-99T99-99 $R/mutants/bfs_goal_on_generate.lua  # no real time: never the latest
printf 'not an attempt\n' > "$C/ana/2026-11-01T10-00"     # a file named like an attempt
ln -s 2026-10-01T12-00 "$C/ana/2026-11-02T10-00"          # a link named like one, the latest
cp $R/mutants/bfs_goal_on_generate.lua "$C/ana.timeline.lua"  # a student, not ana's timeline
cp $R/solution.lua "$C/Jos"$'\xc3\xa9'".lua"              # José, é precomposed (NFC)
cp $R/mutants/bfs_goal_on_generate.lua "$C/Jose"$'\xcc\x81'".lua"  # José, e + accent (NFD)
cp $R/solution.lua "$C/paul.lua"
cp $R/mutants/bfs_goal_on_generate.lua "$C/p"$'\xd0\xb0'"ul.lua"   # a Cyrillic а

"$T" batch "$A" "$C" --out "$work/g" --jobs 2 > "$work/said" 2> "$work/err" ||
  fail "batch: $(cat "$work/err")"
G=$work/g

# ana is graded on her real latest attempt (the solution), the others named one line each.
grep -q "^ana,100," "$G/gradebook.csv" || check_failed "ana's row: $(grep '^ana,' "$G/gradebook.csv")"
for said in "ana/2026-11-02T10-00 is a symbolic link, which is never followed" \
            "ana/2026-11-01T10-00 is not a folder" \
            "ana/9999-99-99T99-99 is named like a time but is no real date and time" \
            "ana/2026-10-02T15-00 and ana/2026-10-02T15-00-00 name the same moment"; do
  [ "$(grep -cF "$said" "$work/err")" = 1 ] || check_failed "not said once: $said"
done
[ ! -e "$G/reports/ana~9999-99-99T99-99.txt" ] || check_failed "an impossible date was graded"
[ ! -e "$G/reports/ana~2026-10-02T15-00-00.txt" ] || check_failed "a second name was graded"
grep -q "^Your attempts: 3, the last at 2026-10-03T09-30$" "$G/reports/ana~timeline.txt" ||
  check_failed "ana's timeline: $(cat "$G/reports/ana~timeline.txt")"

# The student ana.timeline has their own report, which is no timeline.
grep -q "^ana.timeline,.*goal-test-on-generate" "$G/gradebook.csv" ||
  check_failed "ana.timeline's row: $(grep '^ana.timeline' "$G/gradebook.csv")"
grep -q "ana.timeline.lua" "$G/reports/ana.timeline.txt" && ! grep -q "Your attempts" \
  "$G/reports/ana.timeline.txt" || check_failed "ana.timeline's report is not theirs"

# Lookalike names: two rows each pair, told apart, with one line per pair.
for shown in 'Jos\u{E9}' 'Jose\u{301}' 'paul' 'p\u{430}ul'; do
  [ "$(grep -cF "$shown," "$G/gradebook.csv")" = 1 ] || check_failed "no row shown as $shown"
done
grep -qF 'names that look alike (Jose\u{301}, Jos\u{E9})' "$work/err" &&
  grep -qF 'names that look alike (paul, p\u{430}ul)' "$work/err" ||
  check_failed "the lookalike names are not said: $(cat "$work/err")"

# A resume reuses everyone (no report is another's, so none was overwritten).
"$T" batch "$A" "$C" --out "$G" --json > "$work/resumed.json" 2> /dev/null
python3 - "$work/resumed.json" <<'PY' || check_failed "the resume regraded someone"
import json, sys
summary = json.load(open(sys.argv[1]))
sys.exit(0 if summary["reused"] == summary["students"] else 1)
PY

# A withdrawn attempt: its reports and record go with it.
[ -e "$G/records/ana~2026-10-02T15-00.json" ] || fail "the attempt's record was not written"
rm -r "$C/ana/2026-10-02T15-00"
"$T" batch "$A" "$C" --out "$G" > /dev/null 2>&1
left=$(cd "$G" && ls reports/ records/ | grep -c "2026-10-02T15-00\\." || true)
[ "$left" = 0 ] || check_failed "the withdrawn attempt left $left files: $(ls "$G/reports")"
# The moment's other name is now the only one, and graded.
[ -e "$G/reports/ana~2026-10-02T15-00-00.txt" ] || check_failed "15-00-00 is not graded now"
grep -q "^bfs: first attempt: goal-test-on-generate; fixed at attempt 2.$" \
  "$G/reports/ana~timeline.txt" ||
  check_failed "the timeline after the withdrawal: $(cat "$G/reports/ana~timeline.txt")"
[ -e "$G/reports/ana.timeline.txt" ] || check_failed "the student ana.timeline's report was removed"
[ "$e2e_failed_checks" = 0 ] || exit 1
echo "attempts_hostile: ok"
