-- Meant: the notebook's astar_search, priority new_cost + heuristic(next).
-- Bug: the estimate is taken of `current` (the node expanded) instead of the child, so each child
-- is keyed by its own cost plus its parent's h.
local function less(a, b)
  if a[1] ~= b[1] then return a[1] < b[1] end
  local s, t = a[2], b[2]
  for i = 1, #s do
    if s[i] ~= t[i] then return s[i] < t[i] end
  end
  return false
end

function astar(problem)
  local frontier = {}
  heapq.push(frontier, { 0, problem.start }, less)
  local skey = problem:key(problem.start)
  local came_from, cost_so_far = { [skey] = false }, { [skey] = 0 }
  local reached = 1
  while #frontier > 0 do
    local current = heapq.pop(frontier, less)[2]
    local ckey = problem:key(current)
    if problem:is_goal(current) then
      local moves = {}
      while came_from[ckey] do
        moves[#moves + 1] = came_from[ckey].move
        ckey = came_from[ckey].from
      end
      local path = {}
      for i = #moves, 1, -1 do path[#path + 1] = moves[i] end
      return path, reached
    end
    for _, nxt in ipairs(problem:successors(current)) do
      local nkey = problem:key(nxt.state)
      local new_cost = cost_so_far[ckey] + nxt.cost
      if cost_so_far[nkey] == nil or new_cost < cost_so_far[nkey] then
        if cost_so_far[nkey] == nil then reached = reached + 1 end
        cost_so_far[nkey] = new_cost
        heapq.push(frontier, { new_cost + problem:h(current), nxt.state }, less)
        came_from[nkey] = { from = ckey, move = nxt.move }
      end
    end
  end
  return nil, reached
end
