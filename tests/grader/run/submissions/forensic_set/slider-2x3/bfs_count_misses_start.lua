-- Meant: return len(came_from), the states reached, kept as a running count to avoid counting
-- the keys of the table at the end.
-- Bug: the count starts at 0 and goes up for each new child, but the start, which is in
-- came_from too, is never counted: one too few.
function bfs(problem)
  local queue = { problem.start }
  local came_from = {}
  came_from[problem:key(problem.start)] = { none = true }
  local processed = 0
  local i = 1
  while i <= #queue do
    local cur = queue[i]
    i = i + 1
    local ck = problem:key(cur)
    if problem:is_goal(cur) then
      local path = ""
      while not came_from[ck].none do
        path = came_from[ck].m .. path
        ck = came_from[ck].p
      end
      return path, processed
    end
    for _, c in ipairs(problem:successors(cur)) do
      local k = problem:key(c.state)
      if came_from[k] == nil then
        came_from[k] = { p = ck, m = c.move:sub(1, 1) }
        processed = processed + 1
        queue[#queue + 1] = c.state
      end
    end
  end
  return nil, processed
end
