#!/usr/bin/env bash
# A search that spins on the problem API must always get the API budget's message: once the budget
# (20 million calls, about 9.5 s) raced the 10 s call limit and, under load, the same script's
# message flipped to "time limit". The default budget now trips in a few seconds; this runs the
# script twice side by side (load on a 2-core machine) and wants the budget both times.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
cd "${TILEGRADE_SOURCE_DIR:-$(dirname "$0")/../..}"
# The clocks are the defaults' (10 s a call), as an assignment has them, in the normal build: that
# is where the race was, and where the margin is measured. Under AddressSanitizer (every ASan
# build names __asan_init) the 5,000,000 calls take several times as long: two such graders side
# by side on a 2-core machine loaded by other builds met the 10 s clock. There the clocks are ten
# times as long, and the test checks that the budget's message comes out whole both times, not the
# normal build's margin.
call_seconds=10
wall_seconds=60
if grep -aq __asan_init "$T"; then
  call_seconds=100
  wall_seconds=600
fi
A=$work/assignment
mkdir "$A"
cat > "$A/assignment.json" <<JSON
{
  "title": "API spin", "size": "3x3", "goal": "blank-first",
  "limits": {"wall_seconds": $wall_seconds, "call_seconds": $call_seconds, "lua_memory_mb": 256},
  "tasks": [
    {"name": "bfs", "kind": "search", "function": "bfs", "algorithm": "bfs", "points": 1,
     "tests": [{"name": "one", "start": "1 2 5 3 4 0 6 7 8"}]}
  ]
}
JSON
# is_goal, not successors: the expansion budget would stop successors() first.
cat > "$work/spin.lua" <<'LUA'
function bfs(problem)
  while true do problem:is_goal(problem.start) end
end
LUA
"$T" expect "$A" > /dev/null
for run in 1 2; do
  "$T" grade "$A" "$work/spin.lua" --json > "$work/run$run.json" &
done
wait || true
for run in 1 2; do
  python3 - "$work/run$run.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
out = d["tests"][0]["output"]
assert "API budget of 5000000 problem calls exceeded" in out, out
assert "time limit" not in out, out
PY
done
echo "budget_message_determinism: ok"
