-- Mistake: push-order-reverse. Copied the DFS loop that walks the children backwards into BFS.
function bfs(problem)
  local queue = { { state = problem.start, path = "" } }
  local first = 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while queue[first] do
    local node = queue[first]
    first = first + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    for i = #children, 1, -1 do
      local c = children[i]
      if not seen[problem:key(c.state)] then
        seen[problem:key(c.state)] = true
        queue[#queue + 1] = { state = c.state, path = node.path .. c.move:sub(1, 1) }
      end
    end
  end
  return nil, expanded
end
