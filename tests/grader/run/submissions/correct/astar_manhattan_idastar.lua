-- Correct, unusual style: IDA* instead of A* (the handout accepts any optimal path): a recursive
-- depth-first search bounded by f = g + h, the bound raised to the smallest f that exceeded it.
function astar(problem)
  local path, on_path = {}, { [problem:key(problem.start)] = true }
  local expanded = 0

  local function search(state, g, bound)
    local f = g + problem:h(state)
    if f > bound then return false, f end
    if problem:is_goal(state) then return true, f end
    expanded = expanded + 1
    local smallest = math.huge
    for _, s in ipairs(problem:successors(state)) do
      local key = problem:key(s.state)
      if not on_path[key] then
        on_path[key] = true
        path[#path + 1] = s.move
        local found, next_bound = search(s.state, g + s.cost, bound)
        if found then return true, next_bound end
        path[#path] = nil
        on_path[key] = nil
        smallest = math.min(smallest, next_bound)
      end
    end
    return false, smallest
  end

  local bound = problem:h(problem.start)
  while true do
    local found, next_bound = search(problem.start, 0, bound)
    if found then return path, expanded end
    if next_bound == math.huge then return nil, expanded end
    bound = next_bound
  end
end
