-- Mistake: frontier-stack, stopped by the clock. A breadth-first search that takes the newest
-- node (table.remove(t) takes the last) and copies each node's whole path, so that on the 8-puzzle
-- it wanders deep and runs out of time before it returns.
function bfs(problem)
  local frontier = { { state = problem.start, path = {} } }
  local reached = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #frontier > 0 do
    local node = table.remove(frontier)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, c in ipairs(problem:successors(node.state)) do
      local key = problem:key(c.state)
      if not reached[key] then
        reached[key] = true
        local path = {}
        for i = 1, #node.path do path[i] = node.path[i] end
        path[#path + 1] = c.move
        -- A slow habit: the path is checked move by move on every push.
        local s = problem.start
        for _ = 1, 40 do
          for i = 1, #path do s = s end
        end
        frontier[#frontier + 1] = { state = c.state, path = path }
      end
    end
  end
  return nil, expanded
end
