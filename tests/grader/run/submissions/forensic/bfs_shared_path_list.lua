-- Mistake: a path that is no branch of the search (path-revisits-board, path-longer-than-search
-- or path-move-never-generated, whichever the board shows first). Every child is given its
-- parent's path table itself, not a copy, so one list collects the moves of every branch the
-- search pushed.
function bfs(problem)
  local queue, head = { { state = problem.start, path = {} } }, 1
  local seen = { [problem:key(problem.start)] = true }
  local expanded = 0
  while head <= #queue do
    local node = queue[head]
    head = head + 1
    if problem:is_goal(node.state) then return node.path, expanded end
    expanded = expanded + 1
    for _, child in ipairs(problem:successors(node.state)) do
      local key = problem:key(child.state)
      if not seen[key] then
        seen[key] = true
        local path = node.path
        path[#path + 1] = child.move
        queue[#queue + 1] = { state = child.state, path = path }
      end
    end
  end
  return nil, expanded
end
