#!/usr/bin/env bash
# A diagnosis read from the student's own run points at the line of their file the call it is
# about was made from (issue 47 part 3): graded with two scripts written here, each with one
# mistake no variant of a correct search reproduces, the JSON report's diagnosis.step names the
# call and its line, and that line of the file holds that call; the text report and the HTML
# card say it. A breadth-first search that notes the goal when it pops it and searches on is
# named goal-tested-not-stopped, at its problem:is_goal line; an A* that gives each child the
# parent's h is named frontier-not-least-f, at its problem:successors line. The lines are found
# by a marker in the file, so editing the scripts keeps the test true. A claim about the returned
# path points at the `return` that gave it: a breadth-first search that returns its moves from
# the goal back to the start is named path-reversed, at its return line (diagnosis.line).
set -euo pipefail
. "$(dirname "$0")/lib/harness.sh"

cat > "$work/past_goal.lua" <<'LUA'
-- Breadth-first search that remembers the goal when it pops it, and goes on searching.
local function path_to(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, node.move)
    node = node.parent
  end
  return moves
end

function bfs(problem)
  local queue, head, tail = { { state = problem.start } }, 1, 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded, found = 0, nil
  while head <= tail do
    local node = queue[head]
    queue[head] = nil
    head = head + 1
    if not found and problem:is_goal(node.state) then found = node end  -- @goal-test
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do  -- @expand
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        tail = tail + 1
        queue[tail] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  if found then return path_to(found), expanded end
  return nil, expanded
end
LUA

cat > "$work/parent_h.lua" <<'LUA'
-- A* whose children are ranked by their own g and their parent's h.
local function path_to(node)
  local moves = {}
  while node.parent do
    table.insert(moves, 1, node.move)
    node = node.parent
  end
  return moves
end

local ORDER = { Up = 0, Down = 1, Left = 2, Right = 3 }
local function before(a, b)
  if a.f ~= b.f then return a.f < b.f end
  return a.order < b.order
end

function astar(problem)
  local heap = {}
  heapq.push(heap, { state = problem.start, g = 0, f = problem:h(problem.start), order = -1 },
             before)
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #heap > 0 do
    local node = heapq.pop(heap, before)
    if problem:is_goal(node.state) then return path_to(node), expanded end
    expanded = expanded + 1
    local parent_h = problem:h(node.state)
    for _, child in ipairs(problem:successors(node.state)) do  -- @expand
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        local g = node.g + child.cost
        heapq.push(heap, { state = child.state, parent = node, move = child.move, g = g,
                           f = g + parent_h, order = ORDER[child.move] }, before)
      end
    end
  end
  return nil, expanded
end
LUA

A=assignments/classic-8puzzle
# One test of each task: the search past the goal runs to the budget of 10,000 expansions.
for case in "past_goal bfs goal-tested-not-stopped problem:is_goal @goal-test" \
            "parent_h astar frontier-not-least-f problem:successors @expand"; do
  read -r script task code call marker <<< "$case"
  for format in json text html; do
    expect_exit 1 $T grade $A "$work/$script.lua" --task "$task" --test published-2 \
      --format $format > "$work/$script.$format"
  done
  python3 - "$work/$script" "$code" "$call" "$marker" <<'PY' || check_failed "$script: see above"
import html, json, sys
base, code, call, marker = sys.argv[1:]
lines = open(base + ".lua").read().split("\n")
wanted = next(i + 1 for i, text in enumerate(lines) if marker in text)
report = json.load(open(base + ".json"))
named = [t for t in report["tests"]
         if t.get("extra_data", {}).get("diagnosis", {}).get("code") == code]
if not named:
    sys.exit("no test named %s: %s" % (code, [t.get("extra_data", {}).get("diagnosis", {})
                                              .get("code") for t in report["tests"]]))
text = open(base + ".text").read()
page = html.unescape(open(base + ".html").read())
for test in named:
    step = test["extra_data"]["diagnosis"]["step"]
    if step.get("call") != call or step.get("line") != wanted:
        sys.exit("%s: step names %s at line %s; wanted %s at line %d (%r)" %
                 (test["name"], step.get("call"), step.get("line"), call, wanted,
                  lines[wanted - 1]))
    if call.split(":")[1] + "(" not in lines[step["line"] - 1]:
        sys.exit("line %d of the file holds no %s call" % (step["line"], call))
    said = "your call of %s at line %d of your file." % (call, wanted)
    if said not in text:
        sys.exit("the text report does not say %r" % said)
    if said not in page:
        sys.exit("the HTML report does not say %r" % said)
PY
done

cat > "$work/reversed.lua" <<'LUA'
-- Breadth-first search that lists its moves from the goal back to the start.
function bfs(problem)
  local queue, head = { { state = problem.start } }, 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while queue[head] do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then
      local moves = {}
      while node.parent do
        table.insert(moves, node.move)
        node = node.parent
      end
      return moves, expanded  -- @return
    end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        queue[#queue + 1] = { state = child.state, parent = node, move = child.move }
      end
    end
  end
  return nil, expanded
end
LUA
for format in json text html; do
  expect_exit 1 $T grade $A "$work/reversed.lua" --task bfs --format $format \
    > "$work/reversed.$format"
done
python3 - "$work/reversed" <<'PY' || check_failed "reversed: see above"
import html, json, sys
base = sys.argv[1]
lines = open(base + ".lua").read().split("\n")
wanted = next(i + 1 for i, text in enumerate(lines) if "@return" in text)
report = json.load(open(base + ".json"))
named = [t for t in report["tests"]
         if t.get("extra_data", {}).get("diagnosis", {}).get("code") == "path-reversed"]
if not named:
    sys.exit("no test named path-reversed: %s" % [t.get("extra_data", {}).get("diagnosis", {})
                                                  .get("code") for t in report["tests"]])
said = "The path named here is the one your search returned at line %d of your file." % wanted
for test in named:
    line = test["extra_data"]["diagnosis"].get("line")
    if line != wanted:
        sys.exit("%s: diagnosis.line is %s, wanted %d" % (test["name"], line, wanted))
text = open(base + ".text").read()
if text.count(said) != len(named):
    sys.exit("the text report says %r %d times for %d tests" % (said, text.count(said), len(named)))
if said not in html.unescape(open(base + ".html").read()):
    sys.exit("the HTML report does not say %r" % said)
PY
