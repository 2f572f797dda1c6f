-- Mistake: each round's next bound is the first f above the bound that the search met, not the
-- smallest. With Manhattan distance every f cut off is the bound plus two, so the first is the
-- smallest and the idastar task cannot tell; with misplaced tiles (idastar-misplaced) a round can
-- cut off f values one and two above its bound, and the first met need not be the smaller.

local function copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

-- Returns the moves to the goal, "cutoff" when the limit stopped some branch, or nil.
local function depth_limited(problem, state, limit, on_path, moves, stats)
  if problem:is_goal(state) then return copy(moves) end
  if limit == 0 then return "cutoff" end
  stats.expanded = stats.expanded + 1
  local cutoff = false
  for _, child in ipairs(problem:successors(state)) do
    local key = problem:key(child.state)
    if not on_path[key] then
      on_path[key] = true
      moves[#moves + 1] = child.move
      local result = depth_limited(problem, child.state, limit - 1, on_path, moves, stats)
      moves[#moves] = nil
      on_path[key] = nil
      if result == "cutoff" then
        cutoff = true
      elseif result then
        return result
      end
    end
  end
  if cutoff then return "cutoff" end
  return nil
end

function iddfs(problem)
  local stats = { expanded = 0 }
  local depth = 0
  while true do
    local on_path = { [problem:key(problem.start)] = true }
    local result = depth_limited(problem, problem.start, depth, on_path, {}, stats)
    if result ~= "cutoff" then return result, stats.expanded end
    depth = depth + 1
  end
end

-- Returns the moves to the goal, or the smallest f above the bound (math.huge when none).
local function bounded(problem, state, g, bound, on_path, moves, stats)
  local f = g + problem:h(state)
  if f > bound then return nil, f end
  if problem:is_goal(state) then return copy(moves) end
  stats.expanded = stats.expanded + 1
  local smallest = math.huge
  for _, child in ipairs(problem:successors(state)) do
    local key = problem:key(child.state)
    if not on_path[key] then
      on_path[key] = true
      moves[#moves + 1] = child.move
      local found, next_f = bounded(problem, child.state, g + child.cost, bound, on_path, moves,
                                    stats)
      moves[#moves] = nil
      on_path[key] = nil
      if found then return found end
      if smallest == math.huge then smallest = next_f end
    end
  end
  return nil, smallest
end

function idastar(problem)
  local stats = { expanded = 0 }
  local bound = problem:h(problem.start)
  while true do
    local on_path = { [problem:key(problem.start)] = true }
    local found, next_bound = bounded(problem, problem.start, 0, bound, on_path, {}, stats)
    if found then return found, stats.expanded end
    if next_bound == math.huge then return nil, stats.expanded end
    bound = next_bound
  end
end
