-- Mistake: ties-lifo. A level-by-level BFS that takes each level's nodes with table.remove(level),
-- the newest first; the nodes of one depth must come off oldest first.
function bfs(problem)
  local level = { { state = problem.start, path = "" } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #level > 0 do
    local next_level = {}
    while #level > 0 do
      local node = table.remove(level)
      if problem:is_goal(node.state) then return node.path, expanded end
      expanded = expanded + 1
      for _, c in ipairs(problem:successors(node.state)) do
        local key = problem:key(c.state)
        if not seen[key] then
          seen[key] = true
          next_level[#next_level + 1] = { state = c.state, path = node.path .. c.move:sub(1, 1) }
        end
      end
    end
    level = next_level
  end
  return nil, expanded
end
