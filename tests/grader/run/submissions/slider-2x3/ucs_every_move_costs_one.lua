-- Mistake: cost-unit. The student kept the lecture's "+ 1" per move; in this lab moving tile k
-- costs k (child.cost says so).
local function before(a, b)
  if a.g ~= b.g then return a.g < b.g end
  for i = 1, #a.state do
    if a.state[i] ~= b.state[i] then return a.state[i] < b.state[i] end
  end
  return false
end

function ucs(problem)
  local open = { { g = 0, state = problem.start } }
  local start = problem:key(problem.start)
  local came_from, cost = { [start] = {} }, { [start] = 0 }
  local processed = 1
  while #open > 0 do
    local current = table.remove(open, 1)
    local key = problem:key(current.state)
    if problem:is_goal(current.state) then
      local path = {}
      while came_from[key].move do
        table.insert(path, 1, came_from[key].move)
        key = came_from[key].parent
      end
      return path, processed
    end
    for _, child in ipairs(problem:successors(current.state)) do
      local child_key = problem:key(child.state)
      local g = cost[key] + 1
      if cost[child_key] == nil or g < cost[child_key] then
        if came_from[child_key] == nil then processed = processed + 1 end
        cost[child_key] = g
        came_from[child_key] = { parent = key, move = child.move }
        local entry = { g = g, state = child.state }
        local at = #open + 1
        for i, other in ipairs(open) do
          if before(entry, other) then at = i; break end
        end
        table.insert(open, at, entry)
      end
    end
  end
  return nil, processed
end
