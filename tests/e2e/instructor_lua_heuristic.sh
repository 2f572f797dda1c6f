#!/usr/bin/env bash
# A search task whose heuristic is the instructor's Lua file (docs/writing-assignments.md,
# heuristic): `tilegrade new --heuristic FILE.lua` copies it beside assignment.json; the engine's
# expected answers with it are the built-in's when it computes the same function (tile-cost
# Manhattan); validate gives the reference full marks with it as problem:h, in the grading
# child, names a mutant charging the blank's cell number, and checks "admissible": true and
# "consistent": true on the tests (an overestimating copy is named with its board and by how
# much, and the move where it drops by more than the move costs); export carries the file, and
# `check` grades with it.
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"
export TILEGRADE_CACHE_DIR="$work/cache"

cat >"$work/tile_cost.lua" <<'LUA'
function heuristic(board)
  local total = 0
  for cell = 1, board:size() do
    local tile = board[cell]
    if tile ~= 0 then
      local home = board:goal_cell(tile)
      total = total + tile * (math.abs(board:row(cell) - board:row(home)) +
                              math.abs(board:col(cell) - board:col(home)))
    end
  end
  return total
end
LUA

mkdir -p "$work/course/assignments"
cd "$work/course"
"$T" new assignments/tc --algorithms astar,weighted-astar --size 2x3 --semantics cost=tile \
  --heuristic "$work/tile_cost.lua" --weight 2 >/dev/null
cmp "$work/tile_cost.lua" assignments/tc/tile_cost.lua || fail "new did not copy the heuristic"
grep -q '"heuristic": "tile_cost.lua"' assignments/tc/assignment.json ||
  fail "the tasks do not name tile_cost.lua"

# The same answers as the built-in that computes the same values.
mkdir builtin
sed 's/"tile_cost.lua"/"manhattan-tile-cost"/' assignments/tc/assignment.json \
  >builtin/assignment.json
"$T" expect builtin >/dev/null
cmp assignments/tc/expected.json builtin/expected.json ||
  fail "the Lua heuristic's expected answers differ from manhattan-tile-cost's"

# Claim admissibility and consistency on both tasks.
python3 - assignments/tc/assignment.json <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
for task in spec["tasks"]:
    task["admissible"] = True
    task["consistent"] = True
json.dump(spec, open(sys.argv[1], "w"), indent=2)
PY
cat >reference/tc/solution.lua <<'LUA'
local function less(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.seq < b.seq
end
local function best_first(problem, priority)
  local heap, seq, closed, expanded = {}, 0, {}, 0
  local function push(node)
    seq = seq + 1
    node.seq, node.f = seq, priority(node)
    heapq.push(heap, node, less)
  end
  push({state = problem.start, g = 0, path = {}})
  while #heap > 0 do
    local node = heapq.pop(heap, less)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, s in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(s.state)] then
          local path = {table.unpack(node.path)}
          path[#path + 1] = s.move
          push({state = s.state, g = node.g + s.cost, path = path})
        end
      end
    end
  end
  return nil, expanded
end
function astar(problem, h) return best_first(problem, function(n) return n.g + h(n.state) end) end
function weighted_astar(problem, h)
  return best_first(problem, function(n) return n.g + 2 * h(n.state) end)
end
LUA
# A mutant charging the number of the blank's cell instead of the tile's (issue 36 §3): named.
python3 - reference/tc/solution.lua reference/tc/mutants/blank_cell.lua <<'PY'
import json, sys
text = open(sys.argv[1]).read()
text = text.replace("      for _, s in ipairs(problem:successors(node.state)) do",
                    "      local blank = 0\n"
                    "      for cell = 1, node.state:size() do\n"
                    "        if node.state[cell] == 0 then blank = cell end\n"
                    "      end\n"
                    "      for _, s in ipairs(problem:successors(node.state)) do")
text = text.replace("g = node.g + s.cost", "g = node.g + blank")
assert "node.g + blank" in text and "local blank" in text
open(sys.argv[2], "w").write(text)
json.dump({"why": "the blank's cell number as the cost", "score": 0,
           "diagnosis": "cost-blank-cell"}, open(sys.argv[2][:-3] + "json", "w"))
PY
"$T" validate assignments/tc --write-scores >"$work/valid.txt" 2>&1 ||
  { cat "$work/valid.txt"; fail "not valid"; }
grep -q '^ok    mutant blank_cell.lua: score .*, diagnosis cost-blank-cell$' "$work/valid.txt" ||
  fail "the blank-cell mutant is not named: $(cat "$work/valid.txt")"
grep -q '^ok    solution.lua: score 20.0/20.0' "$work/valid.txt" || fail "no full marks"
grep -q '^ok    heuristic of astar: tile_cost.lua is admissible on the tests' "$work/valid.txt" ||
  fail "admissibility not reported: $(cat "$work/valid.txt")"
grep -q '^ok    heuristic of astar: tile_cost.lua is consistent on the tests' "$work/valid.txt" ||
  fail "consistency not reported: $(cat "$work/valid.txt")"

# Export: the copy carries the heuristic, and check grades with it.
"$T" export assignments/tc copy >/dev/null
cmp "$work/tile_cost.lua" copy/tile_cost.lua || fail "the student copy lacks the heuristic"
"$T" check copy reference/tc/solution.lua >"$work/check.txt" 2>&1 ||
  { cat "$work/check.txt"; fail "check with the copy's heuristic failed"; }

# An overestimating heuristic, still called admissible: validate names a board and the amount.
sed -i 's/  return total/  return 3 * total/' assignments/tc/tile_cost.lua
"$T" expect assignments/tc >/dev/null
expect_exit 1 "$T" validate assignments/tc >"$work/invalid.txt" 2>&1
overestimate='^FAIL  heuristic of astar: tile_cost.lua is not admissible, though assignment.json'
overestimate+=' says "admissible": true: on board [0-9 ]+ \(on an optimal path of test [a-z0-9-]+\)'
overestimate+=' h = [0-9]+, but the cheapest path from there to the goal costs [0-9]+ \(tile cost\):'
overestimate+=' it overestimates by [0-9]+$'
grep -E "$overestimate" "$work/invalid.txt" >/dev/null ||
  fail "no overestimate named: $(cat "$work/invalid.txt")"
# Three times tile-cost Manhattan drops by 3k where moving tile k costs k: not consistent.
inconsistent='^FAIL  heuristic of astar: tile_cost.lua is not consistent, though assignment.json'
inconsistent+=' says "consistent": true: on board [0-9 ]+ \(on an optimal path of test [a-z0-9-]+\)'
inconsistent+=' h = [0-9]+, but the move (Up|Down|Left|Right) costs [0-9]+ \(tile cost\) and leaves'
inconsistent+=' h = [0-9]+: h drops by [0-9]+, [0-9]+ more than the move costs$'
grep -E "$inconsistent" "$work/invalid.txt" >/dev/null ||
  fail "no inconsistent move named: $(cat "$work/invalid.txt")"

# A declared equivalence naming no mistake of its task (a typo) is said, not silently ignored.
python3 - assignments/tc/assignment.json <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
task = next(t for t in spec["tasks"] if t["name"] == "astar")
task["equivalent"] = {"ties-lifoo": "a typo of the instructor's"}
json.dump(spec, open(sys.argv[1], "w"), indent=2)
PY
"$T" expect assignments/tc >/dev/null
expect_exit 1 "$T" validate assignments/tc >"$work/typo.txt" 2>&1
grep -q "^FAIL  equivalent of astar: declares 'ties-lifoo' equivalent, but no mistake of this task" \
  "$work/typo.txt" || fail "the unknown declared code is not said: $(cat "$work/typo.txt")"
echo "ok: instructor's Lua heuristic: expected answers, validate, admissibility, consistency," \
  "export, check"
