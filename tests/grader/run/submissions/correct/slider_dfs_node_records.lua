-- Correct: slider-2x3's DFS with node records that link to their parent node, a stack fed with
-- table.insert and emptied with table.remove, and a set of the keys ever pushed.
local Node = {}
Node.__index = Node

function Node.new(state, parent, move)
  return setmetatable({ state = state, parent = parent, move = move }, Node)
end

function Node:moves()
  local out, node = {}, self
  while node.parent do
    table.insert(out, 1, node.move)
    node = node.parent
  end
  return out
end

function dfs(problem)
  local pushed = { [problem:key(problem.start)] = true }
  local discovered = 1
  local stack = { Node.new(problem.start) }
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return node:moves(), discovered end
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not pushed[key] then
        pushed[key] = true
        discovered = discovered + 1
        table.insert(stack, Node.new(child.state, node, child.move))
      end
    end
  end
  return nil, discovered
end
