-- Mistake: a path that is no branch of the search (path-revisits-board, path-longer-than-search
-- or path-move-never-generated, whichever the board shows first). The path is kept in one table
-- for the whole search: each push appends its move, and nothing is ever taken off.
function dfs(problem)
  local path = {}
  local stack = { { state = problem.start } }
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return path, expanded end
    expanded = expanded + 1
    local children = problem:successors(node.state)
    for i = #children, 1, -1 do
      local child = children[i]
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        path[#path + 1] = child.move
        stack[#stack + 1] = { state = child.state }
      end
    end
  end
  return nil, expanded
end
