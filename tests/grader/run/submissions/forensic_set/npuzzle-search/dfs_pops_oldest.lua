-- Meant: the notebook's DFS with a Python list used as a stack (stack.pop()).
-- Bug: the student translated `stack.pop(0)` from an example they had seen and wrote
-- table.remove(stack, 1), which takes the OLDEST entry: the "stack" is a queue and the search is
-- breadth first.
function dfs(problem)
  local stack = { { state = problem.start, path = {} } }
  local visited = {}
  local steps = 0
  while #stack > 0 do
    local node = table.remove(stack, 1)
    steps = steps + 1
    if problem:is_goal(node.state) then return node.path, steps end
    visited[problem:key(node.state)] = true
    for _, child in ipairs(problem:successors(node.state)) do
      if not visited[problem:key(child.state)] and #node.path < 60 then
        local path = { table.unpack(node.path) }
        path[#path + 1] = child.move
        stack[#stack + 1] = { state = child.state, path = path }
      end
    end
  end
  return nil, steps
end
