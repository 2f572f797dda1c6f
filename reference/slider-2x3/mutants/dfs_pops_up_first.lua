-- Mistake: DFS pushes the successors in reverse, so they pop Up, Down, Left, Right; the
-- notebook's pattern puts them on the LIFO queue in that order, so Right pops first.
function dfs(problem)
  local function path_from(came_from, key)
    local moves = {}
    while came_from[key].parent do
      table.insert(moves, 1, came_from[key].move)
      key = came_from[key].parent
    end
    return moves
  end
  local came_from, count = { [problem:key(problem.start)] = {} }, 1
  local stack = { problem.start }
  while #stack > 0 do
    local current = table.remove(stack)
    local current_key = problem:key(current)
    if problem:is_goal(current) then return path_from(came_from, current_key), count end
    local children = problem:successors(current)
    for i = #children, 1, -1 do
      local key = problem:key(children[i].state)
      if not came_from[key] then
        came_from[key] = { parent = current_key, move = children[i].move }
        count = count + 1
        stack[#stack + 1] = children[i].state
      end
    end
  end
  return nil, count
end
