#!/usr/bin/env bash
# The grading processes' memory stays bounded whatever the students do (docs/grading-a-class.md,
# memory). Two students grade side by side (--jobs 2: two worker processes, each grading one
# student at a time, under the batch process): one calls problem:successors until the
# 2,000,000-expansion budget stops it, in every test; one expands 1,900,000 nodes and then finishes
# a real BFS. The parent once kept every expansion of every test until judging (0.75 GiB here);
# now each test's result reaches it line by line with at most max(20,000, reference trace + 1)
# boards. The batch runs under an address-space limit it would have overrun then, every student
# must get a row, and the peak resident memory (VmHWM, read from /proc while it runs) of the batch
# process and of each worker must stay small (each its own: not the sandboxed children's).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"

# Under AddressSanitizer (and only there) the class is a tenth the size; see "Under ASan" below.
# Every ASan build, static or dynamic, names __asan_init.
asan=0
if grep -aq __asan_init "$T"; then asan=1; fi
budget=2000000
if [ "$asan" = 1 ]; then budget=200000; fi
wander=$((budget - 100000 / (1 + 9 * asan)))  # 1,900,000 (190,000): the BFS after fits the budget

# Three tests of a BFS task: the old parent held 3 x 2,000,000 boards (36 bytes each) per student,
# over 400 MB for the two, far above the bound below (the property does not need more tests: each
# adds the same 2,000,000 boards, and three cost half the time of six).
# The call limit is far above the budget's few seconds, so a loaded machine changes no verdict.
A=$work/assignment
mkdir "$A"
cat > "$A/assignment.json" <<JSON
{
  "title": "Memory", "size": "3x3", "goal": "blank-first",
  "limits": {"wall_seconds": 120, "call_seconds": 60, "lua_memory_mb": 64},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 3,
     "limits": {"max_expansions": $budget},
     "tests": [{"name": "scrambled", "generate": {"count": 3, "seed": 1, "scramble": 10}}]}
  ]
}
JSON
"$T" expect "$A" > /dev/null
S=$work/submissions
mkdir "$S"
cp tests/support/spinner.lua "$S/spinner.lua"
sed "s/^local wander = 1900000$/local wander = $wander/" tests/support/wanderer.lua \
  > "$S/wanderer.lua"
grep -q "^local wander = $wander\$" "$S/wanderer.lua" ||
  fail "tests/support/wanderer.lua has no line 'local wander = 1900000' to set"

# A worker's address space peaks near 150 MiB (VmPeak: malloc arenas are reserved, not used); the
# old parent's 430 MB of boards alone would overrun 384 MiB.
# Under ASan: ASan reserves terabytes of address space for its shadow memory, so the
# address-space limit is left out, and the resident figure is mostly ASan's own: about 70 MiB
# before main() (the shadow of the binary's globals and its relocated data), the shadow of every
# byte touched, and up to 256 MiB of freed blocks its quarantine keeps. So the memory bound is the
# normal build's to check, at full size; the sanitized run checks that streaming results far over
# the kept-board cap, the budget stop and the judging of them have no memory error or undefined
# behaviour, and the same rows and reports. Those do not depend on the size once each test's
# expansions exceed the 20,000 boards a result keeps tenfold, so the sanitized class is a tenth
# the size (a 200,000-expansion budget, 190,000 wandering calls): 150 s of the sanitized suite
# was this script. Its peak is still read and bounded, loosely, by ASan's overheads.
limit_kib=$((384 * 1024))  # KiB, as ulimit -v takes it
if [ "$asan" = 1 ]; then
  limit_kib=unlimited
  max_rss_kib=$((512 * 1024))  # ASan's shadow and quarantine on top of the process's own memory
else
  max_rss_kib=$((160 * 1024))
fi
(
  ulimit -v "$limit_kib"
  exec "$T" batch "$A" "$S" --out "$work/out" --jobs 2 > "$work/stdout" 2> "$work/stderr"
) &
pid=$!
peak=0
worker_readings=0
while kill -0 "$pid" 2> /dev/null; do
  # The workers are the batch process's children (the sandboxed runs are theirs).
  for process in "$pid" $(cat "/proc/$pid/task/$pid/children" 2> /dev/null || true); do
    hwm=$(awk '/^VmHWM:/ {print $2}' "/proc/$process/status" 2> /dev/null || true)
    if [ -n "$hwm" ] && [ "$process" != "$pid" ]; then worker_readings=$((worker_readings + 1)); fi
    if [ -n "$hwm" ] && [ "$hwm" -gt "$peak" ]; then peak=$hwm; fi
  done
  sleep 0.05
done
status=0
wait "$pid" || status=$?
echo "batch: exit $status, largest peak resident $((peak / 1024)) MiB of the batch process and its workers (ulimit -v: $limit_kib)"
[ "$status" = 0 ] || { cat "$work/stderr" >&2; fail "batch exited $status"; }
[ "$peak" -gt 0 ] || fail "no resident-memory reading of the batch"
[ "$worker_readings" -gt 0 ] || fail "no resident-memory reading of a worker process"
[ "$peak" -le "$max_rss_kib" ] || fail "a grading process peaked at $peak KiB, over $max_rss_kib KiB"

G=$work/out/gradebook.csv
[ "$(wc -l < "$G")" = 3 ] || { cat "$G" >&2; fail "want a header and two rows"; }
grep -q '^spinner,0,3,0,graded,expansion-budget$' "$G" || { cat "$G" >&2; fail "spinner's row"; }
# The wanderer finds the optimal path with a wrong count and order: its three tests each fail on
# those, graded from 1,900,000-odd (190,000-odd) expansions no grading process held.
grep -q '^wanderer,[0-9.]*,3,[0-9.]*,graded,' "$G" || { cat "$G" >&2; fail "wanderer's row"; }
grep -q 'Expansion 2 differs (the first agrees)' "$work/out/reports/wanderer.txt" ||
  fail "the wanderer's report does not show where its order parts from the reference's"
grep -q "expansion budget of $budget problem:successors() calls exceeded" \
  "$work/out/reports/spinner.txt" || fail "the spinner's report does not name the budget"
echo "batch_memory: ok"
