-- Mistake: frontier-not-oldest-first. The frontier is kept sorted by depth with table.sort, which
-- is not stable: nodes of one depth come out in whatever order the sort leaves them, not in the
-- order they were generated.
function bfs(problem)
  local frontier = { { state = problem.start, depth = 0, path = "" } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #frontier > 0 do
    local node = table.remove(frontier, 1)
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        frontier[#frontier + 1] = { state = child.state, depth = node.depth + 1,
                                    path = node.path .. child.move:sub(1, 1) }
      end
    end
    table.sort(frontier, function(a, b) return a.depth < b.depth end)
  end
  return nil, expanded
end
