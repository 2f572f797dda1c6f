-- Mistake: ties-fifo. A sorted open list where a new node goes AFTER the nodes of equal f, so
-- ties come out oldest first; this assignment takes the newest first.
function astar(problem)
  local open = { { state = problem.start, g = 0, f = problem:h(problem.start), path = "" } }
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #open > 0 do
    local node = table.remove(open, 1)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not marked[key] then
        marked[key] = true
        local g = node.g + child.cost
        local entry = { state = child.state, g = g, f = g + problem:h(child.state),
                        path = node.path .. child.move:sub(1, 1) }
        local at = #open + 1
        for i = 1, #open do
          if entry.f < open[i].f then at = i; break end
        end
        table.insert(open, at, entry)
      end
    end
  end
  return nil, expanded
end
