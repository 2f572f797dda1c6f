-- Mistake: BFS tests for the goal when a child is generated instead of when it is popped, so it
-- stops before reaching (and counting) the states the notebook's loop reaches first.
function bfs(problem)
  local function path_from(came_from, key)
    local moves = {}
    while came_from[key].parent do
      table.insert(moves, 1, came_from[key].move)
      key = came_from[key].parent
    end
    return moves
  end
  local start_key = problem:key(problem.start)
  local came_from = { [start_key] = {} }
  local reached = 1
  if problem:is_goal(problem.start) then return {}, reached end
  local queue, head = { problem.start }, 1
  while queue[head] do
    local current = queue[head]
    head = head + 1
    local current_key = problem:key(current)
    for _, child in ipairs(problem:successors(current)) do
      local key = problem:key(child.state)
      if not came_from[key] then
        came_from[key] = { parent = current_key, move = child.move }
        reached = reached + 1
        if problem:is_goal(child.state) then return path_from(came_from, key), reached end
        queue[#queue + 1] = child.state
      end
    end
  end
  return nil, reached
end
