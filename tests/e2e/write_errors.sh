#!/usr/bin/env bash
# A write that fails is an error, never a success: every subcommand whose standard output is a full
# device (`> /dev/full`) exits 3 with one line naming standard output and the reason, in every
# report format; a report, record or expected.json written into a full file system exits 3 with
# one line naming the file, leaves the old file as it was and no part of the new one. The exit
# code is chosen once, by the error's kind (docs/cli.md), so the table at the end holds for every
# subcommand: an output it cannot create or write (a folder where a file is in the way) exits 3,
# and a bad input exits 2.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}" || exit 1
A=assignments/classic-8puzzle
R=reference/classic-8puzzle

# The heuristic solve runs in a confined child, which prints its own answer.
printf 'function heuristic(board)\n  return 0\nend\n' > "$work/zero.lua"
mkdir -p "$work/subs" && cp $R/solution.lua "$work/subs/ada.lua"
cp -r $A "$work/assignment"

# ARGS... with stdout on /dev/full: exit 3, and stderr is the one line saying so.
full_stdout() {
  local name=$1 code=0
  shift
  "$T" "$@" > /dev/full 2> "$work/stderr" || code=$?
  local line="tilegrade $name: cannot write standard output: No space left on device"
  [ "$code" = 3 ] || check_failed "$*: exit $code with stdout full, expected 3: $(head -c 300 "$work/stderr")"
  [ "$(cat "$work/stderr")" = "$line" ] ||
    check_failed "$*: stderr is not the one line '$line': $(head -c 300 "$work/stderr")"
}

for format in text json gradescope junit prairielearn html classroom; do
  full_stdout grade grade $A $R/solution.lua --format $format
done
full_stdout grade grade $A --submission-dir "$work/subs" --format gradescope
full_stdout check check $A $R/solution.lua
full_stdout check check $A $R/solution.lua --json
full_stdout batch batch $A "$work/subs" --out "$work/graded-json" --json
full_stdout batch batch $A "$work/subs" --out "$work/graded-text"
full_stdout regrade regrade "$work/graded-text" "$work/graded-json"
full_stdout regrade regrade "$work/graded-text" "$work/graded-json" --json
full_stdout validate validate $A --json
full_stdout validate validate $A
# (slider-2x3: its validation takes a second; --from-source: a sanitized build has no static binary)
full_stdout bundle bundle gradescope --from-source "$PWD" assignments/slider-2x3 "$work/gs.zip"
full_stdout solve solve --size 3x3 --start "1 2 3 4 5 6 0 7 8" --algorithm bfs --json
full_stdout solve solve --size 3x3 --start "1 2 3 4 5 6 0 7 8" --algorithm astar --trace
full_stdout solve solve --size 3x3 --start "1 2 3 4 5 6 0 7 8" --algorithm astar \
  --heuristic "$work/zero.lua" --json
full_stdout solve solve --size 3x3 --start "1 2 3 4 5 6 0 7 8" --algorithm astar \
  --heuristic "$work/zero.lua"
full_stdout expect expect "$work/assignment"
full_stdout export export $A "$work/copy"
full_stdout new new "$work/assignments/new-assignment" --algorithms bfs  # its reference/ beside
full_stdout pdb pdb build --size 2x3 --partition 1,2 --cache "$work/pdb"
full_stdout solve solve --help
full_stdout mutate mutate $R/solution.lua --out "$work/mutants" --count 3
# A failure reported as JSON on stdout cannot be written either: the line says so instead.
full_stdout grade grade $A "$work/none.lua" --json

# SUBCOMMAND WHAT CODE ARGS...: `tilegrade ARGS...` exits CODE with one line on stderr; a row of
# the table printed at the end.
table=""
exits() {
  local name=$1 what=$2 want=$3 code=0
  shift 3
  "$T" "$@" > /dev/null 2> "$work/stderr" || code=$?
  table+=$(printf '\n  %-9s %-34s %s' "$name" "$what" "$code")
  [ "$code" = "$want" ] || check_failed "$name, $what: exit $code, expected $want: $(head -c 300 "$work/stderr")"
  [ "$(wc -l < "$work/stderr")" = 1 ] || check_failed "$name, $what: not one line: $(head -c 300 "$work/stderr")"
}
touch "$work/file"  # in the way of every folder below it
blocked=$work/file/below
exits solve "bad input: a 9x0 board" 2 solve --size 9x0 --start "1" --algorithm bfs
exits pdb "bad input: a 9x9 board" 2 pdb build --size 9x9 --cache "$work/pdb"
exits pdb "output: the --cache folder" 3 pdb build --size 2x3 --partition 1,2 --cache "$blocked"
exits expect "bad input: no assignment" 2 expect "$work/nowhere"
exits validate "bad input: no assignment" 2 validate "$work/nowhere"
exits tests "bad input: no assignment" 2 tests "$work/nowhere"
# --no-cache: a cached adequacy would add a line saying so.
exits tests "output: --record's adequacy.json" 3 tests $A --record --no-cache --reference "$blocked"
exits grade "bad input: no submission" 2 grade $A "$work/none.lua"
exits grade "output: the --results file" 3 grade $A $R/solution.lua --format gradescope \
  --results "$blocked/results.json"
exits check "bad input: no assignment" 2 check "$work/nowhere" $R/solution.lua
exits check "output: the --results file" 3 check $A $R/solution.lua --format classroom \
  --results "$blocked/results.json"
exits batch "bad input: no submissions folder" 2 batch $A "$work/nowhere" --out "$work/out"
exits batch "output: the --out folder" 3 batch $A "$work/subs" --out "$blocked"
mkdir -p "$work/regraded/reports" "$work/regraded/regrade.txt"  # a folder in the file's way
exits regrade "bad input: no batch output" 2 regrade "$work/nowhere" "$work/graded-text"
exits regrade "output: NEW_OUT's regrade.txt" 3 regrade "$work/graded-text" "$work/regraded"
exits export "bad input: no assignment" 2 export "$work/nowhere" "$work/copy-2"
exits export "output: the copy's folder" 3 export $A "$blocked"
exits new "bad input: an unknown algorithm" 2 new "$work/new-2" --algorithms bogo
exits new "output: the assignment's folder" 3 new "$blocked" --algorithms bfs
exits bundle "bad input: no assignment" 2 bundle gradescope "$work/nowhere" "$work/x.zip"
exits bundle "output: the zip's folder" 3 bundle gradescope --from-source "$PWD" $A "$blocked/x.zip"
exits bundle "output: the course folder" 3 bundle prairielearn --binary "$T" --allow-dynamic $A \
  "$blocked"
exits mutate "bad input: no script" 2 mutate "$work/none.lua" --out "$work/mutants-2"
exits mutate "output: the --out folder" 3 mutate $R/solution.lua --out "$blocked"
echo "exit codes:$table"

# Files: a full file system needs a mount of its own (a small tmpfs in a private mount namespace).
if ! unshare -m true 2> /dev/null; then
  if [ "${CI:-}" = true ]; then
    check_failed "unshare -m is not available: the full file system cannot be tested"
  else
    echo "skip: unshare -m is not available (not root?): the full file system is not tested"
  fi
else
  cat > "$work/full_disk.sh" <<'SH'
set -uo pipefail
T=$1 A=$2 R=$3 work=$4
full=$work/full
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
mount -t tmpfs -o size=64k tilegrade-full "$full" || { echo "FAIL: cannot mount a tmpfs"; exit 1; }
cp -r $A "$full/assignment"
mkdir -p "$full/graded"
cp "$full/assignment/expected.json" "$work/expected.before"
dd if=/dev/zero of="$full/filler" bs=4k 2> /dev/null  # until the file system is full

# FILE-OR-FOLDER ARGS...: exit 3, one line naming a file under it and the reason, nothing partial.
full_file() {
  local where=$1 code=0
  shift
  "$T" "$@" > "$work/stdout" 2> "$work/stderr" || code=$?
  [ "$code" = 3 ] || fail "$*: exit $code into a full file system, expected 3: $(head -c 300 "$work/stderr")"
  [ "$(wc -l < "$work/stderr")" = 1 ] && grep -q "cannot write $where.*: No space left on device$" "$work/stderr" ||
    fail "$*: stderr is not one line naming the file under $where: $(head -c 300 "$work/stderr")"
  ! find "$full" -name '*.tmp.*' | grep -q . || fail "$*: a temporary file was left: $(find "$full" -name '*.tmp.*')"
}
full_file "$full/assignment/expected.json" expect "$full/assignment"
cmp -s "$full/assignment/expected.json" "$work/expected.before" ||
  fail "expect into a full file system changed expected.json"
full_file "$full/graded" batch $A "$work/subs" --out "$full/graded" --jobs 1
full_file "$full/copy/" export $A "$full/copy"
full_file "$full/assignments/new/" new "$full/assignments/new" --algorithms bfs
full_file "$full/gs.zip" bundle gradescope --from-source "$PWD" assignments/slider-2x3 \
  "$full/gs.zip"
umount "$full"
exit $((failures > 0))
SH
  mkdir -p "$work/full"
  unshare -m bash "$work/full_disk.sh" "$T" "$A" "$R" "$work" || check_failed "writes into a full file system (above)"
fi

echo "write_errors: every subcommand exits 3 with one line when stdout or a file cannot be written"
