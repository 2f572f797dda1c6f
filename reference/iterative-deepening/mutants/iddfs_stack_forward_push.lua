-- Mistake: IDDFS with an explicit stack, pushing the children in action order, so that they pop
-- Right, Left, Down, Up: the search goes down the last move first. Recursion, or pushing in
-- reverse, searches them Up, Down, Left, Right.

local function copy(list)
  local out = {}
  for i = 1, #list do out[i] = list[i] end
  return out
end

-- An explicit stack instead of recursion. Each entry keeps its state, depth, moves and the keys
-- of the states on its path.
local function depth_limited(problem, limit, stats)
  local start_key = problem:key(problem.start)
  local stack = { { state = problem.start, depth = 0, moves = {}, path = { [start_key] = true } } }
  local cutoff = false
  while #stack > 0 do
    local node = table.remove(stack)
    if problem:is_goal(node.state) then return node.moves end
    if node.depth == limit then
      cutoff = true
    else
      stats.expanded = stats.expanded + 1
      for _, child in ipairs(problem:successors(node.state)) do
        local key = problem:key(child.state)
        if not node.path[key] then
          local path = {}
          for k in pairs(node.path) do path[k] = true end
          path[key] = true
          local moves = copy(node.moves)
          moves[#moves + 1] = child.move
          stack[#stack + 1] = { state = child.state, depth = node.depth + 1, moves = moves,
                                path = path }
        end
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
    local result = depth_limited(problem, depth, stats)
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
      if next_f < smallest then smallest = next_f end
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
