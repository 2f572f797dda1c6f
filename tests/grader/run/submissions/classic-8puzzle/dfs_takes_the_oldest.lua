-- Mistake: frontier-queue. The "stack" is read with table.remove(stack, 1), the OLDEST node, so
-- this depth-first search runs as a breadth-first one.
function dfs(problem)
  local stack = { { state = problem.start, path = {} } }
  local visited = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack, 1)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local succ = problem:successors(node.state)
    for i = #succ, 1, -1 do
      if not visited[problem:key(succ[i].state)] then
        visited[problem:key(succ[i].state)] = true
        local path = { table.unpack(node.path) }
        path[#path + 1] = succ[i].move
        stack[#stack + 1] = { state = succ[i].state, path = path }
      end
    end
  end
  return nil, expanded
end
