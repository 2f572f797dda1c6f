-- Meant: the same loop as bfs with a stack (the last pushed popped first).
-- Bug: the "stack" is read from the front with a moving head index, copied from the bfs, so it
-- takes the oldest node: the search is breadth first.
function dfs(problem)
  local stack = { problem.start }
  local head = 1
  local came_from = { [problem:key(problem.start)] = "root" }
  local count = 1
  while head <= #stack do
    local current = stack[head]
    head = head + 1
    local key = problem:key(current)
    if problem:is_goal(current) then
      local path = {}
      while came_from[key] ~= "root" do
        table.insert(path, 1, came_from[key].move)
        key = came_from[key].parent
      end
      return path, count
    end
    for _, nxt in ipairs(problem:successors(current)) do
      local k = problem:key(nxt.state)
      if not came_from[k] then
        came_from[k] = { parent = key, move = nxt.move }
        count = count + 1
        stack[#stack + 1] = nxt.state
      end
    end
  end
  return nil, count
end
