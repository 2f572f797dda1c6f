-- Meant: greedy best-first search, each child pushed with priority h(child), ties by the tiles.
-- Bug: the priority is computed as problem:h(current), the node being expanded, so every child is
-- keyed by its PARENT's estimate: the queue is not ordered by the children's own h.
local function tiles_less(s, t)
  for i = 1, #s do
    if s[i] ~= t[i] then return s[i] < t[i] end
  end
  return false
end

local function less(a, b)
  if a.h ~= b.h then return a.h < b.h end
  return tiles_less(a.state, b.state)
end

function greedy(problem)
  local pq = {}
  heapq.push(pq, { h = problem:h(problem.start), state = problem.start }, less)
  local came_from = { [problem:key(problem.start)] = { start = true } }
  local processed = 1
  while #pq > 0 do
    local current = heapq.pop(pq, less).state
    local key = problem:key(current)
    if problem:is_goal(current) then
      local path = {}
      while not came_from[key].start do
        table.insert(path, 1, came_from[key].move)
        key = came_from[key].from
      end
      return path, processed
    end
    for _, nb in ipairs(problem:successors(current)) do
      local nk = problem:key(nb.state)
      if not came_from[nk] then
        came_from[nk] = { from = key, move = nb.move }
        processed = processed + 1
        heapq.push(pq, { h = problem:h(current), state = nb.state }, less)
      end
    end
  end
  return nil, processed
end
