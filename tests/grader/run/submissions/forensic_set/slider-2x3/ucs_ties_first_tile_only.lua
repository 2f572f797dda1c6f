-- Meant: order the queue as Python orders (priority, state_tuple): by priority, then by the
-- tiles one by one.
-- Bug: the tie-break compares only the FIRST tile (s[1]); boards that share their first tile are
-- not ordered at all, so it is not lexicographic over the tiles and ties come out as the heap
-- happens to leave them.
local function less(a, b)
  if a.cost ~= b.cost then return a.cost < b.cost end
  return a.state[1] < b.state[1]
end

function ucs(problem)
  local heap = {}
  local start_key = problem:key(problem.start)
  heapq.push(heap, { cost = 0, state = problem.start }, less)
  local came_from = { [start_key] = { } }
  local cost_so_far = { [start_key] = 0 }
  local n = 1
  while #heap > 0 do
    local entry = heapq.pop(heap, less)
    local key = problem:key(entry.state)
    if problem:is_goal(entry.state) then
      local path = {}
      while came_from[key].parent do
        table.insert(path, 1, came_from[key].move)
        key = came_from[key].parent
      end
      return path, n
    end
    for _, child in ipairs(problem:successors(entry.state)) do
      local k = problem:key(child.state)
      local new_cost = cost_so_far[key] + child.cost
      if not cost_so_far[k] or new_cost < cost_so_far[k] then
        if not came_from[k] then n = n + 1 end
        cost_so_far[k] = new_cost
        came_from[k] = { parent = key, move = child.move }
        heapq.push(heap, { cost = new_cost, state = child.state }, less)
      end
    end
  end
  return nil, n
end
