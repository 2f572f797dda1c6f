-- Correct, unusual style: DFS by recursion instead of a stack. Each call marks all its new
-- children at once (as pushing them would), then visits them in Up, Down, Left, Right order,
-- testing each for the goal when it is reached (as popping it would).
function dfs(problem)
  local marked = { [problem:key(problem.start)] = true }
  local expanded = 0
  local path = {}

  local function visit(state)
    if problem:is_goal(state) then return true end
    expanded = expanded + 1
    local fresh = {}
    for _, s in ipairs(problem:successors(state)) do
      local k = problem:key(s.state)
      if not marked[k] then
        marked[k] = true
        fresh[#fresh + 1] = s
      end
    end
    for _, s in ipairs(fresh) do
      path[#path + 1] = s.move
      if visit(s.state) then return true end
      path[#path] = nil
    end
    return false
  end

  if visit(problem.start) then return path, expanded end
  return nil, expanded
end
