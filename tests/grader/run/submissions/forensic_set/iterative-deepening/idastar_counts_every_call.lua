-- Meant: IDA*, counting the nodes of every round.
-- Bug: the count goes up at the top of the recursive function, before the bound check, so it
-- counts every node reached (the ones cut off and the goal included), not the nodes expanded.
local calls = 0

local function contour(problem, state, g, bound, on_path, moves)
  calls = calls + 1
  local f = g + problem:h(state)
  if f > bound then return nil, f end
  if problem:is_goal(state) then return moves, f end
  local min_over = math.huge
  for _, c in ipairs(problem:successors(state)) do
    local k = problem:key(c.state)
    if not on_path[k] then
      on_path[k] = true
      local m = { table.unpack(moves) }
      m[#m + 1] = c.move
      local found, over = contour(problem, c.state, g + c.cost, bound, on_path, m)
      on_path[k] = nil
      if found then return found, over end
      if over < min_over then min_over = over end
    end
  end
  return nil, min_over
end

function idastar(problem)
  calls = 0
  local bound = problem:h(problem.start)
  while true do
    local found, over = contour(problem, problem.start, 0, bound,
                                { [problem:key(problem.start)] = true }, {})
    if found then return found, calls end
    if over == math.huge then return nil, calls end
    bound = over
  end
end
