-- Mistake: a path that is no branch of the search (as bfs_shared_path_list.lua). A*, right but
-- for the path: each child appends its move to its parent's list itself (table.insert on
-- node.path), so siblings and cousins share moves.
function astar(problem, h)
  local open = { { state = problem.start, g = 0, f = h(problem.start), path = {}, order = 0 } }
  local best = { [problem:key(problem.start)] = 0 }
  local closed = {}
  local pushed = 0
  local expanded = 0
  while #open > 0 do
    local at = 1
    for i = 2, #open do
      local a, b = open[i], open[at]
      if a.f < b.f or (a.f == b.f and a.order < b.order) then at = i end
    end
    local node = table.remove(open, at)
    local key = problem:key(node.state)
    if not closed[key] then
      closed[key] = true
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        local child_key = problem:key(child.state)
        local g = node.g + child.cost
        if not closed[child_key] and (best[child_key] == nil or g < best[child_key]) then
          best[child_key] = g
          pushed = pushed + 1
          local path = node.path
          table.insert(path, child.move)
          open[#open + 1] = { state = child.state, g = g, f = g + h(child.state), path = path,
                              order = pushed }
        end
      end
    end
  end
  return nil, expanded
end
