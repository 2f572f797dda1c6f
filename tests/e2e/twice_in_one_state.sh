#!/usr/bin/env bash
# "twice_in_one_state" (docs/writing-assignments.md): a search task's first test calls the
# function a second time in the Lua state the first call left. A search that starts from nothing
# passes with the check line; one that keeps its seen states or its counter at file level answers
# differently, fails that test (and only that one: every other test runs in a fresh state) and is
# named state-kept-between-calls with both answers. Without the field, the same script passes.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

mkdir "$work/a"
cat >"$work/a/assignment.json" <<'JSON'
{"title": "twice", "size": "2x3", "goal": "blank-last",
 "semantics": {"duplicates": "on-push", "count": "expanded"},
 "tasks": [{"name": "bfs", "kind": "search", "algorithm": "bfs", "points": 10,
            "twice_in_one_state": true,
            "tests": [{"name": "first", "start": "1 2 3 0 4 5"},
                      {"name": "second", "start": "1 0 3 4 2 5"}]}]}
JSON
"$T" expect "$work/a" >/dev/null

write_bfs() {  # FILE DECLARATIONS_AT_FILE_LEVEL RESET_IN_FUNCTION
  cat >"$1" <<LUA
$2
local function path_to(node)
  local moves = {}
  while node.parent do table.insert(moves, 1, node.move); node = node.parent end
  return moves
end
function bfs(problem)
  $3
  local queue, head = { { state = problem.start } }, 1
  marked[problem:key(problem.start)] = true
  while queue[head] do
    local node = queue[head]; head = head + 1
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        queue[#queue + 1] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end
LUA
}
write_bfs "$work/fresh.lua" "local marked, expanded" "marked, expanded = {}, 0"
write_bfs "$work/kept_count.lua" "local marked, expanded = {}, 0" "marked = {}"
write_bfs "$work/kept_seen.lua" "local marked, expanded = {}, 0" "expanded = 0"

"$T" grade "$work/a" "$work/fresh.lua" >"$work/fresh.txt" || fail "a fresh search fails: $(cat "$work/fresh.txt")"
grep -q "ok    a second call in the same Lua state returns the same answer" "$work/fresh.txt" ||
  fail "no passing check line for the second call"
echo "ok: a search that starts from nothing passes, with the check line"

for kept in kept_count kept_seen; do
  "$T" grade "$work/a" "$work/$kept.lua" --json >"$work/$kept.json" && fail "$kept passed"
  python3 - "$work/$kept.json" "$kept" <<'PY'
import json, sys
tests = {t["extra_data"]["test"]: t for t in json.load(open(sys.argv[1]))["tests"]}
first, second = tests["first"], tests["second"]
assert first["score"] == 0 and not first["extra_data"]["passed"], first
assert first["extra_data"]["diagnosis"]["code"] == "state-kept-between-calls", first["extra_data"]["diagnosis"]
sentence = first["extra_data"]["diagnosis"]["sentence"]
assert sentence.startswith("Your bfs, called a second time on the same board in the same Lua state, returned "), sentence
assert "where the first call returned the path" in sentence, sentence
assert second["extra_data"]["passed"], "the second test does not run in a fresh state"
print("ok: %s is named state-kept-between-calls on the first test only: %s" % (sys.argv[2], sentence.split(":")[0]))
PY
done

# The first call's run is the reference's: no step of it is shown as if it were the mistake.
"$T" grade "$work/a" "$work/kept_count.lua" --test first >"$work/kept_count.txt" || true
grep -q "FAIL  a second call in the same Lua state returns the same answer" "$work/kept_count.txt" ||
  fail "no failing check line for the second call"
! grep -q "^    Step " "$work/kept_count.txt" || fail "a step-through of a first call that is right"
echo "ok: the report shows the failing check line and no step-through of the right first call"

# Without the field nothing is called twice, and the same script passes.
python3 - "$work/a/assignment.json" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
del spec["tasks"][0]["twice_in_one_state"]
json.dump(spec, open(sys.argv[1], "w"))
PY
"$T" grade "$work/a" "$work/kept_count.lua" >"$work/off.txt" || fail "without the field, kept_count fails"
! grep -q "second call" "$work/off.txt" || fail "a check line without the field"
echo "ok: without twice_in_one_state the kept counter is not seen"
