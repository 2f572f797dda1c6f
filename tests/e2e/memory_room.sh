#!/usr/bin/env bash
# The sandbox's memory limit fits the memory the grader is given (grader/sandbox/memory_room.h):
# under an address-space limit (ulimit -v, as a container's or a cluster job's limit is) leaving
# less than twice the assignment's lua_memory_mb, a script that holds all the memory it can ends
# with the student's own verdict, "memory limit of N MiB exceeded", N the limit it really had (not
# the assignment's 128 MiB, which it never had), the same in every run (and the task's later tests
# not run, saying the same limit); `grade` exits 1, `batch`
# gives a graded row, and the log says once why N is below the assignment's. The cgroup and
# MemAvailable bounds are read from files (tests/grader/sandbox/memory_room_test.cpp).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

if grep -aq __asan_init "$T"; then
  echo "memory_room: skipped under AddressSanitizer, which reserves terabytes of address space"
  exit 0
fi
mkdir -p "$work/class"
cat > "$work/class/hog.lua" <<'LUA'
-- Holds ever more memory: 10,000 strings of 64 KiB, far past any limit.
local held = {}
local function hog()
  for i = 1, 10000 do held[i] = string.rep("x", 65536) .. i end
end
function bfs(problem) hog() end
function dfs(problem) hog() end
function greedy(problem) hog() end
function ucs(problem) hog() end
function astar(problem) hog() end
LUA
A=assignments/slider-2x3  # lua_memory_mb 128
limit_kib=250000           # 244 MiB of address space: less than twice 128 MiB, with the grader's own

for run in 1 2; do
  code=0
  (ulimit -v "$limit_kib"; exec "$T" grade "$A" "$work/class/hog.lua" --task bfs) \
    > "$work/run$run.txt" 2> "$work/run$run.err" || code=$?
  [ "$code" = 1 ] || fail "grade exited $code, expected 1: $(head -c 400 "$work/run$run.err")"
done
cmp -s "$work/run1.txt" "$work/run2.txt" || fail "two runs gave different reports"
limits=$(grep -o "memory limit of [0-9]* MiB exceeded" "$work/run1.txt" | sort -u)
[ "$(printf '%s\n' "$limits" | grep -c .)" = 1 ] ||
  fail "not one memory limit in every test: $limits"
mib=$(printf '%s\n' "$limits" | grep -o "[0-9]*")
[ "$mib" -lt 128 ] && [ "$mib" -ge 16 ] ||
  fail "the limit named is $mib MiB, not one fitted below the 244 MiB address space"
# The first test ends at the memory limit; the task's later tests are not run (as after a
# time-out): the next says why once, naming the same limit, and the others point to it.
tests=$(grep -c "^\[FAIL\] bfs: " "$work/run1.txt" || true)
[ "$tests" -ge 5 ] && [ "$(grep -c "memory limit of $mib MiB exceeded" "$work/run1.txt")" = 1 ] &&
  [ "$(grep -c "Not run: your \`bfs\` ran out of memory (its memory limit of $mib MiB) in test published\." \
       "$work/run1.txt")" = 1 ] &&
  [ "$(grep -c "Not run, for the same reason as this task's test " "$work/run1.txt")" = $((tests - 2)) ] ||
  fail "not one test at the memory limit and the rest skipped: $(head -60 "$work/run1.txt")"
if grep -q "again\|machine\|course's side" "$work/run1.txt"; then
  fail "the memory limit is told as the machine's doing: $(grep "again\|machine" "$work/run1.txt")"
fi
[ "$(wc -l < "$work/run1.err")" = 1 ] &&
  grep -q "so each script may use at most $mib MiB (lua_memory_mb asks for 128 MiB)" \
    "$work/run1.err" || fail "the log does not say once why: $(cat "$work/run1.err")"

# A batch of two such students, side by side: their own rows, and the limit said once (each child
# has an address space of its own, so this bound is not shared among them as a cgroup's is).
cp "$work/class/hog.lua" "$work/class/hog2.lua"
code=0
(ulimit -v "$limit_kib"; exec "$T" batch "$A" "$work/class" --out "$work/graded" --jobs 2 \
  --task bfs) \
  > "$work/batch.out" 2> "$work/batch.err" || code=$?
[ "$code" = 0 ] || fail "batch exited $code: $(head -c 400 "$work/batch.err")"
# Status error is what a script that raised in every test gets; internal-error would be the
# grader's, which a student must never be able to cause.
[ "$(grep -c "^hog2\?,0,.*,error,.*error$" "$work/graded/gradebook.csv")" = 2 ] &&
  ! grep -q "internal-error" "$work/graded/gradebook.csv" ||
  fail "not the student's own row each: $(cat "$work/graded/gradebook.csv")"
grep -q "memory limit of [0-9]* MiB exceeded" "$work/graded/reports/hog2.txt" ||
  fail "hog2's report names no memory limit: $(head -30 "$work/graded/reports/hog2.txt")"
[ "$(grep -c "note:" "$work/batch.err")" = 1 ] &&
  grep -q "the address-space limit (RLIMIT_AS, ulimit -v)" "$work/batch.err" ||
  fail "batch's log: $(cat "$work/batch.err")"
echo "memory_room: ok (limit $mib MiB of 128 under ulimit -v $limit_kib)"
