#!/usr/bin/env bash
# `tilegrade new --heuristic student:FUNCTION` scaffolds "A* with your heuristic": a heuristic task
# for the student's function first, then each informed search graded with that same function
# ("heuristic": "student:FUNCTION"); the starter defines the function and says problem:h calls it;
# the handout names it. With a correct solution written, and a mutant whose heuristic counts the
# blank, `validate` passes and the mutant's score and diagnosis are filled in from placeholders
# ("TODO", for the score as for the diagnosis). A name Lua cannot take, a name a search already
# has, and a list of algorithms none of which uses a heuristic are refused, each in one line.
set -uo pipefail
. "$(dirname "$0")/lib/harness.sh"

cd "$work"
"$T" new assignments/own --algorithms bfs,astar --size 2x3 --heuristic student:estimate \
  > new.txt || check_failed "new: exit $?"
python3 - assignments/own/assignment.json assignments/own/starter.lua assignments/own/README.md \
  <<'PY' || check_failed "spec, starter or handout"
import json, sys
spec = json.load(open(sys.argv[1]))
tasks = {t["name"]: t for t in spec["tasks"]}
assert [t["name"] for t in spec["tasks"]] == ["estimate", "bfs", "astar"], list(tasks)
assert tasks["estimate"]["kind"] == "heuristic" and tasks["estimate"]["function"] == "estimate"
assert tasks["astar"]["heuristic"] == "student:estimate", tasks["astar"]
assert "heuristic" not in tasks["bfs"], tasks["bfs"]
starter = open(sys.argv[2]).read()
assert "function estimate(board)" in starter and "YOUR estimate(s)" in starter, starter
handout = open(sys.argv[3]).read()
assert "`estimate(board)`: your heuristic" in handout, handout
assert "problem:h(state) returns your estimate(state)" in handout, handout
PY

# A correct solution: BFS and A* under the scaffold's rules (the goal tested when popped, a state
# closed when popped, ties first in first out), and Manhattan distance as the estimate.
cat > reference/own/solution.lua <<'LUA'
local function path_to(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, node.move)
    node = node.parent
  end
  return moves
end

-- The frontier as a list: the least priority first, the earliest pushed among equals.
local function best_first(problem, priority)
  local frontier, closed, expanded = { { state = problem.start, g = 0 } }, {}, 0
  while #frontier > 0 do
    local best = 1
    for i = 2, #frontier do
      if priority(frontier[i]) < priority(frontier[best]) then best = i end
    end
    local node = table.remove(frontier, best)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return path_to(node), expanded end
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        frontier[#frontier + 1] = { state = child.state, parent = node, move = child.move,
                                    g = node.g + child.cost }
      end
    end
  end
  return nil, expanded
end

function bfs(problem)
  return best_first(problem, function(node) return node.g end)
end

function astar(problem)
  return best_first(problem, function(node) return node.g + problem:h(node.state) end)
end

function estimate(board)
  local total = 0
  for cell = 1, #board do
    local tile = board[cell]
    if tile ~= 0 then
      total = total + math.abs((cell - 1) // 3 - (tile - 1) // 3) +
              math.abs((cell - 1) % 3 - (tile - 1) % 3)
    end
  end
  return total
end
LUA
sed 's/    if tile ~= 0 then/    if true then/' reference/own/solution.lua \
  > reference/own/mutants/estimate_counts_blank.lua
printf '{"why": "the blank counted as a tile", "score": "TODO", "diagnosis": "TODO"}\n' \
  > reference/own/mutants/estimate_counts_blank.json

"$T" validate assignments/own > placeholder.txt 2>&1
grep -q '"score" is a placeholder too (fill both in: --write-scores --write-diagnoses)' \
  placeholder.txt ||
  check_failed "a placeholder score is not said: $(cat placeholder.txt)"
"$T" validate assignments/own --write-scores --write-diagnoses > written.txt 2>&1
"$T" validate assignments/own > valid.txt 2>&1 ||
  check_failed "validate after --write-scores --write-diagnoses: $(tail -5 valid.txt)"
python3 - reference/own/mutants/estimate_counts_blank.json <<'PY' || check_failed "mutant's .json"
import json, sys
doc = json.load(open(sys.argv[1]))
assert isinstance(doc["score"], (int, float)) and doc["score"] < 100, doc
assert doc["diagnosis"] not in ("TODO", ""), doc
PY

refused() {  # WHAT WANTED ARGS...
  local what=$1 wanted=$2 status=0
  shift 2
  "$T" new "$work/refused" "$@" > out.txt 2> err.txt || status=$?
  if [ "$status" != 2 ] || ! grep -q -- "$wanted" err.txt || [ "$(wc -l < err.txt)" != 1 ]; then
    check_failed "$what: exit $status, said: $(cat err.txt)"
  fi
  [ ! -e "$work/refused" ] || check_failed "$what: wrote $work/refused"
}
refused "a name Lua cannot take" "cannot be a Lua function's name" \
  --algorithms astar --heuristic student:2bad
refused "no informed search" "uses a heuristic" --algorithms bfs,dfs --heuristic student:estimate
refused "a search's own name" "already the astar search's function" \
  --algorithms astar --heuristic student:astar
echo "ok: new --heuristic student:estimate scaffolds, validates, and refuses what it cannot use"
