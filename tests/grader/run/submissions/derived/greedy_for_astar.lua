-- Mistake: priority-h-only, on a task that checks only the path. "A*" ordering its frontier by
-- the Manhattan distance alone, with a closed set and equal estimates taken oldest first.
function astar(problem)
  local frontier = { { state = problem.start, path = {}, h = problem:h(problem.start) } }
  local closed = {}
  local expanded = 0
  while #frontier > 0 do
    local node = table.remove(frontier, 1)
    local key = problem:key(node.state)
    if not closed[key] then
      if problem:is_goal(node.state) then return node.path, expanded end
      closed[key] = true
      expanded = expanded + 1
      for _, c in ipairs(problem:successors(node.state)) do
        if not closed[problem:key(c.state)] then
          local path = { table.unpack(node.path) }
          path[#path + 1] = c.move
          local child = { state = c.state, path = path, h = problem:h(c.state) }
          local at = #frontier + 1
          while at > 1 and frontier[at - 1].h > child.h do at = at - 1 end
          table.insert(frontier, at, child)
        end
      end
    end
  end
  return nil, expanded
end
