-- Mistake: depth-limit-off-by-one. "Nothing deeper than 60" written as depth <= 60 before the
-- push: children at depth 61 still go onto the stack.
local MAX_DEPTH = 60

function dfs(problem)
  local stack = { { state = problem.start, path = {}, depth = 0 } }
  local visited = {}
  local steps = 0
  while #stack > 0 do
    local node = table.remove(stack)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] and node.depth <= MAX_DEPTH then
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        stack[#stack + 1] = { state = child.state, path = path, depth = node.depth + 1 }
      end
    end
  end
  return nil, steps
end
