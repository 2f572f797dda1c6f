#!/usr/bin/env bash
# Course records are bounded, hostile input: a Gradescope export's submission_metadata.yml in a
# shape yaml-cpp reads but we do not (a key that is not a name, a scalar where a map belongs, a
# scalar submitter list) is exit 2 naming the file, line and node, never an internal error; an
# alias bomb is refused within a small memory bound; roster rows match students by the raw bytes
# of their names (a backslash, a Latin-1 byte), so nobody loses their sid or gets a false 0 row;
# every identity cell is shown escaped; and a 200,000-row roster is read and joined in
# linear-logarithmic time (its time is printed: a figure, not a pass/fail).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

export_with() {  # NAME YAML: an export folder with one submission and this metadata
  mkdir -p "$work/$1/submission_1"
  cp $R/solution.lua "$work/$1/submission_1/a.lua"
  printf '%s' "$2" > "$work/$1/submission_metadata.yml"
}
refused() {  # NAME WANT: batch exits 2 and its one error line holds WANT
  local code=0
  "$T" batch $A "$work/$1" --out "$work/$1-out" > /dev/null 2> "$work/$1.err" || code=$?
  [ "$code" = 2 ] || fail "$1: exit $code, expected 2: $(cat "$work/$1.err")"
  grep -qF -- "$2" "$work/$1.err" || fail "$1: the error does not say '$2': $(cat "$work/$1.err")"
  [ "$(wc -l < "$work/$1.err")" = 1 ] || fail "$1: more than one line: $(cat "$work/$1.err")"
}

export_with map-key $'? [a, b]\n: {":submitters": []}\n'
refused map-key "submission_metadata.yml:1: a key is not a folder name"
export_with scalar-entry $'submission_1: 7\n'
refused scalar-entry "submission_metadata.yml:1: submission_1 is not a map"
export_with scalar-submitters $'submission_1:\n  :submitters: Ada\n'
refused scalar-submitters "submission_1/:submitters is not a list"
export_with list-name $'submission_1:\n  :submitters:\n  - :name: [A, B]\n'
refused list-name "submission_1/:submitters/0/:name is not a single value"

# An alias bomb: one folder's 1,000 submitters are aliases of one submitter with a 1,000-byte
# name, and 1,000 more folders alias that list: 33 KB that would copy out to a gigabyte. Under a
# 1 GiB address-space limit that copy would die of bad_alloc (exit 3); it is refused as bad input.
# (An ASan build reserves terabytes of address space up front: there the limit is left out, and
# the refusal itself is still checked.)
python3 - "$work/bomb.yml" <<'PY'
import sys
lines = ['submission_1: {":submitters": &L [&x {":name": "%s"}%s]}' % ("A" * 1000, ", *x" * 999)]
lines += ['submission_%d: {":submitters": *L}' % i for i in range(2, 1002)]
open(sys.argv[1], "w").write("\n".join(lines) + "\n")
PY
mkdir -p "$work/bomb/submission_1"
cp $R/solution.lua "$work/bomb/submission_1/a.lua"
cp "$work/bomb.yml" "$work/bomb/submission_metadata.yml"
limit=1048576
! grep -aq __asan_init "$T" || limit=unlimited
code=0
(ulimit -v $limit; "$T" batch $A "$work/bomb" --out "$work/bomb-out" > /dev/null 2> "$work/bomb.err") ||
  code=$?
[ "$code" = 2 ] || fail "alias bomb: exit $code: $(cat "$work/bomb.err")"
grep -q "expands past the file's size bound" "$work/bomb.err" || fail "alias bomb: $(cat "$work/bomb.err")"

# A 50,000-entry export, with the fields Gradescope writes besides :submitters, is read as parser
# events into the submitters alone: under a 512 MiB address-space limit (a node tree of it took
# over 700 MiB), every entry gets its no-submission row.
python3 - "$work/big-export" <<'PY'
import os, sys
os.makedirs(sys.argv[1] + "/submission_1")
with open(sys.argv[1] + "/submission_metadata.yml", "w") as out:
    for i in range(1, 50001):
        out.write("submission_%d:\n  :submitters:\n  - :name: Student %d\n    :sid: '%07d'\n"
                  "    :email: s%d@example.edu\n  :created_at: 2024-03-01 10:00:00.000000000 -08:00\n"
                  "  :score: %d.0\n  :status: processed\n  :results:\n    :score: 1.0\n"
                  "    :tests:\n    - :name: astar\n      :score: 50.0\n" % (i, i, i, i, i % 76))
PY
cp $R/solution.lua "$work/big-export/submission_1/a.lua"
start=$(date +%s.%N)
(if [ "$limit" != unlimited ]; then ulimit -v 524288; fi
 "$T" batch $A "$work/big-export" --out "$work/big-export-out" > /dev/null) ||
  fail "a 50,000-entry export was not read within 512 MiB"
export_seconds=$(python3 -c "print('%.1f' % ($(date +%s.%N) - $start))")
rows=$(grep -c ',no-submission,' "$work/big-export-out/gradebook.csv")
[ "$rows" = 49999 ] || fail "50,000-entry export: $rows no-submission rows, expected 49,999"
grep -q "^submission_1,0000001,s1@example.edu,Student 1,75," "$work/big-export-out/gradebook.csv" ||
  fail "50,000-entry export: the graded student lost their identity"

# Names as students choose them, and a roster that names them by the same bytes.
mkdir -p "$work/names"
cp $R/solution.lua "$work/names/a\\b.lua"
cp $R/solution.lua "$work/names/Jos"$'\xe9'".lua"
cp $R/solution.lua "$work/names/plain.lua"
{
  printf 'student,sid,email,name\n'
  printf '"a\\b",1,ab@x,"A B"\n'
  printf 'Jos\xe9,2,jose@x,Jos\xc3\xa9\n'
  printf 'plain,3,p@x,"Evil\x1b[2J\x07"\n'
} > "$work/roster.csv"
"$T" batch $A "$work/names" --out "$work/names-out" --roster "$work/roster.csv" > /dev/null
book=$work/names-out/gradebook.csv
! grep -q "no-submission" "$book" || fail "a roster student matched by name got a 0 row: $(cat "$book")"
grep -q '^a\\\\b,1,ab@x,A B,75,' "$book" || fail "a backslash name lost its sid: $(cat "$book")"
grep -q '^Jos\\xE9,2,jose@x,José,75,' "$book" || fail "a Latin-1 name lost its sid: $(cat "$book")"
grep -q '^plain,3,p@x,Evil\\x1B\[2J\\x07,75,' "$book" || fail "control bytes in a name: $(cat "$book")"
! LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' "$book" || fail "a raw control byte in the gradebook"

# 200,000 roster rows, none of whom submitted: each gets a no-submission row.
python3 - "$work/big.csv" <<'PY'
import sys
with open(sys.argv[1], "w") as out:
    out.write("student,sid,email,name\n")
    for i in range(200000):
        out.write("s%06d,%d,s%d@example.edu,Student %d\n" % (i, i, i, i))
PY
start=$(date +%s.%N)
"$T" batch $A "$work/names" --out "$work/big-out" --roster "$work/big.csv" > /dev/null
end=$(date +%s.%N)
rows=$(grep -c ',no-submission,' "$work/big-out/gradebook.csv")
[ "$rows" = 200000 ] || fail "200,000 roster students: $rows no-submission rows"
echo "course_records_hostile: 4 bad shapes and an alias bomb refused (exit 2), raw names matched," \
     "a 50,000-entry export in $export_seconds s within 512 MiB," \
     "200,000 roster rows in $(python3 -c "print('%.1f' % ($end - $start))") s (three students graded)"
