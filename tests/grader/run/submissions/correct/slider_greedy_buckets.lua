-- Correct, unusual style: greedy best-first search with a bucket queue (one list per value of h,
-- each kept sorted by the tiles) instead of a heap; (h, tiles) is a total order, so it pops what
-- the lab's priority queue pops. The count is the lab's: every state reached, the start included.
local function tiles_before(a, b)
  for i = 1, #a do
    if a[i] ~= b[i] then return a[i] < b[i] end
  end
  return false
end

function greedy(problem)
  local buckets, lowest, highest = {}, math.huge, -1
  local function put(state)
    local h = problem:h(state)
    buckets[h] = buckets[h] or {}
    local bucket = buckets[h]
    local at = #bucket + 1
    for i, other in ipairs(bucket) do
      if tiles_before(state, other) then at = i; break end
    end
    table.insert(bucket, at, state)
    lowest, highest = math.min(lowest, h), math.max(highest, h)
  end
  local function take()
    while lowest <= highest do
      local bucket = buckets[lowest]
      if bucket and #bucket > 0 then return table.remove(bucket, 1) end
      lowest = lowest + 1
    end
  end

  local came_from = { [problem:key(problem.start)] = {} }
  local reached = 1
  put(problem.start)
  local state = take()
  while state do
    local key = problem:key(state)
    if problem:is_goal(state) then
      local path = {}
      while came_from[key].move do
        table.insert(path, 1, came_from[key].move)
        key = came_from[key].parent
      end
      return path, reached
    end
    for _, child in ipairs(problem:successors(state)) do
      local child_key = problem:key(child.state)
      if not came_from[child_key] then
        came_from[child_key] = { parent = key, move = child.move }
        reached = reached + 1
        put(child.state)
      end
    end
    state = take()
  end
  return nil, reached
end
